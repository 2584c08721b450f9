package dev.dynalens.domain.item;

import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

/** Immutable binary value compared by content. */
public final class Bytes implements Comparable<Bytes> {
    private final byte[] data;

    private Bytes(byte[] data) {
        this.data = data;
    }

    public static Bytes of(byte[] data) {
        return new Bytes(data.clone());
    }

    public static Bytes fromBase64(String base64) {
        try {
            return new Bytes(Base64.getDecoder().decode(base64));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Not valid base64: " + e.getMessage(), e);
        }
    }

    public byte[] toArray() {
        return data.clone();
    }

    public int length() {
        return data.length;
    }

    public String toBase64() {
        return Base64.getEncoder().encodeToString(data);
    }

    /** Whether these bytes start with {@code prefix} (DynamoDB's begins_with on a binary value). */
    public boolean startsWith(Bytes prefix) {
        return prefix.data.length <= data.length
                && Arrays.equals(data, 0, prefix.data.length, prefix.data, 0, prefix.data.length);
    }

    public String toHex() {
        return HexFormat.of().formatHex(data);
    }

    /** DynamoDB compares binary values as unsigned bytes. */
    @Override
    public int compareTo(Bytes other) {
        return Arrays.compareUnsigned(data, other.data);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Bytes other && Arrays.equals(data, other.data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return toBase64();
    }
}
