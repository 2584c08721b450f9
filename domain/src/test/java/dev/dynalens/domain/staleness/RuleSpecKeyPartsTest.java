package dev.dynalens.domain.staleness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dynalens.domain.item.AttributePath;
import dev.dynalens.domain.staleness.DenormalizationRule.Endpoint;
import dev.dynalens.domain.staleness.DenormalizationRule.IdShape;
import dev.dynalens.domain.staleness.DenormalizationRule.KeyPart;
import dev.dynalens.domain.staleness.DenormalizationRule.Reference;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The SPEC forms of the key-part references (issue 14): key variables ({@code SK:2}) and key parts equal to the source's ({@code PK=SK}). */
class RuleSpecKeyPartsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            TAG→POST.title=POST.title@SK:2                    | SK      | 2 | ID
            X.y=U.name@SK:1:key                               | SK      | 1 | KEY
            X.y=U.name@GSI1PK:3:id                            | GSI1PK  | 3 | ID
            X.y=U.name@"key":2                                | key     | 2 | ID
            X.y=U.name@a.b:12                                 | a.b     | 12| ID
            """)
    void parse_readsAKeyVariableHoldingTheSourcesIdOrKey(String spec, String path, int variable, IdShape shape) {
        assertThat(RuleSpec.parse(spec).reference()).isEqualTo(new Reference.ByAttribute(AttributePath.parse(path), variable, shape));
        assertThat(RuleSpec.parse(spec).toSpec()).isEqualTo(spec.replace(":id", ""));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            TASK.projectTitle=PROJECT.title@PK=SK             | PK      | 0 | SK      | 0
            TASK.sprintName=SPRINT.name@GSI1PK=GSI1PK         | GSI1PK  | 0 | GSI1PK  | 0
            WATCH.taskTitle=TASK.title@SK:1=SK:1              | SK      | 1 | SK      | 1
            X.y=U.name@key=id                                 | key     | 0 | id      | 0
            'X.y=U.name@ PK = SK:2 '                          | PK      | 0 | SK      | 2
            """)
    void parse_readsAKeyPartEqualToOneOfTheSource(String spec, String copy, int copyVariable, String source, int sourceVariable) {
        var reference = RuleSpec.parse(spec).reference();
        assertThat(reference).isEqualTo(new Reference.ByKeyPart(new KeyPart(AttributePath.parse(copy), copyVariable),
                new KeyPart(AttributePath.parse(source), sourceVariable)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            X.y=U.name@SK:0            | 14 | numbered from 1
            X.y=U.name@PK=             | 14 | Expected the source's key attribute name
            X.y=U.name@PK=SK:          | 16 | Unexpected ':'
            X.y=U.name@SK:2:x          | 16 | Expected 'id' or 'key'
            X.y=U.name@SK:2=SK:1:key   | 20 | Unexpected ':'
            X.y=U.name@SK:99999999999  | 14 | too large
            """)
    void parse_reportsTheProblemOfAKeyPartAndItsPosition(String spec, int position, String problem) {
        assertThatThrownBy(() -> RuleSpec.parse(spec))
                .isInstanceOfSatisfying(RuleSpecException.class, e -> {
                    assertThat(e.position()).isEqualTo(position);
                    assertThat(e.problem()).contains(problem);
                });
    }

    @Property
    void renderThenParse_givesTheSameRule_forEveryShape(@ForAll("rules") DenormalizationRule rule) {
        assertThat(RuleSpec.parse(rule.toSpec())).isEqualTo(rule);
    }

    /** A SPEC written before key parts existed never contains their new forms, so it reads as it did. */
    @Property
    void theOldShapes_renderWithoutTheNewForms(@ForAll("oldRules") DenormalizationRule rule) {
        var reference = RuleSpec.renderReference(rule.reference());
        assertThat(reference).doesNotContainPattern(":[0-9]").doesNotContain("=");
        assertThat(RuleSpec.parse(rule.toSpec())).isEqualTo(rule);
    }

    @Provide
    Arbitrary<DenormalizationRule> rules() {
        var attribute = Combinators.combine(paths(), Arbitraries.integers().between(0, 9), Arbitraries.of(IdShape.class))
                .as(Reference.ByAttribute::new);
        var keyPart = Combinators.combine(parts(), parts()).as(Reference.ByKeyPart::new);
        var reference = Arbitraries.oneOf(Arbitraries.just(Reference.ByOwnKey.INSTANCE), attribute, keyPart);
        return Combinators.combine(endpoints(), endpoints(), reference).as(DenormalizationRule::new);
    }

    @Provide
    Arbitrary<DenormalizationRule> oldRules() {
        var reference = Arbitraries.oneOf(Arbitraries.just(Reference.ByOwnKey.INSTANCE),
                Combinators.combine(plainPaths(), Arbitraries.of(IdShape.class)).as(Reference.ByAttribute::new));
        return Combinators.combine(endpoints(), endpoints(), reference).as(DenormalizationRule::new);
    }

    private static Arbitrary<KeyPart> parts() {
        return Combinators.combine(paths(), Arbitraries.integers().between(0, 12)).as(KeyPart::new);
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

    /** Paths whose names hold none of ':' '=' (the old generator's names could; the property is about the new forms). */
    private static Arbitrary<AttributePath> plainPaths() {
        return Arbitraries.strings().alpha().numeric().withChars('_', '-').ofMinLength(1).ofMaxLength(8)
                .list().ofMinSize(1).ofMaxSize(3).map(names -> new AttributePath(names.stream().<AttributePath.Element>map(AttributePath.Key::new).toList()));
    }

    private static Arbitrary<String> names() {
        var plain = Arbitraries.strings().alpha().numeric().withChars('_', '-', '→', '#', '{', '}').ofMinLength(1).ofMaxLength(8);
        var odd = Arbitraries.strings().withChars("ab .=@:[]\"\\ \tkey0123").ofMinLength(1).ofMaxLength(6);
        return Arbitraries.oneOf(plain, odd, Arbitraries.just("key"), Arbitraries.just("id"), Arbitraries.just("SK"));
    }
}
