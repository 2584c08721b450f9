package dev.dynalens.cli;

import dev.dynalens.domain.item.KeyText;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.dynalens.domain.capacity.AttributeSize;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.ItemReport;
import dev.dynalens.domain.capacity.SizeLimits;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.ValueText;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** How `dynalens size` prints its items: JSON streamed item by item, or a readable table. */
abstract sealed class SizeOutput {
    abstract void begin(String source);

    abstract void item(ItemReport report);

    abstract void end();

    static SizeOutput json(PrintWriter out) throws IOException {
        return new Json(out);
    }

    static SizeOutput text(PrintWriter out) {
        return new Text(out);
    }

    /** {"items": [{"key", "size", "attributes", "rcu", "wcu", "warnings"}, …]}, one item per line. */
    static final class Json extends SizeOutput {
        private final PrintWriter out;
        private final JsonGenerator gen;
        private boolean first = true;

        Json(PrintWriter out) throws IOException {
            this.out = out;
            this.gen = JsonOutput.generator(out);
        }

        @Override
        void begin(String source) {
            out.print("{\"items\": [");
        }

        @Override
        void item(ItemReport report) {
            try {
                out.print(first ? "\n" : ",\n");
                first = false;
                gen.writeStartObject();
                gen.writeObjectFieldStart("key");
                for (Map.Entry<String, AttributeValue> entry : report.key().entrySet()) {
                    gen.writeFieldName(entry.getKey());
                    PlainJsonCodec.writeValue(gen, entry.getValue());
                }
                gen.writeEndObject();
                gen.writeNumberField("size", report.size().bytes());
                gen.writeObjectFieldStart("attributes");
                for (var attribute : report.size().attributes()) {
                    gen.writeNumberField(attribute.name(), attribute.bytes());
                }
                gen.writeEndObject();
                var cost = report.cost();
                gen.writeObjectFieldStart("rcu");
                units(gen, "eventual", cost.eventualRead());
                units(gen, "strong", cost.strongRead());
                units(gen, "transactional", cost.transactionalRead());
                gen.writeEndObject();
                gen.writeObjectFieldStart("wcu");
                units(gen, "standard", cost.write());
                units(gen, "transactional", cost.transactionalWrite());
                gen.writeEndObject();
                gen.writeArrayFieldStart("warnings");
                for (var warning : report.warnings()) {
                    gen.writeStartObject();
                    gen.writeStringField("kind", warning.kind().name());
                    if (warning.attribute() != null) gen.writeStringField("attribute", warning.attribute());
                    gen.writeNumberField("bytes", warning.bytes());
                    gen.writeNumberField("limit", warning.limit());
                    gen.writeStringField("message", warning.message());
                    gen.writeEndObject();
                }
                gen.writeEndArray();
                gen.writeEndObject();
                gen.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static void units(JsonGenerator gen, String name, CapacityUnits units) throws IOException {
            BigDecimal value = units.toBigDecimal();
            gen.writeNumberField(name, value);
        }

        @Override
        void end() {
            out.println(first ? "]}" : "\n]}");
            out.flush();
        }
    }

    /** One line per item; for a single item, its attributes largest first; then count, average and largest. */
    static final class Text extends SizeOutput {
        private static final int KEY_WIDTH = 40;
        private final PrintWriter out;
        private final List<ItemReport> firstTwo = new ArrayList<>(2);
        private String source;
        private long count;
        private long total;
        private long largest;
        private long warned;

        Text(PrintWriter out) {
            this.out = out;
        }

        @Override
        void begin(String source) {
            this.source = source;
        }

        @Override
        void item(ItemReport report) {
            if (count == 0) {
                out.println("Item sizes in " + source + " (bytes as DynamoDB counts them; RCU for GetItem, WCU for PutItem)");
                out.println(String.format(Locale.ROOT, "%-" + KEY_WIDTH + "s %9s  %-19s %-9s %s", "key", "size", "rcu ev/strong/tx",
                        "wcu / tx", "warnings"));
            }
            count++;
            total += report.size().bytes();
            largest = Math.max(largest, report.size().bytes());
            if (!report.warnings().isEmpty()) warned++;
            if (firstTwo.size() < 2) firstTwo.add(report);
            var cost = report.cost();
            out.println(String.format(Locale.ROOT, "%-" + KEY_WIDTH + "s %,9d  %-19s %-9s %s", clip(keyText(report)), report.size().bytes(),
                    cost.eventualRead() + " / " + cost.strongRead() + " / " + cost.transactionalRead(),
                    cost.write() + " / " + cost.transactionalWrite(),
                    report.warnings().stream().map(w -> w.kind().name()).collect(Collectors.joining(", "))));
        }

        @Override
        void end() {
            if (count == 0) {
                out.println("No items in " + source + ".");
            } else if (count == 1) {
                var report = firstTwo.getFirst();
                out.println();
                out.println(String.format(Locale.ROOT, "%,d bytes: %,d bytes below the 400 KB item limit (%.1f %% of it)", report.size().bytes(),
                        report.size().bytesToLimit(), 100.0 * report.size().bytes() / SizeLimits.MAX_ITEM_BYTES));
                out.println("Attributes, largest first (name + value bytes):");
                for (AttributeSize attribute : report.size().largestFirst()) {
                    out.println(String.format(Locale.ROOT, "  %-30s %-4s %,9d  %5.1f %%", clip(attribute.name(), 30), attribute.type(),
                            attribute.bytes(), 100 * report.size().share(attribute)));
                }
                report.warnings().forEach(w -> out.println("warning: " + w.message()));
            } else {
                out.println();
                out.println(String.format(Locale.ROOT, "%,d items · average %,d bytes · largest %,d bytes · %,d with warnings", count,
                        Math.round((double) total / count), largest, warned));
            }
            out.flush();
        }

        private static String keyText(ItemReport report) {
            if (report.key().isEmpty()) return "(key unknown)";
            return KeyText.format(report.key(), "=", ValueText::cell, " ");
        }

        private static String clip(String text) {
            return clip(text, KEY_WIDTH);
        }

        private static String clip(String text, int width) {
            return text.length() <= width ? text : text.substring(0, width - 1) + "…";
        }
    }
}
