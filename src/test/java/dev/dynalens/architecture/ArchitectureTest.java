package dev.dynalens.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The borders of DEVELOPERS.md, checked on every build. */
@AnalyzeClasses(packages = "dev.dynalens", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule domainIsPureJava = noClasses().that().resideInAPackage("dev.dynalens.domain..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "software.amazon..", "dev.dynalens.service..",
                    "dev.dynalens.ui..", "dev.dynalens.cli..")
            .because("the domain is pure Java: no JavaFX, no AWS SDK, no outer layer");

    @ArchTest
    static final ArchRule onlyServiceAwsTouchesTheSdk = noClasses().that().resideOutsideOfPackage("dev.dynalens.service.aws..")
            .should().dependOnClassesThat().resideInAPackage("software.amazon..")
            .because("service.aws is the only home of software.amazon.*");

    @ArchTest
    static final ArchRule onlyUiTouchesJavaFx = noClasses().that().resideOutsideOfPackage("dev.dynalens.ui..")
            .and().doNotHaveFullyQualifiedName("dev.dynalens.App")
            .should().dependOnClassesThat().resideInAPackage("javafx..")
            .because("only the ui package (and the App composition root) imports javafx.*");

    @ArchTest
    static final ArchRule serviceKnowsNoUiOrCli = noClasses().that().resideInAPackage("dev.dynalens.service..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.dynalens.ui..", "dev.dynalens.cli..");

    @ArchTest
    static final ArchRule uiAndCliUsePortsNotTheSdkAdapter = noClasses().that()
            .resideInAnyPackage("dev.dynalens.ui..", "dev.dynalens.cli..", "dev.dynalens.domain..")
            .should().dependOnClassesThat().resideInAPackage("dev.dynalens.service.aws..")
            .because("only the composition root (App, Launcher) wires the AWS adapter");

    @ArchTest
    static final ArchRule viewModelsTouchNoScene = noClasses().that().haveSimpleNameEndingWith("ViewModel")
            .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..", "javafx.fxml..",
                    "javafx.application..")
            .because("view models use only javafx.beans and javafx.collections, so they test without a toolkit");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("dev.dynalens.(**)").should().beFreeOfCycles();
}
