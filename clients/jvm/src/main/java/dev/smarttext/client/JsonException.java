package dev.smarttext.client;

/** A JSON text that is not strict RFC 8259 JSON, or a JSON value that is not of the expected shape. */
public final class JsonException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int offset;

    /** An error at a UTF-16 offset of the text read ({@code -1} when it is not about one place). */
    public JsonException(String message, int offset) {
        super(message);
        this.offset = offset;
    }

    /** Where in the text the error is (UTF-16 offset), or {@code -1} for a value of the wrong shape. */
    public int offset() {
        return offset;
    }
}
