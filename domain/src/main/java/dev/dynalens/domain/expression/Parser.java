package dev.dynalens.domain.expression;

import static dev.dynalens.domain.expression.ExpressionLimits.MAX_EXPRESSION_BYTES;
import static dev.dynalens.domain.expression.ExpressionLimits.MAX_IN_OPERANDS;
import static dev.dynalens.domain.expression.ExpressionLimits.MAX_OPERATORS;
import static dev.dynalens.domain.expression.ExpressionLimits.MAX_PATH_DEPTH;
import static dev.dynalens.domain.expression.ExpressionLimits.MAX_PLACEHOLDER_BYTES;

import dev.dynalens.domain.item.AttributePath;
import static dev.dynalens.domain.expression.ExpressionError.Kind;

import dev.dynalens.domain.item.AttributeValue;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A recursive-descent parser for one expression text with the request's placeholder maps. It resolves placeholders
 * (so the trees hold real names and values), records which placeholders were used, and stops at the first problem
 * with an {@link ExpressionException} that carries the character offset.
 *
 * <p>Grammar and rules: Developer Guide, "Comparison operator and function reference" (precedence: comparisons,
 * IN, BETWEEN, functions, parentheses, NOT, AND, OR), "Update expressions", "Projection expressions", and
 * "Service quotas: expression parameters" for the limits.
 */
final class Parser {

    private static final Set<String> CONDITION_FUNCTIONS =
            Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size");
    private static final Set<String> TYPE_NAMES = Set.of("S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS");

    private final String text;
    private final ExpressionError.Field field;
    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private final Set<String> usedNames;
    private final Set<String> usedValues;
    private final List<Token> tokens;
    private int index;
    private int operators;
    /** Parentheses, NOTs and function calls open at the current token. */
    private int nesting;
    private final Set<Condition> parenthesized = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    /** Where each condition node starts, for checks made after parsing (key conditions). */
    private final Map<Object, Integer> positions = new IdentityHashMap<>();

    Parser(String text, ExpressionError.Field field, Map<String, String> names, Map<String, AttributeValue> values,
           Set<String> usedNames, Set<String> usedValues) {
        this.text = text;
        this.field = field;
        this.names = names;
        this.values = values;
        this.usedNames = usedNames;
        this.usedValues = usedValues;
        if (text.isBlank()) {
            throw error(Kind.EMPTY_EXPRESSION, "The expression can not be empty", 0);
        }
        int bytes = ExpressionLimits.bytes(text);
        if (bytes > MAX_EXPRESSION_BYTES) {
            throw error(Kind.EXPRESSION_TOO_LONG, "The expression is " + bytes + " bytes long; DynamoDB allows at most "
                    + MAX_EXPRESSION_BYTES, MAX_EXPRESSION_BYTES);
        }
        this.tokens = Lexer.tokenize(text, field);
    }

    Map<Object, Integer> positions() {
        return positions;
    }

    // ------------------------------------------------------------------ conditions

    Condition parseCondition() {
        var condition = parseOr();
        expectEnd();
        return condition;
    }

    private Condition parseOr() {
        return parseChain("OR", this::parseAnd, Condition.Or::new);
    }

    private Condition parseAnd() {
        return parseChain("AND", this::parseNot, Condition.And::new);
    }

    /** {@code operand (keyword operand)*}: one operand as it is, two or more joined, each keyword counted as an operator. */
    private Condition parseChain(String keyword, java.util.function.Supplier<Condition> operand,
                                 java.util.function.Function<List<Condition>, Condition> join) {
        int start = peek().start();
        var first = operand.get();
        if (!peek().isKeyword(keyword)) {
            return first;
        }
        var all = new ArrayList<Condition>();
        all.add(first);
        while (peek().isKeyword(keyword)) {
            countOperator(next());
            all.add(operand.get());
        }
        return at(join.apply(all), start);
    }

    private Condition parseNot() {
        if (peek().isKeyword("NOT")) {
            var not = next();
            countOperator(not);
            enter(not);
            var negated = at(new Condition.Not(parseNot()), not.start());
            nesting--;
            return negated;
        }
        return parsePrimary();
    }

    private Condition parsePrimary() {
        var token = peek();
        if (token.is(Token.Type.LEFT_PAREN)) {
            next();
            enter(token);
            var inner = parseOr();
            if (parenthesized.contains(inner)) {
                throw error(Kind.REDUNDANT_PARENTHESES, "The expression has redundant parentheses", token.start());
            }
            expect(Token.Type.RIGHT_PAREN, "')'");
            nesting--;
            parenthesized.add(inner);
            return inner;
        }
        return parsePredicate();
    }

