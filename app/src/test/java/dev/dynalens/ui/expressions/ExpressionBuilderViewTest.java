package dev.dynalens.ui.expressions;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.dynalens.App;
import dev.dynalens.domain.builder.ConditionOperator;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.PngWriter;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Objects;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The builder pane as a person uses it, headless (Monocle). With {@code -Ddynalens.screenshots=DIR} it also writes
 * the screenshots of the docs.
 */
@ExtendWith(ApplicationExtension.class)
class ExpressionBuilderViewTest {
    private ExpressionBuilderViewModel model;
    private Scene scene;

    @Start
    void start(Stage stage) {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        var session = new FakeDynamoSession(ConnectionProfile.local("local dynalite", URI.create("http://127.0.0.1:8000")));
        model = new ExpressionBuilderViewModel(session, "Customers", Runnable::run);
        model.keySchemaProperty().set(KeySchema.of("PK", "SK"));
        var customer = new LinkedHashMap<String, AttributeValue>();
        customer.put("PK", AttributeValue.s("CUSTOMER#42"));
        customer.put("SK", AttributeValue.s("PROFILE"));
        customer.put("name", AttributeValue.s("Ada L."));
        customer.put("status", AttributeValue.s("active"));
        customer.put("visits", AttributeValue.n("41"));
        customer.put("tags", AttributeValue.ss("vip"));
        model.items().setAll(new Item(customer));
        scene = new Scene((Parent) new ExpressionBuilderView(model).createView(), 1100, 760);
        scene.getStylesheets().add(Objects.requireNonNull(App.class.getResource("ui/dynalens.css")).toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void visualRows_buildSetWithACondition_andShowTheRenderedTextAndThePreviewDiff(FxRobot robot) throws Exception {
        robot.clickOn("#addUpdate");
        robot.clickOn("#update-path-0").write("name");
        robot.clickOn("#update-value-0").write("Ada Lovelace");
        robot.clickOn("#addCondition");
        robot.clickOn("#condition-path-0").write("status");
        robot.interact(() -> robot.lookup("#condition-operator-0").queryAs(ChoiceBox.class).setValue(ConditionOperator.NE));
        robot.clickOn("#condition-value-0").write("banned");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#renderedUpdate").queryAs(Label.class).getText()).isEqualTo("SET #name = :v1");
        assertThat(robot.lookup("#renderedCondition").queryAs(Label.class).getText()).isEqualTo("#status <> :v2");
        assertThat(robot.lookup("#problem").queryAs(Label.class).getText()).isEmpty();
        assertThat(robot.lookup("#preview").queryAs(javafx.scene.layout.VBox.class).lookupAll(".label"))
                .extracting(n -> ((Label) n).getText()).contains("✔ condition holds", "name", "\"Ada L.\"", "\"Ada Lovelace\"");
        assertThat(robot.lookup("#runUpdate").queryButton().isDisabled()).isFalse();
        screenshot(robot, "expression-builder-visual.png");
    }

    @Test
    void textMode_showsTheSameExpression_andUnderlinesAnErrorAtItsPosition(FxRobot robot) throws Exception {
        robot.clickOn("#addUpdate");
        robot.clickOn("#update-path-0").write("visits");
        robot.interact(() -> {
            var row = model.updateRows().get(0);
            row.actionProperty().set(dev.dynalens.domain.builder.UpdateAction.SET_PLUS);
            row.typeProperty().set(dev.dynalens.domain.builder.ValueType.N);
            row.valueProperty().set("1");
        });
        robot.clickOn("#textMode");
        var update = robot.lookup("#updateCode").queryAs(CodeArea.class);
        assertThat(update.getText()).isEqualTo("SET visits = visits + :v1");
        assertThat(robot.lookup("#valuesText").queryAs(TextArea.class).getText()).contains("\"N\": \"1\"");

        robot.interact(() -> update.replaceText("SET visits = visits + :v1 ADD tags :v1 REMOVE ="));
        WaitForAsyncUtils.waitForFxEvents();

        var error = model.updateErrorProperty().get();
        assertThat(error).isNotNull();
        assertThat(update.getStyleAtPosition(error.position() + 1)).contains("error");
        assertThat(update.getStyleAtPosition(1)).contains("keyword");
        assertThat(robot.lookup("#problem").queryAs(Label.class).getText()).contains("UpdateExpression at " + error.position());
        screenshot(robot, "expression-builder-text.png");

        robot.interact(() -> update.replaceText("SET visits = visits + :v1 ADD tags :t"));
        robot.interact(() -> robot.lookup("#valuesText").queryAs(TextArea.class)
                .setText("{\":v1\": {\"N\": \"1\"}, \":t\": {\"SS\": [\"early-adopter\"]}}"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.updateRows()).hasSize(2);   // the text fits the rows: rebuilt
        robot.clickOn("#visualMode");
        assertThat(robot.lookup("#update-path-1").queryAs(javafx.scene.control.TextField.class).getText()).isEqualTo("tags");
        assertThat(robot.lookup("#update-value-1").queryAs(javafx.scene.control.TextField.class).getText()).isEqualTo("early-adopter");
        robot.interact(() -> {
            var since = new ConditionRowModel();
            since.pathProperty().set("status");
            since.operatorProperty().set(ConditionOperator.NE);
            since.valueProperty().set("banned");
            model.conditionRows().add(since);
            var banned = new LinkedHashMap<>(model.items().get(0).attributes());
            banned.put("PK", AttributeValue.s("CUSTOMER#7"));
            banned.put("status", AttributeValue.s("banned"));
            model.items().add(new Item(banned));
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(model.preview()).extracting(ExpressionBuilderViewModel.PreviewRow::outcome)
                .containsExactly(ExpressionBuilderViewModel.Outcome.PASS, ExpressionBuilderViewModel.Outcome.FAIL);
        assertThat(robot.lookup("#renderedCondition").queryAs(Label.class).getText()).isEqualTo("#status <> :v3");
        screenshot(robot, "expression-builder-preview.png");
    }

    private void screenshot(FxRobot robot, String name) throws Exception {
        PngWriter.screenshotIfAsked(robot, () -> scene.getRoot(), name);
    }
}
