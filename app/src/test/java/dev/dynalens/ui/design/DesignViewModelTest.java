package dev.dynalens.ui.design;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.codegen.Language;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.ReadOperation;
import dev.dynalens.usecase.DesignTable;
import dev.dynalens.usecase.ExportDesign;
import dev.dynalens.usecase.ProveDesign;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DesignViewModelTest {
    @TempDir
    Path dir;

    private final PatternsEditorModel editor = new PatternsEditorModel(new DesignTable());
    private final DesignViewModel model = new DesignViewModel(editor, new ExportDesign(Runnable::run, Clock.systemUTC()), Runnable::run);

    private void example() throws Exception {
        editor.textProperty().set(Files.readString(Path.of("samples/patterns/shop-orders.yaml")));
    }

    @Test
    void theKeyChart_hasAColumnPerKeyAttribute_andARowPerEntity() throws Exception {
        example();

        assertThat(model.keyColumns()).containsExactly("PK", "SK", "GSI1PK", "GSI1SK");
        assertThat(model.keyChart()).extracting(DesignViewModel.KeyChartRow::entity).containsExactly("Customer", "Order");
        assertThat(model.keyChart().get(1).keys()).containsEntry("SK", "ORDER#{createdAt}#{orderId}").containsEntry("GSI1PK", "STATUS#{status}");
        assertThat(model.keyChart().get(1).wcuPerPut()).isEqualTo("2 WCU");
        assertThat(model.requests()).extracting(DesignViewModel.RequestRow::request)
                .containsExactly("GetItem", "Query on GSI1", "Query", "Query on GSI1", "Query");
        assertThat(model.warnings()).hasSize(1);
    }

    @Test
    void theSelectedPattern_opensAsCodeInTheChosenLanguage_andAsAStatement() throws Exception {
        example();

        model.selectedProperty().set(model.requests().get(3));
        assertThat(model.codeProperty().get()).contains("QueryRequest.builder()").contains(".indexName(\"GSI1\")")
                .contains("AttributeValue.fromS(\"STATUS#");
        model.languageProperty().set(Language.CLI);
        assertThat(model.codeProperty().get()).startsWith("aws dynamodb query");
        assertThat(model.sqlStatement()).hasValueSatisfying(sql -> assertThat(sql)
                .startsWith("SELECT * FROM \"ShopOrders\".\"GSI1\" WHERE \"GSI1PK\" = 'STATUS#").contains(" BETWEEN "));
    }

    @Test
    void aProof_marksEachRequest_andAChangedDesignForgetsIt() throws Exception {
        example();
        var proofs = model.requests().stream().map(r -> new ProveDesign.PatternProof(r.name(), ReadOperation.QUERY, null,
                List.of(), 2, ConsumedCapacity.NOT_REPORTED, r.name().equals("customerByEmail") ? "expected 1 item, got 0" : null)).toList();

        model.applyProof(new ProveDesign.DesignProof("T", ProveDesign.IN_MEMORY, proofs, null, true));

        assertThat(model.requests().get(0).statusProperty().get()).isEqualTo("passed · 2 item(s)");
        assertThat(model.requests().get(1).statusProperty().get()).isEqualTo("failed: expected 1 item, got 0");
        model.clearProofs();
        assertThat(model.requests()).allSatisfy(r -> assertThat(r.statusProperty().get()).isEqualTo("not proved"));
    }

    @Test
    void export_writesTheFile_andSaysWhere() throws Exception {
        example();
        var file = dir.resolve("model.json");

        model.export(ExportDesign.Format.WORKBENCH_MODEL, file).join();

        assertThat(file).exists();
        assertThat(model.statusProperty().get()).isEqualTo("Wrote " + file);
        assertThat(model.writeSamples(dir.resolve("samples.json")).join()).isEqualTo("ShopOrders");
    }

    @Test
    void withoutADesign_everythingIsEmpty_andExportSaysWhy() {
        editor.textProperty().set("entities: {}\n");

        assertThat(model.designProperty().get()).isNull();
        assertThat(model.keyChart()).isEmpty();
        model.export(ExportDesign.Format.ONETABLE_SCHEMA, dir.resolve("x.json")).join();
        assertThat(model.statusProperty().get()).isEqualTo("Nothing to export: the patterns do not design yet");
    }
}
