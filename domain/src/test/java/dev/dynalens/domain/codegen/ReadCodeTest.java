package dev.dynalens.domain.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadCodeTest {
    private static final ReadCodeRequest QUERY;

    static {
        var values = new LinkedHashMap<String, AttributeValue>();
        values.put(":k0", AttributeValue.s("STATUS#OPEN"));
        values.put(":k1", AttributeValue.n("98765432109876543210.5"));
        var names = new LinkedHashMap<String, String>();
        names.put("#k0", "GSI1PK");
        names.put("#k1", "GSI1SK");
        QUERY = ReadCodeRequest.query("Shop", "GSI1", "#k0 = :k0 AND #k1 >= :k1", names, values, false, 10);
    }

    @Test
    void aQuery_inJava_namesTheIndex_theOrder_andTheLimit() {
        assertThat(CodeGenerators.generate(Language.JAVA, QUERY)).isEqualTo("""
                import java.util.Map;
                import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
                import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

                QueryRequest request = QueryRequest.builder()
                        .tableName("Shop")
                        .indexName("GSI1")
                        .keyConditionExpression("#k0 = :k0 AND #k1 >= :k1")
                        .expressionAttributeNames(Map.of(
                            "#k0", "GSI1PK",
                            "#k1", "GSI1SK"
                        ))
                        .expressionAttributeValues(Map.of(
                            ":k0", AttributeValue.fromS("STATUS#OPEN"),
                            ":k1", AttributeValue.fromN("98765432109876543210.5")
                        ))
                        .scanIndexForward(false)
                        .limit(10)
                        .build();
                // One page; follow lastEvaluatedKey() (or use dynamoDb.queryPaginator) for the rest.
                var items = dynamoDb.query(request).items();
                """);
    }

    @Test
    void aQuery_inJavaScriptPythonAndTheCli_keepsTheNumberExact() {
        assertThat(CodeGenerators.generate(Language.JAVASCRIPT, QUERY)).startsWith("import { NumberValue, QueryCommand } from \"@aws-sdk/lib-dynamodb\";")
                .contains("NumberValue.from(\"98765432109876543210.5\")").contains("ScanIndexForward: false").contains("Limit: 10")
                .contains("IndexName: \"GSI1\"");
        assertThat(CodeGenerators.generate(Language.PYTHON, QUERY)).startsWith("from decimal import Decimal")
                .contains("Decimal(\"98765432109876543210.5\")").contains("ScanIndexForward=False").contains("items = table.query(");
        assertThat(CodeGenerators.generate(Language.CLI, QUERY)).startsWith("aws dynamodb query \\\n    --table-name 'Shop'")
                .contains("--index-name 'GSI1'").contains("{\":k0\": {\"S\": \"STATUS#OPEN\"}, \":k1\": {\"N\": \"98765432109876543210.5\"}}")
                .contains("--no-scan-index-forward").contains("--max-items 10");
    }

    @Test
    void aGetItem_readsOneKey_inEveryLanguage() {
        var get = ReadCodeRequest.getItem("Shop", Map.of("PK", AttributeValue.s("CUSTOMER#c1")));

        assertThat(CodeGenerators.generate(Language.JAVA, get)).contains("GetItemRequest request = GetItemRequest.builder()")
                .contains(".key(Map.of(\"PK\", AttributeValue.fromS(\"CUSTOMER#c1\")))").endsWith("var item = dynamoDb.getItem(request).item();\n");
        assertThat(CodeGenerators.generate(Language.JAVASCRIPT, get)).contains("const { Item } = await docClient.send(new GetCommand(");
        assertThat(CodeGenerators.generate(Language.PYTHON, get)).contains("item = table.get_item(").endsWith(".get(\"Item\")\n");
        assertThat(CodeGenerators.generate(Language.CLI, get)).isEqualTo("aws dynamodb get-item \\\n    --table-name 'Shop' \\\n"
                + "    --key '{\"PK\": {\"S\": \"CUSTOMER#c1\"}}'\n");
    }
}
