package dev.smarttext.client;

import static dev.smarttext.client.Typist.Key;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.smarttext.client.Typist.Delayed;
import dev.smarttext.client.Typist.ManualExecutor;
import dev.smarttext.client.Typist.Recording;
import dev.smarttext.client.Typist.Told;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * EditSession against a live service: keys faster than the answers end as the same keys sent one at a
 * time with no latency; what is refused never shows; failures lose nothing.
 */
class EditSessionTest {
    private final SmartTextClient client = Live.client();
    /** The app's main thread, for the tests with real threads. */
    private final ExecutorService ui = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopTheMainThread() {
        ui.shutdownNow();
    }

    /** The characters typed in each field: its digits and letters, separators, and some it refuses. */
    static final Map<String, String[]> TYPED = new LinkedHashMap<>();

    static {
        TYPED.put("credit_card", new String[] {"4", "2", "7", "0", "x", " ", "4242 4242", "-"});
        TYPED.put("phone_cn", new String[] {"1", "3", "8", "0", "+", "8", "6", " ", "a"});
        TYPED.put("amount", new String[] {"1", "0", "5", ".", ",", "-", "x"});
        TYPED.put("card_expiry", new String[] {"1", "2", "3", "0", "/", "4"});
        TYPED.put("iban", new String[] {"D", "E", "8", "9", "3", "7", " ", "x"});
        TYPED.put("date", new String[] {"2", "0", "1", "9", "-", "3"});
        TYPED.put("phone_us", new String[] {"2", "0", "1", "5", "(", "-", "1"});
        TYPED.put("email", new String[] {"j", "a", "@", "e", ".", "c", " "});
    }

    // Deterministic: the test thread is both the main thread and the network, and decides after how
    // many keys each answer arrives.

    /** The keys pressed through a session whose n-th request is answered after {@code delays[n]} more keys. */
    static EditSession.Shown typeAnsweringAfter(
            EditService service, String field, AcceptedCharacters accepts, List<Key> keys, int[] delays) {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        EditSession session = new EditSession(FieldNames.of(field), service, main, network);
        session.setAccepts(accepts);
        int next = 0;
        long due = -1;
        for (int now = 0; now < keys.size(); now++) {
            Typist.press(keys.get(now), session);
            if (network.size() > 0 && due < 0) due = now + (next < delays.length ? delays[next++] : 0);
            while (network.size() > 0 && due <= now) {
                network.runOne();
                main.runAll();
                due = network.size() > 0 ? now + 1 + (next < delays.length ? delays[next++] : 0) : -1;
            }
            assertTrue(network.size() <= 1, "at most one request in flight");
        }
        while (network.size() > 0) {
            network.runOne();
            main.runAll();
        }
        assertFalse(session.isBusy());
        return session.shown();
    }

    @ParameterizedTest
    @ValueSource(strings = {"credit_card", "phone_cn", "amount", "card_expiry", "iban", "date", "phone_us", "email"})
    void randomKeysAnsweredAfterRandomNumbersOfKeysEndAsWithNoLatency(String field) throws SmartTextException {
        AcceptedCharacters accepts = client.field(field).accepts();
        Random random = new Random(field.length() * 7919L);
        for (int round = 0; round < 20; round++) {
            List<Key> keys = Typist.randomKeys(random, TYPED.get(field), 14);
            EditSession.Shown expected = Typist.oneAtATime(client, field, keys);
            int[] late = {keys.size()};
            int[] random03 = new int[keys.size()];
            for (int i = 0; i < random03.length; i++) random03[i] = random.nextInt(4);
            for (int[] delays : Arrays.asList(late, random03, new int[0])) {
                assertEquals(expected, typeAnsweringAfter(client, field, accepts, keys, delays),
                        field + ": " + keys + " answered after " + Arrays.toString(delays));
            }
        }
    }

