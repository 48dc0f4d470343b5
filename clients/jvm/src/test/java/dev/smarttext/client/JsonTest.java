package dev.smarttext.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The JSON reader and writer: RFC 8259 exactly, UTF-16 and emoji, and what strictness refuses. */
class JsonTest {
    @Test
    void readsEveryKindOfValue() throws JsonException {
        Object value = Json.parse(" {\"s\": \"a\", \"n\": -12, \"f\": 1.5e2, \"t\": true, \"F\": false,"
                + " \"z\": null, \"a\": [1, [], {}], \"o\": {\"k\": \"v\"}} ");
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) value;
        assertEquals(Arrays.asList("s", "n", "f", "t", "F", "z", "a", "o"), new ArrayList<>(map.keySet()),
                "member order is kept");
        assertEquals("a", map.get("s"));
        assertEquals(-12L, map.get("n"));
        assertEquals(150.0, map.get("f"));
        assertEquals(Boolean.TRUE, map.get("t"));
        assertEquals(Boolean.FALSE, map.get("F"));
        assertTrue(map.containsKey("z"));
        assertNull(map.get("z"));
        assertEquals(Arrays.asList(1L, Collections.emptyList(), Collections.emptyMap()), map.get("a"));
        assertEquals(Collections.singletonMap("k", "v"), map.get("o"));
    }

    @Test
    void readsScalarsAtTheTopLevel() throws JsonException {
        assertEquals("x", Json.parse("\"x\""));
        assertEquals(0L, Json.parse("0"));
        assertEquals(-0.0, Json.parse("-0.0"));
        assertEquals(0L, Json.parse("-0"), "-0 is the integer 0");
        assertNull(Json.parse("null"));
        assertEquals(true, Json.parse("\ttrue\r\n"));
    }

    @Test
    void numbers() throws JsonException {
        assertEquals(Long.MAX_VALUE, Json.parse("9223372036854775807"));
        assertEquals(Long.MIN_VALUE, Json.parse("-9223372036854775808"));
        assertEquals(new BigInteger("9223372036854775808"), Json.parse("9223372036854775808"));
        assertEquals(0.001, Json.parse("1E-3"));
        assertEquals(100.0, Json.parse("1e+2"));
        assertEquals(12.5, Json.parse("12.50"));
        assertEquals(1e308, Json.parse("1e308"));
        assertEquals(0.0, Json.parse("1e-400"), "underflow is zero, as IEEE 754 rounds it");
    }

    @Test
    void readsEscapesAndSurrogatePairs() throws JsonException {
        assertEquals("\"\\/\b\f\n\r\t", Json.parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\""));
        assertEquals("é中", Json.parse("\"\\u00e9\\u4E2D\""));
        // 😀 escaped as a surrogate pair, and raw.
        String grin = Json.parse("\"\\ud83d\\ude00\"").toString();
        assertEquals("😀", grin);
        assertEquals(2, grin.length(), "one emoji is two UTF-16 code units");
        assertEquals("👍🏽 ok", Json.parse("\"👍🏽 ok\""));
        assertEquals("\u0000", Json.parse("\"\\u0000\""), "an escaped NUL is JSON (the service refuses it, not JSON)");
        assertEquals("\u007f\u2028", Json.parse("\"\u007f\u2028\""), "DEL and U+2028 may stand unescaped");
    }

    @Test
    void readsUtf8Bytes() throws JsonException {
        byte[] bytes = "{\"text\":\"138 0013 8000 👍🏽 中文\"}".getBytes(StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) Json.parse(bytes);
        assertEquals("138 0013 8000 👍🏽 中文", map.get("text"));
        assertEquals(21, map.get("text").toString().length(), "UTF-16 code units, as offsets count them");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", " ", "{", "[", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "{a:1}", "{'a':1}",
        "'a'", "[1]]", "{} {}", "1 2", "01", "-01", "+1", ".5", "1.", "1.e3", "1e", "1e+", "-", "0x10", "NaN",
        "Infinity", "-Infinity", "tru", "nul", "True", "NULL", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"",
        "\"\\U0041\"", "\"\\ud83d\"", "\"\\ud83dx\"", "\"\\ud83d\\u0041\"", "\"\\ude00\"", "\"a\tb\"",
        "\"a\nb\"", "\"\u0000\"", "[1,2]//", "/*c*/1", "\u00a01", "\ufeff{}", "{\"a\":1,\"a\":2}", "1e400",
        "[\"\\u\"]", "\"\\u\u0661\u0662\u0663\u0664\"",
    })
    void refusesWhatIsNotStrictJson(String text) {
        JsonException error = assertThrows(JsonException.class, () -> Json.parse(text), "accepted: " + text);
        assertTrue(error.getMessage().contains("offset"), error.getMessage());
    }

    @Test
    void refusesLoneSurrogatesInTheTextItself() {
        assertThrows(JsonException.class, () -> Json.parse("\"a\ud83d\""));
        assertThrows(JsonException.class, () -> Json.parse("\"\ude00a\""));
        assertThrows(JsonException.class, () -> Json.parse("\"\ud83d"));
    }

    @Test
    void aDuplicateNameIsReportedWhereItIs() {
        JsonException error = assertThrows(JsonException.class, () -> Json.parse("{\"a\":1, \"a\":2}"));
        assertEquals(8, error.offset());
        assertTrue(error.getMessage().contains("duplicate member name \"a\""), error.getMessage());
    }

    @Test
    void refusesInvalidUtf8() {
        byte[][] invalid = {
            {'"', (byte) 0xC3, '"'}, // a truncated sequence
            {'"', (byte) 0xC0, (byte) 0x80, '"'}, // an overlong NUL
            {'"', (byte) 0xED, (byte) 0xA0, (byte) 0xBD, '"'}, // an encoded surrogate (CESU-8)
            {'"', (byte) 0xFF, '"'},
        };
        for (byte[] bytes : invalid) {
            JsonException error = assertThrows(JsonException.class, () -> Json.parse(bytes));
            assertTrue(error.getMessage().contains("UTF-8"), error.getMessage());
        }
    }

    @Test
    void nestingIsBounded() throws JsonException {
        String deepest = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        assertTrue(Json.parse(deepest) instanceof List);
        String tooDeep = "[".repeat(Json.MAX_DEPTH + 1) + "]".repeat(Json.MAX_DEPTH + 1);
        assertThrows(JsonException.class, () -> Json.parse(tooDeep));
        String tooDeepObjects = "{\"a\":".repeat(Json.MAX_DEPTH + 1) + "1" + "}".repeat(Json.MAX_DEPTH + 1);
        assertThrows(JsonException.class, () -> Json.parse(tooDeepObjects));
        // Far deeper input fails cleanly too (no stack overflow).
        assertThrows(JsonException.class, () -> Json.parse("[".repeat(100_000)));
    }

    @Test
    void whatIsReadCannotBeChanged() throws JsonException {
        Object value = Json.parse("{\"a\":[1]}");
        assertThrows(UnsupportedOperationException.class, () -> ((Map<?, ?>) value).clear());
        assertThrows(UnsupportedOperationException.class, () -> ((List<?>) ((Map<?, ?>) value).get("a")).clear());
    }

    @Test
    void writesEveryKindOfValue() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("s", "a");
        map.put("i", 7);
        map.put("l", -7L);
        map.put("big", new BigInteger("123456789012345678901234567890"));
        map.put("d", 1.5);
        map.put("dec", new BigDecimal("0.10"));
        map.put("b", false);
        map.put("z", null);
        map.put("list", Arrays.asList(1, "x", null));
        map.put("ints", new int[] {0, 1, 2});
        map.put("o", Collections.emptyMap());
        assertEquals("{\"s\":\"a\",\"i\":7,\"l\":-7,\"big\":123456789012345678901234567890,\"d\":1.5,\"dec\":0.10,"
                + "\"b\":false,\"z\":null,\"list\":[1,\"x\",null],\"ints\":[0,1,2],\"o\":{}}", Json.write(map));
    }

    @Test
    void writesEscapes() {
        assertEquals("\"\\\"\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\\u2028\\u2029\"",
                Json.write("\"\\/\b\f\n\r\t\u0000\u001f\u2028\u2029"));
        assertEquals("\"中文 é 👍🏽\"", Json.write("中文 é 👍🏽"), "other characters stand as they are");
    }

    @Test
    void writesLoneSurrogatesAsEscapesAsJavaScriptDoes() {
        assertEquals("\"a\\ud83d\"", Json.write("a\ud83d"));
        assertEquals("\"\\ude00b\"", Json.write("\ude00b"));
        assertEquals("\"\\ude00\\ud83d\"", Json.write("\ude00\ud83d"), "a reversed pair is two lone surrogates");
        // As UTF-8, nothing is replaced by '?' on the way.
        assertEquals("\"\\ud83d\"", new String(Json.writeUtf8("\ud83d"), StandardCharsets.UTF_8));
    }

    @Test
    void refusesWhatJsonCannotHold() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Json.write(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> Json.write(Float.NEGATIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
        assertThrows(IllegalArgumentException.class, () -> Json.write(Collections.singletonMap(1, "a")));
        List<Object> cycle = new ArrayList<>();
        cycle.add(cycle);
        assertThrows(IllegalArgumentException.class, () -> Json.write(cycle));
    }

    @Test
    void randomValuesRoundTrip() throws JsonException {
        Random random = new Random(20261201);
        for (int i = 0; i < 500; i++) {
            Object value = randomValue(random, 0);
            String text = Json.write(value);
            assertEquals(value, Json.parse(text), text);
            assertEquals(value, Json.parse(text.getBytes(StandardCharsets.UTF_8)), text);
            assertEquals(text, Json.write(Json.parse(text)), "writing what was read gives the same text");
        }
    }

    private static Object randomValue(Random random, int depth) {
        switch (random.nextInt(depth > 4 ? 5 : 7)) {
            case 0:
                return null;
            case 1:
                return random.nextBoolean();
            case 2:
                return random.nextLong() >> random.nextInt(64);
            case 3:
                return (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20);
            case 4:
                return randomString(random);
            case 5: {
                List<Object> list = new ArrayList<>();
                for (int n = random.nextInt(5); n > 0; n--) list.add(randomValue(random, depth + 1));
                return list;
            }
            default: {
                Map<String, Object> map = new LinkedHashMap<>();
                for (int n = random.nextInt(5); n > 0; n--) map.put(randomString(random), randomValue(random, depth + 1));
                return map;
            }
        }
    }

    /** Strings of ASCII, controls, quotes, backslashes, CJK, and code points past U+FFFF (surrogate pairs). */
    private static String randomString(Random random) {
        int[] pool = {'a', 'Z', '0', ' ', '"', '\\', '/', '\n', '\t', 0x01, 0x1F, 0x7F, 0xE9, 0x4E2D, 0x2028,
            0xFF11, 0x1F44D, 0x1F3FD, 0x1F600, 0x10FFFF};
        StringBuilder text = new StringBuilder();
        for (int n = random.nextInt(8); n > 0; n--) text.appendCodePoint(pool[random.nextInt(pool.length)]);
        return text.toString();
    }

    @Test
    void integersReadAsLongAndIntArraysWriteAsArrays() throws JsonException {
        Object read = Json.parse(Json.write(new int[] {0, 6, 11}));
        assertEquals(Arrays.asList(0L, 6L, 11L), read);
        assertArrayEquals(new byte[] {'[', ']'}, Json.writeUtf8(new int[0]));
    }
}
