package dev.dynalens.ui.editor;

import dev.dynalens.App;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.service.aws.AwsDynamoSessionFactory;
import dev.dynalens.testsupport.PngWriter;
import dev.dynalens.ui.connections.ConnectionEditorViewModel;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListView;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Not a test: drives the real app on a real display (Xvfb) to the state shown in
 * {@code docs/screenshots/item-editor-staged.png}, writes the front window as a PNG and exits. Arguments: the endpoint
 * of a running dynalite, {@code staged} (the staged-changes tab) or {@code dialog} (the item editor open), and where
 * to write the picture (default {@code item-editor-<scene>.png} in the working folder).
 */
public final class EditorScreenshot {
    public static void main(String[] args) throws Exception {
        var endpoint = URI.create(args[0]);
        var scene = args.length > 1 ? args[1] : "staged";
        try (var session = new AwsDynamoSessionFactory().open(ConnectionProfile.local("seed", endpoint))) {
            session.createTable(new CreateTableSpec("Orders", KeySchema.of("PK", "SK"), List.of())).get(30, TimeUnit.SECONDS);
            String[][] rows = {{"ORDER#2024-001", "129.90", "SHIPPED"}, {"ORDER#2024-002", "19.99", "NEW"},
                    {"ORDER#2024-003", "1250.00", "NEW"}, {"ORDER#2024-004", "74.50", "CANCELLED"}};
            for (var row : rows) {
                var order = new LinkedHashMap<String, AttributeValue>();
                order.put("PK", AttributeValue.s("CUSTOMER#ann"));
                order.put("SK", AttributeValue.s(row[0]));
                order.put("total", AttributeValue.n(row[1]));
                order.put("status", AttributeValue.s(row[2]));
                order.put("tags", AttributeValue.ss("gift", "express"));
                order.put("lines", AttributeValue.l(AttributeValue.m(Map.of("sku", AttributeValue.s("A-1"), "qty", AttributeValue.n("2")))));
                session.write(ItemWrite.Put.unconditional("Orders", new Item(order))).get(10, TimeUnit.SECONDS);
            }
        }
        Stage stage = FxToolkit.registerPrimaryStage();
        FxToolkit.setupApplication(App.class);
        FxToolkit.setupFixture(() -> {
            stage.setX(0);
            stage.setY(0);
            stage.setWidth(1400);
            stage.setHeight(900);
        });
        var robot = new FxRobot();
        robot.clickOn("#addConnection");
        robot.clickOn("#nameField").write("local dynalite");
        robot.interact(() -> {
            robot.lookup("#credentialsModeBox").queryAs(ComboBox.class).getSelectionModel()
                    .select(ConnectionEditorViewModel.CredentialsMode.LOCAL);
            robot.lookup("#endpointField").queryAs(TextField.class).setText(endpoint.toString());
        });
        robot.clickOn("#saveConnection");
        @SuppressWarnings("unchecked")
        ListView<String> tables = robot.lookup("#tableList").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> tables.getItems().contains("Orders"));
        robot.interact(() -> tables.getSelectionModel().select("Orders"));
        robot.clickOn("#openTable");
        robot.clickOn("Scan / Query");
        Thread.sleep(1000);
        robot.clickOn("#runButton");
        @SuppressWarnings("unchecked")
        TableView<Item> results = robot.lookup("#resultsTable").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> results.getItems().size() == 4);
        WaitForAsyncUtils.waitForFxEvents();
        edit(robot, "ORDER#2024-002", "status", "SHIPPED");
        edit(robot, "ORDER#2024-003", "total", "1187.50");
        robot.interact(() -> results.getSelectionModel().select(3));
        robot.clickOn("#deleteItem");
        if (scene.equals("dialog")) {
            robot.interact(() -> results.getSelectionModel().select(0));
            robot.clickOn("#editItem");
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> robot.lookup("#itemFormat").queryAs(ComboBox.class).getSelectionModel().select(1));
            robot.interact(() -> {
                var area = robot.lookup("#itemEditorText").queryAs(org.fxmisc.richtext.CodeArea.class);
                area.replaceText(area.getText().replace("\"SHIPPED\"", "\"DELIVERED\"")
                        .replace("\"total\": 129.9,", "\"total\": 129.9,\n  \"deliveredAt\": \"2024-05-02T10:15:00Z\","));
            });
        } else {
            robot.clickOn("Staged (3)");
        }
        WaitForAsyncUtils.waitForFxEvents();
        var file = Path.of(args.length > 2 ? args[2] : "item-editor-" + scene + ".png");
        var shot = new WritableImage[1];
        robot.interact(() -> {
            // the front window: the item editor where it is open, the app's window otherwise
            var windows = Window.getWindows().filtered(Window::isShowing);
            shot[0] = windows.get(windows.size() - 1).getScene().getRoot().snapshot(null, null);
        });
        PngWriter.write(shot[0], file);
        System.out.println("wrote " + file.toAbsolutePath());
        System.exit(0);
    }

    private static void edit(FxRobot robot, String sk, String attribute, String value) {
        Node cell = robot.lookup(node -> node instanceof TableCell<?, ?> c && c.getTableColumn() != null
                && attribute.equals(c.getTableColumn().getText()) && c.getTableRow() != null
                && c.getTableRow().getItem() instanceof Item item && item.get("SK").equals(java.util.Optional.of(AttributeValue.s(sk))))
                .query();
        robot.doubleClickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
        robot.write(value).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
