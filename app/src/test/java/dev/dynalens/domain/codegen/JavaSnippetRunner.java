package dev.dynalens.domain.codegen;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URI;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarFile;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Compiles every Java snippet, unchanged, as the body of a method {@code run(DynamoDbClient dynamoDb)} of a class of
 * its own (its import lines above the class), with the JDK's compiler in this JVM against the test classpath, then
 * calls each with a synchronous client of the endpoint (the SDK picks url-connection-client, the only synchronous HTTP
 * client on the classpath).
 */
final class JavaSnippetRunner implements SnippetRunner {

    @Override
    public List<String> run(List<String> snippets, URI endpoint, Path workDir) throws Exception {
        var compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new AssertionError("This JVM has no Java compiler (a JRE?): the Java snippets cannot be compiled");
        }
        var sources = new ArrayList<JavaFileObject>();
        for (int i = 0; i < snippets.size(); i++) {
            sources.add(source("generated.Case" + i, compilationUnit(i, snippets.get(i))));
        }
        var classes = Files.createDirectories(workDir.resolve("classes"));
        var diagnostics = new DiagnosticCollector<JavaFileObject>();
        var options = List.of("-classpath", String.join(File.pathSeparator, testClasspath()), "-d", classes.toString(),
                "-proc:none", "-Xlint:all", "-Werror");
        try (var files = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean compiled = compiler.getTask(null, files, diagnostics, options, null, sources).call();
            if (!compiled) {
                var message = new StringBuilder("The generated Java does not compile:\n");
                diagnostics.getDiagnostics().forEach(d -> message.append(d).append('\n'));
                throw new AssertionError(message.toString());
            }
        }
        var outcomes = new ArrayList<String>();
        try (var loader = new URLClassLoader(new java.net.URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
             var dynamoDb = DynamoDbClient.builder()
                     .endpointOverride(endpoint)
                     .region(Region.US_EAST_1)
                     .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("placeholder", "placeholder")))
                     .build()) {
            for (int i = 0; i < snippets.size(); i++) {
                try {
                    loader.loadClass("generated.Case" + i).getMethod("run", DynamoDbClient.class).invoke(null, dynamoDb);
                    outcomes.add("ok");
                } catch (InvocationTargetException e) {
                    var cause = e.getCause();
                    outcomes.add(cause.getClass().getSimpleName() + ": " + cause.getMessage());
                }
            }
        }
        return outcomes;
    }

    private static String compilationUnit(int index, String snippet) {
        var parts = SnippetRunner.importsAndBody(snippet);
        return "package generated;\n\n"
                + parts[0]
                + "import software.amazon.awssdk.services.dynamodb.DynamoDbClient;\n\n"
                + "public final class Case" + index + " {\n"
                + "public static void run(DynamoDbClient dynamoDb) {\n"
                + parts[1]
                + "\n}\n}\n";
    }

    private static JavaFileObject source(String className, String code) {
        return new SimpleJavaFileObject(URI.create("string:///" + className.replace('.', '/') + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return code;
            }
        };
    }

    /**
     * The test classpath. Surefire and Failsafe start the test JVM with a manifest-only jar whose Class-Path lists the
     * real entries, so a jar with such a manifest is replaced by what it lists.
     */
    static List<String> testClasspath() throws IOException {
        var entries = new LinkedHashSet<String>();
        for (var entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            var listed = manifestClassPath(Path.of(entry));
            if (listed.isEmpty()) {
                entries.add(entry);
            } else {
                entries.addAll(listed);
            }
        }
        return List.copyOf(entries);
    }

    private static List<String> manifestClassPath(Path entry) throws IOException {
        if (!entry.toString().endsWith(".jar") || !Files.isRegularFile(entry)) {
            return List.of();
        }
        try (var jar = new JarFile(entry.toFile())) {
            var manifest = jar.getManifest();
            var classPath = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
            if (classPath == null || classPath.isBlank()) {
                return List.of();
            }
            var base = entry.toAbsolutePath().getParent().toUri();
            var listed = new ArrayList<String>();
            for (var item : classPath.strip().split("\\s+")) {
                listed.add(Path.of(base.resolve(item)).toString());
            }
            return listed;
        }
    }
}
