package dev.dynalens.ui.expressions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.builder.ConditionOperator;
import dev.dynalens.domain.builder.Connector;
import dev.dynalens.domain.item.AttributeChange;
import dev.dynalens.domain.builder.UpdateAction;
import dev.dynalens.domain.builder.ValueType;
import dev.dynalens.domain.codegen.Language;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.domain.expression.ExpressionError;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.Mode;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.Outcome;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.RunStatus;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ExpressionBuilderViewModelTest {
    private static final String TABLE = "Orders";

    private static ConnectionProfile profile(boolean readOnly, ConnectionTag tag) {
        return new ConnectionProfile("id", "conn", new CredentialsSource.LocalPlaceholder(), "us-east-1",
                URI.create("http://127.0.0.1:1"), readOnly, tag);
    }

    private final FakeDynamoSession session = new FakeDynamoSession(profile(false, ConnectionTag.LOCAL));
    private final ExpressionBuilderViewModel model = builder(session);

    private static ExpressionBuilderViewModel builder(FakeDynamoSession session) {
        var model = new ExpressionBuilderViewModel(session, TABLE, Runnable::run);
        model.keySchemaProperty().set(KeySchema.of("PK", "SK"));
        return model;
    }

    private static Item order(String pk, String status, String total) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s(pk));
        attributes.put("SK", AttributeValue.s("ORDER"));
        attributes.put("status", AttributeValue.s(status));
        attributes.put("total", AttributeValue.n(total));
        return new Item(attributes);
    }

    /** SET status = "shipped", total = total + 0.10 IF status = "open". */
    private void buildShipUpdate() {
        model.addUpdateRow();
        var set = model.updateRows().get(0);
        set.pathProperty().set("status");
        set.valueProperty().set("shipped");
        model.addUpdateRow();
        var add = model.updateRows().get(1);
        add.actionProperty().set(UpdateAction.SET_PLUS);
        add.pathProperty().set("total");
        add.typeProperty().set(ValueType.N);
        add.valueProperty().set("0.10");
        model.addConditionRow();
        var condition = model.conditionRows().get(0);
        condition.pathProperty().set("status");
        condition.valueProperty().set("open");
    }

    @Test
    void visualRows_renderTheTextAndMapsThroughTheDomainRenderer() {
        buildShipUpdate();

        assertThat(model.updateTextProperty().get()).matches("SET #status = :\\w+, #total = #total \\+ :\\w+");
        assertThat(model.conditionTextProperty().get()).matches("#status = :\\w+");
        var rendered = model.renderedProperty().get();
        assertThat(rendered.names()).containsExactly(Map.entry("#status", "status"), Map.entry("#total", "total"));
        assertThat(rendered.values().values()).containsExactly(AttributeValue.s("shipped"), AttributeValue.n("0.10"), AttributeValue.s("open"));
        assertThat(model.namesTextProperty().get()).contains("\"#status\" : \"status\"");
        assertThat(model.copyText(ExpressionBuilderViewModel.Copy.VALUES)).contains("\"N\": \"0.10\"");
        assertThat(model.problemProperty().get()).isEmpty();
    }

    @Test
    void aBadRow_saysWhichRowAndClearsTheResult_withoutLosingTheRows() {
        buildShipUpdate();
        model.updateRows().get(1).valueProperty().set("ten");

        assertThat(model.problemProperty().get()).startsWith("Update row 2:");
        assertThat(model.renderedProperty().get()).isNull();
        assertThat(model.updateRows()).hasSize(2);
        assertThat(model.canRunBinding().get()).isFalse();
    }

    @Test
    void textThatFits_rebuildsTheRows() {
        assertThat(model.switchTo(Mode.TEXT)).isTrue();
        model.namesTextProperty().set("{\"#s\": \"status\"}");
        model.valuesTextProperty().set("{\":new\": {\"S\": \"shipped\"}, \":old\": {\"S\": \"open\"}, \":lo\": {\"N\": \"1\"}, \":hi\": {\"N\": \"5\"}}");
        model.conditionTextProperty().set("#s = :old OR NOT size(orderLines) BETWEEN :lo AND :hi");
        model.updateTextProperty().set("SET #s = :new REMOVE draft");

        assertThat(model.problemProperty().get()).isEmpty();
        assertThat(model.fitMessageProperty().get()).isEmpty();
        assertThat(model.connectorProperty().get()).isEqualTo(Connector.OR);
        assertThat(model.conditionRows()).extracting(ConditionRowModel::snapshot).satisfiesExactly(
                first -> assertThat(first.path()).isEqualTo("status"),
                second -> {
                    assertThat(second.not()).isTrue();
                    assertThat(second.size()).isTrue();
                    assertThat(second.operator()).isEqualTo(ConditionOperator.BETWEEN);
                    assertThat(second.value()).isEqualTo("1");
                    assertThat(second.upper()).isEqualTo("5");
                });
        assertThat(model.updateRows()).extracting(r -> r.snapshot().action()).containsExactly(UpdateAction.SET, UpdateAction.REMOVE);
        // the text the person typed stays as typed
        assertThat(model.updateTextProperty().get()).isEqualTo("SET #s = :new REMOVE draft");
        assertThat(model.switchTo(Mode.VISUAL)).isTrue();
        assertThat(model.updateTextProperty().get()).matches("SET #status = :\\w+ REMOVE draft");   // re-rendered from the rows
    }

    @Test
    void textThatDoesNotFit_keepsTextModeAuthoritativeAndSaysWhy() {
        model.switchTo(Mode.TEXT);
        model.valuesTextProperty().set("{\":a\": {\"N\": \"1\"}, \":b\": {\"N\": \"2\"}}");
        model.conditionTextProperty().set("a = :a AND (b = :b OR c = :a)");
        model.updateTextProperty().set("SET x = :b");

        assertThat(model.renderedProperty().get()).isNotNull();
        assertThat(model.fitMessageProperty().get()).contains("nested group");
        assertThat(model.switchTo(Mode.VISUAL)).isFalse();
        assertThat(model.modeProperty().get()).isEqualTo(Mode.TEXT);
    }

    @Test
    void aSyntaxError_isReportedWithItsPositionForTheUnderline() {
        model.switchTo(Mode.TEXT);
        model.valuesTextProperty().set("{\":v\": {\"N\": \"1\"}}");
        model.updateTextProperty().set("SET a = = :v");

        var error = model.updateErrorProperty().get();
        assertThat(error).isNotNull();
        assertThat(error.field()).isEqualTo(ExpressionError.Field.UPDATE);
        assertThat(error.position()).isEqualTo(8);
        assertThat(model.problemProperty().get()).contains("UpdateExpression at 8");
        assertThat(model.renderedProperty().get()).isNull();
    }

    @Test
    void badValuesJson_isReportedWithItsLineAndColumn() {
        model.switchTo(Mode.TEXT);
        model.valuesTextProperty().set("{\":v\": {\"N\": 1}}");
        assertThat(model.problemProperty().get()).startsWith("ExpressionAttributeValues:").contains("line 1");
    }

    @Test
    void updatingAKeyAttribute_isRefusedAsDynamoDbDoes() {
        model.addUpdateRow();
        model.updateRows().get(0).pathProperty().set("PK");
        model.updateRows().get(0).valueProperty().set("x");
        assertThat(model.problemProperty().get()).contains("This attribute is part of the key");
    }

    @Test
    void preview_showsPassFailAndTheDiffPerItem_exactly() {
        buildShipUpdate();
        model.items().setAll(order("o#1", "open", "9.90"), order("o#2", "closed", "5"));

        assertThat(model.preview()).satisfiesExactly(
                open -> {
                    assertThat(open.key()).isEqualTo("PK = o#1 · SK = ORDER");
                    assertThat(open.outcome()).isEqualTo(Outcome.PASS);
                    assertThat(open.changes()).containsExactly(
                            AttributeChange.changed("status", AttributeValue.s("open"), AttributeValue.s("shipped")),
                            AttributeChange.changed("total", AttributeValue.n("9.90"), AttributeValue.n("10.00")));
                },
                closed -> {
                    assertThat(closed.outcome()).isEqualTo(Outcome.FAIL);
                    assertThat(closed.changes()).isEmpty();
                });
    }

    @Test
    void preview_showsDynamoDbsRefusalPerItem() {
        model.addUpdateRow();
        var add = model.updateRows().get(0);
        add.actionProperty().set(UpdateAction.SET_PLUS);
        add.pathProperty().set("status");
        add.typeProperty().set(ValueType.N);
        add.valueProperty().set("1");
        model.items().setAll(order("o#1", "open", "1"));

        assertThat(model.preview().get(0).outcome()).isEqualTo(Outcome.ERROR);
        assertThat(model.preview().get(0).message()).contains("incorrect data type");
    }

    @Test
    void run_sendsOneGuardedUpdatePerItem_andReportsEachOutcome() {
        buildShipUpdate();
        var open = order("o#1", "open", "9.90");
        var closed = order("o#2", "closed", "5");
        model.items().setAll(open, closed);
        var after = order("o#1", "shipped", "10.00");
        session.writer = write -> CompletableFuture.completedFuture(((ItemWrite.Update) write).key().get("PK").equals(AttributeValue.s("o#1"))
                ? new WriteResult(WriteResult.Status.APPLIED, Optional.of(after), ConsumedCapacity.NOT_REPORTED)
                : new WriteResult(WriteResult.Status.CONDITION_FAILED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));

        assertThat(model.canRunBinding().get()).isTrue();
        model.run().join();

        assertThat(session.writes).hasSize(2);
        var first = (ItemWrite.Update) session.writes.get(0);
        assertThat(first.tableName()).isEqualTo(TABLE);
        assertThat(first.key()).isEqualTo(Map.of("PK", AttributeValue.s("o#1"), "SK", AttributeValue.s("ORDER")));
        assertThat(first.updateExpression()).isEqualTo(model.updateTextProperty().get());
        assertThat(first.conditionExpression()).isEqualTo(model.conditionTextProperty().get());
        assertThat(first.names()).isEqualTo(model.renderedProperty().get().names());
        assertThat(first.values()).isEqualTo(model.renderedProperty().get().values());
        assertThat(model.runResults()).extracting(ExpressionBuilderViewModel.RunRow::status)
                .containsExactly(RunStatus.APPLIED, RunStatus.CONDITION_FAILED);
        assertThat(model.runStatusProperty().get()).isEqualTo("1 applied · 1 condition failed · 0 error(s)");
        assertThat(model.items()).containsExactly(after, closed);
    }

    @Test
    void run_reportsAFailedWritePerItemAndGoesOn() {
        buildShipUpdate();
        model.items().setAll(order("o#1", "open", "1"), order("o#2", "open", "2"));
        session.writer = write -> ((ItemWrite.Update) write).key().get("PK").equals(AttributeValue.s("o#1"))
                ? CompletableFuture.failedFuture(new IllegalStateException("throttled"))
                : CompletableFuture.completedFuture(new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));

        model.run().join();

        assertThat(model.runResults()).extracting(ExpressionBuilderViewModel.RunRow::status).containsExactly(RunStatus.ERROR, RunStatus.APPLIED);
        assertThat(model.runResults().get(0).message()).contains("throttled");
    }

    @Test
    void run_isRefusedOnAReadOnlyConnection_andSendsNothing() {
        var readOnly = new FakeDynamoSession(profile(true, ConnectionTag.DEV));
        var guarded = builder(readOnly);
        guarded.addUpdateRow();
        guarded.updateRows().get(0).pathProperty().set("status");
        guarded.items().setAll(order("o#1", "open", "1"));

        assertThat(guarded.canRunBinding().get()).isFalse();
        guarded.run().join();

        assertThat(readOnly.writes).isEmpty();
        assertThat(guarded.runStatusProperty().get()).contains("read-only");
        assertThat(guarded.preview()).hasSize(1);   // preview still works
    }

    @Test
    void run_onProduction_wantsTheTableNameTyped() {
        var production = new FakeDynamoSession(profile(false, ConnectionTag.PRODUCTION));
        production.writer = write -> CompletableFuture.completedFuture(new WriteResult(WriteResult.Status.APPLIED, Optional.empty(), ConsumedCapacity.NOT_REPORTED));
        var guarded = builder(production);
        guarded.addUpdateRow();
        guarded.updateRows().get(0).pathProperty().set("status");
        guarded.items().setAll(order("o#1", "open", "1"));

        assertThat(guarded.canRunBinding().get()).isFalse();
        guarded.run().join();
        assertThat(production.writes).isEmpty();
        assertThat(guarded.runStatusProperty().get()).contains("type the table name Orders");

        guarded.confirmationProperty().set("Orders");
        assertThat(guarded.canRunBinding().get()).isTrue();
        guarded.run().join();
        assertThat(production.writes).hasSize(1);
        assertThat(guarded.confirmationProperty().get()).isEmpty();   // asked again next time
    }

    @Test
    void snippets_useTheFirstSelectedItemsKey() {
        buildShipUpdate();
        assertThatThrownBy(() -> model.snippet(Language.PYTHON)).hasMessageContaining("Select an item");
        model.items().setAll(order("o#1", "open", "1"));

        var python = model.snippet(Language.PYTHON);
        var cli = model.snippet(Language.CLI);

        assertThat(python).contains("update_item").contains("o#1").contains(model.updateTextProperty().get());
        assertThat(cli).contains("aws dynamodb update-item").contains("Orders");
        assertThat(model.snippet(Language.JAVA)).contains("UpdateItemRequest");
        assertThat(model.snippet(Language.JAVASCRIPT)).contains("UpdateCommand");
    }

    @Test
    void theCopyAsCodeShortcutsSnippet_isInTheLanguageUsedLast_javaUntilOneIs() {
        assertThatThrownBy(model::snippetInLastLanguage).hasMessageContaining("Build a valid update first");
        buildShipUpdate();
        model.items().setAll(order("o#1", "open", "1"));

        assertThat(model.snippetInLastLanguage()).isEqualTo(model.snippet(Language.JAVA));
        model.codeLanguageProperty().set(Language.CLI);
        assertThat(model.snippetInLastLanguage()).isEqualTo(model.snippet(Language.CLI)).contains("aws dynamodb update-item");
    }
}
