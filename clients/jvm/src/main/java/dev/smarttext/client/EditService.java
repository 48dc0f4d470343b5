package dev.smarttext.client;

/**
 * What an {@link EditSession} sends its requests through. {@link SmartTextClient} is one; an app may
 * wrap it (to add headers, log, or count), and a test wraps it to delay answers or to fail.
 *
 * <p>Both calls block until the answer is read; the session makes them on its background executor,
 * never on the thread it is used from.
 */
public interface EditService {
    /** Sends the edits a client made while waiting ({@code POST /v1/edit} with {@code edits}). */
    EditAnswer edit(TypedEditsRequest request) throws SmartTextException;

    /** Formats and validates a whole text ({@code POST /v1/format}), for a blur or a submit check. */
    EditAnswer format(FormatRequest request) throws SmartTextException;
}
