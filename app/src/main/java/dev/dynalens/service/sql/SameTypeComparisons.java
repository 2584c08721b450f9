package dev.dynalens.service.sql;

import dev.dynalens.domain.design.SourcePosition;
import java.math.BigDecimal;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlAbstractDateTimeLiteral;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.implicit.TypeCoercionImpl;

/**
 * The validator's implicit casts, refused where they would turn one DynamoDB type into another: Calcite casts a string
 * to a number to compare it with one ({@code name > 5}), or a string literal to a number ({@code amount > 'a'}), and the
 * cast fails on the first item with "For input string". DynamoDB never compares a string with a number (Developer
 * Guide, "Comparison operator and function reference": values of different types are neither equal nor ordered), so
 * such a comparison, IN, BETWEEN or arithmetic is a sentence that names both sides, their types and where they are.
 * Values of {@code ANY} type (a path into a document, an attribute of mixed type) are compared as they come.
 */
final class SameTypeComparisons extends TypeCoercionImpl {
    private final String statement;

    private SameTypeComparisons(RelDataTypeFactory types, SqlValidator validator, String statement) {
        super(types, validator);
        this.statement = statement;
    }

    /** The coercion for one statement: its sentences quote the statement as written. */
    static org.apache.calcite.sql.validate.implicit.TypeCoercionFactory forStatement(String statement) {
        return (types, validator) -> new SameTypeComparisons(types, validator, statement);
    }

    @Override
    public boolean binaryComparisonCoercion(SqlCallBinding binding) {
        var kind = binding.getOperator().getKind();
        if (kind.belongsTo(SqlKind.BINARY_COMPARISON) || kind == SqlKind.BETWEEN) {
            for (int i = 1; i < binding.getOperandCount(); i++) {
                refuseMixed(binding.operand(0), binding.getOperandType(0), binding.operand(i), binding.getOperandType(i), false);
            }
        }
        return super.binaryComparisonCoercion(binding);
    }

    @Override
    public boolean inOperationCoercion(SqlCallBinding binding) {
        if (binding.operand(1) instanceof SqlNodeList values && !binding.getOperandType(0).isStruct()) {
            for (var value : values) {
                refuseMixed(binding.operand(0), binding.getOperandType(0), value, validator.deriveType(binding.getScope(), value), false);
            }
        }
        return super.inOperationCoercion(binding);
    }

    @Override
    public boolean binaryArithmeticCoercion(SqlCallBinding binding) {
        if (binding.getOperandCount() == 2 && binding.getOperator().getKind().belongsTo(SqlKind.BINARY_ARITHMETIC)) {
            refuseMixed(binding.operand(0), binding.getOperandType(0), binding.operand(1), binding.getOperandType(1), true);
        }
        return super.binaryArithmeticCoercion(binding);
    }

    /** Stops the statement where two known types of different kinds meet; ANY, NULL and the same kind pass. */
    private void refuseMixed(SqlNode left, RelDataType leftType, SqlNode right, RelDataType rightType, boolean arithmetic) {
        var leftKind = kind(leftType);
        var rightKind = kind(rightType);
        if (leftKind == null || rightKind == null || leftKind.equals(rightKind)) {
            return;
        }
        var message = new StringBuilder();
        if (arithmetic) {
            message.append("Cannot calculate with ").append(text(left)).append(", ").append(leftKind).append(", and ").append(text(right))
                    .append(", ").append(rightKind).append(": arithmetic takes numbers only");
        } else {
            message.append("Cannot compare ").append(text(left)).append(", ").append(leftKind).append(", with ").append(text(right))
                    .append(", ").append(rightKind).append(": DynamoDB compares values of one type only");
            hint(left, leftKind, right, rightKind).ifPresent(h -> message.append(". ").append(h));
        }
        throw new SqlException(message.toString(), position(right.getKind() == SqlKind.LITERAL ? right : left), null);
    }

    /** What to write instead, when one side is a literal that reads as the other side's type. */
    private static java.util.Optional<String> hint(SqlNode left, String leftKind, SqlNode right, String rightKind) {
        var literal = right instanceof SqlLiteral ? right : left;
        var other = literal == right ? leftKind : rightKind;
        if ((literal instanceof SqlNumericLiteral || literal instanceof SqlAbstractDateTimeLiteral) && other.equals(STRING)) {
            return java.util.Optional.of("Write '" + ((SqlLiteral) literal).toValue() + "' to compare with the string");
        }
        if (literal instanceof SqlCharStringLiteral string && other.equals(NUMBER) && isNumber(string.getValueAs(String.class))) {
            return java.util.Optional.of("Write " + string.getValueAs(String.class).trim() + " (no quotes) to compare with the number");
        }
        return java.util.Optional.empty();
    }

    private static boolean isNumber(String text) {
        try {
            new BigDecimal(text.trim());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static final String STRING = "a string";
    private static final String NUMBER = "a number";

    /** The DynamoDB kind of a SQL type, in words; null where any value may come (ANY, NULL). */
    private static String kind(RelDataType type) {
        if (type == null || type.getSqlTypeName() == SqlTypeName.ANY || type.getSqlTypeName() == SqlTypeName.NULL
                || type.getSqlTypeName() == SqlTypeName.UNKNOWN) {
            return null;
        }
        var family = type.getSqlTypeName().getFamily();
        if (family == SqlTypeFamily.CHARACTER) {
            return STRING;
        }
        if (family == SqlTypeFamily.NUMERIC) {
            return NUMBER;
        }
        if (family == SqlTypeFamily.BOOLEAN) {
            return "a boolean";
        }
        if (family == SqlTypeFamily.BINARY) {
            return "binary";
        }
        if (family == SqlTypeFamily.DATE || family == SqlTypeFamily.TIME || family == SqlTypeFamily.TIMESTAMP
                || family == SqlTypeFamily.INTERVAL_DAY_TIME || family == SqlTypeFamily.INTERVAL_YEAR_MONTH) {
            return "a date or time";
        }
        return null;
    }

    /** A side as the person wrote it: an attribute by its name, anything else as its text in the statement. */
    private String text(SqlNode node) {
        if (node instanceof SqlIdentifier identifier) {
            return identifier.names.getLast();
        }
        var pos = node.getParserPosition();
        var written = FunctionNames.written(statement, pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
        return written == null ? node.toString() : written;
    }

    private SourcePosition position(SqlNode node) {
        var pos = node.getParserPosition();
        if (pos.getLineNum() <= 0) {
            return SourcePosition.NONE;
        }
        return new SourcePosition(pos.getLineNum(), FunctionNames.originalColumn(statement, pos.getLineNum(), pos.getColumnNum()));
    }
}
