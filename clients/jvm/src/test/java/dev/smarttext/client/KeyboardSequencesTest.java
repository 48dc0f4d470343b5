package dev.smarttext.client;

import static dev.smarttext.client.Typist.Key;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.smarttext.client.Typist.Delayed;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Android keyboards through {@link TextWatcherAdapter} and {@link EditSession}, against a live service
 * answering after 0, 150 and 400 ms: a keyboard that recomposes the whole word before the caret on
 * every key, commits, a suggestion with its trailing space, an autocorrection after the fact, backspaces
 * in and out of a composition, and an autofill, each ending as the same characters sent one request at a
 * time (what a desktop's keys give). The field is a stand-in for an {@code EditText} whose watchers run on
 * every replace, as Android's do.
 */
class KeyboardSequencesTest {
    private final SmartTextClient client = Live.client();
    private final ExecutorService ui = Executors.newSingleThreadExecutor();
    private static final long[] ROUND_TRIPS = {0, 150, 400};

    @AfterEach
    void stopTheMainThread() {
        ui.shutdownNow();
    }

    /** An EditText's text and selection; its watcher is told of every replace, as Android's TextWatchers are. */
    static final class StandInEditText implements TextWatcherAdapter.Field {
        final StringBuilder text = new StringBuilder();
        int selectionStart;
        int selectionEnd;
        TextWatcherAdapter watcher;

        @Override
        public String text() {
            return text.toString();
        }

        @Override
        public void replace(int start, int end, String with) {
            watcher.beforeTextChanged(text.toString(), start, end - start, with.length());
            text.replace(start, end, with);
            selectionStart = selectionEnd = start + with.length();
            watcher.onTextChanged(text.toString(), start, end - start, with.length());
            watcher.afterTextChanged();
        }

        @Override
        public void select(int start, int end) {
            selectionStart = start;
            selectionEnd = end;
            watcher.selectionChanged(start, end, false);
        }
    }

    /**
     * A keyboard as Gboard behaves: each key replaces the composing word (the word before the caret when
     * none is composing) with the word and the key; when the app changes the text under it, the
     * composition ends and the next key takes the word before the caret again.
     */
    static final class Keyboard {
        final StandInEditText field;
        int composingStart = -1;
        String composing;
        String expected;

        Keyboard(StandInEditText field) {
            this.field = field;
        }

        private void recompose(String word) {
            int end = composingStart + composing.length();

            composing = word;
            field.replace(composingStart, end, word);
            expected = field.text();
        }

        private void takeWordBeforeCaret() {
            if (composing != null && field.text().equals(expected)) return;
            int caret = field.selectionEnd;
            int start = caret;
            while (start > 0 && !Character.isWhitespace(field.text.charAt(start - 1))) start--;
            composingStart = start;
            composing = field.text.substring(start, caret);
        }

        void type(String character) {
            takeWordBeforeCaret();
            recompose(composing + character);
        }

        void backspace() {
            takeWordBeforeCaret();
            if (composing.isEmpty()) {
                int caret = field.selectionEnd;
                if (caret > 0) field.replace(caret - 1, caret, "");
                composing = null;
                return;
            }
            recompose(composing.substring(0, composing.length() - 1));
        }

        void commit(String suffix) {
            if (composing != null && field.text().equals(expected)) recompose(composing + suffix);
            else if (!suffix.isEmpty()) field.replace(field.selectionEnd, field.selectionEnd, suffix);
            composing = null;
        }

        void suggestion(String word) {
            takeWordBeforeCaret();
            recompose(word + " ");
            composing = null;
        }

        void autocorrect(String wrong, String right) {
            int caret = field.selectionEnd;
            int start = field.text().lastIndexOf(wrong, caret);
            field.replace(start, start + wrong.length(), right);
            // The keyboard puts the caret back where it was (InputConnection.setSelection).
            int back = caret + right.length() - wrong.length();
            field.select(back, back);
            composing = null;
        }

        void autofill(String value) {
            field.replace(0, field.text.length(), value);
            composing = null;
        }
    }

    /** One step of a keyboard: what it does, and its argument. */
    static String[] step(String action, String argument) {
        return new String[] {action, argument};
    }

    static List<String[]> typed(String characters, boolean commitEach) {
        List<String[]> steps = new ArrayList<>();
        for (int index = 0; index < characters.length(); index++) {
            steps.add(step("type", characters.substring(index, index + 1)));
            if (commitEach) steps.add(step("commit", ""));
        }
        return steps;
    }

    private <T> T onMain(Callable<T> call) throws Exception {
        return ui.submit(call).get(10, TimeUnit.SECONDS);
    }

    /** Plays `steps` on a new field of `field`, every request taking `delay` ms; the field once settled. */
    private EditSession.Shown play(String field, List<String[]> steps, long delay) throws Exception {
        AcceptedCharacters accepts = client.field(field).accepts();
        EditSession session = new EditSession(FieldNames.of(field), new Delayed(client, delay), ui);
        StandInEditText input = new StandInEditText();
        TextWatcherAdapter watcher = new TextWatcherAdapter(input, session);
        input.watcher = watcher;
        Keyboard keyboard = new Keyboard(input);
        onMain(() -> {
            session.setAccepts(accepts);
            session.setListener(new EditSession.Listener() {
                @Override
                public void onChange(EditSession.Shown shown) {
                    watcher.show(shown);
                }
            });
            return null;
        });
        for (String[] each : steps) {
            onMain(() -> {
                switch (each[0]) {
                    case "type": keyboard.type(each[1]); break;
                    case "backspace": keyboard.backspace(); break;
                    case "commit": keyboard.commit(each[1]); break;
                    case "suggestion": keyboard.suggestion(each[1]); break;
                    case "autocorrect": keyboard.autocorrect(each[1].split("/")[0], each[1].split("/")[1]); break;
                    case "autofill": keyboard.autofill(each[1]); break;
                    default: throw new IllegalArgumentException(each[0]);
                }
                return null;
            });
            Thread.sleep(10);
        }
        CountDownLatch idle = new CountDownLatch(1);
        onMain(() -> {
            session.whenIdle(idle::countDown);
            return null;
        });
        assertTrue(idle.await(30, TimeUnit.SECONDS), "the session settles");
        return onMain(() -> {
            assertEquals(session.text(), input.text(), "the field shows the session's text");
            return new EditSession.Shown(input.text(), input.selectionStart, input.selectionEnd);
        });
    }

    private void endsAsDesktopKeys(String field, List<String[]> steps, List<Key> keys) throws Exception {
        EditSession.Shown expected = Typist.oneAtATime(client, field, keys);
        for (long delay : ROUND_TRIPS) {
            assertEquals(expected, play(field, steps, delay), field + " at " + delay + " ms");
        }
    }

    @Test
    void aCardNumberEachDigitANewCompositionOfTheGroupBeforeTheCaret() throws Exception {
        endsAsDesktopKeys("credit_card", typed("4242424242424242", true), Typist.keys("4242424242424242"));
    }

    @Test
    void aCardNumberAsOneLongComposition() throws Exception {
        List<String[]> steps = typed("4242424242424242", false);
        steps.add(step("commit", ""));
        endsAsDesktopKeys("credit_card", steps, Typist.keys("4242424242424242"));
    }

    @Test
    void aMobileNumberWithABackspaceRecomposingTheWord() throws Exception {
        List<String[]> steps = typed("13800138001", true);
        steps.addAll(Arrays.asList(step("backspace", ""), step("commit", ""), step("type", "0"), step("commit", "")));
        List<Key> keys = Typist.keys("13800138001");
        keys.add(Key.BACKSPACE);
        keys.add(Key.type("0"));
        endsAsDesktopKeys("phone_cn", steps, keys);
    }

    @Test
    void anEmailAddressWithASuggestionAndItsTrailingSpace() throws Exception {
        List<String[]> steps = typed("jane", false);
        steps.add(step("suggestion", "jane"));
        steps.addAll(typed("@example.com", false));
        steps.add(step("commit", ""));
        endsAsDesktopKeys("email", steps, Typist.keys("jane @example.com"));
    }

    @Test
    void aNameWithASuggestionAndAnAutocorrectionAfterTheFact() throws Exception {
        List<String[]> steps = typed("jan", false);
        steps.add(step("suggestion", "Jane"));
        steps.addAll(typed("smiht", false));
        steps.add(step("commit", " "));
        steps.add(step("autocorrect", "smiht/smith"));
        endsAsDesktopKeys("full_name", steps, Typist.keys("Jane smith "));
    }

    @Test
    void anAutofillAfterKeysIsFormattedAsAWhole() throws Exception {
        List<String[]> steps = typed("42", true);
        steps.add(step("autofill", "4242424242424242"));
        for (long delay : ROUND_TRIPS) {
            assertEquals(new EditSession.Shown("4242 4242 4242 4242", 19, 19), play("credit_card", steps, delay),
                    "at " + delay + " ms");
        }
    }
}
