package dev.smarttext.client;

/**
 * Why a SmartText request failed. Every call of {@link SmartTextClient} throws only its three kinds:
 * {@link ProblemException} (the service answered with an error), {@link TransportException} (no
 * answer), {@link DecodingException} (an answer this client cannot read).
 *
 * <p>A text that fails validation is not an error: it is an answer with {@code valid} false.
 */
public abstract class SmartTextException extends Exception {
    private static final long serialVersionUID = 1L;

    SmartTextException(String message, Throwable cause) {
        super(message, cause);
    }
}
