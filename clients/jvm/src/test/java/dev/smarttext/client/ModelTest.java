package dev.smarttext.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Requests as the service reads them, answers read strictly but open to members added later, and helpers. */
class ModelTest {
    @Test
    void theLibraryVersionIsTheVersionFile() throws IOException {
        String file = System.getProperty("smarttext.versionFile");
        assertTrue(file != null, "test.sh passes -Dsmarttext.versionFile");
        String version = new String(Files.readAllBytes(Paths.get(file)), StandardCharsets.UTF_8).trim();
        assertTrue(version.matches("\\d+\\.\\d+\\.\\d+"), version);
        assertEquals(version, SmartTextClient.VERSION);
    }

    @Test
    void requestsLeaveUnsetOptionsOut() {
        EditRequest edit = new EditRequest("email", "a", new TextRange(1, 1), "b");
        assertEquals("{\"field\":\"email\",\"text\":\"a\",\"range\":{\"start\":1,\"end\":1},\"replacement\":\"b\"}",
                edit.toString());
        assertEquals(keys("field", "text"), new FormatRequest("email", "a").toJson().keySet());
        assertEquals(keys("values"), ValidateRequest.fields(Collections.emptyMap()).toJson().keySet());
        assertEquals(keys("form", "values"), ValidateRequest.form("login", Collections.emptyMap()).toJson().keySet());
        TypedEditsRequest batch = new TypedEditsRequest(FieldNames.of("credit_card"), "4", null,
                Collections.singletonList(new TypedEdit(new TextRange(1, 1), "2", null, null)));
        assertEquals("{\"field\":\"credit_card\",\"text\":\"4\",\"edits\":[{\"range\":{\"start\":1,\"end\":1},"
                + "\"replacement\":\"2\"}]}", batch.toString());
    }

    @Test
    void everyOptionIsWrittenWithTheApisNames() {
        EditRequest edit = new EditRequest(FieldNames.composed("credit_card"), "4242", new TextRange(4, 4), "4")
                .withInputType(InputType.INSERT_TEXT).withEvent(EditEvent.BLUR).withUnits(OffsetUnits.SCALARS)
                .withLocale("zh-CN").withSeq(7);
        assertEquals("{\"field\":[\"credit_card\"],\"text\":\"4242\",\"range\":{\"start\":4,\"end\":4},"
                + "\"replacement\":\"4\",\"inputType\":\"insertText\",\"event\":\"blur\",\"units\":\"scalars\","
                + "\"locale\":\"zh-CN\",\"seq\":7}", edit.toString());
        TypedEditsRequest batch = new TypedEditsRequest(FieldNames.of("credit_card"), "4", 1,
                Arrays.asList(new TypedEdit(new TextRange(1, 1), "2", InputType.INSERT_TEXT, CaretAnchor.CARET),
                        new TypedEdit(new TextRange(0, 0), "1", null, CaretAnchor.START)))
                .withEvent(EditEvent.CHANGE).withUnits(OffsetUnits.UTF16).withLocale("en").withSeq(3);
        assertEquals("{\"field\":\"credit_card\",\"text\":\"4\",\"caret\":1,\"edits\":[{\"range\":{\"start\":1,"
                + "\"end\":1},\"replacement\":\"2\",\"inputType\":\"insertText\",\"anchor\":\"caret\"},{\"range\":"
                + "{\"start\":0,\"end\":0},\"replacement\":\"1\",\"anchor\":\"start\"}],\"event\":\"change\","
                + "\"units\":\"utf16\",\"locale\":\"en\",\"seq\":3}", batch.toString());
        Map<String, String> values = new LinkedHashMap<>();
        values.put("email", "a@b.co");
        assertEquals("{\"form\":\"login\",\"values\":{\"email\":\"a@b.co\"},\"event\":\"blur\",\"locale\":\"en\"}",
                ValidateRequest.form("login", values).withEvent(EditEvent.BLUR).withLocale("en").toString());
        assertEquals("{\"field\":\"amount\",\"text\":\"12\",\"event\":\"submit\",\"units\":\"utf16\",\"locale\":\"en\","
                + "\"seq\":8}", new FormatRequest("amount", "12").withEvent(EditEvent.SUBMIT)
                        .withUnits(OffsetUnits.UTF16).withLocale("en").withSeq(8).toString());
    }

