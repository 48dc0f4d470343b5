package dev.smarttext.client;

import java.util.List;
import java.util.Map;

/** A field's configuration and client hints, from {@code GET /v1/fields/{name}}. */
public final class FieldDescription {
    private final Map<String, Object> json;
    private final String name;
    private final String label;
    private final Map<String, String> labels;
    private final List<Object> formatters;
    private final List<Object> validators;
    private final String report;
    private final String backspace;
    private final InputHints hints;
    private final AcceptedCharacters accepts;

    private FieldDescription(Members json) throws JsonException {
        this.json = json.map;
        name = json.string("name");
        label = json.string("label");
        labels = json.stringMap("labels");
        formatters = json.array("formatters");
        validators = json.array("validators");
        report = json.string("report");
        backspace = json.string("backspace");
        hints = InputHints.from(json.object("hints"));
        Members accepted = json.optionalObject("accepts");
        accepts = accepted == null ? null : AcceptedCharacters.from(accepted);
    }

    /** Reads a description from its JSON value. */
    public static FieldDescription fromJson(Object json) throws JsonException {
        return new FieldDescription(Members.of(json, "FieldDescription"));
    }

    /** Every member as received. */
    public Map<String, Object> json() {
        return json;
    }

    public String name() {
        return name;
    }

    /** The label in the requested language. */
    public String label() {
        return label;
    }

    /** The label by language tag. */
    public Map<String, String> labels() {
        return labels;
    }

    /** The formatters, as in the registry (JSON values: a name, or a one-member object with options). */
    public List<Object> formatters() {
        return formatters;
    }

    /** The validators, as in the registry. */
    public List<Object> validators() {
        return validators;
    }

    /** {@code first} (stop at the first failing rule) or {@code all}. */
    public String report() {
        return report;
    }

    /** {@code deletePrevious} or {@code moveCaret}: what backspace after a separator does. */
    public String backspace() {
        return backspace;
    }

    /** How to set up the input. */
    public InputHints hints() {
        return hints;
    }

    /** The characters typing can add, or null from a service older than this member. */
    public AcceptedCharacters accepts() {
        return accepts;
    }

    @Override
    public String toString() {
        return Json.write(json);
    }
}
