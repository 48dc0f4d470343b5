package dev.smarttext.client;

import java.io.IOException;

/** The request got no answer: no connection, a time-out, a connection closed before the answer was read. */
public final class TransportException extends SmartTextException {
    private static final long serialVersionUID = 1L;

    public TransportException(String message, IOException cause) {
        super("SmartText service unreachable: " + message, cause);
    }
}
