package dev.dynalens.ui.sql;

import dev.dynalens.domain.sql.ExampleStatements;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.usecase.RunStatement;
import java.util.ArrayList;
import java.util.concurrent.Executor;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The SQL tab's examples: statements built from the table's own entity types ({@link ExampleStatements}), each planned
 * (nothing is read) off the FX thread; one the engine cannot plan is not offered.
 */
final class SqlExamples {
    private final ObservableList<SqlExample> list = FXCollections.observableArrayList();
    private final RunStatement statements;
    private final Executor worker;
    private final Executor fx;

    SqlExamples(RunStatement statements, Executor worker, Executor fx) {
        this.statements = statements;
        this.worker = worker;
        this.fx = fx;
    }

    ObservableList<SqlExample> list() {
        return list;
    }

    /** Makes the examples of {@code catalog}, planned on the worker, shown on the FX thread. */
    void learnFrom(SqlCatalog catalog) {
        worker.execute(() -> {
            var planned = new ArrayList<SqlExample>();
            for (var example : ExampleStatements.of(catalog)) {
                try {
                    var plan = statements.plan(example.statement(), false, catalog).plan();
                    planned.add(new SqlExample(example.purpose(), example.statement(), SqlExample.summary(plan)));
                } catch (RuntimeException e) {
                    // an example the engine cannot plan is not offered
                }
            }
            fx.execute(() -> list.setAll(planned));
        });
    }
}
