package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The field configuration a request uses: one name ({@code phone_cn}), or several composed in order
 * (formatters chained, validators concatenated). One name is sent as a JSON string, several as an
 * array.
 */
public final class FieldNames {
    private final List<String> names;
    private final boolean composed;

    private FieldNames(List<String> names, boolean composed) {
        for (String name : names) {
            if (name == null || name.isEmpty()) throw new IllegalArgumentException("a field name is empty");
        }
        if (names.isEmpty()) throw new IllegalArgumentException("no field name");
        this.names = Collections.unmodifiableList(new ArrayList<>(names));
        this.composed = composed;
    }

    /** One configuration name. */
    public static FieldNames of(String name) {
        return new FieldNames(Collections.singletonList(name), false);
    }

    /** Several names, applied in order (sent as an array, even when there is one). */
    public static FieldNames composed(String... names) {
        return new FieldNames(Arrays.asList(names), true);
    }

    /** The names, in order. */
    public List<String> all() {
        return names;
    }

    /** The last name: the field whose hints and accepted characters a client uses. */
    public String last() {
        return names.get(names.size() - 1);
    }

    /** The JSON value: a string for one name, an array for a composition. */
    public Object toJson() {
        return composed ? names : names.get(0);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FieldNames
                && ((FieldNames) other).names.equals(names)
                && ((FieldNames) other).composed == composed;
    }

    @Override
    public int hashCode() {
        return names.hashCode() * 2 + (composed ? 1 : 0);
    }

    @Override
    public String toString() {
        return Json.write(toJson());
    }
}
