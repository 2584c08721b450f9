package dev.dynalens.ui.expressions;

import dev.dynalens.domain.builder.NamesJson;
import dev.dynalens.domain.codec.DynamoJsonCodec;
import dev.dynalens.domain.codegen.CodeGenerators;
import dev.dynalens.domain.codegen.CodeRequest;
import dev.dynalens.domain.codegen.Language;
import dev.dynalens.domain.expression.RenderedExpressions;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.ui.expressions.ExpressionBuilderViewModel.Copy;
import dev.dynalens.usecase.RunUpdate;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableObjectValue;
import javafx.beans.property.SimpleObjectProperty;

/** What the person copies: the expressions and their maps as text, or code that sends the UpdateItem. */
final class CopyModel {
    private final String table;
    private final ObservableObjectValue<RenderedExpressions> rendered;
    private final List<Item> items;
    private final ObservableObjectValue<KeySchema> keySchema;
    private final ObjectProperty<Language> codeLanguage = new SimpleObjectProperty<>(Language.JAVA);

    CopyModel(String table, ObservableObjectValue<RenderedExpressions> rendered, List<Item> items,
              ObservableObjectValue<KeySchema> keySchema) {
        this.table = table;
        this.rendered = rendered;
        this.items = items;
        this.keySchema = keySchema;
    }

    ObjectProperty<Language> codeLanguage() {
        return codeLanguage;
    }

    String copyText(Copy what) {
        var request = rendered.get();
        if (request == null) return "";
        return switch (what) {
            case UPDATE -> Objects.requireNonNullElse(request.updateExpression(), "");
            case CONDITION -> Objects.requireNonNullElse(request.conditionExpression(), "");
            case NAMES -> NamesJson.write(request.names());
            case VALUES -> DynamoJsonCodec.writeItemPretty(new Item(request.values()));
        };
    }

    String snippet(Language language) {
        var request = rendered.get();
        if (request == null || request.updateExpression() == null) {
            throw new IllegalStateException("Build a valid update first: code is generated for UpdateItem.");
        }
        if (items.isEmpty()) {
            throw new IllegalStateException("Select an item: the code updates the item with its primary key.");
        }
        var key = RunUpdate.primaryKey(keySchema.get(), items.get(0)).orElseThrow(() -> new IllegalStateException(
                "The selected item's primary key is not known (the table's key schema is not loaded yet)."));
        return CodeGenerators.generate(language, new CodeRequest(table, key, request));
    }

    String snippetInLastLanguage() {
        return snippet(codeLanguage.get() == null ? Language.JAVA : codeLanguage.get());
    }
}
