package dev.dynalens;

/**
 * Entry point of the runnable jar: no arguments opens the GUI, a subcommand runs headless.
 * It does not extend Application, so a plain (shaded) jar can start JavaFX from the class path.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        App.launchGui(args);
    }
}
