package dev.dynalens.domain.inference;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.domain.item.AttributeType;
import dev.dynalens.domain.table.KeySchema;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The analysis's JSON fields: sizes in integers when measured, table keys left out, relationships only when asked. */
class AnalysisJsonTest {
    static String json(TableAnalysis analysis, boolean relationships) throws Exception {
        var text = new StringWriter();
        try (var gen = new JsonFactory().createGenerator(text)) {
            gen.writeStartObject();
            AnalysisJson.writeFields(gen, analysis, relationships);
            gen.writeEndObject();
        }
        return text.toString();
    }

    static TableAnalysis analysis(TableAnalysis.Sizes sizes) {
        var shape = new EntityShape("ORDER", EntityShape.Kind.ENTITY, 3, List.of(new TemplateCount("USER#{}", 3)), List.of());
        var attributes = List.of(new TableAnalysis.Attribute("PK", Set.of(AttributeType.S), 3),
                new TableAnalysis.Attribute("total", Set.of(AttributeType.N, AttributeType.S), 2));
        return new TableAnalysis("Shop", KeySchema.of("PK", null), 3, null, 0,
                List.of(new TableAnalysis.Entity(shape, attributes, Map.of(), sizes)), List.of(), List.of());
    }

    @Test
    void measuredSizes_roundTheAverageInIntegers_halvesUp() throws Exception {
        var entity = new ObjectMapper().readTree(json(analysis(new TableAnalysis.Sizes(2, 7, 5)), true)).get("entities").get(0);
        assertThat(entity.get("sizes").toString()).isEqualTo("{\"items\":2,\"totalBytes\":7,\"averageBytes\":4,\"largestBytes\":5}");
        var thirds = new ObjectMapper().readTree(json(analysis(new TableAnalysis.Sizes(3, 5, 2)), true)).get("entities").get(0);
        assertThat(thirds.get("sizes").get("averageBytes").asLong()).isEqualTo(2);
        assertThat(entity.get("attributes").toString()).isEqualTo("{\"total\":\"S|N\"}");
    }

    @Test
    void sizesNotMeasured_andRelationshipsNotLookedFor_areLeftOut() throws Exception {
        var tree = new ObjectMapper().readTree(json(analysis(TableAnalysis.Sizes.NOT_MEASURED), false));
        assertThat(tree.get("entities").get(0).has("sizes")).isFalse();
        assertThat(tree.has("relationships")).isFalse();
        assertThat(new ObjectMapper().readTree(json(analysis(TableAnalysis.Sizes.NOT_MEASURED), true)).get("relationships").isArray()).isTrue();
    }
}
