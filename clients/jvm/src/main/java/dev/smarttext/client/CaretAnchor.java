package dev.smarttext.client;

/**
 * Where the caret was when the user made an edit, in terms the service can replay on the formatted
 * text: where the previous edit left it ({@code caret}), the start (Home), the end (End), or the
 * whole text selected. A caret put anywhere else (a tap, an arrow key) has no anchor ({@code null}).
 */
public enum CaretAnchor {
    CARET("caret"),
    START("start"),
    END("end"),
    ALL("all");

    private final String apiName;

    CaretAnchor(String apiName) {
        this.apiName = apiName;
    }

    /** The name the API uses. */
    public String apiName() {
        return apiName;
    }
}
