package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Generated cases for the differential suite: an item, a condition and an update over a small vocabulary of
 * attribute names (so conditions and updates meet the item's attributes, of the expected type or not), plus a
 * share of requests DynamoDB refuses before reading the item.
 *
 * <p>The generators stay inside what dynalite implements like DynamoDB; every restriction below is a known
 * difference listed in docs/expressions.md: numbers are small integers (dynalite neither rounds nor checks the range
 * of arithmetic results, and compares set and list numbers by their text); booleans in items and values are {@code true} (dynalite's {@code attribute_type} and comparisons treat a stored
 * {@code false} as a missing attribute, JavaScript falsiness again); strings are ASCII (dynalite measures and
 * orders UTF-16 units); binaries are ASCII bytes (dynalite compares binaries for begins_with and contains as decoded
 * UTF-8 text); no equality on lists or maps (dynalite compares them by reference); {@code contains} looks for
 * strings, numbers and binaries only; at most one list-index action per list (dynalite applies several REMOVEs of
 * one list one after another, shifting the later indexes).
 */
final class DifferentialCases {
    static final String KEY = "pk";
    static final List<String> NAMES = List.of("a", "b", "n", "s", "l", "m", "tags", "nums", "bin", "flag", "nul",
            "status", "order-id", "a.b", "1st");
    private static final List<String> MAP_KEYS = List.of("a", "b", "x", "count");

    /** One request: the stored item (absent: no item), the expressions as sent, and their trees when valid. */
    record Case(int id, Item stored, RenderedExpressions request, String description) {
        Map<String, AttributeValue> key() {
            return Map.of(KEY, AttributeValue.s("case-" + id));
        }
    }

    private DifferentialCases() {
    }

    static Arbitrary<AttributeValue> scalars() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of("a", "ab", "abc", "b", "ba", "x", "hello").map(AttributeValue::s)),
                Tuple.of(3, Arbitraries.integers().between(-20, 20).map(i -> (AttributeValue) AttributeValue.n(i))),
                Tuple.of(1, asciiBytes().map(b -> (AttributeValue) new AttributeValue.Bin(b))),
                Tuple.of(1, Arbitraries.just(AttributeValue.bool(true))),
                Tuple.of(1, Arbitraries.just(AttributeValue.nul())));
    }

    static Arbitrary<Bytes> asciiBytes() {
        return Arbitraries.bytes().between((byte) 1, (byte) 100).array(byte[].class).ofMinSize(1).ofMaxSize(3).map(Bytes::of);
    }

    static Arbitrary<AttributeValue> sets() {
        return Arbitraries.oneOf(
                Arbitraries.of("a", "b", "c", "ab").set().ofMinSize(1).ofMaxSize(3).map(s -> (AttributeValue) AttributeValue.StringSet.of(s)),
                Arbitraries.integers().between(-5, 5).set().ofMinSize(1).ofMaxSize(3)
                        .map(s -> (AttributeValue) AttributeValue.NumberSet.of(s.stream().map(i -> DynamoNumber.of(i)).toList())),
                asciiBytes().set().ofMinSize(1).ofMaxSize(2).map(s -> (AttributeValue) AttributeValue.BinarySet.of(s)));
    }

    static Arbitrary<AttributeValue> values(int depth) {
        if (depth <= 0) {
            return Arbitraries.oneOf(scalars(), sets());
        }
        var inner = Arbitraries.lazy(() -> values(depth - 1));
        return Arbitraries.frequencyOf(
                Tuple.of(5, scalars()),
                Tuple.of(2, sets()),
                Tuple.of(2, inner.list().ofMaxSize(3).map(AttributeValue::l)),
                Tuple.of(2, Arbitraries.maps(Arbitraries.of(MAP_KEYS), inner).ofMaxSize(3).map(AttributeValue::m)));
    }

    /** Items whose attributes mostly have the type their name suggests ({@code n} a number, {@code tags} a string set). */
    static Arbitrary<Item> items() {
        return Arbitraries.of(NAMES).set().ofMinSize(3).ofMaxSize(10).flatMap(names -> {
            var arbitraries = names.stream().map(name -> typedValue(name).map(v -> Map.entry(name, v))).toList();
            return Combinators.combine(arbitraries).as(entries -> {
                var attributes = new LinkedHashMap<String, AttributeValue>();
                entries.forEach(e -> attributes.put(e.getKey(), e.getValue()));
                return new Item(attributes);
            });
        });
    }

    static Arbitrary<AttributeValue> typedValue(String name) {
        Arbitrary<AttributeValue> typed = switch (name) {
            case "n", "a", "order-id" -> Arbitraries.integers().between(-20, 20).map(i -> (AttributeValue) AttributeValue.n(i));
            case "s", "b", "status", "a.b" -> Arbitraries.of("a", "ab", "abc", "b", "x", "hello").map(AttributeValue::s);
            case "l" -> scalars().list().ofMinSize(1).ofMaxSize(4).map(AttributeValue::l);
            case "m" -> Arbitraries.maps(Arbitraries.of(MAP_KEYS), values(1)).ofMinSize(1).ofMaxSize(4).map(AttributeValue::m);
            case "tags" -> Arbitraries.of("a", "b", "c", "ab").set().ofMinSize(1).ofMaxSize(3).map(s -> (AttributeValue) AttributeValue.StringSet.of(s));
            case "nums" -> Arbitraries.integers().between(-5, 5).set().ofMinSize(1).ofMaxSize(3)
                    .map(s -> (AttributeValue) AttributeValue.NumberSet.of(s.stream().map(i -> DynamoNumber.of(i)).toList()));
            case "bin" -> asciiBytes().map(b -> (AttributeValue) new AttributeValue.Bin(b));
            case "flag" -> Arbitraries.just(AttributeValue.bool(true));
            case "nul" -> Arbitraries.just(AttributeValue.nul());
            default -> values(2);
        };
        return Arbitraries.frequencyOf(Tuple.of(4, typed), Tuple.of(1, values(2)));
    }

    static Arbitrary<AttributePath> paths() {
        var top = Arbitraries.of(NAMES).map(AttributePath::of);
        var nested = Combinators.combine(Arbitraries.of(NAMES), Arbitraries.oneOf(
                        Arbitraries.of(MAP_KEYS).map(AttributePath.Key::new),
                        Arbitraries.integers().between(0, 4).map(AttributePath.Index::new)).list().ofMinSize(1).ofMaxSize(2))
                .as((first, rest) -> {
                    var elements = new ArrayList<AttributePath.Element>();
                    elements.add(new AttributePath.Key(first));
                    elements.addAll(rest);
                    return new AttributePath(elements);
                });
        return Arbitraries.frequencyOf(Tuple.of(4, top), Tuple.of(1, nested));
    }

    // ------------------------------------------------------------------ conditions

    static Arbitrary<Condition> conditions(int depth) {
        if (depth <= 0) {
            return predicates();
        }
        var inner = Arbitraries.lazy(() -> conditions(depth - 1));
        return Arbitraries.frequencyOf(
                Tuple.of(6, predicates()),
                Tuple.of(2, inner.list().ofMinSize(2).ofMaxSize(3).map(Condition.And::new)),
                Tuple.of(2, inner.list().ofMinSize(2).ofMaxSize(3).map(Condition.Or::new)),
                Tuple.of(1, inner.map(Condition.Not::new)));
    }

    static Arbitrary<Condition> predicates() {
        var equality = Combinators.combine(paths(), Arbitraries.of(Condition.Comparator.EQ, Condition.Comparator.NE),
                        Arbitraries.oneOf(scalars(), sets()))
                .as((p, c, v) -> (Condition) new Condition.Comparison(Operand.path(p), c, Operand.value(v)));
        var ordered = Combinators.combine(paths(), Arbitraries.of(Condition.Comparator.LT, Condition.Comparator.LE,
                        Condition.Comparator.GT, Condition.Comparator.GE), orderedScalars())
                .as((p, c, v) -> (Condition) new Condition.Comparison(Operand.path(p), c, Operand.value(v)));
        var keyCompare = Arbitraries.of("case-0", "case-5", "case-9", "d").map(k -> (Condition) new Condition.Comparison(
                Operand.path(KEY), Condition.Comparator.GT, Operand.value(AttributeValue.s(k))));
        var size = Combinators.combine(paths(), Arbitraries.of(Condition.Comparator.class), Arbitraries.integers().between(0, 4))
                .as((p, c, n) -> (Condition) new Condition.Comparison(Operand.size(p), c, Operand.value(AttributeValue.n(n))));
        var between = Combinators.combine(paths(), Arbitraries.integers().between(-20, 20), Arbitraries.integers().between(0, 20),
                        Arbitraries.of(true, false))
                .as((p, low, width, numeric) -> (Condition) (numeric
                        ? Condition.between(Operand.path(p), Operand.value(AttributeValue.n(low)), Operand.value(AttributeValue.n(low + width)))
                        : Condition.between(Operand.path(p), Operand.value(AttributeValue.s("a")), Operand.value(AttributeValue.s("b")))));
        var in = Combinators.combine(paths(), Arbitraries.oneOf(scalars(), sets()).list().ofMinSize(1).ofMaxSize(4))
                .as((p, vs) -> (Condition) Condition.in(Operand.path(p), vs.stream().map(Operand::value).toList()));
        var exists = paths().map(p -> (Condition) Condition.attributeExists(p));
        var notExists = paths().map(p -> (Condition) Condition.attributeNotExists(p));
        var type = Combinators.combine(paths(), Arbitraries.of(AttributeType.class)).as((p, t) -> (Condition) Condition.attributeType(p, t));
        var beginsWith = Combinators.combine(paths(), Arbitraries.oneOf(
                        Arbitraries.of("", "a", "ab", "h").map(AttributeValue::s),
                        asciiBytes().map(b -> (AttributeValue) new AttributeValue.Bin(b))))
                .as((p, v) -> (Condition) Condition.beginsWith(p, v));
        var contains = Combinators.combine(paths(), Arbitraries.oneOf(
                        Arbitraries.of("a", "b", "c", "ab", "x").map(AttributeValue::s),
                        Arbitraries.integers().between(-5, 5).map(i -> (AttributeValue) AttributeValue.n(i)),
                        asciiBytes().map(b -> (AttributeValue) new AttributeValue.Bin(b))))
                .as((p, v) -> (Condition) Condition.contains(p, v));
        return Arbitraries.oneOf(equality, ordered, keyCompare, size, between, in, exists, notExists, type, beginsWith, contains);
    }

    private static Arbitrary<AttributeValue> orderedScalars() {
        return Arbitraries.oneOf(
                Arbitraries.of("", "a", "ab", "b", "x").map(AttributeValue::s),
                Arbitraries.integers().between(-20, 20).map(i -> (AttributeValue) AttributeValue.n(i)),
                asciiBytes().map(b -> (AttributeValue) new AttributeValue.Bin(b)));
    }

    // ------------------------------------------------------------------ updates

    static Arbitrary<UpdateExpression> updates() {
        var smallNumber = Arbitraries.integers().between(-9, 9).map(i -> (UpdateOperand) Operand.value(AttributeValue.n(i)));
        var numeric = Arbitraries.oneOf(smallNumber, paths().map(p -> (UpdateOperand) Operand.path(p)),
                Combinators.combine(paths(), smallNumber).as((p, v) -> (UpdateOperand) new UpdateOperand.IfNotExists(p, v)));
        var list = Arbitraries.oneOf(
                scalars().list().ofMaxSize(2).map(vs -> (UpdateOperand) Operand.value(AttributeValue.l(vs))),
                paths().map(p -> (UpdateOperand) Operand.path(p)),
                paths().map(p -> (UpdateOperand) new UpdateOperand.IfNotExists(p, Operand.value(AttributeValue.l()))));
        var setValue = Arbitraries.frequencyOf(
                Tuple.of(4, values(1).map(v -> (SetValue) Operand.value(v))),
                Tuple.of(2, paths().map(p -> (SetValue) Operand.path(p))),
                Tuple.of(3, Combinators.combine(numeric, Arbitraries.of(SetValue.ArithmeticOperator.class), numeric)
                        .as((l, op, r) -> (SetValue) new SetValue.Arithmetic(l, op, r))),
                Tuple.of(2, Combinators.combine(paths(), values(1)).as((p, v) -> (SetValue) new UpdateOperand.IfNotExists(p, Operand.value(v)))),
                Tuple.of(2, Combinators.combine(list, list).as((a, b) -> (SetValue) new UpdateOperand.ListAppend(a, b))));
        // mostly top-level targets: a nested target whose parent is missing fails the whole update
        var targets = Arbitraries.frequencyOf(Tuple.of(5, Arbitraries.of(NAMES).map(AttributePath::of)), Tuple.of(1, paths()))
                .filter(p -> !p.attributeName().equals(KEY));
        var typedSet = Arbitraries.oneOf(
                Combinators.combine(Arbitraries.of("n", "a", "order-id", "new"), Arbitraries.of(SetValue.ArithmeticOperator.class), smallNumber)
                        .as((name, op, v) -> new UpdateExpression.SetAction(AttributePath.of(name), new SetValue.Arithmetic(
                                new UpdateOperand.IfNotExists(AttributePath.of(name), Operand.value(AttributeValue.n(0))), op, v))),
                Combinators.combine(Arbitraries.of("l", "new"), scalars().list().ofMaxSize(2)).as((name, vs) -> new UpdateExpression.SetAction(
                        AttributePath.of(name), new UpdateOperand.ListAppend(new UpdateOperand.IfNotExists(AttributePath.of(name),
                        Operand.value(AttributeValue.l())), Operand.value(AttributeValue.l(vs))))),
                Combinators.combine(Arbitraries.of("m.a", "m.x", "l[0]", "l[7]"), values(1)).as((path, v) -> new UpdateExpression.SetAction(
                        path.startsWith("m") ? AttributePath.of("m", path.substring(2)) : AttributePath.of("l").index(path.charAt(2) - '0'),
                        Operand.value(v))));
        var set = Arbitraries.frequencyOf(
                Tuple.of(1, Combinators.combine(targets, setValue).as(UpdateExpression.SetAction::new)),
                Tuple.of(1, typedSet)).list().ofMaxSize(2);
        var remove = targets.list().ofMaxSize(2);
        var typedAdd = Arbitraries.oneOf(
                Combinators.combine(Arbitraries.of("n", "a", "new"), Arbitraries.integers().between(-9, 9))
                        .as((name, i) -> new UpdateExpression.AddAction(AttributePath.of(name), AttributeValue.n(i))),
                Arbitraries.of("a", "b", "c").set().ofMinSize(1).ofMaxSize(2)
                        .map(members -> new UpdateExpression.AddAction(AttributePath.of("tags"), AttributeValue.StringSet.of(members))),
                Arbitraries.integers().between(-5, 5).set().ofMinSize(1).ofMaxSize(2).map(members -> new UpdateExpression.AddAction(
                        AttributePath.of("nums"), AttributeValue.NumberSet.of(members.stream().map(i -> DynamoNumber.of(i)).toList()))));
        var add = Arbitraries.frequencyOf(
                Tuple.of(1, Combinators.combine(targets, Arbitraries.oneOf(Arbitraries.integers().between(-9, 9)
                        .map(i -> (AttributeValue) AttributeValue.n(i)), sets())).as(UpdateExpression.AddAction::new)),
                Tuple.of(2, typedAdd)).list().ofMaxSize(1);
        var typedDelete = Arbitraries.oneOf(
                Arbitraries.of("a", "b", "c", "ab").set().ofMinSize(1).ofMaxSize(3)
                        .map(members -> new UpdateExpression.DeleteAction(AttributePath.of("tags"), AttributeValue.StringSet.of(members))),
                Arbitraries.integers().between(-5, 5).set().ofMinSize(1).ofMaxSize(3).map(members -> new UpdateExpression.DeleteAction(
                        AttributePath.of("nums"), AttributeValue.NumberSet.of(members.stream().map(i -> DynamoNumber.of(i)).toList()))));
        var delete = Arbitraries.frequencyOf(
                Tuple.of(1, Combinators.combine(targets, sets()).as(UpdateExpression.DeleteAction::new)),
                Tuple.of(2, typedDelete)).list().ofMaxSize(1);
        return Combinators.combine(set, remove, add, delete).as(UpdateExpression::new)
                .filter(u -> !u.isEmpty() && ExpressionArbitraries.targetsIndependent(u.targetPaths()) && oneIndexPerList(u.targetPaths())
                        && noAddOrDeleteOfACopiedValue(u));
    }

    /**
     * dynalite's SET stores the very object it read ({@code SET b = tags}), so a later ADD or DELETE on {@code tags},
     * or any action inside it ({@code REMOVE tags[0]}, {@code SET m.a = ...} after {@code SET c = m}), changes
     * {@code b} too; DynamoDB copies. Such cases are left out.
     */
    private static boolean noAddOrDeleteOfACopiedValue(UpdateExpression update) {
        var read = new ArrayList<AttributePath>();
        update.set().forEach(action -> readPaths(action.value(), read));
        var inPlace = new ArrayList<AttributePath>();
        update.add().forEach(a -> inPlace.add(a.path()));
        update.delete().forEach(a -> inPlace.add(a.path()));
        return inPlace.stream().noneMatch(target -> read.stream().anyMatch(target::overlaps))
                && update.targetPaths().stream().noneMatch(target -> read.stream()
                        .anyMatch(r -> target.depth() > r.depth() && target.overlaps(r)));
    }

    private static void readPaths(SetValue value, List<AttributePath> into) {
        switch (value) {
            case SetValue.Arithmetic a -> {
                readPaths(a.left(), into);
                readPaths(a.right(), into);
            }
            case Operand.PathOperand p -> into.add(p.path());
            case Operand.ValueOperand v -> { }
            case UpdateOperand.IfNotExists f -> {
                into.add(f.path());
                readPaths(f.fallback(), into);
            }
            case UpdateOperand.ListAppend f -> {
                readPaths(f.first(), into);
                readPaths(f.second(), into);
            }
        }
    }

    private static boolean oneIndexPerList(List<AttributePath> paths) {
        var listsIndexed = new HashMap<List<AttributePath.Element>, Integer>();
        for (var path : paths) {
            var elements = path.elements();
            for (int i = 1; i < elements.size(); i++) {
                if (elements.get(i) instanceof AttributePath.Index) {
                    if (listsIndexed.merge(elements.subList(0, i), 1, Integer::sum) > 1) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ requests DynamoDB refuses

    /** Rendered requests with one deliberate problem DynamoDB finds before reading the item. */
    static Arbitrary<RenderedExpressions> invalidRequests() {
        var s = AttributeValue.s("x");
        var n = AttributeValue.n(1);
        return Arbitraries.of(
                RenderedExpressions.update("SET a = :v", null, Map.of(), Map.of(":v", s, ":unused", s)),
                RenderedExpressions.update("SET #a = :v", null, Map.of("#a", "a", "#unused", "b"), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :nope", null, Map.of(), Map.of()),
                RenderedExpressions.update("SET #nope = :v", null, Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET status = :v", null, Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :v, a.b = :v", null, Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a[0] = :v REMOVE a.b", null, Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :v SET b = :v", null, Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("ADD a :v", null, Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("DELETE a :v", null, Map.of(), Map.of(":v", n)),
                RenderedExpressions.update("SET a = :v + :n", null, Map.of(), Map.of(":v", s, ":n", n)),
                RenderedExpressions.update("SET a = list_append(:v, b)", null, Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = if_not_exists(:v, b)", null, Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :v", "((b = :v))", Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :v", "b = b", Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :v", "b BETWEEN :n AND :m", Map.of(), Map.of(":v", s, ":n", AttributeValue.n(5), ":m", n)),
                RenderedExpressions.update("SET a = :v", "b BETWEEN :n AND :v", Map.of(), Map.of(":v", s, ":n", n)),
                RenderedExpressions.update("SET a = :v", "attribute_type(b, :t)", Map.of(), Map.of(":v", s, ":t", AttributeValue.s("X"))),
                RenderedExpressions.update("SET a = :v", "attribute_exists(:v)", Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :v", "begins_with(b, :n)", Map.of(), Map.of(":v", s, ":n", n)),
                RenderedExpressions.update("SET a = :v", "foo(b)", Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :v", "attribute_exists(b, c)", Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = :v", "b = :v AND", Map.of(), Map.of(":v", s)),
                RenderedExpressions.update("SET a = size(b)", null, Map.of(), Map.of()),
                RenderedExpressions.update("SET pk = :v", null, Map.of(), Map.of(":v", s)));
    }

    /** A whole case: a valid update with an optional condition (most of the time), or a refused request. */
    static Arbitrary<Case> cases(int id) {
        var valid = Combinators.combine(items(), updates(), conditions(2).injectNull(0.4), Arbitraries.of(true, false, false, false, false))
                .as((item, update, condition, absent) -> {
                    var stored = absent ? null : item;
                    return new Case(id, stored, ExpressionRenderer.render(ExpressionSet.update(update, condition)), "generated");
                });
        var invalid = Combinators.combine(items(), invalidRequests()).as((item, request) -> new Case(id, item, request, "refused"));
        return Arbitraries.frequencyOf(Tuple.of(9, valid), Tuple.of(1, invalid));
    }

    /** The stored item with its key. */
    static Item withKey(Item item, Map<String, AttributeValue> key) {
        var attributes = new LinkedHashMap<String, AttributeValue>(item.attributes());
        attributes.putAll(key);
        return new Item(attributes);
    }
}
