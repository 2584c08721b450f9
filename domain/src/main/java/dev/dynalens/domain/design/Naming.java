package dev.dynalens.domain.design;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The labels keys are written with: an entity's ({@code OrderItem} is {@code ORDER_ITEM}), and an attribute's, which
 * is the entity it identifies when it is that entity's one id attribute ({@code customerId} is {@code CUSTOMER}, so an
 * order's key {@code CUSTOMER#{customerId}} lands in its customer's partition) and its own name otherwise
 * ({@code status} is {@code STATUS}).
 */
final class Naming {
    private final Map<String, String> entityLabels = new HashMap<>();
    /** Attribute name to the entity it is the one id of. */
    private final Map<String, String> identifies = new HashMap<>();
    private final PatternsFile file;

    Naming(PatternsFile file) {
        this.file = file;
        var used = new HashSet<String>();
        for (var entity : file.entities()) {
            var label = upperSnake(entity.name());
            var unique = label;
            for (int n = 2; !used.add(unique); n++) {
                unique = label + n;
            }
            entityLabels.put(entity.name(), unique);
            if (entity.id().size() == 1) {
                identifies.putIfAbsent(entity.id().get(0), entity.name());
            }
        }
    }

    String entityLabel(String entity) {
        return entityLabels.get(entity);
    }

    /** {@code customerId} of a Customer is CUSTOMER; {@code status} is STATUS; {@code siteId} with no Site entity is SITE. */
    String attributeLabel(String attribute) {
        var entity = identifies.get(attribute);
        if (entity != null) {
            return entityLabels.get(entity);
        }
        return labelOf(attribute);
    }

    /** An attribute's label by its name alone: {@code siteId} is SITE, {@code status} STATUS. */
    static String labelOf(String attribute) {
        for (var suffix : new String[] {"Id", "ID", "_id"}) {
            if (attribute.endsWith(suffix) && attribute.length() > suffix.length()) {
                return upperSnake(attribute.substring(0, attribute.length() - suffix.length()));
            }
        }
        return upperSnake(attribute);
    }

    /** The entity this attribute is the one id of, if any. */
    Optional<String> identified(String attribute) {
        return Optional.ofNullable(identifies.get(attribute));
    }

    /** Whether {@code attribute} of {@code entity} points at another entity (it is that entity's one id). */
    boolean isReference(String entity, String attribute) {
        var target = identifies.get(attribute);
        return target != null && !target.equals(entity);
    }

    /**
     * An edge of an adjacency list: an entity identified by two or more references ({@code Membership} by
     * {@code teamId} and {@code userId}). Its sort keys name what they point at ({@code USER#{userId}}), so that the
     * index that reads it from the other side holds its table keys swapped (an inverted index).
     */
    boolean isEdge(String entity) {
        var id = file.requireEntity(entity).id();
        return id.size() >= 2 && id.stream().allMatch(a -> isReference(entity, a));
    }

    /** The entities an entity's attributes point at, in attribute order. */
    List<String> referencedBy(EntitySpec entity) {
        return entity.attributes().keySet().stream().filter(a -> isReference(entity.name(), a)).map(identifies::get).distinct().toList();
    }

    static String upperSnake(String name) {
        var out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0 && (Character.isLowerCase(name.charAt(i - 1)) || Character.isDigit(name.charAt(i - 1))
                    || i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1)) && Character.isUpperCase(name.charAt(i - 1)))) {
                out.append('_');
            }
            out.append(c == '-' || c == '.' || c == ' ' || c == '#' ? '_' : c);
        }
        return out.toString().toUpperCase(Locale.ROOT);
    }
}
