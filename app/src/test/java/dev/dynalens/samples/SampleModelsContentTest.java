package dev.dynalens.samples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.AttributeValue.Bin;
import dev.dynalens.domain.item.AttributeValue.MapValue;
import dev.dynalens.domain.item.AttributeValue.Num;
import dev.dynalens.domain.item.AttributeValue.Str;
import dev.dynalens.domain.item.Item;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * What samples/README.md promises about the three samples: valid NoSQL Workbench 3.0 models, valid
 * DynamoDB JSON, keys present, the facet sizes, and exactly the planted stale copies, orphans and
 * missing edge, found here by plain lookups (independent of the inference).
 */
class SampleModelsContentTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode table(String fileName) throws IOException {
        var root = MAPPER.readTree(SampleModels.path(fileName).toFile());
        assertThat(root.path("ModelMetadata").path("Version").asText()).isEqualTo("3.0");
        assertThat(root.path("DataModel")).hasSize(1);
        return root.path("DataModel").get(0);
    }

    private static String text(Item item, String name) {
        return ((Str) item.attributes().get(name)).value();
    }

    private static String key(Item item) {
        return text(item, "PK") + " | " + text(item, "SK");
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            online-shop.json, OnlineShop, GSI1PK, GSI1SK
            blog.json,        Blog,       GSI1PK, GSI1SK
            teams.json,       Teams,      SK,     PK
            tracker.json,     Tracker,    GSI1PK, GSI1SK
            """)
    void sampleIsAWorkbenchModelWithPkSkAndGsi1(String fileName, String tableName, String gsiPartitionKey, String gsiSortKey) throws IOException {
        var table = table(fileName);
        assertThat(table.path("TableName").asText()).isEqualTo(tableName);
        assertThat(table.path("KeyAttributes").path("PartitionKey").path("AttributeName").asText()).isEqualTo("PK");
        assertThat(table.path("KeyAttributes").path("SortKey").path("AttributeName").asText()).isEqualTo("SK");
        var gsi = table.path("GlobalSecondaryIndexes").get(0);
        assertThat(gsi.path("IndexName").asText()).isEqualTo("GSI1");
        assertThat(gsi.path("KeyAttributes").path("PartitionKey").path("AttributeName").asText()).isEqualTo(gsiPartitionKey);
        assertThat(gsi.path("KeyAttributes").path("SortKey").path("AttributeName").asText()).isEqualTo(gsiSortKey);
        assertThat(gsi.path("Projection").path("ProjectionType").asText()).isEqualTo("ALL");
        assertThat(table.path("TableFacets")).isNotEmpty().allSatisfy(facet -> {
            assertThat(facet.path("FacetName").asText()).isNotBlank();
            assertThat(facet.path("KeyAttributeAlias").path("PartitionKeyAlias").asText()).isNotBlank();
            assertThat(facet.path("KeyAttributeAlias").path("SortKeyAlias").asText()).isNotBlank();
            assertThat(facet.path("NonKeyAttributes").isArray()).isTrue();
        });
        var sample = SampleModels.load(fileName);
        assertThat(sample.keys().tableName()).isEqualTo(tableName);
        assertThat(sample.keys().indexes()).containsOnlyKeys("GSI1");
    }

    @ParameterizedTest
    @FieldSource("dev.dynalens.domain.inference.SampleModels#FILES")
    void everyItemIsStrictDynamoDbJson_andTheWorkbenchReaderDropsNothing(String fileName) throws IOException {
        var strict = new ArrayList<Item>();
        for (var facet : table(fileName).path("TableFacets")) {
            for (var node : facet.path("TableData")) {
                strict.add(DynamoJsonCodec.readItem(node.toString()));
            }
        }
        assertThat(SampleModels.load(fileName).items()).containsExactlyElementsOf(strict);
    }

    @ParameterizedTest
    @FieldSource("dev.dynalens.domain.inference.SampleModels#FILES")
    void everyItemHasStringKeys_unique_andBothGsiKeysOrNeither(String fileName) {
        var sample = SampleModels.load(fileName);
        var gsi = sample.keys().indexes().get("GSI1");
        var keys = new HashSet<String>();
        assertThat(sample.items()).allSatisfy(item -> {
            assertThat(item.attributes().get("PK")).isInstanceOf(Str.class);
            assertThat(item.attributes().get("SK")).isInstanceOf(Str.class);
            assertThat(item.has(gsi.partitionKeyName())).isEqualTo(item.has(gsi.sortKeyName()));
            assertThat(keys.add(key(item))).as("unique key %s", key(item)).isTrue();
        });
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            online-shop.json, Customer,        8
            online-shop.json, Order,          25
            online-shop.json, OrderItem,      60
            online-shop.json, Product,        15
            blog.json,        User,            8
            blog.json,        Post,           16
            blog.json,        Comment,        40
            blog.json,        TagEntry,       24
            teams.json,       User,           12
            teams.json,       Team,            4
            teams.json,       UserMembership, 18
            teams.json,       TeamMembership, 17
            tracker.json,     Organisation,    3
            tracker.json,     User,           12
            tracker.json,     Membership,     16
            tracker.json,     Project,         7
            tracker.json,     Sprint,         12
            tracker.json,     Task,           31
            tracker.json,     Comment,        61
            tracker.json,     Watch,          61
            """)
    void facetHoldsItsItems(String fileName, String facet, int count) {
        assertThat(SampleModels.load(fileName).facets().get(facet)).hasSize(count);
    }

    @Test
    void onlineShop_hasExactNumbers_setsMapsAndRealThumbnails() throws IOException {
        var shop = SampleModels.load(SampleModels.ONLINE_SHOP);
        var customers = shop.facets().get("Customer");
        assertThat(customers).allSatisfy(c -> {
            assertThat(((Num) c.attributes().get("loyaltyNumber")).value().significantDigits()).isEqualTo(38);
            assertThat(c.attributes().get("address")).isInstanceOf(MapValue.class);
        });
        assertThat(customers).anySatisfy(c -> assertThat(c.attributes().get("tags")).isInstanceOf(AttributeValue.StringSet.class));
        for (var product : shop.facets().get("Product")) {
            var png = ((Bin) product.attributes().get("thumbnail")).value().toArray();
            var image = ImageIO.read(new ByteArrayInputStream(png));
            assertThat(image).as("thumbnail of %s", key(product)).isNotNull();
            assertThat(image.getWidth()).isEqualTo(Thumbnails.SIZE);
        }
        assertThat(shop.facets().get("Product")).extracting(p -> text(p, "GSI1PK")).containsOnly("CATEGORY#books", "CATEGORY#games", "CATEGORY#garden");
        assertThat(shop.facets().get("Order")).extracting(o -> text(o, "GSI1PK")).containsOnly("STATUS#OPEN", "STATUS#SHIPPED", "STATUS#DELIVERED");
        assertThat(shop.facets().get("Order")).extracting(o -> text(o, "GSI1SK")).allMatch(ts -> ts.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"));
    }

    @Test
    void onlineShop_orderTotalsAreTheSumOfTheirItems_whoseProductsExist() {
        var shop = SampleModels.load(SampleModels.ONLINE_SHOP);
        var prices = shop.facets().get("Product").stream().collect(Collectors.toMap(p -> text(p, "sku"), p -> number(p, "price")));
        var totals = shop.facets().get("OrderItem").stream().collect(Collectors.groupingBy(i -> text(i, "PK"),
                Collectors.reducing(BigDecimal.ZERO, i -> number(i, "price").multiply(number(i, "quantity")), BigDecimal::add)));
        assertThat(shop.facets().get("OrderItem")).allSatisfy(i -> assertThat(number(i, "price")).isEqualByComparingTo(prices.get(text(i, "productId"))));
        assertThat(shop.facets().get("Order")).allSatisfy(o ->
                assertThat(number(o, "total")).isEqualByComparingTo(totals.get("ORDER#" + text(o, "orderId"))));
        assertThat(totals).hasSize(25);
        assertThat(shop.facets().get("Order")).extracting(o -> text(o, "PK")).containsAll(
                shop.facets().get("Customer").stream().map(c -> text(c, "PK")).toList());
    }

    private static BigDecimal number(Item item, String name) {
        return ((Num) item.attributes().get(name)).value().toBigDecimal();
    }

    /** A copy of a user's name found by the id next to it: (copy key, source id, copied value). */
    private record Copy(String key, String sourceId, String value) {
    }

    private static List<Copy> blogNameCopies(SampleModels.Sample blog) {
        var copies = new ArrayList<Copy>();
        blog.facets().get("Post").forEach(p -> copies.add(new Copy(key(p) + " authorName", text(p, "authorId"), text(p, "authorName"))));
        blog.facets().get("Comment").forEach(c -> copies.add(new Copy(key(c) + " commenterName", text(c, "commenterId"), text(c, "commenterName"))));
        blog.facets().get("TagEntry").forEach(t -> {
            var author = ((MapValue) t.attributes().get("author")).values();
            copies.add(new Copy(key(t) + " author.name", ((Str) author.get("id")).value(), ((Str) author.get("name")).value()));
        });
        return copies;
    }

    @Test
    void blog_staleCopiesAndOrphansAreExactlyThoseTheReadmeLists() {
        var blog = SampleModels.load(SampleModels.BLOG);
        Map<String, String> names = blog.facets().get("User").stream().collect(Collectors.toMap(u -> text(u, "userId"), u -> text(u, "name")));
        var stale = new TreeSet<String>();
        var orphans = new TreeSet<String>();
        var agreeing = 0;
        for (var copy : blogNameCopies(blog)) {
            var source = names.get(copy.sourceId());
            if (source == null) {
                orphans.add(copy.key());
            } else if (!source.equals(copy.value())) {
                stale.add(copy.key() + " = " + copy.value());
            } else {
                agreeing++;
            }
        }
        assertThat(stale).containsExactly(
                "POST#choosing-sort-keys | METADATA authorName = Priya Raman",
                "POST#cold-starts-measured | COMMENT#2024-03-06T18:40:00Z#c0011 commenterName = Priya Raman",
                "POST#gsi-overloading-explained | METADATA authorName = Priya Raman",
                "POST#records-and-sealed-types | COMMENT#2024-02-13T08:12:00Z#c0008 commenterName = Priya Raman",
                "POST#single-table-design-in-practice | METADATA authorName = Priya Raman",
                "TAG#dynamodb | POST#2024-01-18T14:30:00Z#single-table-design-in-practice author.name = Priya Raman");
        assertThat(orphans).containsExactly(
                "POST#adjacency-lists-for-many-to-many | COMMENT#2024-03-29T07:55:00Z#c0013 commenterName",
                "POST#single-table-design-in-practice | COMMENT#2024-01-19T10:11:00Z#c0003 commenterName");
        assertThat(names).containsEntry("102", "Priya Natarajan").doesNotContainKey("109");
        assertThat(agreeing).isEqualTo(16 + 40 + 24 - stale.size() - orphans.size());
    }

    @Test
    void teams_everyMembershipHasItsMirrorButOne() {
        var teams = SampleModels.load(SampleModels.TEAMS);
        Set<String> edges = new HashSet<>();
        teams.items().stream().filter(i -> !text(i, "SK").equals("PROFILE") && !text(i, "SK").equals("METADATA"))
                .forEach(i -> edges.add(key(i)));
        var missing = edges.stream().filter(e -> {
            var parts = e.split(" \\| ");
            return !edges.contains(parts[1] + " | " + parts[0]);
        }).toList();
        assertThat(missing).containsExactly("USER#u09 | TEAM#data");
        var roots = teams.items().stream().map(i -> text(i, "PK")).collect(Collectors.toSet());
        assertThat(edges).allSatisfy(e -> assertThat(roots).contains(e.split(" \\| ")[0], e.split(" \\| ")[1]));
    }

    /**
     * The tracker's planted copies, by plain look-ups of each copy's source (how each shape names it): the stale ones
     * differ from a source that exists, the orphans have none, and every other copy agrees.
     */
    @Test
    void tracker_staleCopiesAndOrphansAreExactlyThoseTheReadmeLists() {
        var tracker = SampleModels.load(SampleModels.TRACKER);
        var byKey = new java.util.HashMap<String, Item>();
        tracker.items().forEach(item -> byKey.put(key(item), item));
        var bySprint = new java.util.HashMap<String, Item>();
        var bySortKey = new java.util.HashMap<String, Item>();
        tracker.items().forEach(item -> {
            if (item.has("GSI1PK") && text(item, "GSI1SK").equals("SPRINT")) {
                bySprint.put(text(item, "GSI1PK"), item);
            }
            if (text(item, "SK").startsWith("PROJECT#")) {
                bySortKey.put(text(item, "SK"), item);
            }
            if (text(item, "SK").startsWith("TASK#") && text(item, "PK").startsWith("PROJECT#")) {
                bySortKey.put(text(item, "SK"), item);
            }
        });
        var stale = new TreeSet<String>();
        var orphans = new TreeSet<String>();
        var copies = 0;
        for (var item : tracker.items()) {
            var pk = text(item, "PK");
            var sk = text(item, "SK");
            var checks = new ArrayList<Object[]>();
            if (pk.startsWith("ORG#") && sk.startsWith("USER#")) {
                checks.add(new Object[] {"userName", byKey.get(sk + " | PROFILE"), "name"});
            } else if (sk.startsWith("PROJECT#")) {
                checks.add(new Object[] {"orgName", byKey.get(pk + " | " + pk), "name"});
            } else if (sk.startsWith("TASK#")) {
                checks.add(new Object[] {"projectTitle", bySortKey.get(pk), "title"});
                checks.add(new Object[] {"assigneeName", byKey.get("USER#" + text(item, "assigneeId") + " | PROFILE"), "name"});
                checks.add(new Object[] {"sprintName", bySprint.get(text(item, "GSI1PK")), "name"});
            } else if (sk.startsWith("COMMENT#")) {
                checks.add(new Object[] {"taskTitle", bySortKey.get(pk), "title"});
                var author = ((MapValue) item.attributes().get("author")).values();
                checks.add(new Object[] {"author.name", byKey.get("USER#" + ((Str) author.get("id")).value() + " | PROFILE"), "name",
                        ((Str) author.get("name")).value()});
            } else if (sk.startsWith("WATCH#")) {
                checks.add(new Object[] {"taskTitle", bySortKey.get(sk.substring("WATCH#".length())), "title"});
            }
            for (var check : checks) {
                copies++;
                var attribute = (String) check[0];
                var source = (Item) check[1];
                var value = check.length > 3 ? (String) check[3] : text(item, attribute);
                if (source == null) {
                    orphans.add(pk + " / " + sk + " " + attribute);
                } else if (!text(source, (String) check[2]).equals(value)) {
                    stale.add(pk + " / " + sk + " " + attribute);
                }
            }
        }
        var data = dev.dynalens.domain.staleness.TrackerData.of(1);
        assertThat(stale).containsExactlyInAnyOrderElementsOf(dev.dynalens.domain.staleness.TrackerData.keys(data.stale())).hasSize(15);
        assertThat(orphans).containsExactlyInAnyOrderElementsOf(dev.dynalens.domain.staleness.TrackerData.keys(data.orphans())).hasSize(8);
        assertThat(copies).isEqualTo(16 + 7 + 3 * 31 + 2 * 61 + 61);
    }
}