    /**
     * One more level of parentheses, NOT or function call. The parser descends recursively, so nesting is bounded before
     * it could exhaust the thread's stack (1,100 parentheses fit in DynamoDB's 4 KB). The bound rejects nothing DynamoDB
     * accepts: every level beyond the first needs an operator of its own (AND, OR, NOT or a function) or is a redundant
     * pair of parentheses, and an expression has at most {@link ExpressionLimits#MAX_OPERATORS} operators.
     */
    private void enter(Token token) {
        if (++nesting > ExpressionLimits.MAX_NESTING) {
            throw error(Kind.NESTING_TOO_DEEP, "The expression nests parentheses, NOT and functions more than "
                    + ExpressionLimits.MAX_NESTING + " levels deep", token.start());
        }
    }

    private Condition parsePredicate() {
        var token = peek();
        Operand left;
        if (isFunctionCall()) {
            var name = token.text();
            if (!CONDITION_FUNCTIONS.contains(name)) {
                throw error(Kind.UNKNOWN_FUNCTION, "Invalid function name; function: " + name, token.start());
            }
            if (!name.equals("size")) {
                var condition = parseBooleanFunction();
                var after = peek();
                if (after.is(Token.Type.COMPARATOR) || after.isKeyword("BETWEEN") || after.isKeyword("IN")) {
                    throw error(Kind.MISUSED_FUNCTION,
                            "The function is not allowed to be used this way in an expression; function: " + name, token.start());
                }
                return condition;
            }
            left = parseOperand();
        } else {
            left = parseOperand();
        }
        var op = peek();
        if (op.is(Token.Type.COMPARATOR)) {
            next();
            countOperator(op);
            var right = parseOperand();
            checkDistinct(op.text(), left, right, op.start());
            return at(new Condition.Comparison(left, Condition.Comparator.ofSymbol(op.text()), right), token.start());
        }
        if (op.isKeyword("BETWEEN")) {
            next();
            countOperator(op);
            var low = parseOperand();
            if (!peek().isKeyword("AND")) {
                throw syntax("expected AND between the bounds of BETWEEN, found " + peek().describe(), peek().start());
            }
            next();
            var high = parseOperand();
            checkBetweenBounds(low, high, op.start());
            return at(new Condition.Between(left, low, high), token.start());
        }
        if (op.isKeyword("IN")) {
            next();
            countOperator(op);
            expect(Token.Type.LEFT_PAREN, "'(' after IN");
            var candidates = new ArrayList<Operand>();
            candidates.add(parseOperand());
            while (peek().is(Token.Type.COMMA)) {
                next();
                candidates.add(parseOperand());
            }
            expect(Token.Type.RIGHT_PAREN, "')' or ','");
            if (candidates.size() > MAX_IN_OPERANDS) {
                throw error(Kind.TOO_MANY_IN_OPERANDS, "The IN operator has " + candidates.size()
                        + " operands; DynamoDB allows at most " + MAX_IN_OPERANDS, op.start());
            }
            return at(new Condition.In(left, candidates), token.start());
        }
        throw syntax("expected a comparator (=, <>, <, <=, >, >=), BETWEEN or IN, found " + op.describe(), op.start());
    }

