package dev.dynalens.service.aws;

import dev.dynalens.domain.item.AttributeMap;
import dev.dynalens.domain.item.AttributeValue;
import dev.dynalens.domain.item.Bytes;
import dev.dynalens.domain.item.DynamoNumber;
import dev.dynalens.domain.item.Item;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;

/**
 * Domain {@link AttributeValue} to and from the SDK's attribute value. Numbers travel as their exact
 * text, never through a double; binary values as {@link SdkBytes}.
 */
final class AttributeValueMapper {
    private AttributeValueMapper() {
    }

    static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(AttributeValue value) {
        var sdk = software.amazon.awssdk.services.dynamodb.model.AttributeValue.builder();
        return switch (value) {
            case AttributeValue.Str s -> sdk.s(s.value()).build();
            case AttributeValue.Num n -> sdk.n(n.value().text()).build();
            case AttributeValue.Bin b -> sdk.b(SdkBytes.fromByteArrayUnsafe(b.value().toArray())).build();
            case AttributeValue.Bool b -> sdk.bool(b.value()).build();
            case AttributeValue.Null ignored -> sdk.nul(true).build();
            case AttributeValue.ListValue l -> sdk.l(l.values().stream().map(AttributeValueMapper::toSdk).toList()).build();
            case AttributeValue.MapValue m -> sdk.m(toSdk(m.values())).build();
            case AttributeValue.StringSet ss -> sdk.ss(List.copyOf(ss.values())).build();
            case AttributeValue.NumberSet ns -> sdk.ns(ns.values().stream().map(DynamoNumber::text).toList()).build();
            case AttributeValue.BinarySet bs -> sdk.bs(bs.values().stream()
                    .map(bytes -> SdkBytes.fromByteArrayUnsafe(bytes.toArray())).toList()).build();
        };
    }

    /** Keeps the order of the given map. */
    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(
            Map<String, ? extends AttributeValue> values) {
        var sdk = new LinkedHashMap<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>(values.size() * 2);
        values.forEach((name, value) -> sdk.put(name, toSdk(value)));
        return sdk;
    }

    /**
     * @throws IllegalArgumentException for a value no DynamoDB endpoint sends (no type, an empty set, a bad number)
     */
    static AttributeValue fromSdk(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        return switch (value.type()) {
            case S -> AttributeValue.s(value.s());
            case N -> AttributeValue.n(value.n());
            case B -> new AttributeValue.Bin(Bytes.of(value.b().asByteArrayUnsafe()));
            case BOOL -> AttributeValue.bool(value.bool());
            case NUL -> AttributeValue.nul();
            case L -> {
                var list = new ArrayList<AttributeValue>(value.l().size());
                value.l().forEach(element -> list.add(fromSdk(element)));
                yield AttributeValue.l(list);
            }
            case M -> attributes(value.m()).toMap();
            case SS -> AttributeValue.StringSet.of(value.ss());
            case NS -> AttributeValue.NumberSet.of(value.ns().stream().map(DynamoNumber::parse).toList());
            case BS -> AttributeValue.BinarySet.of(value.bs().stream().map(b -> Bytes.of(b.asByteArrayUnsafe())).toList());
            case UNKNOWN_TO_SDK_VERSION -> throw new IllegalArgumentException(
                    "The endpoint sent an attribute value of a type this SDK does not know: " + value);
        };
    }

    /** Keeps the order the endpoint sent. */
    static Map<String, AttributeValue> fromSdk(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        var domain = new LinkedHashMap<String, AttributeValue>(values.size() * 2);
        values.forEach((name, value) -> domain.put(name, fromSdk(value)));
        return domain;
    }

    static Item toItem(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        return attributes(values).toItem();
    }

    /** In the order the endpoint sent, handed to the item or map made of them without a copy. */
    private static AttributeMap attributes(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
        var domain = new AttributeMap(values.size());
        values.forEach((name, value) -> domain.put(name, fromSdk(value)));
        return domain;
    }

    /** Null and empty both mean "no key" to DynamoDB; the SDK sends nothing for null. */
    static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> keyToSdk(
            Map<String, ? extends AttributeValue> key) {
        return key == null || key.isEmpty() ? null : toSdk(key);
    }

    /** The SDK gives an empty auto-constructed map when the response had none. */
    static Map<String, AttributeValue> keyFromSdk(
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> key) {
        return key == null || key.isEmpty() ? null : fromSdk(key);
    }
}
