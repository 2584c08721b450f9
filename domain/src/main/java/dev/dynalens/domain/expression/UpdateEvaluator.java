package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import static dev.dynalens.domain.expression.ExpressionError.Kind;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.InvalidNumberException;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ItemSize;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Applies an update expression to an item as UpdateItem does (Developer Guide, "Update expressions"):
 * <ul>
 *   <li>every SET value is computed from the item as it was before the update;</li>
 *   <li>SET on a list index past the end appends, several appends in the order of their indexes; REMOVE of an index
 *       past the end does nothing; REMOVE indexes refer to the list before the update;</li>
 *   <li>ADD adds to a number or unites sets, and creates a missing attribute; DELETE takes elements out of a set and
 *       removes the attribute when the set becomes empty (DynamoDB has no empty sets);</li>
 *   <li>arithmetic is exact, and a result outside DynamoDB's number range or precision is an error.</li>
 * </ul>
 * Failures are {@link ExpressionException}s of the kinds DynamoDB reports as ValidationException.
 */
public final class UpdateEvaluator {
    /** Developer Guide, "Service quotas": an item is at most 400 KB. */
    static final long MAX_ITEM_BYTES = 400 * 1024;
    /** Developer Guide, "Service quotas": nested attributes up to 32 levels deep. */
    static final int MAX_NESTING = 32;

    private UpdateEvaluator() {
    }

    /** The item after the update; {@code item} is the stored item, empty when there is none. */
    public static Item apply(UpdateExpression update, Item item) {
        var setValues = new ArrayList<AttributeValue>();
        for (var action : update.set()) {
            setValues.add(value(action.value(), item));
        }
        var root = new LinkedHashMap<String, Object>();
        item.attributes().forEach((name, value) -> root.put(name, thaw(value)));
        var appends = new IdentityHashMap<List<Object>, TreeMap<Integer, Object>>();
        for (int i = 0; i < update.set().size(); i++) {
            var path = update.set().get(i).path();
            var value = thaw(setValues.get(i));
            var parent = parentOf(root, path);
            var last = path.last();
            if (last instanceof AttributePath.Key key) {
                map(parent).put(key.name(), value);
            } else if (last instanceof AttributePath.Index index) {
                var list = list(parent);
                if (index.index() < list.size()) {
                    list.set(index.index(), value);
                } else {
                    appends.computeIfAbsent(list, l -> new TreeMap<>()).put(index.index(), value);
                }
            } else {
                throw new IllegalStateException("unexpected " + last.getClass());
            }
        }
        var removals = new IdentityHashMap<List<Object>, java.util.TreeSet<Integer>>();
        for (var path : update.remove()) {
            var parent = parentOf(root, path);
            var last = path.last();
            if (last instanceof AttributePath.Key key) {
                map(parent).remove(key.name());
            } else if (last instanceof AttributePath.Index index) {
                var list = list(parent);
                if (index.index() < list.size()) {
                    removals.computeIfAbsent(list, l -> new java.util.TreeSet<>()).add(index.index());
                }
            } else {
                throw new IllegalStateException("unexpected " + last.getClass());
            }
        }
        removals.forEach((list, indexes) -> indexes.descendingSet().forEach(i -> list.remove((int) i)));
        appends.forEach((list, byIndex) -> list.addAll(byIndex.values()));
        for (var action : update.add()) {
            var parent = parentOf(root, action.path());
            var existing = get(parent, action.path().last());
            put(parent, action.path().last(), thaw(added(existing == null ? null : freeze(existing), action.value())));
        }
        for (var action : update.delete()) {
            var parent = parentOf(root, action.path());
            var existing = get(parent, action.path().last());
            if (existing == null) {
                continue;
            }
            var remaining = deleted(freeze(existing), action.value());
            if (remaining == null) {
                remove(parent, action.path().last());
            } else {
                put(parent, action.path().last(), thaw(remaining));
            }
        }
        var attributes = new LinkedHashMap<String, AttributeValue>();
        root.forEach((name, value) -> attributes.put(name, freeze(value)));
        var result = new Item(attributes);
        for (var value : attributes.values()) {
            if (depth(value) > MAX_NESTING) {
                throw error(Kind.ITEM_TOO_DEEP, "Nesting Levels have exceeded supported limits: the item would nest deeper than "
                        + MAX_NESTING + " levels");
            }
        }
        if (ItemSize.of(result) > MAX_ITEM_BYTES) {
            throw error(Kind.ITEM_TOO_LARGE, "Item size to update has exceeded the maximum allowed size (400 KB)");
        }
        return result;
    }

    // ------------------------------------------------------------------ values of SET

