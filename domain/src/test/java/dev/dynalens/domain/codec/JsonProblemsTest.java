package dev.dynalens.domain.codec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Issue 16: Jackson's internals ("enable `JsonReadFeature…`", "[Source: REDACTED…]") and raw control characters leaked into messages. */
class JsonProblemsTest {

    private static String messageFor(String json) {
        try {
            new ObjectMapper().readTree(json);
            throw new AssertionError("expected malformed JSON: " + json);
        } catch (JsonProcessingException e) {
            return JsonProblems.message(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"n": NaN}                  | Non-standard token 'NaN'
            {"a": // comment            | Unexpected character ('/' (code 47)): maybe a (non-standard) comment?
            """)
    void jacksonsAdviceAndSourceAreLeftOut(String json, String expected) {
        var message = messageFor(json);

        assertThat(message).startsWith(expected).doesNotContain("JsonReadFeature").doesNotContain("Feature")
                .doesNotContain("[Source").doesNotContain("REDACTED").doesNotContain("`");
    }

    @Test
    void aControlCharacterInAString_isNamedByItsCode_notEchoed() {
        var message = messageFor("{\"a\": \"x\u001b[31m\"}");

        assertThat(message).isEqualTo("a control character (code 27) must be written escaped, as \\u00..");
        assertThat(messageFor("{\"a\": \u001b}")).doesNotContain("\u001b").contains("a control character (code 27)");
    }

    @Test
    void printable_escapesWhatATerminalWouldObey_andKeepsLineBreaksAndTabs() {
        assertThat(JsonProblems.printable("red\u001b[31m\rover\u202eevil\u0085")).isEqualTo("red\\u001b[31m\\u000dover\\u202eevil\\u0085");
        assertThat(JsonProblems.printable("line one\n\tline two")).isEqualTo("line one\n\tline two");
    }
}
