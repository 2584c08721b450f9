package dev.dynalens.service.sql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSelect;

/**
 * The result's column names as the statement writes them, not as Calcite makes them unique: a column is named by its
 * alias, else by its attribute ({@code o.SK} is {@code SK}) or the last step of its path ({@code t.assignee.id} is
 * {@code id}), else by its expression as written ({@code COUNT(*)}, where Calcite says {@code EXPR$1}). Where two
 * columns would have the same name, each is qualified as written ({@code o.SK} and {@code u.SK}, where Calcite says
 * {@code SK} and {@code SK0}; {@code SELECT *} over a join likewise). Two aliases written alike stay alike.
 */
final class ColumnNames {
    private static final Pattern CALCITE_EXPRESSION = Pattern.compile("EXPR\\$\\d+");

    private ColumnNames() {
    }

    /**
     * @param validated the statement as the validator left it (its select list expanded: {@code *} into columns, each
     *                  column qualified)
     * @param names     the validator's names of the result's columns, one per column
     */
    static List<String> of(SqlNode validated, List<String> names, String statement) {
        if (!(validated instanceof SqlSelect select) || select.getSelectList() == null || select.getSelectList().size() != names.size()) {
            return names;
        }
        var items = select.getSelectList();
        var natural = new ArrayList<String>();
        var qualified = new ArrayList<String>();
        for (int i = 0; i < items.size(); i++) {
            var item = items.get(i);
            var name = names.get(i);
            String plain = name;
            String full = null;
            if (item instanceof SqlIdentifier id && id.names.size() >= 2) {
                plain = id.names.getLast();
                full = String.join(".", id.names);
            } else if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(0) instanceof SqlIdentifier id && id.names.size() >= 2
                    && !name.equals(id.names.getLast()) && name.matches(Pattern.quote(id.names.getLast()) + "\\d+")) {
                // Calcite's own alias for the second SK of a SELECT *: SK0
                plain = id.names.getLast();
                full = String.join(".", id.names);
            } else if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(0) instanceof SqlBasicCall path && isPath(path)
                    && name.equals(lastStep(path))) {
                // named by its last step (the path rewriter's alias, or one written alike)
                full = pathText(path);
            } else if (CALCITE_EXPRESSION.matcher(name).matches()) {
                plain = written(item, statement, name);
            }
            natural.add(plain);
            qualified.add(full);
        }
        var counts = new HashMap<String, Integer>();
        natural.forEach(n -> counts.merge(n, 1, Integer::sum));
        var result = new ArrayList<String>();
        for (int i = 0; i < natural.size(); i++) {
            result.add(counts.get(natural.get(i)) > 1 && qualified.get(i) != null ? qualified.get(i) : natural.get(i));
        }
        return result;
    }

    /** An expression's text as written, on one line; Calcite's name where the text is not known. */
    private static String written(SqlNode item, String statement, String fallback) {
        var pos = item.getParserPosition();
        var text = FunctionNames.written(statement, pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
        return text == null ? fallback : text.strip().replaceAll("\\s+", " ");
    }

    private static boolean isPath(SqlBasicCall call) {
        return call.getOperator().getName().equals("item_at") && call.operandCount() == 2;
    }

    private static String lastStep(SqlBasicCall path) {
        var step = path.operand(1);
        return step instanceof SqlCharStringLiteral key ? key.getValueAs(String.class) : null;
    }

    /** A document path as DynamoDB writes it: {@code t.assignee.id}, {@code t.tags[0]}. */
    private static String pathText(SqlNode node) {
        if (node instanceof SqlIdentifier id) {
            return String.join(".", id.names);
        }
        if (node instanceof SqlBasicCall call && isPath(call)) {
            var container = pathText(call.operand(0));
            var step = call.operand(1);
            if (step instanceof SqlCharStringLiteral key) {
                return container + "." + key.getValueAs(String.class);
            }
            if (step instanceof SqlNumericLiteral position) {
                return container + "[" + position.toValue() + "]";
            }
        }
        return node.toString();
    }
}
