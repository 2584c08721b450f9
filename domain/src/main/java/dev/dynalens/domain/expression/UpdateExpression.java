package dev.dynalens.domain.expression;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An update expression: its {@code SET}, {@code REMOVE}, {@code ADD} and {@code DELETE} clauses, each a list of
 * actions in the order written (Developer Guide, "Update expressions"). DynamoDB allows the clauses in any order and
 * each at most once; the order of clauses has no effect, so it is not kept.
 */
public record UpdateExpression(List<SetAction> set, List<AttributePath> remove, List<AddAction> add,
                               List<DeleteAction> delete) {

    public record SetAction(AttributePath path, SetValue value) {
        public SetAction {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(value, "value");
        }
    }

    /** {@code ADD path :value}: adds to a number or a set, or creates the attribute. */
    public record AddAction(AttributePath path, AttributeValue value) {
        public AddAction {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(value, "value");
        }
    }

    /** {@code DELETE path :subset}: removes elements from a set. */
    public record DeleteAction(AttributePath path, AttributeValue value) {
        public DeleteAction {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(value, "value");
        }
    }

    public static final UpdateExpression EMPTY = new UpdateExpression(List.of(), List.of(), List.of(), List.of());

    public UpdateExpression {
        set = List.copyOf(set);
        remove = List.copyOf(remove);
        add = List.copyOf(add);
        delete = List.copyOf(delete);
    }

    public boolean isEmpty() {
        return set.isEmpty() && remove.isEmpty() && add.isEmpty() && delete.isEmpty();
    }

    // --- builder methods: UpdateExpression.EMPTY.set(path, value).remove(path) ---

    public UpdateExpression set(AttributePath path, SetValue value) {
        var copy = new ArrayList<>(set);
        copy.add(new SetAction(path, value));
        return new UpdateExpression(copy, remove, add, delete);
    }

    public UpdateExpression set(String attribute, AttributeValue value) {
        return set(AttributePath.of(attribute), Operand.value(value));
    }

    public UpdateExpression remove(AttributePath path) {
        var copy = new ArrayList<>(remove);
        copy.add(path);
        return new UpdateExpression(set, copy, add, delete);
    }

    public UpdateExpression add(AttributePath path, AttributeValue value) {
        var copy = new ArrayList<>(add);
        copy.add(new AddAction(path, value));
        return new UpdateExpression(set, remove, copy, delete);
    }

    public UpdateExpression delete(AttributePath path, AttributeValue value) {
        var copy = new ArrayList<>(delete);
        copy.add(new DeleteAction(path, value));
        return new UpdateExpression(set, remove, add, copy);
    }

    /** Every path this expression writes, in clause order SET, REMOVE, ADD, DELETE. */
    public List<AttributePath> targetPaths() {
        var paths = new ArrayList<AttributePath>();
        set.forEach(a -> paths.add(a.path()));
        paths.addAll(remove);
        add.forEach(a -> paths.add(a.path()));
        delete.forEach(a -> paths.add(a.path()));
        return paths;
    }
}
