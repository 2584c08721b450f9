package dev.dynalens.domain.appstate;

/**
 * Where the main window was and how large, in the desktop's coordinates. For a maximized window these are the bounds
 * it returns to when it is no longer maximized.
 */
public record WindowBounds(double x, double y, double width, double height, boolean maximized) {
    public WindowBounds {
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(width) || !Double.isFinite(height)) {
            throw new IllegalArgumentException("window bounds must be finite numbers");
        }
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("a window is wider and higher than 0, not " + width + " × " + height);
        }
    }
}
