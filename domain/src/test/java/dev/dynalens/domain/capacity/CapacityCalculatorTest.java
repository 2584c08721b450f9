package dev.dynalens.domain.capacity;

import static dev.dynalens.domain.capacity.ReadConsistency.EVENTUAL;
import static dev.dynalens.domain.capacity.ReadConsistency.STRONG;
import static dev.dynalens.domain.capacity.ReadConsistency.TRANSACTIONAL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The worked examples of "DynamoDB read and write operations" in the Developer Guide, one test each. */
class CapacityCalculatorTest {
    private static final long KB = 1024;

    /** "reading a 3,500-byte item consumes the same throughput as reading a 4 KB item." */
    @Test
    void aReadIsRoundedUpTo4Kb() {
        assertThat(CapacityCalculator.getItem(3_500, STRONG)).isEqualTo(CapacityCalculator.getItem(4 * KB, STRONG)).hasToString("1");
    }

    /** "if your item size is 8 KB, you require 2 read units to sustain one strongly consistent read, 1 ... eventually consistent, or 4 for a transactional read." */
    @Test
    void an8KbItem_costs2Strong1Eventual4Transactional() {
        assertThat(CapacityCalculator.getItem(8 * KB, STRONG)).hasToString("2");
        assertThat(CapacityCalculator.getItem(8 * KB, EVENTUAL)).hasToString("1");
        assertThat(CapacityCalculator.getItem(8 * KB, TRANSACTIONAL)).hasToString("4");
    }

    /** GetItem: "if you read an item that is 3.5 KB, DynamoDB rounds the item size to 4 KB. If you read an item of 10 KB, DynamoDB rounds the item size to 12 KB." */
    @ParameterizedTest
    @CsvSource(textBlock = """
            3584,  0.5, 1, 2
            10240, 1.5, 3, 6
            4096,  0.5, 1, 2
            4097,  1,   2, 4
            1,     0.5, 1, 2
            """)
    void getItem_roundsTheItemTo4Kb(long bytes, String eventual, String strong, String transactional) {
        assertThat(CapacityCalculator.getItem(bytes, EVENTUAL)).hasToString(eventual);
        assertThat(CapacityCalculator.getItem(bytes, STRONG)).hasToString(strong);
        assertThat(CapacityCalculator.getItem(bytes, TRANSACTIONAL)).hasToString(transactional);
    }

    /** "If you perform a read operation on an item that does not exist, DynamoDB still consumes provisioned read throughput." */
    @Test
    void getItem_ofAMissingItem_stillCostsOneUnit() {
        assertThat(CapacityCalculator.getItem(OptionalLong.empty(), EVENTUAL)).hasToString("0.5");
        assertThat(CapacityCalculator.getItem(OptionalLong.empty(), STRONG)).hasToString("1");
    }

    /** BatchGetItem: "if BatchGetItem reads a 1.5 KB item and a 6.5 KB item, DynamoDB calculates the size as 12 KB (4 KB + 8 KB), not 8 KB (1.5 KB + 6.5 KB)." */
    @Test
    void batchGetItem_roundsEachItem() {
        var sizes = List.of(1536L, 6656L);
        assertThat(CapacityCalculator.batchGetItem(sizes, STRONG)).hasToString("3");      // 12 KB
        assertThat(CapacityCalculator.query(sizes, STRONG)).hasToString("2");             // 8 KB, as a Query would
        assertThat(CapacityCalculator.batchGetItem(sizes, EVENTUAL)).hasToString("1.5");
    }

    /** Query: "suppose your query returns 10 items whose combined size is 40.8 KB. DynamoDB rounds the item size for the operation to 44 KB." */
    @Test
    void query_sumsTheItemsThenRounds() {
        var tenItems = Collections.nCopies(10, (long) (40.8 * KB / 10));   // 4177 bytes each, 41,770 in all
        assertThat(CapacityCalculator.query(tenItems, STRONG)).hasToString("11");            // 44 KB
        assertThat(CapacityCalculator.query(tenItems, EVENTUAL)).hasToString("5.5");
        // "If a query returns 1500 items of 64 bytes each, the cumulative size is 96 KB."
        assertThat(CapacityCalculator.query(Collections.nCopies(1500, 64L), STRONG)).hasToString("24");
        assertThat(CapacityCalculator.batchGetItem(Collections.nCopies(1500, 64L), STRONG)).hasToString("1500");
    }

