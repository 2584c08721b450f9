package dev.dynalens.export;

import com.amazon.ion.IonException;
import com.amazon.ion.IonReader;
import com.amazon.ion.IonType;
import com.amazon.ion.system.IonReaderBuilder;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.InvalidNumberException;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An Amazon Ion data file's lines (DynamoDB Developer Guide, "DynamoDB table export output format"): each line an Ion
 * version marker and a struct, {@code {Item: {…}}} in a full export, the change's {@code Keys}, {@code NewImage},
 * {@code OldImage} and {@code Metadata} in an incremental one (also when wrapped in a {@code Record} struct). Strings,
 * booleans, decimals (numbers, exact: never a binary float), blobs, null, lists, structs; sets are lists annotated
 * {@code $dynamodb_SS}, {@code $dynamodb_NS} or {@code $dynamodb_BS}.
 */
final class IonRecords implements RecordDecoder {
    private static final IonReaderBuilder BUILDER = IonReaderBuilder.standard();
    private final boolean incremental;

    IonRecords(boolean incremental) {
        this.incremental = incremental;
    }

    @Override
    public ExportRecord decode(String line) {
        try (IonReader reader = BUILDER.build(line)) {
            if (reader.next() != IonType.STRUCT || reader.isNullValue()) {
                throw new LineException("expected an Ion struct", 1, 1);
            }
            reader.stepIn();
            var fields = readRecordFields(reader);
            reader.stepOut();
            if (reader.next() != null) {
                throw new LineException("more than one Ion value on the line", 1, 1);
            }
            if (!incremental) {
                var item = fields.get("Item");
                if (item == null) {
                    throw new LineException("a full export's line holds an Item", 1, 1);
                }
                return new ExportRecord.Full(item);
            }
            var keys = fields.get("Keys");
            if (keys == null) {
                throw new LineException("an incremental export's line holds the item's Keys", 1, 1);
            }
            return new ExportRecord.Change(keys.attributes(), fields.get("NewImage"));
        } catch (IonException e) {
            throw new LineException("not valid Ion: " + firstLine(e.getMessage()), 1, 1);
        } catch (IOException e) {
            throw new LineException(e.getMessage(), 1, 1);
        }
    }

    private Map<String, Item> readRecordFields(IonReader reader) {
        var fields = new LinkedHashMap<String, Item>();
        IonType type;
        while ((type = reader.next()) != null) {
            var name = reader.getFieldName();
            switch (name) {
                case "Item", "Keys", "NewImage" -> fields.put(name, new Item(struct(reader, type, name)));
                case "Record" -> {
                    if (type != IonType.STRUCT) {
                        throw new LineException("Record is not a struct", 1, 1);
                    }
                    reader.stepIn();
                    fields.putAll(readRecordFields(reader));
                    reader.stepOut();
                }
                case "OldImage", "Metadata" -> {
                }
                default -> throw new LineException("unexpected field " + name, 1, 1);
            }
        }
        return fields;
    }

    private static Map<String, AttributeValue> struct(IonReader reader, IonType type, String where) {
        if (type != IonType.STRUCT || reader.isNullValue()) {
            throw new LineException(where + " is not a struct", 1, 1);
        }
        var values = new LinkedHashMap<String, AttributeValue>();
        reader.stepIn();
        IonType member;
        while ((member = reader.next()) != null) {
            var name = reader.getFieldName();
            if (values.put(name, value(reader, member, where + "." + name)) != null) {
                throw new LineException(where + " has the attribute " + name + " twice", 1, 1);
            }
        }
        reader.stepOut();
        return values;
    }

    private static AttributeValue value(IonReader reader, IonType type, String where) {
        if (reader.isNullValue()) {
            return AttributeValue.nul();
        }
        var annotations = reader.getTypeAnnotations();
        if (annotations.length > 0 && type == IonType.LIST) {
            return set(reader, annotations[0], where);
        }
        return switch (type) {
            case STRING, SYMBOL -> AttributeValue.s(reader.stringValue());
            case BOOL -> AttributeValue.bool(reader.booleanValue());
            case DECIMAL -> number(reader.bigDecimalValue(), where);
            case INT -> number(new BigDecimal(reader.bigIntegerValue()), where);
            case BLOB, CLOB -> AttributeValue.b(reader.newBytes());
            case LIST, SEXP -> AttributeValue.l(elements(reader, where));
            case STRUCT -> AttributeValue.m(struct(reader, type, where));
            case FLOAT -> throw new LineException(where + " is an Ion float; DynamoDB writes numbers as decimals, and a float "
                    + "would not be exact", 1, 1);
            default -> throw new LineException(where + " is an Ion " + type.name().toLowerCase(java.util.Locale.ROOT)
                    + ", which no DynamoDB type maps to", 1, 1);
        };
    }

    /** The values of the list the reader is on, each read as a value of its own. */
    private static List<AttributeValue> elements(IonReader reader, String where) {
        var elements = new ArrayList<AttributeValue>();
        reader.stepIn();
        IonType element;
        int index = 0;
        while ((element = reader.next()) != null) {
            elements.add(value(reader, element, where + "[" + index++ + "]"));
        }
        reader.stepOut();
        return elements;
    }

    private static AttributeValue set(IonReader reader, String annotation, String where) {
        var elements = elements(reader, where);
        try {
            return switch (annotation) {
                case "$dynamodb_SS" -> AttributeValue.StringSet.of(strings(elements, where, AttributeValue.Str.class).stream()
                        .map(v -> ((AttributeValue.Str) v).value()).toList());
                case "$dynamodb_NS" -> AttributeValue.NumberSet.of(strings(elements, where, AttributeValue.Num.class).stream()
                        .map(v -> ((AttributeValue.Num) v).value()).toList());
                case "$dynamodb_BS" -> AttributeValue.BinarySet.of(strings(elements, where, AttributeValue.Bin.class).stream()
                        .map(v -> ((AttributeValue.Bin) v).value()).toList());
                default -> throw new LineException(where + " is a list annotated " + annotation + ", which is not a DynamoDB set",
                        1, 1);
            };
        } catch (IllegalArgumentException e) {
            throw new LineException(where + ": " + e.getMessage(), 1, 1);
        }
    }

    private static List<AttributeValue> strings(List<AttributeValue> elements, String where, Class<?> kind) {
        for (var element : elements) {
            if (!kind.isInstance(element)) {
                throw new LineException(where + " holds a value of another type than its set's", 1, 1);
            }
        }
        return elements;
    }

    private static AttributeValue number(BigDecimal value, String where) {
        try {
            // DynamoDB's own text for the number (Ion writes 600 as 6d2): what a JSON export of the same item says.
            return new AttributeValue.Num(DynamoNumber.parse(DynamoNumber.of(value).canonical()));
        } catch (InvalidNumberException e) {
            throw new LineException(where + ": " + e.getMessage(), 1, 1);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

}
