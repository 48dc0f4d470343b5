package dev.smarttext.client;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The characters typing can add to a field ({@code accepts} in its description): a client drops the
 * others before they show, as the service would refuse them.
 *
 * <p>A character is classified as the service does, after mapping a full-width ASCII form
 * (U+FF01–U+FF5E, and U+3000) to ASCII: it is accepted when it is one of {@link #characters()},
 * else when its class is: a decimal digit (Unicode {@code Nd}), else a letter ({@code Alphabetic}),
 * else white space ({@code White_Space}), else other.
 */
public final class AcceptedCharacters {
    private final boolean digits;
    private final boolean letters;
    private final boolean whitespace;
    private final boolean others;
    private final String characters;

    public AcceptedCharacters(boolean digits, boolean letters, boolean whitespace, boolean others, String characters) {
        this.digits = digits;
        this.letters = letters;
        this.whitespace = whitespace;
        this.others = others;
        this.characters = Objects.requireNonNull(characters, "characters");
    }

    static AcceptedCharacters from(Members json) throws JsonException {
        return new AcceptedCharacters(
                json.bool("digits"), json.bool("letters"), json.bool("whitespace"), json.bool("others"),
                json.string("characters"));
    }

    public boolean digits() {
        return digits;
    }

    public boolean letters() {
        return letters;
    }

    public boolean whitespace() {
        return whitespace;
    }

    public boolean others() {
        return others;
    }

    /** Accepted whatever their class (a layout's literals). */
    public String characters() {
        return characters;
    }

    /** The characters of {@code text} the field can take, in order. */
    public String filter(String text) {
        StringBuilder kept = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            int width = Character.charCount(codePoint);
            if (accepts(codePoint)) kept.append(text, i, i + width);
            i += width;
        }
        return kept.toString();
    }

    /** Whether the field can take one character. */
    public boolean accepts(int codePoint) {
        int ascii = codePoint;
        if (codePoint >= 0xFF01 && codePoint <= 0xFF5E) ascii = codePoint - 0xFEE0;
        else if (codePoint == 0x3000) ascii = ' ';
        if (characters.indexOf(new String(Character.toChars(ascii))) >= 0) return true;
        if (Character.getType(ascii) == Character.DECIMAL_DIGIT_NUMBER) return digits;
        if (Character.isAlphabetic(ascii)) return letters;
        if (isWhiteSpace(ascii)) return whitespace;
        return others;
    }

    /** Unicode's White_Space property (Java's {@code Character.isWhitespace} is another set). */
    static boolean isWhiteSpace(int c) {
        return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680
                || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F
                || c == 0x3000;
    }

    /**
     * The characters every field of a composition accepts (a character must get through each), or
     * null (everything) when any of them is null, as for a service that does not say.
     */
    public static AcceptedCharacters intersection(List<AcceptedCharacters> sets) {
        if (sets.isEmpty()) return null;
        for (AcceptedCharacters set : sets) if (set == null) return null;
        if (sets.size() == 1) return sets.get(0);
        Set<Integer> candidates = new LinkedHashSet<>();
        for (AcceptedCharacters set : sets) {
            for (int i = 0; i < set.characters.length(); ) {
                int codePoint = set.characters.codePointAt(i);
                candidates.add(codePoint);
                i += Character.charCount(codePoint);
            }
        }
        StringBuilder common = new StringBuilder();
        for (int candidate : candidates) {
            boolean everywhere = true;
            for (AcceptedCharacters set : sets) everywhere &= set.accepts(candidate);
            if (everywhere) common.appendCodePoint(candidate);
        }
        boolean digits = true, letters = true, whitespace = true, others = true;
        for (AcceptedCharacters set : sets) {
            digits &= set.digits;
            letters &= set.letters;
            whitespace &= set.whitespace;
            others &= set.others;
        }
        return new AcceptedCharacters(digits, letters, whitespace, others, common.toString());
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof AcceptedCharacters)) return false;
        AcceptedCharacters set = (AcceptedCharacters) other;
        return set.digits == digits && set.letters == letters && set.whitespace == whitespace
                && set.others == others && set.characters.equals(characters);
    }

    @Override
    public int hashCode() {
        return Objects.hash(digits, letters, whitespace, others, characters);
    }

    @Override
    public String toString() {
        return "digits " + digits + ", letters " + letters + ", whitespace " + whitespace + ", others " + others
                + ", characters " + Json.write(characters);
    }
}
