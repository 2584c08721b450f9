package dev.dynalens.ui.design;

import dev.dynalens.domain.codegen.CodeGenerators;
import dev.dynalens.domain.codegen.Language;
import dev.dynalens.domain.connection.Problems;
import dev.dynalens.domain.design.PatternDesign;
import dev.dynalens.domain.design.PatternRequests;
import dev.dynalens.domain.design.PatternStatements;
import dev.dynalens.domain.design.ProofPlan;
import dev.dynalens.domain.design.TableDesign;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.usecase.ExportDesign;
import dev.dynalens.usecase.ProveDesign;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Design view's result side: the key chart (entity × PK / SK / GSI1PK / GSI1SK …), the request per pattern with
 * its cost and, after a proof, whether it passed; the warnings and reasons; the selected pattern as code in a language
 * and as a PartiQL statement; exports. Follows the editor's latest design. Toolkit-free.
 */
public final class DesignViewModel {
    /** One row of the key chart: an entity, its key templates by key attribute, and a put's cost. */
    public record KeyChartRow(String entity, Map<String, String> keys, String wcuPerPut) {
    }

    /** One pattern's request, as the requests table shows it; its proof status changes when a proof arrives. */
    public static final class RequestRow {
        private final PatternDesign pattern;
        private final StringProperty status = new SimpleStringProperty("not proved");

        RequestRow(PatternDesign pattern) {
            this.pattern = pattern;
        }

        public PatternDesign pattern() {
            return pattern;
        }

        public String name() {
            return pattern.name();
        }

        public String request() {
            return pattern.operation().label() + (pattern.index() == null ? "" : " on " + pattern.index());
        }

        public String keyCondition() {
            return pattern.keyCondition();
        }

        public String values() {
            var text = new StringBuilder();
            pattern.values().forEach((k, v) -> text.append(text.isEmpty() ? "" : ", ").append(k).append(" = ").append(v));
            return text + (pattern.served() && !pattern.scanIndexForward() ? " · descending" : "") + (pattern.limit() > 0 ? " · Limit " + pattern.limit() : "");
        }

        public String cost() {
            return pattern.rcuPerCall() + " RCU";
        }

        public StringProperty statusProperty() {
            return status;
        }
    }

    private final PatternsEditorModel editor;
    private final ExportDesign exports;
    private final Executor fx;
    private final ReadOnlyObjectWrapper<TableDesign> design = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> keyColumns = FXCollections.observableArrayList();
    private final ObservableList<KeyChartRow> keyChart = FXCollections.observableArrayList();
    private final ObservableList<RequestRow> requests = FXCollections.observableArrayList();
    private final ObservableList<String> warnings = FXCollections.observableArrayList();
    private final ObservableList<String> reasons = FXCollections.observableArrayList();
    private final ObjectProperty<RequestRow> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<Language> language = new SimpleObjectProperty<>(Language.JAVA);
    private final ReadOnlyStringWrapper code = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");

    /** @param fx applies the results of exports (written on the export's own executor) */
    public DesignViewModel(PatternsEditorModel editor, ExportDesign exports, Executor fx) {
        this.editor = Objects.requireNonNull(editor, "editor");
        this.exports = Objects.requireNonNull(exports, "exports");
        this.fx = Objects.requireNonNull(fx, "fx");
        editor.outcomeProperty().addListener((obs, old, now) -> show(now == null ? null : now.design()));
        selected.addListener((obs, old, now) -> writeCode());
        language.addListener((obs, old, now) -> writeCode());
        show(editor.outcomeProperty().get() == null ? null : editor.outcomeProperty().get().design());
    }

    public PatternsEditorModel editor() {
        return editor;
    }

    public ReadOnlyObjectProperty<TableDesign> designProperty() {
        return design.getReadOnlyProperty();
    }

    /** Entity, then every key attribute of the design: the key chart's columns. */
    public ObservableList<String> keyColumns() {
        return keyColumns;
    }

    public ObservableList<KeyChartRow> keyChart() {
        return keyChart;
    }

    public ObservableList<RequestRow> requests() {
        return requests;
    }

    public ObservableList<String> warnings() {
        return warnings;
    }

    public ObservableList<String> reasons() {
        return reasons;
    }

    public ObjectProperty<RequestRow> selectedProperty() {
        return selected;
    }

    public ObjectProperty<Language> languageProperty() {
        return language;
    }

