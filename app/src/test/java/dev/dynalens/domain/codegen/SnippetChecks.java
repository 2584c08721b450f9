package dev.dynalens.domain.codegen;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.CreateTableSpec;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.service.DynamoSession;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The check every generated-code test makes: put each case's item, run the language's snippets (one batch), read each
 * item back with GetItem and compare it with the expected item; every failing case is reported with its snippet.
 */
final class SnippetChecks {
    private SnippetChecks() {
    }

    static void createTable(DynamoSession session, String table, KeySchema keySchema) throws Exception {
        session.createTable(new CreateTableSpec(table, keySchema, List.of())).get(30, TimeUnit.SECONDS);
    }

    /** A case and the table it runs on. */
    record Placed(String table, SnippetCase snippetCase) {
    }

    static void runAndVerify(Language language, DynamoSession session, URI endpoint, String table, List<SnippetCase> cases)
            throws Exception {
        runAndVerify(language, session, endpoint, cases.stream().map(c -> new Placed(table, c)).toList());
    }

    static void runAndVerify(Language language, DynamoSession session, URI endpoint, List<Placed> placed) throws Exception {
        for (var p : placed) {
            session.putItem(p.table(), p.snippetCase().initial()).get(10, TimeUnit.SECONDS);
        }
        var cases = placed.stream().map(Placed::snippetCase).toList();
        var snippets = placed.stream().map(p -> CodeGenerators.generate(language, p.snippetCase().requestFor(p.table()))).toList();
        var workDir = Files.createTempDirectory("dynalens-codegen-" + language.optionValue() + "-");
        var outcomes = SnippetRunner.forLanguage(language).run(snippets, endpoint, workDir);

        var failures = new ArrayList<String>();
        for (int i = 0; i < cases.size(); i++) {
            var c = cases.get(i);
            var outcome = outcomes.get(i);
            var stored = session.getItem(placed.get(i).table(), c.key(), true).get(10, TimeUnit.SECONDS).item().orElse(null);
            var problems = new ArrayList<String>();
            if (c.conditionFails() && !outcome.contains("ConditionalCheckFailed")) {
                problems.add("expected ConditionalCheckFailedException, the snippet ended with: " + outcome);
            } else if (!c.conditionFails() && !outcome.equals("ok")) {
                problems.add("the snippet failed: " + outcome);
            }
            if (!c.expected().equals(stored)) {
                problems.add("stored item differs" + difference(c.expected(), stored)
                        + "\n  expected: " + c.expected() + "\n  stored:   " + stored);
            }
            if (!problems.isEmpty()) {
                failures.add("case " + i + " (" + c.label() + "): " + String.join("; ", problems) + "\n--- snippet ---\n"
                        + snippets.get(i));
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.size() + " of " + cases.size() + " " + language + " snippets did not leave "
                    + "the item as expected (files in " + workDir + "):\n\n" + String.join("\n\n", failures));
        }
        deleteRecursively(workDir);
    }

    private static String difference(Item expected, Item stored) {
        if (stored == null) {
            return " (no item stored)";
        }
        var out = new StringBuilder();
        for (var name : expected.attributes().keySet()) {
            var want = expected.attributes().get(name);
            var got = stored.attributes().get(name);
            if (!want.equals(got)) {
                out.append("\n  at ").append(name).append(": expected ").append(want).append(", stored ").append(got);
            }
        }
        stored.attributes().keySet().stream().filter(name -> !expected.has(name))
                .forEach(name -> out.append("\n  unexpected attribute ").append(name));
        return out.toString();
    }

    private static void deleteRecursively(java.nio.file.Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException e) {
            // a temp directory left behind is harmless
        }
    }

    static AttributeValue bytesFrom(int from, int to) {
        var bytes = new byte[to - from];
        for (int i = from; i < to; i++) {
            bytes[i - from] = (byte) i;
        }
        return AttributeValue.b(bytes);
    }
}
