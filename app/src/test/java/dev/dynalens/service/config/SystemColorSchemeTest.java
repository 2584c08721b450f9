package dev.dynalens.service.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SystemColorSchemeTest {
    private static SystemColorScheme answering(String os, Map<String, String> answers) {
        return new SystemColorScheme(os, command -> Optional.ofNullable(answers.get(String.join(" ", command))));
    }

    private static final String COLOR_SCHEME = "gsettings get org.gnome.desktop.interface color-scheme";
    private static final String GTK_THEME = "gsettings get org.gnome.desktop.interface gtk-theme";

    @ParameterizedTest
    @CsvSource(textBlock = """
            'prefer-dark',  ,                true
            'default',      'Adwaita-dark',  false
            'prefer-light', ,                false
            ,               'Adwaita-dark',  true
            ,               'Adwaita',       false
            ,               ,                false
            """)
    void linux_readsGnomesColorScheme_thenTheGtkThemeName(String scheme, String gtkTheme, boolean dark) {
        var answers = new java.util.HashMap<String, String>();
        if (scheme != null) answers.put(COLOR_SCHEME, scheme + "\n");
        if (gtkTheme != null) answers.put(GTK_THEME, gtkTheme + "\n");
        assertThat(answering("Linux", answers).prefersDark()).isEqualTo(dark);
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            Dark,  true
            Light, false
            """)
    void macOs_readsAppleInterfaceStyle(String style, boolean dark) {
        assertThat(answering("Mac OS X", Map.of("defaults read -g AppleInterfaceStyle", style + "\n")).prefersDark()).isEqualTo(dark);
        assertThat(answering("Mac OS X", Map.of()).prefersDark()).isFalse(); // the key is absent in light mode
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            0x0, true
            0x1, false
            """)
    void windows_readsAppsUseLightTheme(String value, boolean dark) {
        var output = "\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize\n"
                + "    AppsUseLightTheme    REG_DWORD    " + value + "\n\n";
        var command = String.join(" ", List.of("reg", "query",
                "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize", "/v", "AppsUseLightTheme"));
        assertThat(answering("Windows 11", Map.of(command, output)).prefersDark()).isEqualTo(dark);
    }
}