    private static AttributeValue value(SetValue value, Item item) {
        if (value instanceof SetValue.Arithmetic a) {
            // each operand is checked as soon as it is known: a wrong left operand is reported before a missing right one
            var l = numberOperand(operand(a.left(), item), a.operator().symbol());
            var r = numberOperand(operand(a.right(), item), a.operator().symbol());
            var x = l.toBigDecimal();
            var y = r.toBigDecimal();
            return number(a.operator() == SetValue.ArithmeticOperator.PLUS ? x.add(y) : x.subtract(y));
        }
        if (value instanceof UpdateOperand o) {
            return operand(o, item);
        }
        throw new IllegalStateException("unexpected " + value.getClass());
    }

    private static AttributeValue operand(UpdateOperand operand, Item item) {
        if (operand instanceof Operand.ValueOperand v) {
            return v.value();
        }
        if (operand instanceof Operand.PathOperand p) {
            var found = PathResolver.resolve(item, p.path());
            if (found == null) {
                throw error(Kind.MISSING_ATTRIBUTE, "The provided expression refers to an attribute that does not exist in the item: "
                        + p.path());
            }
            return found;
        }
        if (operand instanceof UpdateOperand.IfNotExists f) {
            var found = PathResolver.resolve(item, f.path());
            return found != null ? found : operand(f.fallback(), item);
        }
        if (operand instanceof UpdateOperand.ListAppend f) {
            var all = new ArrayList<AttributeValue>(listOperand(operand(f.first(), item)).values());
            all.addAll(listOperand(operand(f.second(), item)).values());
            return AttributeValue.l(all);
        }
        throw new IllegalStateException("unexpected " + operand.getClass());
    }

    private static DynamoNumber numberOperand(AttributeValue value, String operator) {
        if (value instanceof AttributeValue.Num n) {
            return n.value();
        }
        throw error(Kind.INCORRECT_DATA_TYPE, "An operand in the update expression has an incorrect data type: " + operator
                + " needs numbers, found " + value.type());
    }

    private static AttributeValue.ListValue listOperand(AttributeValue value) {
        if (value instanceof AttributeValue.ListValue l) {
            return l;
        }
        throw error(Kind.INCORRECT_DATA_TYPE, "An operand in the update expression has an incorrect data type: list_append needs "
                + "lists, found " + value.type());
    }

    /** An exact result, or DynamoDB's error for a number it cannot store (Developer Guide, "Data types: Number"). */
    static AttributeValue.Num number(BigDecimal result) {
        if (result.signum() != 0) {
            var stripped = result.stripTrailingZeros();
            // magnitude first: 1E+126 is an overflow, not a precision problem
            int exponent = stripped.precision() - stripped.scale() - 1;
            if (exponent > 125) {
                throw error(Kind.NUMBER_OVERFLOW, Kind.NUMBER_OVERFLOW.dynamoMessage());
            }
            if (exponent < -130) {
                throw error(Kind.NUMBER_UNDERFLOW, Kind.NUMBER_UNDERFLOW.dynamoMessage());
            }
            if (stripped.precision() > DynamoNumber.MAX_PRECISION) {
                throw error(Kind.NUMBER_PRECISION, Kind.NUMBER_PRECISION.dynamoMessage());
            }
        }
        try {
            return new AttributeValue.Num(DynamoNumber.parse(result.signum() == 0 ? "0" : result.stripTrailingZeros().toPlainString()));
        } catch (InvalidNumberException e) {
            throw error(Kind.NUMBER_OVERFLOW, e.getMessage());
        }
    }

    // ------------------------------------------------------------------ ADD and DELETE

    private static AttributeValue added(AttributeValue existing, AttributeValue addend) {
        if (existing == null) {
            return addend;
        }
        if (existing instanceof AttributeValue.Num n && addend instanceof AttributeValue.Num a) {
            return number(n.value().toBigDecimal().add(a.value().toBigDecimal()));
        }
        if (existing instanceof AttributeValue.StringSet s && addend instanceof AttributeValue.StringSet a) {
            var all = new LinkedHashSet<>(s.values());
            all.addAll(a.values());
            return new AttributeValue.StringSet(all);
        }
        if (existing instanceof AttributeValue.NumberSet s && addend instanceof AttributeValue.NumberSet a) {
            var all = new LinkedHashSet<>(s.values());
            all.addAll(a.values());
            return new AttributeValue.NumberSet(all);
        }
        if (existing instanceof AttributeValue.BinarySet s && addend instanceof AttributeValue.BinarySet a) {
            var all = new LinkedHashSet<>(s.values());
            all.addAll(a.values());
            return new AttributeValue.BinarySet(all);
        }
        throw error(Kind.INCORRECT_DATA_TYPE, "An operand in the update expression has an incorrect data type: "
                + "ADD of " + addend.type() + " to an attribute of type " + existing.type());
    }

