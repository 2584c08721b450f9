package dev.dynalens.domain.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules inside the domain module (docs/architecture.md). The module's border is the build's: it depends on
 * Jackson alone, so no JavaFX, AWS SDK, Calcite or app class compiles here; these rules keep what the JDK itself
 * offers out of it as well.
 */
class DomainArchitectureTest {
    private static JavaClasses domain;

    @BeforeAll
    static void importDomainClasses() {
        domain = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.dynalens.domain");
    }

    static final ArchRule dependsOnTheJdkAndJacksonOnly = classes().that().resideInAPackage("dev.dynalens.domain..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "dev.dynalens.domain..", "com.fasterxml.jackson..")
            .because("the domain runs wherever a JVM does: the desktop, the command line, a Spark executor");

    /** What opens a file or a connection; reading and writing a stream handed in is allowed (parsers, writers). */
    private static final Set<String> FILE_AND_NETWORK_IO = Set.of("java.nio.file.Files", "java.nio.file.Paths",
            "java.nio.file.FileSystems", "java.io.File", "java.io.FileInputStream", "java.io.FileOutputStream",
            "java.io.FileReader", "java.io.FileWriter", "java.io.RandomAccessFile", "java.nio.channels.FileChannel",
            "java.net.Socket", "java.net.ServerSocket", "java.net.URL", "java.net.URLConnection",
            "java.net.HttpURLConnection", "java.net.http.HttpClient");

    static final ArchRule opensNoFileOrConnection = noClasses().that().resideInAPackage("dev.dynalens.domain..")
            .should().dependOnClassesThat(DescribedPredicate.describe("a class that opens a file or a connection",
                    (JavaClass c) -> FILE_AND_NETWORK_IO.contains(c.getFullName())))
            .because("the domain computes on values and the streams it is handed; the app opens files (WorkspaceFiles)");

    /** What starts or waits on threads: scheduling belongs to whoever runs the domain. */
    private static final Set<String> THREADS = Set.of("java.lang.Thread", "java.util.concurrent.Executor",
            "java.util.concurrent.ExecutorService", "java.util.concurrent.Executors", "java.util.concurrent.ForkJoinPool",
            "java.util.concurrent.CompletableFuture", "java.util.concurrent.Future");

    static final ArchRule startsNoThread = noClasses().that().resideInAPackage("dev.dynalens.domain..")
            .should().dependOnClassesThat(DescribedPredicate.describe("a thread, an executor or a future",
                    (JavaClass c) -> THREADS.contains(c.getFullName())))
            .because("the domain runs in a use case's tasks or a distributed engine's partitions, which schedule it "
                    + "(StaleScan's passes run through a TaskRunner)");

    static final ArchRule noPackageCycles = slices().matching("dev.dynalens.domain.(**)").should().beFreeOfCycles();

    static Stream<Arguments> rules() {
        return Stream.of(
                Arguments.of("the domain depends on the JDK and Jackson only", dependsOnTheJdkAndJacksonOnly),
                Arguments.of("the domain opens no file or connection", opensNoFileOrConnection),
                Arguments.of("the domain starts no thread and waits on none", startsNoThread),
                Arguments.of("no package cycles in the domain", noPackageCycles));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void architectureRuleHolds(String name, ArchRule rule) {
        rule.check(domain);
    }
}
