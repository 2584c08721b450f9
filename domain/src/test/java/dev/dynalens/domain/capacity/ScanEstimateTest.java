package dev.dynalens.domain.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScanEstimateTest {
    private static final long MB = 1024 * 1024;

    /** A page reads at most 1 MB; its items are summed and rounded up to 4 KB; an eventually consistent 4 KB is half a unit. */
    @ParameterizedTest
    @CsvSource(textBlock = """
            # bytes,      segments, halves of a unit, requests
            0,            1,        1,                1
            1,            1,        1,                1
            4096,         1,        1,                1
            4097,         1,        2,                1
            1048576,      1,        256,              1
            1048577,      1,        257,              2
            10485760,     1,        2560,             10
            10485760,     4,        2560,             12
            3,            4,        4,                4
            """)
    void of_countsHalfAUnitPer4KbOfEachPage_andARequestPerPageAndSegment(long bytes, int segments, long halves, long requests) {
        var estimate = ScanEstimate.of(bytes, 0, segments);

        assertThat(estimate.capacity()).isEqualTo(CapacityUnits.ofHalves(halves));
        assertThat(estimate.requests()).isEqualTo(requests);
        assertThat(estimate.segments()).isEqualTo(segments);
    }

    @Test
    void text_saysTheUnitsAndRequests_orThatDescribeTableDoesNotKnowTheSize() {
        assertThat(ScanEstimate.of(230 * MB, 1_000_000, 2).text())
                .isEqualTo("about 29,440 read units (eventually consistent, 230.0 MB), 230 requests in 2 parallel segments");
        assertThat(ScanEstimate.of(3 * MB + 100, 0, 1).text()).isEqualTo("about 384.5 read units (eventually consistent, 3.0 MB), 4 requests");
        assertThat(ScanEstimate.of(0, 0, 1).sizeKnown()).isFalse();
        assertThat(ScanEstimate.of(0, 0, 1).text()).isEqualTo("an unknown number of read units (DescribeTable says 0 bytes; DynamoDB updates "
                + "the size about every six hours), at least 1 request");
    }

    @Test
    void endpoint_isDynamoDbWithoutACustomEndpointOrWithAwsOwn_localOtherwise_andAWorkspaceHasPlaceholderCredentials() {
        var aws = ConnectionProfile.create("prod", new CredentialsSource.Profile("default"), "eu-west-1", null, false, ConnectionTag.PRODUCTION);
        var awsEndpoint = ConnectionProfile.create("vpc", new CredentialsSource.Profile("default"), "eu-west-1",
                URI.create("https://dynamodb.eu-west-1.amazonaws.com"), false, ConnectionTag.NONE);
        var local = ConnectionProfile.local("dynalite", URI.create("http://localhost:8000"));
        var workspace = ConnectionProfile.create("blog.json", new CredentialsSource.LocalPlaceholder(), "local", null, true, ConnectionTag.NONE);

        assertThat(ScanEstimate.Endpoint.of(aws)).isEqualTo(ScanEstimate.Endpoint.DYNAMODB);
        assertThat(ScanEstimate.Endpoint.of(awsEndpoint)).isEqualTo(ScanEstimate.Endpoint.DYNAMODB);
        assertThat(ScanEstimate.Endpoint.of(local)).isEqualTo(ScanEstimate.Endpoint.LOCAL);
        assertThat(ScanEstimate.Endpoint.of(workspace)).isEqualTo(ScanEstimate.Endpoint.WORKSPACE);
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            DYNAMODB,  0,              0,         4, 1
            DYNAMODB,  100000000,      500000,    4, 1
            DYNAMODB,  134217729,      900000,    4, 2
            DYNAMODB,  100000000000,   9000000,   4, 16
            LOCAL,     100000000000,   9000000,   4, 2
            LOCAL,     0,              0,         4, 2
            LOCAL,     1048576,        5000,      4, 1
            LOCAL,     1048577,        5000,      4, 2
            LOCAL,     100000000,      500000,    1, 1
            WORKSPACE, 200000000,      1000000,   2, 2
            WORKSPACE, 2000000,        20000,     2, 1
            """)
    void segmentsFor_payWhereTheEndpointReadsThemInParallel(ScanEstimate.Endpoint endpoint, long bytes, long items, int processors, int segments) {
        assertThat(ScanEstimate.segmentsFor(endpoint, bytes, items, processors)).isEqualTo(segments);
    }

    @ParameterizedTest(name = "{0} items, {1} bytes: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            0        | 0             | about 0 items (0 B): about 0.5 read units
            1        | 300           | about 1 item (300 B): about 0.5 read units
            3        | 8192          | about 3 items (8.0 KB): about 1 read unit
            12345    | 2411724       | about 12,345 items (2.3 MB): about 294.5 read units
            2000000  | 3221225472    | about 2,000,000 items (3.0 GB): about 393216 read units
            """)
    void aWholeTableScan_costsItsSizeIn4KbUnits_halvedForEventuallyConsistentReads(long items, long bytes, String text) {
        assertThat(ScanEstimate.of(bytes, items, 1).overviewText()).isEqualTo(text);
    }

    @ParameterizedTest(name = "{0}, {1} bytes, {2} items: at most {3} segments")
    @CsvSource(textBlock = """
            DYNAMODB,  0,              0,        16
            DYNAMODB,  1,              1,        1
            DYNAMODB,  1048576,        300,      1
            DYNAMODB,  1048577,        300,      2
            DYNAMODB,  4404019,        203,      5
            DYNAMODB,  1099511627776,  9000000,  1048576
            LOCAL,     0,              0,        16
            LOCAL,     4404019,        203,      5
            WORKSPACE, 30000,          3,        3
            WORKSPACE, 30000,          88,       16
            WORKSPACE, 0,              0,        1
            """)
    void aTable_canUseASegmentPerMegabyte_or16WhenItsSizeIsUnknown_aWorkspaceOnePerItem(ScanEstimate.Endpoint endpoint, long bytes,
                                                                                      long items, long segments) {
        assertThat(ScanEstimate.usableSegments(endpoint, bytes, items)).isEqualTo(segments);
    }
}
