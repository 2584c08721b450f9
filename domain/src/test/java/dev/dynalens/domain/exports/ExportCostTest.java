package dev.dynalens.domain.exports;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ExportCostTest {
    private static final long GB = 1L << 30;
    private static final ExportRequest FULL = ExportRequest.full("Shop", "my-bucket", null, ExportFormat.DYNAMODB_JSON);

    @Test
    void aFullExport_costsTheTableSizeTimesTheRegionsPricePerGb() {
        var cost = ExportCost.of(FULL, 12 * GB + GB / 2, "us-east-1");

        // 12.5 GB at $0.10 = $1.25, worked out by hand
        assertThat(cost.amount()).contains(new BigDecimal("1.25"));
        assertThat(cost.text()).isEqualTo("A full export of Shop costs about $1.25: 12.5 GB (DescribeTable's size, updated about every "
                + "six hours) at $0.10 per GB in us-east-1 (price of " + ExportPrices.AS_OF + ").");
    }

    @Test
    void aSmallTable_costsLessThanACent_andAnEmptyOneNothing() {
        assertThat(ExportCost.of(FULL, 1024, "us-east-1").text()).contains("costs less than $0.01");
        assertThat(ExportCost.of(FULL, 0, "us-east-1").text()).contains("costs about $0.00");
    }

    @Test
    void aRegionWhosePriceIsNotRecorded_saysSo_andGuessesNothing() {
        var cost = ExportCost.of(FULL, 3 * GB, "eu-west-3");

        assertThat(cost.amount()).isEmpty();
        assertThat(cost.text()).isEqualTo("A full export of Shop is billed on its size, 3.0 GB (DescribeTable's size, updated about "
                + "every six hours); its price per GB in eu-west-3 is not known here (prices recorded " + ExportPrices.AS_OF
                + " for us-east-1): see the DynamoDB pricing page.");
    }

    @Test
    void anIncrementalExport_isBilledOnTheChangedData_atLeastTenMegabytes() {
        var request = new ExportRequest("Shop", "my-bucket", null, ExportFormat.ION, null,
                new IncrementalWindow(Instant.parse("2026-11-30T08:00:00Z"), null, ExportViewType.NEW_AND_OLD_IMAGES));

        var cost = ExportCost.of(request, 40 * GB, "us-east-1");

        assertThat(cost.amount()).isEmpty();
        assertThat(cost.text()).isEqualTo("An incremental export of Shop is billed on the data that changed from 2026-11-30T08:00:00Z to "
                + "the latest time with data, at least 10.0 MB; how much that is is known only once it ran.");
    }

    @Test
    void aCompletedExport_saysWhatItWasBilledOn() {
        var done = new ExportDescription("arn:aws:dynamodb:us-east-1:1:table/Shop/export/x", ExportStatus.COMPLETED, null, null, null,
                null, "b1", null, ExportFormat.ION, ExportType.FULL, null, 5L, 2 * GB, null, null, null, null);

        assertThat(ExportCost.billed(done, "us-east-1")).contains("billed on 2.0 GB, about $0.20 in us-east-1");
        assertThat(ExportCost.billed(done, "ap-south-2")).contains("billed on 2.0 GB");
    }
}
