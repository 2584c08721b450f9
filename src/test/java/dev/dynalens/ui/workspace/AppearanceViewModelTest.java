package dev.dynalens.ui.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.workbench.Appearance;
import dev.dynalens.service.config.JsonSettingsStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppearanceViewModelTest {
    @TempDir
    Path dir;
    private final AtomicBoolean desktopDark = new AtomicBoolean(false);

    private AppearanceViewModel model() {
        var model = new AppearanceViewModel(new JsonSettingsStore(dir), desktopDark::get);
        model.load();
        return model;
    }

    @Test
    void byDefault_theThemeFollowsTheDesktop() {
        desktopDark.set(true);
        var model = model();
        assertThat(model.themeProperty().get()).isEqualTo(Appearance.Theme.SYSTEM);
        assertThat(model.darkProperty().get()).isTrue();
        desktopDark.set(false);
        assertThat(model().darkProperty().get()).isFalse();
    }

    @Test
    void anExplicitChoice_overridesTheDesktop_andIsKept() {
        desktopDark.set(true);
        var model = model();
        model.themeProperty().set(Appearance.Theme.LIGHT);
        assertThat(model.darkProperty().get()).isFalse();
        var restarted = model();
        assertThat(restarted.themeProperty().get()).isEqualTo(Appearance.Theme.LIGHT);
        assertThat(restarted.darkProperty().get()).isFalse();
    }

    @Test
    void fontSize_isKept_andStaysWithinItsBounds() {
        var model = model();
        model.larger();
        model.larger();
        assertThat(model.rootStyle()).isEqualTo("-fx-font-size: 15px;");
        assertThat(model().fontSizeProperty().get()).isEqualTo(15);
        model.fontSizeProperty().set(200);
        assertThat(model.fontSizeProperty().get()).isEqualTo(Appearance.MAX_FONT_SIZE);
        model.fontSizeProperty().set(1);
        assertThat(model.fontSizeProperty().get()).isEqualTo(Appearance.MIN_FONT_SIZE);
        model.resetFontSize();
        assertThat(model().fontSizeProperty().get()).isEqualTo(Appearance.DEFAULT_FONT_SIZE);
    }

    @Test
    void aBrokenSettingsFile_givesTheDefaults_andSaysWhere() throws Exception {
        Files.writeString(dir.resolve("settings.json"), "{\n \"theme\": dark }");
        var model = model();
        assertThat(model.current()).isEqualTo(Appearance.DEFAULT);
        assertThat(model.statusProperty().get()).contains("settings.json").contains("line 2");
    }

    @Test
    void anUnknownTheme_followsTheSystem_keepingTheFontSize() throws Exception {
        Files.writeString(dir.resolve("settings.json"), "{\"theme\": \"solarized\", \"fontSize\": 16}");
        var model = model();
        assertThat(model.current()).isEqualTo(new Appearance(Appearance.Theme.SYSTEM, 16));
        assertThat(model.statusProperty().get()).contains("solarized");
    }
}
