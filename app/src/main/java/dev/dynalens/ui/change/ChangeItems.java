package dev.dynalens.ui.change;

import dev.dynalens.domain.inference.Lens;
import dev.dynalens.service.DynamoSession;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javafx.stage.Window;

/**
 * Where Change items… opens from in a table tab (an entity type of the Collections overview, a statement of the SQL tab):
 * the table's session, its lens, and the folder of change files, journals and undo files (the config folder's
 * {@code changes}, beside the fan-out's journals). Each dialog has its own analysis thread, let go when it closes.
 */
public final class ChangeItems {
    private final DynamoSession session;
    private final String tableName;
    private final Executor fx;
    private final Path directory;
    private final Supplier<Lens> lens;

    public ChangeItems(DynamoSession session, String tableName, Executor fx, Path directory, Supplier<Lens> lens) {
        this.session = Objects.requireNonNull(session, "session");
        this.tableName = Objects.requireNonNull(tableName, "tableName");
        this.fx = Objects.requireNonNull(fx, "fx");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.lens = Objects.requireNonNull(lens, "lens");
    }

    public String tableName() {
        return tableName;
    }

    /** Opens the dialog on an entity type, its attributes said in a comment ({@code attributes} may be null). */
    public void forEntity(Window owner, String entity, String attributes) {
        open(owner, ChangeText.starting(tableName, entity, null, attributes));
    }

    /** Opens the dialog on a SQL statement's FROM and WHERE. */
    public void forStatement(Window owner, String statement) {
        open(owner, ChangeText.fromStatement(tableName, statement));
    }

    private void open(Window owner, String text) {
        var analysis = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("change-" + tableName).factory());
        var model = new ChangeViewModel(session, tableName, fx, analysis, directory, lens, text);
        var stage = new ChangeDialog(model).show(owner);
        stage.setOnHidden(e -> {
            model.cancel();
            analysis.shutdown();
        });
    }
}
