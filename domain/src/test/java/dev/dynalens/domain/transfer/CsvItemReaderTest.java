package dev.dynalens.domain.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import org.junit.jupiter.api.Test;

/** What the typed-CSV reader makes of input that only a library parser reads differently from the old hand-written one. */
class CsvItemReaderTest {

    @Test
    void aQuoteOpenedInTheFirstCellOfARow_andNeverClosed_namesTheLineItOpenedOn() {
        var entries = TransferText.readAll(TransferFormat.CSV, "PK:S,note:S\na,ok\n\"b,never closed\nc,x\n");

        assertThat(entries).hasSize(2);
        assertThat(((ReadEntry.ItemAt) entries.get(0)).line()).isEqualTo(2);
        var problem = (ReadEntry.Problem) entries.get(1);
        assertThat(problem.fatal()).isTrue();
        assertThat(problem.message()).contains("opened on line 3");
    }

    @Test
    void aQuoteThatOpensAfterACellSpanningLines_namesTheLineItOpenedOn() {
        var entries = TransferText.readAll(TransferFormat.CSV, "PK:S,a:S,b:S\nk,\"one\ntwo\",\"open\n\nstill open\n");

        var problem = (ReadEntry.Problem) entries.getLast();
        assertThat(problem.fatal()).isTrue();
        assertThat(problem.message()).contains("opened on line 3");
    }

    @Test
    void textAfterAClosingQuote_isAFatalProblem_withItsLineAndColumn_inWordsWithoutTheParsersInternals() {
        var entries = TransferText.readAll(TransferFormat.CSV, "PK:S,note:S\na,ok\nb,\"q\"r\nc,x\n");

        assertThat(entries).hasSize(2);
        var problem = (ReadEntry.Problem) entries.get(1);
        assertThat(problem.fatal()).isTrue();
        assertThat(problem.line()).isEqualTo(3);
        assertThat(problem.column()).isEqualTo(6);
        assertThat(problem.message()).contains("closing quote").doesNotContain("code 114").doesNotContain("Source");
    }

    @Test
    void aLoneCarriageReturnEndsARow_andAQuotedEmptyCellAloneIsAnEmptyString() {
        var entries = TransferText.readAll(TransferFormat.CSV, "PK:S\r\"\"\rb\r\rc");

        assertThat(entries).hasSize(3);
        assertThat(((ReadEntry.ItemAt) entries.get(0)).item().get("PK")).contains(AttributeValue.s(""));
        assertThat(((ReadEntry.ItemAt) entries.get(1)).line()).isEqualTo(3);
        assertThat(((ReadEntry.ItemAt) entries.get(2)).line()).isEqualTo(5);
    }
}
