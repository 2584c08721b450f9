package dev.dynalens.usecase;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.design.Designer;
import dev.dynalens.domain.design.PatternsReader;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The proof on dynalite: each named pattern set's design is created as a table with its GSIs, its samples loaded
 * over HTTP, and every pattern's request sent through the SDK; every pattern must pass. The sets hold a few dozen
 * sample items each, so the whole class takes seconds.
 */
@ExtendWith(DynamoEndpointExtension.class)
class ProveDesignIT {
    @ParameterizedTest
    @ValueSource(strings = {"shop-orders", "online-shop", "saas-tracker", "leaderboard", "iot-device-log"})
    void everyPatternOfTheDesign_passesOnDynalite(String name, TestEndpoint endpoint, DynamoSession session) throws Exception {
        var design = Designer.design(PatternsReader.read(Files.readString(Path.of("samples/patterns/" + name + ".yaml"))));
        var table = endpoint.uniqueTableName("Design");

        var proof = new ProveDesign().start(design, WriteGuard.protect(session), table, WriteConfirmer.NONE, p -> { })
                .result().get(120, TimeUnit.SECONDS);

        assertThat(proof.load().written()).isEqualTo(design.samples().size());
        assertThat(proof.patterns().stream().filter(p -> !p.passed()).map(p -> p.pattern() + ": " + p.problem())
                .collect(Collectors.joining("\n"))).isEmpty();
        assertThat(proof.patterns()).hasSize(design.accessPatterns().size()).allSatisfy(p -> assertThat(p.items()).isPositive());
        assertThat(proof.valid()).isTrue();
    }
}
