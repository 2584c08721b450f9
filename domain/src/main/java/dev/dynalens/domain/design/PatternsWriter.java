package dev.dynalens.domain.design;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes a {@link PatternsFile} back as text that {@link PatternsReader} reads into the same file: YAML with one line
 * per entity and per pattern (the shape), or JSON of the same shape. The app writes the rows a person edited
 * with it, so the text and the rows stay in sync.
 */
public final class PatternsWriter {
    /** Names YAML writes without quotes; anything else is written as a JSON string, which YAML reads too. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]*");
    /** Plain words YAML 1.1 would read as booleans or null. */
    private static final Set<String> RESERVED = Set.of("true", "false", "yes", "no", "on", "off", "y", "n", "null", "~");

    private PatternsWriter() {
    }

    public static String yaml(PatternsFile file) {
        var out = new StringBuilder();
        if (file.table() != null) {
            out.append("table: ").append(yamlName(file.table())).append('\n');
        }
        out.append("entities:\n");
        for (var entity : file.entities()) {
            out.append("  ").append(yamlName(entity.name())).append(": ").append(entityFields(entity, false)).append('\n');
        }
        out.append("accessPatterns:\n");
        if (file.accessPatterns().isEmpty()) {
            out.setLength(out.length() - 1);
            out.append(" []\n");
        }
        for (var pattern : file.accessPatterns()) {
            out.append("  - ").append(patternFields(pattern, false)).append('\n');
        }
        return out.toString();
    }

    public static String json(PatternsFile file) {
        var out = new StringBuilder("{\n");
        if (file.table() != null) {
            out.append("  \"table\": ").append(jsonString(file.table())).append(",\n");
        }
        out.append("  \"entities\": {");
        var entities = file.entities();
        for (int i = 0; i < entities.size(); i++) {
            out.append(i == 0 ? "\n" : ",\n").append("    ").append(jsonString(entities.get(i).name())).append(": ")
                    .append(entityFields(entities.get(i), true));
        }
        out.append(entities.isEmpty() ? "},\n" : "\n  },\n");
        out.append("  \"accessPatterns\": [");
        var patterns = file.accessPatterns();
        for (int i = 0; i < patterns.size(); i++) {
            out.append(i == 0 ? "\n" : ",\n").append("    ").append(patternFields(patterns.get(i), true));
        }
        out.append(patterns.isEmpty() ? "]\n" : "\n  ]\n");
        return out.append("}\n").toString();
    }

    /** The same format the text was in: JSON for JSON, else YAML. */
    public static String like(String previousText, PatternsFile file) {
        return previousText != null && PatternsReader.isJson(previousText) ? json(file) : yaml(file);
    }

    private static String entityFields(EntitySpec entity, boolean json) {
        var fields = new ArrayList<String>();
        if (!entity.id().isEmpty()) {
            fields.add(field("id", list(entity.id(), json), json));
        }
        var attributes = new ArrayList<String>();
        entity.attributes().forEach((name, type) -> attributes.add(field(name, name(type.name(), json), json)));
        fields.add(field("attributes", "{" + String.join(", ", attributes) + "}", json));
        if (entity.count() > 0) {
            fields.add(field("count", Long.toString(entity.count()), json));
        }
        if (entity.itemSize() > 0) {
            fields.add(field("itemSize", Long.toString(entity.itemSize()), json));
        }
        return "{" + String.join(", ", fields) + "}";
    }

    private static String patternFields(AccessPattern pattern, boolean json) {
        var fields = new ArrayList<String>();
        fields.add(field("name", name(pattern.name(), json), json));
        fields.add(pattern.isCollection() ? field("entities", list(pattern.entities(), json), json)
                : field("entity", name(pattern.entity(), json), json));
        if (!pattern.equals().isEmpty()) {
            fields.add(field("equals", list(pattern.equals(), json), json));
        }
        if (pattern.between() != null) {
            fields.add(field("between", name(pattern.between(), json), json));
        }
        if (pattern.sortBy() != null) {
            fields.add(field("sortBy", name(pattern.sortBy(), json), json));
        }
        if (pattern.descending()) {
            fields.add(field("descending", "true", json));
        }
        if (pattern.limit() > 0) {
            fields.add(field("limit", Integer.toString(pattern.limit()), json));
        }
        if (pattern.reads() > 0) {
            fields.add(field("reads", number(pattern.reads()), json));
        }
        if (pattern.writes() > 0) {
            fields.add(field("writes", number(pattern.writes()), json));
        }
        return "{" + String.join(", ", fields) + "}";
    }

    private static String field(String key, String value, boolean json) {
        return name(key, json) + ": " + value;
    }

    private static String list(List<String> names, boolean json) {
        return "[" + String.join(", ", names.stream().map(n -> name(n, json)).toList()) + "]";
    }

    private static String name(String text, boolean json) {
        return json ? jsonString(text) : yamlName(text);
    }

    static String yamlName(String text) {
        return PLAIN.matcher(text).matches() && !RESERVED.contains(text.toLowerCase(Locale.ROOT)) ? text : jsonString(text);
    }

    private static String jsonString(String text) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }

    /** A rate as written: {@code 50}, {@code 2.5}. */
    private static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
