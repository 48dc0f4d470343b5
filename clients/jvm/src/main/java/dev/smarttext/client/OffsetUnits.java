package dev.smarttext.client;

/** What offsets count, in a request and in its answer. */
public enum OffsetUnits {
    /** UTF-16 code units (the default): Java {@code String} indices, Android {@code getSelectionStart}. */
    UTF16("utf16"),
    /** Unicode scalars (code points). */
    SCALARS("scalars");

    private final String apiName;

    OffsetUnits(String apiName) {
        this.apiName = apiName;
    }

    /** The name the API uses. */
    public String apiName() {
        return apiName;
    }
}
