package dev.smarttext.client;

/**
 * A replacement: the range {@code start..end} of one text replaced by {@code text}. An answer's
 * {@code change} is the smallest one turning the request's text into the answer's, so a client can
 * apply just that part (and keep the platform's undo history).
 */
public final class TextChange {
    private final int start;
    private final int end;
    private final String text;

    public TextChange(int start, int end, String text) {
        this.start = start;
        this.end = end;
        this.text = text;
    }

    static TextChange from(Members json) throws JsonException {
        return new TextChange(json.integer("start"), json.integer("end"), json.string("text"));
    }

    /** The smallest replacement turning {@code before} into {@code after} (UTF-16 offsets). */
    public static TextChange between(String before, String after) {
        return narrow(before, 0, before.length(), after);
    }

    /**
     * The smallest edit with the same result as replacing {@code start..end} of {@code text} with
     * {@code replacement}: the characters the replaced part and the replacement begin and end with
     * alike are left out. An Android keyboard that replaces a whole word to add one letter ({@code
     * 12} by {@code 132}) becomes the letter typed ({@code 3} between the {@code 1} and the {@code 2}).
     * Never splits a surrogate pair.
     */
    public static TextChange narrow(String text, int start, int end, String replacement) {
        String old = text.substring(start, end);
        int shorter = Math.min(old.length(), replacement.length());
        int prefix = 0;
        while (prefix < shorter && old.charAt(prefix) == replacement.charAt(prefix)) prefix++;
        if (prefix > 0 && Character.isHighSurrogate(old.charAt(prefix - 1))) prefix--;
        int suffix = 0;
        while (suffix < shorter - prefix
                && old.charAt(old.length() - 1 - suffix) == replacement.charAt(replacement.length() - 1 - suffix)) {
            suffix++;
        }
        if (suffix > 0 && Character.isLowSurrogate(old.charAt(old.length() - suffix))) suffix--;
        return new TextChange(
                start + prefix, end - suffix, replacement.substring(prefix, replacement.length() - suffix));
    }

    /** True when applying the change leaves the text as it was. */
    public boolean isEmpty() {
        return start == end && text.isEmpty();
    }

    /** Where the replaced part starts. */
    public int start() {
        return start;
    }

    /** Where the replaced part ends. */
    public int end() {
        return end;
    }

    /** What replaces it. */
    public String text() {
        return text;
    }

    /** {@code original} with this change applied. */
    public String applyTo(String original) {
        return original.substring(0, start) + text + original.substring(end);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof TextChange)) return false;
        TextChange change = (TextChange) other;
        return change.start == start && change.end == end && change.text.equals(text);
    }

    @Override
    public int hashCode() {
        return (start * 31 + end) * 31 + text.hashCode();
    }

    @Override
    public String toString() {
        return start + ".." + end + " → " + Json.write(text);
    }
}
