package dev.dynalens.samples;

import static dev.dynalens.samples.ItemBuilder.item;
import static dev.dynalens.samples.ItemBuilder.map;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.samples.WorkbenchModelWriter.Facet;
import dev.dynalens.samples.WorkbenchModelWriter.Gsi;
import dev.dynalens.samples.WorkbenchModelWriter.Model;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code samples/blog.json}: users, posts, comments and per-tag post lists in table {@code Blog}.
 * Author and commenter names are copied onto posts, comments and tag entries; GSI1 lists a user's
 * posts. Planted on purpose (samples/README.md lists the keys): user 102 was renamed from
 * "Priya Raman" to "Priya Natarajan" and the fan-out missed her three oldest posts, two of her
 * comments and one tag entry; user 109 deleted her account, leaving two comments whose commenter
 * no longer exists.
 */
final class BlogSample {
    static final String FILE = "blog.json";

    static final String RENAMED_USER = "102";
    static final String OLD_NAME = "Priya Raman";
    static final Instant RENAMED_AT = Instant.parse("2024-04-02T00:00:00Z");
    static final String DELETED_USER = "109";
    static final String DELETED_NAME = "Ruth Adebayo";

    private record User(String id, String name, String handle, String joinedAt) {
    }

    private record Post(String slug, String title, String authorId, String publishedAt, List<String> tags) {
    }

    private record Comment(Post post, String commenterId, String commenterName, Instant at) {
    }

    private static final List<User> USERS = List.of(
            new User("101", "Hannah Lindqvist", "hannahl", "2023-11-02"),
            new User("102", "Priya Natarajan", "priyan", "2023-11-05"),
            new User("103", "Kofi Mensah", "kofi", "2023-12-12"),
            new User("104", "Elena Petrova", "epetrova", "2024-01-08"),
            new User("105", "Marco Bianchi", "mbianchi", "2024-02-19"),
            new User("106", "Yuki Sato", "yukisato", "2024-03-03"),
            new User("107", "Daniel Okoye", "dokoye", "2024-03-30"),
            new User("108", "Sofia Almeida", "salmeida", "2024-05-01"));

    private static final List<Post> POSTS = List.of(
            new Post("welcome-to-the-blog", "Welcome to the blog", "101", "2024-01-10T09:00:00Z", List.of("announcements")),
            new Post("single-table-design-in-practice", "Single-table design in practice", "102", "2024-01-18T14:30:00Z", List.of("dynamodb", "data-modeling")),
            new Post("choosing-sort-keys", "Choosing sort keys that age well", "102", "2024-02-06T08:15:00Z", List.of("dynamodb")),
            new Post("records-and-sealed-types", "Records and sealed types for domain models", "103", "2024-02-12T17:45:00Z", List.of("java")),
            new Post("gsi-overloading-explained", "GSI overloading, explained", "102", "2024-02-27T10:05:00Z", List.of("dynamodb", "data-modeling")),
            new Post("cold-starts-measured", "Cold starts, measured", "104", "2024-03-05T12:00:00Z", List.of("serverless", "java")),
            new Post("virtual-threads-and-io", "Virtual threads and blocking I/O", "103", "2024-03-19T07:50:00Z", List.of("java")),
            new Post("adjacency-lists-for-many-to-many", "Adjacency lists for many-to-many", "101", "2024-03-28T15:20:00Z", List.of("dynamodb", "data-modeling")),
            new Post("denormalize-with-care", "Denormalize with care", "102", "2024-04-09T09:40:00Z", List.of("data-modeling")),
            new Post("event-driven-fan-out", "Event-driven fan-out with streams", "105", "2024-04-16T13:10:00Z", List.of("serverless", "dynamodb")),
            new Post("testing-against-a-local-endpoint", "Testing against a local DynamoDB", "106", "2024-04-25T11:25:00Z", List.of("dynamodb", "java")),
            new Post("one-year-of-on-demand", "One year of on-demand capacity", "101", "2024-05-03T16:00:00Z", List.of("dynamodb")),
            new Post("sparse-indexes", "Sparse indexes for work queues", "102", "2024-05-14T08:30:00Z", List.of("dynamodb", "data-modeling")),
            new Post("step-functions-retries", "Retries and backoff in Step Functions", "107", "2024-05-22T10:45:00Z", List.of("serverless")),
            new Post("ttl-for-sessions", "TTL for session data", "104", "2024-06-04T19:05:00Z", List.of("dynamodb", "serverless")),
            new Post("migrating-a-monolith", "Migrating a monolith, one table at a time", "108", "2024-06-20T09:55:00Z", List.of("data-modeling")));

    /** The one tag entry the rename fan-out missed: its nested {@code author.name} is stale. */
    private static final String STALE_TAG_ENTRY_TAG = "dynamodb";
    private static final String STALE_TAG_ENTRY_POST = "single-table-design-in-practice";

    private static final int RANDOM_COMMENTS = 34;
    private static final List<String> REMARKS = List.of(
            "Clear and to the point, thanks.",
            "We hit exactly this last quarter.",
            "How does this hold up past a million items?",
            "Bookmarked for the next design review.",
            "Would love a follow-up with numbers.",
            "The diagram made it click for me.",
            "Is there a sample repository?",
            "We went the other way and regretted it.",
            "Great write-up.",
            "What about hot partitions?",
            "This answers a question from our team chat.",
            "Small typo in the second code block.");

    private BlogSample() {
    }

