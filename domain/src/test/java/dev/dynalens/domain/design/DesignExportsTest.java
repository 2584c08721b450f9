package dev.dynalens.domain.design;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.workspace.WorkspaceOptions;
import dev.dynalens.domain.workspace.WorkspaceReader;
import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class DesignExportsTest {
    private static final TableDesign DESIGN = Designer.design(PatternsReader.read(PatternsReaderTest.EXAMPLE));

    private static String workbench() throws Exception {
        var out = new StringWriter();
        DesignExports.workbenchModel(DESIGN, out, LocalDateTime.of(2026, 12, 1, 9, 30));
        return out.toString();
    }

    @Test
    void theWorkbenchModel_hasAFacetPerEntityWithItsKeyTemplates_theSamples_andTheAccessPatterns() throws Exception {
        var json = new ObjectMapper().readTree(workbench());

        assertThat(json.path("ModelMetadata").path("Version").asText()).isEqualTo("3.0");
        var table = json.path("DataModel").get(0);
        assertThat(table.path("TableName").asText()).isEqualTo("Design");
        var facets = table.path("TableFacets");
        assertThat(facets.get(1).path("FacetName").asText()).isEqualTo("Order");
        assertThat(facets.get(1).path("KeyAttributeAlias").path("PartitionKeyAlias").asText()).isEqualTo("CUSTOMER#{customerId}");
        assertThat(facets.get(1).path("KeyAttributeAlias").path("SortKeyAlias").asText()).isEqualTo("ORDER#{createdAt}#{orderId}");
        assertThat(table.path("GlobalSecondaryIndexes").get(0).path("IndexName").asText()).isEqualTo("GSI1");
        var patterns = table.path("AccessPatterns");
        assertThat(patterns).hasSize(5);
        var byStatus = patterns.get(3);
        assertThat(byStatus.path("AccessPatternName").asText()).isEqualTo("ordersByStatusBetween");
        assertThat(byStatus.path("Type").asText()).isEqualTo("Query");
        assertThat(byStatus.path("IndexName").asText()).isEqualTo("GSI1");
        assertThat(byStatus.path("KeyConditionExpression").asText()).isEqualTo("GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to");
        assertThat(byStatus.path("ExpressionAttributeValues").path(":to").asText()).isEqualTo("{createdAt:to}#~");
        assertThat(patterns.get(0).path("Type").asText()).isEqualTo("GetItem");
    }

    @Test
    void theWorkbenchModel_opensAsAWorkspace_withEverySampleItem_underItsEntitysFacet() throws Exception {
        var bytes = workbench().getBytes(StandardCharsets.UTF_8);

        var workspace = WorkspaceReader.read("design.json", () -> new ByteArrayInputStream(bytes), WorkspaceOptions.NONE);

        assertThat(workspace.report().errorCount()).isZero();
        var table = workspace.tables().getFirst();
        assertThat(table.items()).containsExactlyElementsOf(DESIGN.sampleItems());
        assertThat(table.globalSecondaryIndexes()).extracting(i -> i.name()).containsExactly("GSI1");
        for (int i = 0; i < DESIGN.samples().size(); i++) {
            assertThat(table.facetOf(i).orElseThrow().name()).isEqualTo(DESIGN.samples().get(i).entity());
        }
    }

    @Test
    void theOneTableSchema_hasTheIndexes_aModelPerEntityWithValueTemplates_andThePatternsAsQueries() throws Exception {
        var out = new StringWriter();
        DesignExports.oneTableSchema(DESIGN, out);
        var json = new ObjectMapper().readTree(out.toString());

        assertThat(json.path("format").asText()).isEqualTo("onetable:1.1.0");
        assertThat(json.path("indexes").path("primary").path("hash").asText()).isEqualTo("PK");
        assertThat(json.path("indexes").path("GSI1").path("sort").asText()).isEqualTo("GSI1SK");
        assertThat(json.path("indexes").path("GSI1").path("project").asText()).isEqualTo("all");
        var order = json.path("models").path("Order");
        assertThat(order.path("SK").path("value").asText()).isEqualTo("ORDER#${createdAt}#${orderId}");
        assertThat(order.path("GSI1PK").path("value").asText()).isEqualTo("STATUS#${status}");
        assertThat(order.path("total").path("type").asText()).isEqualTo("number");
        assertThat(order.path("orderId").path("required").asBoolean()).isTrue();
        var byStatus = json.path("queries").path("ordersByStatusBetween");
        assertThat(byStatus.path("index").asText()).isEqualTo("GSI1");
        assertThat(byStatus.path("operation").asText()).isEqualTo("Between");
        assertThat(byStatus.path("sortUpper").asText()).isEqualTo("${createdAt_to}#~");
        assertThat(json.path("queries").path("getCustomer").path("operation").asText()).isEqualTo("Equal");
    }
}
