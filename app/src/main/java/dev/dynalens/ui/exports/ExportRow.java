package dev.dynalens.ui.exports;

import dev.dynalens.domain.exports.ExportDescription;
import dev.dynalens.domain.exports.ExportStatus;
import dev.dynalens.domain.exports.ExportType;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * One of the table's exports as the dialog lists it: what DynamoDB says of it in words, and whether the person ticked
 * it. Only a completed export can be ticked.
 */
public final class ExportRow {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DAY_AND_HOUR = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);
    private final ExportDescription export;
    private final BooleanProperty chosen = new SimpleBooleanProperty(false);

    ExportRow(ExportDescription export) {
        this.export = export;
    }

    /** "2026-11-30 10:00 UTC": a snapshot's time as the app shows it; "—" for none. */
    public static String time(Instant instant) {
        return instant == null ? "—" : TIME.format(instant);
    }

    public ExportDescription export() {
        return export;
    }

    /** Whether it is to be read; only a completed export can be. */
    public BooleanProperty chosenProperty() {
        return chosen;
    }

    public boolean selectable() {
        return export.status() == ExportStatus.COMPLETED;
    }

    public boolean full() {
        return export.type() == ExportType.FULL;
    }

    /** "FULL" or "INCREMENTAL". */
    public String type() {
        return export.type().name();
    }

    /** "COMPLETED", "IN_PROGRESS", or "FAILED: S3AccessDenied: Access Denied". */
    public String status() {
        var failure = export.failureText();
        return export.status() == ExportStatus.FAILED && !failure.isEmpty() ? "FAILED: " + failure : export.status().name();
    }

    /**
     * A full export's time; an incremental one's window, "2026-11-30 10:00 → 11:00 UTC" within a day, else both times
     * whole.
     */
    public String time() {
        var window = export.incremental();
        if (window == null) {
            return time(export.exportTime());
        }
        if (window.from() != null && window.to() != null
                && window.from().atOffset(ZoneOffset.UTC).toLocalDate().equals(window.to().atOffset(ZoneOffset.UTC).toLocalDate())) {
            return DAY_AND_HOUR.format(window.from()) + " → " + HOUR.format(window.to());
        }
        return time(window.from()) + " → " + time(window.to());
    }

    /** When the table is as of after this export: a full export's time, an incremental one's window end. */
    Instant asOf() {
        var window = export.incremental();
        return window == null ? export.exportTime() : window.to();
    }

    /** Where an incremental export's window starts; a full export's time. */
    Instant from() {
        var window = export.incremental();
        return window == null ? export.exportTime() : window.from();
    }

    /** "DynamoDB JSON" or "Amazon Ion". */
    public String format() {
        return ExportForm.label(export.format());
    }

    /** "1,000,000", or "—" before DynamoDB counted them. */
    public String items() {
        return export.itemCount() == null ? "—" : String.format(Locale.ROOT, "%,d", export.itemCount());
    }

    public String id() {
        return export.exportId();
    }
}
