package dev.dynalens.domain.connection;

/**
 * A colour tag that tells environments apart at a glance; PRODUCTION asks for extra confirmation on writes.
 * FILE marks an offline workspace opened from a file.
 */
public enum ConnectionTag {
    NONE("#8b949e"), FILE("#8250df"), LOCAL("#1f6feb"), DEV("#2da44e"), TEST("#bf8700"), STAGING("#fb8500"), PRODUCTION("#cf222e");

    private final String colour;

    ConnectionTag(String colour) {
        this.colour = colour;
    }

    /** CSS hex colour. */
    public String colour() {
        return colour;
    }

    public boolean isProduction() {
        return this == PRODUCTION;
    }
}
