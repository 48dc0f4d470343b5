package dev.smarttext.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A client for a SmartText service: edits, formatting, validation and discovery over HTTP, through
 * {@link HttpURLConnection} (which Android has too) and no other dependency.
 *
 * <pre>{@code
 * SmartTextClient client = new SmartTextClient("https://smarttext.example.com", "zh-CN", 10_000);
 * EditAnswer phone = client.format("phone_cn", "13800138000");
 * phone.text();   // "138 0013 8000"
 * phone.value();  // "13800138000"
 * }</pre>
 *
 * <p>Every call blocks until the answer is read (on Android, never call one on the main thread; an
 * {@link EditSession} makes its calls on a background executor) and throws only {@link
 * SmartTextException}: {@link ProblemException}, {@link TransportException} or {@link
 * DecodingException}. A client holds no connection state of its own and may be shared between
 * threads. Offsets are UTF-16 code units: Java {@code String} indices.
 */
public final class SmartTextClient implements EditService {
    /** This library's version (the file clients/jvm/VERSION). */
    public static final String VERSION = "0.1.0";

    /** How long a call waits to connect, and then for the answer, unless told: 10 seconds. */
    public static final int DEFAULT_TIMEOUT_MILLIS = 10_000;

    /** The largest answer read (no SmartText answer comes near it). */
    static final int MAX_ANSWER_BYTES = 8 * 1024 * 1024;

    private final String baseUrl;
    private final String locale;
    private final int timeoutMillis;

    /** A client for the service at {@code baseUrl}, English messages, the default time-out. */
    public SmartTextClient(String baseUrl) {
        this(baseUrl, null, DEFAULT_TIMEOUT_MILLIS);
    }

    /**
     * A client for the service at {@code baseUrl} ({@code https://host} or a prefix such as {@code
     * https://host/smarttext/}). {@code locale} ({@code en}, {@code zh-CN}, …; null for the service's
     * default, English) is sent as {@code Accept-Language}; a request's own {@code locale} wins over
     * it. {@code timeoutMillis} bounds connecting and then waiting for the answer, each.
     */
    public SmartTextClient(String baseUrl, String locale, int timeoutMillis) {
        String base = baseUrl;
        while (base.endsWith("/")) base = base.substring(0, base.length() - 1);
        try {
            URL url = new URL(base);
            if (!url.getProtocol().equals("http") && !url.getProtocol().equals("https")) {
                throw new IllegalArgumentException("the base URL must be http or https: " + baseUrl);
            }
        } catch (MalformedURLException error) {
            throw new IllegalArgumentException("not a URL: " + baseUrl, error);
        }
        if (timeoutMillis <= 0) throw new IllegalArgumentException("the time-out must be positive");
        this.baseUrl = base;
        this.locale = locale;
        this.timeoutMillis = timeoutMillis;
    }

    /** The service's address, without a trailing slash. */
    public String baseUrl() {
        return baseUrl;
    }

    /** The language of the messages, or null. */
    public String locale() {
        return locale;
    }

    public int timeoutMillis() {
        return timeoutMillis;
    }

    // Editing

    /** Sends one user edit ({@code POST /v1/edit}). */
    public EditAnswer edit(EditRequest request) throws SmartTextException {
        return answer(post(request.toJson(), "v1", "edit"));
    }

    /** Sends the edits a client made while waiting ({@code POST /v1/edit} with {@code edits}). */
    @Override
    public EditAnswer edit(TypedEditsRequest request) throws SmartTextException {
        return answer(post(request.toJson(), "v1", "edit"));
    }

    /** Formats and validates a whole text ({@code POST /v1/format}). */
    @Override
    public EditAnswer format(FormatRequest request) throws SmartTextException {
        return answer(post(request.toJson(), "v1", "format"));
    }

    /** Formats and validates a whole text ({@code POST /v1/format}): a paste, a prefill. */
    public EditAnswer format(String field, String text) throws SmartTextException {
        return format(new FormatRequest(field, text));
    }

    /** Formats and validates a whole text on an event ({@code blur} when the user left the field). */
    public EditAnswer format(String field, String text, EditEvent event) throws SmartTextException {
        return format(new FormatRequest(field, text).withEvent(event));
    }

    // Validation

    /** Checks a form, or several loose fields ({@code POST /v1/validate}). */
    public ValidateAnswer validate(ValidateRequest request) throws SmartTextException {
        Object json = post(request.toJson(), "v1", "validate");
        try {
            return ValidateAnswer.fromJson(json);
        } catch (JsonException error) {
            throw new DecodingException(error.getMessage(), error);
        }
    }

    /** Checks the values of form {@code form} on submit: a missing required field is an error. */
    public ValidateAnswer validate(String form, Map<String, String> values) throws SmartTextException {
        return validate(ValidateRequest.form(form, values));
    }

    /** Checks loose fields on submit: each key of {@code values} is a field name. */
    public ValidateAnswer validateFields(Map<String, String> values) throws SmartTextException {
        return validate(ValidateRequest.fields(values));
    }

    // Discovery

    /** A field's configuration, hints and accepted characters ({@code GET /v1/fields/{name}}). */
    public FieldDescription field(String name) throws SmartTextException {
        Object json = get("v1", "fields", name);
        try {
            return FieldDescription.fromJson(json);
        } catch (JsonException error) {
            throw new DecodingException(error.getMessage(), error);
        }
    }

