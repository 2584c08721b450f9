package dev.dynalens.ui.design;

import dev.dynalens.domain.codegen.Language;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Below the requests: the selected pattern's reason and its request as code (copied, or opened in the SQL workbench),
 * and the design's warnings and reasons.
 */
final class PatternDetails {
    private final DesignViewModel model;
    private final Consumer<String> openInSqlWorkbench;

    /** @param openInSqlWorkbench given the selected pattern as a PartiQL statement */
    PatternDetails(DesignViewModel model, Consumer<String> openInSqlWorkbench) {
        this.model = model;
        this.openInSqlWorkbench = openInSqlWorkbench;
    }

    Node createView() {
        var tabs = new TabPane(new Tab("Request and code", requestAndCode()), new Tab("Warnings and reasons", notes()));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        return tabs;
    }

    private Node requestAndCode() {
        var reason = new Label();
        reason.setId("requestReason");
        reason.setWrapText(true);
        reason.textProperty().bind(Bindings.createStringBinding(() -> model.selectedProperty().get() == null ? ""
                : model.selectedProperty().get().pattern().reason(), model.selectedProperty()));
        var language = new ComboBox<>(FXCollections.observableArrayList(DesignViewModel.languages()));
        language.setId("codeLanguage");
        language.valueProperty().bindBidirectional(model.languageProperty());
        language.setCellFactory(v -> new LanguageCell());
        language.setButtonCell(new LanguageCell());
        var code = new TextArea();
        code.setId("patternCode");
        code.setEditable(false);
        code.getStyleClass().add("monospace");
        code.textProperty().bind(model.codeProperty());
        var copy = new Button("Copy code");
        copy.setOnAction(e -> {
            var content = new ClipboardContent();
            content.putString(code.getText());
            Clipboard.getSystemClipboard().setContent(content);
        });
        var sql = new Button("Open in SQL workbench");
        sql.setId("openInSqlWorkbench");
        sql.disableProperty().bind(model.selectedProperty().isNull());
        sql.setOnAction(e -> model.sqlStatement().ifPresent(openInSqlWorkbench));
        var bar = new HBox(8, new Label("Code"), language, copy, sql);
        bar.setAlignment(Pos.CENTER_LEFT);
        var box = new VBox(6, reason, bar, code);
        VBox.setVgrow(code, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private Node notes() {
        var warnings = new ListView<>(model.warnings());
        warnings.setId("designWarnings");
        warnings.setPlaceholder(new Label("No warnings."));
        var reasons = new ListView<>(model.reasons());
        var box = new VBox(6, new Label("Warnings"), warnings, new Label("Why the table looks as it does"), reasons);
        VBox.setVgrow(warnings, Priority.ALWAYS);
        VBox.setVgrow(reasons, Priority.ALWAYS);
        box.setPadding(new Insets(6));
        return box;
    }

    private static final class LanguageCell extends ListCell<Language> {
        @Override
        protected void updateItem(Language language, boolean empty) {
            super.updateItem(language, empty);
            setText(empty || language == null ? null : switch (language) {
                case JAVA -> "Java (SDK v2)";
                case JAVASCRIPT -> "JavaScript (lib-dynamodb)";
                case PYTHON -> "Python (boto3)";
                case CLI -> "AWS CLI";
            });
        }
    }
}