    /**
     * Fields whose layout changes with what is typed (issue 28): the 12th digit re-lays a CPF as a CNPJ, the 11th
     * a Brazilian phone's 8-digit layout as the 9-digit one. Keys typed before an answer that re-lays the text land
     * where they would with no latency, across the switch and back.
     */
    @ParameterizedTest
    @ValueSource(strings = {"tax_id_br", "phone_br"})
    void keysPendingWhileTheLayoutSwitchesEndAsWithNoLatency(String field) throws SmartTextException {
        AcceptedCharacters accepts = client.field(field).accepts();
        String digits = field.equals("tax_id_br") ? "11222333000181" : "11987654321";
        Random random = new Random(field.length() * 15485863L);
        for (int round = 0; round < 8; round++) {
            List<Key> keys = new ArrayList<>(Typist.keys(digits));
            int back = 2 + random.nextInt(4);
            for (int i = 0; i < back; i++) keys.add(Key.BACKSPACE);
            if (round % 2 == 1) keys.addAll(List.of(Key.HOME, Key.type("9"), Key.END));
            keys.addAll(Typist.keys(digits.substring(digits.length() - back)));
            EditSession.Shown expected = Typist.oneAtATime(client, field, keys);
            int[] delays = new int[keys.size()];
            for (int i = 0; i < delays.length; i++) delays[i] = random.nextInt(5);
            for (int[] answered : Arrays.asList(new int[] {keys.size()}, delays)) {
                assertEquals(expected, typeAnsweringAfter(client, field, accepts, keys, answered),
                        field + ": " + keys + " answered after " + Arrays.toString(answered));
            }
        }
    }

    @Test
    void theIssuesExampleHomeAndADigitWhileTheFirstAnswerIsOnItsWay() {
        Recording recording = new Recording(client);
        List<Key> keys = Typist.keys("42424242");
        keys.add(Key.HOME);
        keys.add(Key.type("1"));
        EditSession.Shown shown = typeAnsweringAfter(recording, "credit_card", null, keys, new int[] {keys.size()});
        assertEquals(new EditSession.Shown("1424 2424 2", 1, 1), shown);
        assertEquals(2, recording.edits.size(), "the first key, then the eight edits made meanwhile in one request");
        TypedEditsRequest second = recording.edits.get(1);
        assertEquals("4", second.text());
        assertEquals(1, second.caret());
        assertEquals(8, second.edits().size());
        assertEquals(CaretAnchor.CARET, second.edits().get(0).anchor());
        assertEquals(CaretAnchor.START, second.edits().get(7).anchor());
        assertEquals(new TextRange(0, 0), second.edits().get(7).range());
    }

    @Test
    void onlyTheNewestTextsAnswerIsReportedAndOnlyChangesAreShown() {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        EditSession session = new EditSession(FieldNames.of("credit_card"), client, main, network);
        Told told = new Told();
        session.setListener(told);
        session.edit(0, 0, "4242");
        session.edit(4, 4, "4");
        assertEquals("42424", session.text());
        assertEquals(1, network.size());
        network.runOne();
        main.runAll();
        // The answer for "4242" came while "4" waited: nothing to report yet, the "4" is moved onto it.
        assertTrue(told.answers.isEmpty());
        assertNull(session.answer());
        assertTrue(told.changes.isEmpty(), "\"4242\" and the 4 show as they were");
        assertEquals(1, network.size(), "the waiting key went out at once");
        network.runOne();
        main.runAll();
        assertEquals(Collections.singletonList(new EditSession.Shown("4242 4", 6, 6)), told.changes);
        assertEquals(1, told.answers.size());
        assertEquals("42424", told.answers.get(0).value());
        assertEquals(told.answers.get(0), session.answer());
        assertEquals(2, session.seq());
        assertTrue(told.errors.isEmpty());
    }

    @Test
    void aCaretPutElsewhereDuringARequestMovesThroughTheMap() throws SmartTextException {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        Recording recording = new Recording(client);
        EditSession session = new EditSession(FieldNames.of("credit_card"), recording, main, network);
        session.edit(0, 0, "42424242");
        // A tap after the fourth digit while the answer is on its way: no anchor.
        session.select(4, 4, null);
        settle(network, main);
        assertEquals(1, recording.edits.size());
        int[] map = client.edit(recording.edits.get(0)).map();
        assertEquals(new EditSession.Shown("4242 4242", map[4], map[4]), session.shown(),
                "the caret stays after the fourth digit");
        // Another tap there and a key typed before the answer: the key lands after the fourth digit too.
        session.edit(9, 9, "4");
        session.select(4, 4, null);
        session.edit(4, 4, "1");
        settle(network, main);
        EditAnswer expected = client.edit(new EditRequest("credit_card", "4242 42424", new TextRange(4, 4), "1"));
        assertEquals(new EditSession.Shown(expected.text(), expected.caret(), expected.caret()), session.shown());
        assertNull(recording.edits.get(2).edits().get(0).anchor(), "a tap has no anchor");
    }

