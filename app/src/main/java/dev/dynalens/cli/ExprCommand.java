package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.expression.ConditionEvaluator;
import dev.dynalens.domain.expression.ExpressionError;
import dev.dynalens.domain.expression.ExpressionException;
import dev.dynalens.domain.expression.ExpressionRenderer;
import dev.dynalens.domain.expression.Expressions;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.expression.UpdateEvaluator;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * Checks expressions offline: validates them as DynamoDB would (each problem with its character position), renders
 * them with every reserved or awkward name aliased, and evaluates them against an item when one is given.
 */
@Command(name = "expr", sortOptions = false,
        description = {"Validate, render and evaluate DynamoDB expressions offline (no connection needed).",
                "Names and values are JSON maps; values and the item are DynamoDB JSON."},
        footer = {"", "Examples:",
                "  dynalens expr --update 'SET #s = :s ADD visits :one' --names '{\"#s\":\"status\"}' "
                        + "--values '{\":s\":{\"S\":\"open\"},\":one\":{\"N\":\"1\"}}' --json",
                "  dynalens expr --condition 'attribute_exists(pk) AND price < :max' --values '{\":max\":{\"N\":\"10\"}}' "
                        + "--item item.json"})
final class ExprCommand implements Callable<Integer> {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @ParentCommand
    DynaLensCli root;

    @Option(names = "--condition", paramLabel = "EXPR", description = "A ConditionExpression.")
    String condition;

    @Option(names = "--update", paramLabel = "EXPR", description = "An UpdateExpression.")
    String update;

    @Option(names = "--key-condition", paramLabel = "EXPR", description = "A KeyConditionExpression (checked for what Query allows).")
    String keyCondition;

    @Option(names = "--filter", paramLabel = "EXPR", description = "A FilterExpression.")
    String filter;

    @Option(names = "--projection", paramLabel = "EXPR", description = "A ProjectionExpression.")
    String projection;

    @Option(names = "--names", paramLabel = "JSON", description = "ExpressionAttributeNames, e.g. '{\"#s\":\"status\"}'.")
    String namesJson;

    @Option(names = "--values", paramLabel = "JSON", description = "ExpressionAttributeValues in DynamoDB JSON, e.g. '{\":v\":{\"N\":\"1\"}}'.")
    String valuesJson;

    @Option(names = "--item", paramLabel = "FILE", description = "An item in DynamoDB JSON to evaluate the condition and the update against.")
    Path itemFile;

    @Option(names = "--lang", paramLabel = "LANG", description = "Also generate code for the request: java, js, python or cli.")
    String lang;

    @Option(names = "--table", paramLabel = "NAME", description = "With --lang: the table the generated UpdateItem writes to.")
    String table;

    @Option(names = "--key", paramLabel = "JSON", description = "With --lang: the item's primary key in DynamoDB JSON, e.g. '{\"PK\":{\"S\":\"USER#1\"}}'.")
    String keyJson;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    /** What the item evaluation found; absent without --item. */
    record Evaluation(boolean conditionPassed, Item result, ExpressionError error) {
    }

    @Override
    public Integer call() throws IOException {
        if (condition == null && update == null && keyCondition == null && filter == null && projection == null) {
            throw new CliException("expr needs at least one of --condition, --update, --key-condition, --filter, --projection");
        }
        if (lang != null && !java.util.Set.of("java", "js", "python", "cli").contains(lang)) {
            throw new CliException("--lang: one of java, js, python, cli (not '" + lang + "')");
        }
        if (lang != null && (table == null || keyJson == null)) {
            throw new CliException("--lang generates an UpdateItem: give the table with --table NAME and the item's key with --key JSON");
        }
        if (lang != null && (keyCondition != null || filter != null || projection != null)) {
            throw new CliException("--lang generates an UpdateItem: it takes --update and --condition, not --key-condition, --filter or --projection");
        }
        var request = new RenderedExpressions(keyCondition, update, condition, filter, projection, names(), values());
        var item = itemFile == null ? null : item();
        var analysis = Expressions.analyze(request, null);
        var shown = analysis.valid() ? ExpressionRenderer.render(analysis.expressions()) : request;
        Evaluation evaluation = null;
        if (item != null && analysis.valid()) {
            evaluation = evaluate(analysis, item);
        }
        String code = null;
        if (lang != null && analysis.valid()) {
            try {
                code = dev.dynalens.domain.codegen.CodeGenerators.generate(dev.dynalens.domain.codegen.Language.fromOptionValue(lang),
                        new dev.dynalens.domain.codegen.CodeRequest(table, key(), shown));
            } catch (IllegalArgumentException e) {
                throw new CliException("--lang: " + e.getMessage());
            }
        }
        var out = root.context.out();
        if (json) {
            writeJson(out, analysis, shown, evaluation, code);
        } else {
            writeText(out, analysis, shown, evaluation, code);
        }
        out.flush();
        return analysis.valid() ? 0 : DynaLensCli.USAGE;
    }

