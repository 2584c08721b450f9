package dev.dynalens.domain.item;

/** The ten DynamoDB attribute types, named by their wire descriptors. */
public enum AttributeType {
    S, N, B, BOOL, NULL, L, M, SS, NS, BS;

    public boolean isSet() {
        return this == SS || this == NS || this == BS;
    }

    public boolean isDocument() {
        return this == L || this == M;
    }
}
