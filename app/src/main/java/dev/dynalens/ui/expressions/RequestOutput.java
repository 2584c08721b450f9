package dev.dynalens.ui.expressions;

import dev.dynalens.domain.codegen.Language;
import dev.dynalens.ui.common.Icons;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.DataFormat;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** What the builder makes: the rendered expressions, the first problem, and the buttons that copy them or the call as code. */
final class RequestOutput {
    private final ExpressionBuilderViewModel model;
    private final Label status = new Label();

    RequestOutput(ExpressionBuilderViewModel model) {
        this.model = model;
    }

    Node createView() {
        var update = rendered("renderedUpdate");
        var condition = rendered("renderedCondition");
        model.renderedProperty().addListener((obs, old, now) -> showRendered(update, condition));
        showRendered(update, condition);
        var problem = new Label();
        problem.setId("problem");
        problem.getStyleClass().add("danger");
        problem.setWrapText(true);
        problem.textProperty().bind(model.problemProperty());
        var grid = new GridPane(8, 4);
        grid.addRow(0, new Label("UpdateExpression"), update);
        grid.addRow(1, new Label("ConditionExpression"), condition);
        var copies = new HBox(6, copyButton("copyUpdate", "Copy update", ExpressionBuilderViewModel.Copy.UPDATE),
                copyButton("copyCondition", "Copy condition", ExpressionBuilderViewModel.Copy.CONDITION),
                copyButton("copyNames", "Copy names", ExpressionBuilderViewModel.Copy.NAMES),
                copyButton("copyValues", "Copy values", ExpressionBuilderViewModel.Copy.VALUES), codeMenu());
        copies.disableProperty().bind(model.renderedProperty().isNull());
        status.setId("copyStatus");
        status.getStyleClass().add("text-muted");
        return new VBox(6, ExpressionBuilderView.heading("Request"), grid, problem, copies, status);
    }

    /** Copy code: the UpdateItem call in one of the languages the code generator writes. */
    private MenuButton codeMenu() {
        var code = new MenuButton("Copy code");
        code.setId("copyCode");
        Icons.withIcon(code, Icons.Action.COPY, "Copy the UpdateItem call as code");
        for (var language : Language.values()) {
            var item = new MenuItem(switch (language) {
                case JAVA -> "Java (SDK v2)";
                case JAVASCRIPT -> "JavaScript (SDK v3)";
                case PYTHON -> "Python (boto3)";
                case CLI -> "AWS CLI";
            });
            item.setId("copy-" + language.optionValue());
            item.setOnAction(e -> {
                try {
                    copy(model.snippet(language), language.name() + " snippet");
                    model.codeLanguageProperty().set(language);
                } catch (RuntimeException problemText) {
                    status.setText(problemText.getMessage());
                }
            });
            code.getItems().add(item);
        }
        return code;
    }

    private void showRendered(Label update, Label condition) {
        var request = model.renderedProperty().get();
        update.setText(request == null || request.updateExpression() == null ? "—" : request.updateExpression());
        condition.setText(request == null || request.conditionExpression() == null ? "—" : request.conditionExpression());
    }

    private static Label rendered(String id) {
        var label = new Label("—");
        label.setId(id);
        label.getStyleClass().add("expression-rendered");
        label.setWrapText(true);
        return label;
    }

    private Button copyButton(String id, String text, ExpressionBuilderViewModel.Copy what) {
        var button = new Button(text);
        button.setId(id);
        button.setOnAction(e -> copy(model.copyText(what), text.replace("Copy ", "")));
        Icons.withIcon(button, Icons.Action.COPY, "Copy the " + text.replace("Copy ", "") + " to the clipboard");
        return button;
    }

    private void copy(String text, String what) {
        Clipboard.getSystemClipboard().setContent(Map.of(DataFormat.PLAIN_TEXT, text));
        status.setText("Copied the " + what + ".");
    }
}
