package dev.dynalens.samples;

import static dev.dynalens.samples.ItemBuilder.item;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.table.KeySchema;
import dev.dynalens.samples.WorkbenchModelWriter.Facet;
import dev.dynalens.samples.WorkbenchModelWriter.Gsi;
import dev.dynalens.samples.WorkbenchModelWriter.Model;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code samples/teams.json}: users and teams joined by an adjacency list in table {@code Teams}.
 * Each membership is written twice ({@code USER#a}/{@code TEAM#b} and {@code TEAM#b}/{@code USER#a})
 * and GSI1 inverts the key (SK, PK). One membership is planted without its team-side edge.
 */
final class TeamsSample {
    static final String FILE = "teams.json";
    static final String MISSING_REVERSE_USER = "u09";
    static final String MISSING_REVERSE_TEAM = "data";

    private record User(String id, String name, String title) {
    }

    private record Team(String id, String name, String description, String createdAt) {
    }

    private record Membership(String userId, String teamId, String role, String joinedAt) {
    }

    private static final List<User> USERS = List.of(
            new User("u01", "Amara Nwosu", "Engineering Manager"),
            new User("u02", "Felix Wagner", "Staff Engineer"),
            new User("u03", "Mei Lin", "Data Engineer"),
            new User("u04", "Rafael Costa", "Backend Engineer"),
            new User("u05", "Ingrid Solberg", "Product Designer"),
            new User("u06", "Omar Haddad", "Mobile Engineer"),
            new User("u07", "Zoe Turner", "Site Reliability Engineer"),
            new User("u08", "Kenji Watanabe", "Data Scientist"),
            new User("u09", "Lucía Romero", "Analytics Engineer"),
            new User("u10", "Noah Fischer", "iOS Engineer"),
            new User("u11", "Fatima Zahra", "UX Researcher"),
            new User("u12", "Ethan Brooks", "Frontend Engineer"));

    private static final List<Team> TEAMS = List.of(
            new Team("platform", "Platform", "Build, deploy and the shared runtime", "2022-02-01T09:00:00Z"),
            new Team("data", "Data", "Pipelines, warehouse and reporting", "2022-05-16T09:00:00Z"),
            new Team("mobile", "Mobile", "The iOS and Android apps", "2023-01-09T09:00:00Z"),
            new Team("design", "Design", "Design system and research", "2023-04-03T09:00:00Z"));

    private static final List<Membership> MEMBERSHIPS = List.of(
            new Membership("u01", "platform", "owner", "2022-02-01T09:00:00Z"),
            new Membership("u02", "platform", "maintainer", "2022-02-14T10:30:00Z"),
            new Membership("u04", "platform", "member", "2022-09-05T08:45:00Z"),
            new Membership("u07", "platform", "maintainer", "2023-03-20T13:15:00Z"),
            new Membership("u12", "platform", "member", "2024-02-12T09:20:00Z"),
            new Membership("u03", "data", "owner", "2022-05-16T09:00:00Z"),
            new Membership("u08", "data", "member", "2022-11-07T11:00:00Z"),
            new Membership("u09", "data", "member", "2023-06-26T14:05:00Z"),
            new Membership("u04", "data", "member", "2023-09-18T10:10:00Z"),
            new Membership("u02", "data", "maintainer", "2024-01-22T15:40:00Z"),
            new Membership("u06", "mobile", "owner", "2023-01-09T09:00:00Z"),
            new Membership("u10", "mobile", "maintainer", "2023-01-23T09:35:00Z"),
            new Membership("u12", "mobile", "member", "2023-07-03T16:50:00Z"),
            new Membership("u07", "mobile", "member", "2023-10-30T08:25:00Z"),
            new Membership("u05", "design", "owner", "2023-04-03T09:00:00Z"),
            new Membership("u11", "design", "member", "2023-04-17T10:00:00Z"),
            new Membership("u12", "design", "member", "2023-11-13T12:45:00Z"),
            new Membership("u01", "design", "member", "2024-03-04T09:15:00Z"));

    private TeamsSample() {
    }

    /** "Lucía Romero" → lucia.romero@example.com */
    private static String email(String name) {
        var ascii = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        return ascii.toLowerCase(Locale.ROOT).replace(' ', '.') + "@example.com";
    }

    static Model model() {
        Map<String, User> users = USERS.stream().collect(Collectors.toMap(User::id, Function.identity()));
        Map<String, Team> teams = TEAMS.stream().collect(Collectors.toMap(Team::id, Function.identity()));
        var userItems = USERS.stream().map(u -> item("USER#" + u.id(), "PROFILE")
                .s("userId", u.id())
                .s("name", u.name())
                .s("email", email(u.name()))
                .s("title", u.title())
                .build()).toList();
        var teamItems = TEAMS.stream().map(t -> item("TEAM#" + t.id(), "METADATA")
                .s("teamId", t.id()).s("name", t.name()).s("description", t.description()).s("createdAt", t.createdAt())
                .build()).toList();
        var userSide = new ArrayList<Item>();
        var teamSide = new ArrayList<Item>();
        for (var m : MEMBERSHIPS) {
            userSide.add(item("USER#" + m.userId(), "TEAM#" + m.teamId())
                    .s("role", m.role()).s("joinedAt", m.joinedAt()).s("teamName", teams.get(m.teamId()).name())
                    .build());
            var planted = m.userId().equals(MISSING_REVERSE_USER) && m.teamId().equals(MISSING_REVERSE_TEAM);
            if (!planted) {
                teamSide.add(item("TEAM#" + m.teamId(), "USER#" + m.userId())
                        .s("role", m.role()).s("joinedAt", m.joinedAt()).s("userName", users.get(m.userId()).name())
                        .build());
            }
        }
        var keys = KeySchema.of("PK", "SK");
        return new Model("Teams",
                "DynaLens sample: users and teams joined by an adjacency list written both ways; GSI1 is the inverted index. One membership lacks its team-side edge (see samples/README.md).",
                "Teams", keys, List.of(new Gsi("GSI1", KeySchema.of("SK", "PK"))),
                List.of(new Facet("User", "USER#userId", "PROFILE", userItems),
                        new Facet("Team", "TEAM#teamId", "METADATA", teamItems),
                        new Facet("UserMembership", "USER#userId", "TEAM#teamId", userSide),
                        new Facet("TeamMembership", "TEAM#teamId", "USER#userId", teamSide)));
    }
}
