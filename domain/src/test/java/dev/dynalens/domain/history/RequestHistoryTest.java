package dev.dynalens.domain.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestHistoryTest {
    static RequestRecord record(int n, String operation, String table, String condition) {
        return new RequestRecord(Instant.ofEpochSecond(n), "c1", "local", operation, table, null, condition, 0.5, 3, 12, "");
    }

    @Test
    void history_keepsTheNewestRecordsUpToItsCapacity_oldestFirst() {
        var history = new RequestHistory(3);
        IntStream.range(0, 5).forEach(n -> history.append(record(n, "Scan", "T" + n, "")));
        assertThat(history.snapshot()).extracting(RequestRecord::table).containsExactly("T2", "T3", "T4");
    }

    @Test
    void history_tellsListenersOfNewRecords_butNotOfRestoredOnes() {
        var history = new RequestHistory(10);
        var heard = new ArrayList<RequestRecord>();
        history.addListener(heard::add);
        history.restore(List.of(record(1, "Scan", "Old", "")));
        history.append(record(2, "Query", "New", "PK = \"A\""));
        assertThat(heard).extracting(RequestRecord::table).containsExactly("New");
        assertThat(history.snapshot()).hasSize(2);
    }

    @Test
    void history_refusesACapacityBelowOne() {
        assertThatThrownBy(() -> new RequestHistory(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            query,              true
            QUERY orders,       true
            orders cust#1,      true
            scan,               false
            'query   gsi1',     true
            '',                 true
            failed,             false
            """)
    void search_matchesWhenEveryWordOccursInOperationTableIndexOrCondition(String query, boolean matches) {
        var r = new RequestRecord(Instant.EPOCH, "c1", "prod", "Query", "Orders", "GSI1", "PK = \"CUST#1\"", null, 1, 5, "");
        assertThat(r.matches(query)).isEqualTo(matches);
    }

    @Test
    void search_findsErrors() {
        var history = new RequestHistory(10);
        history.append(record(1, "Scan", "A", ""));
        history.append(new RequestRecord(Instant.EPOCH, "c1", "local", "GetItem", "B", null, "PK = \"x\"", null, null, 3,
                "ResourceNotFoundException: table B does not exist"));
        assertThat(history.search("notfound")).extracting(RequestRecord::table).containsExactly("B");
        assertThat(history.search("notfound").get(0).failed()).isTrue();
    }
}
