package dev.dynalens.service.sql;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Division and averages as exact as DynamoDB numbers: a quotient has 38 significant digits, the most a DynamoDB number
 * holds (Developer Guide, "Supported data types": "Numbers can have up to 38 digits of precision"), rounded half to
 * even. Calcite's generated code divides {@code DECIMAL}s with 16 digits ({@code MathContext.DECIMAL64}) and its
 * enumerable operators have no {@code AVG}; so before planning, every division whose result is a {@code DECIMAL} (or
 * of {@code ANY} values) calls {@link #divide} instead, and {@code AVG(x)} becomes {@code SUM(x)} and {@code COUNT(x)}
 * divided so. A division of two integers stays SQL's integer division. No {@code double} is on the path.
 *
 * <p>Public because generated code calls {@link #divide} and {@link #divideAny}.
 */
public final class ExactArithmetic {
    /** 38 significant digits, half to even: a quotient DynamoDB can store, rounded without a bias. */
    public static final MathContext QUOTIENT = new MathContext(38, RoundingMode.HALF_EVEN);

    private static final SqlUserDefinedFunction DIVIDE = operator("divide");
    private static final SqlUserDefinedFunction DIVIDE_ANY = operator("divideAny");

    private ExactArithmetic() {
    }

    /** {@code dividend / divisor} to 38 significant digits; null when either is. */
    public static BigDecimal divide(BigDecimal dividend, BigDecimal divisor) {
        if (dividend == null || divisor == null) {
            return null;
        }
        if (divisor.signum() == 0) {
            // the statement's fault, not the program's: said as a sentence, as a bad argument is
            throw new IllegalArgumentException("Division by zero: a divisor is 0 in one of the rows");
        }
        return dividend.divide(divisor, QUOTIENT);
    }

    /** A division of values of no one type ({@code ANY}): numbers divide as {@link #divide}; null when either is null. */
    public static Object divideAny(Object dividend, Object divisor) {
        if (dividend == null || divisor == null) {
            return null;
        }
        if (decimal(dividend) instanceof BigDecimal a && decimal(divisor) instanceof BigDecimal b) {
            return divide(a, b);
        }
        throw new IllegalArgumentException("Cannot divide " + dividend + " by " + divisor + ": only numbers divide");
    }

    private static BigDecimal decimal(Object value) {
        return switch (value) {
            case BigDecimal d -> d;
            case Integer i -> BigDecimal.valueOf(i);
            case Long l -> BigDecimal.valueOf(l);
            case Short s -> BigDecimal.valueOf(s);
            case Byte b -> BigDecimal.valueOf(b);
            default -> null;
        };
    }

    /** The plan with its divisions and averages made exact, sub-queries included. */
    static RelNode rewrite(RelNode plan) {
        return plan.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                var visited = super.visit(other);
                if (visited instanceof LogicalAggregate aggregate && hasAverage(aggregate)) {
                    visited = averages(aggregate);
                }
                return visited.accept(new Divisions(visited.getCluster().getRexBuilder()));
            }
        });
    }

    /** Every DECIMAL or ANY division of an expression through {@link #divide}; sub-queries rewritten as plans. */
    private static final class Divisions extends RexShuttle {
        private final RexBuilder rex;

        Divisions(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            var visited = super.visitCall(call);
            if (visited instanceof RexCall division && division.getKind() == SqlKind.DIVIDE && division.getOperands().size() == 2) {
                var exact = exactDivision(rex, division.getType(), division.getOperands().get(0), division.getOperands().get(1));
                return exact == null ? division : exact;
            }
            return visited;
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery) {
            var visited = (RexSubQuery) super.visitSubQuery(subQuery);
            var rel = rewrite(visited.rel);
            return rel == visited.rel ? visited : visited.clone(rel);
        }
    }

    /** {@code dividend / divisor} as a call of {@link #divide} of the given type, or null where SQL's own division stays. */
    private static RexNode exactDivision(RexBuilder rex, RelDataType type, RexNode dividend, RexNode divisor) {
        var name = type.getSqlTypeName();
        if (name == SqlTypeName.ANY) {
            return rex.makeCall(type, DIVIDE_ANY, List.of(dividend, divisor));
        }
        if (name != SqlTypeName.DECIMAL || !SqlTypeUtil.isExactNumeric(dividend.getType()) || !SqlTypeUtil.isExactNumeric(divisor.getType())) {
            return null;
        }
        return rex.makeCall(type, DIVIDE, List.of(asDecimal(rex, dividend), asDecimal(rex, divisor)));
    }

    /** An integer as the DECIMAL of its digits (exact); a DECIMAL as it is. */
    private static RexNode asDecimal(RexBuilder rex, RexNode value) {
        if (value.getType().getSqlTypeName() == SqlTypeName.DECIMAL) {
            return value;
        }
        var types = rex.getTypeFactory();
        var decimal = types.createTypeWithNullability(types.decimalOf(value.getType()), value.getType().isNullable());
        return rex.makeCast(decimal, value);
    }

    private static boolean hasAverage(LogicalAggregate aggregate) {
        return aggregate.getAggCallList().stream().anyMatch(call -> call.getAggregation().getKind() == SqlKind.AVG);
    }

    /**
     * The aggregate with each {@code AVG(x)} as {@code SUM(x)} and {@code COUNT(x)} (with its DISTINCT and FILTER),
     * and a projection above that divides them exactly: null for no rows or only nulls, as AVG is.
     */
    private static RelNode averages(LogicalAggregate aggregate) {
        var input = aggregate.getInput();
        var groups = aggregate.getGroupCount();
        var emptyGroup = aggregate.getGroupSets().stream().anyMatch(set -> set.isEmpty());
        var calls = new ArrayList<AggregateCall>();
        // for each original call, its position in the new list; an average's count follows its sum
        var positions = new int[aggregate.getAggCallList().size()];
        for (int i = 0; i < aggregate.getAggCallList().size(); i++) {
            var call = aggregate.getAggCallList().get(i);
            positions[i] = calls.size();
            if (call.getAggregation().getKind() != SqlKind.AVG) {
                calls.add(call);
                continue;
            }
            calls.add(AggregateCall.create(SqlStdOperatorTable.SUM, call.isDistinct(), call.isApproximate(), call.ignoreNulls(),
                    call.rexList, call.getArgList(), call.filterArg, call.distinctKeys, call.collation, emptyGroup, input, null, null));
            calls.add(AggregateCall.create(SqlStdOperatorTable.COUNT, call.isDistinct(), call.isApproximate(), call.ignoreNulls(),
                    call.rexList, call.getArgList(), call.filterArg, call.distinctKeys, call.collation, emptyGroup, input, null, null));
        }
        var summed = LogicalAggregate.create(input, aggregate.getHints(), aggregate.getGroupSet(), aggregate.getGroupSets(), calls);
        var rex = aggregate.getCluster().getRexBuilder();
        var projects = new ArrayList<RexNode>();
        for (int g = 0; g < groups; g++) {
            projects.add(RexInputRef.of(g, summed.getRowType()));
        }
        for (int i = 0; i < aggregate.getAggCallList().size(); i++) {
            var call = aggregate.getAggCallList().get(i);
            var at = groups + positions[i];
            if (call.getAggregation().getKind() != SqlKind.AVG) {
                projects.add(RexInputRef.of(at, summed.getRowType()));
                continue;
            }
            var sum = RexInputRef.of(at, summed.getRowType());
            var count = RexInputRef.of(at + 1, summed.getRowType());
            var average = exactDivision(rex, call.getType(), sum, count);
            // an average of approximate numbers (a CAST AS DOUBLE) divides as SQL does
            projects.add(average != null ? average
                    : rex.makeCast(call.getType(), rex.makeCall(SqlStdOperatorTable.DIVIDE, sum, count)));
        }
        return LogicalProject.create(summed, List.of(), projects, aggregate.getRowType().getFieldNames(), java.util.Set.of());
    }

    private static SqlUserDefinedFunction operator(String method) {
        var function = ScalarFunctionImpl.create(ExactArithmetic.class, method);
        // named "/" so that a plan reads as the statement was written: /($t0, $t1)
        return new SqlUserDefinedFunction(new SqlIdentifier("/", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.QUOTIENT_NULLABLE,
                InferTypes.FIRST_KNOWN, null, function);
    }
}
