package dev.dynalens.domain.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Malformed input costs only the line, row or element it is in, and is reported with its position. */
class TransferReadersTest {

    private static ReadEntry.Problem problem(ReadEntry entry) {
        assertThat(entry).isInstanceOf(ReadEntry.Problem.class);
        return (ReadEntry.Problem) entry;
    }

    private static ReadEntry.ItemAt item(ReadEntry entry) {
        assertThat(entry).as("%s", entry).isInstanceOf(ReadEntry.ItemAt.class);
        return (ReadEntry.ItemAt) entry;
    }

    @Test
    void jsonLines_badLinesAreReportedWithTheirLineNumber_andTheOthersAreRead() {
        var text = """
                {"Item": {"PK": {"S": "a"}, "n": {"N": "12345678901234567890123456789012345678"}}}
                {"Item": {"PK": {"S": "b"}
                {"Item": {"PK": {"S": "c"}, "n": {"N": "twelve"}}}

                {"PK": {"S": "d"}}
                {"Item": {"PK": {"S": "e"}, "Item": {"S": "x"}}}
                """;
        var entries = TransferText.readAll(TransferFormat.JSONL, text);

        assertThat(entries).hasSize(5);
        assertThat(item(entries.get(0)).line()).isEqualTo(1);
        assertThat(item(entries.get(0)).item().get("n")).contains(AttributeValue.n("12345678901234567890123456789012345678"));
        assertThat(problem(entries.get(1)).line()).isEqualTo(2);
        assertThat(problem(entries.get(1)).message()).startsWith("Not valid JSON");
        assertThat(problem(entries.get(2)).line()).isEqualTo(3);
        assertThat(problem(entries.get(2)).column()).isGreaterThan(30);
        assertThat(problem(entries.get(2)).message()).contains("twelve");
        assertThat(item(entries.get(3))).isEqualTo(new ReadEntry.ItemAt(new Item(Map.of("PK", AttributeValue.s("d"))), 5));
        assertThat(item(entries.get(4)).line()).isEqualTo(6);
        assertThat(item(entries.get(4)).item().attributes()).containsKeys("PK", "Item");
    }

    @Test
    void jsonLines_aBareItemWithOneAttributeNamedItem_isReadAsThatItem() {
        var entries = TransferText.readAll(TransferFormat.JSONL, "{\"Item\": {\"S\": \"x\"}}\n");

        assertThat(item(entries.getFirst()).item()).isEqualTo(new Item(Map.of("Item", AttributeValue.s("x"))));
    }

    @Test
    void plainJson_anInvalidElementIsReportedWithItsPosition_andTheRestIsRead() {
        var text = """
                [
                {"PK": "a", "n": 1.50},
                {"PK": "b", "tags": {"$SS": ["x", "x"]}, "deep": {"m": [1, 2]}},
                7,
                {"PK": "c", "bin": {"$B": "AAE="}}
                ]
                """;
        var entries = TransferText.readAll(TransferFormat.JSON, text);

        assertThat(entries).hasSize(4);
        assertThat(item(entries.get(0)).item().get("n")).contains(AttributeValue.n("1.50"));
        var duplicate = problem(entries.get(1));
        assertThat(duplicate.line()).isEqualTo(3);
        assertThat(duplicate.column()).isGreaterThan(1);
        assertThat(duplicate.fatal()).isFalse();
        assertThat(duplicate.message()).contains("Duplicate");
        assertThat(problem(entries.get(2)).position()).isEqualTo("line 4, column 1");
        assertThat(item(entries.get(3)).item().get("bin")).contains(AttributeValue.b(new byte[] {0, 1}));
        assertThat(item(entries.get(3)).line()).isEqualTo(5);
    }

    @Test
    void plainJson_aSyntaxErrorEndsTheReadingThere_withItsPosition() {
        var text = "[\n{\"PK\": \"a\"},\n{\"PK\": \"b\",,}\n,{\"PK\": \"c\"}]";
        var entries = TransferText.readAll(TransferFormat.JSON, text);

        assertThat(entries).hasSize(2);
        assertThat(item(entries.get(0)).item().get("PK")).contains(AttributeValue.s("a"));
        var fatal = problem(entries.get(1));
        assertThat(fatal.fatal()).isTrue();
        assertThat(fatal.line()).isEqualTo(3);
        assertThat(fatal.message()).contains("nothing after this point is read");
    }

    @Test
    void plainJson_notAnArray_isOneFatalProblem() {
        var entries = TransferText.readAll(TransferFormat.JSON, "{\"PK\": \"a\"}");

        assertThat(entries).singleElement().satisfies(e -> assertThat(problem(e).fatal()).isTrue());
    }