    private Condition parseBooleanFunction() {
        var nameToken = next();
        var name = nameToken.text();
        countOperator(nameToken);
        var args = parseConditionArguments();
        int pos = nameToken.start();
        switch (name) {
            case "attribute_exists", "attribute_not_exists" -> {
                requireCount(name, args, 1, pos);
                var path = requirePath(name, args.get(0), pos);
                return at(name.equals("attribute_exists") ? new Condition.AttributeExists(path) : new Condition.AttributeNotExists(path), pos);
            }
            case "attribute_type" -> {
                requireCount(name, args, 2, pos);
                var path = requirePath(name, args.get(0), pos);
                if (!(args.get(1) instanceof Operand.ValueOperand v) || !(v.value() instanceof AttributeValue.Str s)) {
                    throw error(Kind.INCORRECT_OPERAND_TYPE, "Incorrect operand type for operator or function; operator or function: "
                            + name + ", operand type: " + typeName(args.get(1)) + " (the type must be a string value such as :t = \"S\")", pos);
                }
                if (!TYPE_NAMES.contains(s.value())) {
                    throw error(Kind.INVALID_TYPE_NAME, "Invalid attribute type name found; type: " + s.value()
                            + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}", pos);
                }
                return at(new Condition.AttributeType(path, args.get(1)), pos);
            }
            case "begins_with" -> {
                requireCount(name, args, 2, pos);
                for (var arg : args) {
                    var type = typeName(arg);
                    if (!type.isEmpty() && !type.equals("S") && !type.equals("B")) {
                        throw error(Kind.INCORRECT_OPERAND_TYPE, "Incorrect operand type for operator or function; operator or function: "
                                + name + ", operand type: " + type, pos);
                    }
                }
                checkDistinct(name, args.get(0), args.get(1), pos);
                return at(new Condition.BeginsWith(args.get(0), args.get(1)), pos);
            }
            case "contains" -> {
                requireCount(name, args, 2, pos);
                checkDistinct(name, args.get(0), args.get(1), pos);
                return at(new Condition.Contains(args.get(0), args.get(1)), pos);
            }
            default -> throw error(Kind.UNKNOWN_FUNCTION, "Invalid function name; function: " + name, pos);
        }
    }

    private List<Operand> parseConditionArguments() {
        enter(peek());
        expect(Token.Type.LEFT_PAREN, "'('");
        var args = new ArrayList<Operand>();
        if (!peek().is(Token.Type.RIGHT_PAREN)) {
            args.add(parseOperand());
            while (peek().is(Token.Type.COMMA)) {
                next();
                args.add(parseOperand());
            }
        }
        expect(Token.Type.RIGHT_PAREN, "')' or ','");
        nesting--;
        return args;
    }

    /** A path, a :value or size(path). */
    private Operand parseOperand() {
        var token = peek();
        if (token.is(Token.Type.VALUE_PLACEHOLDER)) {
            next();
            return new Operand.ValueOperand(resolveValue(token));
        }
        if (isFunctionCall()) {
            var name = token.text();
            if (name.equals("size")) {
                next();
                countOperator(token);
                var args = parseConditionArguments();
                requireCount(name, args, 1, token.start());
                return new Operand.Size(requirePath(name, args.get(0), token.start()));
            }
            if (CONDITION_FUNCTIONS.contains(name)) {
                throw error(Kind.MISUSED_FUNCTION, "The function is not allowed to be used this way in an expression; function: "
                        + name, token.start());
            }
            throw error(Kind.UNKNOWN_FUNCTION, "Invalid function name; function: " + name, token.start());
        }
        if (token.is(Token.Type.IDENTIFIER) || token.is(Token.Type.NAME_PLACEHOLDER)) {
            return new Operand.PathOperand(parsePath());
        }
        throw syntax("expected an attribute path, a :value or size(path), found " + token.describe(), token.start());
    }

    private void checkDistinct(String operator, Operand a, Operand b, int position) {
        if (a instanceof Operand.PathOperand x && b instanceof Operand.PathOperand y && x.path().equals(y.path())) {
            throw error(Kind.OPERANDS_NOT_DISTINCT, "The first operand must be distinct from the remaining operands for this "
                    + "operator or function; operator: " + operator + ", first operand: " + x.path(), position);
        }
    }

    private void checkBetweenBounds(Operand low, Operand high, int position) {
        if (low instanceof Operand.ValueOperand lo && high instanceof Operand.ValueOperand hi) {
            if (lo.value().type() != hi.value().type()) {
                throw error(Kind.BETWEEN_BOUND_TYPES, "The BETWEEN operator requires same data type for lower and upper bounds; "
                        + "lower bound: " + lo.value().type() + ", upper bound: " + hi.value().type(), position);
            }
            var order = Values.compare(lo.value(), hi.value());
            if (order.isPresent() && order.getAsInt() > 0) {
                throw error(Kind.BETWEEN_BOUND_ORDER,
                        "The BETWEEN operator requires upper bound to be greater than or equal to lower bound", position);
            }
        }
    }

    // ------------------------------------------------------------------ update expressions

