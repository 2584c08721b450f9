package dev.dynalens.ui.sql;

import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.usecase.LearnEntityTypes;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The SQL tab's entity types, paid for once ({@link LearnEntityTypes}): the Collections overview's analysis of the whole
 * table when it has one, else what was kept for the table, else a sample read said and costed first and read only when
 * asked; on a production connection, only once the person also answered the question it then asks
 * ({@link #awaitingRead}), as the Stale copies tab asks before its read. The store is read and written on the worker;
 * the FX thread only applies what was learnt.
 */
final class SqlEntityTypes {
    private final DynamoSession session;
    private final String table;
    private final LearnEntityTypes learn;
    private final Executor worker;
    private final Executor fx;
    private final Runnable onLearnt;
    private Supplier<Lens> lens = () -> Lens.NONE;
    final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("Reading the table's description…");
    final ReadOnlyBooleanWrapper ready = new ReadOnlyBooleanWrapper();
    /** While a sample read of a production table waits for the person: the question, with what the read costs; else empty. */
    final ReadOnlyStringWrapper awaitingRead = new ReadOnlyStringWrapper("");
    private TableDescription description;
    private TableAnalysis pendingAnalysis;
    private SqlCatalog catalog;

    /** @param onLearnt told on the FX thread when the catalog changed */
    SqlEntityTypes(DynamoSession session, String table, LearnEntityTypes learn, Executor worker, Executor fx, Runnable onLearnt) {
        this.session = session;
        this.table = table;
        this.learn = learn;
        this.worker = worker;
        this.fx = fx;
        this.onLearnt = onLearnt;
    }

    void namingWith(Supplier<Lens> tableLens) {
        this.lens = Objects.requireNonNull(tableLens, "tableLens");
    }

    /** The catalog, or null while none is known. */
    SqlCatalog catalog() {
        return catalog;
    }

    private record Described(TableDescription table, Optional<SqlCatalog> kept) {
    }

    void load() {
        session.describeTable(table).thenApplyAsync(described -> new Described(described, learn.kept(described)), worker)
                .whenCompleteAsync((described, error) -> {
                    if (error != null) {
                        text.set("The table could not be described: " + Problems.describe(error));
                        return;
                    }
                    description = described.table();
                    if (pendingAnalysis != null) {
                        learnFrom(pendingAnalysis);
                    } else {
                        described.kept().ifPresentOrElse(this::use, () -> text.set(LearnEntityTypes.sampleCost(description).text()
                                + " Press Refresh entity types to read it."));
                    }
                }, fx);
    }

    /** The sample read, kept for next time; on a production connection it waits for {@link #confirmRead()}. */
    void refresh() {
        if (description == null) {
            return;
        }
        if (learn.sampleNeedsConfirmation()) {
            awaitingRead.set(table + " is on a production connection. " + LearnEntityTypes.sampleCost(description).text() + " Read it?");
            return;
        }
        read(false);
    }

    /** Reads the sample of the production table whose read is waiting; does nothing when none waits. */
    void confirmRead() {
        if (awaitingRead.get().isEmpty()) {
            return;
        }
        awaitingRead.set("");
        read(true);
    }

    /** Leaves the waiting sample read unread. */
    void declineRead() {
        awaitingRead.set("");
    }

    private void read(boolean confirmed) {
        text.set("Reading a sample of " + table + "…");
        learn.sample(description, lens.get(), confirmed).result().whenCompleteAsync((learnt, error) -> {
            if (error != null) {
                text.set("The sample read failed: " + Problems.describe(error));
            } else {
                use(learnt);
            }
        }, fx);
    }

    /** The Collections overview read the whole table: its entity types, with no read of their own (kept for next time). */
    void useAnalysis(TableAnalysis analysis) {
        if (description == null) {
            pendingAnalysis = analysis; // applied once the table is described
        } else {
            learnFrom(analysis);
        }
    }

    private void learnFrom(TableAnalysis analysis) {
        pendingAnalysis = null;
        var described = description;
        CompletableFuture.supplyAsync(() -> learn.fromAnalysis(described, analysis, "Collections overview"), worker)
                .whenCompleteAsync((learnt, error) -> {
                    if (error != null) {
                        text.set("The overview's entity types could not be used: " + Problems.describe(error));
                    } else {
                        use(learnt);
                    }
                }, fx);
    }

    /** When the entity types were learnt, as a person reads it: the day and the minute, in this computer's time zone. */
    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm", Locale.ENGLISH)
            .withZone(ZoneId.systemDefault());

    private void use(SqlCatalog learnt) {
        catalog = learnt;
        var source = learnt.source();
        text.set("Tables: " + String.join(", ", learnt.tables().stream().map(t -> t.name()).toList()) + " · from the "
                + source.how() + " of " + source.itemsAnalysed() + " items"
                + (source.analysedAt() == null ? "" : " (" + WHEN.format(source.analysedAt()) + ")"));
        ready.set(true);
        onLearnt.run();
    }
}
