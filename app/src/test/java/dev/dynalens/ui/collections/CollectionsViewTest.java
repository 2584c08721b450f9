package dev.dynalens.ui.collections;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.dynalens.App;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The collection's entity groups side by side in a window narrower than their tables would like, headless (Monocle). */
@ExtendWith(ApplicationExtension.class)
class CollectionsViewTest {
    private static final List<String> ENTITIES = List.of("PROFILE", "ORDER", "ADDRESS", "REVIEW", "PAYMENT", "WISH");
    private CollectionsViewModel model;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        var session = new FakeDynamoSession(ConnectionProfile.local("local", URI.create("http://127.0.0.1:9")));
        session.description.complete(new TableDescription("Shop", KeySchema.of("PK", "SK"), List.of(), List.of(), 0, 0,
                TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE", TableDescription.TimeToLive.unsupported()));
        session.responder = request -> new Page(partition(), null, 12, new ConsumedCapacity(0.5, null, null));
        model = new CollectionsViewModel(session, "Shop", Runnable::run, Runnable::run, new CollectionsViewModelTest.InMemoryLenses(), "c");
        model.loadDescription();
        var scene = new Scene((Parent) new CollectionsView(model).createView(), 1100, 700);
        scene.getStylesheets().add(Objects.requireNonNull(App.class.getResource("ui/dynalens.css")).toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    /** Six entity types in one partition, each with wide columns: side by side they would want about 3,100 px. */
    private static List<Item> partition() {
        var items = new ArrayList<Item>();
        for (var entity : ENTITIES) {
            for (int i = 0; i < 2; i++) {
                var attributes = new LinkedHashMap<String, AttributeValue>();
                attributes.put("PK", AttributeValue.s("CUSTOMER#1"));
                attributes.put("SK", AttributeValue.s(entity + (entity.equals("PROFILE") ? "" : "#" + i)));
                attributes.put(entity.toLowerCase() + "Details", AttributeValue.s("a long value that makes the column wide " + i));
                attributes.put("note", AttributeValue.s("another long value to widen the table further " + i));
                items.add(new Item(attributes));
            }
        }
        return items;
    }

    @Test
    void aLiveTable_isNotAnalysedOnOpen_andItsHeaderSaysWhatTheScanWouldCost(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(model.entities()).isEmpty();
        assertThat(robot.lookup("#overviewCost").queryLabeled().getText())
                .contains("By DynamoDB's figures (updated about every six hours) that is about 0 items (0 B): about 0.5 read units.");
    }

    @Test
    void sideBySideGroups_shareTheWidth_wrappingToAnotherRow_insteadOfOverflowingIt(FxRobot robot) throws Exception {
        robot.clickOn("#collectionPartition").write("CUSTOMER#1");
        robot.clickOn("#openCollection");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> model.groups().size() == ENTITIES.size());
        WaitForAsyncUtils.waitForFxEvents();

        var scroll = robot.lookup("#collectionScroll").queryAs(ScrollPane.class);
        var groups = robot.lookup("#collectionGroups").queryAs(Pane.class);
        assertWithinTheView(scroll, groups);
        assertThat(rows(groups)).as("side by side, wrapped").hasSizeBetween(2, ENTITIES.size() - 1);

        // Room for all six at their minimum (a wide window, the entity list narrowed): one row.
        robot.interact(() -> {
            stage.setWidth(1900);
            robot.lookup(".split-pane").queryAs(javafx.scene.control.SplitPane.class).setDividerPositions(0.05);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertWithinTheView(scroll, groups);
        assertThat(rows(groups)).hasSize(1);

        // A narrow window: one group to a row, still inside the view.
        robot.interact(() -> stage.setWidth(800));
        WaitForAsyncUtils.waitForFxEvents();
        assertWithinTheView(scroll, groups);

        robot.interact(() -> robot.lookup(".toggle-button").match(n -> "Side by side".equals(((ToggleButton) n).getText()))
                .queryAs(ToggleButton.class).setSelected(false));
        WaitForAsyncUtils.waitForFxEvents();
        var stacked = robot.lookup("#collectionGroups").queryAs(Pane.class);
        assertThat(stacked.getWidth()).as("stacked groups take the view's width").isLessThanOrEqualTo(scroll.getViewportBounds().getWidth() + 0.5);
        assertThat(rows(stacked)).hasSize(ENTITIES.size());
    }

    /** Every group ends inside the scroll pane's view (no horizontal overflow), and none is narrower than the minimum. */
    private static void assertWithinTheView(ScrollPane scroll, Pane groups) {
        var viewport = scroll.getViewportBounds().getWidth();
        assertThat(groups.getChildren()).hasSize(ENTITIES.size());
        assertThat(groups.getWidth()).as("the groups are as wide as the view").isLessThanOrEqualTo(viewport + 0.5);
        for (Node pane : groups.getChildren()) {
            assertThat(pane.getBoundsInParent().getMaxX()).as(pane.getId() + " ends inside the view").isLessThanOrEqualTo(viewport + 0.5);
            assertThat(pane.getBoundsInParent().getWidth()).as(pane.getId() + " keeps its minimum")
                    .isGreaterThanOrEqualTo(Math.min(CollectionsView.MIN_GROUP_WIDTH, viewport - 12));
        }
    }

    /** The distinct tops of the groups: one per row. */
    private static java.util.Set<Double> rows(Pane groups) {
        var tops = new java.util.TreeSet<Double>();
        groups.getChildren().forEach(pane -> tops.add(pane.getBoundsInParent().getMinY()));
        return tops;
    }
}
