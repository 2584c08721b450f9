package dev.dynalens.domain.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Issue 16: UTF-8 read strictly, every malformed sequence located by line and column instead of silently replaced. */
class Utf8ReaderTest {

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

    private static Utf8Reader reader(byte[] bytes) {
        return new Utf8Reader(new ByteArrayInputStream(bytes));
    }

    @Test
    void readLine_locatesEachLinesFirstMalformedByte_andReadsTheRestAsUtf8() throws IOException {
        var in = reader(bytes("{\"PK\": \"K", 0xff, "\"}\n", "{\"PK\": \"é", 0xfe, "\"}\r\n", "ok\n"));

        assertThat(in.readLine()).isEqualTo("{\"PK\": \"K\uFFFD\"}");
        assertThat(in.lineMalformed()).isEqualTo(new Utf8Reader.Malformed(1, 10, "0xFF"));
        assertThat(in.readLine()).isEqualTo("{\"PK\": \"é\uFFFD\"}");
        assertThat(in.lineMalformed()).isEqualTo(new Utf8Reader.Malformed(2, 10, "0xFE"));
        assertThat(in.readLine()).isEqualTo("ok");
        assertThat(in.lineMalformed()).isNull();
        assertThat(in.readLine()).isNull();
    }

    @Test
    void aReplacementCharacterWrittenAsSuch_isText_notAProblem() throws IOException {
        var in = reader(bytes("a\uFFFDb"));
        assertThat(in.readLine()).isEqualTo("a\uFFFDb");
        assertThat(in.lineMalformed()).isNull();
    }

    @Test
    void theMessage_namesTheBytes() {
        assertThat(new Utf8Reader.Malformed(3, 7, "0xFF").toString())
                .isEqualTo("Not valid UTF-8: byte 0xFF is not a character here; the file must be UTF-8 (line 3, column 7)");
        assertThat(new Utf8Reader.Malformed(1, 1, "0xED 0xA0").message())
                .isEqualTo("Not valid UTF-8: bytes 0xED 0xA0 are not a character here; the file must be UTF-8");
    }

    @Test
    void anEncodedSurrogateOrAnOverlongForm_isMalformed_asJavasOwnDecoderSays() throws IOException {
        var in = reader(bytes("x", 0xed, 0xa0, 0x80, "\n", 0xc0, 0x80, "\n"));
        in.readLine();
        assertThat(in.lineMalformed()).extracting(Utf8Reader.Malformed::line, Utf8Reader.Malformed::column).containsExactly(1L, 2);
        in.readLine();
        assertThat(in.lineMalformed()).extracting(Utf8Reader.Malformed::line, Utf8Reader.Malformed::column).containsExactly(2L, 1);
    }

    @Test
    void asAReader_theTextIsUnchanged_andMalformedSequencesAreTakenByPosition() throws IOException {
        var in = reader(bytes("a,b\r\n", "c", 0xff, ",d\r\n", "e,", 0xfe, 0xfe, "\n"));
        var text = new StringBuilder();
        for (int c; (c = in.read()) != -1; ) {
            text.append((char) c);
        }
        assertThat(text.toString()).isEqualTo("a,b\r\nc\uFFFD,d\r\ne,\uFFFD\uFFFD\n");
        assertThat(in.takeMalformedUpTo(1, Integer.MAX_VALUE)).isEmpty();
        assertThat(in.takeMalformedUpTo(2, 1)).isEmpty();
        assertThat(in.takeMalformedUpTo(2, 2)).contains(new Utf8Reader.Malformed(2, 2, "0xFF"));
        // Line 3 has two; the first is taken and the second, in the same row, forgotten with it.
        assertThat(in.takeMalformedUpTo(3, Integer.MAX_VALUE)).contains(new Utf8Reader.Malformed(3, 3, "0xFE"));
        assertThat(in.pendingMalformed()).isEmpty();
    }

    @Test
    void aReaderHandsOutAtMostTheRestOfOneLine_soACallerNeverRunsAheadOfWhatItChecked() throws IOException {
        var in = reader(bytes("first line\nsecond", 0xff, "\n"));
        var buffer = new char[1000];
        assertThat(in.read(buffer, 0, buffer.length)).isEqualTo("first line\n".length());
        assertThat(in.pendingMalformed()).isEmpty();
        assertThat(in.read(buffer, 0, buffer.length)).isEqualTo("second\uFFFD\n".length());
        assertThat(in.pendingMalformed()).contains(new Utf8Reader.Malformed(2, 7, "0xFF"));
    }

