package dev.smarttext.client;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/** What the session tests share: keys, a typist that presses them, the reference, and services that delay or fail. */
final class Typist {
    private Typist() {}

    /** A key a user presses in a text field. */
    static final class Key {
        enum Kind { TYPE, BACKSPACE, DELETE, HOME, END, ALL }

        final Kind kind;
        final String text;

        private Key(Kind kind, String text) {
            this.kind = kind;
            this.text = text;
        }

        static Key type(String text) {
            return new Key(Kind.TYPE, text);
        }

        static final Key BACKSPACE = new Key(Kind.BACKSPACE, null);
        static final Key DELETE = new Key(Kind.DELETE, null);
        static final Key HOME = new Key(Kind.HOME, null);
        static final Key END = new Key(Kind.END, null);
        static final Key ALL = new Key(Kind.ALL, null);

        @Override
        public String toString() {
            return kind == Kind.TYPE ? Json.write(text) : kind.name().toLowerCase();
        }
    }

    static List<Key> keys(String digits) {
        List<Key> keys = new ArrayList<>();
        for (char c : digits.toCharArray()) keys.add(Key.type(String.valueOf(c)));
        return keys;
    }

    /** Random keys: mostly typing from {@code typed}, some backspace and delete, some Home, End, select-all. */
    static List<Key> randomKeys(Random random, String[] typed, int most) {
        List<Key> keys = new ArrayList<>();
        for (int n = 1 + random.nextInt(most); n > 0; n--) {
            double roll = random.nextDouble();
            if (roll < 0.62) keys.add(Key.type(typed[random.nextInt(typed.length)]));
            else if (roll < 0.78) keys.add(Key.BACKSPACE);
            else if (roll < 0.84) keys.add(Key.DELETE);
            else keys.add(new Key[] {Key.HOME, Key.END, Key.ALL}[random.nextInt(3)]);
        }
        return keys;
    }

    /** The edit a key makes on a text with a selection: {start, end}, or null for a caret key. */
    static int[] range(Key key, String text, int start, int end) {
        switch (key.kind) {
            case TYPE:
                return new int[] {start, end};
            case BACKSPACE:
                return start < end ? new int[] {start, end} : new int[] {start == 0 ? 0 : text.offsetByCodePoints(start, -1), start};
            case DELETE:
                return start < end ? new int[] {start, end}
                        : new int[] {end, end == text.length() ? end : text.offsetByCodePoints(end, 1)};
            default:
                return null;
        }
    }

    static InputType inputType(Key key) {
        switch (key.kind) {
            case BACKSPACE:
                return InputType.DELETE_CONTENT_BACKWARD;
            case DELETE:
                return InputType.DELETE_CONTENT_FORWARD;
            default:
                return key.text.codePointCount(0, key.text.length()) > 1 ? InputType.INSERT_FROM_PASTE : InputType.INSERT_TEXT;
        }
    }

    /** Presses a key in the session, as an app reports it (on the session's main thread). */
    static void press(Key key, EditSession session) {
        int length = session.text().length();
        switch (key.kind) {
            case HOME:
                session.select(0, 0, CaretAnchor.START);
                return;
            case END:
                session.select(length, length, CaretAnchor.END);
                return;
            case ALL:
                session.select(0, length, CaretAnchor.ALL);
                return;
            default:
                int[] range = range(key, session.text(), session.selectionStart(), session.selectionEnd());
                session.edit(range[0], range[1], key.kind == Key.Kind.TYPE ? key.text : "", inputType(key));
        }
    }

    /** The keys sent one request each, every one on the previous answer: typing with no latency. */
    static EditSession.Shown oneAtATime(SmartTextClient client, String field, List<Key> keys) throws SmartTextException {
        String text = "";
        int start = 0;
        int end = 0;
        for (Key key : keys) {
            switch (key.kind) {
                case HOME:
                    start = end = 0;
                    continue;
                case END:
                    start = end = text.length();
                    continue;
                case ALL:
                    start = 0;
                    end = text.length();
                    continue;
                default:
            }
            int[] range = range(key, text, start, end);
            String replacement = key.kind == Key.Kind.TYPE ? key.text : "";
            if (range[0] == range[1] && replacement.isEmpty()) continue;
            EditAnswer answer = client.edit(new EditRequest(field, text, new TextRange(range[0], range[1]), replacement)
                    .withInputType(inputType(key)));
            text = answer.text();
            start = end = answer.caret();
        }
        return new EditSession.Shown(text, start, end);
    }

    /** An executor whose tasks wait until the test runs them: the test thread plays both threads. */
    static final class ManualExecutor implements Executor {
        private final Deque<Runnable> tasks = new ArrayDeque<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        int size() {
            return tasks.size();
        }

        void runOne() {
            tasks.removeFirst().run();
        }

        void runAll() {
            while (!tasks.isEmpty()) tasks.removeFirst().run();
        }
    }

    /** A service that answers after a delay, and counts requests and how many are in flight at once. */
    static final class Delayed implements EditService {
        final EditService inner;
        final long millis;
        final AtomicInteger edits = new AtomicInteger();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostInFlight = new AtomicInteger();

        Delayed(EditService inner, long millis) {
            this.inner = inner;
            this.millis = millis;
        }

        @Override
        public EditAnswer edit(TypedEditsRequest request) throws SmartTextException {
            edits.incrementAndGet();
            int now = inFlight.incrementAndGet();
            mostInFlight.accumulateAndGet(now, Math::max);
            try {
                sleep();
                return inner.edit(request);
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public EditAnswer format(FormatRequest request) throws SmartTextException {
            sleep();
            return inner.format(request);
        }

        private void sleep() {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(interrupted);
            }
        }
    }

    /** Records every request it passes on. */
    static final class Recording implements EditService {
        final EditService inner;
        final List<TypedEditsRequest> edits = new ArrayList<>();
        final List<FormatRequest> formats = new ArrayList<>();
        final List<String> order = new ArrayList<>();

        Recording(EditService inner) {
            this.inner = inner;
        }

        @Override
        public synchronized EditAnswer edit(TypedEditsRequest request) throws SmartTextException {
            edits.add(request);
            order.add("edit");
            return inner.edit(request);
        }

        @Override
        public synchronized EditAnswer format(FormatRequest request) throws SmartTextException {
            formats.add(request);
            order.add("format");
            return inner.format(request);
        }
    }

    /** Records what the session tells the app. */
    static final class Told implements EditSession.Listener {
        final List<EditSession.Shown> changes = new ArrayList<>();
        final List<EditAnswer> answers = new ArrayList<>();
        final List<Exception> errors = new ArrayList<>();

        @Override
        public void onChange(EditSession.Shown shown) {
            changes.add(shown);
        }

        @Override
        public void onAnswer(EditAnswer answer) {
            answers.add(answer);
        }

        @Override
        public void onError(Exception error) {
            errors.add(error);
        }
    }
}
