package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.appstate.WindowBounds;
import dev.dynalens.domain.appstate.WindowPlacement;
import dev.dynalens.service.config.JsonAppStateStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainWindowViewModelTest {
    private static final WindowPlacement.Screen SCREEN = new WindowPlacement.Screen(0, 0, 1920, 1040);

    @TempDir
    Path dir;

    @Test
    void theBoundsTheWindowHadLast_areWhereItOpensNextTime() {
        var first = new MainWindowViewModel(new JsonAppStateStore(dir));
        assertThat(first.initial(SCREEN, List.of(SCREEN))).isEqualTo(WindowPlacement.share(SCREEN));
        first.moved(40, 30, 1200, 800, false);
        assertThat(first.save(false)).isTrue();

        var next = new MainWindowViewModel(new JsonAppStateStore(dir));

        assertThat(next.initial(SCREEN, List.of(SCREEN))).isEqualTo(new WindowBounds(40, 30, 1200, 800, false));
        assertThat(next.statusProperty().get()).isEmpty();
    }

    @Test
    void aMaximizedWindow_isSavedWithTheBoundsItHadBefore_soItReturnsToThem() {
        var model = new MainWindowViewModel(new JsonAppStateStore(dir));
        model.initial(SCREEN, List.of(SCREEN));
        model.moved(40, 30, 1200, 800, false);
        model.moved(0, 0, 1920, 1040, true); // maximized: the screen's bounds

        model.save(true);

        assertThat(new MainWindowViewModel(new JsonAppStateStore(dir)).initial(SCREEN, List.of(SCREEN)))
                .isEqualTo(new WindowBounds(40, 30, 1200, 800, true));
    }

    @Test
    void anUnreadableWindowFile_opensTheFirstWindow_andSaysSo() throws Exception {
        Files.writeString(dir.resolve("window.json"), "{\"format\": \"dynalens-window\", \"x\": \"left\"}");
        var model = new MainWindowViewModel(new JsonAppStateStore(dir));

        assertThat(model.initial(SCREEN, List.of(SCREEN))).isEqualTo(WindowPlacement.share(SCREEN));
        assertThat(model.statusProperty().get()).contains("window.json").contains("\"x\" is not a number")
                .contains("opens at its first size");
    }

    @Test
    void aWindowThatCannotBeSaved_isReported_notThrown() throws Exception {
        var notAFolder = dir.resolve("file");
        Files.writeString(notAFolder, "");
        var model = new MainWindowViewModel(new JsonAppStateStore(notAFolder));
        model.initial(SCREEN, List.of(SCREEN));

        assertThat(model.save(false)).isFalse();
        assertThat(model.statusProperty().get()).startsWith("The window's size could not be saved:");
    }
}
