package dev.smarttext.client;

/** One field of a form, with focus navigation (an element of {@link FormDescription#fields()}). */
public final class FormField {
    private final String name;
    private final String field;
    private final String label;
    private final boolean required;
    private final String previous;
    private final String next;
    private final String returnKey;
    private final InputHints hints;

    private FormField(Members json) throws JsonException {
        name = json.string("name");
        field = json.string("field");
        label = json.string("label");
        required = json.bool("required");
        previous = json.optionalString("previous");
        next = json.optionalString("next");
        returnKey = json.string("returnKey");
        hints = InputHints.from(json.object("hints"));
    }

    static FormField from(Members json) throws JsonException {
        return new FormField(json);
    }

    /** The name of the value in the form (a key of {@code /v1/validate}'s {@code values}). */
    public String name() {
        return name;
    }

    /** The registry field it uses (what to send as an edit's {@code field}). */
    public String field() {
        return field;
    }

    public String label() {
        return label;
    }

    public boolean required() {
        return required;
    }

    /** The previous field's name, null for the first. */
    public String previous() {
        return previous;
    }

    /** The next field's name, null for the last. */
    public String next() {
        return next;
    }

    /**
     * The return key to show: {@code next}, or {@code done} on the last field (Android: {@code
     * EditorInfo.IME_ACTION_NEXT} or {@code IME_ACTION_DONE}).
     */
    public String returnKey() {
        return returnKey;
    }

    public InputHints hints() {
        return hints;
    }
}
