package dev.dynalens.domain.builder;

/** What an update row does to its path (Developer Guide, "Update expressions"). */
public enum UpdateAction {
    SET("SET path = value"), SET_PLUS("SET path = path + value"), SET_MINUS("SET path = path - value"),
    SET_IF_NOT_EXISTS("SET path = if_not_exists(path, value)"), LIST_APPEND("SET path = list_append(path, value)"),
    REMOVE("REMOVE path"), ADD("ADD path value"), DELETE("DELETE path value");

    private final String label;

    UpdateAction(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public boolean takesValue() {
        return this != REMOVE;
    }

    @Override
    public String toString() {
        return label;
    }
}
