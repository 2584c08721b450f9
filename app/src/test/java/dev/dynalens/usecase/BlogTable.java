package dev.dynalens.usecase;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * samples/blog.json as table "Blog" of a {@link FakeDynamoSession}: its 88 items in pages of {@value #PAGE} (the start
 * key carries the offset), with the six planted stale copies of "Priya Raman" and the two orphaned comments of user 109.
 */
final class BlogTable {
    static final int PAGE = 25;
    static final SampleModels.Sample BLOG = SampleModels.load(SampleModels.BLOG);

    private BlogTable() {
    }

    /** A session whose reads wait until the test completes them ({@link FakeDynamoSession#lastRead()}). */
    static FakeDynamoSession session(boolean readOnly, ConnectionTag tag) {
        var session = new FakeDynamoSession(ConnectionProfile.create("conn", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:9"), readOnly, tag));
        var keys = BLOG.keys();
        var indexes = keys.indexes().entrySet().stream().map(e -> new IndexDescription(e.getKey(), IndexDescription.Kind.GLOBAL,
                e.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE")).toList();
        // DescribeTable's figures of the sample (about 30 KB): a table that fits one page reads in one segment.
        session.description.complete(new TableDescription("Blog", keys.keySchema(), indexes, List.of(), BLOG.items().size(), 30_000,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        return session;
    }

    /** A local session that answers every read at once. */
    static FakeDynamoSession answering() {
        var session = session(false, ConnectionTag.LOCAL);
        session.responder = BlogTable::page;
        return session;
    }

    static Page page(ReadRequest request) {
        var start = request.exclusiveStartKey() == null ? 0 : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("at")).value());
        var end = Math.min(BLOG.items().size(), start + PAGE);
        Map<String, AttributeValue> last = end < BLOG.items().size() ? Map.of("at", AttributeValue.s(Integer.toString(end))) : null;
        return new Page(BLOG.items().subList(start, end), last, end - start, ConsumedCapacity.NOT_REPORTED);
    }

    static int pagesPerPass() {
        return (BLOG.items().size() + PAGE - 1) / PAGE;
    }
}
