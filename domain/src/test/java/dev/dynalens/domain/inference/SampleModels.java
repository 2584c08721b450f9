package dev.dynalens.domain.inference;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data models in {@code samples/}, read with the test-only {@link WorkbenchModel} (package-private,
 * hence this public door for tests in other packages).
 */
public final class SampleModels {
    public static final Path DIRECTORY = Path.of("samples");
    public static final String ONLINE_SHOP = "online-shop.json";
    public static final String BLOG = "blog.json";
    public static final String TEAMS = "teams.json";
    public static final String TRACKER = "tracker.json";
    public static final List<String> FILES = List.of(ONLINE_SHOP, BLOG, TEAMS, TRACKER);

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * One sample: its table's keys (name, key schema, GSIs), every item, and the items of each facet.
     */
    public record Sample(String fileName, TableKeys keys, List<Item> items, Map<String, List<Item>> facets) {
    }

    private SampleModels() {
    }

    public static Path path(String fileName) {
        return DIRECTORY.resolve(fileName);
    }

    public static Sample load(String fileName) {
        var model = model(fileName);
        var facets = new LinkedHashMap<String, List<Item>>();
        model.facets().forEach((name, facet) -> facets.put(name, facet.items()));
        return new Sample(fileName, model.keys(), model.items(), facets);
    }

    static WorkbenchModel model(String fileName) {
        try {
            return WorkbenchModel.parse(MAPPER.readTree(path(fileName).toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
