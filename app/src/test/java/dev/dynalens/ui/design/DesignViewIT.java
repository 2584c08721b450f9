package dev.dynalens.ui.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.service.guard.WriteGuard;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.PngWriter;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Design view as a person uses it, headless: two patterns typed into the text, the key chart they give, and a Prove
 * design on dynalite that passes. With {@code -Ddynalens.screenshots=DIR} it also writes the screenshots of the docs.
 */
@ExtendWith(DynamoEndpointExtension.class)
class DesignViewIT extends FxRobot {
    private static final String TWO_PATTERNS = """
            entities:
              Device: {id: [deviceId], attributes: {deviceId: S, siteId: S, installedAt: S}}
            accessPatterns:
              - {name: getDevice, entity: Device, equals: [deviceId]}
              - {name: devicesOfSiteNewestFirst, entity: Device, equals: [siteId], sortBy: installedAt, descending: true}
            """;

    private Stage stage;

    @BeforeEach
    void stage() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(s -> {
            javafx.application.Application.setUserAgentStylesheet(new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
            s.setScene(new javafx.scene.Scene(new javafx.scene.layout.StackPane(), 300, 200));
            s.show();
        });
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.setupFixture(() -> javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList()
                .forEach(javafx.stage.Window::hide));
    }

    @Test
    void twoTypedPatterns_giveTheKeyChart_andAProofOnDynalitePasses(TestEndpoint endpoint, DynamoSession session) throws Exception {
        var local = ConnectionProfile.local("dynalite", endpoint.endpoint());
        var window = new DesignWindow[1];
        FxToolkit.setupFixture(() -> {
            window[0] = new DesignWindow(stage, FXCollections.observableArrayList(local), profile -> WriteGuard.protect(session),
                    Platform::runLater, (file, table) -> { }, (file, table, statement) -> { }, List.of(), "");
            window[0].show();
        });
        // the first example opens with the window; the person replaces it with two patterns of their own
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !keyChart().getItems().isEmpty());
        interact(() -> lookup("#patternsTabs").queryAs(TabPane.class).getSelectionModel().select(1));
        var text = lookup("#patternsText").queryAs(TextArea.class);
        clickOn(text);
        press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
        push(KeyCode.DELETE);
        interact(() -> text.replaceSelection(TWO_PATTERNS.substring(0, TWO_PATTERNS.length() - 60)));
        write(TWO_PATTERNS.substring(TWO_PATTERNS.length() - 60));

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> keyChart().getItems().size() == 1);
        assertThat(keyChart().getColumns()).extracting(c -> c.getText()).containsExactly("Entity", "PK", "SK", "GSI1PK", "GSI1SK", "Put");
        var device = keyChart().getItems().getFirst();
        assertThat(device.keys()).containsEntry("PK", "DEVICE#{deviceId}").containsEntry("GSI1PK", "SITE#{siteId}")
                .containsEntry("GSI1SK", "{installedAt}#{deviceId}");
        assertThat(lookup("#requestTable").queryAs(TableView.class).getItems()).hasSize(2);
        screenshot(window[0], "design-planner.png");

        clickOn("#proveDesign");

        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> lookup("#designValid").queryAs(Label.class).isVisible());
        WaitForAsyncUtils.waitForFxEvents(); // the FX thread's updates of that moment, read from this thread after it
        assertThat(lookup("#designStatus").queryAs(Label.class).getText()).startsWith("Design valid: all 2 patterns passed on dynalite");
        @SuppressWarnings("unchecked")
        TableView<DesignViewModel.RequestRow> requests = lookup("#requestTable").queryAs(TableView.class);
        assertThat(requests.getItems()).allSatisfy(r -> assertThat(r.statusProperty().get()).startsWith("passed"));
        screenshot(window[0], "design-planner-proved.png");
    }

    private void screenshot(DesignWindow window, String name) throws Exception {
        PngWriter.screenshotIfAsked(this, () -> window.stage().getScene().getRoot(), name);
    }

    @SuppressWarnings("unchecked")
    private TableView<DesignViewModel.KeyChartRow> keyChart() {
        return lookup("#keyChart").queryAs(TableView.class);
    }
}
