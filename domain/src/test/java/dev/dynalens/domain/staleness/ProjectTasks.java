package dev.dynalens.domain.staleness;

import dev.dynalens.domain.inference.TableKeys;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A synthetic single table, generated lazily (nothing is kept, so it can be large): users
 * ({@code USER#u}/{@code PROFILE}, {@code name}), projects ({@code PROJECT#p}/{@code METADATA},
 * {@code title}), and tasks in their project's partition ({@code PROJECT#p}/{@code TASK#t}) that copy
 * the project's title ({@code projectTitle}, by their own key) and their assignee's name
 * ({@code assignee.name}, by {@code assigneeId}). Users and projects come first.
 *
 * <p>Planted: a task whose number is a multiple of {@code staleEvery} carries an old project title;
 * one whose number is a multiple of {@code orphanEvery} (and not of {@code staleEvery}) names an
 * assignee that does not exist.
 */
public record ProjectTasks(int users, int projects, int tasks, int staleEvery, int orphanEvery) implements Iterable<Item> {
    static final TableKeys KEYS = new TableKeys("Projects", KeySchema.of("PK", "SK"), Map.of());

    public int itemCount() {
        return users + projects + tasks;
    }

    public long plantedStale() {
        return staleEvery == 0 ? 0 : (tasks - 1) / staleEvery + 1;
    }

    long plantedOrphans() {
        long count = 0;
        for (int t = 0; t < tasks; t++) {
            if (isOrphan(t)) {
                count++;
            }
        }
        return count;
    }

    public boolean isStale(int task) {
        return staleEvery > 0 && task % staleEvery == 0;
    }

    public boolean isOrphan(int task) {
        return orphanEvery > 0 && task % orphanEvery == 0 && !isStale(task);
    }

    public static String userName(int user) {
        return "User Number " + user;
    }

    public static String projectTitle(int project) {
        return "Project " + project + " roadmap";
    }

    public static Item user(int user) {
        return Item.of(Map.of("PK", AttributeValue.s("USER#" + user), "SK", AttributeValue.s("PROFILE"),
                "userId", AttributeValue.s(Integer.toString(user)), "name", AttributeValue.s(userName(user))));
    }

    public static Item project(int project) {
        return Item.of(Map.of("PK", AttributeValue.s("PROJECT#" + project), "SK", AttributeValue.s("METADATA"),
                "projectId", AttributeValue.n(project), "title", AttributeValue.s(projectTitle(project))));
    }

    public Item task(int task) {
        int project = task % projects;
        int user = isOrphan(task) ? users + task : task % users;
        var attributes = new LinkedHashMap<String, AttributeValue>();
        attributes.put("PK", AttributeValue.s("PROJECT#" + project));
        attributes.put("SK", AttributeValue.s("TASK#" + task));
        attributes.put("projectTitle", AttributeValue.s(isStale(task) ? "Old " + projectTitle(project) : projectTitle(project)));
        attributes.put("assigneeId", AttributeValue.s(Integer.toString(user)));
        attributes.put("assignee", AttributeValue.m(Map.of("id", AttributeValue.s(Integer.toString(user)),
                "name", AttributeValue.s(isOrphan(task) ? "Gone " + user : userName(user)))));
        attributes.put("estimate", AttributeValue.n(task % 13));
        attributes.put("status", AttributeValue.s(task % 3 == 0 ? "DONE" : "OPEN"));
        return new Item(attributes);
    }

    @Override
    public Iterator<Item> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < itemCount();
            }

            @Override
            public Item next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                int i = next++;
                if (i < users) {
                    return user(i);
                }
                if (i < users + projects) {
                    return project(i - users);
                }
                return task(i - users - projects);
            }
        };
    }
}
