package dev.smarttext.client;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, strict JSON reader and writer (RFC 8259), with no dependencies.
 *
 * <p>Values are plain Java objects: an object is a {@code Map<String, Object>} (member order kept),
 * an array a {@code List<Object>}, a string a {@link String}, {@code true}/{@code false} a {@link
 * Boolean}, {@code null} Java's {@code null}, and a number a {@link Long} when it is an integer that
 * fits, a {@link BigInteger} when it is a larger integer, else a {@link Double}. Maps and lists read
 * are unmodifiable.
 *
 * <p>The reader accepts exactly RFC 8259 and refuses, with a {@link JsonException} that says where:
 * comments, trailing commas, single quotes, unquoted names, leading zeros, {@code +1}, {@code .5},
 * {@code NaN}, raw control characters in strings, unknown escapes, an escaped lone surrogate
 * (which no Unicode text holds), a duplicate member name, anything after the value, a byte-order
 * mark, nesting deeper than {@link #MAX_DEPTH}, and (from bytes) invalid UTF-8.
 *
 * <p>The writer writes the same kinds of values (and any {@link Number}, {@link Collection} or
 * {@code int[]}); it escapes {@code "}, {@code \}, control characters, U+2028, U+2029 and a lone
 * surrogate (as {@code \}{@code uXXXX}, like JavaScript's {@code JSON.stringify}), and leaves other
 * characters as they are. A non-finite number or a value of another type is an {@link
 * IllegalArgumentException}.
 */
public final class Json {
    /** The deepest nesting of arrays and objects the reader and the writer take. */
    public static final int MAX_DEPTH = 256;

    private Json() {}

    // Reading

    /** Reads one JSON text. */
    public static Object parse(String text) throws JsonException {
        Reader reader = new Reader(text);
        reader.skipWhitespace();
        if (reader.position < text.length() && text.charAt(reader.position) == '\uFEFF') {
            throw reader.error("a byte-order mark is not JSON");
        }
        Object value = reader.value(0);
        reader.skipWhitespace();
        if (reader.position != text.length()) throw reader.error("unexpected text after the JSON value");
        return value;
    }

    /** Reads one JSON text from UTF-8 bytes; invalid UTF-8 is an error. */
    public static Object parse(byte[] utf8) throws JsonException {
        return parse(decodeUtf8(utf8));
    }

    /** The text of UTF-8 bytes; malformed or truncated sequences are an error. */
    static String decodeUtf8(byte[] utf8) throws JsonException {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(utf8))
                    .toString();
        } catch (CharacterCodingException error) {
            throw new JsonException("the bytes are not valid UTF-8", -1);
        }
    }

    private static final class Reader {
        final String text;
        int position;

        Reader(String text) {
            this.text = text;
        }

        JsonException error(String message) {
            return new JsonException(message + " at offset " + position, position);
        }

        void skipWhitespace() {
            while (position < text.length()) {
                char c = text.charAt(position);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
                position++;
            }
        }

        Object value(int depth) throws JsonException {
            if (position >= text.length()) throw error("a value is missing");
            char c = text.charAt(position);
            switch (c) {
                case '{':
                    return object(depth + 1);
                case '[':
                    return array(depth + 1);
                case '"':
                    return string();
                case 't':
                    literal("true");
                    return Boolean.TRUE;
                case 'f':
                    literal("false");
                    return Boolean.FALSE;
                case 'n':
                    literal("null");
                    return null;
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) return number();
                    throw error("unexpected character " + describe(c));
            }
        }

        void literal(String word) throws JsonException {
            if (!text.startsWith(word, position)) throw error("unexpected text (expected " + word + ")");
            position += word.length();
        }

        Map<String, Object> object(int depth) throws JsonException {
            if (depth > MAX_DEPTH) throw error("nesting deeper than " + MAX_DEPTH);
            position++; // {
            Map<String, Object> members = new LinkedHashMap<>();
            skipWhitespace();
            if (peek() == '}') {
                position++;
                return Collections.unmodifiableMap(members);
            }
            while (true) {
                skipWhitespace();
                if (peek() != '"') throw error("a member name (a string) is expected");
                int nameAt = position;
                String name = string();
                if (members.containsKey(name)) {
                    position = nameAt;
                    throw error("duplicate member name \"" + name + "\"");
                }
                skipWhitespace();
                if (peek() != ':') throw error("':' is expected after a member name");
                position++;
                skipWhitespace();
                members.put(name, value(depth));
                skipWhitespace();
                char next = peek();
                position++;
                if (next == '}') return Collections.unmodifiableMap(members);
                if (next != ',') {
                    position--;
                    throw error("',' or '}' is expected in an object");
                }
            }
        }

        List<Object> array(int depth) throws JsonException {
            if (depth > MAX_DEPTH) throw error("nesting deeper than " + MAX_DEPTH);
            position++; // [
            List<Object> elements = new ArrayList<>();
            skipWhitespace();
            if (peek() == ']') {
                position++;
                return Collections.unmodifiableList(elements);
            }
            while (true) {
                skipWhitespace();
                elements.add(value(depth));
                skipWhitespace();
                char next = peek();
                position++;
                if (next == ']') return Collections.unmodifiableList(elements);
                if (next != ',') {
                    position--;
                    throw error("',' or ']' is expected in an array");
                }
            }
        }

        /** The character at the position, or U+0000 at the end (never valid where it is checked). */
        char peek() {
            return position < text.length() ? text.charAt(position) : '\0';
        }

        String string() throws JsonException {
            position++; // "
            StringBuilder out = new StringBuilder();
            while (true) {
                if (position >= text.length()) throw error("a string is not closed");
                char c = text.charAt(position);
                if (c == '"') {
                    position++;
                    return out.toString();
                }
                if (c < 0x20) throw error("control character " + describe(c) + " in a string (escape it)");
                if (c == '\\') {
                    escape(out);
                    continue;
                }
                // A surrogate in the text itself: only as a whole pair.
                if (Character.isHighSurrogate(c)) {
                    if (position + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(position + 1))) {
                        throw error("a lone surrogate in a string");
                    }
                    out.append(c).append(text.charAt(position + 1));
                    position += 2;
                    continue;
                }
                if (Character.isLowSurrogate(c)) throw error("a lone surrogate in a string");
                out.append(c);
                position++;
            }
        }

        void escape(StringBuilder out) throws JsonException {
            int start = position;
            position++; // backslash
            if (position >= text.length()) throw error("an escape is not finished");
            char c = text.charAt(position++);
            switch (c) {
                case '"':
                    out.append('"');
                    return;
                case '\\':
                    out.append('\\');
                    return;
                case '/':
                    out.append('/');
                    return;
                case 'b':
                    out.append('\b');
                    return;
                case 'f':
                    out.append('\f');
                    return;
                case 'n':
                    out.append('\n');
                    return;
                case 'r':
                    out.append('\r');
                    return;
                case 't':
                    out.append('\t');
                    return;
                case 'u':
                    break;
                default:
                    position = start;
                    throw error("unknown escape \\" + describe(c));
            }
            char unit = hex4(start);
            if (Character.isHighSurrogate(unit)) {
                if (!text.startsWith("\\u", position)) {
                    position = start;
                    throw error("an escaped high surrogate without its low surrogate");
                }
                int second = position;
                position += 2;
                char low = hex4(second);
                if (!Character.isLowSurrogate(low)) {
                    position = start;
                    throw error("an escaped high surrogate without its low surrogate");
                }
                out.append(unit).append(low);
            } else if (Character.isLowSurrogate(unit)) {
                position = start;
                throw error("an escaped low surrogate without its high surrogate");
            } else {
                out.append(unit);
            }
        }

        char hex4(int escapeStart) throws JsonException {
            if (position + 4 > text.length()) {
                position = escapeStart;
                throw error("\\u needs four hexadecimal digits");
            }
            int unit = 0;
            for (int i = 0; i < 4; i++) {
                char c = text.charAt(position + i);
                int digit;
                if (c >= '0' && c <= '9') digit = c - '0';
                else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
                else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
                else {
                    position = escapeStart;
                    throw error("\\u needs four hexadecimal digits");
                }
                unit = unit * 16 + digit;
            }
            position += 4;
            return (char) unit;
        }

        Object number() throws JsonException {
            int start = position;
            if (peek() == '-') position++;
            if (peek() == '0') {
                position++;
                if (isDigit(peek())) throw error("a number may not have a leading zero");
            } else if (isDigit(peek())) {
                while (isDigit(peek())) position++;
            } else {
                throw error("a digit is expected in a number");
            }
            boolean integer = true;
            if (peek() == '.') {
                integer = false;
                position++;
                if (!isDigit(peek())) throw error("a digit is expected after the decimal point");
                while (isDigit(peek())) position++;
            }
            if (peek() == 'e' || peek() == 'E') {
                integer = false;
                position++;
                if (peek() == '+' || peek() == '-') position++;
                if (!isDigit(peek())) throw error("a digit is expected in the exponent");
                while (isDigit(peek())) position++;
            }
            String literal = text.substring(start, position);
            if (integer) {
                BigInteger value = new BigInteger(literal);
                return value.bitLength() < 64 ? (Object) value.longValue() : value;
            }
            double value = Double.parseDouble(literal);
            if (Double.isInfinite(value)) {
                position = start;
                throw error("the number " + literal + " is out of range");
            }
            return value;
        }

        static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }

        static String describe(char c) {
            if (c >= 0x20 && c < 0x7F) return "'" + c + "'";
            return String.format("U+%04X", (int) c);
        }
    }

    // Writing

    /** The JSON text of a value. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out, 0);
        return out.toString();
    }

    /** The JSON text of a value, as UTF-8 bytes. */
    public static byte[] writeUtf8(Object value) {
        // Every lone surrogate is escaped, so the text encodes to UTF-8 without loss.
        return write(value).getBytes(StandardCharsets.UTF_8);
    }

    private static void write(Object value, StringBuilder out, int depth) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            writeString((String) value, out);
        } else if (value instanceof Boolean) {
            out.append(((Boolean) value) ? "true" : "false");
        } else if (value instanceof Integer
                || value instanceof Long
                || value instanceof Short
                || value instanceof Byte
                || value instanceof BigInteger) {
            out.append(value);
        } else if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            if (Double.isNaN(number) || Double.isInfinite(number)) {
                throw new IllegalArgumentException("JSON has no " + number);
            }
            // Java writes a finite double or float as JSON does: 1.5, -0.0, 1.0E10.
            out.append(value);
        } else if (value instanceof BigDecimal) {
            out.append(((BigDecimal) value).toString());
        } else if (value instanceof Map) {
            if (depth >= MAX_DEPTH) throw new IllegalArgumentException("nesting deeper than " + MAX_DEPTH);
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> member : ((Map<?, ?>) value).entrySet()) {
                if (!(member.getKey() instanceof String)) {
                    throw new IllegalArgumentException("a JSON member name must be a String, not " + member.getKey());
                }
                if (!first) out.append(',');
                first = false;
                writeString((String) member.getKey(), out);
                out.append(':');
                write(member.getValue(), out, depth + 1);
            }
            out.append('}');
        } else if (value instanceof Collection || value instanceof int[]) {
            if (depth >= MAX_DEPTH) throw new IllegalArgumentException("nesting deeper than " + MAX_DEPTH);
            out.append('[');
            boolean first = true;
            if (value instanceof int[]) {
                for (int element : (int[]) value) {
                    if (!first) out.append(',');
                    first = false;
                    out.append(element);
                }
            } else {
                for (Object element : (Collection<?>) value) {
                    if (!first) out.append(',');
                    first = false;
                    write(element, out, depth + 1);
                }
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("no JSON for a " + value.getClass().getName());
        }
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private static void writeString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                case '\b':
                    out.append("\\b");
                    break;
                case '\f':
                    out.append("\\f");
                    break;
                default:
                    boolean pairHigh = Character.isHighSurrogate(c)
                            && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1));
                    if (pairHigh) {
                        out.append(c).append(text.charAt(++i));
                    } else if (c < 0x20 || c == '\u2028' || c == '\u2029' || Character.isSurrogate(c)) {
                        out.append("\\u").append(HEX[c >> 12 & 0xF]).append(HEX[c >> 8 & 0xF]);
                        out.append(HEX[c >> 4 & 0xF]).append(HEX[c & 0xF]);
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
