package dev.dynalens.samples;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.staleness.TrackerData;
import dev.dynalens.samples.WorkbenchModelWriter.Facet;
import dev.dynalens.samples.WorkbenchModelWriter.Gsi;
import dev.dynalens.samples.WorkbenchModelWriter.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code samples/tracker.json}: an issue tracker in table {@code Tracker} whose copies use every reference shape
 * ({@link TrackerData} at scale 1, which plants stale copies and orphans; samples/README.md lists them): a task in its
 * project's partition copies the title of the project stored in its organisation's ({@code PK=SK}), a user's watch
 * list copies the task title through a variable of its sort key, a task copies its sprint's name through GSI1.
 */
final class TrackerSample {
    static final String FILE = "tracker.json";

    private TrackerSample() {
    }

    /** The facet an item belongs to, by the shape of its keys. */
    private static String facetOf(Item item) {
        var pk = ((AttributeValue.Str) item.attributes().get("PK")).value();
        var sk = ((AttributeValue.Str) item.attributes().get("SK")).value();
        if (pk.equals(sk)) {
            return "Organisation";
        }
        if (sk.equals("PROFILE")) {
            return "User";
        }
        if (pk.startsWith("ORG#") && sk.startsWith("USER#")) {
            return "Membership";
        }
        if (sk.startsWith("PROJECT#")) {
            return "Project";
        }
        if (sk.startsWith("SPRINT#")) {
            return "Sprint";
        }
        if (sk.startsWith("TASK#")) {
            return "Task";
        }
        if (sk.startsWith("COMMENT#")) {
            return "Comment";
        }
        if (sk.startsWith("WATCH#")) {
            return "Watch";
        }
        throw new IllegalStateException("No facet for " + pk + " / " + sk);
    }

    static Model model() {
        var aliases = new LinkedHashMap<String, List<String>>();
        aliases.put("Organisation", List.of("ORG#orgId", "ORG#orgId"));
        aliases.put("User", List.of("USER#userId", "PROFILE"));
        aliases.put("Membership", List.of("ORG#orgId", "USER#userId"));
        aliases.put("Project", List.of("ORG#orgId", "PROJECT#projectId"));
        aliases.put("Sprint", List.of("PROJECT#projectId", "SPRINT#month"));
        aliases.put("Task", List.of("PROJECT#projectId", "TASK#taskId"));
        aliases.put("Comment", List.of("TASK#taskId", "COMMENT#createdAt#commentId"));
        aliases.put("Watch", List.of("USER#userId", "WATCH#TASK#taskId"));
        var items = new LinkedHashMap<String, List<Item>>();
        aliases.keySet().forEach(name -> items.put(name, new ArrayList<>()));
        for (var item : TrackerData.of(1).items()) {
            items.get(facetOf(item)).add(item);
        }
        var facets = new ArrayList<Facet>();
        for (Map.Entry<String, List<String>> facet : aliases.entrySet()) {
            facets.add(new Facet(facet.getKey(), facet.getValue().get(0), facet.getValue().get(1), items.get(facet.getKey())));
        }
        return new Model(TrackerData.TABLE,
                "DynaLens sample: an issue tracker whose denormalized copies use every reference shape stale-copy detection knows, a few "
                        + "of them stale or orphaned on purpose (see samples/README.md).",
                TrackerData.TABLE, TrackerData.KEYS.keySchema(), List.of(new Gsi("GSI1", TrackerData.KEYS.indexes().get("GSI1"))), facets);
    }
}
