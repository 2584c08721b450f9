package dev.dynalens.service.sql;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.InvalidNumberException;
import dev.dynalens.domain.sql.SqlAttribute;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * The engine's types: DynamoDB values as SQL columns and back. A number is a {@code DECIMAL} wide enough for every
 * DynamoDB number at a fixed scale (38 significant digits, magnitudes from 1E-130 to 9.99…E+125: 126 integer digits
 * and up to 167 fraction digits), so a number never becomes a {@code DOUBLE}; values are {@link BigDecimal}s as parsed
 * from DynamoDB's text. Strings are {@code VARCHAR}, binary {@code VARBINARY}, booleans {@code BOOLEAN}; an attribute
 * of mixed type, a set, a list, a map or a NULL is {@code ANY}: its value is the Java value of a scalar, or the DynamoDB
 * value itself for sets, lists and maps, which come back whole.
 */
final class SqlTypes {
    /** Integer digits of the largest DynamoDB number plus fraction digits of the smallest with 38 digits. */
    static final int NUMBER_PRECISION = 126 + 167;
    static final int NUMBER_SCALE = 167;
    static final int MAX_PRECISION = 400;
    static final int MAX_SCALE = 200;

    /** Room above the column type, so sums and products of DynamoDB numbers are derived exactly. */
    static final RelDataTypeSystem TYPE_SYSTEM = new RelDataTypeSystemImpl() {
        @Override
        public int getMaxPrecision(SqlTypeName typeName) {
            return typeName == SqlTypeName.DECIMAL ? MAX_PRECISION : super.getMaxPrecision(typeName);
        }

        @Override
        public int getMaxScale(SqlTypeName typeName) {
            return typeName == SqlTypeName.DECIMAL ? MAX_SCALE : super.getMaxScale(typeName);
        }

        @Override
        public int getDefaultPrecision(SqlTypeName typeName) {
            return typeName == SqlTypeName.DECIMAL ? NUMBER_PRECISION : super.getDefaultPrecision(typeName);
        }

        /** An average of integers (a COUNT, a size) keeps its fraction: a DECIMAL, which {@link ExactArithmetic} divides. */
        @Override
        public RelDataType deriveAvgAggType(RelDataTypeFactory types, RelDataType argument) {
            if (SqlTypeUtil.isExactNumeric(argument) && argument.getSqlTypeName() != SqlTypeName.DECIMAL) {
                return types.createTypeWithNullability(types.createSqlType(SqlTypeName.DECIMAL, NUMBER_PRECISION, NUMBER_SCALE),
                        argument.isNullable());
            }
            return super.deriveAvgAggType(types, argument);
        }

        @Override
        public boolean shouldConvertRaggedUnionTypesToVarying() {
            return true;
        }
    };

    private SqlTypes() {
    }

    /** The column type of an attribute: its one type when the analysis saw one, else ANY. Every column is nullable. */
    static RelDataType columnType(RelDataTypeFactory types, SqlAttribute attribute) {
        var sole = attribute.soleType();
        var name = sole == null ? SqlTypeName.ANY : switch (sole) {
            case S -> SqlTypeName.VARCHAR;
            case N -> SqlTypeName.DECIMAL;
            case B -> SqlTypeName.VARBINARY;
            case BOOL -> SqlTypeName.BOOLEAN;
            default -> SqlTypeName.ANY;
        };
        RelDataType type = switch (name) {
            case DECIMAL -> types.createSqlType(SqlTypeName.DECIMAL, NUMBER_PRECISION, NUMBER_SCALE);
            // no length: DynamoDB strings have none, and a concatenation with one then needs no cast to compare
            case VARCHAR, VARBINARY -> types.createSqlType(name);
            default -> types.createSqlType(name);
        };
        return types.createTypeWithNullability(type, true);
    }

    /**
     * The row value of an attribute in a column of this type. A value of another type than the column's (an item the
     * analysis did not see) is null there, as a missing attribute is; an ANY column takes every value.
     */
    static Object toColumn(AttributeValue value, SqlTypeName column) {
        if (value == null) {
            return null;
        }
        return switch (column) {
            case VARCHAR -> value instanceof AttributeValue.Str s ? s.value() : null;
            case DECIMAL -> value instanceof AttributeValue.Num n ? n.value().toBigDecimal() : null;
            case VARBINARY -> value instanceof AttributeValue.Bin b ? new ByteString(b.value().toArray()) : null;
            case BOOLEAN -> value instanceof AttributeValue.Bool b ? b.value() : null;
            default -> natural(value);
        };
    }