    @Test
    void moreThanAHundredKeysDuringOneRoundTripGoInRequestsOfAtMostAHundred() {
        Recording recording = new Recording(client);
        List<Key> keys = new ArrayList<>();
        for (int i = 0; i < 150; i++) keys.add(Key.type(i % 10 == 9 ? "." : "a"));
        EditSession.Shown shown = typeAnsweringAfter(recording, "email", null, keys, new int[] {keys.size()});
        List<Integer> sizes = new ArrayList<>();
        for (TypedEditsRequest request : recording.edits) sizes.add(request.edits().size());
        assertEquals(Arrays.asList(1, 100, 49), sizes);
        StringBuilder expected = new StringBuilder();
        for (Key key : keys) expected.append(key.text);
        assertEquals(new EditSession.Shown(expected.toString(), 150, 150), shown);
    }

    // With threads: the app's main thread, a shared background pool, and a service that answers late.

    private <T> T onMain(Callable<T> call) throws Exception {
        return ui.submit(call).get(10, TimeUnit.SECONDS);
    }

    private void onMain(Runnable run) throws Exception {
        ui.submit(run).get(10, TimeUnit.SECONDS);
    }

    private void awaitIdle(EditSession session) throws Exception {
        CountDownLatch idle = new CountDownLatch(1);
        onMain(() -> session.whenIdle(idle::countDown));
        assertTrue(idle.await(30, TimeUnit.SECONDS), "the session settles");
    }

    /** The keys pressed {@code intervalMillis} apart on the main thread while every request takes {@code delayMillis}. */
    private EditSession.Shown typeWithLatency(
            String field, AcceptedCharacters accepts, List<Key> keys, long intervalMillis, Delayed service) throws Exception {
        EditSession session = new EditSession(FieldNames.of(field), service, ui);
        onMain(() -> session.setAccepts(accepts));
        for (Key key : keys) {
            onMain(() -> Typist.press(key, session));
            Thread.sleep(intervalMillis);
        }
        awaitIdle(session);
        return onMain(session::shown);
    }

    @ParameterizedTest
    @ValueSource(strings = {"credit_card", "phone_cn", "amount", "card_expiry", "iban"})
    void randomKeysFasterThanADelayedServiceEndAsWithNoLatency(String field) throws Exception {
        AcceptedCharacters accepts = client.field(field).accepts();
        Random random = new Random(field.length() * 104729L);
        for (int round = 0; round < 6; round++) {
            List<Key> keys = Typist.randomKeys(random, TYPED.get(field), 12);
            EditSession.Shown expected = Typist.oneAtATime(client, field, keys);
            Delayed service = new Delayed(client, 25);
            assertEquals(expected, typeWithLatency(field, accepts, keys, 3, service), field + ": " + keys);
            assertTrue(service.mostInFlight.get() <= 1, "at most one request in flight");
        }
    }

    @Test
    void theIssuesExampleWithA150MillisecondRoundTrip() throws Exception {
        List<Key> keys = Typist.keys("42424242");
        keys.add(Key.HOME);
        keys.add(Key.type("1"));
        Delayed service = new Delayed(client, 150);
        assertEquals(new EditSession.Shown("1424 2424 2", 1, 1), typeWithLatency("credit_card", null, keys, 5, service));
        // How many go depends on the machine's speed; fewer requests than edits means keys went together.
        assertTrue(service.edits.get() < 9, service.edits.get() + " requests for 9 edits");
    }

