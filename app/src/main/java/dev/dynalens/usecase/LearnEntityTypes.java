package dev.dynalens.usecase;

import dev.dynalens.domain.capacity.CapacityCalculator;
import dev.dynalens.domain.capacity.CapacityUnits;
import dev.dynalens.domain.capacity.ReadConsistency;
import dev.dynalens.domain.inference.Analyzer;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.TableAnalysis;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.EntityTypesStore;
import dev.dynalens.service.job.Job;
import dev.dynalens.service.job.Pager;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Know a table's entity types for the SQL workbench, paying for the read once: the table's current analysis (the
 * Collections tab's) when there is one, else the one kept in the config folder, else a bounded sample read (the first
 * pages, at most {@link #SAMPLE_ITEMS} items) whose cost is said before it runs ({@link #sampleCost}) and whose result
 * is kept for next time. "Refresh entity types" is {@link #sample} again. On a connection tagged production the sample
 * is read only once the person confirmed it ({@link #sampleNeedsConfirmation}); what is known without any read is
 * {@link #described}.
 */
public final class LearnEntityTypes {
    /** The most items a sample read takes. */
    public static final long SAMPLE_ITEMS = 5_000;

    /** The source of a catalog that rests on the table's description alone ({@link #described}). */
    public static final String DESCRIBED = "table description only";

    /** What a sample read is expected to read and cost, in words for the person. */
    public record SampleCost(long items, CapacityUnits estimatedRcu, String text) {
        /** "the first 5000 items, about 2.5 RCU" */
        public String costText() {
            return "the first " + items + " items, about " + estimatedRcu + " RCU";
        }
    }

    private final DynamoSession session;
    private final EntityTypesStore store;
    private final String scope;
    private final Executor analysis;
    private final Clock clock;

    /**
     * @param scope    whose entity types (the connection's id, or the workspace file)
     * @param analysis single-threaded: feeds the analyzer (tests pass {@code Runnable::run})
     */
    public LearnEntityTypes(DynamoSession session, EntityTypesStore store, String scope, Executor analysis, Clock clock) {
        this.session = Objects.requireNonNull(session, "session");
        this.store = Objects.requireNonNull(store, "store");
        this.scope = Objects.requireNonNull(scope, "scope");
        this.analysis = Objects.requireNonNull(analysis, "analysis");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The catalog of an analysis of the whole table the app already has (the Collections tab's), kept for next time. */
    public SqlCatalog fromAnalysis(TableDescription table, TableAnalysis analysis, String how) {
        var catalog = SqlCatalog.of(table, analysis, new SqlCatalog.EntitySource(how, clock.instant(), analysis.itemCount(),
                table.itemCount(), true));
        store.save(scope, table.name(), new EntityTypesStore.Kept(catalog.tables(), catalog.source()));
        return answeredHere(catalog);
    }

    /** The catalog, its Scans named as answered from where this session answers them (a table's export: no capacity). */
    private SqlCatalog answeredHere(SqlCatalog catalog) {
        return session.scansAnsweredFrom().map(catalog::withScansFrom).orElse(catalog);
    }

    /** The entity types kept in the config folder, with their age and item count, if any. */
    public Optional<SqlCatalog> kept(TableDescription table) {
        return store.load(scope, table.name()).map(kept -> answeredHere(new SqlCatalog(table, kept.tables(),
                new SqlCatalog.EntitySource("kept " + kept.source().how(), kept.source().analysedAt(), kept.source().itemsAnalysed(),
                        kept.source().tableItemCount(), kept.source().wholeTable()))));
    }

    /** What {@link #sample} will read and cost: the first items, up to the sample size, at the table's average item size. */
    public static SampleCost sampleCost(TableDescription table) {
        var items = table.itemCount() > 0 ? Math.min(SAMPLE_ITEMS, table.itemCount()) : SAMPLE_ITEMS;
        var averageBytes = table.itemCount() > 0 && table.sizeBytes() > 0 ? Math.max(1, table.sizeBytes() / table.itemCount()) : 1024;
        var rcu = CapacityCalculator.scan(List.of(items * averageBytes), ReadConsistency.EVENTUAL);
        return new SampleCost(items, rcu, "Knowing the entity types of " + table.name() + " takes a sample read: the first "
                + items + " items, about " + rcu + " RCU (a Scan of its first pages), kept for next time.");
    }

    /**
     * What is known of the table without reading it: the whole table under its own name, with the key attributes of the
     * table and its indexes, and no entity type. What a plan that may read nothing ({@code --explain}) rests on when no
     * entity types are kept.
     */
    /** What DescribeTable alone gives, its Scans answered where this session answers them. */
    public SqlCatalog describedHere(TableDescription table) {
        return answeredHere(described(table));
    }

    public static SqlCatalog described(TableDescription table) {
        var nothingRead = new Analyzer(TableKeys.from(table)).result();
        return SqlCatalog.of(table, nothingRead, new SqlCatalog.EntitySource(DESCRIBED, null, 0, table.itemCount()));
    }

    /** Whether {@link #sample} waits for the person's confirmation: on a connection tagged production it does. */
    public boolean sampleNeedsConfirmation() {
        return session.profile().tag().isProduction();
    }

    /** The sample read, not confirmed: refused on a production connection ({@link #sample(TableDescription, Lens, boolean)}). */
    public Job<Pager.Summary, SqlCatalog> sample(TableDescription table, Lens lens) {
        return sample(table, lens, false);
    }

    /**
     * Reads the sample (the first pages, through the pager), analyses it, keeps the result and returns the catalog. On a
     * connection tagged production the job fails at once with a {@link ReadNotConfirmedException}, nothing read, unless
     * {@code confirmed}: the person said yes to {@link #sampleCost} (the app's bar, {@code --confirm-read}).
     */
    public Job<Pager.Summary, SqlCatalog> sample(TableDescription table, Lens lens, boolean confirmed) {
        if (sampleNeedsConfirmation() && !confirmed) {
            return Job.failed(ReadNotConfirmedException.ofPart("A sample read of " + table.name(), sampleCost(table).costText()));
        }
        var analyzer = new Analyzer(TableKeys.from(table), Objects.requireNonNull(lens, "lens")).measuringItemSizes();
        var scan = new RunQuery(session, table.name()).scanAll();
        var pages = Pager.start(session, scan, SAMPLE_ITEMS, analysis, page -> analyzer.acceptAll(page.items()), summary -> { });
        return pages.map(summary -> {
            var result = analyzer.result();
            // fewer items than the sample size, every page read: the sample was the whole table, its size is known
            var whole = summary.complete() && result.itemCount() < SAMPLE_ITEMS;
            var catalog = SqlCatalog.of(table, result, new SqlCatalog.EntitySource("sample read", clock.instant(), result.itemCount(),
                    table.itemCount(), whole));
            store.save(scope, table.name(), new EntityTypesStore.Kept(catalog.tables(), catalog.source()));
            return answeredHere(catalog);
        });
    }
}
