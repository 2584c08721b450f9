package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik generators for expression trees that DynamoDB accepts: names of every awkward kind (reserved words, dots,
 * dashes, leading digits, {@code #}, non-ASCII), nested paths with list indexes, every condition form, update
 * expressions whose target paths do not overlap, and projections.
 */
public final class ExpressionArbitraries {
    static final List<String> AWKWARD_NAMES = List.of("name", "status", "size", "count", "Date", "USER", "order-id", "a.b",
            "1st", "#tag", ":v", "with space", "_private", "ümlaut", "😀", "x[0]", "Price", "pk", "a", "b", "c", "data");

    private ExpressionArbitraries() {
    }

    public static Arbitrary<String> names() {
        return Arbitraries.oneOf(Arbitraries.of(AWKWARD_NAMES),
                Arbitraries.strings().alpha().numeric().withChars('-', '_', '.', ' ').ofMinLength(1).ofMaxLength(12));
    }

    public static Arbitrary<AttributePath> paths(int maxDepth) {
        return Combinators.combine(names(), Arbitraries.oneOf(
                        names().map(AttributePath.Key::new),
                        Arbitraries.integers().between(0, 12).map(AttributePath.Index::new))
                .list().ofMaxSize(maxDepth - 1))
                .as((first, rest) -> {
                    var elements = new ArrayList<AttributePath.Element>();
                    elements.add(new AttributePath.Key(first));
                    elements.addAll(rest);
                    return new AttributePath(elements);
                });
    }

    static Arbitrary<AttributeValue> anyValue() {
        return ItemArbitraries.values(2);
    }

    static Arbitrary<AttributeValue> numbers() {
        return ItemArbitraries.numbers().map(AttributeValue.Num::new);
    }

    static Arbitrary<AttributeValue> strings() {
        return Arbitraries.strings().ofMaxLength(8).map(AttributeValue::s);
    }

    static Arbitrary<AttributeValue> binaries() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(6).map(b -> new AttributeValue.Bin(Bytes.of(b)));
    }

    static Arbitrary<AttributeValue> sets() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(5).set().ofMinSize(1).ofMaxSize(4).map(s -> AttributeValue.StringSet.of(s)),
                Arbitraries.integers().between(-50, 50).set().ofMinSize(1).ofMaxSize(4)
                        .map(s -> AttributeValue.NumberSet.of(s.stream().map(i -> DynamoNumber.of(i)).toList())));
    }

    static Arbitrary<AttributeValue> lists() {
        return anyValue().list().ofMaxSize(3).map(AttributeValue::l);
    }

    public static Arbitrary<Operand> operands() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, paths(4).map(Operand::path)),
                net.jqwik.api.Tuple.of(4, anyValue().map(Operand::value)),
                net.jqwik.api.Tuple.of(1, paths(3).map(Operand::size)));
    }

    public static Arbitrary<Condition> conditions() {
        return conditions(3);
    }

    static Arbitrary<Condition> conditions(int depth) {
        if (depth <= 0) {
            return predicates();
        }
        var inner = Arbitraries.lazy(() -> conditions(depth - 1));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(5, predicates()),
                net.jqwik.api.Tuple.of(2, inner.list().ofMinSize(2).ofMaxSize(3).map(Condition.And::new)),
                net.jqwik.api.Tuple.of(2, inner.list().ofMinSize(2).ofMaxSize(3).map(Condition.Or::new)),
                net.jqwik.api.Tuple.of(1, inner.map(Condition.Not::new)));
    }

    static Arbitrary<Condition> predicates() {
        var comparison = Combinators.combine(paths(4), Arbitraries.of(Condition.Comparator.class), operands())
                .as((path, comparator, right) -> (Condition) new Condition.Comparison(Operand.path(path), comparator, right))
                .filter(ExpressionArbitraries::distinct);
        var between = Combinators.combine(operands(), Arbitraries.integers().between(-100, 100), Arbitraries.integers().between(0, 50))
                .as((subject, low, width) -> (Condition) new Condition.Between(subject, Operand.value(AttributeValue.n(low)),
                        Operand.value(AttributeValue.n(low + width))));
        var in = Combinators.combine(paths(3), operands().list().ofMinSize(1).ofMaxSize(5))
                .as((path, candidates) -> (Condition) new Condition.In(Operand.path(path), candidates));
        var exists = paths(4).map(p -> (Condition) new Condition.AttributeExists(p));
        var notExists = paths(4).map(p -> (Condition) new Condition.AttributeNotExists(p));
        var type = Combinators.combine(paths(3), Arbitraries.of(AttributeType.class))
                .as((path, t) -> (Condition) Condition.attributeType(path, t));
        var beginsWith = Combinators.combine(paths(3), Arbitraries.oneOf(strings(), binaries()))
                .as((path, prefix) -> (Condition) Condition.beginsWith(path, prefix));
        var contains = Combinators.combine(paths(3), anyValue()).as((path, v) -> (Condition) Condition.contains(path, v));
        return Arbitraries.oneOf(comparison, between, in, exists, notExists, type, beginsWith, contains);
    }

    private static boolean distinct(Condition condition) {
        return !(condition instanceof Condition.Comparison c && c.left().equals(c.right()));
    }

    public static Arbitrary<UpdateExpression> updates() {
        var setValue = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, anyValue().map(v -> (SetValue) Operand.value(v))),
                net.jqwik.api.Tuple.of(2, paths(3).map(p -> (SetValue) Operand.path(p))),
                net.jqwik.api.Tuple.of(2, Combinators.combine(numericOperand(), Arbitraries.of(SetValue.ArithmeticOperator.class), numericOperand())
                        .as((l, op, r) -> (SetValue) new SetValue.Arithmetic(l, op, r))),
                net.jqwik.api.Tuple.of(2, Combinators.combine(paths(3), anyValue())
                        .as((p, v) -> (SetValue) new UpdateOperand.IfNotExists(p, Operand.value(v)))),
                net.jqwik.api.Tuple.of(2, Combinators.combine(listOperand(), listOperand())
                        .as((a, b) -> (SetValue) new UpdateOperand.ListAppend(a, b))));
        var sets = Combinators.combine(paths(4), setValue).as(UpdateExpression.SetAction::new).list().ofMaxSize(3);
        var removes = paths(4).list().ofMaxSize(3);
        var adds = Combinators.combine(paths(3), Arbitraries.oneOf(numbers(), sets())).as(UpdateExpression.AddAction::new).list().ofMaxSize(2);
        var deletes = Combinators.combine(paths(3), sets()).as(UpdateExpression.DeleteAction::new).list().ofMaxSize(2);
        return Combinators.combine(sets, removes, adds, deletes).as(UpdateExpression::new)
                .filter(u -> !u.isEmpty() && targetsIndependent(u.targetPaths()));
    }

    private static Arbitrary<UpdateOperand> numericOperand() {
        return Arbitraries.oneOf(numbers().map(Operand::value), paths(3).map(Operand::path));
    }

    private static Arbitrary<UpdateOperand> listOperand() {
        return Arbitraries.oneOf(lists().map(Operand::value), paths(3).map(Operand::path),
                Combinators.combine(paths(2), lists()).as((p, l) -> new UpdateOperand.IfNotExists(p, Operand.value(l))));
    }

    static boolean targetsIndependent(List<AttributePath> paths) {
        for (int i = 0; i < paths.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (paths.get(i).overlaps(paths.get(j)) || paths.get(i).conflicts(paths.get(j))) {
                    return false;
                }
            }
        }
        return true;
    }

    public static Arbitrary<Projection> projections() {
        return paths(4).list().ofMinSize(1).ofMaxSize(4).filter(ExpressionArbitraries::targetsIndependent).map(Projection::new);
    }

    public static Arbitrary<ExpressionSet> expressionSets() {
        return Combinators.combine(updates().injectNull(0.3), conditions().injectNull(0.3), conditions().injectNull(0.5),
                        projections().injectNull(0.5))
                .as((update, condition, filter, projection) -> new ExpressionSet(null, update, condition, filter, projection));
    }
}