    @Test
    void everyKeyShowsAtOnceAndTheAnswersMergeIn() throws Exception {
        Delayed service = new Delayed(client, 40);
        EditSession session = new EditSession(FieldNames.of("credit_card"), service, ui);
        Told told = new Told();
        onMain(() -> session.setListener(told));
        for (char digit : "4242424242424242".toCharArray()) {
            EditSession.Shown now = onMain(() -> session.edit(session.selectionStart(), session.selectionEnd(),
                    String.valueOf(digit)));
            assertEquals(digit, now.text().charAt(now.caret() - 1), "the key shows before any answer: " + now);
        }
        awaitIdle(session);
        assertEquals(new EditSession.Shown("4242 4242 4242 4242", 19, 19), onMain(session::shown));
        assertEquals("4242424242424242", onMain(() -> session.answer().value()));
        assertTrue(onMain(session::seq) < 16, "keys typed while waiting go together");
        List<EditSession.Shown> changes = onMain(() -> new ArrayList<>(told.changes));
        assertEquals("4242 4242 4242 4242", changes.get(changes.size() - 1).text());
        List<EditAnswer> answers = onMain(() -> new ArrayList<>(told.answers));
        assertEquals(1, answers.size(), "messages only for the newest text");
        assertTrue(answers.get(0).valid());
        assertTrue(service.mostInFlight.get() <= 1);
    }

    // What is refused, and what fails

    @Test
    void lettersInADigitsFieldNeverShow() throws SmartTextException {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        Recording recording = new Recording(client);
        EditSession session = new EditSession(FieldNames.of("credit_card"), recording, main, network);
        session.setAccepts(client.field("credit_card").accepts());
        assertEquals(new EditSession.Shown("", 0, 0), session.edit(0, 0, "x"));
        assertFalse(session.isBusy(), "nothing to send");
        assertEquals(0, network.size());
        assertEquals(new EditSession.Shown("42", 2, 2), session.edit(0, 0, "4a2"));
        settle(network, main);
        assertEquals("42", recording.edits.get(0).edits().get(0).replacement(), "the letter never left either");
        // A refused key over a selection leaves the text and collapses the selection to its start;
        // after select-all, the caret is then at the start, as the service answers.
        session.select(0, 2, CaretAnchor.ALL);
        assertEquals(new EditSession.Shown("42", 0, 0), session.edit(0, 2, "é"));
        assertEquals(new EditSession.Shown("142", 1, 1), session.edit(0, 0, "1"));
        settle(network, main);
        TypedEdit sent = recording.edits.get(1).edits().get(0);
        assertEquals(CaretAnchor.START, sent.anchor());
        assertEquals(new EditSession.Shown("142", 1, 1), session.shown());
    }

    @Test
    void noAnswerKeepsEverythingTypedAndTheNextAnswerFormatsTheWholeText() {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        boolean[] down = {true};
        EditService flaky = new EditService() {
            @Override
            public EditAnswer edit(TypedEditsRequest request) throws SmartTextException {
                if (down[0]) throw new TransportException("down", new IOException("connection refused"));
                return client.edit(request);
            }

            @Override
            public EditAnswer format(FormatRequest request) throws SmartTextException {
                return client.format(request);
            }
        };
        EditSession session = new EditSession(FieldNames.of("credit_card"), flaky, main, network);
        Told told = new Told();
        session.setListener(told);
        session.edit(0, 0, "4");
        session.edit(1, 1, "2");
        session.edit(2, 2, "4");
        network.runOne();
        main.runAll();
        assertEquals(new EditSession.Shown("424", 3, 3), session.shown(), "what was typed stays");
        assertFalse(session.isBusy());
        assertTrue(told.changes.isEmpty(), "nothing to change on the field");
        assertEquals(1, told.errors.size());
        assertTrue(told.errors.get(0) instanceof TransportException);
        down[0] = false;
        session.edit(3, 3, "2");
        session.edit(4, 4, "4");
        settle(network, main);
        assertEquals(new EditSession.Shown("4242 4", 6, 6), session.shown(), "the whole text is formatted");
        assertEquals("42424", session.answer().value());
    }

    /** Answers every request, and those sent after each answer, until nothing is in flight. */
    private static void settle(ManualExecutor network, ManualExecutor main) {
        while (network.size() > 0) {
            network.runOne();
            main.runAll();
        }
    }

    @Test
    void aServerErrorKeepsWhatIsShownToo() {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        EditService draining = new EditService() {
            @Override
            public EditAnswer edit(TypedEditsRequest request) throws SmartTextException {
                throw new ProblemException(503, "about:blank", "Service Unavailable", "draining", null, null);
            }

            @Override
            public EditAnswer format(FormatRequest request) {
                throw new AssertionError("not called");
            }
        };
        EditSession session = new EditSession(FieldNames.of("credit_card"), draining, main, network);
        session.edit(0, 0, "4242 4");
        settle(network, main);
        assertEquals(new EditSession.Shown("4242 4", 6, 6), session.shown());
        assertFalse(session.isBusy());
    }

