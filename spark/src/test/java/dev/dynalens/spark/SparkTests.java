package dev.dynalens.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import dev.dynalens.domain.inference.AnalysisJson;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** What the Spark tests share: a Spark on loopback, a generated single-table design, and the desktop's analysis. */
final class SparkTests {
    private SparkTests() {
    }

    /** A Spark in this JVM: loopback only, no UI, as many shuffle partitions as cores. */
    static JavaSparkContext spark(int cores) {
        var conf = new SparkConf().setAppName("DynaLens tests").setMaster("local[" + cores + "]")
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.ui.enabled", "false")
                .set("spark.default.parallelism", String.valueOf(cores))
                .set("spark.sql.shuffle.partitions", String.valueOf(cores));
        return new JavaSparkContext(conf);
    }

    static final TableKeys SHOP = new TableKeys("Shop", KeySchema.of("PK", "SK"), Map.of("GSI1", KeySchema.of("GSI1PK", "GSI1SK")));

    /**
     * A shop in one table, about {@code users} × 10 items: users with their orders, each order's lines, products; orders
     * in GSI1 by status.
     */
    static List<Item> shop(int users, long seed) {
        var random = new Random(seed);
        var items = new ArrayList<Item>();
        for (int p = 0; p < 40; p++) {
            items.add(item("PRODUCT#p" + p, "PRODUCT#p" + p, Map.of("price", AttributeValue.n(p + ".99"), "title", AttributeValue.s("Product " + p))));
        }
        int order = 0;
        for (int u = 0; u < users; u++) {
            var user = "USER#u" + u;
            var profile = new LinkedHashMap<String, AttributeValue>();
            profile.put("name", AttributeValue.s("User " + u));
            profile.put("email", AttributeValue.s("u" + u + "@example.com"));
            if (u % 7 == 0) {
                profile.put("phone", AttributeValue.n("4100000" + u));
            }
            items.add(item(user, "PROFILE", profile));
            for (int o = random.nextInt(4); o > 0; o--) {
                var id = "o" + order++;
                var status = List.of("OPEN", "SHIPPED", "DELIVERED").get(random.nextInt(3));
                items.add(item(user, "ORDER#" + id, Map.of("total", AttributeValue.n(random.nextInt(500) + "." + random.nextInt(100)),
                        "status", AttributeValue.s(status), "GSI1PK", AttributeValue.s("STATUS#" + status),
                        "GSI1SK", AttributeValue.s("2026-11-" + (10 + random.nextInt(20))))));
                for (int line = random.nextInt(4) + 1; line > 0; line--) {
                    items.add(item("ORDER#" + id, "ORDER#" + id + "#ITEM#" + line, Map.of("sku", AttributeValue.s("p" + random.nextInt(40)),
                            "qty", AttributeValue.n(String.valueOf(1 + random.nextInt(3))))));
                }
            }
        }
        return items;
    }

    static Item item(String pk, String sk, Map<String, AttributeValue> more) {
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put("PK", AttributeValue.s(pk));
        values.put("SK", AttributeValue.s(sk));
        values.putAll(more);
        return new Item(values);
    }

    /** The desktop's analysis of the same items, read one after another, each item's size measured. */
    static TableAnalysis desktop(TableKeys keys, List<Item> items) {
        var analyzer = new Analyzer(keys).measuringItemSizes();
        analyzer.acceptAll(items);
        return analyzer.result();
    }

    /** The job's analysis equals the desktop's: entity types, counts, templates, attributes, sizes, index meanings. */
    static void assertSameAnalysis(TableAnalysis spark, TableAnalysis desktop) {
        assertThat(spark.itemCount()).isEqualTo(desktop.itemCount());
        assertThat(spark.typeAttribute()).isEqualTo(desktop.typeAttribute());
        assertThat(spark.entities()).isEqualTo(desktop.entities());
        assertThat(spark.indexes()).isEqualTo(desktop.indexes());
        assertThat(analysisJson(spark)).isEqualTo(analysisJson(desktop));
    }

    /** The analysis's fields as the job writes them (no relationships). */
    static String analysisJson(TableAnalysis analysis) {
        var bytes = new ByteArrayOutputStream();
        try (var gen = new JsonFactory().createGenerator(bytes).useDefaultPrettyPrinter()) {
            gen.writeStartObject();
            AnalysisJson.writeFields(gen, analysis, false);
            gen.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** {@code --key-schema} and {@code --gsi} for these keys. */
    static List<String> keyOptions(TableKeys keys) {
        var options = new ArrayList<>(List.of("--key-schema", keyText(keys.keySchema())));
        keys.indexes().forEach((name, schema) -> options.addAll(List.of("--gsi", name + "=" + keyText(schema))));
        return options;
    }

    private static String keyText(KeySchema schema) {
        var text = schema.partitionKeyName() + ":" + schema.partitionKey().type();
        return schema.sortKey() == null ? text : text + "," + schema.sortKeyName() + ":" + schema.sortKey().type();
    }
}
