package dev.dynalens.domain.codegen;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReader;
import dev.dynalens.service.DynamoSession;
import dev.dynalens.testsupport.DynamoEndpointExtension;
import dev.dynalens.testsupport.TestEndpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real data: the items of the seven AWS NoSQL Workbench example models (MIT-0, domain/src/test/resources/models), each rebuilt
 * by a snippet. The test creates each model's table with its key schema, puts an item holding only the key, and the
 * snippet sets every other attribute through {@code #name}/{@code :value} placeholders; the stored item must then equal
 * the model's item. Items of only a key get an UpdateItem without an update expression, which must leave them as they
 * are.
 */
@ExtendWith(DynamoEndpointExtension.class)
class GeneratedCodeWorkbenchModelsIT {
    private static final String MODELS = "/models/aws-dynamodb-examples/";
    private static final List<String> FILES = List.of("ChatSystemSchema.json", "ComplaintManagementSchema.json",
            "ConnectedVehiclesSchema.json", "GamePlayerProfilesSchema.json", "RecurringPaymentsSchema.json",
            "SessionManagementSchema.json", "SocialNetworkSchema.json");
    /** The CLI starts a process per snippet (about a second): it rebuilds the first items of each table only. */
    private static final int CLI_ITEMS_PER_TABLE = 2;

    @ParameterizedTest
    @EnumSource(Language.class)
    void snippets_rebuildEveryItemOfTheExampleModels(Language language, TestEndpoint endpoint, DynamoSession session)
            throws Exception {
        var placed = new ArrayList<SnippetChecks.Placed>();
        for (var file : FILES) {
            var workspace = WorkspaceReader.read(file, () -> getClass().getResourceAsStream(MODELS + file), WorkspaceOptions.NONE);
            for (var table : workspace.tables()) {
                var tableName = endpoint.uniqueTableName(language.optionValue() + "-" + table.name());
                SnippetChecks.createTable(session, tableName, table.keySchema());
                var items = language == Language.CLI
                        ? table.items().subList(0, Math.min(CLI_ITEMS_PER_TABLE, table.size()))
                        : table.items();
                for (var item : items) {
                    placed.add(new SnippetChecks.Placed(tableName, rebuild(file + " " + table.name(), item,
                            table.keySchema().partitionKeyName(), table.keySchema().sortKeyName())));
                }
            }
        }

        SnippetChecks.runAndVerify(language, session, endpoint.endpoint(), placed);
    }

    private static SnippetCase rebuild(String label, Item item, String partitionKey, String sortKey) {
        var key = item.key(partitionKey, sortKey);
        var builder = SnippetCase.on(label, new Item(new LinkedHashMap<String, AttributeValue>(key)), key);
        item.attributes().forEach((name, value) -> {
            if (!key.containsKey(name)) {
                builder.set(name, value);
            }
        });
        return builder.build();
    }
}
