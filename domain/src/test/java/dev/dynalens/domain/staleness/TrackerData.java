package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An issue tracker in one table {@code Tracker} (PK, SK; GSI1 = GSI1PK, GSI1SK) whose copies use every reference
 * shape, with stale copies and orphans planted, and the rules and findings that are to be found:
 *
 * <pre>
 * ORG      ORG#acme          / ORG#acme             name
 * USER     USER#u01          / PROFILE              name, email
 * ORG→USER ORG#acme          / USER#u01             userName            = USER.name     @SK:key        (a key attribute holds the key)
 * PROJECT  ORG#acme          / PROJECT#P-1          title, orgName      = ORG.name      @key           (its own partition key)
 * SPRINT   PROJECT#P-1       / SPRINT#2024-05       name, GSI1PK = SPRINT#S-3                          (found by its GSI key)
 * TASK     PROJECT#P-1       / TASK#T-3             projectTitle        = PROJECT.title @PK=SK         (the project's sort key)
 *                                                   assigneeName        = USER.name     @assigneeId    (an attribute holds the id)
 *                                                   sprintName          = SPRINT.name   @GSI1PK=GSI1PK (GSI keys of both sides)
 * COMMENT  TASK#T-3          / COMMENT#ts#c0001     taskTitle           = TASK.title    @PK=SK
 *                                                   author.name         = USER.name     @author.id     (a nested id)
 * WATCH    USER#u01          / WATCH#TASK#T-3       taskTitle           = TASK.title    @SK:1=SK:1     (a key variable of each)
 * </pre>
 *
 * Planted, per rule: a few copies made before their source was renamed (stale), and one or two pointing at a source
 * that is gone (orphans): a user u99, a project P-99, a sprint S-99, a task T-999, an organisation umbrella without its
 * root. Deterministic for a scale: {@code TrackerData.of(1)} has 203 items, {@code of(n)} about n times as many.
 */
public final class TrackerData {
    public static final String TABLE = "Tracker";
    public static final TableKeys KEYS = new TableKeys(TABLE, KeySchema.of("PK", "SK"), Map.of("GSI1", KeySchema.of("GSI1PK", "GSI1SK")));

    /** The rules inference is to find, as SPECs. */
    public static final List<String> RULES = List.of(
            "ORG→USER.userName=USER.name@SK:key",
            "PROJECT.orgName=ORG.name@key",
            "TASK.projectTitle=PROJECT.title@PK=SK",
            "TASK.assigneeName=USER.name@assigneeId",
            "TASK.sprintName=SPRINT.name@GSI1PK=GSI1PK",
            "COMMENT.taskTitle=TASK.title@PK=SK",
            "COMMENT.author.name=USER.name@author.id",
            "WATCH.taskTitle=TASK.title@SK:1=SK:1");

    /** A planted finding: the copy's key, its attribute path, and the rule that finds it. */
    public record Planted(String pk, String sk, String attribute, String rule) {
        public String keyText() {
            return pk + " / " + sk;
        }
    }

    private final List<Item> items = new ArrayList<>();
    private final List<Planted> stale = new ArrayList<>();
    private final List<Planted> orphans = new ArrayList<>();

    private TrackerData() {
    }

    public List<Item> items() {
        return items;
    }

    /** The stale copies planted: each differs from its source, which exists. */
    public List<Planted> stale() {
        return stale;
    }

    /** The orphans planted: each points at a source that does not exist. */
    public List<Planted> orphans() {
        return orphans;
    }

    private static String user(int u) {
        return String.format("u%02d", u);
    }

    private static String userName(int u) {
        return "Person " + (char) ('A' + u % 26) + (u / 26 == 0 ? "" : Integer.toString(u / 26)) + " Doe-" + u;
    }

    private static String taskTitle(int t) {
        return "Task " + t + ": " + (t % 2 == 0 ? "fix the build" : "write the docs");
    }

    /** At {@code scale} 1: 3 organisations, 12 users, 6 projects with 2 sprints and 5 tasks each, 2 comments and 2 watchers per task. */
    public static TrackerData of(int scale) {
        if (scale < 1) {
            throw new IllegalArgumentException("scale from 1: " + scale);
        }
        var data = new TrackerData();
        data.build(scale);
        return data;
    }