    @Test
    void fieldNames() {
        assertEquals("\"phone_cn\"", FieldNames.of("phone_cn").toString());
        assertEquals("[\"full_name\",\"username\"]", FieldNames.composed("full_name", "username").toString());
        assertEquals("username", FieldNames.composed("full_name", "username").last());
        assertThrows(IllegalArgumentException.class, () -> FieldNames.of(""));
        assertThrows(IllegalArgumentException.class, () -> FieldNames.composed());
    }

    @Test
    void requestsCopyWhatTheyAreGiven() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("email", "a");
        ValidateRequest request = ValidateRequest.fields(values);
        values.put("password", "b");
        assertEquals(keys("email"), request.values().keySet());
    }

    static final String ANSWER = "{\"text\":\"4\",\"caret\":1,\"value\":\"4\",\"state\":\"incomplete\",\"valid\":false,"
            + "\"complete\":false,\"errors\":[{\"rule\":\"luhn\",\"message\":\"m\"}],"
            + "\"results\":[{\"rule\":\"luhn\",\"valid\":false,\"message\":\"m\"}],"
            + "\"rejected\":false,\"truncated\":false,\"deferred\":false,\"change\":{\"start\":0,\"end\":0,\"text\":\"4\"},"
            + "\"meta\":{\"brand\":\"visa\"}";

    @Test
    void answersReadEveryMember() throws JsonException {
        EditAnswer answer = EditAnswer.fromJson(Json.parse(ANSWER + ",\"seq\":9,\"map\":[0,1]}"));
        assertEquals("4", answer.text());
        assertEquals(1, answer.caret());
        assertEquals(TextState.INCOMPLETE, answer.state());
        assertEquals(Collections.singletonList(new RuleFailure("luhn", "m")), answer.errors());
        assertFalse(answer.results().get(0).valid());
        assertEquals(new TextChange(0, 0, "4"), answer.change());
        assertEquals("visa", answer.meta().get("brand"));
        assertEquals(9L, answer.seq());
        assertEquals(Arrays.asList(0, 1), Arrays.asList(answer.map()[0], answer.map()[1]));
        answer.map()[0] = 5;
        assertEquals(0, answer.map()[0], "map() is a copy");
    }

    @Test
    void answersTolerateMembersAndStatesAddedLater() throws JsonException {
        String json = ANSWER.replace("\"incomplete\"", "\"frozen\"")
                .replace("\"message\":\"m\"}]", "\"message\":\"m\",\"hint\":{\"n\":[1,true,null]}}]")
                + ",\"later\":{\"anything\":true}}";
        EditAnswer answer = EditAnswer.fromJson(Json.parse(json));
        assertEquals("frozen", answer.state().apiName());
        assertFalse(answer.state().isKnown());
        assertTrue(TextState.VALID.isKnown());
        assertEquals(Collections.singletonMap("n", Arrays.asList(1L, true, null)), answer.results().get(0).extra().get("hint"));
        assertEquals(Collections.singletonMap("anything", true), answer.json().get("later"));
        assertNull(answer.seq());
        assertNull(answer.map());
    }

    @Test
    void answersMissingAMemberOrWithOneOfTheWrongTypeAreRefusedNamingIt() {
        JsonException missing = assertThrows(JsonException.class,
                () -> EditAnswer.fromJson(Json.parse(ANSWER.replace("\"caret\":1,", "") + "}")));
        assertEquals("EditAnswer.caret is missing", missing.getMessage());
        JsonException wrong = assertThrows(JsonException.class,
                () -> EditAnswer.fromJson(Json.parse(ANSWER.replace("\"caret\":1", "\"caret\":\"1\"") + "}")));
        assertEquals("EditAnswer.caret must be an integer, not a string", wrong.getMessage());
        JsonException fraction = assertThrows(JsonException.class,
                () -> EditAnswer.fromJson(Json.parse(ANSWER.replace("\"caret\":1", "\"caret\":1.5") + "}")));
        assertEquals("EditAnswer.caret must be an integer, not a number", fraction.getMessage());
        JsonException huge = assertThrows(JsonException.class,
                () -> EditAnswer.fromJson(Json.parse(ANSWER.replace("\"caret\":1", "\"caret\":4294967296") + "}")));
        assertTrue(huge.getMessage().contains("out of range"), huge.getMessage());
        JsonException nested = assertThrows(JsonException.class,
                () -> EditAnswer.fromJson(Json.parse(ANSWER.replace("{\"rule\":\"luhn\",\"message\":\"m\"}",
                        "{\"rule\":\"luhn\"}") + "}")));
        assertEquals("EditAnswer.errors[0].message is missing", nested.getMessage());
        JsonException map = assertThrows(JsonException.class,
                () -> EditAnswer.fromJson(Json.parse(ANSWER + ",\"map\":[0,\"1\"]}")));
        assertEquals("EditAnswer.map[1] must be an integer, not a string", map.getMessage());
        assertThrows(JsonException.class, () -> EditAnswer.fromJson(Json.parse("[]")));
    }

    @Test
    void acceptedCharactersClassifyAsTheServiceDoes() {
        AcceptedCharacters digits = new AcceptedCharacters(true, false, false, false, " ");
        assertEquals("42 ", digits.filter("4a2 b"));
        assertEquals("４２", digits.filter("４２"), "full-width digits are digits (and kept as typed)");
        assertEquals("١٣٨", digits.filter("١٣٨x"), "every Unicode decimal digit is a digit");
        assertEquals("　", digits.filter("　"), "the ideographic space is a space, which is one of the characters");
        assertEquals("", digits.filter("👍🏽\u00a0-"));
        AcceptedCharacters letters = new AcceptedCharacters(false, true, false, false, "-");
        assertEquals("Ab-ß中", letters.filter("Ab-1 ß中"));
        assertEquals("－", letters.filter("－"), "a full-width hyphen is a hyphen");
        AcceptedCharacters spaces = new AcceptedCharacters(false, false, true, false, "");
        assertEquals(" \t\u00a0\u2007\u3000", spaces.filter(" \t\u00a0\u2007\u3000\u001c"),
                "Unicode White_Space, not Java's isWhitespace");
        AcceptedCharacters others = new AcceptedCharacters(false, false, false, true, "");
        assertEquals("👍🏽+", others.filter("👍🏽+a1 "), "a surrogate pair is one character");
    }

    @Test
    void aCompositionAcceptsWhatEveryFieldAccepts() {
        AcceptedCharacters digits = new AcceptedCharacters(true, false, false, false, " -");
        AcceptedCharacters digitsAndLetters = new AcceptedCharacters(true, true, false, false, "/");
        AcceptedCharacters both = AcceptedCharacters.intersection(Arrays.asList(digits, digitsAndLetters));
        assertEquals(new AcceptedCharacters(true, false, false, false, ""), both);
        AcceptedCharacters spaced = AcceptedCharacters.intersection(
                Arrays.asList(digits, new AcceptedCharacters(false, false, true, false, "")));
        assertEquals(" ", spaced.characters(), "a literal of one is accepted by the other's class");
        assertNull(AcceptedCharacters.intersection(Arrays.asList(digits, null)));
        assertEquals(digits, AcceptedCharacters.intersection(Collections.singletonList(digits)));
    }

    @Test
    void changesBetweenTexts() {
        assertEquals(new TextChange(18, 18, "2"), TextChange.between("4242 4242 4242 424", "4242 4242 4242 4242"));
        assertEquals(new TextChange(3, 6, "4 "), TextChange.between("4242 4242", "4244 242"));
        assertEquals(new TextChange(0, 0, ""), TextChange.between("", ""));
        assertTrue(TextChange.between("same", "same").isEmpty());
        // 😀 to 😃 share their high surrogate: the change takes the whole pair.
        TextChange emoji = TextChange.between("a😀", "a😃");
        assertEquals(new TextChange(1, 3, "😃"), emoji);
        assertEquals("a😃", emoji.applyTo("a😀"));
    }

    @Test
    void anAndroidKeyboardsWordReplacementNarrowsToTheKeyTyped() {
        // The keyboard replaces its composing word "12" (at 1..3) with "132": the key was "3", between 1 and 2.
        assertEquals(new TextChange(2, 2, "3"), TextChange.narrow("x12y", 1, 3, "132"));
        assertEquals(new TextChange(3, 3, "3"), TextChange.narrow("x12y", 1, 3, "123"));
        assertEquals(new TextChange(2, 3, ""), TextChange.narrow("x12y", 1, 3, "1"));
        assertTrue(TextChange.narrow("x12y", 1, 3, "12").isEmpty());
        assertEquals(new TextChange(0, 2, "ab"), TextChange.narrow("xy", 0, 2, "ab"));
        // Never inside a surrogate pair: the service refuses such a range (422).
        assertEquals(new TextChange(0, 2, "😃"), TextChange.narrow("😀", 0, 2, "😃"));
        assertEquals(new TextChange(0, 2, "\ud83c\ude00"), TextChange.narrow("\ud83d\ude00", 0, 2, "\ud83c\ude00"));
    }

    @Test
    void routesGoBelowTheBaseUrlAndNamesAreEscaped() {
        SmartTextClient client = new SmartTextClient("https://example.com/smarttext/");
        assertEquals("https://example.com/smarttext/v1/edit", client.url("v1", "edit"));
        assertEquals("https://example.com/smarttext/v1/fields/a%20b%2F%C3%A9%F0%9F%91%8D",
                client.url("v1", "fields", "a b/é👍"));
        assertEquals("http://127.0.0.1:8080/v1/forms/sign-up_2.x~",
                new SmartTextClient("http://127.0.0.1:8080").url("v1", "forms", "sign-up_2.x~"));
        assertThrows(IllegalArgumentException.class, () -> new SmartTextClient("ftp://example.com"));
        assertThrows(IllegalArgumentException.class, () -> new SmartTextClient("not a url"));
        assertThrows(IllegalArgumentException.class, () -> new SmartTextClient("http://example.com", null, 0));
    }

    @Test
    void aProblemDocumentOrWhateverElseAnErrorAnswerHolds() {
        ProblemException problem = SmartTextClient.problem(404, "Not Found",
                ("{\"type\":\"urn:smarttext:problem:unknown-field\",\"title\":\"Unknown field\",\"status\":404,"
                        + "\"detail\":\"no field\",\"pointer\":\"/field\"}").getBytes(StandardCharsets.UTF_8));
        assertEquals(404, problem.status());
        assertEquals("urn:smarttext:problem:unknown-field", problem.type());
        assertEquals("Unknown field", problem.title());
        assertEquals("no field", problem.detail());
        assertEquals("/field", problem.pointer());
        assertEquals("SmartText 404 urn:smarttext:problem:unknown-field: Unknown field (no field)", problem.getMessage());
        ProblemException page = SmartTextClient.problem(502, "Bad Gateway",
                "<html>bad gateway</html>".getBytes(StandardCharsets.UTF_8));
        assertEquals(502, page.status());
        assertEquals("about:blank", page.type());
        assertEquals("Bad Gateway", page.title());
        assertEquals("<html>bad gateway</html>", page.detail());
        assertNull(page.pointer());
        assertTrue(page.members().isEmpty());
        ProblemException empty = SmartTextClient.problem(503, null, new byte[0]);
        assertEquals("HTTP 503", empty.title());
        assertEquals("", empty.detail());
    }

    private static Set<String> keys(String... names) {
        return new HashSet<>(Arrays.asList(names));
    }
}
