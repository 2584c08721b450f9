package dev.dynalens.samples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the sample data models in {@code samples/}. Their data is chosen here, deterministically
 * (fixed lists and seeded {@link java.util.Random}, whose sequence the JDK specifies), and
 * {@code SampleModelsTest} fails when the committed files differ from what this writes. To change a
 * sample, change this code and run:
 * <pre>
 * mvn -o -q test-compile exec:java -Dexec.mainClass=dev.dynalens.samples.SampleModelsGenerator -Dexec.classpathScope=test
 * </pre>
 */
public final class SampleModelsGenerator {
    static final Path DIRECTORY = Path.of("samples");

    private SampleModelsGenerator() {
    }

    /** File name to its content, in the order the README lists them. */
    static Map<String, String> render() {
        var files = new LinkedHashMap<String, String>();
        files.put(OnlineShopSample.FILE, WorkbenchModelWriter.write(OnlineShopSample.model()));
        files.put(BlogSample.FILE, WorkbenchModelWriter.write(BlogSample.model()));
        files.put(TeamsSample.FILE, WorkbenchModelWriter.write(TeamsSample.model()));
        files.put(TrackerSample.FILE, WorkbenchModelWriter.write(TrackerSample.model()));
        return files;
    }

    public static void main(String[] args) throws IOException {
        var directory = args.length > 0 ? Path.of(args[0]) : DIRECTORY;
        Files.createDirectories(directory);
        for (var file : render().entrySet()) {
            var path = directory.resolve(file.getKey());
            Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
            System.out.println("Wrote " + path);
        }
    }
}
