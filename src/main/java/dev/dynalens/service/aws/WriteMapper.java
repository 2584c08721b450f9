package dev.dynalens.service.aws;

import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.write.GetResult;
import dev.dynalens.domain.write.ItemWrite;
import dev.dynalens.domain.write.WriteResult;
import dev.dynalens.domain.table.ConsumedCapacity;
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

    /** DynamoDB refuses an empty ExpressionAttributeNames or ExpressionAttributeValues map. */
    private static <K, V> Map<K, V> nullIfEmpty(Map<K, V> map) {
        return map == null || map.isEmpty() ? null : map;
    }
}
