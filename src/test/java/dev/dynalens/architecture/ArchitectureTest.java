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
 * The borders of DEVELOPERS.md, checked on every build. The rules run as ordinary parameterized
 * Jupiter tests so that each one is counted and reported by Surefire.
 */
class ArchitectureTest {
    private static JavaClasses production;

    @BeforeAll
    static void importProductionClasses() {
        production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.dynalens");
    }

    static final ArchRule domainIsPureJava = noClasses().that().resideInAPackage("dev.dynalens.domain..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "software.amazon..", "dev.dynalens.service..",
                    "dev.dynalens.ui..", "dev.dynalens.cli..")
            .because("the domain is pure Java: no JavaFX, no AWS SDK, no outer layer");

    static final ArchRule onlyServiceAwsTouchesTheSdk = noClasses().that().resideOutsideOfPackage("dev.dynalens.service.aws..")
            .should().dependOnClassesThat().resideInAPackage("software.amazon..")
            .because("service.aws is the only home of software.amazon.*");

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

    static final ArchRule noPackageCycles = slices().matching("dev.dynalens.(**)").should().beFreeOfCycles();

    static Stream<Arguments> rules() {
        return Stream.of(
                Arguments.of("domain is pure Java", domainIsPureJava),
                Arguments.of("only service.aws touches the SDK", onlyServiceAwsTouchesTheSdk),
                Arguments.of("only ui touches JavaFX", onlyUiTouchesJavaFx),
                Arguments.of("service knows no ui or cli", serviceKnowsNoUiOrCli),
                Arguments.of("ui and cli use ports, not the SDK adapter", uiAndCliUsePortsNotTheSdkAdapter),
                Arguments.of("view models touch no scene graph", viewModelsTouchNoScene),
                Arguments.of("no package cycles", noPackageCycles));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void architectureRuleHolds(String name, ArchRule rule) {
        rule.check(production);
    }
}