    private static Evaluation evaluate(Expressions.Analysis analysis, Item item) {
        var trees = analysis.expressions();
        var passed = (trees.condition() == null || ConditionEvaluator.evaluate(trees.condition(), item))
                && (trees.filter() == null || ConditionEvaluator.evaluate(trees.filter(), item));
        if (!passed || trees.update() == null) {
            return new Evaluation(passed, null, null);
        }
        try {
            return new Evaluation(true, UpdateEvaluator.apply(trees.update(), item), null);
        } catch (ExpressionException e) {
            return new Evaluation(true, null, e.error());
        }
    }

    private Map<String, String> names() {
        if (namesJson == null) {
            return Map.of();
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(namesJson);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new CliException("--names is not JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new CliException("--names must be a JSON object of \"#placeholder\": \"attribute name\"");
        }
        var names = new LinkedHashMap<String, String>();
        var fields = node.fields();
        while (fields.hasNext()) {
            var field = fields.next();
            if (!field.getValue().isTextual()) {
                throw new CliException("--names: the name of " + field.getKey() + " must be a string");
            }
            names.put(field.getKey(), field.getValue().asText());
        }
        return names;
    }

    private Map<String, AttributeValue> values() {
        if (valuesJson == null) {
            return Map.of();
        }
        try {
            return DynamoJsonCodec.readItem(valuesJson).attributes();
        } catch (CodecException e) {
            throw new CliException("--values (DynamoDB JSON): " + e.getMessage());
        }
    }

    private Item item() {
        try {
            // Strict UTF-8 (a byte that is not UTF-8 is an error with its position, never U+FFFD); a byte-order mark is skipped.
            return DynamoJsonCodec.readItem(dev.dynalens.domain.codec.Utf8Reader.decode(Files.readAllBytes(itemFile)));
        } catch (CodecException e) {
            throw new CliException("--item " + itemFile + " (DynamoDB JSON): " + e.getMessage());
        } catch (IOException e) {
            throw new CliException("--item: cannot read " + itemFile + ": " + e.getMessage());
        }
    }

    private static void writeJson(PrintWriter out, Expressions.Analysis analysis, RenderedExpressions shown, Evaluation evaluation,
                                  String code) throws IOException {
        try (JsonGenerator gen = JsonOutput.prettyGenerator(out)) {
            gen.writeStartObject();
            gen.writeBooleanField("valid", analysis.valid());
            gen.writeArrayFieldStart("errors");
            for (var error : analysis.errors()) {
                writeError(gen, error);
            }
            gen.writeEndArray();
            gen.writeObjectFieldStart("expression");
            writeIfPresent(gen, "KeyConditionExpression", shown.keyConditionExpression());
            writeIfPresent(gen, "UpdateExpression", shown.updateExpression());
            writeIfPresent(gen, "ConditionExpression", shown.conditionExpression());
            writeIfPresent(gen, "FilterExpression", shown.filterExpression());
            writeIfPresent(gen, "ProjectionExpression", shown.projectionExpression());
            gen.writeObjectFieldStart("ExpressionAttributeNames");
            for (var name : shown.names().entrySet()) {
                gen.writeStringField(name.getKey(), name.getValue());
            }
            gen.writeEndObject();
            gen.writeObjectFieldStart("ExpressionAttributeValues");
            for (var value : shown.values().entrySet()) {
                gen.writeFieldName(value.getKey());
                DynamoJsonCodec.writeValue(gen, value.getValue());
            }
            gen.writeEndObject();
            gen.writeEndObject();
            if (evaluation == null) {
                gen.writeNullField("evaluation");
            } else {
                gen.writeObjectFieldStart("evaluation");
                gen.writeBooleanField("conditionPassed", evaluation.conditionPassed());
                gen.writeFieldName("result");
                if (evaluation.result() == null) {
                    gen.writeNull();
                } else {
                    DynamoJsonCodec.writeItem(gen, evaluation.result());
                }
                gen.writeFieldName("error");
                if (evaluation.error() == null) {
                    gen.writeNull();
                } else {
                    writeError(gen, evaluation.error());
                }
                gen.writeEndObject();
            }
            if (code == null) {
                gen.writeNullField("code");
            } else {
                gen.writeStringField("code", code);
            }
            gen.writeEndObject();
        }
        out.println();
    }