    @Test
    void csv_badRowsAreReportedWithTheirLine_evenAfterACellThatSpansLines() {
        var text = "PK:S,n:N,note:S,tags:SS\r\n"
                + "a,1.50,\"two\r\nlines, and \"\"quotes\"\"\",\"[\"\"x\"\"]\"\r\n"
                + "b,twelve,,\r\n"
                + "c,3\r\n"
                + "\r\n"
                + "d,,\"\",\r\n"
                + "e,4,,\"[\"\"x\"\",\"\"x\"\"]\"\r\n";
        var entries = TransferText.readAll(TransferFormat.CSV, text);

        assertThat(entries).hasSize(5);
        var first = item(entries.get(0));
        assertThat(first.line()).isEqualTo(2);
        assertThat(first.item().get("note")).contains(AttributeValue.s("two\r\nlines, and \"quotes\""));
        assertThat(first.item().get("n")).contains(AttributeValue.n("1.50"));
        assertThat(first.item().get("tags")).contains(AttributeValue.ss("x"));
        assertThat(problem(entries.get(1)).line()).isEqualTo(4);
        assertThat(problem(entries.get(1)).message()).contains("n:N").contains("twelve");
        assertThat(problem(entries.get(2)).line()).isEqualTo(5);
        assertThat(problem(entries.get(2)).message()).contains("2 cell(s)").contains("4 column(s)");
        var emptyString = item(entries.get(3));
        assertThat(emptyString.line()).isEqualTo(7);
        assertThat(emptyString.item().attributes()).containsOnlyKeys("PK", "note");
        assertThat(emptyString.item().get("note")).contains(AttributeValue.s(""));
        assertThat(problem(entries.get(4)).line()).isEqualTo(8);
        assertThat(problem(entries.get(4)).message()).contains("tags:SS").contains("Duplicate");
    }

    @Test
    void csv_anUnclosedQuoteIsFatal_andNamesTheLineItOpenedOn() {
        var entries = TransferText.readAll(TransferFormat.CSV, "PK:S,note:S\na,ok\nb,\"never closed\nc,x\n");

        assertThat(entries).hasSize(2);
        assertThat(item(entries.get(0)).line()).isEqualTo(2);
        assertThat(problem(entries.get(1)).fatal()).isTrue();
        assertThat(problem(entries.get(1)).message()).contains("opened on line 3");
    }

    @Test
    void csv_twoValuesForOneAttribute_isAProblem_butOneValueInEitherTypeColumnIsFine() {
        var entries = TransferText.readAll(TransferFormat.CSV, "PK:S,v:S,v:N\na,x,\nb,,2\nc,x,2\n");

        assertThat(item(entries.get(0)).item().get("v")).contains(AttributeValue.s("x"));
        assertThat(item(entries.get(1)).item().get("v")).contains(AttributeValue.n(2));
        assertThat(problem(entries.get(2)).message()).contains("v:S and v:N");
    }

    @Test
    void csv_aSpreadsheetHeaderWithoutTypes_readsStrings() {
        var entries = TransferText.readAll(TransferFormat.CSV, "\uFEFFname,time:12\nAda,noon\n");

        assertThat(item(entries.getFirst()).item()).isEqualTo(new Item(Map.of("name", AttributeValue.s("Ada"), "time:12", AttributeValue.s("noon"))));
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            price:N,     price,   N
            tags:SS,     tags,    SS
            a:S:N,       a:S,     N
            name,        name,    S
            time:12,     time:12, S
            :N,          :N,      S
            doc:M,       doc,     M
            """)
    void csvColumn_takesTheTypeAfterTheLastColon_whenItIsADynamoDbType(String header, String name, AttributeType type) {
        assertThat(CsvColumn.parse(header)).isEqualTo(new CsvColumn(name, type));
    }

    @ParameterizedTest
    @CsvSource(textBlock = """
            export.csv,     '{"Item": {}}',              CSV
            export.jsonl,   '{"Item": {"PK": {"S": "a"}}}', JSONL
            data.json,      '  [{"PK": "a"}]',           JSON
            model.json,     '{"ModelName": "m", "DataModel": []}', WORKBENCH
            rows.txt,       'PK:S,n:N',                  CSV
            bare.json,      '{"PK": {"S": "a"}}',        JSONL
            """)
    void formatDetection_readsTheContent_andTrustsACsvName(String fileName, String head, TransferFormat expected) {
        assertThat(FormatDetection.detect(fileName, head)).contains(expected);
    }

    @Test
    void formatDetection_ofAnEmptyFile_isEmpty() {
        assertThat(FormatDetection.detect("x.jsonl", "  \n")).isEmpty();
    }

    @Test
    void csvWriter_quotesEmptyStringsAndSpecialCharacters_andLeavesMissingAttributesEmpty() {
        var items = List.of(
                new Item(Map.of("PK", AttributeValue.s("a"), "note", AttributeValue.s(""))),
                new Item(Map.of("PK", AttributeValue.s(" b,\"c\""), "doc", AttributeValue.m(Map.of("x", AttributeValue.l(AttributeValue.n(1)))))));

        var text = TransferText.write(TransferFormat.CSV, items);

        assertThat(text).isEqualTo("PK:S,note:S,doc:M\r\na,\"\",\r\n\" b,\"\"c\"\"\",,\"{\"\"x\"\":{\"\"L\"\":[{\"\"N\"\":\"\"1\"\"}]}}\"\r\n");
    }
}
