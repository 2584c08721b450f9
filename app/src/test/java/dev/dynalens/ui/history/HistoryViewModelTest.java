package dev.dynalens.ui.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.history.RequestHistory;
import dev.dynalens.domain.history.RequestRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryViewModelTest {
    private final RequestHistory history = new RequestHistory(4);
    private final List<Runnable> fxQueue = new ArrayList<>();

    private static RequestRecord record(int n, String operation, String table, Double capacity, String error) {
        return new RequestRecord(Instant.ofEpochSecond(n), "c", "dev", operation, table, null, "", capacity, 1, 5, error);
    }

    private void runFx() {
        var queued = List.copyOf(fxQueue);
        fxQueue.clear();
        queued.forEach(Runnable::run);
    }

    @Test
    void showsWhatWasRecordedBefore_newestFirst() {
        history.append(record(1, "Scan", "A", 1.0, ""));
        history.append(record(2, "Query", "B", 2.0, ""));
        var model = new HistoryViewModel(history, fxQueue::add);
        assertThat(model.records()).extracting(RequestRecord::table).containsExactly("B", "A");
        assertThat(model.summaryProperty().get()).isEqualTo("2 request(s) · 3.0 capacity units");
    }

    @Test
    void newRequests_arriveThroughTheFxExecutor_atTheTop() {
        var model = new HistoryViewModel(history, fxQueue::add);
        history.append(record(1, "Scan", "A", null, ""));
        assertThat(model.records()).isEmpty(); // not yet on the FX thread
        runFx();
        assertThat(model.records()).extracting(RequestRecord::table).containsExactly("A");
        history.append(record(2, "GetItem", "B", null, ""));
        runFx();
        assertThat(model.records()).extracting(RequestRecord::table).containsExactly("B", "A");
    }

    @Test
    void search_filtersByOperationTableOrError_andTheSummaryCountsWhatIsShown() {
        var model = new HistoryViewModel(history, Runnable::run);
        history.append(record(1, "Scan", "Orders", 4.0, ""));
        history.append(record(2, "Query", "Orders", 0.5, ""));
        history.append(record(3, "Query", "Users", 0.5, "ValidationException: bad key"));
        model.searchProperty().set("query orders");
        assertThat(model.records()).extracting(RequestRecord::time).containsExactly(Instant.ofEpochSecond(2));
        assertThat(model.summaryProperty().get()).isEqualTo("1 request(s) of 3 · 0.5 capacity units");
        model.searchProperty().set("validation");
        assertThat(model.records()).extracting(RequestRecord::table).containsExactly("Users");
        assertThat(model.summaryProperty().get()).contains("1 failed");
        model.searchProperty().set("");
        assertThat(model.records()).hasSize(3);
    }

    @Test
    void theList_staysWithinTheHistoryCapacity() {
        var model = new HistoryViewModel(history, Runnable::run);
        for (int n = 0; n < 7; n++) history.append(record(n, "Scan", "T" + n, null, ""));
        assertThat(model.records()).extracting(RequestRecord::table).containsExactly("T6", "T5", "T4", "T3");
    }

    @Test
    void afterDispose_theModelNoLongerFollows() {
        var model = new HistoryViewModel(history, Runnable::run);
        model.dispose();
        history.append(record(1, "Scan", "A", null, ""));
        assertThat(model.records()).isEmpty();
    }
}