    @Test
    void query_ofNothing_countsOneUnit_andCannotBeTransactional() {
        assertThat(CapacityCalculator.query(List.of(), EVENTUAL)).hasToString("0.5");
        assertThat(CapacityCalculator.scan(List.of(), STRONG)).hasToString("1");
        assertThatThrownBy(() -> CapacityCalculator.query(List.of(1L), TRANSACTIONAL)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Scan counts the items it evaluates, filtered out or not: here 3 items of 2 KB read, whatever is returned. */
    @Test
    void scan_sumsTheEvaluatedItems() {
        assertThat(CapacityCalculator.scan(List.of(2 * KB, 2 * KB, 2 * KB), EVENTUAL)).hasToString("1");
    }

    /** "writing a 500-byte item consumes the same throughput as writing a 1 KB item"; a 1.5 KB item needs 2. */
    @ParameterizedTest
    @CsvSource(textBlock = """
            500,  1, 2
            1024, 1, 2
            1025, 2, 4
            1536, 2, 4
            409600, 400, 800
            """)
    void putItem_roundsTo1Kb_transactionsCostTwice(long bytes, String standard, String transactional) {
        var put = CapacityCalculator.putItem(bytes, OptionalLong.empty());
        assertThat(put).hasToString(standard);
        assertThat(CapacityCalculator.transactionalWrite(put)).hasToString(transactional);
    }

    /** PutItem over an existing item: "the item size that matters is the larger of the two." */
    @Test
    void putItem_overALargerItem_paysForTheLargerOne() {
        assertThat(CapacityCalculator.putItem(500, OptionalLong.of(3 * KB))).hasToString("3");
        assertThat(CapacityCalculator.putItem(3 * KB, OptionalLong.of(500))).hasToString("3");
    }

    /** UpdateItem: "the larger of the 'before' and 'after' item sizes", even for one attribute changed. */
    @Test
    void updateItem_paysForTheLargerOfBeforeAndAfter() {
        assertThat(CapacityCalculator.updateItem(OptionalLong.of(5 * KB), 200)).hasToString("5");
        assertThat(CapacityCalculator.updateItem(OptionalLong.of(200), 2 * KB + 1)).hasToString("3");
        assertThat(CapacityCalculator.updateItem(OptionalLong.empty(), 100)).hasToString("1");
    }

    @Test
    void deleteItem_paysForTheDeletedItem_orOneUnit() {
        assertThat(CapacityCalculator.deleteItem(OptionalLong.of(7 * KB))).hasToString("7");
        assertThat(CapacityCalculator.deleteItem(OptionalLong.empty())).hasToString("1");
    }

    /**
     * "if an existing item is 300kb and the new item you are trying to create or update is 310kb, the write
     * capacity units consumed will be 300 if the condition fails, and 310 if the condition succeeds. If this is
     * a new item (no existing item), then the write capacity units consumed will be 1 if the condition fails
     * and 310 if the condition succeeds."
     */
    @Test
    void failedConditionalWrite_paysForTheExistingItem_orOne() {
        assertThat(CapacityCalculator.failedConditionalWrite(OptionalLong.of(300 * KB))).hasToString("300");
        assertThat(CapacityCalculator.putItem(310 * KB, OptionalLong.of(300 * KB))).hasToString("310");
        assertThat(CapacityCalculator.failedConditionalWrite(OptionalLong.empty())).hasToString("1");
        assertThat(CapacityCalculator.putItem(310 * KB, OptionalLong.empty())).hasToString("310");
    }

    @Test
    void itemCost_isWhatSizePrints() {
        var cost = CapacityCalculator.itemCost(5 * KB);
        assertThat(List.of(cost.eventualRead(), cost.strongRead(), cost.transactionalRead(), cost.write(), cost.transactionalWrite()))
                .map(CapacityUnits::toString).containsExactly("1", "2", "4", "5", "10");
    }

    @Test
    void capacityUnits_areExactHalves() {
        assertThat(CapacityUnits.ofHalves(1)).hasToString("0.5");
        assertThat(CapacityUnits.ofHalves(3).toBigDecimal()).isEqualByComparingTo("1.5");
        assertThat(CapacityUnits.of(2).toBigDecimal().scale()).isZero();
        assertThat(CapacityUnits.ofHalves(1).plus(CapacityUnits.ofHalves(1))).isEqualTo(CapacityUnits.of(1));
        assertThat(CapacityUnits.ofHalves(3).equalsReported(1.5)).isTrue();
        assertThat(CapacityUnits.ofHalves(3).equalsReported(1.0)).isFalse();
        // ten thousand half units summed stay exact, where 0.1-style doubles would drift
        var sum = CapacityUnits.ZERO;
        for (int i = 0; i < 10_000; i++) sum = sum.plus(CapacityUnits.ofHalves(1));
        assertThat(sum).hasToString("5000");
        assertThatThrownBy(() -> CapacityUnits.ofHalves(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