    private static void writeError(JsonGenerator gen, ExpressionError error) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("message", error.message());
        gen.writeNumberField("position", error.position());
        gen.writeStringField("expression", error.field().requestName());
        gen.writeStringField("kind", error.kind().name());
        gen.writeEndObject();
    }

    private static void writeIfPresent(JsonGenerator gen, String field, String text) throws IOException {
        if (text != null) {
            gen.writeStringField(field, text);
        }
    }

    private static void writeText(PrintWriter out, Expressions.Analysis analysis, RenderedExpressions shown, Evaluation evaluation,
                                  String code) {
        if (analysis.valid()) {
            out.println("valid");
        }
        for (var error : analysis.errors()) {
            var text = textOf(shown, error.field());
            out.println(error);
            if (text != null && error.hasPosition()) {
                out.println("  " + text);
                out.println("  " + " ".repeat(Math.min(error.position(), text.length())) + "^");
            }
        }
        printIfPresent(out, "KeyConditionExpression", shown.keyConditionExpression());
        printIfPresent(out, "UpdateExpression", shown.updateExpression());
        printIfPresent(out, "ConditionExpression", shown.conditionExpression());
        printIfPresent(out, "FilterExpression", shown.filterExpression());
        printIfPresent(out, "ProjectionExpression", shown.projectionExpression());
        if (!shown.names().isEmpty()) {
            out.println("ExpressionAttributeNames: " + shown.names());
        }
        if (!shown.values().isEmpty()) {
            var values = new LinkedHashMap<String, String>();
            shown.values().forEach((k, v) -> values.put(k, DynamoJsonCodec.writeValue(v)));
            out.println("ExpressionAttributeValues: " + values);
        }
        if (evaluation != null) {
            out.println("condition " + (evaluation.conditionPassed() ? "passed" : "failed"));
            if (evaluation.result() != null) {
                out.println("item after the update: " + DynamoJsonCodec.writeItem(evaluation.result()));
            }
            if (evaluation.error() != null) {
                out.println("the update fails: " + evaluation.error().message());
            }
        }
        if (code != null) {
            out.println(code);
        }
    }

    private static String textOf(RenderedExpressions request, ExpressionError.Field field) {
        return switch (field) {
            case KEY_CONDITION -> request.keyConditionExpression();
            case UPDATE -> request.updateExpression();
            case CONDITION -> request.conditionExpression();
            case FILTER -> request.filterExpression();
            case PROJECTION -> request.projectionExpression();
            default -> null;
        };
    }

    private static void printIfPresent(PrintWriter out, String label, String text) {
        if (text != null) {
            out.println(label + ": " + text);
        }
    }

    private java.util.Map<String, dev.dynalens.domain.item.AttributeValue> key() {
        try {
            return dev.dynalens.domain.codec.DynamoJsonCodec.readKey(keyJson);
        } catch (dev.dynalens.domain.codec.CodecException e) {
            throw new CliException("--key: " + e.getMessage());
        }
    }
}
