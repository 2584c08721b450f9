package dev.dynalens.ui.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.capacity.ItemSizeCalculator;
import dev.dynalens.domain.item.Item;
import dev.dynalens.testsupport.TestApps;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.GridPane;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Size & cost tab as a person uses it, headless, on the online-shop sample the first start opens. */
class SizeAndCostIT extends FxRobot {
    @TempDir
    Path configDir;

    private Application app;

    @BeforeAll
    static void stage() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @BeforeEach
    void startApp() throws Exception {
        app = TestApps.start(configDir, true);
    }

    @AfterEach
    void stopApp() throws Exception {
        TestApps.stop(app);
    }

    @Test
    void selectingAnItemInTheCollection_showsItsSizeBarsAndCosts_inTheSizeAndCostTab() throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> lookup("#group-ORDER").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<Item> orders = lookup("#group-ORDER .table-view").queryAs(TableView.class);
        var order = orders.getItems().getFirst();
        interact(() -> orders.getSelectionModel().select(0));

        clickOn("Size & cost");

        var size = lookup("#itemSize").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !size.getText().isEmpty());
        var bytes = ItemSizeCalculator.sizeOf(order);
        assertThat(size.getText()).startsWith(String.format(Locale.ROOT, "%,d bytes", bytes));
        assertThat(lookup("#limitSummary").queryAs(Label.class).getText()).contains("% of the 400 KB item limit");
        var bars = lookup("#attributeBars").queryAs(GridPane.class);
        assertThat(bars.getChildren()).hasSize(4 * order.size());       // name, type, bar, bytes per attribute
        TableView<?> costs = lookup("#operationCosts").queryAs(TableView.class);
        assertThat(costs.getItems()).hasSize(9);
        assertThat(costs.getItems().getFirst().toString()).contains("GetItem, eventually consistent").contains("0.5 RCU");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> lookup("#collectionSummary").queryAs(Label.class).getText().startsWith("Whole collection"));
        TableView<?> entities = lookup("#entitySizes").queryAs(TableView.class);
        assertThat(entities.getItems()).extracting(Object::toString).anySatisfy(row -> assertThat(row).contains("entity=ORDER"));
    }
}
