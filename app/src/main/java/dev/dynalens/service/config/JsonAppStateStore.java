package dev.dynalens.service.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dynalens.domain.table.SortKeyCondition;
import dev.dynalens.domain.appstate.BrowserForm;
import dev.dynalens.domain.appstate.OpenTab;
import dev.dynalens.domain.appstate.SavedQuery;
import dev.dynalens.domain.appstate.TableTabView;
import dev.dynalens.domain.appstate.WindowBounds;
import dev.dynalens.service.AppStateStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Saved queries in {@code saved-queries.json}, the open tabs in {@code open-tabs.json} and the main window in
 * {@code window.json}, each written whole and atomically. An entry that cannot be read is skipped and named; the others load. An exported file has the same
 * shape as {@code saved-queries.json}, so a shared file is also a readable record of what it holds.
 */
public final class JsonAppStateStore implements AppStateStore {
    static final String QUERIES_FORMAT = "dynalens-saved-queries";
    static final String TABS_FORMAT = "dynalens-open-tabs";
    /** Version 2 saves a tab's inner view by its id ("scan-query"); version 1 saved the inner tab's title. */
    static final int TABS_VERSION = 2;
    static final String WINDOW_FORMAT = "dynalens-window";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path queriesFile;
    private final Path tabsFile;
    private final Path windowFile;

    public JsonAppStateStore(Path configDirectory) {
        this.queriesFile = configDirectory.resolve("saved-queries.json");
        this.tabsFile = configDirectory.resolve("open-tabs.json");
        this.windowFile = configDirectory.resolve("window.json");
    }

    @Override
    public SavedQueries loadSavedQueries() {
        if (!Files.exists(queriesFile)) {
            return new SavedQueries(List.of(), Optional.empty());
        }
        try {
            var problems = new ArrayList<String>();
            var queries = readQueries(queriesFile, problems);
            return new SavedQueries(queries, problems.isEmpty() ? Optional.empty()
                    : Optional.of(problems.size() + " saved query(ies) in " + queriesFile + " could not be read: " + problems.get(0)));
        } catch (IllegalArgumentException e) {
            return new SavedQueries(List.of(), Optional.of(e.getMessage() + keepAside(queriesFile)));
        }
    }

    @Override
    public void saveSavedQueries(List<SavedQuery> queries) {
        write(queriesFile, queriesJson(queries));
    }

    @Override
    public void exportQueries(List<SavedQuery> queries, Path file) {
        write(file, queriesJson(queries));
    }

