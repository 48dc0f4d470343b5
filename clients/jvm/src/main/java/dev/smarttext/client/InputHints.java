package dev.smarttext.client;

/** How a client sets up an input for a field; each is null when the field does not say. */
public final class InputHints {
    private final String placeholder;
    private final String inputmode;
    private final String autocomplete;
    private final String keyboard;
    private final String textContentType;
    private final String androidInputType;
    private final boolean secure;
    private final Integer maxLength;
    private final String example;

    private InputHints(Members json) throws JsonException {
        placeholder = json.optionalString("placeholder");
        inputmode = json.optionalString("inputmode");
        autocomplete = json.optionalString("autocomplete");
        keyboard = json.optionalString("keyboard");
        textContentType = json.optionalString("textContentType");
        androidInputType = json.optionalString("androidInputType");
        secure = json.bool("secure");
        maxLength = json.optionalInteger("maxLength");
        example = json.optionalString("example");
    }

    static InputHints from(Members json) throws JsonException {
        return new InputHints(json);
    }

    /** The placeholder text. */
    public String placeholder() {
        return placeholder;
    }

    /** HTML {@code inputmode}. */
    public String inputmode() {
        return inputmode;
    }

    /** HTML {@code autocomplete}. */
    public String autocomplete() {
        return autocomplete;
    }

    /** The iOS {@code UIKeyboardType} case name. */
    public String keyboard() {
        return keyboard;
    }

    /** The iOS {@code UITextContentType} name. */
    public String textContentType() {
        return textContentType;
    }

    /** The {@code android:inputType} name ({@code number}, {@code phone}, {@code textEmailAddress}, …). */
    public String androidInputType() {
        return androidInputType;
    }

    /** Secure (password) entry. */
    public boolean secure() {
        return secure;
    }

    /** The longest text the formatters produce, in characters, or null. */
    public Integer maxLength() {
        return maxLength;
    }

    /** An example value. */
    public String example() {
        return example;
    }
}