    private void build(int scale) {
        var orgs = List.of("acme", "globex", "initech");
        int users = 12 * scale;
        int projectsPerOrg = 2 * scale;
        int tasksPerProject = 5;
        // Renamed after their copies were made: user 2, org globex, project 1's title, sprint 1, task 1's title.
        for (var org : orgs) {
            items.add(item("ORG#" + org, "ORG#" + org, "orgId", s(org), "name", s(orgName(org))));
        }
        for (int u = 1; u <= users; u++) {
            items.add(item("USER#" + user(u), "PROFILE", "userId", s(user(u)), "name", s(userName(u)), "email", s(user(u) + "@example.com")));
        }
        // Memberships: every user in one or two organisations.
        for (int u = 1; u <= users; u++) {
            for (int o = 0; o < orgs.size(); o++) {
                if (u % orgs.size() == o || u % 4 == 0 && (u + 1) % orgs.size() == o) {
                    var copied = u == 2 ? "Old " + userName(u) : userName(u);
                    if (u == 2) {
                        stale.add(new Planted("ORG#" + orgs.get(o), "USER#" + user(u), "userName", RULES.get(0)));
                    }
                    items.add(item("ORG#" + orgs.get(o), "USER#" + user(u), "role", s(u % 5 == 0 ? "admin" : "member"), "userName", s(copied)));
                }
            }
        }
        items.add(item("ORG#acme", "USER#u99", "role", s("member"), "userName", s("Gone Person")));
        orphans.add(new Planted("ORG#acme", "USER#u99", "userName", RULES.get(0)));

        int project = 0;
        int sprint = 0;
        int task = 0;
        int comment = 0;
        for (var org : orgs) {
            for (int p = 0; p < projectsPerOrg; p++) {
                project++;
                var projectId = "P-" + project;
                var orgCopy = org.equals("globex") && p == 0 ? "Globex Corp" : orgName(org);
                if (org.equals("globex") && p == 0) {
                    stale.add(new Planted("ORG#globex", "PROJECT#" + projectId, "orgName", RULES.get(1)));
                }
                items.add(item("ORG#" + org, "PROJECT#" + projectId, "projectId", s(projectId), "title", s(projectTitle(project)),
                        "status", s(project % 3 == 0 ? "DONE" : "ACTIVE"), "orgName", s(orgCopy)));
                var sprints = new int[] {++sprint, ++sprint};
                for (int k = 0; k < sprints.length; k++) {
                    items.add(item("PROJECT#" + projectId, "SPRINT#2024-0" + (k + 5), "sprintId", s("S-" + sprints[k]), "name", s(sprintName(sprints[k])),
                            "GSI1PK", s("SPRINT#S-" + sprints[k]), "GSI1SK", s("SPRINT")));
                }
                for (int t = 0; t < tasksPerProject; t++) {
                    task++;
                    var taskId = "T-" + task;
                    int assignee = (task * 7) % users + 1;
                    int inSprint = sprints[t % 2];
                    // Project 1 was renamed: its first three tasks kept the old title. User 2 was renamed, sprint 1 too.
                    var projectCopy = project == 1 && t < 3 ? "Old " + projectTitle(project) : projectTitle(project);
                    if (project == 1 && t < 3) {
                        stale.add(new Planted("PROJECT#" + projectId, "TASK#" + taskId, "projectTitle", RULES.get(2)));
                    }
                    var assigneeCopy = userName(assignee);
                    if (assignee == 2) {
                        assigneeCopy = "Old " + userName(2);
                        stale.add(new Planted("PROJECT#" + projectId, "TASK#" + taskId, "assigneeName", RULES.get(3)));
                    }
                    var sprintCopy = inSprint == 1 && t == 0 ? "Old " + sprintName(1) : sprintName(inSprint);
                    if (inSprint == 1 && t == 0) {
                        stale.add(new Planted("PROJECT#" + projectId, "TASK#" + taskId, "sprintName", RULES.get(4)));
                    }
                    items.add(item("PROJECT#" + projectId, "TASK#" + taskId, "taskId", s(taskId), "title", s(taskTitle(task)),
                            "status", s(task % 4 == 0 ? "DONE" : "OPEN"), "projectTitle", s(projectCopy), "assigneeId", s(user(assignee)),
                            "assigneeName", s(assigneeCopy), "sprintName", s(sprintCopy), "GSI1PK", s("SPRINT#S-" + inSprint),
                            "GSI1SK", s("TASK#" + taskId)));
                    for (int c = 0; c < 2; c++) {
                        comment++;
                        int author = (task + c * 5) % users + 1;
                        var sk = String.format("COMMENT#2024-05-%02dT10:%02d:00Z#c%04d", 1 + comment % 28, comment % 60, comment);
                        var titleCopy = task == 1 && c == 0 ? "Old " + taskTitle(task) : taskTitle(task);
                        if (task == 1 && c == 0) {
                            stale.add(new Planted("TASK#" + taskId, sk, "taskTitle", RULES.get(5)));
                        }
                        var authorCopy = author == 2 ? "Old " + userName(2) : userName(author);
                        if (author == 2) {
                            stale.add(new Planted("TASK#" + taskId, sk, "author.name", RULES.get(6)));
                        }
                        items.add(item("TASK#" + taskId, sk, "text", s("Looks " + (comment % 3 == 0 ? "good" : "close")), "taskTitle", s(titleCopy),
                                "author", m("id", s(user(author)), "name", s(authorCopy))));
                    }
                    for (int w = 0; w < 2; w++) {
                        int watcher = (task + w * 3) % users + 1;
                        var titleCopy = task == 2 && w == 0 ? "Old " + taskTitle(task) : taskTitle(task);
                        if (task == 2 && w == 0) {
                            stale.add(new Planted("USER#" + user(watcher), "WATCH#TASK#" + taskId, "taskTitle", RULES.get(7)));
                        }
                        items.add(item("USER#" + user(watcher), "WATCH#TASK#" + taskId, "since", s("2024-05-0" + (1 + w)),
                                "taskTitle", s(titleCopy)));
                    }
                }
            }
        }
        // The orphans: sources that are gone.
        items.add(item("ORG#umbrella", "PROJECT#P-50", "projectId", s("P-50"), "title", s("Umbrella migration"), "status", s("ACTIVE"),
                "orgName", s("Umbrella Corp")));
        orphans.add(new Planted("ORG#umbrella", "PROJECT#P-50", "orgName", RULES.get(1)));
        items.add(item("PROJECT#P-99", "TASK#T-990", "taskId", s("T-990"), "title", s("Left behind"), "status", s("OPEN"),
                "projectTitle", s("A deleted project"), "assigneeId", s("u99"), "assigneeName", s("Gone Person"),
                "sprintName", s("Sprint nowhere"), "GSI1PK", s("SPRINT#S-99"), "GSI1SK", s("TASK#T-990")));
        orphans.add(new Planted("PROJECT#P-99", "TASK#T-990", "projectTitle", RULES.get(2)));
        orphans.add(new Planted("PROJECT#P-99", "TASK#T-990", "assigneeName", RULES.get(3)));
        orphans.add(new Planted("PROJECT#P-99", "TASK#T-990", "sprintName", RULES.get(4)));
        items.add(item("TASK#T-999", "COMMENT#2024-05-30T09:00:00Z#c9999", "text", s("Still there?"), "taskTitle", s("A deleted task"),
                "author", m("id", s("u99"), "name", s("Gone Person"))));
        orphans.add(new Planted("TASK#T-999", "COMMENT#2024-05-30T09:00:00Z#c9999", "taskTitle", RULES.get(5)));
        orphans.add(new Planted("TASK#T-999", "COMMENT#2024-05-30T09:00:00Z#c9999", "author.name", RULES.get(6)));
        items.add(item("USER#" + user(3), "WATCH#TASK#T-999", "since", s("2024-05-09"), "taskTitle", s("A deleted task")));
        orphans.add(new Planted("USER#" + user(3), "WATCH#TASK#T-999", "taskTitle", RULES.get(7)));
    }