    @Test
    void aRefusedRequestPutsBackTheLastAnswer() {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        EditSession session = new EditSession(FieldNames.of("full_name"), client, main, network);
        Told told = new Told();
        session.setListener(told);
        session.edit(0, 0, "Zoë 👍");
        settle(network, main);
        assertEquals(new EditSession.Shown("Zoë 👍", 6, 6), session.shown());
        // Deleting half of the emoji: the service refuses the range (422), the field goes back.
        assertEquals("Zoë \ud83d", session.edit(5, 6, "").text());
        session.edit(5, 5, "x");
        settle(network, main);
        assertEquals(new EditSession.Shown("Zoë 👍", 6, 6), session.shown());
        assertEquals(Collections.singletonList(new EditSession.Shown("Zoë 👍", 6, 6)), told.changes);
        ProblemException problem = (ProblemException) told.errors.get(0);
        assertEquals(422, problem.status());
        assertEquals("urn:smarttext:problem:invalid-range", problem.type());
        assertFalse(session.isBusy());
        // And the next key goes on from there.
        session.edit(6, 6, "!");
        settle(network, main);
        assertEquals("Zoë 👍!", session.text());
    }

    @Test
    void anAnswerWithoutAMapKeepsWhatIsShown() {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        EditService old = new EditService() {
            @Override
            public EditAnswer edit(TypedEditsRequest request) throws SmartTextException {
                Map<String, Object> json = new LinkedHashMap<>(client.edit(request).json());
                json.remove("map");
                try {
                    return EditAnswer.fromJson(json);
                } catch (JsonException error) {
                    throw new AssertionError(error);
                }
            }

            @Override
            public EditAnswer format(FormatRequest request) throws SmartTextException {
                return client.format(request);
            }
        };
        EditSession session = new EditSession(FieldNames.of("credit_card"), old, main, network);
        session.edit(0, 0, "42424");
        settle(network, main);
        assertEquals(new EditSession.Shown("42424", 5, 5), session.shown());
        assertFalse(session.isBusy());
        assertNull(session.answer());
    }

    @Test
    void aResetDropsAnswersToEarlierRequests() {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        EditSession session = new EditSession(FieldNames.of("credit_card"), client, main, network);
        Told told = new Told();
        session.setListener(told);
        session.edit(0, 0, "4");
        session.reset("5555");
        assertFalse(session.isBusy());
        settle(network, main);
        assertEquals(new EditSession.Shown("5555", 4, 4), session.shown());
        assertTrue(told.changes.isEmpty() && told.answers.isEmpty());
        session.edit(4, 4, "5");
        settle(network, main);
        assertEquals(new EditSession.Shown("5555 5", 6, 6), session.shown());
    }

    @Test
    void checkOnBlurWaitsForTheEditsThenReportsWhatTypingKeptQuiet() {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        Recording recording = new Recording(client);
        EditSession session = new EditSession(FieldNames.of("email"), recording, main, network);
        session.setLocale("zh-CN");
        Told told = new Told();
        session.setListener(told);
        session.edit(0, 0, "jane@example");
        session.check(EditEvent.BLUR);
        assertEquals(1, network.size(), "the check waits for the edit's answer");
        network.runOne();
        main.runAll();
        assertTrue(told.answers.get(0).errors().isEmpty(), "while typing, the address is only incomplete");
        network.runOne();
        main.runAll();
        assertEquals(Arrays.asList("edit", "format"), recording.order);
        assertEquals(EditEvent.BLUR, recording.formats.get(0).event());
        assertEquals("zh-CN", recording.formats.get(0).locale());
        assertEquals("zh-CN", recording.edits.get(0).locale());
        EditAnswer blur = told.answers.get(1);
        assertEquals("email", blur.errors().get(0).rule());
        assertEquals("邮箱须为有效的邮箱地址", blur.errors().get(0).message());
        assertEquals(blur, session.answer());
    }

