package dev.dynalens.ui.exports;

import dev.dynalens.domain.exports.ExportFormat;
import dev.dynalens.domain.exports.ExportRequest;
import dev.dynalens.domain.exports.ExportViewType;
import dev.dynalens.domain.exports.IncrementalWindow;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * What the "Export to S3…" dialog asks of an export to start: the bucket and prefix, the format, and a full export (of
 * now or of a past time) or an incremental one (from, to), read into the {@link ExportRequest} the use case starts.
 * Times are ISO-8601 with their offset ({@code 2026-11-30T08:00:00Z}), or a date and time in UTC as the app shows them
 * ({@code 2026-11-30 08:00}, with or without {@code UTC}).
 */
public final class ExportForm {
    /** Which export. */
    public enum Kind {
        FULL_NOW("Full, as of now"),
        FULL_AT("Full, as of a past time"),
        INCREMENTAL("Incremental: what changed from … to …");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final String table;
    private final StringProperty bucket = new SimpleStringProperty("");
    private final StringProperty prefix = new SimpleStringProperty("");
    private final ObjectProperty<ExportFormat> format = new SimpleObjectProperty<>(ExportFormat.DYNAMODB_JSON);
    private final ObjectProperty<Kind> kind = new SimpleObjectProperty<>(Kind.FULL_NOW);
    private final StringProperty exportTime = new SimpleStringProperty("");
    private final StringProperty from = new SimpleStringProperty("");
    private final StringProperty to = new SimpleStringProperty("");

    public ExportForm(String table) {
        this.table = Objects.requireNonNull(table, "table");
    }

    /** Every field, for whoever follows a change of the export asked for. */
    List<Observable> fields() {
        return List.of(bucket, prefix, format, kind, exportTime, from, to);
    }

    /**
     * The export the fields describe.
     *
     * @throws IllegalArgumentException with a sentence naming the field when one is missing or does not read
     */
    public ExportRequest request() {
        var name = text(bucket);
        if (name.isEmpty()) {
            throw new IllegalArgumentException("Give the S3 bucket the export goes to.");
        }
        var chosen = kind.get() == null ? Kind.FULL_NOW : kind.get();
        var time = chosen == Kind.FULL_AT ? time("The export's time", exportTime, true) : null;
        var window = chosen == Kind.INCREMENTAL ? new IncrementalWindow(time("The incremental export's start (from)", from, true),
                time("The incremental export's end (to)", to, false), ExportViewType.NEW_AND_OLD_IMAGES) : null;
        try {
            return new ExportRequest(table, name, text(prefix), format.get() == null ? ExportFormat.DYNAMODB_JSON : format.get(), time, window);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ".", e);
        }
    }

    private static String text(StringProperty field) {
        return field.get() == null ? "" : field.get().strip();
    }

    private static Instant time(String what, StringProperty field, boolean required) {
        var text = text(field);
        if (text.isEmpty()) {
            if (required) {
                throw new IllegalArgumentException(what + " is missing: give a time such as 2026-11-30T08:00:00Z.");
            }
            return null;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException notWithOffset) {
            var utc = text.toUpperCase(Locale.ROOT).endsWith("UTC") ? text.substring(0, text.length() - 3).strip() : text;
            try {
                return LocalDateTime.parse(utc.replace(' ', 'T')).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(what + " '" + text + "' is not a time such as 2026-11-30T08:00:00Z or "
                        + "2026-11-30 08:00 (UTC).", e);
            }
        }
    }

    /** "DynamoDB JSON" or "Amazon Ion". */
    public static String label(ExportFormat format) {
        return format == ExportFormat.ION ? "Amazon Ion" : "DynamoDB JSON";
    }

    public String table() { return table; }
    public StringProperty bucketProperty() { return bucket; }
    /** The folder the export goes under in the bucket; empty for the bucket's root. */
    public StringProperty prefixProperty() { return prefix; }
    public ObjectProperty<ExportFormat> formatProperty() { return format; }
    public ObjectProperty<Kind> kindProperty() { return kind; }
    /** A full export's past time ({@link Kind#FULL_AT}). */
    public StringProperty exportTimeProperty() { return exportTime; }
    /** Where an incremental export's window starts (inclusive). */
    public StringProperty fromProperty() { return from; }
    /** Where an incremental export's window ends (exclusive); empty for the latest time with data. */
    public StringProperty toProperty() { return to; }
}