    /** A form's fields in order, with navigation and return keys ({@code GET /v1/forms/{name}}). */
    public FormDescription form(String name) throws SmartTextException {
        Object json = get("v1", "forms", name);
        try {
            return FormDescription.fromJson(json);
        } catch (JsonException error) {
            throw new DecodingException(error.getMessage(), error);
        }
    }

    /** Every field of the registry ({@code GET /v1/fields}). */
    public FieldList fields() throws SmartTextException {
        Object json = get("v1", "fields");
        try {
            return FieldList.fromJson(json);
        } catch (JsonException error) {
            throw new DecodingException(error.getMessage(), error);
        }
    }

    /** Every form of the registry ({@code GET /v1/forms}). */
    public FormList forms() throws SmartTextException {
        Object json = get("v1", "forms");
        try {
            return FormList.fromJson(json);
        } catch (JsonException error) {
            throw new DecodingException(error.getMessage(), error);
        }
    }

    // HTTP

    private static EditAnswer answer(Object json) throws DecodingException {
        try {
            return EditAnswer.fromJson(json);
        } catch (JsonException error) {
            throw new DecodingException(error.getMessage(), error);
        }
    }

    /** The URL of a route below the base URL, each segment percent-encoded (UTF-8). */
    String url(String... segments) {
        StringBuilder url = new StringBuilder(baseUrl);
        for (String segment : segments) url.append('/').append(encodeSegment(segment));
        return url.toString();
    }

    static String encodeSegment(String segment) {
        StringBuilder out = new StringBuilder();
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            boolean unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~';
            if (unreserved) out.append((char) c);
            else out.append('%').append("0123456789ABCDEF".charAt(c >> 4)).append("0123456789ABCDEF".charAt(c & 0xF));
        }
        return out.toString();
    }

    private Object get(String... segments) throws SmartTextException {
        return send("GET", url(segments), null);
    }

    private Object post(Map<String, Object> body, String... segments) throws SmartTextException {
        return send("POST", url(segments), Json.writeUtf8(body));
    }

    private Object send(String method, String url, byte[] body) throws SmartTextException {
        HttpURLConnection connection;
        int status;
        byte[] answer;
        String reason;
        try {
            connection = (HttpURLConnection) new URL(url).openConnection();
            connection.setConnectTimeout(timeoutMillis);
            connection.setReadTimeout(timeoutMillis);
            connection.setUseCaches(false);
            connection.setRequestMethod(method);
            connection.setRequestProperty("Accept", "application/json, application/problem+json");
            connection.setRequestProperty("User-Agent", "smarttext-jvm/" + VERSION);
            if (locale != null) connection.setRequestProperty("Accept-Language", locale);
            if (body != null) {
                connection.setDoOutput(true);
                connection.setRequestProperty("Content-Type", "application/json");
                connection.setFixedLengthStreamingMode(body.length);
                try (OutputStream out = connection.getOutputStream()) {
                    out.write(body);
                }
            }
            status = connection.getResponseCode();
            reason = connection.getResponseMessage();
            InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
            answer = in == null ? new byte[0] : readAll(in);
        } catch (IOException error) {
            String what = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
            throw new TransportException(method + " " + url + ": " + what, error);
        }
        if (status < 200 || status > 299) throw problem(status, reason, answer);
        try {
            return Json.parse(answer);
        } catch (JsonException error) {
            throw new DecodingException(method + " " + url + ": " + error.getMessage(), error);
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        try (InputStream input = in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int read;
            while ((read = input.read(buffer)) != -1) {
                if (out.size() + read > MAX_ANSWER_BYTES) {
                    throw new IOException("the answer is larger than " + MAX_ANSWER_BYTES + " bytes");
                }
                out.write(buffer, 0, read);
            }
            return out.toByteArray();
        }
    }

    /** The exception for an error answer: its problem document, or the status and the start of the body. */
    static ProblemException problem(int status, String reason, byte[] body) {
        Map<String, Object> members = null;
        try {
            Object json = Json.parse(body);
            if (json instanceof Map) {
                @SuppressWarnings("unchecked")
                Map<String, Object> map = (Map<String, Object>) json;
                members = map;
            }
        } catch (JsonException notJson) {
            // Not a problem document: the status and the body say what there is.
        }
        String text = new String(body, StandardCharsets.UTF_8);
        String detail = text.length() > 500 ? text.substring(0, 500) : text;
        String title = reason == null || reason.isEmpty() ? "HTTP " + status : reason;
        String type = "about:blank";
        String pointer = null;
        int code = status;
        if (members != null) {
            if (members.get("type") instanceof String) type = (String) members.get("type");
            if (members.get("title") instanceof String) title = (String) members.get("title");
            if (members.get("detail") instanceof String) detail = (String) members.get("detail");
            if (members.get("pointer") instanceof String) pointer = (String) members.get("pointer");
            Object stated = members.get("status");
            if (stated instanceof Long && (Long) stated >= 100 && (Long) stated <= 599) code = (int) (long) (Long) stated;
        }
        return new ProblemException(code, type, title, detail, pointer, members);
    }
}
