package dev.dynalens.domain.staleness;

import dev.dynalens.domain.item.AttributePath;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.staleness.DenormalizationRule.Endpoint;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.Reference;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RuleSpecTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            POST.authorName=USER.name@authorId            | POST     | authorName     | USER    | name  | authorId  | ID
            TASK.assignee.name=USER.name@assigneeId       | TASK     | assignee.name  | USER    | name  | assigneeId| ID
            TAG→POST.author.name=USER.name@author.id      | TAG→POST | author.name    | USER    | name  | author.id | ID
            TEAM→USER.userName=USER.name@SK:key           | TEAM→USER| userName       | USER    | name  | SK        | KEY
            ORDER.lines[0].sku=PRODUCT.sku@lines[0].pid:id | ORDER   | lines[0].sku   | PRODUCT | sku   | lines[0].pid | ID
            ' POST.authorName = USER.name @ authorId '    | POST     | authorName     | USER    | name  | authorId  | ID
            """)
    void parse_readsEntitiesPathsAndAttributeReferences(String spec, String copyEntity, String copyPath, String sourceEntity,
                                                       String sourcePath, String reference, IdShape shape) {
        var rule = RuleSpec.parse(spec);
        assertThat(rule.copy()).isEqualTo(Endpoint.of(copyEntity, copyPath));
        assertThat(rule.source()).isEqualTo(Endpoint.of(sourceEntity, sourcePath));
        assertThat(rule.reference()).isEqualTo(new Reference.ByAttribute(AttributePath.parse(reference), shape));
    }

    @Test
    void parse_readsTheOwnKeyReference_andAQuotedAttributeNamedKey() {
        assertThat(RuleSpec.parse("TASK.projectTitle=PROJECT.title@key").reference()).isEqualTo(Reference.ByOwnKey.INSTANCE);
        assertThat(RuleSpec.parse("TASK.projectTitle=PROJECT.title@\"key\"").reference())
                .isEqualTo(new Reference.ByAttribute(AttributePath.of("key"), IdShape.ID));
    }

    @Test
    void parse_readsQuotedNamesWithSpecialCharacters() {
        var rule = RuleSpec.parse("\"my entity\".\"a.b\"[2].\"say \\\"hi\\\"\"=U.name@x");
        assertThat(rule.copy().entity()).isEqualTo("my entity");
        assertThat(rule.copy().attribute().elements()).containsExactly(new AttributePath.Key("a.b"), new AttributePath.Index(2),
                new AttributePath.Key("say \"hi\""));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            POST.authorName USER.name@authorId   | 16 | Expected '='
            POST.authorName=USER.name            | 25 | Expected '@'
            POSTauthorName=USER.name@authorId    | 14 | Expected '.'
            POST.=USER.name@authorId             | 5  | Expected the copy attribute name
            POST.authorName=USER.name@           | 26 | Expected the reference attribute name
            POST.authorName=USER.name@authorId:x | 35 | Expected 'id' or 'key'
            POST.a[x]=USER.name@authorId         | 7  | Expected a list index
            POST.a[1=USER.name@authorId          | 8  | Expected ']'
            POST.a=USER.name@authorId extra      | 26 | Unexpected 'e'
            POST.\"a=USER.name@authorId          | 5  | Unterminated quoted name
            POST.\"\"=USER.name@authorId         | 5  | must not be empty
            """)
    void parse_reportsTheProblemAndItsPosition(String spec, int position, String problem) {
        assertThatThrownBy(() -> RuleSpec.parse(spec))
                .isInstanceOfSatisfying(RuleSpecException.class, e -> {
                    assertThat(e.position()).isEqualTo(position);
                    assertThat(e.problem()).contains(problem);
                    assertThat(e.getMessage()).contains("at position " + position).contains(spec);
                });
    }

    @Test
    void render_writesTheCanonicalForm() {
        assertThat(DenormalizationRule.byAttribute("USER.name", "POST.authorName", "authorId", IdShape.ID).toSpec())
                .isEqualTo("POST.authorName=USER.name@authorId");
        assertThat(DenormalizationRule.byAttribute("USER.name", "TEAM→USER.userName", "SK", IdShape.KEY).toSpec())
                .isEqualTo("TEAM→USER.userName=USER.name@SK:key");
        assertThat(DenormalizationRule.byOwnKey("PROJECT.title", "TASK.projectTitle").toSpec())
                .isEqualTo("TASK.projectTitle=PROJECT.title@key");
        assertThat(DenormalizationRule.byAttribute("U.n", "C.c", "key", IdShape.ID).toSpec()).isEqualTo("C.c=U.n@\"key\"");
    }

    @Property
    void renderThenParse_givesTheSameRule(@ForAll("rules") DenormalizationRule rule) {
        assertThat(RuleSpec.parse(rule.toSpec())).isEqualTo(rule);
    }

    @Provide
    Arbitrary<DenormalizationRule> rules() {
        var reference = Arbitraries.oneOf(Arbitraries.just(Reference.ByOwnKey.INSTANCE),
                Combinators.combine(paths(), Arbitraries.of(IdShape.class)).as(Reference.ByAttribute::new));
        return Combinators.combine(endpoints(), endpoints(), reference).as(DenormalizationRule::new);
    }

    private static Arbitrary<Endpoint> endpoints() {
        return Combinators.combine(names(), paths()).as(Endpoint::new);
    }

    private static Arbitrary<AttributePath> paths() {
        var step = Arbitraries.oneOf(names().map(AttributePath.Key::new),
                Arbitraries.integers().between(0, 10_000).map(AttributePath.Index::new));
        return Combinators.combine(names(), step.list().ofMaxSize(3)).as((first, rest) -> {
            var steps = new ArrayList<AttributePath.Element>(List.of(new AttributePath.Key(first)));
            steps.addAll(rest);
            return new AttributePath(steps);
        });
    }

    private static Arbitrary<String> names() {
        var plain = Arbitraries.strings().alpha().numeric().withChars('_', '-', '→', '#').ofMinLength(1).ofMaxLength(8);
        var odd = Arbitraries.strings().withChars("ab .=@:[]\"\\ \tkey").ofMinLength(1).ofMaxLength(6);
        return Arbitraries.oneOf(plain, odd, Arbitraries.just("key"), Arbitraries.just("id"));
    }
}
