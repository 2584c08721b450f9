package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.appstate.Appearance;
import dev.dynalens.service.config.JsonSettingsStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppearanceViewModelTest {
    @TempDir
    Path dir;
    private final AtomicBoolean desktopDark = new AtomicBoolean(false);

    private AppearanceViewModel model() {
        var model = new AppearanceViewModel(new JsonSettingsStore(dir), desktopDark::get, Runnable::run, Runnable::run, Duration.ofSeconds(5));
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

    /** Runs nothing until told: shows on which executor each step happens. */
    private static final class Held implements Executor {
        final Queue<Runnable> tasks = new ArrayDeque<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        void runAll() {
            while (!tasks.isEmpty()) tasks.poll().run();
        }
    }

    @Test
    void theDesktopIsAskedOnTheBackgroundExecutor_andItsAnswerAppliedOnTheFxExecutor() {
        desktopDark.set(true);
        var asked = new AtomicInteger();
        var background = new Held();
        var fx = new Held();
        var model = new AppearanceViewModel(new JsonSettingsStore(dir), () -> {
            asked.incrementAndGet();
            return desktopDark.get();
        }, background, fx, Duration.ofSeconds(5));

        model.load();
        assertThat(asked).hasValue(0); // load() itself runs no command
        assertThat(model.darkProperty().get()).isFalse();
        background.runAll();
        assertThat(asked).hasValue(1);
        assertThat(model.darkProperty().get()).isFalse(); // not yet applied
        fx.runAll();
        assertThat(model.darkProperty().get()).isTrue();
    }

    @Test
    void aDesktopThatDoesNotAnswerInTime_meansLight() throws Exception {
        desktopDark.set(true);
        var release = new CountDownLatch(1);
        var background = Executors.newVirtualThreadPerTaskExecutor();
        try {
            var model = new AppearanceViewModel(new JsonSettingsStore(dir), () -> {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return true;
            }, background, Runnable::run, Duration.ofMillis(50));

            assertThat(model.askTheSystem().get(5, TimeUnit.SECONDS)).isFalse();
            assertThat(model.darkProperty().get()).isFalse();
        } finally {
            release.countDown();
            background.shutdown();
        }
    }

    @Test
    void aProbeThatFails_meansLight_withoutAnException() throws Exception {
        var model = new AppearanceViewModel(new JsonSettingsStore(dir), () -> {
            throw new IllegalStateException("gsettings: command not found");
        }, Runnable::run, Runnable::run, Duration.ofSeconds(5));
        model.load();

        assertThat(model.askTheSystem().get(5, TimeUnit.SECONDS)).isFalse();
        assertThat(model.darkProperty().get()).isFalse();
        assertThat(model.statusProperty().get()).isEmpty();
    }

    @Test
    void anOlderAnswer_arrivingAfterANewerOne_isNotApplied() {
        var background = new Held();
        var fx = new Held();
        var model = new AppearanceViewModel(new JsonSettingsStore(dir), desktopDark::get, background, fx, Duration.ofSeconds(5));
        model.load(); // the first question
        model.themeProperty().set(Appearance.Theme.LIGHT);
        model.themeProperty().set(Appearance.Theme.SYSTEM); // the second question
        var first = background.tasks.poll();
        background.runAll(); // the second is answered first: light
        fx.runAll();
        assertThat(model.darkProperty().get()).isFalse();

        desktopDark.set(true);
        first.run(); // the first answer comes late: dark, but outdated
        fx.runAll();
        assertThat(model.darkProperty().get()).isFalse();
    }
}