    /** The selected pattern's request as code in the chosen language, with parameters from the samples. */
    public ReadOnlyStringProperty codeProperty() {
        return code.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    private void show(TableDesign now) {
        var previous = selected.get() == null ? null : selected.get().name();
        design.set(now);
        if (now == null) {
            keyColumns.clear();
            keyChart.clear();
            requests.clear();
            warnings.clear();
            reasons.clear();
            code.set("");
            return;
        }
        keyColumns.setAll(now.attributeTypes().keySet());
        keyChart.setAll(now.entities().stream().map(e -> {
            var keys = new LinkedHashMap<String, String>();
            e.keys().forEach((k, v) -> keys.put(k, v.toString()));
            return new KeyChartRow(e.name(), keys, e.wcuPerPut() + " WCU");
        }).toList());
        requests.setAll(now.accessPatterns().stream().map(RequestRow::new).toList());
        warnings.setAll(now.warnings());
        reasons.setAll(now.reasons());
        selected.set(requests.stream().filter(r -> r.name().equals(previous)).findFirst().orElse(requests.isEmpty() ? null : requests.getFirst()));
        writeCode();
    }

    /** Marks each request with what the proof found; the proof is for this design only when its patterns are this design's. */
    public void applyProof(ProveDesign.DesignProof proof) {
        for (var row : requests) {
            proof.patterns().stream().filter(p -> p.pattern().equals(row.name())).findFirst().ifPresent(p -> row.statusProperty().set(
                    p.passed() ? "passed · " + p.items() + " item(s)" : "failed: " + p.problem()));
        }
    }

    /** Forgets the statuses of an earlier proof (the design changed, or a proof starts). */
    public void clearProofs() {
        requests.forEach(r -> r.statusProperty().set("not proved"));
    }

    private void writeCode() {
        var row = selected.get();
        code.set(row == null ? "" : codeOf(row, language.get()));
    }

    private String codeOf(RequestRow row, Language in) {
        if (!row.pattern().served()) {
            return "// " + row.pattern().name() + " needs a Scan: " + row.pattern().reason();
        }
        try {
            return parameters(row).map(p -> CodeGenerators.generate(in, PatternRequests.code(design.get().tableName(), row.pattern(), p)))
                    .orElse("// no sample item to take parameters from");
        } catch (IllegalArgumentException e) {
            return "// " + e.getMessage();
        }
    }

    /** The selected pattern as a PartiQL SELECT for the SQL workbench, with parameters from the samples; empty without one. */
    public Optional<String> sqlStatement() {
        var row = selected.get();
        var current = design.get();
        if (row == null || current == null) {
            return Optional.empty();
        }
        return parameters(row).map(p -> PatternStatements.select(current.tableName(), current.indexKey(row.pattern().index()), row.pattern(), p));
    }

    private Optional<Map<String, AttributeValue>> parameters(RequestRow row) {
        var current = design.get();
        var spec = current.patternSpec(row.name());
        return spec.flatMap(p -> ProofPlan.probes(p, current.samplesByEntity()).stream().findFirst()).map(ProofPlan.Probe::parameters);
    }

    /** Writes the design as a Workbench model or a OneTable schema; the status says how it went. */
    public CompletableFuture<Void> export(ExportDesign.Format format, Path file) {
        var current = design.get();
        if (current == null) {
            status.set("Nothing to export: the patterns do not design yet");
            return CompletableFuture.completedFuture(null);
        }
        status.set("Writing " + file.getFileName() + "…");
        return exports.write(current, format, file).handleAsync((written, failure) -> {
            status.set(failure == null ? "Wrote " + written : "Could not export: " + Problems.describe(Problems.unwrap(failure)));
            return null;
        }, fx);
    }

    /** The design's samples as a Workbench model in {@code file}, to open as a workspace; the future holds the table's name. */
    public CompletableFuture<String> writeSamples(Path file) {
        var current = design.get();
        if (current == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("The patterns do not design yet"));
        }
        return exports.write(current, ExportDesign.Format.WORKBENCH_MODEL, file).thenApply(written -> current.tableName());
    }

    /** A message for the status line (from a hook the view was given). */
    public void report(String message) {
        status.set(message);
    }

    /** The languages a pattern opens as code in. */
    public static List<Language> languages() {
        return List.of(Language.values());
    }
}