    static Model model() {
        var random = new Random(20240110L);
        var names = USERS.stream().collect(Collectors.toMap(User::id, User::name));
        var users = USERS.stream().map(u -> item("USER#" + u.id(), "PROFILE")
                .s("userId", u.id()).s("name", u.name()).s("handle", u.handle()).s("joinedAt", u.joinedAt()).build()).toList();
        var posts = new ArrayList<Item>();
        var tagEntries = new ArrayList<Item>();
        for (var post : POSTS) {
            var authorName = nameAt(names, post.authorId(), Instant.parse(post.publishedAt()));
            posts.add(item("POST#" + post.slug(), "METADATA")
                    .s("postId", post.slug())
                    .s("title", post.title())
                    .s("authorId", post.authorId())
                    .s("authorName", authorName)
                    .s("publishedAt", post.publishedAt())
                    .n("readingMinutes", 3 + random.nextInt(10))
                    .ss("tags", post.tags())
                    .s("GSI1PK", "USER#" + post.authorId())
                    .s("GSI1SK", "POST#" + post.publishedAt())
                    .build());
        }
        for (var tag : POSTS.stream().flatMap(p -> p.tags().stream()).distinct().sorted().toList()) {
            for (var post : POSTS.stream().filter(p -> p.tags().contains(tag)).toList()) {
                var missed = tag.equals(STALE_TAG_ENTRY_TAG) && post.slug().equals(STALE_TAG_ENTRY_POST);
                var authorName = missed ? OLD_NAME : names.get(post.authorId());
                tagEntries.add(item("TAG#" + tag, "POST#" + post.publishedAt() + "#" + post.slug())
                        .s("title", post.title())
                        .m("author", map("id", post.authorId(), "name", authorName))
                        .build());
            }
        }
        var comments = comments(random, names);
        var keys = KeySchema.of("PK", "SK");
        return new Model("Blog",
                "DynaLens sample: users, posts, comments and tag lists; names are copied onto posts, comments and tag entries, a few of them stale on purpose (see samples/README.md).",
                "Blog", keys, List.of(new Gsi("GSI1", KeySchema.of("GSI1PK", "GSI1SK"))),
                List.of(new Facet("User", "USER#userId", "PROFILE", users),
                        new Facet("Post", "POST#postId", "METADATA", posts),
                        new Facet("Comment", "POST#postId", "COMMENT#createdAt#commentId", comments),
                        new Facet("TagEntry", "TAG#tag", "POST#publishedAt#postId", tagEntries)));
    }

    /** The author name on a post: the fan-out after the rename missed every post written before it. */
    private static String nameAt(Map<String, String> names, String userId, Instant writtenAt) {
        return userId.equals(RENAMED_USER) && writtenAt.isBefore(RENAMED_AT) ? OLD_NAME : names.get(userId);
    }

    private static List<Item> comments(Random random, Map<String, String> names) {
        Function<String, Post> post = slug -> POSTS.stream().filter(p -> p.slug().equals(slug)).findFirst().orElseThrow();
        var planned = new ArrayList<Comment>();
        // Priya's: two before the rename (missed by the fan-out, stale), two after.
        planned.add(new Comment(post.apply("records-and-sealed-types"), RENAMED_USER, OLD_NAME, Instant.parse("2024-02-13T08:12:00Z")));
        planned.add(new Comment(post.apply("cold-starts-measured"), RENAMED_USER, OLD_NAME, Instant.parse("2024-03-06T18:40:00Z")));
        planned.add(new Comment(post.apply("event-driven-fan-out"), RENAMED_USER, names.get(RENAMED_USER), Instant.parse("2024-04-17T09:02:00Z")));
        planned.add(new Comment(post.apply("step-functions-retries"), RENAMED_USER, names.get(RENAMED_USER), Instant.parse("2024-05-23T12:30:00Z")));
        // Ruth's account is gone: her comments are orphans.
        planned.add(new Comment(post.apply("single-table-design-in-practice"), DELETED_USER, DELETED_NAME, Instant.parse("2024-01-19T10:11:00Z")));
        planned.add(new Comment(post.apply("adjacency-lists-for-many-to-many"), DELETED_USER, DELETED_NAME, Instant.parse("2024-03-29T07:55:00Z")));
        var joinedAt = USERS.stream().collect(Collectors.toMap(User::id, User::joinedAt));
        var others = USERS.stream().map(User::id).filter(id -> !id.equals(RENAMED_USER)).toList();
        while (planned.size() < 6 + RANDOM_COMMENTS) {
            var p = POSTS.get(random.nextInt(POSTS.size()));
            var commenter = others.get(random.nextInt(others.size()));
            if (commenter.equals(p.authorId())) {
                continue;
            }
            var at = Instant.parse(p.publishedAt()).plusSeconds(3600L + random.nextInt(5 * 24 * 3600));
            if (at.isBefore(Instant.parse(joinedAt.get(commenter) + "T00:00:00Z"))) {
                continue;
            }
            planned.add(new Comment(p, commenter, names.get(commenter), at));
        }
        planned.sort(Comparator.comparing(Comment::at));
        var items = new ArrayList<Item>();
        for (int i = 0; i < planned.size(); i++) {
            var c = planned.get(i);
            var id = String.format("c%04d", i + 1);
            items.add(item("POST#" + c.post().slug(), "COMMENT#" + c.at() + "#" + id)
                    .s("commentId", id)
                    .s("commenterId", c.commenterId())
                    .s("commenterName", c.commenterName())
                    .s("text", REMARKS.get(random.nextInt(REMARKS.size())))
                    .s("createdAt", c.at().toString())
                    .build());
        }
        items.sort(Comparator.comparing((Item i) -> text(i, "PK")).thenComparing(i -> text(i, "SK")));
        return items;
    }

    private static String text(Item item, String name) {
        return ((AttributeValue.Str) item.attributes().get(name)).value();
    }
}