    @Test
    void aLineLongerThanTheBuffer_andALoneCarriageReturnAtABufferEdge_areReadWhole() throws IOException {
        var longLine = "x".repeat((1 << 16) - 1);
        var in = reader(bytes(longLine, "\r", "\n", "y".repeat(200_000), 0xff, "\r", "z"));
        assertThat(in.readLine()).isEqualTo(longLine);
        assertThat(in.readLine()).hasSize(200_001);
        assertThat(in.lineMalformed()).isEqualTo(new Utf8Reader.Malformed(2, 200_001, "0xFF"));
        assertThat(in.readLine()).isEqualTo("z");
        assertThat(in.line()).isEqualTo(3);
        assertThat(in.readLine()).isNull();
    }

    @Test
    void decode_skipsAByteOrderMark_andRefusesWhatIsNotUtf8WithItsPosition() {
        assertThat(Utf8Reader.decode(bytes("\uFEFF{\"a\": 1}"))).isEqualTo("{\"a\": 1}");
        assertThatThrownBy(() -> Utf8Reader.decode(bytes("{\n  \"PK\": {\"S\": \"K", 0xff, "\"}\n}")))
                .isInstanceOf(CodecException.class)
                .hasMessage("Not valid UTF-8: byte 0xFF is not a character here; the file must be UTF-8 at line 2, column 17");
    }

    @Property(tries = 300)
    void validText_readsAsBufferedReaderReadsIt(@ForAll("text") String text) throws IOException {
        var expected = new ArrayList<String>();
        try (var lines = new BufferedReader(new StringReader(text))) {
            for (String line; (line = lines.readLine()) != null; ) {
                expected.add(line);
            }
        }
        var actual = new ArrayList<String>();
        try (var in = reader(text.getBytes(StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                assertThat(in.lineMalformed()).isNull();
                actual.add(line);
            }
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Property(tries = 500)
    void anyBytes_areReportedMalformedExactlyWhenAStrictDecoderRefusesTheLine(@ForAll("bytes") byte[] input) throws IOException {
        var lines = splitLines(input);
        try (var in = reader(input)) {
            for (var line : lines) {
                assertThat(in.readLine()).isNotNull();
                assertThat(in.lineMalformed() != null).as("line %s", in.line()).isEqualTo(!strictlyValid(line));
            }
            assertThat(in.readLine()).isNull();
        }
    }

    private static boolean strictlyValid(byte[] line) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(line));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /** Lines as BufferedReader splits them (\n, \r\n, a lone \r), without their ends. */
    private static List<byte[]> splitLines(byte[] input) {
        var lines = new ArrayList<byte[]>();
        int start = 0;
        for (int i = 0; i < input.length; i++) {
            if (input[i] == '\n' || input[i] == '\r') {
                lines.add(java.util.Arrays.copyOfRange(input, start, i));
                if (input[i] == '\r' && i + 1 < input.length && input[i + 1] == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < input.length) {
            lines.add(java.util.Arrays.copyOfRange(input, start, input.length));
        }
        return lines;
    }

    @Provide
    Arbitrary<String> text() {
        return Arbitraries.strings().withCharRange('\u0000', '\uD7FF').withChars('\n', '\r', 'é', '€', '\uFFFD').ofMaxLength(300)
                .injectDuplicates(0.1);
    }

    @Provide
    Arbitrary<byte[]> bytes() {
        var interesting = Arbitraries.of((byte) 'a', (byte) '\n', (byte) '\r', (byte) 0xff, (byte) 0xc3, (byte) 0xa9, (byte) 0xe2,
                (byte) 0x82, (byte) 0xac, (byte) 0xed, (byte) 0xa0, (byte) 0x80, (byte) 0xf0, (byte) 0x9f);
        return Arbitraries.oneOf(interesting, Arbitraries.bytes()).array(byte[].class).ofMaxSize(200);
    }
}
