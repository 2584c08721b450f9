package dev.dynalens.samples;

import static dev.dynalens.samples.ItemBuilder.item;
import static dev.dynalens.samples.ItemBuilder.map;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.samples.WorkbenchModelWriter.Facet;
import dev.dynalens.samples.WorkbenchModelWriter.Gsi;
import dev.dynalens.samples.WorkbenchModelWriter.Model;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;

/**
 * {@code samples/online-shop.json}: customers, their orders, order items and products in table
 * {@code OnlineShop}; GSI1 is overloaded with order status ({@code STATUS#OPEN}) and product
 * category ({@code CATEGORY#books}).
 */
final class OnlineShopSample {
    static final String FILE = "online-shop.json";

    private record Customer(String id, String name, String email, String street, String city, String postcode,
                            String country, List<String> tags, String since) {
    }

    private record Product(String sku, String category, String title, String price, int stock) {
    }

    private record Line(Product product, int quantity) {
    }

    private static final List<Customer> CUSTOMERS = List.of(
            new Customer("C1001", "Maria Keller", "maria.keller@example.com", "Lindenstraße 12", "Berlin", "10969", "DE", List.of("newsletter", "vip"), "2021-03-14"),
            new Customer("C1002", "Tomás Ortega", "tomas.ortega@example.com", "Calle de Alcalá 48", "Madrid", "28014", "ES", List.of("newsletter"), "2021-09-02"),
            new Customer("C1003", "Aiko Tanaka", "aiko.tanaka@example.org", "2-11-3 Meguro", "Tokyo", "153-0063", "JP", List.of(), "2022-01-20"),
            new Customer("C1004", "Samuel Okafor", "samuel.okafor@example.com", "14 Admiralty Way", "Lagos", "101233", "NG", List.of("wholesale"), "2022-06-11"),
            new Customer("C1005", "Lena Fischer", "lena.fischer@example.org", "Mariahilfer Straße 88", "Wien", "1070", "AT", List.of("gift-wrap", "newsletter"), "2022-11-29"),
            new Customer("C1006", "Anjali Mehta", "anjali.mehta@example.org", "27 MG Road", "Bengaluru", "560001", "IN", List.of("vip"), "2023-02-07"),
            new Customer("C1007", "Jonas Berg", "jonas.berg@example.org", "Drottninggatan 5", "Stockholm", "111 51", "SE", List.of(), "2023-08-18"),
            new Customer("C1008", "Chloé Martin", "chloe.martin@example.net", "9 Rue Oberkampf", "Paris", "75011", "FR", List.of("newsletter"), "2024-01-03"));

    private static final List<Product> PRODUCTS = List.of(
            new Product("BK-1001", "books", "Patterns of Quiet Code", "34.90", 42),
            new Product("BK-1002", "books", "The Lighthouse Ledger", "18.50", 17),
            new Product("BK-1003", "books", "A Field Guide to Distributed Clocks", "42.00", 8),
            new Product("BK-1004", "books", "Winter Recipes from the North", "27.95", 23),
            new Product("BK-1005", "books", "Small Rooms, Big Ideas", "22.40", 0),
            new Product("GM-2001", "games", "Harbour Lights", "39.99", 12),
            new Product("GM-2002", "games", "Tile & Trade", "29.50", 30),
            new Product("GM-2003", "games", "Starfall Expedition", "54.00", 5),
            new Product("GM-2004", "games", "Pocket Chess Puzzles", "12.99", 64),
            new Product("GM-2005", "games", "Meadow Builders", "44.90", 9),
            new Product("GD-3001", "garden", "Cedar Raised Bed 120 cm", "89.00", 6),
            new Product("GD-3002", "garden", "Copper Watering Can 5 l", "36.75", 14),
            new Product("GD-3003", "garden", "Heirloom Tomato Seed Set", "9.95", 120),
            new Product("GD-3004", "garden", "Folding Kneeler Bench", "31.20", 11),
            new Product("GD-3005", "garden", "Bee Hotel, Larch", "24.60", 19));

    private static final int ORDERS = 25;
    private static final int ORDER_ITEMS = 60;
    private static final DateTimeFormatter ISO_SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'");

    private OnlineShopSample() {
    }

    static Model model() {
        var random = new Random(20240108L);
        var customers = CUSTOMERS.stream().map(c -> customer(c, random)).toList();
        var orders = new ArrayList<Item>();
        var orderItems = new ArrayList<Item>();
        writeOrders(random, orders, orderItems);
        var products = new ArrayList<Item>();
        for (int i = 0; i < PRODUCTS.size(); i++) {
            products.add(product(PRODUCTS.get(i), i));
        }
        var keys = KeySchema.of("PK", "SK");
        return new Model("Online Shop",
                "DynaLens sample: customers, orders, order items and products in one table; GSI1 lists orders by status and products by category.",
                "OnlineShop", keys, List.of(new Gsi("GSI1", KeySchema.of("GSI1PK", "GSI1SK"))),
                List.of(new Facet("Customer", "CUSTOMER#customerId", "PROFILE", customers),
                        new Facet("Order", "CUSTOMER#customerId", "ORDER#orderDate#orderId", orders),
                        new Facet("OrderItem", "ORDER#orderId", "ITEM#lineNumber", orderItems),
                        new Facet("Product", "PRODUCT#sku", "METADATA", products)));
    }

