package dev.dynalens.service.sql;

import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.schema.SchemaPlus;

/** What generated code reads while a query runs: the stashed reads, the run, the clock and the cancel flag. */
final class SqlDataContext implements DataContext {
    private final RelOptCluster cluster;
    private final Map<String, Object> parameters;
    private final AtomicBoolean cancelFlag;
    private final long now = System.currentTimeMillis();

    SqlDataContext(RelOptCluster cluster, Map<String, Object> parameters, AtomicBoolean cancelFlag) {
        this.cluster = cluster;
        this.parameters = parameters;
        this.cancelFlag = cancelFlag;
    }

    @Override
    public SchemaPlus getRootSchema() {
        return null;
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
        return (JavaTypeFactory) cluster.getTypeFactory();
    }

    @Override
    public QueryProvider getQueryProvider() {
        return null;
    }

    @Override
    public Object get(String name) {
        if (Variable.CANCEL_FLAG.camelName.equals(name)) {
            return cancelFlag;
        }
        if (Variable.UTC_TIMESTAMP.camelName.equals(name) || Variable.CURRENT_TIMESTAMP.camelName.equals(name)
                || Variable.LOCAL_TIMESTAMP.camelName.equals(name)) {
            return now;
        }
        if (Variable.TIME_ZONE.camelName.equals(name)) {
            return TimeZone.getDefault();
        }
        return parameters.get(name);
    }
}
