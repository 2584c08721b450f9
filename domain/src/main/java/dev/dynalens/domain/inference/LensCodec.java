package dev.dynalens.domain.inference;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * A lens as a small JSON document, one per table:
 * <pre>{@code
 * {
 *   "version": 1,
 *   "renames": {"u": "User"},
 *   "merges": [{"from": ["ITEMS", "EQUIPMENTS"], "into": "INVENTORY"}],
 *   "splits": [
 *     {"entity": "USER", "when": {"attribute": "role", "equals": "admin"}, "into": "ADMIN"},
 *     {"entity": "u", "when": {"skTemplate": "\"count\""}, "into": "USER_COUNTS"}
 *   ]
 * }
 * }</pre>
 * Sections may be left out. Where the file lives is the caller's business.
 */
public final class LensCodec {
    public static final int FORMAT_VERSION = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private LensCodec() {
    }

    public static String toJson(Lens lens) {
        try {
            return MAPPER.writeValueAsString(toTree(lens));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A lens tree always serializes", e);
        }
    }

    public static void write(Lens lens, Writer writer) {
        try {
            writer.write(toJson(lens));
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @throws LensFormatException when the text is not a lens this version can read */
    public static Lens fromJson(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            var where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new LensFormatException("A lens file is not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        }
        return fromTree(root);
    }

    /** @throws LensFormatException when the text is not a lens this version can read */
    public static Lens read(Reader reader) {
        var text = new StringBuilder();
        var buffer = new char[4096];
        try {
            for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
                text.append(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return fromJson(text.toString());
    }

    private static ObjectNode toTree(Lens lens) {
        var root = MAPPER.createObjectNode();
        root.put("version", FORMAT_VERSION);
        var renames = root.putObject("renames");
        lens.renames().forEach(renames::put);
        var merges = root.putArray("merges");
        for (var merge : lens.merges()) {
            var node = merges.addObject();
            var from = node.putArray("from");
            merge.from().forEach(from::add);
            node.put("into", merge.into());
        }
        var splits = root.putArray("splits");
        for (var split : lens.splits()) {
            var node = splits.addObject();
            node.put("entity", split.entity());
            var when = node.putObject("when");
            var condition = split.when();
            if (condition instanceof Lens.PkTemplate pk) {
                when.put("pkTemplate", pk.template());
            } else if (condition instanceof Lens.SkTemplate sk) {
                when.put("skTemplate", sk.template());
            } else if (condition instanceof Lens.AttributeEquals a) {
                when.put("attribute", a.attribute()).put("equals", a.value());
            } else {
                throw new IllegalStateException("unexpected " + condition.getClass());
            }
            node.put("into", split.into());
        }
        if (!lens.rules().isEmpty()) {
            var rules = root.putObject("staleness");
            var confirmed = rules.putArray("confirmed");
            lens.rules().confirmed().forEach(confirmed::add);
            var rejected = rules.putArray("rejected");
            lens.rules().rejected().forEach(rejected::add);
        }
        return root;
    }

    private static Lens fromTree(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new LensFormatException("A lens file holds a JSON object");
        }
        var version = root.path("version");
        if (!version.isMissingNode() && (!version.canConvertToInt() || version.asInt() != FORMAT_VERSION)) {
            throw new LensFormatException("This lens file has version " + version + "; this DynaLens reads version " + FORMAT_VERSION);
        }
        try {
            var renames = new LinkedHashMap<String, String>();
            var renamesNode = optional(root, "renames", JsonNode::isObject, "an object");
            if (renamesNode != null) {
                renamesNode.properties().forEach(e -> renames.put(e.getKey(), text(e.getValue(), "renames." + e.getKey())));
            }
            var merges = new ArrayList<Lens.Merge>();
            var mergesNode = optional(root, "merges", JsonNode::isArray, "a list");
            if (mergesNode != null) {
                for (int i = 0; i < mergesNode.size(); i++) {
                    var node = mergesNode.get(i);
                    var at = "merges[" + i + "]";
                    var fromNode = node.path("from");
                    if (!fromNode.isArray()) {
                        throw new LensFormatException(at + ".from must be a list of entity names");
                    }
                    var from = new ArrayList<String>();
                    for (int j = 0; j < fromNode.size(); j++) {
                        from.add(text(fromNode.get(j), at + ".from[" + j + "]"));
                    }
                    merges.add(new Lens.Merge(from, text(node.path("into"), at + ".into")));
                }
            }
            var splits = new ArrayList<Lens.Split>();
            var splitsNode = optional(root, "splits", JsonNode::isArray, "a list");
            if (splitsNode != null) {
                for (int i = 0; i < splitsNode.size(); i++) {
                    var node = splitsNode.get(i);
                    var at = "splits[" + i + "]";
                    splits.add(new Lens.Split(text(node.path("entity"), at + ".entity"), condition(node.path("when"), at + ".when"),
                            text(node.path("into"), at + ".into")));
                }
            }
            var rules = Lens.RuleChoices.NONE;
            var rulesNode = optional(root, "staleness", JsonNode::isObject, "an object");
            if (rulesNode != null) {
                rules = new Lens.RuleChoices(texts(rulesNode.path("confirmed"), "staleness.confirmed"),
                        texts(rulesNode.path("rejected"), "staleness.rejected"));
            }
            return new Lens(renames, merges, splits, rules);
        } catch (LensFormatException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new LensFormatException("A lens file has a bad entry: " + e.getMessage(), e);
        }
    }

    private static Lens.Condition condition(JsonNode when, String at) {
        if (when.has("pkTemplate")) {
            return new Lens.PkTemplate(text(when.get("pkTemplate"), at + ".pkTemplate"));
        }
        if (when.has("skTemplate")) {
            return new Lens.SkTemplate(text(when.get("skTemplate"), at + ".skTemplate"));
        }
        if (when.has("attribute")) {
            return new Lens.AttributeEquals(text(when.get("attribute"), at + ".attribute"), text(when.path("equals"), at + ".equals"));
        }
        throw new LensFormatException(at + " needs one of pkTemplate, skTemplate or attribute/equals");
    }

    private static JsonNode optional(JsonNode root, String field, java.util.function.Predicate<JsonNode> shape, String expected) {
        var node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!shape.test(node)) {
            throw new LensFormatException("\"" + field + "\" must be " + expected);
        }
        return node;
    }

    private static String text(JsonNode node, String at) {
        if (node == null || !node.isTextual()) {
            throw new LensFormatException(at + " must be a string");
        }
        return node.asText();
    }


    private static List<String> texts(JsonNode node, String at) {
        if (node.isMissingNode() || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new LensFormatException(at + " must be a list of rule SPECs");
        }
        var texts = new ArrayList<String>();
        for (int i = 0; i < node.size(); i++) {
            texts.add(text(node.get(i), at + "[" + i + "]"));
        }
        return texts;
    }
}