    @Test
    void aCheckForAnOlderTextIsDropped() {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        EditSession session = new EditSession(FieldNames.of("email"), client, main, network);
        session.reset("jane@example");
        session.check(EditEvent.BLUR);
        session.edit(12, 12, ".com");
        settle(network, main);
        assertEquals("jane@example.com", session.text());
        assertTrue(session.answer().errors().isEmpty());
    }

    @Test
    void rangesOutsideTheTextAreTheAppsMistake() {
        EditSession session = new EditSession(FieldNames.of("email"), client, new ManualExecutor(), new ManualExecutor());
        assertThrows(IndexOutOfBoundsException.class, () -> session.edit(1, 1, "a"));
        assertThrows(IndexOutOfBoundsException.class, () -> session.select(0, 1, null));
        session.reset("abc", 3, 1);
        assertEquals(new EditSession.Shown("abc", 1, 3), session.shown(), "a backward selection is taken in order");
        session.select(3, 0, null);
        assertEquals(new EditSession.Shown("abc", 0, 3), session.shown());
    }

    // Rebase: the same arithmetic as the web and Swift clients

    @Test
    void aRangeMovesThroughTheMapWhichGrowsOverEachEdit() {
        // "42424" shown, answered "4242 4": the fifth digit is after the space.
        EditSession.Rebased rebased = EditSession.rebase(Arrays.asList(
                new TypedEdit(new TextRange(5, 5), "2", null, CaretAnchor.CARET),
                new TypedEdit(new TextRange(0, 0), "1", null, null)), new int[] {0, 1, 2, 3, 4, 6});
        assertEquals(new TextRange(6, 6), rebased.edits().get(0).range());
        assertEquals(new TextRange(0, 0), rebased.edits().get(1).range());
        assertEquals(CaretAnchor.CARET, rebased.edits().get(0).anchor());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 7, 8}, rebased.map());
    }

    @Test
    void aDeletionTakesTheSeparatorsBetweenItsCharacters() {
        // "42424" shown as "4242 4": deleting the last digit deletes " 4".
        EditSession.Rebased rebased = EditSession.rebase(Collections.singletonList(
                new TypedEdit(new TextRange(4, 5), "", InputType.DELETE_CONTENT_BACKWARD, null)), new int[] {0, 1, 2, 3, 4, 6});
        assertEquals(new TextRange(4, 6), rebased.edits().get(0).range());
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, rebased.map());
    }

    @Test
    void anAnswerThatChangedNothingMovesNothing() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            String text = "0123456789".substring(0, random.nextInt(10));
            List<TypedEdit> edits = new ArrayList<>();
            String shown = text;
            for (int n = random.nextInt(6); n > 0; n--) {
                int start = random.nextInt(shown.length() + 1);
                int end = start + random.nextInt(shown.length() - start + 1);
                String replacement = "abc".substring(0, random.nextInt(4));
                edits.add(new TypedEdit(new TextRange(start, end), replacement, null, null));
                shown = EditSession.splice(shown, start, end, replacement);
            }
            int[] identity = new int[text.length() + 1];
            for (int i = 0; i < identity.length; i++) identity[i] = i;
            EditSession.Rebased rebased = EditSession.rebase(edits, identity);
            assertEquals(edits, rebased.edits());
            int[] expected = new int[shown.length() + 1];
            for (int i = 0; i < expected.length; i++) expected[i] = i;
            assertArrayEquals(expected, rebased.map());
        }
    }

    @Test
    void theSameMovesAsTheWebClientsRebase() throws Exception {
        String file = System.getProperty("smarttext.rebaseCases");
        assertNotNull(file, "test.sh writes the web client's rebase of random cases and passes -Dsmarttext.rebaseCases");
        @SuppressWarnings("unchecked")
        List<Object> cases = (List<Object>) Json.parse(Files.readAllBytes(Paths.get(file)));
        assertTrue(cases.size() >= 1000, cases.size() + " cases");
        for (Object each : cases) {
            Members json = Members.of(each, "case");
            int[] map = ints(json.array("map"));
            List<TypedEdit> edits = new ArrayList<>();
            for (Members edit : json.objects("edits")) edits.add(typedEdit(edit));
            List<TypedEdit> moved = new ArrayList<>();
            for (Members edit : json.objects("moved")) moved.add(typedEdit(edit));
            EditSession.Rebased rebased = EditSession.rebase(edits, map);
            assertEquals(moved, rebased.edits(), Json.write(each));
            assertArrayEquals(ints(json.array("resultMap")), rebased.map(), Json.write(each));
        }
    }

    private static TypedEdit typedEdit(Members edit) throws JsonException {
        String anchor = edit.optionalString("anchor");
        return new TypedEdit(new TextRange(edit.integer("start"), edit.integer("end")), edit.string("replacement"), null,
                anchor == null ? null : CaretAnchor.valueOf(anchor.toUpperCase()));
    }

    private static int[] ints(List<Object> list) throws JsonException {
        int[] ints = new int[list.size()];
        for (int i = 0; i < ints.length; i++) ints[i] = Members.toInt("map[" + i + "]", list.get(i));
        return ints;
    }

    // MARK: many replicas (issue 31)

    /** Answers through the live client, each one's {@code registry} the next of {@code versions}. */
    static final class Versioned implements EditService {
        final EditService inner;
        final List<String> versions;
        final List<TypedEditsRequest> edits = new ArrayList<>();

        Versioned(EditService inner, String... versions) {
            this.inner = inner;
            this.versions = new ArrayList<>(Arrays.asList(versions));
        }

        @Override
        public EditAnswer edit(TypedEditsRequest request) throws SmartTextException {
            edits.add(request);
            Map<String, Object> json = new LinkedHashMap<>(inner.edit(request).json());
            json.put("registry", versions.remove(0));
            try {
                return EditAnswer.fromJson(json);
            } catch (JsonException error) {
                throw new AssertionError(error);
            }
        }

        @Override
        public EditAnswer format(FormatRequest request) throws SmartTextException {
            return inner.format(request);
        }
    }

    /** One key at a time, each request answered (on the test thread) before the next key. */
    static EditSession typeAnsweringEach(EditService service, String field, String digits) {
        ManualExecutor main = new ManualExecutor();
        ManualExecutor network = new ManualExecutor();
        EditSession session = new EditSession(FieldNames.of(field), service, main, network);
        for (Key key : Typist.keys(digits)) {
            Typist.press(key, session);
            while (network.size() > 0) {
                network.runOne();
                main.runAll();
            }
        }
        return session;
    }

    @Test
    void duringARollOutAnAnswerOfTheVersionTheSessionLeftIsNotTakenAndItsEditsGoAgain() {
        // v1, v2, then a replica still on v1 (not taken: the key goes again), then v2 again.
        Versioned service = new Versioned(client, "v1", "v2", "v1", "v2", "v2");
        EditSession session = typeAnsweringEach(service, "credit_card", "4242");
        assertEquals("4242", session.text());
        assertEquals(5, service.edits.size(), "the key answered by the replica left behind went again");
        assertEquals(service.edits.get(2).text(), service.edits.get(3).text());
        assertEquals("v2", session.answer().registry());
    }

    @Test
    void afterThreeAnswersOfALeftVersionInARowTheSessionTakesIt() {
        Versioned service = new Versioned(client, "v1", "v2", "v1", "v1", "v1", "v1");
        EditSession session = typeAnsweringEach(service, "credit_card", "424");
        assertEquals("424", session.text());
        assertEquals(6, service.edits.size());
        assertEquals("v1", session.answer().registry(), "the pool went back to v1");
    }

    @Test
    void aRequestWithoutAnAnswerGoesAgainTwiceAtMost() {
        int[] failures = {2};
        List<TypedEditsRequest> sent = new ArrayList<>();
        EditService flaky = new EditService() {
            @Override
            public EditAnswer edit(TypedEditsRequest request) throws SmartTextException {
                sent.add(request);
                if (failures[0]-- > 0) throw new TransportException("connection reset", new IOException("reset"));
                return client.edit(request);
            }

            @Override
            public EditAnswer format(FormatRequest request) throws SmartTextException {
                return client.format(request);
            }
        };
        EditSession session = typeAnsweringEach(flaky, "credit_card", "42424");
        assertEquals("4242 4", session.text(), "the third attempt was answered: the text is the service's");
        assertEquals(7, sent.size(), "two attempts without an answer, then one per key");
    }
}
