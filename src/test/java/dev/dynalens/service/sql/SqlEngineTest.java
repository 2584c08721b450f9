package dev.dynalens.service.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.item.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class SqlEngineTest {
    private static final ExecutorService PAGES = Executors.newCachedThreadPool(r -> {
        var t = new Thread(r, "sql pages");
        t.setDaemon(true);
        return t;
    });
    private static final SqlEngine ENGINE = new SqlEngine();
    private final List<dev.dynalens.domain.item.Item> items = TrackerData.items();

    @AfterAll
    static void stop() {
        PAGES.shutdownNow();
    }

    private List<List<Object>> rows(String sql) {
        var plan = ENGINE.plan(sql, TrackerData.catalog(items));
        System.out.println(plan.explain());
        var rows = new ArrayList<List<Object>>();
        try (var execution = ENGINE.start(plan, TrackerData.session(items), PAGES)) {
            while (execution.next()) {
                rows.add(execution.row());
            }
        }
        return rows;
    }

    @Test
    void entityNames() {
        System.out.println(TrackerData.catalog(items).tables());
    }

    @Test
    void aPartitionPinnedSelect_queries() {
        var plan = ENGINE.plan("SELECT title, ownerId FROM PROJECT WHERE PK = 'ORG#acme'", TrackerData.catalog(items));
        System.out.println(plan.explain());
        assertThat(plan.requests()).extracting(r -> r.operation()).containsExactly("Query");
        assertThat(rows("SELECT title, ownerId FROM PROJECT WHERE PK = 'ORG#acme'")).containsExactlyInAnyOrder(
                List.of(AttributeValue.s("Billing revamp"), AttributeValue.s("u1")), List.of(AttributeValue.s("Search"), AttributeValue.s("u2")));
    }
}
