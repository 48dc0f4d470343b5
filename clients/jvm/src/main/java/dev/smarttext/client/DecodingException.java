package dev.smarttext.client;

/** The service answered, but not with the JSON this client expects (not JSON, or a member missing or of the wrong type). */
public final class DecodingException extends SmartTextException {
    private static final long serialVersionUID = 1L;

    public DecodingException(String message, Throwable cause) {
        super("SmartText answer not understood: " + message, cause);
    }
}
