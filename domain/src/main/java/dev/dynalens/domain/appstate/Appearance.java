package dev.dynalens.domain.appstate;

import java.util.Objects;

/** How the app looks: the theme choice and the base font size in pixels. */
public record Appearance(Theme theme, int fontSize) {
    /** SYSTEM follows the desktop's light/dark preference. */
    public enum Theme { SYSTEM, LIGHT, DARK }

    public static final int MIN_FONT_SIZE = 9;
    public static final int MAX_FONT_SIZE = 24;
    public static final int DEFAULT_FONT_SIZE = 13;
    public static final Appearance DEFAULT = new Appearance(Theme.SYSTEM, DEFAULT_FONT_SIZE);

    public Appearance {
        Objects.requireNonNull(theme, "theme");
        fontSize = Math.min(MAX_FONT_SIZE, Math.max(fontSize, MIN_FONT_SIZE));
    }

    /** Whether the dark theme applies, given what the desktop prefers. */
    public boolean dark(boolean systemPrefersDark) {
        return switch (theme) {
            case SYSTEM -> systemPrefersDark;
            case LIGHT -> false;
            case DARK -> true;
        };
    }
}
