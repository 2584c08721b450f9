package dev.dynalens.service.sql;

import dev.dynalens.domain.sql.SqlAttribute;
import dev.dynalens.domain.sql.SqlCatalog;
import dev.dynalens.domain.sql.SqlEntity;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/** One table of the workbench as Calcite sees it: an entity type (or the whole DynamoDB table), one column per attribute. */
final class EntityTable extends AbstractTable implements TranslatableTable {
    private final SqlCatalog catalog;
    private final SqlEntity entity;

    EntityTable(SqlCatalog catalog, SqlEntity entity) {
        this.catalog = catalog;
        this.entity = entity;
    }

    SqlCatalog catalog() {
        return catalog;
    }

    SqlEntity entity() {
        return entity;
    }

    List<SqlAttribute> columns() {
        return entity.attributes();
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory types) {
        var builder = types.builder();
        for (var attribute : entity.attributes()) {
            builder.add(attribute.name(), SqlTypes.columnType(types, attribute));
        }
        return builder.build();
    }

    SqlTypeName columnType(int column, RelDataTypeFactory types) {
        return SqlTypes.columnType(types, entity.attributes().get(column)).getSqlTypeName();
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable table) {
        var cluster = context.getCluster();
        return new DynamoAccess(cluster, cluster.traitSetOf(Convention.NONE), table, this, PushedDown.all(entity.attributes().size()));
    }
}
