package dev.smarttext.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** One edit a client made on the text it shows, without waiting for an answer (an element of {@code edits}). */
public final class TypedEdit {
    private final TextRange range;
    private final String replacement;
    private final InputType inputType;
    private final CaretAnchor anchor;

    /**
     * An edit replacing {@code range} of the shown text (the previous edits applied as typed) with
     * {@code replacement}; {@code inputType} and {@code anchor} may be null.
     */
    public TypedEdit(TextRange range, String replacement, InputType inputType, CaretAnchor anchor) {
        this.range = Objects.requireNonNull(range, "range");
        this.replacement = Objects.requireNonNull(replacement, "replacement");
        this.inputType = inputType;
        this.anchor = anchor;
    }

    /** The part of the shown text replaced. */
    public TextRange range() {
        return range;
    }

    /** What replaces it; empty for a deletion. */
    public String replacement() {
        return replacement;
    }

    /** What the user did, or null. */
    public InputType inputType() {
        return inputType;
    }

    /** Where the caret was, when known; else null. */
    public CaretAnchor anchor() {
        return anchor;
    }

    /** The same edit on another range. */
    public TypedEdit withRange(TextRange range) {
        return new TypedEdit(range, replacement, inputType, anchor);
    }

    /** The JSON object, leaving unset options out. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("range", range.toJson());
        json.put("replacement", replacement);
        if (inputType != null) json.put("inputType", inputType.apiName());
        if (anchor != null) json.put("anchor", anchor.apiName());
        return json;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof TypedEdit)) return false;
        TypedEdit edit = (TypedEdit) other;
        return edit.range.equals(range)
                && edit.replacement.equals(replacement)
                && Objects.equals(edit.inputType, inputType)
                && edit.anchor == anchor;
    }

    @Override
    public int hashCode() {
        return Objects.hash(range, replacement, inputType, anchor);
    }

    @Override
    public String toString() {
        return Json.write(toJson());
    }
}