    UpdateExpression parseUpdate() {
        var set = new ArrayList<UpdateExpression.SetAction>();
        var remove = new ArrayList<AttributePath>();
        var add = new ArrayList<UpdateExpression.AddAction>();
        var delete = new ArrayList<UpdateExpression.DeleteAction>();
        var seen = new java.util.HashSet<String>();
        var targets = new ArrayList<AttributePath>();
        var targetPositions = new ArrayList<Integer>();
        do {
            var keyword = next();
            var clause = keyword.is(Token.Type.IDENTIFIER) ? keyword.text().toUpperCase(java.util.Locale.ROOT) : "";
            if (!Set.of("SET", "REMOVE", "ADD", "DELETE").contains(clause)) {
                throw syntax("expected SET, REMOVE, ADD or DELETE, found " + keyword.describe(), keyword.start());
            }
            if (!seen.add(clause)) {
                throw error(Kind.DUPLICATE_CLAUSE, "The \"" + clause + "\" section can only be used once in an update expression",
                        keyword.start());
            }
            do {
                int pathStart = peek().start();
                if (!peek().is(Token.Type.IDENTIFIER) && !peek().is(Token.Type.NAME_PLACEHOLDER)) {
                    throw syntax("expected an attribute path after " + clause + ", found " + peek().describe(), pathStart);
                }
                var path = parsePath();
                checkOverlap(targets, targetPositions, path, pathStart);
                switch (clause) {
                    case "SET" -> {
                        var eq = next();
                        if (!eq.is(Token.Type.COMPARATOR) || !eq.text().equals("=")) {
                            throw syntax("expected '=' after the path in SET, found " + eq.describe(), eq.start());
                        }
                        set.add(new UpdateExpression.SetAction(path, parseSetValue()));
                    }
                    case "REMOVE" -> remove.add(path);
                    case "ADD", "DELETE" -> {
                        var valueToken = next();
                        if (!valueToken.is(Token.Type.VALUE_PLACEHOLDER)) {
                            throw syntax(clause + " takes a path and a :value, found " + valueToken.describe(), valueToken.start());
                        }
                        var value = resolveValue(valueToken);
                        var type = value.type();
                        boolean allowed = type.isSet() || (clause.equals("ADD") && type == dev.dynalens.domain.item.AttributeType.N);
                        if (!allowed) {
                            throw error(Kind.INCORRECT_OPERAND_TYPE, "Incorrect operand type for operator or function; operator: "
                                    + clause + ", operand type: " + type, valueToken.start());
                        }
                        if (clause.equals("ADD")) {
                            add.add(new UpdateExpression.AddAction(path, value));
                        } else {
                            delete.add(new UpdateExpression.DeleteAction(path, value));
                        }
                    }
                    default -> throw new IllegalStateException(clause);
                }
                if (!peek().is(Token.Type.COMMA)) {
                    break;
                }
                next();
            } while (true);
        } while (!peek().is(Token.Type.END));
        return new UpdateExpression(set, remove, add, delete);
    }

    private SetValue parseSetValue() {
        var left = parseUpdateOperand();
        var op = peek();
        if (op.is(Token.Type.PLUS) || op.is(Token.Type.MINUS)) {
            next();
            countOperator(op);
            var right = parseUpdateOperand();
            for (var operand : List.of(left, right)) {
                if (operand instanceof Operand.ValueOperand v && v.value().type() != dev.dynalens.domain.item.AttributeType.N) {
                    throw error(Kind.INCORRECT_OPERAND_TYPE, "Incorrect operand type for operator or function; operator or function: "
                            + op.text() + ", operand type: " + v.value().type(), op.start());
                }
            }
            return new SetValue.Arithmetic(left, op.is(Token.Type.PLUS) ? SetValue.ArithmeticOperator.PLUS : SetValue.ArithmeticOperator.MINUS, right);
        }
        return left;
    }

