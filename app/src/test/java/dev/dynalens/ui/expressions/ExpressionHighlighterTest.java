package dev.dynalens.ui.expressions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ExpressionHighlighterTest {

    @Test
    void keywordsFunctionsPlaceholdersAndPaths_getTheirOwnStyle() {
        var text = "SET #n = if_not_exists(a.b, :v) REMOVE c";
        var styles = ExpressionHighlighter.styles(text, -1);

        assertThat(styles.get(0)).containsExactly("keyword");
        assertThat(styles.get(text.indexOf("#n"))).containsExactly("name-placeholder");
        assertThat(styles.get(text.indexOf("if_not"))).containsExactly("function");
        assertThat(styles.get(text.indexOf("a.b"))).containsExactly("path");
        assertThat(styles.get(text.indexOf(":v") + 1)).containsExactly("value-placeholder");
        assertThat(styles.get(text.indexOf("REMOVE"))).containsExactly("keyword");
        assertThat(styles.get(text.indexOf('='))).isEmpty();
    }

    @Test
    void theErrorUnderlinesTheWholeTokenAtItsPosition_andOnlyIt() {
        var text = "SET a = :v ADD b bogus";
        int at = text.indexOf("bogus");
        var styles = ExpressionHighlighter.styles(text, at);

        for (int i = 0; i < text.length(); i++) {
            assertThat(styles.get(i).contains("error")).as("char %d", i).isEqualTo(i >= at);
        }
        assertThat(styles.get(at)).isEqualTo(Set.of("path", "error"));
    }

    @Test
    void anErrorAtTheEnd_underlinesTheLastCharacter_andEmptyTextHasOneEmptySpan() {
        var styles = ExpressionHighlighter.styles("SET a =", 7);
        assertThat(styles.get(6)).contains("error");
        assertThat(ExpressionHighlighter.spans("", 0).length()).isZero();
    }
}
