package dev.dynalens.ui.design;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.design.TableDesign;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteConfirmer;
import dev.dynalens.service.job.Job;
import dev.dynalens.usecase.ProveDesign;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;

/**
 * "Prove design" and "Create in connection…" of the Design view: the connection to use (a local endpoint by default; none
 * proves in memory, on the workspace engine), the table to create there, and the run with its progress. The design is
 * shown as valid only after a proof in which every pattern passed, and stops being valid as soon as the design changes.
 * Toolkit-free; the view asks for a production table's name ({@code ConfirmWriteDialog}) and hands it here. "Check" is
 * kept for checking an existing table against patterns ({@code CheckExistingTable}), which this is not.
 */
public final class DesignProofModel {
    /** The actions' names, as the view shows them and the confirmation dialog names them. */
    public static final String PROVE = "Prove design";
    public static final String CREATE = "Create in connection…";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private final ProveDesign proofs;
    private final ObservableList<ConnectionProfile> connections;
    private final Function<ConnectionProfile, DynamoSession> sessions;
    private final Supplier<TableDesign> design;
    private final Consumer<ProveDesign.DesignProof> onProof;
    private final Executor fx;
    private final Executor engine;
    private final Supplier<LocalDateTime> now;
    private final ObjectProperty<ConnectionProfile> target = new SimpleObjectProperty<>();
    private final StringProperty tableName = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(PROVE
            + " loads the samples into a new table on the connection (with none, in memory) and runs every pattern.");
    private Job<?, ?> job;

    /**
     * @param connections the connections to pick from (workspaces are left out: they cannot be written)
     * @param sessions    the open, guarded session of a connection
     * @param onProof     told of each finished proof, on the FX executor
     * @param fx          applies progress and results (the FX thread in the app)
     * @param engine      runs the workspace engine of a proof in memory (never the FX thread)
     */
    public DesignProofModel(ProveDesign proofs, ObservableList<ConnectionProfile> connections,
                            Function<ConnectionProfile, DynamoSession> sessions, Supplier<TableDesign> design,
                            Consumer<ProveDesign.DesignProof> onProof, Executor fx, Executor engine, Supplier<LocalDateTime> now) {
        this.proofs = Objects.requireNonNull(proofs, "proofs");
        this.connections = Objects.requireNonNull(connections, "connections");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.design = Objects.requireNonNull(design, "design");
        this.onProof = Objects.requireNonNull(onProof, "onProof");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.engine = Objects.requireNonNull(engine, "engine");
        this.now = Objects.requireNonNull(now, "now");
        target.set(connections.stream().filter(DesignProofModel::isLocal).findFirst()
                .orElse(connections.stream().filter(c -> c.tag() != ConnectionTag.FILE && !c.tag().isProduction()).findFirst().orElse(null)));
    }

    /** A local endpoint, not tagged production: where a proof belongs by default. */
    static boolean isLocal(ConnectionProfile profile) {
        return !profile.tag().isProduction() && (profile.tag() == ConnectionTag.LOCAL || profile.endpoint()
                .map(uri -> "localhost".equals(uri.getHost()) || "127.0.0.1".equals(uri.getHost())).orElse(false));
    }

    public ObservableList<ConnectionProfile> connections() {
        return connections;
    }

    public ObjectProperty<ConnectionProfile> targetProperty() {
        return target;
    }

    /** The table a proof or a create makes; blank for a fresh name of the design's. */
    public StringProperty tableNameProperty() {
        return tableName;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** True only after a proof in which every pattern passed, until the design changes. */
    public ReadOnlyBooleanProperty validProperty() {
        return valid.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Whether the chosen connection asks for the table name before it is written (tagged production). */
    public boolean needsConfirmation() {
        return target.get() != null && target.get().tag().isProduction();
    }

    /** The table a proof or a create will make; a proof in memory makes it nowhere, so it needs no fresh name. */
    public String table(boolean proving) {
        var typed = tableName.get() == null ? "" : tableName.get().strip();
        var current = design.get();
        if (!typed.isEmpty()) {
            return typed;
        }
        var base = current == null ? "Design" : current.tableName();
        return proving && target.get() != null ? base + "Proof" + STAMP.format(now.get()) : base;
    }

    /** The design changed: an earlier proof says nothing about it. */
    public void designChanged() {
        valid.set(false);
        if (!running.get()) {
            status.set(design.get() == null ? "The patterns do not design yet." : "Not proved yet.");
        }
    }

    /**
     * "Prove design": a new table on the chosen connection, the samples loaded, every pattern run; with no connection
     * chosen, the samples in memory and every pattern run by the workspace engine.
     */
    public void prove(String typedName) {
        var current = design.get();
        var profile = target.get();
        if (!ready(current)) {
            return;
        }
        var table = table(true);
        var where = profile == null ? ProveDesign.IN_MEMORY : "on " + profile.name();
        valid.set(false);
        running.set(true);
        status.set("Proving " + where + ", table " + table + "…");
        var run = new Object[1];
        // progress comes from the proof's threads and may reach the FX thread after the result: only a running proof's counts
        Consumer<ProveDesign.Progress> progress = step -> fx.execute(() -> {
            if (running.get() && job == run[0]) {
                status.set(step.step() + " (" + step.patternsDone() + " of " + step.patternsTotal() + ")");
            }
        });
        var started = profile == null ? proofs.proveInMemory(current, table, engine, progress)
                : proofs.start(current, sessions.apply(profile), table, confirmer(typedName), progress);
        run[0] = started;
        job = started;
        started.result().whenCompleteAsync((proof, failure) -> {
            running.set(false);
            if (failure != null) {
                status.set("The proof could not run: " + Problems.describe(Problems.unwrap(failure)));
                return;
            }
            onProof.accept(proof);
            boolean designUnchanged = current == design.get();
            // the words first: whoever watches the valid mark reads them with it
            status.set(proof.valid() ? "Design valid: all " + proof.patterns().size() + " patterns passed " + where
                    + " (table " + table + ")"
                    : proof.patterns().isEmpty() ? "The samples could not be loaded into " + table
                    : "Not valid: " + proof.passedCount() + " of " + proof.patterns().size() + " patterns passed " + where);
            valid.set(proof.valid() && designUnchanged);
        }, fx);
    }

    /** "Create in connection…": the table with the design's keys and indexes, and the samples loaded into it. */
    public void create(String typedName) {
        var current = design.get();
        var profile = target.get();
        if (!ready(current)) {
            return;
        }
        if (profile == null) {
            status.set("Choose a connection to create the table on first (a local DynamoDB-compatible endpoint, for example).");
            return;
        }
        var table = table(false);
        running.set(true);
        status.set("Creating " + table + " on " + profile.name() + "…");
        var started = proofs.create(current, sessions.apply(profile), table, confirmer(typedName), progress -> { });
        job = started;
        started.result().whenCompleteAsync((report, failure) -> {
            running.set(false);
            status.set(failure != null ? "Could not create " + table + ": " + Problems.describe(Problems.unwrap(failure))
                    : "Created " + table + " on " + profile.name() + " with " + report.written() + " sample items");
        }, fx);
    }

    public void cancel() {
        var running = job;
        if (running != null) {
            running.cancel();
        }
    }

    private boolean ready(TableDesign current) {
        if (running.get()) {
            return false;
        }
        if (current == null) {
            status.set("The patterns do not design yet: fix the problems first.");
            return false;
        }
        return true;
    }

    private WriteConfirmer confirmer(String typedName) {
        return typedName == null ? WriteConfirmer.NONE : WriteConfirmer.typed(typedName, "type the table name %s to write the design's samples");
    }
}
