package dev.dynalens.ui.exports;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.exports.ExportsUnsupportedException;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.service.job.Job;
import dev.dynalens.usecase.ListTableExports;
import dev.dynalens.usecase.OpenExport;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * "Read from an export…" of a live table: the table's exports as ListExports and DescribeExport tell them (only
 * completed ones can be ticked: one full export, and the incremental exports after it, read in order), or a typed
 * folder or {@code s3://…/AWSDynamoDB/<id>} URI (several separated by {@code ;}, the full export first), and an
 * optional S3-compatible endpoint. Ticking an export clears the typed location and typing one clears the ticks, so what
 * is read is always what shows. Opening runs {@link OpenExport} with progress and cancel; the opened table goes to
 * {@link #whenOpened whoever shows it}.
 */
public final class ReadFromExportViewModel {
    private final ListTableExports lister;
    private final OpenExport opener;
    private final String table;
    private final Executor fx;
    private final ObservableList<ExportRow> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper listStatus = new ReadOnlyStringWrapper("");
    private final StringProperty location = new SimpleStringProperty("");
    private final StringProperty s3Endpoint = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper anyChosen = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final BooleanBinding canOpen;
    private Consumer<OpenExport.Opened> onOpened = opened -> opened.session().close();
    private Job<OpenExport.Progress, OpenExport.Opened> handle;
    private boolean adjusting;

    /** @param fx where property changes happen: the FX thread in the app, {@code Runnable::run} in tests */
    public ReadFromExportViewModel(ListTableExports lister, OpenExport opener, String table, Executor fx) {
        this.lister = Objects.requireNonNull(lister, "lister");
        this.opener = Objects.requireNonNull(opener, "opener");
        this.table = Objects.requireNonNull(table, "table");
        this.fx = Objects.requireNonNull(fx, "fx");
        canOpen = Bindings.createBooleanBinding(() -> !running.get() && (anyChosen.get() || !location.get().isBlank()),
                running, anyChosen, location);
        location.addListener((obs, old, now) -> {
            if (!adjusting && now != null && !now.isBlank()) {
                whileAdjusting(() -> rows.forEach(row -> row.chosenProperty().set(false)));
            }
        });
    }

    /** Who takes the opened table (a new tab); it closes it when done. Until set, an opened table is closed again. */
    public void whenOpened(Consumer<OpenExport.Opened> onOpened) {
        this.onOpened = Objects.requireNonNull(onOpened, "onOpened");
    }

    /** Lists the table's exports (ListExports, then DescribeExport of each); an endpoint without exports says so. */
    public CompletableFuture<Void> list() {
        listStatus.set("Listing the exports of " + table + "…");
        return lister.list(table).handleAsync((exports, failure) -> {
            rows.clear();
            if (failure != null) {
                var root = Problems.unwrap(failure);
                listStatus.set(root instanceof ExportsUnsupportedException ? Problems.describe(root)
                        + " Give an export's folder or s3:// URI below." : "Could not list the exports of " + table + ": "
                        + Problems.describe(root) + " An export's folder or s3:// URI can still be given below.");
                return null;
            }
            exports.forEach(export -> add(new ExportRow(export)));
            var completed = rows.stream().filter(ExportRow::selectable).count();
            listStatus.set(rows.isEmpty() ? "DynamoDB lists no export of " + table + " (it lists those of the past 90 days)."
                    : rows.size() + " export(s) of " + table + ", " + completed + " completed: tick a full export, and the "
                    + "incremental exports after it to bring it up to date.");
            return null;
        }, fx);
    }

    private void add(ExportRow row) {
        rows.add(row);
        row.chosenProperty().addListener((obs, was, now) -> {
            if (adjusting) {
                updateChosen();
                return;
            }
            whileAdjusting(() -> {
                if (now && !row.selectable()) {
                    row.chosenProperty().set(false);
                } else if (now) {
                    location.set("");
                    if (row.full()) {
                        rows.stream().filter(other -> other != row && other.full()).forEach(other -> other.chosenProperty().set(false));
                    }
                }
            });
            updateChosen();
        });
    }

    private void whileAdjusting(Runnable change) {
        adjusting = true;
        try {
            change.run();
        } finally {
            adjusting = false;
        }
    }

    private void updateChosen() {
        anyChosen.set(rows.stream().anyMatch(row -> row.chosenProperty().get()));
    }

    /**
     * What would be read, in order: the typed locations, else the ticked exports (the full one, then the incremental ones
     * by their windows).
     *
     * @throws IllegalArgumentException when the ticks hold no full export
     */
    public List<String> locations() {
        if (!location.get().isBlank()) {
            return Arrays.stream(location.get().split(";")).map(String::strip).filter(text -> !text.isEmpty()).toList();
        }
        var chosen = new ArrayList<>(rows.stream().filter(row -> row.chosenProperty().get()).toList());
        if (chosen.stream().noneMatch(ExportRow::full)) {
            throw new IllegalArgumentException("Tick a full export too: incremental exports are applied onto one, in order.");
        }
        chosen.sort(Comparator.comparing((ExportRow row) -> !row.full()).thenComparing(ExportRow::from,
                Comparator.nullsFirst(Comparator.naturalOrder())));
        return chosen.stream().map(row -> row.export().uri()).toList();
    }

    /** Opens what {@link #locations()} names; the result goes to {@link #whenOpened}. Completes on {@code fx}. */
    public CompletableFuture<Void> open() {
        OpenExport.Request request;
        try {
            request = new OpenExport.Request(locations(), endpoint(), WorkspaceOptions.NONE);
        } catch (IllegalArgumentException e) {
            status.set(e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        running.set(true);
        status.set("Opening " + String.join(" then ", request.uris()) + "…");
        var job = opener.open(table, request, progress -> fx.execute(() -> {
            if (running.get()) {
                status.set("Reading " + progress.reading() + "…");
            }
        }));
        handle = job;
        return job.result().handleAsync((opened, failure) -> {
            running.set(false);
            handle = null;
            if (failure != null) {
                status.set(Problems.isCancellation(failure) ? "Cancelled: nothing was opened."
                        : "Could not read the export: " + Problems.describe(failure));
                return null;
            }
            status.set("Opened " + opened.sourceText() + ": " + String.format(java.util.Locale.ROOT, "%,d", opened.items())
                    + " item(s) in " + opened.files() + " file(s); key schema from " + opened.keysFrom() + ".");
            onOpened.accept(opened);
            return null;
        }, fx);
    }

    /**
     * What a tab reading the table from its export says of it: "Read from export 01764… + 1 incremental export as of
     * 2026-11-30 11:00 UTC: no read capacity; key reads go to the live table on dev."
     */
    public static String tabNote(OpenExport.Opened opened, String connection) {
        var incrementals = opened.incrementals() == 0 ? "" : " + " + opened.incrementals() + " incremental export"
                + (opened.incrementals() == 1 ? "" : "s");
        return "Read from export " + opened.exportId() + incrementals + " as of " + ExportRow.time(opened.snapshotTime())
                + ": no read capacity; key reads go to the live table on " + connection + "."
                + opened.exportedTable().map(name -> " The export was made of table " + name + ".").orElse("");
    }

    /** The typed S3 endpoint; null when none. */
    private URI endpoint() {
        var text = s3Endpoint.get() == null ? "" : s3Endpoint.get().strip();
        if (text.isEmpty()) {
            return null;
        }
        try {
            var uri = new URI(text);
            if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // said below
        }
        throw new IllegalArgumentException("The S3 endpoint '" + text + "' is not a URL like http://127.0.0.1:9000: leave it empty for AWS's own.");
    }

    /** Stops the opening; nothing stays open. */
    public void cancel() {
        var current = handle;
        if (current != null) {
            current.cancel();
        }
    }

    public String table() { return table; }
    public ObservableList<ExportRow> rows() { return rows; }
    /** How the listing went, in a sentence: listing, how many, none, or that the endpoint has no exports. */
    public ReadOnlyStringProperty listStatusProperty() { return listStatus.getReadOnlyProperty(); }
    /** A folder or an {@code s3://} URI, typed or chosen; several separated by {@code ;}, the full export first. */
    public StringProperty locationProperty() { return location; }
    /** An S3-compatible endpoint ({@code http://127.0.0.1:9000}); empty for AWS's own. */
    public StringProperty s3EndpointProperty() { return s3Endpoint; }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public BooleanBinding canOpenProperty() { return canOpen; }
    /** What is being read, or how the opening ended. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }
}