    @Override
    public List<SavedQuery> importQueries(Path file) {
        var problems = new ArrayList<String>();
        var queries = readQueries(file, problems);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(file + ": " + problems.size() + " query(ies) could not be read, first: " + problems.get(0));
        }
        return queries;
    }

    @Override
    public OpenTabs loadOpenTabs() {
        if (!Files.exists(tabsFile)) {
            return new OpenTabs(List.of(), -1, Optional.empty());
        }
        try {
            var root = readObject(tabsFile, TABS_FORMAT);
            var tabs = new ArrayList<OpenTab>();
            var problems = new ArrayList<String>();
            var position = 0;
            for (var node : root.path("tabs")) {
                position++;
                try {
                    tabs.add(new OpenTab(required(node, "connectionId"), required(node, "table"), view(node.path("view").asText("")),
                            form(node.path("form"))));
                } catch (IllegalArgumentException | NullPointerException e) {
                    problems.add("tab " + position + ": " + e.getMessage());
                }
            }
            var selected = root.path("selected").asInt(-1);
            return new OpenTabs(tabs, selected < tabs.size() ? selected : -1, problems.isEmpty() ? Optional.empty()
                    : Optional.of(problems.size() + " tab(s) in " + tabsFile + " could not be read: " + problems.get(0)));
        } catch (IllegalArgumentException e) {
            return new OpenTabs(List.of(), -1, Optional.of(e.getMessage() + keepAside(tabsFile)));
        }
    }

    @Override
    public void saveOpenTabs(List<OpenTab> tabs, int selected) {
        var root = MAPPER.createObjectNode();
        root.put("format", TABS_FORMAT);
        root.put("version", TABS_VERSION);
        root.put("selected", selected);
        var array = root.putArray("tabs");
        for (var tab : tabs) {
            var node = array.addObject();
            node.put("connectionId", tab.connectionId());
            node.put("table", tab.table());
            node.put("view", tab.view().id());
            node.set("form", formJson(tab.form()));
        }
        write(tabsFile, root.toPrettyString());
    }

    /** A window file that cannot be read costs only the last size: the window opens as on a first start, and it is named. */
    @Override
    public SavedWindow loadWindow() {
        if (!Files.exists(windowFile)) {
            return new SavedWindow(Optional.empty(), Optional.empty());
        }
        try {
            var root = readObject(windowFile, WINDOW_FORMAT);
            for (var field : List.of("x", "y", "width", "height")) {
                if (!root.path(field).isNumber()) {
                    throw new IllegalArgumentException(windowFile + ": \"" + field + "\" is not a number");
                }
            }
            return new SavedWindow(Optional.of(new WindowBounds(root.get("x").asDouble(), root.get("y").asDouble(),
                    root.get("width").asDouble(), root.get("height").asDouble(), root.path("maximized").asBoolean(false))),
                    Optional.empty());
        } catch (IllegalArgumentException e) {
            return new SavedWindow(Optional.empty(), Optional.of(e.getMessage() + "; the window opens at its first size."));
        }
    }

    @Override
    public void saveWindow(WindowBounds bounds) {
        var root = MAPPER.createObjectNode();
        root.put("format", WINDOW_FORMAT);
        root.put("version", 1);
        root.put("x", bounds.x());
        root.put("y", bounds.y());
        root.put("width", bounds.width());
        root.put("height", bounds.height());
        root.put("maximized", bounds.maximized());
        write(windowFile, root.toPrettyString());
    }

    private static String queriesJson(List<SavedQuery> queries) {
        var root = MAPPER.createObjectNode();
        root.put("format", QUERIES_FORMAT);
        root.put("version", 1);
        var array = root.putArray("queries");
        for (var query : queries) {
            var node = array.addObject();
            node.put("name", query.name());
            node.put("connectionId", query.connectionId());
            node.put("table", query.table());
            if (query.form() != null) {
                node.set("form", formJson(query.form()));
            } else {
                var statement = node.putObject("statement");
                statement.put("text", query.statement().text());
                statement.put("partiql", query.statement().partiql());
            }
        }
        return root.toPrettyString();
    }

    private static List<SavedQuery> readQueries(Path file, List<String> problems) {
        var root = readObject(file, QUERIES_FORMAT);
        var queries = new ArrayList<SavedQuery>();
        var position = 0;
        for (var node : root.path("queries")) {
            position++;
            try {
                var name = required(node, "name");
                var connection = node.path("connectionId").asText("");
                var table = required(node, "table");
                // a statement of the SQL tab, or (every file before them) a Scan/Query form
                queries.add(node.has("statement") && !node.has("form")
                        ? new SavedQuery(name, connection, table, statement(node.get("statement")))
                        : new SavedQuery(name, connection, table, form(node.path("form"))));
            } catch (IllegalArgumentException | NullPointerException e) {
                problems.add("query " + position + ": " + e.getMessage());
            }
        }
        return queries;
    }

    /**
     * The inner view a tab was saved with. Files of version 1 name it by the title its tab showed then ("Scan / Query",
     * "Staged (3)" with the count of that moment), so titles are read too; an empty or unknown view is the first one,
     * which is what the tab came back to before.
     */
    static TableTabView view(String saved) {
        return TableTabView.fromId(saved)
                .or(() -> java.util.Arrays.stream(TableTabView.values()).filter(view -> view.title().equals(saved)).findFirst())
                .or(() -> saved.startsWith(TableTabView.STAGED.title() + " (") ? Optional.of(TableTabView.STAGED) : Optional.empty())
                .orElse(TableTabView.FIRST);
    }

    private static ObjectNode formJson(BrowserForm form) {
        var node = MAPPER.createObjectNode();
        node.put("mode", form.mode().name());
        if (form.indexName() != null) node.put("index", form.indexName());
        node.put("partitionValue", form.partitionValue());
        if (form.sortOperator() != null) node.put("sortOperator", form.sortOperator().name());
        node.put("sortValue", form.sortValue());
        node.put("sortUpperValue", form.sortUpperValue());
        node.put("descending", form.descending());
        node.put("pageSize", form.pageSize());
        return node;
    }

    private static dev.dynalens.domain.appstate.SavedStatement statement(JsonNode node) {
        if (!node.isObject() || !node.path("text").isTextual()) {
            throw new IllegalArgumentException("\"statement\" needs its \"text\"");
        }
        return new dev.dynalens.domain.appstate.SavedStatement(node.get("text").asText(), node.path("partiql").asBoolean(false));
    }

    private static BrowserForm form(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("no \"form\" object");
        }
        var mode = enumValue(BrowserForm.Mode.class, node.path("mode").asText("SCAN"), "mode");
        var operator = node.hasNonNull("sortOperator")
                ? enumValue(SortKeyCondition.Operator.class, node.get("sortOperator").asText(), "sortOperator") : null;
        return new BrowserForm(mode, node.hasNonNull("index") ? node.get("index").asText() : null,
                node.path("partitionValue").asText(""), operator, node.path("sortValue").asText(""),
                node.path("sortUpperValue").asText(""), node.path("descending").asBoolean(false), node.path("pageSize").asInt(100));
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String text, String field) {
        try {
            return Enum.valueOf(type, text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + field + "\" is " + text + ", not one of " + java.util.Arrays.toString(type.getEnumConstants()));
        }
    }

    private static String required(JsonNode node, String field) {
        if (!node.path(field).isTextual() || node.get(field).asText().isBlank()) {
            throw new IllegalArgumentException("\"" + field + "\" is missing");
        }
        return node.get(field).asText();
    }

    private static ObjectNode readObject(Path file, String format) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("Could not read " + file + ": " + e.getMessage(), e);
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            var where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new IllegalArgumentException(file + " is not valid JSON" + where + " (" + e.getOriginalMessage() + ")", e);
        }
        if (root == null || !root.isObject() || !format.equals(root.path("format").asText())) {
            throw new IllegalArgumentException(file + " is not a " + format + " file (its \"format\" field should say \"" + format + "\")");
        }
        return (ObjectNode) root;
    }

    /** A file that cannot be read is copied aside before the next save replaces it, so nothing is lost. */
    private static String keepAside(Path file) {
        var copy = file.resolveSibling(file.getFileName() + ".unreadable-" + System.currentTimeMillis());
        try {
            Files.copy(file, copy);
            return ". A copy was kept as " + copy.getFileName() + ".";
        } catch (IOException | UncheckedIOException e) {
            return ". It could not be copied aside (" + e.getMessage() + "); the next save replaces it.";
        }
    }

    private static void write(Path file, String json) {
        try {
            AtomicFiles.writeString(file, json + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write " + file + ": " + e.getMessage(), e);
        }
    }
}
