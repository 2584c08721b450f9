package dev.dynalens.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The borders of docs/architecture.md inside the app module, checked on every build (the domain's own purity is
 * checked in the domain module, and its border by the build: the domain does not depend on the app). The rules run as ordinary parameterized
 * Jupiter tests so that each one is counted and reported by Surefire.
 */
class ArchitectureTest {
    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar")) // the domain's test fixtures
                .importPackages("dev.dynalens");
    }

    static final ArchRule onlyServiceAwsTouchesTheSdk = noClasses().that().resideOutsideOfPackages("dev.dynalens.service.aws..",
                    "dev.dynalens.export.s3..")
            .should().dependOnClassesThat().resideInAPackage("software.amazon..")
            .because("service.aws is the only home of software.amazon.* in the app (the export module's S3 reader is export.s3)");

    static final ArchRule onlyUiTouchesJavaFx = noClasses().that().resideOutsideOfPackage("dev.dynalens.ui..")
            .and().doNotHaveFullyQualifiedName("dev.dynalens.App")
            .should().dependOnClassesThat().resideInAPackage("javafx..")
            .because("only the ui package (and the App composition root) imports javafx.*");

    static final ArchRule serviceKnowsNoUiOrCli = noClasses().that().resideInAPackage("dev.dynalens.service..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.dynalens.ui..", "dev.dynalens.cli..");

    static final ArchRule uiAndCliUsePortsNotTheSdkAdapter = noClasses().that()
            .resideInAnyPackage("dev.dynalens.ui..", "dev.dynalens.cli..", "dev.dynalens.domain..")
            .should().dependOnClassesThat().resideInAPackage("dev.dynalens.service.aws..")
            .because("only the composition root (App, Launcher) wires the AWS adapter");

    static final ArchRule viewModelsTouchNoScene = noClasses().that().haveSimpleNameEndingWith("ViewModel")
            .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "javafx.fxml..",
                    "javafx.application..")
            .because("view models use only javafx.beans and javafx.collections, so they test without a toolkit");

    /** The long-running engines a use case drives; the app and the command line start use cases instead. */
    private static final String[] ENGINES = {
            "dev.dynalens.domain.staleness.RuleInference", "dev.dynalens.domain.staleness.StalenessDetector",
            "dev.dynalens.service.fanout.FanoutRunner", "dev.dynalens.service.fanout.FanoutJournal",
            "dev.dynalens.service.change.ChangeRunner", "dev.dynalens.service.change.ChangeJournal", "dev.dynalens.service.change.UndoFile",
            "dev.dynalens.service.load.TableLoader", "dev.dynalens.service.transfer.TableExporter",
            "dev.dynalens.service.transfer.TableImporter", "dev.dynalens.service.job.Pager",
            "dev.dynalens.service.editing.StagedCommitter", "dev.dynalens.service.job.BatchHandOff", "dev.dynalens.service.sql.SqlEngine",
            "dev.dynalens.domain.inference.Analyzer"};

    static final ArchRule adaptersStartUseCases = noClasses().that().resideInAnyPackage("dev.dynalens.ui..", "dev.dynalens.cli..")
            .should().dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.describe("an engine a use case drives",
                    (com.tngtech.archunit.core.domain.JavaClass c) -> java.util.Arrays.asList(ENGINES).contains(c.getFullName())))
            .because("the app and the command line gather input and start a use case (dev.dynalens.usecase); the use case drives "
                    + "rule inference, detection, fan-outs, bulk changes and their journals, loaders, exporters, importers, the pager, the file hand-off "
                    + "and commits, the SQL engine, the analyzer (an adapter names items through a use case's EntityNaming)");

    static final ArchRule adaptersBuildNoRawReads = noClasses().that().resideInAnyPackage("dev.dynalens.ui..", "dev.dynalens.cli..")
            .should().callConstructorWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                    com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
                            com.tngtech.archunit.base.DescribedPredicate.describe("a Scan or Query request",
                                    (com.tngtech.archunit.core.domain.JavaClass c) -> c.isAssignableTo(dev.dynalens.domain.table.ReadRequest.class)))))
            .orShould().callMethod(dev.dynalens.domain.table.ReadRequest.class, "withExclusiveStartKey", java.util.Map.class)
            .because("reads are built and paged by the use cases (RunQuery, AnalyzeTable, FindStaleCopies, LoadIntoTable, ExportTable)");

    private static final java.util.Set<String> WRITES = java.util.Set.of("putItem", "deleteItem", "batchPut", "write", "transactWrite",
            "createTable", "deleteTable", "updateContinuousBackups");

    static final ArchRule adaptersWriteThroughUseCases = noClasses().that().resideInAnyPackage("dev.dynalens.ui..", "dev.dynalens.cli..")
            .should().callMethodWhere(com.tngtech.archunit.base.DescribedPredicate.describe("a write of the DynamoSession port",
                    (com.tngtech.archunit.core.domain.JavaMethodCall call) -> call.getTarget().getOwner().isAssignableTo(dev.dynalens.service.DynamoSession.class)
                            && WRITES.contains(call.getTarget().getName())))
            .because("every write goes through a use case, which confirms it with the write guard first");

    static final ArchRule uiOpensExportsThroughTheUseCase = noClasses().that().resideInAPackage("dev.dynalens.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.dynalens.service.export..", "dev.dynalens.export..")
            .because("the app opens a table's export with the OpenExport use case, off the FX thread, and then knows it as a "
                    + "DynamoSession like any table");

    static final ArchRule cliKnowsNoUi = noClasses().that().resideInAPackage("dev.dynalens.cli..")
            .should().dependOnClassesThat().resideInAPackage("dev.dynalens.ui..")
            .because("the command line and the app are two adapters over the same use cases");

    static final ArchRule useCasesKnowNoAdapters = noClasses().that().resideInAPackage("dev.dynalens.usecase..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.dynalens.ui..", "dev.dynalens.cli..", "javafx..", "picocli..")
            .because("a use case is shared by the app and the command line");

    static final ArchRule serviceKnowsNoUseCase = noClasses().that().resideInAPackage("dev.dynalens.service..")
            .should().dependOnClassesThat().resideInAPackage("dev.dynalens.usecase..")
            .because("use cases are built from services, not the other way round");

    static final ArchRule noPackageCycles = slices().matching("dev.dynalens.(**)").should().beFreeOfCycles();

    static Stream<Arguments> rules() {
        return Stream.of(
                Arguments.of("only service.aws touches the SDK", onlyServiceAwsTouchesTheSdk),
                Arguments.of("only ui touches JavaFX", onlyUiTouchesJavaFx),
                Arguments.of("service knows no ui or cli", serviceKnowsNoUiOrCli),
                Arguments.of("ui and cli use ports, not the SDK adapter", uiAndCliUsePortsNotTheSdkAdapter),
                Arguments.of("view models touch no scene graph", viewModelsTouchNoScene),
                Arguments.of("ui and cli start use cases, not engines", adaptersStartUseCases),
                Arguments.of("ui and cli build no raw Scan or Query and page nothing by hand", adaptersBuildNoRawReads),
                Arguments.of("ui and cli write only through use cases", adaptersWriteThroughUseCases),
                Arguments.of("ui opens exports through the use case", uiOpensExportsThroughTheUseCase),
                Arguments.of("cli knows no ui", cliKnowsNoUi),
                Arguments.of("use cases know no adapter", useCasesKnowNoAdapters),
                Arguments.of("service knows no use case", serviceKnowsNoUseCase),
                Arguments.of("no package cycles", noPackageCycles));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void architectureRuleHolds(String name, ArchRule rule) {
        rule.check(production);
    }
}
