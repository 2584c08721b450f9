package dev.dynalens.domain.transfer;

import static dev.dynalens.domain.ItemAssertions.assertIdentical;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.ItemArbitraries;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Issue 16: a CSV export wrote {@code =1+1} as it is, which a spreadsheet evaluates. The typed format stays lossless;
 * the spreadsheet-safe style guards such cells as OWASP's CSV-injection advice says, and its header says so, so that
 * import restores every value exactly.
 */
class SpreadsheetSafeCsvTest {

    private static String write(List<Item> items, CsvStyle style) throws IOException {
        var columns = new CsvColumns(TransferText.KEYS);
        items.forEach(columns::add);
        var out = new StringWriter();
        var writer = new CsvItemWriter(out, columns.columns(), style);
        for (var item : items) {
            writer.write(item);
        }
        writer.finish();
        return out.toString();
    }

    private static List<Item> read(String text) throws IOException {
        try (var reader = new CsvItemReader(new StringReader(text))) {
            var items = new ArrayList<Item>();
            for (ReadEntry entry; (entry = reader.next()) != null; ) {
                assertThat(entry).isInstanceOf(ReadEntry.ItemAt.class);
                items.add(((ReadEntry.ItemAt) entry).item());
            }
            return items;
        }
    }

    private static Item item(Object... pairs) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < pairs.length; i += 2) {
            attributes.put((String) pairs[i], (AttributeValue) pairs[i + 1]);
        }
        return new Item(attributes);
    }

    private static final Item FORMULAS = item("PK", AttributeValue.s("=1+1"), "SK", AttributeValue.s("+cmd|' /C calc'!A0"),
            "minus", AttributeValue.s("-2+3"), "at", AttributeValue.s("@SUM(A1:A9)"), "tab", AttributeValue.s("\tx"),
            "cr", AttributeValue.s("\r=x"), "apostrophe", AttributeValue.s("'kept"), "plain", AttributeValue.s("plain"),
            "n", AttributeValue.n("-5"), "bin", AttributeValue.b(new byte[] {(byte) 0xfb, (byte) 0xef}), "@ts", AttributeValue.s("2026"));

    @Test
    void theTypedFormat_keepsFormulaLikeCellsAsTheyAre() throws IOException {
        var text = write(List.of(FORMULAS), CsvStyle.TYPED);

        assertThat(text).startsWith("PK:S,SK:S,").contains("\r\n=1+1,+cmd|' /C calc'!A0,-2+3,@SUM(A1:A9),");
        assertIdentical(FORMULAS, TransferText.inOrderOf(FORMULAS, read(text).getFirst()));
    }

    @Test
    void theSpreadsheetSafeStyle_guardsEveryCellASpreadsheetWouldRun_andMarksTheHeader() throws IOException {
        var text = write(List.of(FORMULAS), CsvStyle.SPREADSHEET_SAFE);
        var lines = text.split("\r\n", -1);

        assertThat(lines[0]).isEqualTo("PK:S',SK:S',minus:S',at:S',tab:S',cr:S',apostrophe:S',plain:S',n:N',bin:B',\"'@ts:S'\"");
        assertThat(text).contains("\"'=1+1\",\"'+cmd|' /C calc'!A0\",\"'-2+3\",\"'@SUM(A1:A9)\",\"'\tx\",\"'\r=x\",\"''kept\",plain,-5,\"'++8=\",2026");
        assertThat(text).doesNotContainPattern("(^|,)[=+\\-@][^,]*[A-Za-z(]");
    }

    @Test
    void importingASpreadsheetSafeFile_restoresEveryValueExactly() throws IOException {
        var read = read(write(List.of(FORMULAS), CsvStyle.SPREADSHEET_SAFE));

        assertIdentical(FORMULAS, TransferText.inOrderOf(FORMULAS, read.getFirst()));
    }

    @Test
    void aCellThatLostItsGuard_asASpreadsheetSavesIt_isReadAsItIs() throws IOException {
        var text = "PK:S',note:S'\r\n'a,=1+1\r\n";

        assertThat(read(text)).containsExactly(item("PK", AttributeValue.s("a"), "note", AttributeValue.s("=1+1")));
    }

    @Provide
    Arbitrary<List<Item>> tables() {
        var formulaLike = Arbitraries.of("=", "+", "-", "@", "\t", "\r", "'", "''", "").flatMap(start ->
                Arbitraries.strings().ofMaxLength(12).map(rest -> start + rest));
        return Arbitraries.oneOf(ItemArbitraries.items(), formulaLike.list().ofMinSize(1).ofMaxSize(4).map(values -> {
            var attributes = new LinkedHashMap<String, AttributeValue>();
            for (int i = 0; i < values.size(); i++) {
                attributes.put((i % 2 == 0 ? "=" : "a") + i, AttributeValue.s(values.get(i)));
            }
            return new Item(attributes);
        })).list().ofMaxSize(6).map(TransferRoundTripPropertiesTest::keyed);
    }

    @Property(tries = 300)
    void theSpreadsheetSafeStyle_isLossless(@ForAll("tables") List<Item> items) throws IOException {
        var read = read(write(items, CsvStyle.SPREADSHEET_SAFE));

        assertThat(read).hasSameSizeAs(items);
        for (int i = 0; i < items.size(); i++) {
            assertIdentical(items.get(i), TransferText.inOrderOf(items.get(i), read.get(i)));
        }
    }
}