    private static String orgName(String org) {
        return switch (org) {
            case "acme" -> "Acme Inc";
            case "globex" -> "Globex Corporation";
            default -> "Initech LLC";
        };
    }

    private static String projectTitle(int project) {
        return "Project " + project + (project == 1 ? " Phoenix" : " roadmap");
    }

    private static String sprintName(int sprint) {
        return "Sprint " + sprint + (sprint == 1 ? " (kick-off)" : "");
    }

    /** Every planted finding's key and attribute, as "PK / SK attribute". */
    public static Set<String> keys(List<Planted> planted) {
        var keys = new LinkedHashSet<String>();
        planted.forEach(p -> keys.add(p.keyText() + " " + p.attribute()));
        return keys;
    }

    private static AttributeValue s(String text) {
        return AttributeValue.s(text);
    }

    private static AttributeValue m(Object... namesAndValues) {
        var values = new LinkedHashMap<String, AttributeValue>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            values.put((String) namesAndValues[i], (AttributeValue) namesAndValues[i + 1]);
        }
        return AttributeValue.m(values);
    }

    private static Item item(String pk, String sk, Object... namesAndValues) {
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", s(pk));
        attributes.put("SK", s(sk));
        for (int i = 0; i < namesAndValues.length; i += 2) {
            attributes.put((String) namesAndValues[i], (AttributeValue) namesAndValues[i + 1]);
        }
        return new Item(attributes);
    }
}
