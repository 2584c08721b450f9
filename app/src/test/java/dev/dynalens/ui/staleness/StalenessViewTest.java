package dev.dynalens.ui.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import dev.dynalens.App;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.Page;
import dev.dynalens.domain.table.ReadRequest;
import dev.dynalens.domain.table.TableDescription;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.testsupport.PngWriter;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Stale copies tab as a person uses it on a production connection, headless: Find says what the read costs and
 * waits for a yes, the one read then finds the tracker sample's planted stale copies of every reference shape. With
 * {@code -Ddynalens.screenshots=DIR} it also writes the screenshots of the docs.
 */
@ExtendWith(ApplicationExtension.class)
class StalenessViewTest {
    private static final int PAGE = 100;
    private final SampleModels.Sample tracker = SampleModels.load(SampleModels.TRACKER);
    private FakeDynamoSession session;
    private StalenessViewModel model;
    private Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        session = new FakeDynamoSession(ConnectionProfile.create("Tracker (prod)", new CredentialsSource.LocalPlaceholder(), "eu-west-1",
                URI.create("http://127.0.0.1:9"), false, ConnectionTag.PRODUCTION));
        var keys = tracker.keys();
        var indexes = keys.indexes().entrySet().stream().map(e -> new IndexDescription(e.getKey(), IndexDescription.Kind.GLOBAL,
                e.getValue(), IndexDescription.Projection.ALL, List.of(), null, null, "ACTIVE")).toList();
        // DescribeTable's figures for the estimate: the sample's count, and about 300 bytes an item
        session.description.complete(new TableDescription("Tracker", keys.keySchema(), indexes, List.of(), tracker.items().size(),
                tracker.items().size() * 300L, TableDescription.BillingMode.PAY_PER_REQUEST, null, null, "ACTIVE",
                TableDescription.TimeToLive.unsupported()));
        session.responder = this::page;
        var analysis = Executors.newSingleThreadExecutor(r -> {
            var t = new Thread(r, "stale analysis");
            t.setDaemon(true);
            return t;
        });
        model = new StalenessViewModel(session, "Tracker", Platform::runLater, analysis);
        var journals = Files.createTempDirectory("stale-view-journals");
        journals.toFile().deleteOnExit();
        scene = new Scene((Parent) new StalenessView(model, journals).createView(), 1280, 800);
        scene.getStylesheets().add(Objects.requireNonNull(App.class.getResource("ui/dynalens.css")).toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    /** The sample's items in pages of {@value #PAGE}; the start key carries the offset. */
    private Page page(ReadRequest request) {
        var items = tracker.items();
        var start = request.exclusiveStartKey() == null ? 0 : Integer.parseInt(((AttributeValue.Str) request.exclusiveStartKey().get("at")).value());
        var end = Math.min(items.size(), start + PAGE);
        Map<String, AttributeValue> last = end < items.size() ? Map.of("at", AttributeValue.s(Integer.toString(end))) : null;
        return new Page(items.subList(start, end), last, end - start, new ConsumedCapacity(2.5, 2.5, null));
    }

    @Test
    void onProduction_findSaysTheCostFirst_thenTheOneReadFindsThePlantedCopiesOfEveryShape(FxRobot robot) throws Exception {
        robot.clickOn("#findStaleCopies");

        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> model.awaitingConfirmationProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(session.reads).as("nothing is read before the yes").isEmpty();
        assertThat(model.awaitingConfirmationProperty().get().text()).contains("read units").contains("request");
        screenshot(robot, "stale-copies-cost-first.png");

        robot.clickOn("#confirmStaleRead");
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !model.runningProperty().get() && !model.staleCopies().isEmpty());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no stale copies: status '" + model.statusProperty().get() + "', error '" + model.errorProperty().get()
                    + "', running " + model.runningProperty().get() + ", " + session.reads.size() + " read(s)", e);
        }
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(session.reads).as("one read: a Scan request per page, once").hasSize((tracker.items().size() + PAGE - 1) / PAGE)
                .allMatch(r -> r instanceof ReadRequest.Scan);
        assertThat(model.staleCopies()).hasSize(15);
        assertThat(model.orphans()).hasSize(8);
        assertThat(model.rules()).extracting(RuleRow::spec).anyMatch(spec -> spec.contains("@PK=SK"));
        assertThat(robot.lookup("#staleCost").queryAs(Label.class).getText()).contains("read units consumed");
        screenshot(robot, "staleness.png");
    }

    private void screenshot(FxRobot robot, String name) throws Exception {
        PngWriter.screenshotIfAsked(robot, () -> scene.getRoot(), name);
    }
}
