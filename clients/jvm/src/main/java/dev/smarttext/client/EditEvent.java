package dev.smarttext.client;

/**
 * Which validators report errors: {@code change} while typing (the default), {@code blur} when the
 * user leaves the field, {@code submit} when the form is sent. {@code blur} and {@code submit} also
 * finish the text (trailing spaces trimmed).
 */
public enum EditEvent {
    CHANGE("change"),
    BLUR("blur"),
    SUBMIT("submit");

    private final String apiName;

    EditEvent(String apiName) {
        this.apiName = apiName;
    }

    /** The name the API uses. */
    public String apiName() {
        return apiName;
    }
}
