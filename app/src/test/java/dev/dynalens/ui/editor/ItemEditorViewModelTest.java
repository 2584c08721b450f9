package dev.dynalens.ui.editor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.capacity.ItemSizeCalculator;
import dev.dynalens.domain.codec.PlainJsonCodec;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ItemEditorViewModelTest {
    private static final KeySchema KEYS = KeySchema.of("PK", "SK");

    private static Item order() {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s("CUSTOMER#1"));
        attributes.put("SK", AttributeValue.s("ORDER#7"));
        attributes.put("total", AttributeValue.n("12345678901234567890.123456789012345678"));
        attributes.put("tags", AttributeValue.ss("gift", "express"));
        attributes.put("codes", AttributeValue.BinarySet.of(List.of(Bytes.of(new byte[] {0, -1}))));
        attributes.put("lines", AttributeValue.l(AttributeValue.m(java.util.Map.of("qty", AttributeValue.n("2")))));
        return new Item(attributes);
    }

    @Test
    void anItemOpensValid_asDynamoJson_withItsSizeAndWriteCost() {
        var model = ItemEditorViewModel.edit(KEYS, order());

        assertThat(model.validProperty().get()).isTrue();
        assertThat(model.textProperty().get()).contains("\"N\": \"12345678901234567890.123456789012345678\"");
        var bytes = ItemSizeCalculator.sizeOf(order());
        assertThat(model.sizeSummaryProperty().get()).isEqualTo(String.format(Locale.ROOT, "%,d bytes · 1 WCU to update", bytes));
        assertThat(model.diff()).isEmpty();
    }

    @Test
    void switchingToPlainJsonAndBack_losesNothing_exactNumbersSetsAndBinaryIncluded() {
        var model = ItemEditorViewModel.edit(KEYS, order());

        model.formatProperty().set(ItemEditorViewModel.Format.PLAIN_JSON);
        assertThat(model.textProperty().get()).contains("12345678901234567890.123456789012345678").contains("$SS").contains("$BS");
        assertThat(model.result()).contains(order());
        model.formatProperty().set(ItemEditorViewModel.Format.DYNAMO_JSON);
        assertThat(model.result()).contains(order());
    }

    @Test
    void aSyntaxError_isReportedWithLineColumnAndOffset_andNothingIsLost() {
        var model = ItemEditorViewModel.create(KEYS, order());
        model.formatProperty().set(ItemEditorViewModel.Format.PLAIN_JSON);
        var broken = "{\n  \"PK\": \"A\",\n  \"SK\": \"B\",\n  \"n\": 1.5.5\n}";

        model.textProperty().set(broken);

        assertThat(model.validProperty().get()).isFalse();
        assertThat(model.result()).isEmpty();
        assertThat(model.errorLineProperty().get()).isEqualTo(4);
        assertThat(model.errorProperty().get()).contains("line 4, column " + model.errorColumnProperty().get());
        var offset = model.errorOffsetProperty().get();
        assertThat(broken.lastIndexOf('\n', offset - 1)).isEqualTo(broken.indexOf("\n  \"n\""));
        assertThat(model.textProperty().get()).isEqualTo(broken);
    }

    @Test
    void anInvalidText_refusesToSwitchFormat_andKeepsTheText() {
        var model = ItemEditorViewModel.create(KEYS, order());
        model.textProperty().set("{ not json");

        model.formatProperty().set(ItemEditorViewModel.Format.PLAIN_JSON);

        assertThat(model.formatProperty().get()).isEqualTo(ItemEditorViewModel.Format.DYNAMO_JSON);
        assertThat(model.textProperty().get()).isEqualTo("{ not json");
        assertThat(model.errorProperty().get()).startsWith("Fix the error before switching to JSON");
    }

    @Test
    void anEditThatChangesTheKey_orDropsIt_isInvalid_withAReason() {
        var model = ItemEditorViewModel.edit(KEYS, order());
        model.formatProperty().set(ItemEditorViewModel.Format.PLAIN_JSON);

        model.textProperty().set(model.textProperty().get().replace("ORDER#7", "ORDER#8"));
        assertThat(model.validProperty().get()).isFalse();
        assertThat(model.errorProperty().get()).contains("use Duplicate");

        model.textProperty().set("{\"PK\": \"CUSTOMER#1\"}");
        assertThat(model.errorProperty().get()).contains("no key attribute \"SK\"");
        assertThat(model.errorOffsetProperty().get()).isEqualTo(-1);
    }

    @Test
    void sizeCostAndDiff_followTheText() {
        var model = ItemEditorViewModel.edit(KEYS, order());
        var bigger = order().with("note", AttributeValue.s("x".repeat(2000)));

        model.formatProperty().set(ItemEditorViewModel.Format.PLAIN_JSON);
        model.textProperty().set(PlainJsonCodec.writeItem(bigger));
        assertThat(model.validProperty().get()).isTrue();
        assertThat(model.sizeSummaryProperty().get()).endsWith(" bytes · 3 WCU to update");
        assertThat(model.diff()).containsExactly("+ note: \"" + "x".repeat(2000) + "\"");
    }
}
