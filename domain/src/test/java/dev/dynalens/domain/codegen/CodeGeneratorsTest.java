package dev.dynalens.domain.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.DynamoNumber;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The text of the snippets: layout, what is left out, order, escaping. Whether the snippets do what they say is tested
 * by running them against dynalite ({@link GeneratedCodeIT}, {@link GeneratedCodePropertiesIT}).
 */
class CodeGeneratorsTest {

    private static CodeRequest orderExample() {
        var names = new LinkedHashMap<String, String>();
        names.put("#status", "status");
        names.put("#total", "total");
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put(":shipped", AttributeValue.s("SHIPPED"));
        values.put(":total", AttributeValue.n("12345678901234567890123456789012345678"));
        values.put(":placed", AttributeValue.s("PLACED"));
        var key = new LinkedHashMap<String, AttributeValue>();
        key.put("PK", AttributeValue.s("ORDER#42"));
        key.put("SK", AttributeValue.s("ORDER"));
        return new CodeRequest("Orders", key, RenderedExpressions.update("SET #status = :shipped, #total = :total",
                "#status = :placed", names, values));
    }

    @Test
    void java_buildsAnUpdateItemRequestAndSendsItWithDynamoDb() {
        assertThat(CodeGenerators.generate(Language.JAVA, orderExample())).isEqualTo("""
                import java.util.Map;
                import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
                import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

                UpdateItemRequest request = UpdateItemRequest.builder()
                        .tableName("Orders")
                        .key(Map.of(
                            "PK", AttributeValue.fromS("ORDER#42"),
                            "SK", AttributeValue.fromS("ORDER")
                        ))
                        .updateExpression("SET #status = :shipped, #total = :total")
                        .conditionExpression("#status = :placed")
                        .expressionAttributeNames(Map.of(
                            "#status", "status",
                            "#total", "total"
                        ))
                        .expressionAttributeValues(Map.of(
                            ":shipped", AttributeValue.fromS("SHIPPED"),
                            ":total", AttributeValue.fromN("12345678901234567890123456789012345678"),
                            ":placed", AttributeValue.fromS("PLACED")
                        ))
                        .build();
                // Throws ConditionalCheckFailedException when the condition does not hold.
                dynamoDb.updateItem(request);
                """);
    }

    @Test
    void javaScript_sendsAnUpdateCommandWithNumberValues() {
        assertThat(CodeGenerators.generate(Language.JAVASCRIPT, orderExample())).isEqualTo("""
                import { NumberValue, UpdateCommand } from "@aws-sdk/lib-dynamodb";

                // Rejects with ConditionalCheckFailedException when the condition does not hold.
                await docClient.send(new UpdateCommand({
                  TableName: "Orders",
                  Key: {
                    "PK": "ORDER#42",
                    "SK": "ORDER",
                  },
                  UpdateExpression: "SET #status = :shipped, #total = :total",
                  ConditionExpression: "#status = :placed",
                  ExpressionAttributeNames: {
                    "#status": "status",
                    "#total": "total",
                  },
                  ExpressionAttributeValues: {
                    ":shipped": "SHIPPED",
                    ":total": NumberValue.from("12345678901234567890123456789012345678"),
                    ":placed": "PLACED",
                  },
                }));
                """);
    }

    @Test
    void python_callsTableUpdateItemWithDecimals() {
        assertThat(CodeGenerators.generate(Language.PYTHON, orderExample())).isEqualTo("""
                from decimal import Decimal

                table = dynamodb.Table("Orders")
                # Raises ConditionalCheckFailedException (a botocore ClientError) when the condition does not hold.
                table.update_item(
                    Key={
                        "PK": "ORDER#42",
                        "SK": "ORDER",
                    },
                    UpdateExpression="SET #status = :shipped, #total = :total",
                    ConditionExpression="#status = :placed",
                    ExpressionAttributeNames={
                        "#status": "status",
                        "#total": "total",
                    },
                    ExpressionAttributeValues={
                        ":shipped": "SHIPPED",
                        ":total": Decimal("12345678901234567890123456789012345678"),
                        ":placed": "PLACED",
                    },
                )
                """);
    }

