package dev.dynalens.ui.history;

import dev.dynalens.domain.history.RequestHistory;
import dev.dynalens.domain.history.RequestRecord;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The request history as a searchable list, newest first. Requests complete on network threads; each new one is
 * moved to the FX thread through the injected executor before it touches the list.
 */
public final class HistoryViewModel {
    private final RequestHistory history;
    private final Executor fx;
    private final ObservableList<RequestRecord> all = FXCollections.observableArrayList();
    private final FilteredList<RequestRecord> shown = new FilteredList<>(all);
    private final StringProperty search = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final Consumer<RequestRecord> listener;

    public HistoryViewModel(RequestHistory history, Executor fx) {
        this.history = history;
        this.fx = fx;
        this.listener = record -> fx.execute(() -> add(record));
        all.setAll(history.snapshot().reversed());
        history.addListener(listener);
        search.addListener((obs, old, now) -> applySearch());
        applySearch();
    }

    private void add(RequestRecord record) {
        all.addFirst(record);
        while (all.size() > history.capacity()) {
            all.removeLast();
        }
        updateSummary();
    }

    private void applySearch() {
        var query = search.get();
        shown.setPredicate(record -> record.matches(query));
        updateSummary();
    }

    private void updateSummary() {
        var capacity = 0.0;
        var reported = 0;
        var failed = 0;
        for (var record : shown) {
            if (record.capacity() != null) {
                capacity += record.capacity();
                reported++;
            }
            if (record.failed()) failed++;
        }
        var text = new StringBuilder().append(shown.size()).append(" request(s)");
        if (shown.size() != all.size()) text.append(" of ").append(all.size());
        if (reported > 0) text.append(" · ").append(String.format(Locale.ROOT, "%.1f", capacity)).append(" capacity units");
        if (failed > 0) text.append(" · ").append(failed).append(" failed or not applied");
        summary.set(text.toString());
    }

    /** Stops following the history (the window was closed). */
    public void dispose() {
        history.removeListener(listener);
    }

    public ObservableList<RequestRecord> records() { return shown; }
    public StringProperty searchProperty() { return search; }
    public ReadOnlyStringProperty summaryProperty() { return summary.getReadOnlyProperty(); }
}