    /** The set without the given elements; null when nothing is left. */
    private static AttributeValue deleted(AttributeValue existing, AttributeValue subset) {
        if (existing instanceof AttributeValue.StringSet s && subset instanceof AttributeValue.StringSet d) {
            return remaining(s.values(), d.values(), AttributeValue.StringSet::new);
        }
        if (existing instanceof AttributeValue.NumberSet s && subset instanceof AttributeValue.NumberSet d) {
            return remaining(s.values(), d.values(), AttributeValue.NumberSet::new);
        }
        if (existing instanceof AttributeValue.BinarySet s && subset instanceof AttributeValue.BinarySet d) {
            return remaining(s.values(), d.values(), AttributeValue.BinarySet::new);
        }
        throw error(Kind.INCORRECT_DATA_TYPE, "An operand in the update expression has an incorrect data type: "
                + "DELETE of " + subset.type() + " from an attribute of type " + existing.type());
    }

    private static <T> AttributeValue remaining(java.util.Set<T> set, java.util.Set<T> removed,
                                                java.util.function.Function<java.util.Set<T>, AttributeValue> make) {
        var left = new LinkedHashSet<>(set);
        left.removeAll(removed);
        return left.isEmpty() ? null : make.apply(left);
    }

    // ------------------------------------------------------------------ the mutable document

    /** The container holding the path's last step; DynamoDB refuses a path whose parent is missing or not a container. */
    private static Object parentOf(Map<String, Object> root, AttributePath path) {
        Object current = root;
        var elements = path.elements();
        for (int i = 0; i < elements.size() - 1; i++) {
            current = get(current, elements.get(i));
            if (current == null) {
                throw invalidPath(path);
            }
        }
        var last = path.last();
        if (last instanceof AttributePath.Key && !(current instanceof Map)) {
            throw invalidPath(path);
        }
        if (last instanceof AttributePath.Index && !(current instanceof List)) {
            throw invalidPath(path);
        }
        return current;
    }

    @SuppressWarnings("unchecked")
    private static Object get(Object container, AttributePath.Element element) {
        if (element instanceof AttributePath.Key key && container instanceof Map<?, ?> map) {
            return map.get(key.name());
        }
        if (element instanceof AttributePath.Index index && container instanceof List<?> list) {
            return index.index() < list.size() ? list.get(index.index()) : null;
        }
        return null;
    }

    private static void put(Object container, AttributePath.Element element, Object value) {
        if (element instanceof AttributePath.Key key) {
            map(container).put(key.name(), value);
        } else if (element instanceof AttributePath.Index index) {
            var list = list(container);
            if (index.index() < list.size()) {
                list.set(index.index(), value);
            } else {
                list.add(value);
            }
        } else {
            throw new IllegalStateException("unexpected " + element.getClass());
        }
    }

    private static void remove(Object container, AttributePath.Element element) {
        if (element instanceof AttributePath.Key key) {
            map(container).remove(key.name());
        } else if (element instanceof AttributePath.Index index) {
            var list = list(container);
            if (index.index() < list.size()) {
                list.remove(index.index());
            }
        } else {
            throw new IllegalStateException("unexpected " + element.getClass());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object container) {
        return (Map<String, Object>) container;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object container) {
        return (List<Object>) container;
    }

    /** Maps and lists become mutable containers; everything else stays an immutable value. */
    private static Object thaw(AttributeValue value) {
        if (value instanceof AttributeValue.MapValue m) {
            var map = new LinkedHashMap<String, Object>();
            m.values().forEach((k, v) -> map.put(k, thaw(v)));
            return map;
        }
        if (value instanceof AttributeValue.ListValue l) {
            var list = new ArrayList<Object>();
            l.values().forEach(v -> list.add(thaw(v)));
            return list;
        }
        return value;
    }

    private static AttributeValue freeze(Object value) {
        if (value instanceof Map<?, ?> map) {
            var frozen = new LinkedHashMap<String, AttributeValue>();
            map.forEach((k, v) -> frozen.put((String) k, freeze(v)));
            return AttributeValue.m(frozen);
        }
        if (value instanceof List<?> list) {
            return AttributeValue.l(list.stream().map(UpdateEvaluator::freeze).toList());
        }
        return (AttributeValue) value;
    }

    private static int depth(AttributeValue value) {
        if (value instanceof AttributeValue.MapValue m) {
            return 1 + m.values().values().stream().mapToInt(UpdateEvaluator::depth).max().orElse(0);
        }
        if (value instanceof AttributeValue.ListValue l) {
            return 1 + l.values().stream().mapToInt(UpdateEvaluator::depth).max().orElse(0);
        }
        return 0;
    }

    private static ExpressionException invalidPath(AttributePath path) {
        return error(Kind.INVALID_UPDATE_PATH, "The document path provided in the update expression is invalid for update: " + path);
    }

    private static ExpressionException error(Kind kind, String message) {
        return new ExpressionException(kind, ExpressionError.Field.UPDATE, message, -1);
    }

}
