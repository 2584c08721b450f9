package dev.dynalens.domain.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The facts of a table description as short labelled lines for the browser header and the CLI. */
public final class TableSummaries {
    private TableSummaries() {
    }

    public static String keys(KeySchema keys) {
        return keys(keys.asIndexKey());
    }

    /** Every key attribute in order, each with its type and side: "PK (S, partition) · SK (S, sort)". */
    public static String keys(IndexKey keys) {
        var parts = new ArrayList<String>();
        keys.partition().forEach(a -> parts.add(a.name() + " (" + a.type() + ", partition)"));
        keys.sort().forEach(a -> parts.add(a.name() + " (" + a.type() + ", sort)"));
        return String.join(" · ", parts);
    }

    public static String billing(TableDescription table) {
        return switch (table.billingMode()) {
            case PAY_PER_REQUEST -> "On-demand";
            case PROVISIONED -> "Provisioned " + orDash(table.readCapacityUnits()) + " RCU / " + orDash(table.writeCapacityUnits()) + " WCU";
        };
    }

    public static String timeToLive(TableDescription table) {
        var ttl = table.timeToLive();
        return switch (ttl.status()) {
            case ENABLED -> "on " + ttl.attributeName();
            case ENABLING -> "enabling on " + ttl.attributeName();
            case DISABLED -> "off";
            case DISABLING -> "disabling";
            case UNSUPPORTED_BY_ENDPOINT -> "not supported by this endpoint";
            case UNKNOWN -> "unknown";
        };
    }

    public static String size(long bytes) {
        if (bytes < 1024) return bytes + " B";
        var units = new String[] {"KB", "MB", "GB", "TB"};
        double value = bytes;
        var unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    public static List<String> indexLines(TableDescription table) {
        var lines = new ArrayList<String>();
        for (var index : table.indexes()) {
            lines.add(index.name() + (index.kind() == IndexDescription.Kind.GLOBAL ? " (global)" : " (local)") + ": "
                    + keys(index.key()) + " · projection " + index.projectionSummary());
        }
        return lines;
    }

    private static String orDash(Long value) {
        return value == null ? "–" : value.toString();
    }
}
