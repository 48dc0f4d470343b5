package dev.smarttext.client;

/**
 * Where a text stands: {@link #EMPTY}, {@link #INCOMPLETE} (typing more could make it valid), {@link
 * #VALID} or {@link #INVALID}. A state added to the API after this client is kept by its name
 * ({@link #isKnown()} is then false).
 */
public final class TextState {
    public static final TextState EMPTY = new TextState("empty");
    public static final TextState INCOMPLETE = new TextState("incomplete");
    public static final TextState VALID = new TextState("valid");
    public static final TextState INVALID = new TextState("invalid");

    private final String apiName;

    private TextState(String apiName) {
        this.apiName = apiName;
    }

    /** The state the API names {@code name}. */
    public static TextState of(String name) {
        switch (name) {
            case "empty":
                return EMPTY;
            case "incomplete":
                return INCOMPLETE;
            case "valid":
                return VALID;
            case "invalid":
                return INVALID;
            default:
                return new TextState(name);
        }
    }

    /** The API's name for the state. */
    public String apiName() {
        return apiName;
    }

    /** One of the four states this client knows. */
    public boolean isKnown() {
        return this == EMPTY || this == INCOMPLETE || this == VALID || this == INVALID;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TextState && ((TextState) other).apiName.equals(apiName);
    }

    @Override
    public int hashCode() {
        return apiName.hashCode();
    }

    @Override
    public String toString() {
        return apiName;
    }
}
