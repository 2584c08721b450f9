package dev.dynalens.service.config;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The per-user config folder of the platform: XDG on Linux ($XDG_CONFIG_HOME or ~/.config),
 * Application Support on macOS, %APPDATA% on Windows. The system property {@code dynalens.config.dir}
 * overrides it (tests, portable installs).
 */
public final class ConfigDirectory {
    public static final String OVERRIDE_PROPERTY = "dynalens.config.dir";
    private static final String APP_FOLDER = "DynaLens";
    private static final String XDG_FOLDER = "dynalens";

    private ConfigDirectory() {
    }

    public static Path current() {
        return resolve(System.getProperty(OVERRIDE_PROPERTY), System.getProperty("os.name", ""), System.getenv(),
                Path.of(System.getProperty("user.home")));
    }

    static Path resolve(String override, String osName, Map<String, String> env, Path userHome) {
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        var os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            var appData = env.get("APPDATA");
            return appData != null && !appData.isBlank()
                    ? Path.of(appData, APP_FOLDER)
                    : userHome.resolve("AppData").resolve("Roaming").resolve(APP_FOLDER);
        }
        if (os.startsWith("mac") || os.contains("darwin")) {
            return userHome.resolve("Library").resolve("Application Support").resolve(APP_FOLDER);
        }
        var xdg = env.get("XDG_CONFIG_HOME");
        // XDG Base Directory spec: a relative XDG_CONFIG_HOME is invalid and must be ignored.
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, XDG_FOLDER);
        }
        return userHome.resolve(".config").resolve(XDG_FOLDER);
    }
}