    private static Item customer(Customer c, Random random) {
        return item("CUSTOMER#" + c.id(), "PROFILE")
                .s("customerId", c.id())
                .s("name", c.name())
                .s("email", c.email())
                .m("address", map("street", c.street(), "city", c.city(), "postcode", c.postcode(), "country", c.country()))
                .n("loyaltyNumber", loyaltyNumber(random))
                .ss("tags", c.tags())
                .s("customerSince", c.since())
                .build();
    }

    /** 38 digits, DynamoDB's full precision, with no trailing zero so all 38 are significant. */
    private static String loyaltyNumber(Random random) {
        var digits = new StringBuilder().append(1 + random.nextInt(9));
        for (int i = 0; i < 36; i++) {
            digits.append(random.nextInt(10));
        }
        return digits.append(1 + random.nextInt(9)).toString();
    }

    private static void writeOrders(Random random, List<Item> orders, List<Item> orderItems) {
        var buyers = new ArrayList<>(CUSTOMERS);
        Collections.shuffle(buyers, random);
        var lineCounts = new int[ORDERS];
        Arrays.fill(lineCounts, 2);
        for (int extra = ORDERS * 2; extra < ORDER_ITEMS; ) {
            int i = random.nextInt(ORDERS);
            if (lineCounts[i] < 4) {
                lineCounts[i]++;
                extra++;
            }
        }
        var placed = LocalDateTime.of(2024, 1, 8, 9, 12, 40);
        int orderId = 40117;
        for (int i = 0; i < ORDERS; i++) {
            var customer = i < buyers.size() ? buyers.get(i) : CUSTOMERS.get(random.nextInt(CUSTOMERS.size()));
            var lines = lines(random, lineCounts[i]);
            var total = lines.stream().map(l -> new BigDecimal(l.product().price()).multiply(BigDecimal.valueOf(l.quantity())))
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            var status = i >= ORDERS - 4 ? "OPEN" : i >= ORDERS - 9 ? "SHIPPED" : "DELIVERED";
            var createdAt = placed.format(ISO_SECONDS);
            var order = item("CUSTOMER#" + customer.id(), "ORDER#" + placed.toLocalDate() + "#" + orderId)
                    .s("orderId", Integer.toString(orderId))
                    .s("status", status)
                    .n("total", total.toPlainString())
                    .s("currency", "EUR")
                    .n("itemCount", lines.stream().mapToInt(Line::quantity).sum())
                    .s("createdAt", createdAt);
            if (!status.equals("OPEN")) {
                order.s("shippedAt", placed.plus(Duration.ofHours(20 + random.nextInt(40))).format(ISO_SECONDS));
            }
            orders.add(order.s("GSI1PK", "STATUS#" + status).s("GSI1SK", createdAt).build());
            for (int line = 0; line < lines.size(); line++) {
                var l = lines.get(line);
                orderItems.add(item("ORDER#" + orderId, "ITEM#" + (line + 1))
                        .s("productId", l.product().sku())
                        .n("quantity", l.quantity())
                        .n("price", l.product().price())
                        .build());
            }
            placed = placed.plusDays(3 + random.nextInt(8)).withHour(7 + random.nextInt(15))
                    .withMinute(random.nextInt(60)).withSecond(random.nextInt(60));
            orderId += 1 + random.nextInt(40);
        }
    }

    private static List<Line> lines(Random random, int count) {
        var picked = new LinkedHashSet<Product>();
        while (picked.size() < count) {
            picked.add(PRODUCTS.get(random.nextInt(PRODUCTS.size())));
        }
        return picked.stream().map(p -> new Line(p, random.nextInt(10) < 7 ? 1 : 2 + random.nextInt(2))).toList();
    }

    private static Item product(Product p, int index) {
        int colour = switch (p.category()) {
            case "books" -> 0x8A5A36;
            case "games" -> 0x2F5D8A;
            default -> 0x4F7A3A;
        };
        return item("PRODUCT#" + p.sku(), "METADATA")
                .s("sku", p.sku())
                .s("title", p.title())
                .n("price", p.price())
                .s("currency", "EUR")
                .n("stock", p.stock())
                .b("thumbnail", Thumbnails.png(colour, index % 5))
                .s("GSI1PK", "CATEGORY#" + p.category())
                .s("GSI1SK", p.title())
                .build();
    }
}
