package dev.dynalens.service.config;

import dev.dynalens.domain.inference.Lens;
import dev.dynalens.domain.inference.LensCodec;
import dev.dynalens.domain.inference.LensFormatException;
import dev.dynalens.service.LensStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Lenses under {@code <config>/lenses/<scope>/<table>.lens.json}; names are made safe for any file system. */
public final class JsonLensStore implements LensStore {
    private final Path root;

    public JsonLensStore(Path configDirectory) {
        this.root = configDirectory.resolve("lenses");
    }

    @Override
    public Path location(String scope, String table) {
        return root.resolve(safe(scope)).resolve(safe(table) + ".lens.json");
    }

    @Override
    public Loaded load(String scope, String table) {
        var file = location(scope, table);
        if (!Files.exists(file)) {
            return new Loaded(Lens.NONE, Optional.empty());
        }
        try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return new Loaded(LensCodec.read(reader), Optional.empty());
        } catch (IOException | UncheckedIOException | LensFormatException e) {
            return new Loaded(Lens.NONE, Optional.of("The saved entity names for " + table + " (" + file
                    + ") could not be read, so the inferred names are shown: " + e.getMessage()));
        }
    }

    @Override
    public void save(String scope, String table, Lens lens) {
        write(lens, location(scope, table));
    }

    @Override
    public void export(Lens lens, Path file) {
        write(lens, file);
    }

    private static void write(Lens lens, Path file) {
        try {
            AtomicFiles.writeString(file, LensCodec.toJson(lens));
        } catch (IOException e) {
            throw new UncheckedIOException("Could not save the lens to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Letters, digits, dot, dash and underscore stay; anything else becomes '_' plus its code point. */
    static String safe(String name) {
        var out = new StringBuilder();
        name.codePoints().forEach(c -> {
            if (c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_' || (c == '.' && out.length() > 0))) {
                out.appendCodePoint(c);
            } else {
                out.append('_').append(Integer.toHexString(c));
            }
        });
        return out.length() == 0 ? "_" : out.toString();
    }
}
