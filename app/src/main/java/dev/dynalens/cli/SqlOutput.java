package dev.dynalens.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.sql.PlannedRequest;
import dev.dynalens.domain.sql.ResultCells;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.usecase.LearnEntityTypes;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;

/**
 * What {@code dynalens sql} prints: the rows as text or JSON, and the plan. Row values are plain JSON: numbers as JSON
 * numbers with every digit, sets as arrays, binary as base64, maps and lists as objects and arrays; the plan's values
 * are DynamoDB JSON, as a person pastes them into the aws CLI.
 */
final class SqlOutput {
    private SqlOutput() {
    }

    /**
     * Where the entity types came from, and what knowing them cost (reported apart from the query's plan).
     *
     * @param notRead the sample read that would learn them, not sent (--explain reads nothing); null when they are known
     * @param note    what the plan rests on when they are not known; empty when they are
     */
    record EntityTypes(SqlCatalog.EntitySource source, long requests, double consumedRcu, LearnEntityTypes.SampleCost notRead, String note) {
    }

    static void writeJson(PrintWriter out, List<String> columns, List<List<Object>> rows, List<PlannedRequest> plan, long requests,
                          Double consumedRcu, String path, String note, EntityTypes entityTypes) throws IOException {
        writeJson(out, columns, rows, plan, requests, consumedRcu, path, note, entityTypes, null);
    }

    /** @param complete whether the rows are all of the answer (false: cancelled, or stopped at the budget); null with no rows */
    static void writeJson(PrintWriter out, List<String> columns, List<List<Object>> rows, List<PlannedRequest> plan, long requests,
                          Double consumedRcu, String path, String note, EntityTypes entityTypes, Boolean complete) throws IOException {
        try (var gen = JsonOutput.generator(out)) {
            gen.writeStartObject();
            gen.writeArrayFieldStart("columns");
            for (var column : columns) {
                gen.writeString(column);
            }
            gen.writeEndArray();
            if (rows != null) {
                gen.writeArrayFieldStart("rows");
                for (var row : rows) {
                    gen.writeStartArray();
                    for (var cell : row) {
                        writeCell(gen, cell);
                    }
                    gen.writeEndArray();
                }
                gen.writeEndArray();
            }
            gen.writeArrayFieldStart("plan");
            for (var request : plan) {
                writeRequest(gen, request);
            }
            gen.writeEndArray();
            if (complete != null) {
                gen.writeBooleanField("complete", complete);
            }
            gen.writeNumberField("requests", requests);
            gen.writeFieldName("estimatedRcu");
            gen.writeNumber(PlannedRequest.totalRcu(plan).toString());
            if (PlannedRequest.anySizeUnknown(plan)) {
                // the estimate is a floor: the table's size is not known
                gen.writeBooleanField("sizeUnknown", true);
            }
            if (consumedRcu != null) {
                gen.writeFieldName("consumedRcu");
                gen.writeNumber(ConsumedCapacity.text(consumedRcu));
            }
            gen.writeStringField("path", path);
            if (note != null && !note.isEmpty()) {
                gen.writeStringField("note", note);
            }
            if (entityTypes != null) {
                gen.writeObjectFieldStart("entityTypes");
                gen.writeStringField("source", entityTypes.source().how());
                gen.writeStringField("analysedAt", entityTypes.source().analysedAt() == null ? null : entityTypes.source().analysedAt().toString());
                gen.writeNumberField("itemsAnalysed", entityTypes.source().itemsAnalysed());
                gen.writeNumberField("tableItemCount", entityTypes.source().tableItemCount());
                gen.writeNumberField("requests", entityTypes.requests());
                gen.writeFieldName("consumedRcu");
                gen.writeNumber(ConsumedCapacity.text(entityTypes.consumedRcu()));
                if (entityTypes.notRead() != null) {
                    gen.writeObjectFieldStart("sampleRead");
                    gen.writeBooleanField("read", false);
                    gen.writeNumberField("items", entityTypes.notRead().items());
                    gen.writeFieldName("estimatedRcu");
                    gen.writeNumber(entityTypes.notRead().estimatedRcu().toString());
                    gen.writeStringField("note", entityTypes.note());
                    gen.writeEndObject();
                }
                gen.writeEndObject();
            }
            gen.writeEndObject();
        }
        out.println();
    }

    private static void writeRequest(JsonGenerator gen, PlannedRequest request) throws IOException {
        gen.writeStartObject();
        gen.writeStringField("operation", request.operation().label());
        gen.writeStringField("table", request.tableName());
        gen.writeStringField("index", request.indexName());
        gen.writeStringField("keyCondition", request.keyCondition());
        gen.writeStringField("filter", request.filter());
        gen.writeStringField("projection", request.projection());
        if (!request.names().isEmpty()) {
            gen.writeObjectFieldStart("names");
            for (var name : request.names().entrySet()) {
                gen.writeStringField(name.getKey(), name.getValue());
            }
            gen.writeEndObject();
        }
        gen.writeObjectFieldStart("values");
        for (var value : request.values().entrySet()) {
            gen.writeFieldName(value.getKey());
            gen.writeRawValue(DynamoJsonCodec.writeValue(value.getValue()));
        }
        gen.writeEndObject();
        if (!request.keys().isEmpty()) {
            gen.writeArrayFieldStart("keys");
            for (var key : request.keys()) {
                gen.writeRawValue(DynamoJsonCodec.writeItem(new dev.dynalens.domain.item.Item(key)));
            }
            gen.writeEndArray();
        }
        if (!request.scanIndexForward()) {
            gen.writeBooleanField("scanIndexForward", false);
        }
        if (request.limit() != null) {
            gen.writeNumberField("limit", request.limit());
        }
        gen.writeFieldName("estimatedRcu");
        gen.writeNumber(request.estimatedRcu().toString());
        if (request.sizeUnknown()) {
            gen.writeBooleanField("sizeUnknown", true);
        }
        if (!request.note().isEmpty()) {
            gen.writeStringField("note", request.note());
        }
        gen.writeEndObject();
    }

    static void writeCell(JsonGenerator gen, Object cell) throws IOException {
        ResultCells.writeCell(gen, cell);
    }

    static String text(Object cell) {
        return ResultCells.text(cell);
    }

    static void writeText(PrintWriter out, List<String> columns, List<List<Object>> rows) {
        out.println(String.join("\t", columns));
        for (var row : rows) {
            out.println(String.join("\t", row.stream().map(SqlOutput::text).toList()));
        }
    }

    static void writePlanText(PrintWriter out, List<PlannedRequest> plan) {
        for (var request : plan) {
            out.println(request.summary());
            if (!request.names().isEmpty() || !request.values().isEmpty()) {
                out.println("    names " + request.names() + " values " + request.values().entrySet().stream()
                        .map(e -> e.getKey() + "=" + DynamoJsonCodec.writeValue(e.getValue())).toList());
            }
            if (!request.note().isEmpty()) {
                out.println("    " + request.note());
            }
        }
        out.println("Estimated " + PlannedRequest.totalRcu(plan) + " RCU in "
                + plan.size() + " request(s) as planned");
    }
}
