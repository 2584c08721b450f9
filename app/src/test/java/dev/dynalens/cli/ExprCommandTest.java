package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `dynalens expr`: offline validation, rendering and evaluation, no connection involved. */
class ExprCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    private static JsonNode json(RealCli.Run run) throws IOException {
        return MAPPER.readTree(run.out());
    }

    @Test
    void validUpdateWithCondition_isRenderedAndAppliedToTheItem() throws IOException {
        var item = Files.writeString(dir.resolve("item.json"), """
                {"pk": {"S": "USER#1"}, "status": {"S": "new"}, "visits": {"N": "41"}, "tags": {"SS": ["a", "b"]}}""");

        var run = RealCli.run("expr", "--update", "SET #s = :s ADD visits :one DELETE tags :a",
                "--condition", "attribute_exists(pk) AND visits < :max",
                "--names", "{\"#s\": \"status\"}",
                "--values", "{\":s\": {\"S\": \"open\"}, \":one\": {\"N\": \"1\"}, \":a\": {\"SS\": [\"a\"]}, \":max\": {\"N\": \"100\"}}",
                "--item", item.toString(), "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        var out = json(run);
        assertThat(out.get("valid").asBoolean()).isTrue();
        assertThat(out.get("errors")).isEmpty();
        assertThat(out.at("/expression/UpdateExpression").asText()).isEqualTo("SET #status = :v1 ADD visits :v2 DELETE tags :v3");
        assertThat(out.at("/expression/ConditionExpression").asText()).isEqualTo("attribute_exists(pk) AND visits < :v4");
        assertThat(out.at("/expression/ExpressionAttributeNames")).isEqualTo(MAPPER.readTree("{\"#status\": \"status\"}"));
        assertThat(out.at("/expression/ExpressionAttributeValues/:v2")).isEqualTo(MAPPER.readTree("{\"N\": \"1\"}"));
        assertThat(out.at("/evaluation/conditionPassed").asBoolean()).isTrue();
        assertThat(out.at("/evaluation/result")).isEqualTo(MAPPER.readTree("""
                {"pk": {"S": "USER#1"}, "status": {"S": "open"}, "visits": {"N": "42"}, "tags": {"SS": ["b"]}}"""));
        assertThat(out.at("/evaluation/error").isNull()).isTrue();
        assertThat(out.get("code").isNull()).isTrue();
    }

    @Test
    void anItemThatIsNotUtf8_isAUsageErrorWithItsPosition_andAByteOrderMarkIsSkipped() throws IOException {
        var latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\"pk\": {\"S\": \"K\u00ff\"}}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        var bom = Files.writeString(dir.resolve("bom.json"), "\uFEFF{\"pk\": {\"S\": \"K\"}}");

        var bad = RealCli.run("expr", "--condition", "attribute_exists(pk)", "--item", latin1.toString());
        var good = RealCli.run("expr", "--condition", "attribute_exists(pk)", "--item", bom.toString(), "--json");

        assertThat(bad.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(bad.err()).contains("--item " + latin1 + " (DynamoDB JSON): Not valid UTF-8: byte 0xFF is not a character here")
                .contains("at line 1, column 16");
        assertThat(good.exitCode()).as(good.err()).isZero();
        assertThat(json(good).at("/evaluation/conditionPassed").asBoolean()).isTrue();
    }

    @Test
    void elevenHundredNestedParentheses_areAnErrorWithItsPosition_notAStackTrace() throws IOException {
        var run = RealCli.run("expr", "--condition", "(".repeat(1_100) + "a = :s" + ")".repeat(1_100),
                "--values", "{\":s\": {\"S\": \"x\"}}", "--json");

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(run.err()).doesNotContain("StackOverflowError").doesNotContain("\tat ");
        var out = json(run);
        assertThat(out.at("/errors/0/kind").asText()).isEqualTo("NESTING_TOO_DEEP");
        assertThat(out.at("/errors/0/position").asInt()).isEqualTo(301);
    }

    @Test
    void invalidExpression_reportsEachProblemWithItsPosition_andExitsTwo() throws IOException {
        var run = RealCli.run("expr", "--update", "SET status = :s", "--condition", "a = :s AND",
                "--values", "{\":s\": {\"S\": \"x\"}}", "--json");

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.USAGE);
        var out = json(run);
        assertThat(out.get("valid").asBoolean()).isFalse();
        assertThat(out.get("errors")).hasSize(2);
        assertThat(out.at("/errors/0/kind").asText()).isEqualTo("RESERVED_WORD");
        assertThat(out.at("/errors/0/position").asInt()).isEqualTo(4);
        assertThat(out.at("/errors/0/expression").asText()).isEqualTo("UpdateExpression");
        assertThat(out.at("/errors/1/kind").asText()).isEqualTo("SYNTAX");
        assertThat(out.at("/errors/1/position").asInt()).isEqualTo(10);
        assertThat(out.at("/expression/UpdateExpression").asText()).isEqualTo("SET status = :s");
        assertThat(out.get("evaluation").isNull()).isTrue();
    }

    @Test
    void failingUpdate_isAnEvaluationError_notAFailure() throws IOException {
        var item = Files.writeString(dir.resolve("item.json"), "{\"pk\": {\"S\": \"1\"}, \"name\": {\"S\": \"Ann\"}}");

        var run = RealCli.run("expr", "--update", "SET amount = amount + :one", "--values", "{\":one\": {\"N\": \"1\"}}",
                "--item", item.toString(), "--json");

        assertThat(run.exitCode()).isZero();
        var out = json(run);
        assertThat(out.at("/evaluation/conditionPassed").asBoolean()).isTrue();
        assertThat(out.at("/evaluation/result").isNull()).isTrue();
        assertThat(out.at("/evaluation/error/kind").asText()).isEqualTo("MISSING_ATTRIBUTE");
    }

    @Test
    void failedCondition_leavesNoResult() throws IOException {
        var item = Files.writeString(dir.resolve("item.json"), "{\"pk\": {\"S\": \"1\"}}");

        var run = RealCli.run("expr", "--condition", "attribute_exists(price)", "--update", "REMOVE price", "--item", item.toString(), "--json");

        var out = json(run);
        assertThat(out.at("/evaluation/conditionPassed").asBoolean()).isFalse();
        assertThat(out.at("/evaluation/result").isNull()).isTrue();
    }

    @Test
    void textOutput_pointsAtTheProblem() {
        var run = RealCli.run("expr", "--condition", "price < :max AND", "--values", "{\":max\": {\"N\": \"1\"}}");

        assertThat(run.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(run.out()).contains("ConditionExpression at 16: Syntax error")
                .contains("  price < :max AND\n  " + " ".repeat(16) + "^");
    }

    @Test
    void badInput_isAUsageErrorWithAClearMessage() {
        assertThat(RealCli.run("expr").err()).contains("expr needs at least one of --condition");
        assertThat(RealCli.run("expr", "--condition", "a = :v", "--values", "{\":v\": {\"Q\": \"1\"}}").err()).contains("--values");
        assertThat(RealCli.run("expr", "--condition", "a = :v", "--names", "[1]").err()).contains("--names must be a JSON object");
        assertThat(RealCli.run("expr", "--condition", "a = :v", "--lang", "cobol").exitCode()).isEqualTo(DynaLensCli.USAGE);
        var missing = RealCli.run("expr", "--condition", "a = :v", "--item", dir.resolve("nope.json").toString());
        assertThat(missing.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(missing.err()).contains("--item: cannot read");
    }

    @Test
    void lang_printsTheGeneratedUpdateItem_forTheTableAndKeyGiven() throws Exception {
        var run = RealCli.run("expr", "--update", "SET #n = :v", "--condition", "attribute_exists(PK)", "--names", "{\"#n\": \"name\"}",
                "--values", "{\":v\": {\"N\": \"12345678901234567890123456789012345678\"}}", "--lang", "cli", "--table", "Users",
                "--key", "{\"PK\": {\"S\": \"USER#1\"}}", "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        var code = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out()).path("code").asText();
        assertThat(code).contains("aws dynamodb update-item").contains("--table-name 'Users'").contains("USER#1")
                .contains("12345678901234567890123456789012345678").contains("--update-expression").contains("attribute_exists(PK)");

        var withoutKey = RealCli.run("expr", "--update", "SET a = :v", "--values", "{\":v\": {\"N\": \"1\"}}", "--lang", "java");
        assertThat(withoutKey.exitCode()).isEqualTo(DynaLensCli.USAGE);
        assertThat(withoutKey.err()).contains("--table NAME").contains("--key JSON");
    }
}
