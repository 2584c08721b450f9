package dev.dynalens.ui.browser;

import dev.dynalens.domain.appstate.BrowserForm;
import dev.dynalens.ui.common.IndexChoices;

/** Reads a browser's Scan/Query form into a {@link BrowserForm} and puts one back: saved queries and restored tabs. */
public final class BrowserForms {
    private BrowserForms() {
    }

    public static BrowserForm capture(TableBrowserViewModel browser) {
        return new BrowserForm(browser.modeProperty().get() == TableBrowserViewModel.Mode.QUERY ? BrowserForm.Mode.QUERY
                : BrowserForm.Mode.SCAN, IndexChoices.indexName(browser.indexProperty().get()),
                browser.partitionValueProperty().get(), browser.sortOperatorProperty().get(), browser.sortValueProperty().get(),
                browser.sortUpperValueProperty().get(), browser.descendingProperty().get(), Math.max(1, browser.pageSizeProperty().get()));
    }

    public static void apply(BrowserForm form, TableBrowserViewModel browser) {
        browser.modeProperty().set(form.mode() == BrowserForm.Mode.QUERY ? TableBrowserViewModel.Mode.QUERY
                : TableBrowserViewModel.Mode.SCAN);
        browser.indexProperty().set(form.indexName() == null ? IndexChoices.BASE_TABLE : form.indexName());
        browser.partitionValueProperty().set(form.partitionValue());
        browser.sortOperatorProperty().set(form.sortOperator());
        browser.sortValueProperty().set(form.sortValue());
        browser.sortUpperValueProperty().set(form.sortUpperValue());
        browser.descendingProperty().set(form.descending());
        browser.pageSizeProperty().set(form.pageSize());
    }
}
