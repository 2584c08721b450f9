package dev.dynalens.domain.transfer;

import dev.dynalens.domain.codec.CodecException;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.AttributeValue.Bin;
import dev.dynalens.domain.item.AttributeValue.Bool;
import dev.dynalens.domain.item.AttributeValue.Null;
import dev.dynalens.domain.item.AttributeValue.Num;
import dev.dynalens.domain.item.AttributeValue.Str;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.InvalidNumberException;
import java.util.Locale;

/**
 * The text of one CSV cell for a value of the column's type:
 * <ul>
 *   <li>{@code S}: the string itself; {@code N}: the number's exact text; {@code B}: base64;
 *       {@code BOOL}: {@code true} or {@code false}; {@code NULL}: {@code null};</li>
 *   <li>{@code SS}, {@code NS}, {@code BS}: the JSON array DynamoDB JSON has for the set,
 *       {@code ["a","b"]}, {@code ["1","2.5"]}, {@code ["AAE="]};</li>
 *   <li>{@code L}: a JSON array of typed values, {@code [{"S":"a"},{"N":"1"}]}; {@code M}: a JSON object of
 *       names to typed values, {@code {"a":{"S":"x"}}}: what follows {@code "L":} or {@code "M":} in DynamoDB JSON.</li>
 * </ul>
 */
final class CsvCells {

    /** A cell that is not a value of its column's type; {@code offset} is the 1-based character in the cell, or 0. */
    static final class CellException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int offset;

        CellException(String message, int offset) {
            super(message);
            this.offset = offset;
        }

        int offset() {
            return offset;
        }
    }

    private CsvCells() {
    }

    static String encode(AttributeValue value) {
        if (value instanceof Str s) {
            return s.value();
        } else if (value instanceof Num n) {
            return n.value().text();
        } else if (value instanceof Bin b) {
            return b.value().toBase64();
        } else if (value instanceof Bool b) {
            return b.value() ? "true" : "false";
        } else if (value instanceof Null) {
            return "null";
        } else {
            // {"SS":[...]} → [...]: the type is in the header, the cell keeps the rest of DynamoDB JSON.
            var typed = DynamoJsonCodec.writeValue(value);
            return typed.substring(typed.indexOf(':') + 1, typed.length() - 1);
        }
    }

    /** Whether a value's cell can start like a formula: a string, or binary (base64 may start with {@code +}). */
    static boolean maySpellAFormula(AttributeValue value) {
        return value instanceof Str || value instanceof Bin;
    }

    static AttributeValue decode(String cell, AttributeType type) throws CellException {
        return switch (type) {
            case S -> new Str(cell);
            case N -> {
                try {
                    yield new Num(DynamoNumber.parse(cell));
                } catch (InvalidNumberException e) {
                    throw new CellException(e.getMessage(), 0);
                }
            }
            case B -> {
                try {
                    yield new Bin(Bytes.fromBase64(cell));
                } catch (IllegalArgumentException e) {
                    throw new CellException("Not valid base64: " + quote(cell), 0);
                }
            }
            case BOOL -> switch (cell.strip().toLowerCase(Locale.ROOT)) {
                case "true" -> AttributeValue.bool(true);
                case "false" -> AttributeValue.bool(false);
                default -> throw new CellException("A BOOL cell holds true or false, not " + quote(cell), 0);
            };
            case NULL -> switch (cell.strip().toLowerCase(Locale.ROOT)) {
                case "null", "true" -> AttributeValue.nul();
                default -> throw new CellException("A NULL cell holds null, not " + quote(cell), 0);
            };
            case L, M, SS, NS, BS -> json(cell, type);
        };
    }

    private static AttributeValue json(String cell, AttributeType type) throws CellException {
        var prefix = "{\"" + type.name() + "\":";
        try {
            return DynamoJsonCodec.readValue(prefix + cell + "}");
        } catch (CodecException e) {
            var shape = switch (type) {
                case L -> "a JSON array of typed values, like [{\"S\":\"a\"},{\"N\":\"1\"}]";
                case M -> "a JSON object of names to typed values, like {\"a\":{\"S\":\"x\"}}";
                case NS -> "a JSON array of numbers as strings, like [\"1\",\"2.5\"]";
                case BS -> "a JSON array of base64 strings, like [\"AAE=\"]";
                default -> "a JSON array of strings, like [\"a\",\"b\"]";
            };
            int offset = e.line() == 1 ? Math.max(1, Math.min(cell.length(), e.column() - prefix.length())) : 0;
            throw new CellException("A " + type.name() + " cell holds " + shape + ": " + e.problem(), offset);
        }
    }

    private static String quote(String text) {
        return "\"" + (text.length() <= 40 ? text : text.substring(0, 40) + "…") + "\"";
    }
}
