package dev.dynalens.ui.shell;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.collections.CollectionsViewModel;
import dev.dynalens.ui.editor.StagedEditsViewModel;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel;
import dev.dynalens.ui.staleness.StalenessViewModel;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/** A table tab just opened: its tab, its inner views and their models, for the shell features (saved queries, tab restore, notifications) to hook into. */
public record OpenedTable(ConnectionProfile profile, String table, Tab tab, TabPane views, TableBrowserViewModel browser,
                          CollectionsViewModel collections, StalenessViewModel staleness, StagedEditsViewModel staged,
                          ExpressionBuilderViewModel expressions) {
}
