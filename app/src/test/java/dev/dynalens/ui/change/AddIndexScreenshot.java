package dev.dynalens.ui.change;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.inference.SampleModels;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.IndexDescription;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.service.change.ChangeSettings;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.service.load.LoadRequest;
import dev.dynalens.service.load.TableLoader;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.IndexCreatingRelay;
import dev.dynalens.testsupport.PngWriter;
import dev.dynalens.usecase.AddIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Not a test: shows the "Add an index…" dialog on a real display (Xvfb) over the blog sample in a dynalite of its own,
 * runs it to the end and writes the dialog as {@code docs/screenshots/add-index.png} (or the path given). dynalite 4.0.0
 * does not make an index UpdateTable asks for, so the session goes through {@link IndexCreatingRelay}: the backfill's
 * writes and the proof's Queries are dynalite's, the index's CREATING, backfilling and ACTIVE are the relay's.
 */
public final class AddIndexScreenshot {
    public static void main(String[] args) throws Exception {
        var file = Path.of(args.length > 0 ? args[0] : "add-index.png");
        var gsi2 = new IndexDescription("GSI2", IndexDescription.Kind.GLOBAL, KeySchema.of("GSI2PK", "GSI2SK"), IndexDescription.Projection.ALL,
                List.of(), null, null, null);
        try (var dynalite = DynamoEndpointExtension.startPrivateDynalite()) {
            var sample = SampleModels.load(SampleModels.BLOG);
            var indexes = new ArrayList<IndexDescription>();
            sample.keys().indexes().forEach((name, keys) -> indexes.add(new IndexDescription(name, IndexDescription.Kind.GLOBAL, keys,
                    IndexDescription.Projection.ALL, List.of(), null, null, null)));
            indexes.add(gsi2);
            try (var seed = new AwsDynamoSessionFactory().open(ConnectionProfile.local("seed", dynalite.endpoint()))) {
                new TableLoader(seed).start(LoadRequest.of("Blog", sample.items()).creatingTable(new CreateTableSpec("Blog",
                        sample.keys().keySchema(), indexes)), p -> { }).result().get(2, TimeUnit.MINUTES);
            }
            try (var relay = new IndexCreatingRelay(dynalite.endpoint(), "GSI2", 3);
                 var session = WriteGuard.protect(new AwsDynamoSessionFactory().open(ConnectionProfile.create("local dynalite",
                         new CredentialsSource.LocalPlaceholder(), "us-east-1", relay.endpoint(), false, ConnectionTag.LOCAL)))) {
                var analysis = Executors.newSingleThreadExecutor();
                var changes = Files.createTempDirectory("add-index-screenshot");
                var settings = new AddIndex.Settings(Duration.ofMillis(700), Duration.ofMinutes(1), Duration.ofMillis(300), 5);
                FxToolkit.registerPrimaryStage();
                var model = new AddIndexViewModel(confirmer -> new AddIndex(session, analysis, confirmer, ChangeSettings.DEFAULTS, settings,
                        Clock.systemUTC()), session.profile(), "Blog", "COMMENT", session.describeTable("Blog"), changes, Platform::runLater);
                var robot = new FxRobot();
                robot.interact(() -> {
                    javafx.application.Application.setUserAgentStylesheet(new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
                    var owner = new Stage();
                    owner.setScene(new javafx.scene.Scene(new javafx.scene.layout.Pane(), 10, 10));
                    owner.show();
                    AddIndexDialog.show(owner, model, session.profile().name());
                });
                WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> !model.readCostProperty().get().isEmpty());
                robot.interact(() -> {
                    model.equalsProperty().set("commenterId");
                    model.orderProperty().set(AddIndexOrder.SORT_BY);
                    model.orderAttributeProperty().set("createdAt");
                    model.descendingProperty().set(true);
                });
                robot.interact(() -> model.plan(false));
                WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> model.canAddProperty().get());
                robot.interact(() -> model.add(null));
                WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> model.doneProperty().get() && !model.runningProperty().get());
                WaitForAsyncUtils.waitForFxEvents();
                Thread.sleep(500);
                var shot = new WritableImage[1];
                robot.interact(() -> {
                    var windows = Window.getWindows().filtered(Window::isShowing);
                    shot[0] = windows.get(windows.size() - 1).getScene().getRoot().snapshot(null, null);
                });
                PngWriter.write(shot[0], file);
                System.out.println("wrote " + file.toAbsolutePath() + "; " + model.statusProperty().get());
                analysis.shutdownNow();
            }
        }
        System.exit(0);
    }
}
