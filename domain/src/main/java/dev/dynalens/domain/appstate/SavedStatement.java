package dev.dynalens.domain.appstate;

import java.util.Objects;

/**
 * A statement of the SQL tab as the person saved it: the text, not parsed (a statement that no longer plans still comes
 * back and the plan says why), and whether it is DynamoDB's PartiQL rather than the workbench's SQL.
 */
public record SavedStatement(String text, boolean partiql) {
    public SavedStatement {
        Objects.requireNonNull(text, "text");
        if (text.isBlank()) {
            throw new IllegalArgumentException("A saved statement needs its text.");
        }
    }

    /** "PartiQL · SELECT * FROM …", the first line, shortened to 80 characters. */
    public String describe() {
        var first = text.strip().lines().findFirst().orElse("");
        var shown = first.length() > 80 ? first.substring(0, 79) + "…" : first;
        return (partiql ? "PartiQL · " : "SQL · ") + shown;
    }
}
