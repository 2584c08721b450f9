package dev.dynalens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.testsupport.FakeDynamoSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `dynalens sql` on a workspace file: the --json shape, EXPLAIN, errors with line and column, the budget gate, PartiQL. */
class SqlCommandTest {
    /** Numbers read back as BigDecimal: Jackson's default would read a 38-digit number as a double. */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final String BIG = "12345678901234567890123456789012345678";

    static final String TRACKER = """
            {"Item":{"PK":{"S":"ORG#acme"},"SK":{"S":"PROJECT#p1"},"title":{"S":"Billing revamp"},"ownerId":{"S":"u1"},"budget":{"N":"%s"}}}
            {"Item":{"PK":{"S":"ORG#acme"},"SK":{"S":"PROJECT#p2"},"title":{"S":"Search"},"ownerId":{"S":"u2"},"budget":{"N":"1E-130"}}}
            {"Item":{"PK":{"S":"ORG#zeta"},"SK":{"S":"PROJECT#p3"},"title":{"S":"Mobile"},"ownerId":{"S":"u2"},"budget":{"N":"7"}}}
            {"Item":{"PK":{"S":"USER#u1"},"SK":{"S":"PROFILE"},"name":{"S":"Mara Vance"},"tags":{"SS":["lead","ops"]},"photo":{"B":"AP8="}}}
            {"Item":{"PK":{"S":"USER#u2"},"SK":{"S":"PROFILE"},"name":{"S":"Ines Roy"}}}
            """.formatted(BIG);

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path dir;

    private int run(String... args) {
        var context = new CliContext(FakeDynamoSession::new, RealCli.noSavedConnections(), RealCli.noProfiles(), Map.of(),
                new PrintWriter(out), new PrintWriter(err));
        return DynaLensCli.execute(context, args);
    }

    private Path file() throws IOException {
        var file = dir.resolve("tracker.jsonl");
        Files.writeString(file, TRACKER);
        return file;
    }

    private JsonNode json() throws IOException {
        return MAPPER.readTree(out.toString());
    }

