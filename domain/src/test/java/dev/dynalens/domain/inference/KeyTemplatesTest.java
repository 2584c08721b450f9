package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.table.KeySchema.ScalarType;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.NumericChars;
import net.jqwik.api.constraints.StringLength;
import net.jqwik.api.constraints.UpperChars;
import net.jqwik.api.constraints.CharRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyTemplatesTest {

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = ',', quoteCharacter = '\'', textBlock = """
            CUSTOMER#42,                              CUSTOMER#{}
            ORDER#2024-05-01#A17,                     ORDER#{}#{}
            ORDER#01ARZ3NDEKTSV4RRFFQ69G5FAV,         ORDER#{}
            USER#3f2504e0-4f89-11d3-9a0c-0305e82c3301, USER#{}
            EVENT#2024-05-01T10:20:30Z,               EVENT#{}
            EVENT#2024-05-01T10:20:30.123+05:30#x9,   EVENT#{}#{}
            2024-05-01T10:20:30Z,                     {}
            10:20,                                    {}
            User:UserA,                               User:{}
            ORDER:2024-05-01T10:20:30Z,               ORDER:{}
            TENANT::acme7::USER::42,                  TENANT::{}::USER::{}
            TENANT|acme7|USER|42,                     TENANT|{}|USER|{}
            tenants/acme7/users/42,                   tenants/{}/users/{}
            ORDER#2024/05/01,                         ORDER#{}
            PROFILE,                                  PROFILE
            METADATA,                                 METADATA
            '#META',                                  '#META'
            '#META#',                                 '#META#'
            '#METADATA#player001',                    '#METADATA#{}'
            A,                                        A
            '"info"',                                 '"info"'
            EMAIL#someone@example.com,                EMAIL#{}
            POST#my-first-post,                       POST#{}
            ORDER_ITEM#7,                             ORDER_ITEM#{}
            KSUID#0ujtsYcgvSTl8PAuAdqWYSMnLOv,        KSUID#{}
            HASH#9f86d081884c7d65,                    HASH#{}
            u#12345#follower,                         u#{}#follower
            ID#cbrawley0,                             ID#{}
            Complaint123,                             {}
            comm#2023-04-30T12:00:24#comm1,           comm#{}#{}
            CATEGORY#books,                           CATEGORY#books
            """)
    void infersTheTemplateOfOneKey(String key, String template) {
        assertThat(KeyTemplates.infer(key).render()).isEqualTo(template);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(quoteCharacter = '\'', textBlock = """
            CUSTOMER,                             LITERAL
            profile,                              LITERAL
            OrderItem,                            LITERAL
            ORDER_ITEM,                           LITERAL
            ORDER-ITEM,                           LITERAL
            '',                                   LITERAL
            '"info"',                             LITERAL
            <sub_feature>,                        LITERAL
            42,                                   NUMBER
            -1.5e3,                               NUMBER
            3f2504e0-4f89-11d3-9a0c-0305e82c3301, UUID
            01ARZ3NDEKTSV4RRFFQ69G5FAV,           ULID
            0ujtsYcgvSTl8PAuAdqWYSMnLOv,          KSUID
            9f86d081884c7d65,                     HEX
            2024-05-01,                           DATE
            2024-05,                              DATE
            2024/05/01,                           DATE
            2024-05-01T10:20:30Z,                 TIMESTAMP
            2023-05-05 23:59:59,                  TIMESTAMP
            10:20,                                TIMESTAMP
            someone@example.com,                  EMAIL
            my-first-post,                        SLUG
            post-2024-05,                         SLUG
            player001,                            TOKEN
            UserA,                                TOKEN
            custXYZ,                              TOKEN
            aZkLmQpWxYrTbNcVdFgH,                 TOKEN
            example.com,                          TEXT
            Find the lost treasure,               TEXT
            """)
    void classifiesSegments(String segment, SegmentKind kind) {
        assertThat(KeyTemplates.classify(segment)).isEqualTo(kind);
    }

    @ParameterizedTest(name = "{0} splits on ''{1}''")
    @CsvSource(quoteCharacter = '\'', textBlock = """
            USER#1|x,                 #
            a|b/c,                    |
            a::b/c,                   ::
            a/b:c,                    /
            a:b,                      :
            2024-05-01T10:20:30Z,     ''
            12:30,                    ''
            123:456,                  :
            plain,                    ''
            """)
    void picksTheFirstDelimiterInOrder(String key, String delimiter) {
        assertThat(KeyTemplates.split(key).delimiter()).isEqualTo(delimiter);
    }

    @Test
    void timestampColonsAreNotDelimitersButOtherColonsAre() {
        assertThat(KeyTemplates.split("ROOM:2024-05-01T10:20:30Z:msg7").parts())
                .containsExactly("ROOM", "2024-05-01T10:20:30Z", "msg7");
    }

    @Test
    void emptySegmentsAreKeptSoTheKeyJoinsBack() {
        assertThat(KeyTemplates.split("#META#").parts()).containsExactly("", "META", "");
    }

    @Test
    void numberAndBinaryKeysAreAVariableOfTheirType() {
        var number = KeyTemplates.infer(AttributeValue.n("42")).orElseThrow();
        var binary = KeyTemplates.infer(AttributeValue.b(new byte[] {1, 2})).orElseThrow();
        assertThat(number.render()).isEqualTo("{}");
        assertThat(number.type()).isEqualTo(ScalarType.N);
        assertThat(binary.type()).isEqualTo(ScalarType.B);
        assertThat(number).isNotEqualTo(KeyTemplates.infer("42"));
        assertThat(KeyTemplates.infer(AttributeValue.bool(true))).isEmpty();
    }

    @ParameterizedTest(name = "{0}: leading {1}, owner {2}")
    @CsvSource(quoteCharacter = '\'', textBlock = """
            USER#{}, USER#7,                     USER,   USER
            TENANT#{}#USER#{}, TENANT#a1#USER#7, TENANT, USER
            u#{}#follower, u#1#follower,         u,      u_follower
            '#META#', '#META#',                  META,   META
            PROFILE, PROFILE,                    PROFILE, PROFILE
            '"info"', '"info"',                  info,   info
            """)
    void namesTemplates(String rendered, String key, String leading, String owner) {
        var template = KeyTemplates.infer(key);
        assertThat(template.render()).isEqualTo(rendered);
        assertThat(template.leadingName()).contains(leading);
        assertThat(template.ownerName()).contains(owner);
    }

    @Test
    void aTemplateThatStartsWithAVariableHasNoName() {
        var template = KeyTemplates.infer("2024-05-01#login");
        assertThat(template.leadingName()).isEmpty();
        assertThat(template.ownerName()).isEmpty();
    }

    @Test
    void matchesKeysOfItsShapeOnly() {
        var template = KeyTemplates.infer("ORDER#2024-05-01#A17");
        assertThat(template.matches("ORDER#2023-01-01#B2")).isTrue();
        assertThat(template.matches("ORDER#2023-01-01")).isFalse();
        assertThat(template.matches("ITEM#2023-01-01#B2")).isFalse();
        assertThat(template.matches(AttributeValue.n("1"))).isFalse();
    }

    // ---- properties ----

    @Property
    void splittingAndJoiningGivesTheKeyBack(@ForAll("keys") String key) {
        var split = KeyTemplates.split(key);
        assertThat(String.join(split.delimiter(), split.parts())).isEqualTo(key);
    }

    @Property
    void aKeyMatchesTheTemplateInferredFromIt(@ForAll("keys") String key) {
        assertThat(KeyTemplates.infer(key).matches(key)).isTrue();
    }

    @Property
    void anyUlidAfterAPrefixIsAVariable(@ForAll("ulids") String ulid, @ForAll @UpperChars @StringLength(min = 1, max = 12) String prefix) {
        assertThat(KeyTemplates.infer(prefix + "#" + ulid).render()).isEqualTo(prefix + "#{}");
    }

    @Property
    void anyUuidAfterAPrefixIsAVariable(@ForAll("uuids") String uuid, @ForAll @UpperChars @StringLength(min = 1, max = 12) String prefix) {
        assertThat(KeyTemplates.infer(prefix + "|" + uuid).render()).isEqualTo(prefix + "|{}");
    }

    @Property
    void timestampsAreNeverCutOnTheirColons(@ForAll("timestamps") String timestamp) {
        assertThat(KeyTemplates.infer(timestamp).render()).isEqualTo("{}");
        assertThat(KeyTemplates.infer("EVENT:" + timestamp).render()).isEqualTo("EVENT:{}");
    }

    @Property
    void numbersAreVariables(@ForAll @NumericChars @StringLength(min = 1, max = 20) String digits) {
        assertThat(KeyTemplates.classify(digits)).isEqualTo(SegmentKind.NUMBER);
    }

    @Property
    void upperCaseWordsAreLiterals(@ForAll @CharRange(from = 'A', to = 'Z') @StringLength(min = 1, max = 30) String word) {
        assertThat(KeyTemplates.classify(word)).isEqualTo(SegmentKind.LITERAL);
    }

    @Property
    void lowerCaseWordsAreLiterals(@ForAll @CharRange(from = 'a', to = 'z') @StringLength(min = 1, max = 30) String word) {
        assertThat(KeyTemplates.classify(word)).isEqualTo(SegmentKind.LITERAL);
    }

    @Property
    void lettersWithDigitsAreVariables(@ForAll @AlphaChars @StringLength(min = 1, max = 10) String letters,
            @ForAll @NumericChars @StringLength(min = 1, max = 5) String digits) {
        assertThat(KeyTemplates.classify(letters + digits).isVariable()).isTrue();
    }

    @Provide
    Arbitrary<String> keys() {
        var segment = Arbitraries.oneOf(
                Arbitraries.strings().withCharRange('A', 'Z').ofMinLength(0).ofMaxLength(8),
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(8),
                ulids(), timestamps(),
                Arbitraries.strings().ascii().ofMaxLength(10));
        var delimiter = Arbitraries.of("#", "|", "::", "/", ":");
        return delimiter.flatMap(d -> segment.list().ofMinSize(1).ofMaxSize(5).map(parts -> String.join(d, parts)));
    }

    @Provide
    Arbitrary<String> ulids() {
        var crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
        return Arbitraries.of('0', '1', '2', '3', '4', '5', '6', '7')
                .flatMap(first -> Arbitraries.of(toList(crockford)).list().ofSize(25)
                        .map(rest -> first + rest.stream().map(String::valueOf).reduce("", String::concat)));
    }

    @Provide
    Arbitrary<String> uuids() {
        return Arbitraries.create(java.util.UUID::randomUUID).map(java.util.UUID::toString);
    }

    @Provide
    Arbitrary<String> timestamps() {
        return Arbitraries.longs().between(0, 4_102_444_800L).map(seconds -> java.time.Instant.ofEpochSecond(seconds).toString());
    }

    private static List<Character> toList(char[] chars) {
        var list = new java.util.ArrayList<Character>();
        for (var c : chars) {
            list.add(c);
        }
        return list;
    }

    /** isLiteral reads ASCII without the Unicode tables: that agrees with them on every ASCII character. */
    @org.junit.jupiter.api.Test
    void theAsciiReadingOfLettersAgreesWithCharacter() {
        for (char c = 0; c < 0x80; c++) {
            assertThat(Character.isLetter(c)).as("%d", (int) c).isEqualTo(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z');
            assertThat(Character.isUpperCase(c)).as("%d", (int) c).isEqualTo(c >= 'A' && c <= 'Z');
            assertThat(Character.isLowerCase(c)).as("%d", (int) c).isEqualTo(c >= 'a' && c <= 'z');
        }
    }
}