    /** A scalar as its Java value (String, BigDecimal, ByteString, Boolean; NULL as null); sets, lists and maps as they are. */
    static Object natural(AttributeValue value) {
        return switch (value) {
            case AttributeValue.Str s -> s.value();
            case AttributeValue.Num n -> n.value().toBigDecimal();
            case AttributeValue.Bin b -> new ByteString(b.value().toArray());
            case AttributeValue.Bool b -> b.value();
            case AttributeValue.Null n -> null;
            default -> value;
        };
    }

    /**
     * A result cell: a DynamoDB value where the Java value is one (a number exactly as computed), or, for a number
     * DynamoDB could not store (a sum of more than 38 digits), the {@link BigDecimal} itself. Null stays null.
     */
    static Object toCell(Object value) {
        return switch (value) {
            case null -> null;
            case AttributeValue attribute -> attribute;
            case String s -> AttributeValue.s(s);
            case BigDecimal d -> number(d);
            case Integer i -> AttributeValue.n(i);
            case Long l -> AttributeValue.n(l);
            case Short s -> AttributeValue.n(s);
            case Byte b -> AttributeValue.n(b);
            case Boolean b -> AttributeValue.bool(b);
            case ByteString bytes -> AttributeValue.b(bytes.getBytes());
            // an explicitly approximate function (SQRT, CAST AS DOUBLE) asked for a double: its shortest decimal form
            case Double d -> Double.isFinite(d) ? number(new BigDecimal(Double.toString(d))) : AttributeValue.s(d.toString());
            case Float f -> Float.isFinite(f) ? number(new BigDecimal(Float.toString(f))) : AttributeValue.s(f.toString());
            case List<?> list -> {
                var values = new ArrayList<AttributeValue>();
                for (var element : list) {
                    var cell = toCell(element);
                    values.add(cell instanceof AttributeValue a ? a : cell == null ? AttributeValue.nul() : AttributeValue.s(cell.toString()));
                }
                yield AttributeValue.l(values);
            }
            case Map<?, ?> map -> {
                var values = new LinkedHashMap<String, AttributeValue>();
                map.forEach((k, v) -> {
                    var cell = toCell(v);
                    values.put(String.valueOf(k), cell instanceof AttributeValue a ? a : cell == null ? AttributeValue.nul() : AttributeValue.s(cell.toString()));
                });
                yield AttributeValue.m(values);
            }
            default -> AttributeValue.s(value.toString());
        };
    }

    /** A number as DynamoDB writes it, trailing zeros a fixed scale added (a cast, an average) taken off again. */
    private static Object number(BigDecimal value) {
        var normal = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        if (normal.scale() < 0 && normal.precision() - normal.scale() <= 40) {
            normal = normal.setScale(0);
        }
        try {
            return new AttributeValue.Num(DynamoNumber.of(normal));
        } catch (InvalidNumberException e) {
            return normal;
        }
    }

    /** The DynamoDB value of a SQL literal's Java value, for a key or a filter: null when it has none. */
    static AttributeValue literal(Object value) {
        return switch (value) {
            case String s -> AttributeValue.s(s);
            case BigDecimal d -> {
                try {
                    // a literal cast to the column's scale carries zeros DynamoDB would not keep
                    var normal = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
                    yield new AttributeValue.Num(DynamoNumber.of(normal.scale() < 0 && normal.precision() - normal.scale() <= 40
                            ? normal.setScale(0) : normal));
                } catch (InvalidNumberException e) {
                    yield null;
                }
            }
            case Boolean b -> AttributeValue.bool(b);
            case ByteString bytes -> new AttributeValue.Bin(Bytes.of(bytes.getBytes()));
            case null, default -> null;
        };
    }

    /** The DynamoDB type a column's values have, when it has one. */
    static AttributeType attributeType(SqlTypeName column) {
        return switch (column) {
            case VARCHAR, CHAR -> AttributeType.S;
            case DECIMAL -> AttributeType.N;
            case VARBINARY, BINARY -> AttributeType.B;
            case BOOLEAN -> AttributeType.BOOL;
            default -> null;
        };
    }
}