    private UpdateOperand parseUpdateOperand() {
        var token = peek();
        if (token.is(Token.Type.VALUE_PLACEHOLDER)) {
            next();
            return new Operand.ValueOperand(resolveValue(token));
        }
        if (isFunctionCall()) {
            var name = token.text();
            if (!name.equals("if_not_exists") && !name.equals("list_append")) {
                throw error(Kind.UNKNOWN_FUNCTION, "Invalid function name; function: " + name, token.start());
            }
            next();
            countOperator(token);
            enter(token);
            expect(Token.Type.LEFT_PAREN, "'('");
            var args = new ArrayList<UpdateOperand>();
            if (!peek().is(Token.Type.RIGHT_PAREN)) {
                args.add(parseUpdateOperand());
                while (peek().is(Token.Type.COMMA)) {
                    next();
                    args.add(parseUpdateOperand());
                }
            }
            expect(Token.Type.RIGHT_PAREN, "')' or ','");
            nesting--;
            if (args.size() != 2) {
                throw error(Kind.OPERAND_COUNT, "Incorrect number of operands for operator or function; operator or function: "
                        + name + ", number of operands: " + args.size(), token.start());
            }
            if (name.equals("if_not_exists")) {
                if (!(args.get(0) instanceof Operand.PathOperand path)) {
                    throw error(Kind.PATH_REQUIRED, "Operator or function requires a document path; operator or function: " + name,
                            token.start());
                }
                return new UpdateOperand.IfNotExists(path.path(), args.get(1));
            }
            for (var arg : args) {
                if (arg instanceof Operand.ValueOperand v && v.value().type() != dev.dynalens.domain.item.AttributeType.L) {
                    throw error(Kind.INCORRECT_OPERAND_TYPE, "Incorrect operand type for operator or function; operator or function: "
                            + name + ", operand type: " + v.value().type(), token.start());
                }
            }
            return new UpdateOperand.ListAppend(args.get(0), args.get(1));
        }
        if (token.is(Token.Type.IDENTIFIER) || token.is(Token.Type.NAME_PLACEHOLDER)) {
            return new Operand.PathOperand(parsePath());
        }
        throw syntax("expected an attribute path, a :value, if_not_exists(...) or list_append(...), found " + token.describe(),
                token.start());
    }

    // ------------------------------------------------------------------ projections

    Projection parseProjection() {
        var paths = new ArrayList<AttributePath>();
        var positionsOfPaths = new ArrayList<Integer>();
        do {
            int start = peek().start();
            if (!peek().is(Token.Type.IDENTIFIER) && !peek().is(Token.Type.NAME_PLACEHOLDER)) {
                throw syntax("expected an attribute path, found " + peek().describe(), start);
            }
            var path = parsePath();
            checkOverlap(paths, positionsOfPaths, path, start);
            if (!peek().is(Token.Type.COMMA)) {
                break;
            }
            next();
        } while (true);
        expectEnd();
        return new Projection(paths);
    }

    /** One document path and nothing else (a row editor's path field). */
    AttributePath parseStandalonePath() {
        if (!peek().is(Token.Type.IDENTIFIER) && !peek().is(Token.Type.NAME_PLACEHOLDER)) {
            throw syntax("expected an attribute path, found " + peek().describe(), peek().start());
        }
        var path = parsePath();
        expectEnd();
        return path;
    }

    // ------------------------------------------------------------------ paths and placeholders

    private AttributePath parsePath() {
        var first = next();
        int start = first.start();
        var elements = new ArrayList<AttributePath.Element>();
        elements.add(new AttributePath.Key(pathName(first)));
        var previous = first;
        while (true) {
            var token = peek();
            if (token.start() != previous.end()) {
                break;
            }
            if (token.is(Token.Type.DOT)) {
                next();
                var name = next();
                if (name.start() != token.end() || !(name.is(Token.Type.IDENTIFIER) || name.is(Token.Type.NAME_PLACEHOLDER))) {
                    throw syntax("expected an attribute name right after '.', found " + name.describe(), name.start());
                }
                elements.add(new AttributePath.Key(pathName(name)));
                previous = name;
            } else if (token.is(Token.Type.LEFT_BRACKET)) {
                next();
                var number = next();
                if (number.start() != token.end() || !number.is(Token.Type.INDEX)) {
                    throw syntax("expected a list index (digits) right after '[', found " + number.describe(), number.start());
                }
                var close = next();
                if (close.start() != number.end() || !close.is(Token.Type.RIGHT_BRACKET)) {
                    throw syntax("expected ']' right after the list index, found " + close.describe(), close.start());
                }
                int value;
                try {
                    value = Integer.parseInt(number.text());
                } catch (NumberFormatException e) {
                    throw syntax("list index " + number.text() + " is too large", number.start());
                }
                elements.add(new AttributePath.Index(value));
                previous = close;
            } else {
                break;
            }
        }
        if (elements.size() > MAX_PATH_DEPTH) {
            throw error(Kind.PATH_TOO_DEEP, "The document path has " + elements.size() + " levels; DynamoDB allows at most "
                    + MAX_PATH_DEPTH, start);
        }
        return new AttributePath(elements);
    }

