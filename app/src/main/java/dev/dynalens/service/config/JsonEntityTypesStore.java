package dev.dynalens.service.config;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dynalens.service.EntityTypesStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Entity types under {@code <config>/entity-types/<scope>/<table>.json}; a broken file is as none (read again). */
public final class JsonEntityTypesStore implements EntityTypesStore {
    private static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** The file's form: the time as ISO-8601 text. */
    record Stored(java.util.List<dev.dynalens.domain.sql.SqlEntity> tables, String how, String analysedAt, long itemsAnalysed,
                  long tableItemCount, boolean wholeTable) {
    }
    private final Path root;

    public JsonEntityTypesStore(Path configDirectory) {
        this.root = configDirectory.resolve("entity-types");
    }

    Path location(String scope, String table) {
        return root.resolve(JsonLensStore.safe(scope)).resolve(JsonLensStore.safe(table) + ".json");
    }

    @Override
    public Optional<Kept> load(String scope, String table) {
        var file = location(scope, table);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            var stored = JSON.readValue(file.toFile(), Stored.class);
            var at = stored.analysedAt() == null ? null : java.time.Instant.parse(stored.analysedAt());
            return Optional.of(new Kept(stored.tables(), new dev.dynalens.domain.sql.SqlCatalog.EntitySource(stored.how(), at,
                    stored.itemsAnalysed(), stored.tableItemCount(), stored.wholeTable())));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public void save(String scope, String table, Kept kept) {
        var file = location(scope, table);
        try {
            var source = kept.source();
            var stored = new Stored(kept.tables(), source.how(), source.analysedAt() == null ? null : source.analysedAt().toString(),
                    source.itemsAnalysed(), source.tableItemCount(), source.wholeTable());
            AtomicFiles.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(stored));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not keep the entity types in " + file + ": " + e.getMessage(), e);
        }
    }
}