    @Test
    void cli_quotesEveryArgumentForBash() {
        assertThat(CodeGenerators.generate(Language.CLI, orderExample())).isEqualTo("""
                # Fails with ConditionalCheckFailedException (exit status 254) when the condition does not hold.
                aws dynamodb update-item \\
                    --table-name 'Orders' \\
                    --key '{"PK": {"S": "ORDER#42"}, "SK": {"S": "ORDER"}}' \\
                    --update-expression 'SET #status = :shipped, #total = :total' \\
                    --condition-expression '#status = :placed' \\
                    --expression-attribute-names '{"#status": "status", "#total": "total"}' \\
                    --expression-attribute-values '{":shipped": {"S": "SHIPPED"}, ":total": {"N": "12345678901234567890123456789012345678"}, ":placed": {"S": "PLACED"}}'
                """);
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void emptyNamesAndValues_areLeftOut(Language language) {
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")),
                RenderedExpressions.update("REMOVE obsolete", null, Map.of(), Map.of()));

        var snippet = CodeGenerators.generate(language, request).toLowerCase(java.util.Locale.ROOT).replace("_", "").replace("-", "");

        assertThat(snippet).contains("remove obsolete").doesNotContain("expressionattributenames")
                .doesNotContain("expressionattributevalues").doesNotContain("conditionexpression")
                .doesNotContain("conditionalcheckfailed");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void withoutAnUpdateExpression_theSnippetIsAConditionCheck(Language language) {
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")),
                RenderedExpressions.update(null, "attribute_exists(PK)", Map.of(), Map.of()));

        var snippet = CodeGenerators.generate(language, request).toLowerCase(java.util.Locale.ROOT).replace("_", "").replace("-", "");

        assertThat(snippet).contains("conditionexpression").contains("attributeexists(pk)").doesNotContain("updateexpression");
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void namesAndValues_keepTheOrderTheExpressionIntroducedThem(Language language) {
        var names = new LinkedHashMap<String, String>();
        names.put("#z", "zeta");
        names.put("#a", "alpha");
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put(":z", AttributeValue.s("last letter"));
        values.put(":a", AttributeValue.s("first letter"));
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")),
                RenderedExpressions.update("SET #z = :z, #a = :a", null, names, values));

        var snippet = CodeGenerators.generate(language, request);

        assertThat(snippet.indexOf("zeta")).isLessThan(snippet.indexOf("alpha"));
        assertThat(snippet.indexOf("last letter")).isLessThan(snippet.indexOf("first letter"));
    }

    @ParameterizedTest
    @EnumSource(Language.class)
    void anUnpairedSurrogate_isRefusedWithWhereItIs(Language language) {
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")),
                RenderedExpressions.update("SET x = :v", null, Map.of(), Map.of(":v", AttributeValue.s("ok\uD800"))));