    private String pathName(Token token) {
        if (token.is(Token.Type.NAME_PLACEHOLDER)) {
            checkPlaceholderLength(token);
            var name = names.get(token.text());
            if (name == null) {
                throw error(Kind.UNKNOWN_NAME, "An expression attribute name used in the document path is not defined; attribute name: "
                        + token.text(), token.start());
            }
            usedNames.add(token.text());
            if (name.isEmpty()) {
                throw error(Kind.SYNTAX, "The attribute name of " + token.text() + " is empty", token.start());
            }
            return name;
        }
        if (!token.is(Token.Type.IDENTIFIER)) {
            throw syntax("expected an attribute name, found " + token.describe(), token.start());
        }
        if (ReservedWords.isReserved(token.text())) {
            throw error(Kind.RESERVED_WORD, "Attribute name is a reserved keyword; reserved keyword: " + token.text()
                    + " (use an expression attribute name such as #" + token.text() + ")", token.start());
        }
        return token.text();
    }

    private AttributeValue resolveValue(Token token) {
        checkPlaceholderLength(token);
        var value = values.get(token.text());
        if (value == null) {
            throw error(Kind.UNKNOWN_VALUE, "An expression attribute value used in expression is not defined; attribute value: "
                    + token.text(), token.start());
        }
        usedValues.add(token.text());
        return value;
    }

    private void checkPlaceholderLength(Token token) {
        int bytes = ExpressionLimits.bytes(token.text());
        if (bytes > MAX_PLACEHOLDER_BYTES) {
            throw error(Kind.PLACEHOLDER_TOO_LONG, "The placeholder is " + bytes + " bytes long; it exceeds the maximum length of "
                    + MAX_PLACEHOLDER_BYTES, token.start());
        }
    }

    private void checkOverlap(List<AttributePath> earlier, List<Integer> earlierPositions, AttributePath path, int position) {
        for (var other : earlier) {
            if (other.conflicts(path)) {
                throw error(Kind.CONFLICTING_PATHS, "Two document paths conflict with each other; must remove or rewrite one of "
                        + "these paths; path one: " + other + ", path two: " + path, position);
            }
            if (other.overlaps(path)) {
                throw error(Kind.OVERLAPPING_PATHS, "Two document paths overlap with each other; must remove or rewrite one of "
                        + "these paths; path one: " + other + ", path two: " + path, position);
            }
        }
        earlier.add(path);
        earlierPositions.add(position);
    }

    // ------------------------------------------------------------------ helpers

    private boolean isFunctionCall() {
        return peek().is(Token.Type.IDENTIFIER) && index + 1 < tokens.size() && tokens.get(index + 1).is(Token.Type.LEFT_PAREN);
    }

    private static String typeName(Operand operand) {
        if (operand instanceof Operand.ValueOperand v) {
            return v.value().type().name();
        }
        if (operand instanceof Operand.Size) {
            return "N";
        }
        if (operand instanceof Operand.PathOperand) {
            return "";
        }
        throw new IllegalStateException("unexpected " + operand.getClass());
    }

    private void requireCount(String name, List<Operand> args, int count, int position) {
        if (args.size() != count) {
            throw error(Kind.OPERAND_COUNT, "Incorrect number of operands for operator or function; operator or function: "
                    + name + ", number of operands: " + args.size(), position);
        }
    }

    private AttributePath requirePath(String name, Operand operand, int position) {
        if (operand instanceof Operand.PathOperand p) {
            return p.path();
        }
        throw error(Kind.PATH_REQUIRED, "Operator or function requires a document path; operator or function: " + name, position);
    }

    private void countOperator(Token token) {
        operators++;
        if (operators > MAX_OPERATORS) {
            throw error(Kind.TOO_MANY_OPERATORS, "The expression exceeds the maximum number of operators or functions ("
                    + MAX_OPERATORS + ")", token.start());
        }
    }

    private <T> T at(T node, int position) {
        positions.put(node, position);
        return node;
    }

    private Token peek() {
        return tokens.get(index);
    }

    private Token next() {
        var token = tokens.get(index);
        if (index < tokens.size() - 1) {
            index++;
        }
        return token;
    }

    private void expect(Token.Type type, String what) {
        var token = next();
        if (!token.is(type)) {
            throw syntax("expected " + what + ", found " + token.describe(), token.start());
        }
    }

    private void expectEnd() {
        var token = peek();
        if (!token.is(Token.Type.END)) {
            throw syntax("unexpected " + token.describe() + " after a complete expression", token.start());
        }
    }

    private ExpressionException syntax(String detail, int position) {
        return error(Kind.SYNTAX, "Syntax error; " + detail, position);
    }

    private ExpressionException error(Kind kind, String message, int position) {
        return new ExpressionException(kind, field, message, position);
    }
}
