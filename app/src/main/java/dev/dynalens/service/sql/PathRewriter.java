package dev.dynalens.service.sql;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Rewrites a parsed statement into what the validator reads, before validation:
 * <ul>
 *   <li>document paths as in DynamoDB's PartiQL: {@code t.assignee.id} and {@code assignee.id} become
 *       {@code item_at(t.assignee, 'id')}, {@code t.tags[0]} becomes {@code item_at(t.tags, 0)} (positions from 0, not
 *       SQL's 1); a select item so written keeps its last step as its name;</li>
 *   <li>approximate number literals ({@code 1E-130}) become exact ones, so a DynamoDB number is never a
 *       {@code DOUBLE}.</li>
 * </ul>
 * A name is a path when its first part is a table or alias of the statement and it has more than two parts, or when
 * its first part is an attribute (and no alias) and it has more than one.
 */
final class PathRewriter {
    private final Set<String> aliases = new HashSet<>();
    private final Set<String> columns;

    private PathRewriter(Set<String> columns) {
        this.columns = columns;
    }

    static SqlNode rewrite(SqlNode statement, Set<String> columns) {
        var rewriter = new PathRewriter(columns);
        rewriter.collectAliases(statement);
        return rewriter.expression(statement);
    }

    private void collectAliases(SqlNode node) {
        if (node == null) {
            return;
        }
        switch (node) {
            case SqlSelect select -> {
                from(select.getFrom());
                select.getOperandList().forEach(this::collectAliases);
            }
            case SqlCall call -> call.getOperandList().forEach(this::collectAliases);
            case SqlNodeList list -> list.forEach(this::collectAliases);
            default -> { }
        }
    }

    private void from(SqlNode from) {
        switch (from) {
            case null -> { }
            case SqlIdentifier table -> aliases.add(table.names.getLast());
            case SqlJoin join -> {
                from(join.getLeft());
                from(join.getRight());
            }
            case SqlCall as when as.getKind() == SqlKind.AS -> {
                var alias = as.operand(1);
                if (alias instanceof SqlIdentifier name) {
                    aliases.add(name.getSimple());
                }
                from(as.operand(0));
            }
            default -> { }
        }
    }

    private SqlNode expression(SqlNode node) {
        return switch (node) {
            case null -> null;
            case SqlSelect select -> select(select);
            case SqlOrderBy orderBy -> {
                var query = expression(orderBy.query);
                var list = list(orderBy.orderList);
                yield new SqlOrderBy(orderBy.getParserPosition(), query, list, orderBy.offset, orderBy.fetch);
            }
            case SqlIdentifier identifier -> identifier(identifier);
            case SqlNumericLiteral literal when !literal.isExact() -> SqlLiteral.createExactNumeric(
                    literal.getValueAs(BigDecimal.class).toPlainString(), literal.getParserPosition());
            case SqlNodeList list -> list(list);
            case SqlCall call when call.getOperator() == SqlStdOperatorTable.ITEM -> itemAt(expression(call.operand(0)),
                    call.operand(1) instanceof SqlNumericLiteral n && !n.isExact() ? expression(n) : call.operand(1), call.getParserPosition());
            case SqlCall call -> {
                var operands = call.getOperandList();
                for (int i = 0; i < operands.size(); i++) {
                    var operand = operands.get(i);
                    var rewritten = expression(operand);
                    if (rewritten != operand) {
                        call.setOperand(i, rewritten);
                    }
                }
                yield call;
            }
            default -> node;
        };
    }

    private SqlNode select(SqlSelect select) {
        var items = select.getSelectList();
        if (items != null) {
            for (int i = 0; i < items.size(); i++) {
                var item = items.get(i);
                var rewritten = expression(item);
                if (rewritten != item && item instanceof SqlIdentifier path) {
                    rewritten = SqlStdOperatorTable.AS.createCall(item.getParserPosition(), rewritten,
                            new SqlIdentifier(path.names.getLast(), item.getParserPosition()));
                }
                items.set(i, rewritten);
            }
        }
        fromExpressions(select.getFrom());
        select.setWhere(expression(select.getWhere()));
        if (select.getGroup() != null) {
            select.setGroupBy(list(select.getGroup()));
        }
        select.setHaving(expression(select.getHaving()));
        if (select.getOrderList() != null) {
            select.setOrderBy(list(select.getOrderList()));
        }
        return select;
    }

    /** Sub-queries and join conditions in FROM are expressions; table names are not. */
    private void fromExpressions(SqlNode from) {
        switch (from) {
            case null -> { }
            case SqlJoin join -> {
                fromExpressions(join.getLeft());
                fromExpressions(join.getRight());
                if (join.getCondition() != null) {
                    join.setOperand(5, expression(join.getCondition()));
                }
            }
            case SqlCall as when as.getKind() == SqlKind.AS -> {
                if (!(as.operand(0) instanceof SqlIdentifier)) {
                    as.setOperand(0, expression(as.operand(0)));
                }
            }
            case SqlSelect select -> select(select);
            default -> { }
        }
    }

    private SqlNodeList list(SqlNodeList list) {
        for (int i = 0; i < list.size(); i++) {
            list.set(i, expression(list.get(i)));
        }
        return list;
    }

    private SqlNode identifier(SqlIdentifier identifier) {
        if (identifier.isStar()) {
            return identifier;
        }
        var names = identifier.names;
        int base;
        if (names.size() >= 3 && aliases.contains(names.getFirst())) {
            base = 2;
        } else if (names.size() >= 2 && !aliases.contains(names.getFirst()) && columns.contains(names.getFirst())) {
            base = 1;
        } else {
            return identifier;
        }
        var pos = identifier.getParserPosition();
        SqlNode path = new SqlIdentifier(List.copyOf(names.subList(0, base)), pos);
        for (int i = base; i < names.size(); i++) {
            path = itemAt(path, SqlLiteral.createCharString(names.get(i), pos), pos);
        }
        return path;
    }

    private static SqlNode itemAt(SqlNode container, SqlNode step, SqlParserPos pos) {
        var function = new SqlUnresolvedFunction(new SqlIdentifier("item_at", pos), null, null, null, null,
                SqlFunctionCategory.USER_DEFINED_FUNCTION);
        return new SqlBasicCall(function, List.of(container, step), pos);
    }
}