    @Test
    void aJoin_printsColumnsRowsAndThePlan_asTheIssueShowsThem() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--json",
                "SELECT p.title, u.name FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE' "
                        + "WHERE p.PK = 'ORG#acme' ORDER BY p.title");

        assertThat(code).as(err.toString()).isZero();
        var json = json();
        assertThat(json.path("columns").toString()).isEqualTo("[\"title\",\"name\"]");
        assertThat(json.path("rows").toString()).isEqualTo("[[\"Billing revamp\",\"Mara Vance\"],[\"Search\",\"Ines Roy\"]]");
        var plan = json.path("plan");
        assertThat(plan.get(0).path("operation").asText()).isEqualTo("Query");
        assertThat(plan.get(0).path("table").asText()).isEqualTo("tracker");
        assertThat(plan.get(0).path("index").isNull()).isTrue();
        assertThat(plan.get(0).path("keyCondition").asText()).isEqualTo("#pk = :pk AND begins_with(#sk, :sk)");
        assertThat(plan.get(0).path("values").path(":pk").toString()).isEqualTo("{\"S\":\"ORG#acme\"}");
        assertThat(plan.get(0).path("estimatedRcu").isNumber()).isTrue();
        assertThat(plan.get(1).path("operation").asText()).isEqualTo("BatchGetItem");
        assertThat(json.path("requests").asLong()).isEqualTo(2);
        assertThat(json.path("path").asText()).isEqualTo("sql");
        assertThat(json.path("estimatedRcu").isNumber()).isTrue();
        assertThat(json.path("consumedRcu").isNumber()).isTrue();
        assertThat(json.path("entityTypes").path("source").asText()).isEqualTo("sample read");
    }

    @Test
    void aJoinsColumns_areNamedAsWritten_qualifiedWhereTwoWouldBeAlike() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--json",
                "SELECT p.SK, u.SK, COUNT(*) FROM PROJECT p JOIN \"USER\" u ON u.PK = 'USER#' || p.ownerId AND u.SK = 'PROFILE' "
                        + "GROUP BY p.SK, u.SK");

        assertThat(code).as(err.toString()).isZero();
        // before: ["SK","SK0","EXPR$2"]
        assertThat(json().path("columns").toString()).isEqualTo("[\"p.SK\",\"u.SK\",\"COUNT(*)\"]");
    }

    @Test
    void rowValues_arePlainJson_everyDigitKept_setsAsArrays_binaryAsBase64() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--json",
                "SELECT budget FROM PROJECT WHERE PK = 'ORG#acme' ORDER BY SK");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("[[" + BIG + "],[1E-130]]");

        out.getBuffer().setLength(0);
        run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--json",
                "SELECT tags, photo FROM \"USER\" WHERE PK = 'USER#u1' AND SK = 'PROFILE'");
        assertThat(json().path("rows").toString()).isEqualTo("[[[\"lead\",\"ops\"],\"AP8=\"]]");
        assertThat(json().path("plan").get(0).path("operation").asText()).isEqualTo("GetItem");
    }

    @Test
    void aSumAtTheExtremes_isExact() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--json", "SELECT SUM(budget) AS total FROM PROJECT");
        assertThat(code).as(err.toString()).isZero();
        assertThat(json().path("rows").get(0).get(0).decimalValue())
                .isEqualByComparingTo(new java.math.BigDecimal(BIG).add(new java.math.BigDecimal("1E-130")).add(java.math.BigDecimal.valueOf(7)));
        assertThat(out.toString()).contains("12345678901234567890123456789012345685.");
    }

    @Test
    void anAverageAndAQuotient_areExactTo38Digits() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--json",
                "SELECT AVG(budget) AS average, SUM(budget) / 5 AS fifth FROM PROJECT");

        assertThat(code).as(err.toString()).isZero();
        var row = json().path("rows").get(0);
        // (BIG + 1E-130 + 7) / 3 and / 5, each to 38 significant digits (before: AVG did not plan, / kept 16 digits)
        assertThat(row.get(0).decimalValue()).isEqualByComparingTo("4115226300411522630041152263004115228.3");
        assertThat(row.get(1).decimalValue()).isEqualByComparingTo("2469135780246913578024691357802469137");
    }

    @Test
    void aListPositionInAWhere_runs_withNoStackTrace() throws IOException {
        var file = dir.resolve("things.jsonl");
        Files.writeString(file, """
                {"Item":{"PK":{"S":"THING#1"},"SK":{"S":"THING"},"meta":{"M":{"l":{"L":[{"S":"a"},{"S":"b"}]}}}}}
                {"Item":{"PK":{"S":"THING#2"},"SK":{"S":"THING"},"meta":{"M":{"l":{"L":[{"S":"b"}]}}}}}
                """);

        var code = run("sql", "--file", file.toString(), "--key-schema", "PK,SK", "--json", "SELECT PK FROM THING WHERE meta.l[0] = 'a'");

        // before: java.lang.AssertionError: cannot convert DECIMAL literal to class java.lang.String, and 30 lines of stack
        assertThat(code).as(err.toString()).isZero();
        assertThat(json().path("rows").toString()).isEqualTo("[[\"THING#1\"]]");
        assertThat(json().path("plan").get(0).path("filter").asText()).startsWith("meta.l[0] = :v1");
    }

    @Test
    void aDivisionByZero_isASentence_withNoJavaClassName() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "SELECT budget / (budget - budget) FROM PROJECT");

        // before: "dynalens: Division by zero" and "  (java.lang.ArithmeticException)"
        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).isEqualTo("dynalens: Division by zero: a divisor is 0 in one of the rows" + System.lineSeparator());
    }

    @Test
    void explain_readsNothing_andSaysWhyAScanScans() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--explain", "--json",
                "SELECT title FROM PROJECT WHERE budget > 5");

        assertThat(code).as(err.toString()).isZero();
        var json = json();
        assertThat(json.has("rows")).isFalse();
        assertThat(json.path("plan").get(0).path("operation").asText()).isEqualTo("Scan");
        assertThat(json.path("plan").get(0).path("filter").asText()).contains("budget > :v1");
        assertThat(json.path("plan").get(0).path("note").asText()).contains("No = or IN on the partition key PK").contains("would let it Query");
    }

    @Test
    void explain_saysWhatIsCheckedOnTheDesktop_whenAFilterWouldPassDynamoDbsLimits() throws IOException {
        var titles = new java.util.ArrayList<String>();
        for (int i = 0; i < 2000; i++) {
            titles.add("'title " + i + "'");
        }
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--explain",
                "SELECT title FROM PROJECT WHERE title IN (" + String.join(", ", titles) + ")");

        assertThat(code).as(err.toString()).isZero();
        // before: "Scan tracker · filter (title = :v1 OR title = :v2 OR …" of 2,000 ORs
        assertThat(out.toString()).contains("Scan tracker · filter begins_with(PK, :v1) AND begins_with(SK, :v2) · projection title, PK, SK")
                .contains("Checked on the desktop, as a FilterExpression would pass DynamoDB's limits (4 KB, 300 operators or functions): "
                        + "title IN (\"title 0\", \"title 1\", \"title 2\", … 2,000 values).");
    }

    @Test
    void aSyntaxError_saysLineAndColumn_andExitsWithTwo() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "SELECT title\nFROM PROJECT WHERE");

        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("line 2, column 18");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void anUnknownEntityOrAttribute_isNamed() throws IOException {
        assertThat(run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "SELECT title FROM PROJEKT")).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("Object 'PROJEKT' not found");
        assertThat(run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "SELECT titel FROM PROJECT")).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("Column 'titel' not found").contains("line 1, column 8");
    }

    @Test
    void aPlanOverTheBudget_isRefused_untilMaxRcuCoversIt() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--max-rcu", "0.1", "SELECT COUNT(*) FROM tracker");
        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).contains("more than the limit of 0.1 RCU").contains("--max-rcu");

        err.getBuffer().setLength(0);
        assertThat(run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--max-rcu", "5", "SELECT COUNT(*) AS n FROM tracker"))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("n").contains("5");
    }

    @Test
    void aPartiqlSelect_onAWorkspace_runsThroughTheEngine_andSaysSo() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--partiql", "--json",
                "SELECT * FROM \"tracker\" WHERE PK = 'USER#u2'");

        assertThat(code).as(err.toString()).isZero();
        var json = json();
        assertThat(json.path("path").asText()).isEqualTo("sql");
        assertThat(json.path("note").asText()).contains("PartiQL ran through the SQL engine");
        assertThat(json.path("rows").toString()).contains("Ines Roy");
        assertThat(json.path("plan").get(0).path("operation").asText()).isEqualTo("Query");
    }

    @Test
    void aSqlWrite_isOneSentence_pointingToPartiql() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "DELETE FROM PROJECT WHERE PK = 'ORG#acme'");

        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        // before: "Cannot plan the statement: There are not enough rules…" and 80 lines of the planner's state
        assertThat(err.toString()).isEqualTo("dynalens: line 1, column 1: SQL mode reads; DELETE writes. To write, use PartiQL: "
                + "dynalens sql --partiql, or the PartiQL button of the SQL tab" + System.lineSeparator());
    }

    @Test
    void aComparisonAcrossTypes_isOneSentenceWithItsPlace() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "SELECT title FROM PROJECT WHERE budget > 'a'");

        // before: "dynalens: Character a is neither a decimal digit number, decimal point, nor "e" notation exponential mark."
        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).isEqualTo("dynalens: line 1, column 42: Cannot compare budget, a number, with 'a', a string: "
                + "DynamoDB compares values of one type only" + System.lineSeparator());
    }

    @Test
    void aDeeplyNestedStatement_isOneSentenceWithItsPlace() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK",
                "SELECT title FROM PROJECT WHERE " + "(".repeat(1000) + "title = 'x'" + ")".repeat(1000));

        // before: "dynalens: Syntax error", no place
        assertThat(code).isEqualTo(DynaLensCli.USAGE);
        assertThat(err.toString()).isEqualTo("dynalens: line 1, column 133: Parentheses nest more than 100 levels deep here; the workbench "
                + "plans statements nested up to 100" + System.lineSeparator());
    }

    @Test
    void aPartiqlWrite_onAWorkspace_isRefused() throws IOException {
        var code = run("sql", "--file", file().toString(), "--key-schema", "PK,SK", "--partiql",
                "UPDATE \"tracker\" SET title = 'x' WHERE PK = 'ORG#acme' AND SK = 'PROJECT#p1'");

        assertThat(code).isEqualTo(DynaLensCli.FAILED);
        assertThat(err.toString()).contains("read-only");
    }
}
