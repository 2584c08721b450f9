package dev.dynalens.service.aws;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.TransactionResult;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.domain.table.ConsumedCapacity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** GetItem and single-item write requests from domain values, and their responses back. Pure. */
final class WriteMapper {
    private WriteMapper() {
    }

    static GetItemRequest getItem(String tableName, Map<String, AttributeValue> key, boolean consistent) {
        return GetItemRequest.builder().tableName(tableName).key(AttributeValueMapper.toSdk(key))
                .consistentRead(consistent).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    static GetResult fromGet(GetItemResponse response) {
        var item = response.hasItem() ? Optional.of(AttributeValueMapper.toItem(response.item())) : Optional.<dev.dynalens.domain.item.Item>empty();
        return new GetResult(item, PageMapper.consumedCapacity(response.consumedCapacity()));
    }

    static PutItemRequest put(ItemWrite.Put put) {
        return PutItemRequest.builder().tableName(put.tableName()).item(AttributeValueMapper.toSdk(put.item().attributes()))
                .conditionExpression(put.conditionExpression())
                .expressionAttributeNames(nullIfEmpty(put.names()))
                .expressionAttributeValues(nullIfEmpty(AttributeValueMapper.toSdk(put.values())))
                .returnValues(ReturnValue.ALL_OLD).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    static UpdateItemRequest update(ItemWrite.Update update) {
        return UpdateItemRequest.builder().tableName(update.tableName()).key(AttributeValueMapper.toSdk(update.key()))
                .updateExpression(update.updateExpression())
                .conditionExpression(update.conditionExpression())
                .expressionAttributeNames(nullIfEmpty(update.names()))
                .expressionAttributeValues(nullIfEmpty(AttributeValueMapper.toSdk(update.values())))
                .returnValues(ReturnValue.ALL_NEW).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    static DeleteItemRequest delete(ItemWrite.Delete delete) {
        return DeleteItemRequest.builder().tableName(delete.tableName()).key(AttributeValueMapper.toSdk(delete.key()))
                .conditionExpression(delete.conditionExpression())
                .expressionAttributeNames(nullIfEmpty(delete.names()))
                .expressionAttributeValues(nullIfEmpty(AttributeValueMapper.toSdk(delete.values())))
                .returnValues(ReturnValue.ALL_OLD).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    static WriteResult fromPut(PutItemResponse response) {
        return applied(response.hasAttributes() ? response.attributes() : null, response.consumedCapacity());
    }

    static WriteResult fromUpdate(UpdateItemResponse response) {
        return applied(response.hasAttributes() ? response.attributes() : null, response.consumedCapacity());
    }

    static WriteResult fromDelete(DeleteItemResponse response) {
        return applied(response.hasAttributes() ? response.attributes() : null, response.consumedCapacity());
    }

    static WriteResult conditionFailed() {
        return new WriteResult(WriteResult.Status.CONDITION_FAILED, Optional.empty(), ConsumedCapacity.NOT_REPORTED);
    }

    private static WriteResult applied(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> attributes,
                                       software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity capacity) {
        var returned = attributes == null || attributes.isEmpty() ? Optional.<dev.dynalens.domain.item.Item>empty()
                : Optional.of(AttributeValueMapper.toItem(attributes));
        return new WriteResult(WriteResult.Status.APPLIED, returned, PageMapper.consumedCapacity(capacity));
    }

    /**
     * One TransactWriteItems from the writes, in order. Each action asks for the item as it was when its condition
     * failed (ReturnValuesOnConditionCheckFailure ALL_OLD), so a cancelled transaction explains itself without another
     * read. Transaction actions return no other values.
     */
    static TransactWriteItemsRequest transactWrite(List<ItemWrite> writes, String clientRequestToken) {
        var actions = writes.stream().map(WriteMapper::transactItem).toList();
        return TransactWriteItemsRequest.builder().transactItems(actions).clientRequestToken(clientRequestToken)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
    }

    private static TransactWriteItem transactItem(ItemWrite write) {
        var names = nullIfEmpty(write.names());
        var values = nullIfEmpty(AttributeValueMapper.toSdk(write.values()));
        var oldOnFailure = ReturnValuesOnConditionCheckFailure.ALL_OLD;
        return switch (write) {
            case ItemWrite.Put put -> TransactWriteItem.builder().put(p -> p.tableName(put.tableName())
                    .item(AttributeValueMapper.toSdk(put.item().attributes())).conditionExpression(put.conditionExpression())
                    .expressionAttributeNames(names).expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(oldOnFailure)).build();
            case ItemWrite.Update update -> TransactWriteItem.builder().update(u -> u.tableName(update.tableName())
                    .key(AttributeValueMapper.toSdk(update.key())).updateExpression(update.updateExpression())
                    .conditionExpression(update.conditionExpression())
                    .expressionAttributeNames(names).expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(oldOnFailure)).build();
            case ItemWrite.Delete delete -> TransactWriteItem.builder().delete(d -> d.tableName(delete.tableName())
                    .key(AttributeValueMapper.toSdk(delete.key())).conditionExpression(delete.conditionExpression())
                    .expressionAttributeNames(names).expressionAttributeValues(values)
                    .returnValuesOnConditionCheckFailure(oldOnFailure)).build();
        };
    }

    static TransactionResult fromTransactWrite(TransactWriteItemsResponse response) {
        var capacity = dev.dynalens.domain.table.ConsumedCapacity.NOT_REPORTED;
        if (response.hasConsumedCapacity()) {
            for (var perTable : response.consumedCapacity()) {
                capacity = capacity.plus(PageMapper.consumedCapacity(perTable));
            }
        }
        return TransactionResult.committed(capacity);
    }

    /**
     * A cancelled transaction: one reason per action in request order. An endpoint that leaves the reasons out still
     * gives one (unknown) reason per write, so the caller can tell every write apart.
     */
    static TransactionResult cancelled(TransactionCanceledException cancelled, int writes) {
        var reasons = new java.util.ArrayList<TransactionResult.Reason>();
        if (cancelled.hasCancellationReasons()) {
            for (var reason : cancelled.cancellationReasons()) {
                var item = reason.hasItem() && !reason.item().isEmpty()
                        ? Optional.of(AttributeValueMapper.toItem(reason.item())) : Optional.<dev.dynalens.domain.item.Item>empty();
                reasons.add(new TransactionResult.Reason(reason.code(), reason.message(), item));
            }
        }
        while (reasons.size() < writes) {
            reasons.add(TransactionResult.Reason.unknown());
        }
        var message = cancelled.awsErrorDetails() != null && cancelled.awsErrorDetails().errorMessage() != null
                ? cancelled.awsErrorDetails().errorMessage() : "Transaction cancelled";
        return TransactionResult.cancelled(reasons, message);
    }

    /** DynamoDB refuses an empty ExpressionAttributeNames or ExpressionAttributeValues map. */
    private static <K, V> Map<K, V> nullIfEmpty(Map<K, V> map) {
        return map == null || map.isEmpty() ? null : map;
    }
}
