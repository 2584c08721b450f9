package dev.dynalens.domain.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.design.DesignSamples;
import dev.dynalens.domain.design.Designer;
import dev.dynalens.domain.design.PatternRequests;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.domain.design.ProofPlan;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.workspace.WorkspaceSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import dev.dynalens.usecase.LoadIntoTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The code a pattern opens as, in every language, run against dynalite: the online shop's design is created and its
 * samples loaded, and each pattern's GetItem or Query, with parameters from the samples, must be accepted as it is
 * written (a wrong placeholder, type or key name ends in a ValidationException).
 */
@ExtendWith(DynamoEndpointExtension.class)
class GeneratedReadCodeIT {
    @TempDir
    Path workDir;

    @ParameterizedTest
    @EnumSource(Language.class)
    void everyPatternsRequest_runsAsWritten(Language language, TestEndpoint endpoint, DynamoSession session) throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/online-shop.yaml"))));
        var table = endpoint.uniqueTableName("reads-" + language.optionValue());
        var source = new WorkspaceSession(DesignSamples.workspace(design, table), Runnable::run);
        new LoadIntoTable().start(new LoadIntoTable.Request(source, table, WriteGuard.protect(session), table, true), WriteConfirmer.NONE,
                p -> { }).result().get(60, TimeUnit.SECONDS);
        var snippets = new ArrayList<String>();
        for (var pattern : design.accessPatterns()) {
            var spec = design.patternSpec(pattern.name()).orElseThrow();
            var probe = ProofPlan.probes(spec, design.samplesByEntity()).getFirst();
            snippets.add(CodeGenerators.generate(language, PatternRequests.code(table, pattern, probe.parameters())));
        }

        var outcomes = SnippetRunner.forLanguage(language).run(snippets, endpoint.endpoint(), workDir);

        assertThat(outcomes).hasSize(design.accessPatterns().size()).containsOnly("ok");
    }
}
