package dev.dynalens.testsupport;

import java.net.URI;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The DynamoDB-compatible endpoint of this test run and a client for it (placeholder credentials,
 * us-east-1). The client is shared by every test of the run: do not close it.
 */
public record TestEndpoint(URI endpoint, DynamoDbAsyncClient client, String backend) {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final String RUN_ID = UUID.randomUUID().toString().substring(0, 8);

    /**
     * A table name no other test of this run (nor of an earlier run against the same external endpoint) uses.
     * Keeps to DynamoDB's rule: 3 to 255 characters of a-z, A-Z, 0-9, '_', '-', '.'.
     */
    public String uniqueTableName(String prefix) {
        var clean = prefix.replaceAll("[^a-zA-Z0-9_.-]", "-");
        var name = clean + "-" + RUN_ID + "-" + COUNTER.incrementAndGet();
        return name.length() <= 255 ? name : name.substring(name.length() - 255);
    }

    @Override
    public String toString() {
        return backend.toLowerCase(Locale.ROOT) + " at " + endpoint;
    }
}
