package dev.dynalens.domain.expression;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * DynamoDB's reserved words, which an expression may not use as a bare attribute name (Developer Guide,
 * "Reserved words in DynamoDB": the list is not case-sensitive). Read once from {@code reserved-words.txt}.
 */
public final class ReservedWords {
    private static final Set<String> WORDS = load();

    private ReservedWords() {
    }

    public static boolean isReserved(String name) {
        return WORDS.contains(name.toUpperCase(Locale.ROOT));
    }

    /** All the words, upper case. */
    public static Set<String> all() {
        return Set.copyOf(WORDS);
    }

    private static Set<String> load() {
        var stream = ReservedWords.class.getResourceAsStream("reserved-words.txt");
        if (stream == null) {
            throw new IllegalStateException("reserved-words.txt is missing from the classpath");
        }
        var words = new HashSet<String>();
        try (var reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                var word = line.strip();
                if (!word.isEmpty() && !word.startsWith("#")) {
                    words.add(word.toUpperCase(Locale.ROOT));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Set.copyOf(words);
    }
}