        assertThatThrownBy(() -> CodeGenerators.generate(language, request))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unpaired surrogate (U+D800) at index 2");
    }

    @Test
    void javaScript_refusesAMapKeyItsSdkWouldDrop_otherLanguagesWriteIt() {
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")), RenderedExpressions.update(
                "SET doc = :v", null, Map.of(), Map.of(":v", AttributeValue.m(Map.of("__proto__", AttributeValue.n(1))))));

        assertThatThrownBy(() -> CodeGenerators.generate(Language.JAVASCRIPT, request))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("__proto__").hasMessageContaining("cannot be written in JavaScript");
        assertThat(CodeGenerators.generate(Language.PYTHON, request)).contains("\"__proto__\": Decimal(\"1\")");
    }

    @Test
    void javaScript_writesAMapWithAConstructorKeyAsAMap() {
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")), RenderedExpressions.update(
                "SET doc = :v", null, Map.of(), Map.of(":v", AttributeValue.m(Map.of("constructor", AttributeValue.bool(true))))));

        assertThat(CodeGenerators.generate(Language.JAVASCRIPT, request)).contains("\":v\": new Map([[\"constructor\", true]])");
    }

    @Test
    void java_usesMapOfEntriesBeyondTenPairs() {
        var values = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < 11; i++) {
            values.put(":v" + i, AttributeValue.n(i));
        }
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")),
                RenderedExpressions.update("SET a = :v0", null, Map.of(), values));

        assertThat(CodeGenerators.generate(Language.JAVA, request))
                .contains(".expressionAttributeValues(Map.ofEntries(\n            Map.entry(\":v0\", AttributeValue.fromN(\"0\")),");
    }

    @Test
    void cli_asksForBase64BinaryOnlyWhenThereIsBinary() {
        var withBinary = new CodeRequest("Orders", Map.of("PK", AttributeValue.b(new byte[] {0, -1})),
                RenderedExpressions.update("REMOVE x", null, Map.of(), Map.of()));
        var withoutBinary = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")),
                RenderedExpressions.update("REMOVE x", null, Map.of(), Map.of()));

        assertThat(CodeGenerators.generate(Language.CLI, withBinary))
                .contains("--key '{\"PK\": {\"B\": \"AP8=\"}}'").contains("--cli-binary-format base64");
        assertThat(CodeGenerators.generate(Language.CLI, withoutBinary)).doesNotContain("--cli-binary-format");
    }

    @Test
    void cli_refusesANulCharacterOutsideTheJson() {
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A\u0000")),
                RenderedExpressions.update("REMOVE #a\u0000", null, Map.of(), Map.of()));

        assertThatThrownBy(() -> CodeGenerators.generate(Language.CLI, request))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("The update expression contains a NUL character");
    }

    @Test
    void java_splitsATextTooLongForOneConstantIntoJoinedLiterals() {
        var text = "x".repeat(JavaSnippet.CHUNK - 1) + "😀" + "y".repeat(JavaSnippet.CHUNK);

        var literal = JavaSnippet.string(text, "x");

        // The emoji's surrogate pair is not split: the first literal ends before it.
        assertThat(literal).isEqualTo("String.join(\"\", \"" + "x".repeat(JavaSnippet.CHUNK - 1) + "\", \"😀"
                + "y".repeat(JavaSnippet.CHUNK - 2) + "\", \"yy\")");
    }

    @Test
    void cli_refusesAnArgumentLinuxWouldRefuse() {
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")), RenderedExpressions.update(
                "SET a = :v", null, Map.of(), Map.of(":v", AttributeValue.s("é".repeat(70_000)))));

        assertThatThrownBy(() -> CodeGenerators.generate(Language.CLI, request))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("The --expression-attribute-values argument would be 420017 bytes long; Linux refuses");
        assertThat(CodeGenerators.generate(Language.PYTHON, request)).contains("é".repeat(70_000));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            it's "q"          | "it's \\"q\\""
            back\\slash       | "back\\\\slash"
            é 日本 😀          | "é 日本 😀"
            """)
    void printableText_staysReadable_quotesAndBackslashesEscaped(String text, String literal) {
        assertThat(JavaSnippet.string(text, "x")).isEqualTo(literal);
        assertThat(JavaScriptSnippet.string(text, "x")).isEqualTo(literal);
        assertThat(PythonSnippet.string(text, "x")).isEqualTo(literal);
    }

    @ParameterizedTest(name = "U+{0}")
    @CsvSource(delimiter = '|', textBlock = """
            0000 | "\\000"     | "\\x00"     | "\\x00"       | "\\u0000"
            000a | "\\n"       | "\\n"       | "\\n"         | "\\n"
            001f | "\\037"     | "\\x1f"     | "\\x1f"       | "\\u001f"
            007f | "\\177"     | "\\x7f"     | "\\x7f"       | "\\u007f"
            00a0 | "\\u00a0"   | "\\u00a0"   | "\\u00a0"     | "\\u00a0"
            00e9 | "é"         | "é"         | "é"           | "\\u00e9"
            200d | "\\u200d"   | "\\u200d"   | "\\u200d"     | "\\u200d"
            2028 | "\\u2028"   | "\\u2028"   | "\\u2028"     | "\\u2028"
            feff | "\\ufeff"   | "\\ufeff"   | "\\ufeff"     | "\\ufeff"
            e000 | "\\ue000"   | "\\ue000"   | "\\ue000"     | "\\ue000"
            1f600 | "😀"       | "😀"        | "😀"          | "\\ud83d\\ude00"
            e0001 | "\\udb40\\udc01" | "\\udb40\\udc01" | "\\U000e0001" | "\\udb40\\udc01"
            """)
    void invisibleCharacters_areEscapedTheWayEachLanguageReadsThem(String hex, String java, String javaScript, String python,
                                                                   String json) {
        var text = Character.toString(Integer.parseInt(hex, 16));

        assertThat(JavaSnippet.string(text, "x")).isEqualTo(java);
        assertThat(JavaScriptSnippet.string(text, "x")).isEqualTo(javaScript);
        assertThat(PythonSnippet.string(text, "x")).isEqualTo(python);
        assertThat(CliSnippet.jsonString(text, "x")).isEqualTo(json);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            it's                  | 'it'\\''s'
            $HOME `x` \\ !        | '$HOME `x` \\ !'
            ''                    | ''\\'''\\'''
            """)
    void shellQuoting_keepsEverythingLiteral(String text, String quoted) {
        assertThat(CliSnippet.shellQuote(text, "x")).isEqualTo(quoted);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            1.50                                          | 1.50
            -0                                            | -0
            1e2                                           | 1e2
            00012                                         | 00012
            +5                                            | 5
            +0.000                                        | 0
            1E-130                                        | 1E-130
            12345678901234567890123456789012345678        | 12345678901234567890123456789012345678
            1000000000000000000000000000000000000000000000 | 1E+45
            123456789012345678901234567890123456780       | 1.2345678901234567890123456789012345678E+38
            +1.2345678901234567890123456789012345678E-120 | 1.2345678901234567890123456789012345678E-120
            +0.00000000000000000000000000000000000000000001 | 1E-44
            """)
    void numberText_keepsTheTypedTextWhereEverySdkTakesIt(String typed, String written) {
        assertThat(NumberText.of(DynamoNumber.parse(typed))).isEqualTo(written);
    }

    @ParameterizedTest
    @CsvSource({"java,JAVA", "JS,JAVASCRIPT", "Python,PYTHON", " cli ,CLI"})
    void language_isNamedByItsOptionValue(String option, Language language) {
        assertThat(Language.fromOptionValue(option)).isEqualTo(language);
    }

    @Test
    void anUnknownLanguage_namesTheAcceptedOnes() {
        assertThatThrownBy(() -> Language.fromOptionValue("ruby"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Unknown language 'ruby': use one of java, js, python, cli");
    }

    @Test
    void aRequestWithoutKey_isRefused() {
        assertThatThrownBy(() -> new CodeRequest("Orders", Map.of(), RenderedExpressions.update("REMOVE a", null, Map.of(), Map.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("primary key");
        assertThatThrownBy(() -> new CodeRequest(" ", Map.of("PK", AttributeValue.s("A")),
                RenderedExpressions.update("REMOVE a", null, Map.of(), Map.of())))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("table name");
    }

    @Test
    void expressionsUpdateItemDoesNotTake_areRefused() {
        var withFilter = new RenderedExpressions(null, "SET a = :v", null, "b = :v", null, Map.of(),
                Map.of(":v", AttributeValue.n(1)));

        assertThatThrownBy(() -> new CodeRequest("Orders", Map.of("PK", AttributeValue.s("A")), withFilter))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Code is generated for UpdateItem only, which takes no filter expression: b = :v");
    }

    @Test
    void aMissingTool_failsTheTestSayingWhatToInstall() {
        assertThatThrownBy(() -> ExternalProcess.requireExecutable(java.nio.file.Path.of("/nonexistent/aws"),
                "Install Debian's awscli (.ci/run does)."))
                .isInstanceOf(AssertionError.class)
                .hasMessage("/nonexistent/aws is missing: the generated-code tests run their snippets with it. "
                        + "Install Debian's awscli (.ci/run does).");
    }

    @Test
    void python_writesBytesLiteralsByteForByte() {
        var request = new CodeRequest("Orders", Map.of("PK", AttributeValue.b(new byte[] {'a', '"', '\\', 0, (byte) 0x80, (byte) 0xff})),
                RenderedExpressions.update("REMOVE x", null, Map.of(), Map.of()));

        assertThat(CodeGenerators.generate(Language.PYTHON, request)).contains("\"PK\": b\"a\\\"\\\\\\x00\\x80\\xff\",");
    }
}
