package dev.dynalens.service.aws;

import dev.dynalens.domain.item.Item;
import dev.dynalens.domain.partiql.PartiqlBatchResult;
import dev.dynalens.domain.partiql.PartiqlPage;
import dev.dynalens.domain.partiql.PartiqlStatement;
import dev.dynalens.domain.partiql.PartiqlTransactionResult;
import dev.dynalens.domain.table.ConsumedCapacity;
import dev.dynalens.domain.write.TransactionResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/** PartiQL requests (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction) and their answers. Pure. */
final class PartiqlMapper {
    /** API reference: BatchExecuteStatement takes at most 25 statements, ExecuteTransaction at most 100. */
    static final int MAX_BATCH = 25;
    static final int MAX_TRANSACTION = 100;

    private PartiqlMapper() {
    }

    static ExecuteStatementRequest executeStatement(PartiqlStatement statement, boolean consistentRead, Integer limit,
                                                    String nextToken) {
        return ExecuteStatementRequest.builder()
                .statement(statement.text())
                .parameters(parameters(statement))
                .consistentRead(consistentRead ? Boolean.TRUE : null)
                .limit(limit)
                .nextToken(nextToken)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                // A failed condition then says what the item was, as the transactions do.
                .returnValuesOnConditionCheckFailure(statement.writes() ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null)
                .build();
    }

    static PartiqlPage fromExecuteStatement(ExecuteStatementResponse response) {
        List<Item> items = response.hasItems() ? response.items().stream().map(AttributeValueMapper::toItem).toList() : List.of();
        return new PartiqlPage(items, response.nextToken(), PageMapper.consumedCapacity(response.consumedCapacity()));
    }

    static BatchExecuteStatementRequest batchExecuteStatement(List<PartiqlStatement> statements) {
        if (statements.isEmpty() || statements.size() > MAX_BATCH) {
            throw new IllegalArgumentException("BatchExecuteStatement takes 1 to " + MAX_BATCH + " statements, not " + statements.size());
        }
        return BatchExecuteStatementRequest.builder()
                .statements(statements.stream().map(statement -> BatchStatementRequest.builder()
                        .statement(statement.text())
                        .parameters(parameters(statement))
                        .returnValuesOnConditionCheckFailure(statement.writes() ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null)
                        .build()).toList())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    static PartiqlBatchResult fromBatchExecuteStatement(BatchExecuteStatementResponse response) {
        var responses = new ArrayList<PartiqlBatchResult.Response>();
        if (response.hasResponses()) {
            for (var each : response.responses()) {
                var item = each.hasItem() && !each.item().isEmpty() ? Optional.of(AttributeValueMapper.toItem(each.item()))
                        : Optional.<Item>empty();
                var error = each.error();
                responses.add(new PartiqlBatchResult.Response(each.tableName(), item,
                        error == null ? null : error.codeAsString(), error == null ? null : error.message()));
            }
        }
        return new PartiqlBatchResult(responses, total(response.hasConsumedCapacity() ? response.consumedCapacity() : List.of()));
    }

    static ExecuteTransactionRequest executeTransaction(List<PartiqlStatement> statements, String clientRequestToken) {
        if (statements.isEmpty() || statements.size() > MAX_TRANSACTION) {
            throw new IllegalArgumentException("ExecuteTransaction takes 1 to " + MAX_TRANSACTION + " statements, not " + statements.size());
        }
        return ExecuteTransactionRequest.builder()
                .transactStatements(statements.stream().map(statement -> ParameterizedStatement.builder()
                        .statement(statement.text())
                        .parameters(parameters(statement))
                        .returnValuesOnConditionCheckFailure(statement.writes() ? ReturnValuesOnConditionCheckFailure.ALL_OLD : null)
                        .build()).toList())
                .clientRequestToken(clientRequestToken)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    static PartiqlTransactionResult fromExecuteTransaction(ExecuteTransactionResponse response) {
        var items = new ArrayList<Optional<Item>>();
        if (response.hasResponses()) {
            for (var each : response.responses()) {
                items.add(each.hasItem() && !each.item().isEmpty() ? Optional.of(AttributeValueMapper.toItem(each.item()))
                        : Optional.empty());
            }
        }
        var capacity = total(response.hasConsumedCapacity() ? response.consumedCapacity() : List.of());
        return new PartiqlTransactionResult(TransactionResult.committed(capacity), items);
    }

    private static ConsumedCapacity total(List<software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity> perTable) {
        var capacity = ConsumedCapacity.NOT_REPORTED;
        for (var each : perTable) {
            capacity = capacity.plus(PageMapper.consumedCapacity(each));
        }
        return capacity;
    }

    /** DynamoDB refuses an empty Parameters list: no parameters is no list. */
    private static List<software.amazon.awssdk.services.dynamodb.model.AttributeValue> parameters(PartiqlStatement statement) {
        return statement.parameters().isEmpty() ? null : statement.parameters().stream().map(AttributeValueMapper::toSdk).toList();
    }
}
