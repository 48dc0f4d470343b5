package dev.smarttext.client;

import java.util.Collections;
import java.util.Map;

/**
 * The service answered with an error: an {@code application/problem+json} document (RFC 9457). {@link
 * #type()} is one of the API's {@code urn:smarttext:problem:…} names ({@code unknown-field}, {@code
 * invalid-range}, …). An answer with an error status that is not a problem document (a proxy's page)
 * gives the HTTP status, the type {@code about:blank}, and the start of the body as its detail.
 */
public final class ProblemException extends SmartTextException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String type;
    private final String title;
    private final String detail;
    private final String pointer;
    private final transient Map<String, Object> members;

    public ProblemException(int status, String type, String title, String detail, String pointer, Map<String, Object> members) {
        super("SmartText " + status + " " + type + ": " + title + (detail.isEmpty() ? "" : " (" + detail + ")"), null);
        this.status = status;
        this.type = type;
        this.title = title;
        this.detail = detail;
        this.pointer = pointer;
        this.members = members == null ? Collections.<String, Object>emptyMap() : members;
    }

    /** The HTTP status (400, 404, 422, 503, …). */
    public int status() {
        return status;
    }

    /** The problem's type, to match on: {@code urn:smarttext:problem:unknown-field}, …. */
    public String type() {
        return type;
    }

    /** A short summary of the kind of problem. */
    public String title() {
        return title;
    }

    /** What went wrong with this request, in words. */
    public String detail() {
        return detail;
    }

    /** The JSON Pointer of the offending value in the request ({@code /range/start}), or null. */
    public String pointer() {
        return pointer;
    }

    /** Every member of the problem document, as JSON values (empty when the body was not one). */
    public Map<String, Object> members() {
        return members;
    }
}
