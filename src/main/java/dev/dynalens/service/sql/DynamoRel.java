package dev.dynalens.service.sql;

import org.apache.calcite.rel.RelNode;

/** A relational expression that DynamoDB requests compute (the model: Calcite's Cassandra adapter's {@code CassandraRel}). */
interface DynamoRel extends RelNode {
}
