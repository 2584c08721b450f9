package dev.dynalens.domain.sql;

import dev.dynalens.domain.inference.KeyTemplate;
import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Statements to start from, built from a table's own entity types, for the SQL tab while its editor is empty: a read
 * pinned to a key (a GetItem where the type has a constant sort key, else a Query), a join of two types that share
 * their partitions (one Query of a collection), and an aggregate over a type (a Scan). A key's variable part is
 * written {@code …}, for the person to fill in. Pure: what each plans into is the engine's to say.
 */
public final class ExampleStatements {
    /** One example: what it shows, and the statement. */
    public record Example(String purpose, String statement) {
    }

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    /** Names that read as attributes whose few values are worth counting. */
    private static final List<String> GROUPING = List.of("status", "state", "type", "kind", "role", "category");
    private static final String FILL_IN = "…";
    /** SQL's reserved words that attributes are often named: written quoted. */
    private static final Set<String> RESERVED = Set.of("user", "value", "values", "order", "group", "date", "time", "timestamp", "year",
            "month", "day", "hour", "minute", "second", "position", "table", "end", "current", "session", "system", "result",
            "range", "rank", "row", "rows", "start", "language", "method", "count", "sum", "min", "max", "avg", "from", "to", "select",
            "where", "by", "as", "at", "in", "is", "on", "or", "and", "not", "null", "true", "false", "case", "when", "then", "else");

    private ExampleStatements() {
    }

    public static List<Example> of(SqlCatalog catalog) {
        var keys = catalog.description().keySchema();
        var entities = catalog.tables().stream().filter(t -> !t.wholeTable() && !t.pkTemplates().isEmpty())
                .sorted(Comparator.comparingLong(SqlEntity::count).reversed().thenComparing(SqlEntity::name)).toList();
        var examples = new ArrayList<Example>();
        keyPinned(catalog, entities).ifPresent(examples::add);
        if (keys.hasSortKey()) {
            collectionJoin(catalog, entities).ifPresent(examples::add);
        }
        aggregate(entities).ifPresent(examples::add);
        return examples;
    }

    /** The type with the most items whose sort key is constant (a GetItem), else the one with the most items (a Query). */
    private static Optional<Example> keyPinned(SqlCatalog catalog, List<SqlEntity> entities) {
        var keys = catalog.description().keySchema();
        var pinned = entities.stream().filter(e -> e.constantSortKey().isPresent()).findFirst();
        var entity = pinned.or(() -> entities.stream().findFirst());
        return entity.map(e -> {
            var where = new StringBuilder(name(keys.partitionKeyName()) + " = " + literal(filled(e.pkTemplates().get(0))));
            e.constantSortKey().ifPresent(sk -> where.append(" AND ").append(name(keys.sortKeyName())).append(" = ").append(literal(sk)));
            return new Example(e.constantSortKey().isPresent() ? "one " + e.name() + " by its key" : e.name() + " items of one partition",
                    "SELECT * FROM " + name(e.name()) + " WHERE " + where);
        });
    }

    /**
     * Two types in the same partitions ({@code PROJECT#{}} holds the project and its tasks): the owner, whose sort key is
     * constant or repeats the partition key, joined with the other on the partition key, for one partition.
     */
    private static Optional<Example> collectionJoin(SqlCatalog catalog, List<SqlEntity> entities) {
        var pk = name(catalog.description().keySchema().partitionKeyName());
        for (var owner : entities) {
            var template = owner.pkTemplates().get(0);
            if (owner.constantSortKey().isEmpty() && !owner.skTemplates().equals(owner.pkTemplates())) {
                continue;
            }
            var member = entities.stream().filter(e -> e != owner && !e.name().contains("→") && e.pkTemplates().get(0).equals(template))
                    .findFirst();
            if (member.isPresent()) {
                var o = owner;
                var m = member.get();
                return Optional.of(new Example(o.name() + " with its " + m.name() + " items, in one Query of their partition",
                        "SELECT o." + name(firstAttribute(o, catalog)) + ", m." + name(firstAttribute(m, catalog)) + " FROM " + name(o.name())
                                + " o JOIN " + name(m.name()) + " m ON m." + pk + " = o." + pk + " WHERE o." + pk + " = "
                                + literal(filled(template))));
            }
        }
        return Optional.empty();
    }

    /** The type with the most items, counted by an attribute that reads as a status, else by its first text attribute. */
    private static Optional<Example> aggregate(List<SqlEntity> entities) {
        for (var entity : entities) {
            var attributes = entity.attributes().stream().filter(a -> a.types().equals(Set.of(AttributeType.S))).map(SqlAttribute::name)
                    .toList();
            var grouping = GROUPING.stream().flatMap(g -> attributes.stream().filter(a -> a.equalsIgnoreCase(g))).findFirst();
            if (grouping.isPresent()) {
                var column = name(grouping.get());
                return Optional.of(new Example(entity.name() + " items counted by " + grouping.get() + " (a Scan: every item is read)",
                        "SELECT " + column + ", COUNT(*) AS n FROM " + name(entity.name()) + " GROUP BY " + column + " ORDER BY n DESC"));
            }
        }
        return entities.stream().findFirst().map(entity -> new Example("how many " + entity.name() + " items (a Scan: every item is read)",
                "SELECT COUNT(*) AS n FROM " + name(entity.name())));
    }

    /** The type's first attribute that is not a key of the table or an index. */
    private static String firstAttribute(SqlEntity entity, SqlCatalog catalog) {
        var keyNames = Set.copyOf(TableKeys.from(catalog.description()).keyAttributeNames());
        return entity.attributes().stream().map(SqlAttribute::name).filter(n -> !keyNames.contains(n)).findFirst()
                .orElse(catalog.description().keySchema().partitionKeyName());
    }

    /** A rendered template with its variable parts to fill in: {@code USER#{}} → {@code USER#…}. */
    private static String filled(String template) {
        return template.replace(KeyTemplate.PLACEHOLDER, FILL_IN);
    }

    /**
     * A name as SQL takes it: as written when plain, else double-quoted; an upper-case word (which a reader may take
     * for a keyword: {@code "USER"}) and a reserved word are quoted too.
     */
    static String name(String name) {
        var plain = PLAIN.matcher(name).matches() && !name.equals(name.toUpperCase(Locale.ROOT))
                && !RESERVED.contains(name.toLowerCase(Locale.ROOT));
        return plain ? name : "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
