package dev.dynalens.service.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Whether the desktop prefers a dark look. GNOME (and desktops that honour its setting) answer
 * {@code gsettings get org.gnome.desktop.interface color-scheme} with {@code 'prefer-dark'}; macOS answers
 * {@code defaults read -g AppleInterfaceStyle} with {@code Dark}; Windows keeps {@code AppsUseLightTheme} = 0 in the
 * registry. Anything else, a missing tool or a timeout means light.
 */
public final class SystemColorScheme {
    private final String osName;
    private final Function<List<String>, Optional<String>> run;

    /** @param run runs a command and gives its standard output, or empty when it could not run or failed */
    public SystemColorScheme(String osName, Function<List<String>, Optional<String>> run) {
        this.osName = osName.toLowerCase(Locale.ROOT);
        this.run = run;
    }

    public static SystemColorScheme current() {
        return new SystemColorScheme(System.getProperty("os.name", ""), SystemColorScheme::runCommand);
    }

    public boolean prefersDark() {
        if (osName.startsWith("windows")) {
            return run.apply(List.of("reg", "query", "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize",
                    "/v", "AppsUseLightTheme")).map(out -> out.matches("(?s).*AppsUseLightTheme\\s+REG_DWORD\\s+0x0+\\b.*")).orElse(false);
        }
        if (osName.startsWith("mac") || osName.contains("darwin")) {
            return run.apply(List.of("defaults", "read", "-g", "AppleInterfaceStyle")).map(out -> out.strip().equalsIgnoreCase("dark"))
                    .orElse(false);
        }
        var scheme = run.apply(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"));
        if (scheme.isPresent() && scheme.get().contains("dark")) {
            return true;
        }
        // Older GNOME has no color-scheme key; a dark GTK theme is named "...-dark" (Adwaita-dark).
        return scheme.isEmpty() && run.apply(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme"))
                .map(out -> out.toLowerCase(Locale.ROOT).contains("-dark")).orElse(false);
    }

    private static Optional<String> runCommand(List<String> command) {
        try {
            var process = new ProcessBuilder(command).redirectErrorStream(true).start();
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            var out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
