package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the members of a JSON object into typed values, strictly: a required member that is missing,
 * or any member of the wrong type, is a {@link JsonException} naming it ({@code EditAnswer.caret must
 * be an integer, not a string}). Members it is not asked for are ignored (answers gain members).
 */
final class Members {
    final Map<String, Object> map;
    final String path;

    private Members(Map<String, Object> map, String path) {
        this.map = map;
        this.path = path;
    }

    @SuppressWarnings("unchecked")
    static Members of(Object value, String path) throws JsonException {
        if (!(value instanceof Map)) throw wrong(path, "an object", value);
        return new Members((Map<String, Object>) value, path);
    }

    static JsonException wrong(String path, String expected, Object value) {
        return new JsonException(path + " must be " + expected + ", not " + kind(value), -1);
    }

    static String kind(Object value) {
        if (value == null) return "null";
        if (value instanceof String) return "a string";
        if (value instanceof Boolean) return "a Boolean";
        if (value instanceof Number) return "a number";
        if (value instanceof Map) return "an object";
        if (value instanceof List) return "an array";
        return value.getClass().getSimpleName();
    }

    private String at(String name) {
        return path + "." + name;
    }

    private Object required(String name) throws JsonException {
        if (!map.containsKey(name)) throw new JsonException(at(name) + " is missing", -1);
        return map.get(name);
    }

    String string(String name) throws JsonException {
        Object value = required(name);
        if (!(value instanceof String)) throw wrong(at(name), "a string", value);
        return (String) value;
    }

    /** A string member that may be missing or null. */
    String optionalString(String name) throws JsonException {
        Object value = map.get(name);
        if (value == null) return null;
        if (!(value instanceof String)) throw wrong(at(name), "a string or null", value);
        return (String) value;
    }

    boolean bool(String name) throws JsonException {
        Object value = required(name);
        if (!(value instanceof Boolean)) throw wrong(at(name), "a Boolean", value);
        return (Boolean) value;
    }

    int integer(String name) throws JsonException {
        return toInt(at(name), required(name));
    }

    Integer optionalInteger(String name) throws JsonException {
        Object value = map.get(name);
        return value == null ? null : toInt(at(name), value);
    }

    Long optionalLong(String name) throws JsonException {
        Object value = map.get(name);
        if (value == null) return null;
        if (!(value instanceof Long)) throw wrong(at(name), "an integer", value);
        return (Long) value;
    }

    static int toInt(String path, Object value) throws JsonException {
        if (!(value instanceof Long)) throw wrong(path, "an integer", value);
        long number = (Long) value;
        if (number < Integer.MIN_VALUE || number > Integer.MAX_VALUE) {
            throw new JsonException(path + " is out of range: " + number, -1);
        }
        return (int) number;
    }

    Members object(String name) throws JsonException {
        return of(required(name), at(name));
    }

    /** An object member that may be missing or null. */
    Members optionalObject(String name) throws JsonException {
        Object value = map.get(name);
        return value == null ? null : of(value, at(name));
    }

    @SuppressWarnings("unchecked")
    List<Object> array(String name) throws JsonException {
        Object value = required(name);
        if (!(value instanceof List)) throw wrong(at(name), "an array", value);
        return (List<Object>) value;
    }

    List<Members> objects(String name) throws JsonException {
        List<Object> elements = array(name);
        List<Members> objects = new ArrayList<>(elements.size());
        for (int i = 0; i < elements.size(); i++) objects.add(of(elements.get(i), at(name) + "[" + i + "]"));
        return objects;
    }

    List<String> strings(String name) throws JsonException {
        List<Object> elements = array(name);
        List<String> strings = new ArrayList<>(elements.size());
        for (int i = 0; i < elements.size(); i++) {
            Object element = elements.get(i);
            if (!(element instanceof String)) throw wrong(at(name) + "[" + i + "]", "a string", element);
            strings.add((String) element);
        }
        return Collections.unmodifiableList(strings);
    }

    /** An object member whose values are all strings. */
    Map<String, String> stringMap(String name) throws JsonException {
        Members object = object(name);
        Map<String, String> strings = new LinkedHashMap<>();
        for (Map.Entry<String, Object> member : object.map.entrySet()) {
            if (!(member.getValue() instanceof String)) {
                throw wrong(object.at(member.getKey()), "a string", member.getValue());
            }
            strings.put(member.getKey(), (String) member.getValue());
        }
        return Collections.unmodifiableMap(strings);
    }
}
