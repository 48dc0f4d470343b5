package dev.smarttext.client;

/**
 * What the user did: a W3C Input Events {@code inputType} name. The service assumes {@code
 * insertText} for a non-empty replacement and {@code deleteContentBackward} for an empty one.
 */
public final class InputType {
    /** Typed text (the default for a non-empty replacement). */
    public static final InputType INSERT_TEXT = new InputType("insertText");
    /** Pasted text. */
    public static final InputType INSERT_FROM_PASTE = new InputType("insertFromPaste");
    /** Text replaced by autocorrection or a suggestion. */
    public static final InputType INSERT_REPLACEMENT_TEXT = new InputType("insertReplacementText");
    /** Text an input method is still composing: applied unformatted, the answer says {@code deferred}. */
    public static final InputType INSERT_COMPOSITION_TEXT = new InputType("insertCompositionText");
    /** Backspace (the default for an empty replacement). */
    public static final InputType DELETE_CONTENT_BACKWARD = new InputType("deleteContentBackward");
    /** Forward delete. */
    public static final InputType DELETE_CONTENT_FORWARD = new InputType("deleteContentForward");
    /** Cut. */
    public static final InputType DELETE_BY_CUT = new InputType("deleteByCut");

    private final String apiName;

    /** Any W3C name, for one this class has no constant for. */
    public InputType(String apiName) {
        if (apiName == null || apiName.isEmpty()) throw new IllegalArgumentException("an input type is empty");
        this.apiName = apiName;
    }

    /** The W3C name. */
    public String apiName() {
        return apiName;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof InputType && ((InputType) other).apiName.equals(apiName);
    }

    @Override
    public int hashCode() {
        return apiName.hashCode();
    }

    @Override
    public String toString() {
        return apiName;
    }
}
