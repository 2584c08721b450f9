package dev.dynalens.testsupport;

import dev.dynalens.App;
import dev.dynalens.service.config.ConfigDirectory;
import java.nio.file.Path;
import javafx.application.Application;
import org.testfx.api.FxToolkit;

/** Starts and stops the real app for TestFX tests: a config folder of the test's own, samples on first start or not. */
public final class TestApps {
    private TestApps() {
    }

    public static Application start(Path configDir, boolean samples) throws Exception {
        System.setProperty(ConfigDirectory.OVERRIDE_PROPERTY, configDir.toString());
        System.setProperty(App.SAMPLES_PROPERTY, String.valueOf(samples));
        return FxToolkit.setupApplication(App.class);
    }

    /** Stops {@code app} (if it was started) and clears what {@link #start} set. */
    public static void stop(Application app) throws Exception {
        if (app != null) {
            FxToolkit.cleanupApplication(app);
        }
        System.clearProperty(ConfigDirectory.OVERRIDE_PROPERTY);
        System.clearProperty(App.SAMPLES_PROPERTY);
    }
}
