package dev.smarttext.client;

import java.util.List;
import java.util.Map;

/**
 * The answer to an edit or a format: the text to show, where the caret goes, the value to submit
 * and the validation results. Members added to the API later are ignored by the accessors and kept
 * in {@link #json()}.
 */
public final class EditAnswer {
    private final Map<String, Object> json;
    private final String text;
    private final int caret;
    private final String value;
    private final TextState state;
    private final boolean valid;
    private final boolean complete;
    private final List<RuleFailure> errors;
    private final List<RuleOutcome> results;
    private final boolean rejected;
    private final boolean truncated;
    private final boolean deferred;
    private final TextChange change;
    private final Map<String, Object> meta;
    private final Long seq;
    private final String registry;
    private final int[] map;

    private EditAnswer(Members json) throws JsonException {
        this.json = json.map;
        text = json.string("text");
        caret = json.integer("caret");
        value = json.string("value");
        state = TextState.of(json.string("state"));
        valid = json.bool("valid");
        complete = json.bool("complete");
        errors = RuleFailure.list(json, "errors");
        results = RuleOutcome.list(json, "results");
        rejected = json.bool("rejected");
        truncated = json.bool("truncated");
        deferred = json.bool("deferred");
        change = TextChange.from(json.object("change"));
        meta = json.object("meta").map;
        seq = json.optionalLong("seq");
        registry = json.optionalString("registry");
        if (json.map.get("map") == null) {
            map = null;
        } else {
            List<Object> positions = json.array("map");
            map = new int[positions.size()];
            for (int i = 0; i < map.length; i++) map[i] = Members.toInt("EditAnswer.map[" + i + "]", positions.get(i));
        }
    }

    /** Reads an answer from its JSON value (as {@link Json#parse} gives it). */
    public static EditAnswer fromJson(Object json) throws JsonException {
        return new EditAnswer(Members.of(json, "EditAnswer"));
    }

    /** Every member as received, including those this client does not know. */
    public Map<String, Object> json() {
        return json;
    }

    /** The formatted text. */
    public String text() {
        return text;
    }

    /** Where the caret goes, in the request's units. */
    public int caret() {
        return caret;
    }

    /** What to submit, formatting removed ({@code 4242424242424242}, {@code 1234567.89}). */
    public String value() {
        return value;
    }

    /** Where the text stands. */
    public TextState state() {
        return state;
    }

    /** Every validator passes. */
    public boolean valid() {
        return valid;
    }

    /** The format is fully filled (a client may move focus on). */
    public boolean complete() {
        return complete;
    }

    /** Failed rules that report on the request's event: the messages to show. */
    public List<RuleFailure> errors() {
        return errors;
    }

    /** Every rule evaluated, pass or fail. */
    public List<RuleOutcome> results() {
        return results;
    }

    /** The edit was refused; the text is as it was. */
    public boolean rejected() {
        return rejected;
    }

    /** Only part of a paste or replacement fitted. */
    public boolean truncated() {
        return truncated;
    }

    /** An input method is composing; the text is unformatted until it ends. */
    public boolean deferred() {
        return deferred;
    }

    /** The smallest replacement from the request's text (for a batch: the client's text after the edits) to {@link #text()}. */
    public TextChange change() {
        return change;
    }

    /** Facts the formatters found ({@code brand} of a card number), as JSON values. */
    public Map<String, Object> meta() {
        return meta;
    }

    /** The version of the registry that answered, or null from a server that does not say (before 0.2). */
    public String registry() {
        return registry;
    }

    /** The request's {@code seq}, or null when it had none. */
    public Long seq() {
        return seq;
    }

    /**
     * For a batch of edits: for every position of the client's text after the edits (UTF-16), its
     * position in {@link #text()}; null for a single edit or a format. A copy.
     */
    public int[] map() {
        return map == null ? null : map.clone();
    }

    @Override
    public String toString() {
        return Json.write(json);
    }
}
