package dev.dynalens.ui.expressions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.service.LensStore;
import dev.dynalens.testsupport.FakeDynamoSession;
import dev.dynalens.ui.browser.TableBrowserViewModel;
import dev.dynalens.ui.collections.CollectionsViewModel;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The builder previews and runs on every item selected in Scan / Query or in a collection, not only the focused one. */
class ExpressionBuilderFollowTest {
    private static final LensStore NO_LENSES = new LensStore() {
        @Override public Loaded load(String scope, String table) { return new Loaded(Lens.NONE, Optional.empty()); }
        @Override public void save(String scope, String table, Lens lens) { }
        @Override public void export(Lens lens, Path file) { }
        @Override public Path location(String scope, String table) { return Path.of(table); }
    };

    @Test
    void severalItemsSelectedInTheBrowserOrTheCollectionViewer_becomeTheBuildersItems() {
        var session = new FakeDynamoSession(ConnectionProfile.local("t", URI.create("http://127.0.0.1:9")));
        var browser = new TableBrowserViewModel(session, "Shop", Runnable::run);
        var collections = new CollectionsViewModel(session, "Shop", Runnable::run, Runnable::run, NO_LENSES, "c");
        var builder = new ExpressionBuilderViewModel(session, "Shop", Runnable::run);
        ExpressionBuilderView.follow(builder, browser, collections);
        var first = new Item(Map.of("PK", AttributeValue.s("A")));
        var second = new Item(Map.of("PK", AttributeValue.s("B")));

        browser.selectedItems().setAll(List.of(first, second));

        assertThat(builder.items()).containsExactly(first, second);
        browser.selectedItems().clear();
        assertThat(builder.items()).containsExactly(first, second);

        collections.selectedItems().setAll(List.of(second, first));
        assertThat(builder.items()).containsExactly(second, first);
    }
}
