package dev.dynalens.domain.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.codec.Utf8Reader;
import dev.dynalens.domain.item.AttributeValue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: two keys that differ only in bytes that are not UTF-8 ({@code K\xff}, {@code K\xfe}) used to read as one
 * ({@code K\uFFFD}) and collapse into one item. Each transfer reader now reports such a line, row or item with the line
 * and column of the first bad byte and reads the rest.
 */
class MalformedUtf8ReadingTest {

    private static byte[] bytes(Object... parts) {
        var out = new ByteArrayOutputStream();
        for (var part : parts) {
            if (part instanceof String text) {
                out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
            } else {
                out.write((Integer) part);
            }
        }
        return out.toByteArray();
    }

    private static List<ReadEntry> readAll(ItemReader reader) throws IOException {
        try (reader) {
            var entries = new ArrayList<ReadEntry>();
            for (ReadEntry entry; (entry = reader.next()) != null; ) {
                entries.add(entry);
            }
            return entries;
        }
    }

    private static Utf8Reader utf8(byte[] bytes) {
        return new Utf8Reader(new ByteArrayInputStream(bytes));
    }

    private static final String NOT_UTF8_FF = "Not valid UTF-8: byte 0xFF is not a character here; the file must be UTF-8";
    private static final String NOT_UTF8_FE = "Not valid UTF-8: byte 0xFE is not a character here; the file must be UTF-8";

    @Test
    void jsonLines_eachBadLineIsAProblemWithItsColumn_andTheGoodLinesAreRead() throws IOException {
        var entries = readAll(new JsonLinesItemReader(utf8(bytes(
                "{\"Item\": {\"PK\": {\"S\": \"K", 0xff, "\"}}}\n",
                "{\"Item\": {\"PK\": {\"S\": \"K", 0xfe, "\"}}}\n",
                "{\"Item\": {\"PK\": {\"S\": \"Kö\"}}}\n"))));

        assertThat(entries).hasSize(3);
        assertThat(entries.get(0)).isEqualTo(new ReadEntry.Problem(1, 25, NOT_UTF8_FF, false));
        assertThat(entries.get(1)).isEqualTo(new ReadEntry.Problem(2, 25, NOT_UTF8_FE, false));
        assertThat(((ReadEntry.ItemAt) entries.get(2)).item().get("PK")).contains(AttributeValue.s("Kö"));
    }

    @Test
    void csv_aBadRowIsAProblem_evenInACellSpanningLines_andABadHeaderEndsTheReading() throws IOException {
        var entries = readAll(new CsvItemReader(utf8(bytes(
                "PK:S,note:S\r\n",
                "K", 0xff, ",a\r\n",
                "K2,\"two\r\nlines ", 0xfe, "\"\r\n",
                "K3,fine\r\n"))));

        assertThat(entries).hasSize(3);
        assertThat(entries.get(0)).isEqualTo(new ReadEntry.Problem(2, 2, NOT_UTF8_FF, false));
        assertThat(entries.get(1)).isEqualTo(new ReadEntry.Problem(4, 7, NOT_UTF8_FE, false));
        assertThat(entries.get(2)).isInstanceOfSatisfying(ReadEntry.ItemAt.class, at -> {
            assertThat(at.line()).isEqualTo(5);
            assertThat(at.item().get("PK")).contains(AttributeValue.s("K3"));
        });

        var badHeader = readAll(new CsvItemReader(utf8(bytes("PK:S,n", 0xff, ":S\r\nK1,x\r\n"))));
        assertThat(badHeader).singleElement().isEqualTo(new ReadEntry.Problem(1, 7, NOT_UTF8_FF + " (in the header: nothing after it is read)", true));
    }

    @Test
    void plainJson_aBadElementIsAProblem_andTheNextElementsAreRead_evenOnOneLine() throws IOException {
        var entries = readAll(new PlainJsonItemReader(utf8(bytes(
                "[{\"PK\": \"K", 0xff, "\"}, {\"PK\": \"K", 0xfe, "\"}, {\"PK\": \"K3\"}]"))));

        assertThat(entries).hasSize(3);
        assertThat(entries.get(0)).isEqualTo(new ReadEntry.Problem(1, 11, NOT_UTF8_FF, false));
        assertThat(entries.get(1)).isEqualTo(new ReadEntry.Problem(1, 25, NOT_UTF8_FE, false));
        assertThat(((ReadEntry.ItemAt) entries.get(2)).item().get("PK")).contains(AttributeValue.s("K3"));
    }

    @Test
    void plainJson_badBytesWhereJsonSyntaxBelongs_areNamedAsSuch_notAsAnUnexpectedCharacter() throws IOException {
        var entries = readAll(new PlainJsonItemReader(utf8(bytes("[\n{\"PK\": \"K1\"},\n", 0xff, "{\"PK\": \"K2\"}]"))));

        assertThat(entries).hasSize(2);
        assertThat(entries.get(1)).isEqualTo(new ReadEntry.Problem(3, 1, NOT_UTF8_FF + " (nothing after this point is read)", true));
    }
}
