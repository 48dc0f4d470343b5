package dev.smarttext.client;

import java.io.IOException;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;

/**
 * One text field's side of the conversation with the service: every edit shows at once, and the
 * service's formatting merges in when it arrives, whatever the round trip. The same model as the
 * Swift {@code EditSession} and the web client's {@code createEditModel}.
 *
 * <p>An app hands each edit the user makes to {@link #edit(int, int, String)}, shows the text and
 * selection it returns, reports caret moves with {@link #select(int, int, CaretAnchor)}, and puts
 * what {@link Listener#onChange} gives on the field when an answer changes it. At most one request
 * is in flight: the edits made meanwhile go together in the next one ({@code POST /v1/edit} with
 * {@code edits}), each with its range on the text the user saw and, when known, where the caret was
 * (its {@link CaretAnchor}). When an answer arrives, the edits made since move onto its text through
 * the answer's {@code map}, so nothing the user did is lost or reordered, and the service replays
 * anchored keys exactly where they were made: the final text and caret are those of typing with no
 * latency. Characters the field can never take ({@link #setAccepts}) are dropped before they show.
 * Offsets are UTF-16 code units: Java {@code String} indices, as Android's selection uses.
 *
 * <p><b>Threads.</b> A session is used from one thread, the <i>main thread</i> (Android's UI
 * thread): every method is called there, and the listener is called there, through the {@code
 * mainThread} executor (on Android {@code context.getMainExecutor()}, or {@code new
 * Handler(Looper.getMainLooper())::post}). Requests are made on the {@code background} executor.
 *
 * <p><b>Failures.</b> When a request gets no answer (a network error, a time-out, a 5xx), what the
 * field shows stays — nothing typed is lost — and becomes the starting point: the next edit that gets
 * an answer formats the whole text. When the service refuses a request with a 4xx problem (a text
 * over its limit), the field goes back to the last answer's text. Either way {@link
 * Listener#onError} says why.
 */
public final class EditSession {
    /** What a field shows: its text and selection (a caret when start and end are equal). */
    public static final class Shown {
        private final String text;
        private final int selectionStart;
        private final int selectionEnd;

        public Shown(String text, int selectionStart, int selectionEnd) {
            this.text = text;
            this.selectionStart = selectionStart;
            this.selectionEnd = selectionEnd;
        }

        public String text() {
            return text;
        }

        public int selectionStart() {
            return selectionStart;
        }

        public int selectionEnd() {
            return selectionEnd;
        }

        /** Where the caret is: the selection's end. */
        public int caret() {
            return selectionEnd;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Shown)) return false;
            Shown shown = (Shown) other;
            return shown.text.equals(text)
                    && shown.selectionStart == selectionStart
                    && shown.selectionEnd == selectionEnd;
        }

        @Override
        public int hashCode() {
            return Objects.hash(text, selectionStart, selectionEnd);
        }

        @Override
        public String toString() {
            return Json.write(text) + " [" + selectionStart + ", " + selectionEnd + "]";
        }
    }

    /** What a session tells the app, always on the main thread. */
    public interface Listener {
        /** An answer changed what the field shows: set its text and selection. */
        void onChange(Shown shown);

        /**
         * The answer for the text shown, once no edit waits for a later one: its {@code errors},
         * {@code state} and {@code value} are the ones to show. Never called for an older text.
         */
        default void onAnswer(EditAnswer answer) {}

        /**
         * A request failed: a {@link TransportException}, a {@link ProblemException}, a {@link
         * DecodingException}, or a {@link RuntimeException} the {@link EditService} threw.
         */
        default void onError(Exception error) {}
    }

    /** Edits moved onto an answer's text, and the map of the last edit's text in it. */
    public static final class Rebased {
        private final List<TypedEdit> edits;
        private final int[] map;

        Rebased(List<TypedEdit> edits, int[] map) {
            this.edits = Collections.unmodifiableList(edits);
            this.map = map;
        }

        /** The edits, each range moved onto the answer's text (anchors kept). */
        public List<TypedEdit> edits() {
            return edits;
        }

        /** Every position of the text after the last edit, in the answer's text with the edits applied. A copy. */
        public int[] map() {
            return map.clone();
        }
    }

    private static final Listener SILENT = shown -> {};

    private static final class Shared {
        static final ExecutorService BACKGROUND = Executors.newCachedThreadPool(new ThreadFactory() {
            private int count;

            @Override
            public synchronized Thread newThread(Runnable task) {
                Thread thread = new Thread(task, "smarttext-session-" + ++count);
                thread.setDaemon(true);
                return thread;
            }
        });
    }

    private final FieldNames field;
    private final EditService service;
    private final Executor mainThread;
    private final Executor background;
    private String locale;
    private String region;
    private AcceptedCharacters accepts;
    private Listener listener = SILENT;

    private String text;
    private int selectionStart;
    private int selectionEnd;
    private EditAnswer answer;
    private long seq;

    /** The last answer's text and caret: the starting point of the edits sent and queued. */
    private String base;
    private int baseCaret;
    /** The edits of the request in flight (null when none is), and those made since. */
    private List<TypedEdit> sent;
    private List<TypedEdit> queued = new ArrayList<>();
    /** Where the caret is in terms the service can replay; null after a tap or an arrow key. */
    private CaretAnchor anchor = CaretAnchor.CARET;
    /** Bumped when the text is set from outside: answers to older requests are dropped. */
    private int generation;
    /**
     * The registry version of the answers taken (null before the first), the versions left behind, and the
     * answers of a left version not taken in a row. While a registry change reaches the replicas of a pool
     * one by one, an answer may come from a replica it has not reached: once the session has taken an answer
     * of a new version, answers of the versions it left are not taken (up to three in a row: after that the
     * pool went back), and their edits go again, so the text changes layout once.
     */
    private String registry;
    private final Set<String> retired = new HashSet<>();
    private int staleAnswers;
    private List<Runnable> waiting = new ArrayList<>();

    /**
     * A session for an empty field of {@code field}, its requests sent through {@code service} on a
     * shared pool of daemon threads, its listener called through {@code mainThread}.
     */
    public EditSession(FieldNames field, EditService service, Executor mainThread) {
        this(field, service, mainThread, Shared.BACKGROUND);
    }

    /** The same, with the requests made on {@code background}. */
    public EditSession(FieldNames field, EditService service, Executor mainThread, Executor background) {
        this.field = Objects.requireNonNull(field, "field");
        this.service = Objects.requireNonNull(service, "service");
        this.mainThread = Objects.requireNonNull(mainThread, "mainThread");
        this.background = Objects.requireNonNull(background, "background");
        this.text = "";
        this.base = "";
    }

    /** A session for one field name. */
    public EditSession(String field, EditService service, Executor mainThread) {
        this(FieldNames.of(field), service, mainThread);
    }

    // What the app sets

    /** The field configuration edits are sent with. */
    public FieldNames field() {
        return field;
    }

    /** The language of the messages; null for the client's. */
    public String locale() {
        return locale;
    }

    public void setLocale(String locale) {
        this.locale = locale;
    }

    /** The phone region ({@code GB}) of fields without one; null for the locale's. */
    public String region() {
        return region;
    }

    /** Sets the phone region of fields without one (a country picker's choice). */
    public void setRegion(String region) {
        this.region = region;
    }

    /** The characters the field can take ({@link FieldDescription#accepts()}); null takes everything. */
    public AcceptedCharacters accepts() {
        return accepts;
    }

    public void setAccepts(AcceptedCharacters accepts) {
        this.accepts = accepts;
    }

    /** Who is told of answers and failures (on the main thread). */
    public void setListener(Listener listener) {
        this.listener = listener == null ? SILENT : listener;
    }

    // What the field shows

    /** The text the field shows. */
    public String text() {
        return text;
    }

    public int selectionStart() {
        return selectionStart;
    }

    public int selectionEnd() {
        return selectionEnd;
    }

    /** The text and selection to show. */
    public Shown shown() {
        return new Shown(text, selectionStart, selectionEnd);
    }

    /** The newest answer for the text shown, or null while edits wait for theirs. */
    public EditAnswer answer() {
        return answer;
    }

    /** The {@code seq} of the newest request made. */
    public long seq() {
        return seq;
    }

    /** True when an edit waits for its answer. */
    public boolean isBusy() {
        return sent != null || !queued.isEmpty();
    }

    /** Takes a text the app set itself (a prefill, a clear), the caret at its end. */
    public void reset(String text) {
        reset(text, text.length(), text.length());
    }

    /**
     * Takes a text the app set itself, with a selection: nothing is pending any more, and answers to
     * earlier requests are dropped.
     */
    public void reset(String text, int selectionStart, int selectionEnd) {
        Objects.requireNonNull(text, "text");
        checkRange(text, Math.min(selectionStart, selectionEnd), Math.max(selectionStart, selectionEnd));
        resetState(text, Math.min(selectionStart, selectionEnd), Math.max(selectionStart, selectionEnd));
        runWaitersIfIdle();
    }

    private void resetState(String text, int start, int end) {
        this.text = text;
        selectionStart = start;
        selectionEnd = end;
        base = text;
        baseCaret = end;
        sent = null;
        queued = new ArrayList<>();
        anchor = CaretAnchor.CARET;
        answer = null;
        generation++;
    }

    // What the user does

    /** {@link #edit(int, int, String, InputType)}, the input type guessed from the replacement. */
    public Shown edit(int start, int end, String replacement) {
        return edit(start, end, replacement, null);
    }

    /**
     * Applies an edit of the text shown, at once, and sends it (with the others waiting) when no
     * request is in flight; returns the text and selection to show now. Characters the field can
     * never take are dropped; when nothing is left of a typed text, the text stays and the selection
     * collapses to {@code start}, as the service would answer. Without an {@code inputType}, an empty
     * replacement is {@code deleteContentBackward}, one character {@code insertText}, more {@code
     * insertFromPaste}.
     */
    public Shown edit(int start, int end, String replacement, InputType inputType) {
        Objects.requireNonNull(replacement, "replacement");
        checkRange(text, start, end);
        String kept = accepts == null ? replacement : accepts.filter(replacement);
        if (!replacement.isEmpty() && kept.isEmpty()) {
            selectionStart = start;
            selectionEnd = start;
            if (anchor == CaretAnchor.ALL) anchor = CaretAnchor.START;
            return shown();
        }
        InputType type = inputType;
        if (type == null) {
            if (replacement.isEmpty()) type = InputType.DELETE_CONTENT_BACKWARD;
            else type = characters(replacement) > 1 ? InputType.INSERT_FROM_PASTE : InputType.INSERT_TEXT;
        }
        queued.add(new TypedEdit(new TextRange(start, end), kept, type, anchor));
        text = splice(text, start, end, kept);
        selectionStart = start + kept.length();
        selectionEnd = selectionStart;
        anchor = CaretAnchor.CARET;
        answer = null;
        pump();
        return shown();
    }

    /**
     * The user moved the caret or the selection; {@code anchor} says how when it was Home ({@code
     * START}), End ({@code END}) or select-all ({@code ALL}), null for a tap or an arrow key. A
     * backward selection (start after end) is taken in order.
     */
    public void select(int start, int end, CaretAnchor anchor) {
        int lower = Math.min(start, end);
        int upper = Math.max(start, end);
        checkRange(text, lower, upper);
        if (lower == selectionStart && upper == selectionEnd && anchor == null) return;
        selectionStart = lower;
        selectionEnd = upper;
        this.anchor = anchor;
    }

    /**
     * Formats and validates the whole text on {@code blur} (the user left the field) or {@code
     * submit}, once no edit waits, and applies the answer when the text is still the one checked:
     * {@link Listener#onChange} if it changes what is shown, then {@link Listener#onAnswer} with the
     * errors to show.
     */
    public void check(EditEvent event) {
        Objects.requireNonNull(event, "event");
        whenIdle(() -> {
            seq++;
            long mine = seq;
            String checked = text;
            FormatRequest request = new FormatRequest(field, checked).withEvent(event).withSeq(mine);
            FormatRequest sending = request.withLocale(locale).withRegion(region);
            execute(() -> {
                try {
                    EditAnswer checkedAnswer = service.format(sending);
                    post(() -> checked(checkedAnswer, mine, checked));
                } catch (SmartTextException | RuntimeException error) {
                    post(() -> listener.onError(error));
                }
            }, () -> listener.onError(refusedByExecutor()));
        });
    }

    /** Runs {@code action} on the main thread once no edit waits for its answer (at once when none does). */
    public void whenIdle(Runnable action) {
        Objects.requireNonNull(action, "action");
        if (!isBusy()) {
            action.run();
        } else {
            waiting.add(action);
        }
    }

    // The service

    private void pump() {
        if (sent != null || queued.isEmpty()) return;
        int count = Math.min(queued.size(), TypedEditsRequest.MAX_EDITS);
        List<TypedEdit> edits = new ArrayList<>(queued.subList(0, count));
        queued = new ArrayList<>(queued.subList(count, queued.size()));
        sent = edits;
        seq++;
        String after = base;
        for (TypedEdit edit : edits) after = splice(after, edit.range().start(), edit.range().end(), edit.replacement());
        String sentText = after;
        TypedEditsRequest request = new TypedEditsRequest(field, base, baseCaret, edits).withSeq(seq);
        TypedEditsRequest sending = request.withLocale(locale).withRegion(region);
        int requestGeneration = generation;
        execute(() -> {
            // No answer (a replica killed, one draining, a balancer's 502 or 503): the same request goes again at
            // once, twice at most — behind a balancer, to another replica.
            for (int attempt = 0; ; attempt++) {
                try {
                    EditAnswer received = service.edit(sending);
                    post(() -> received(sending, edits, sentText, requestGeneration, received, null));
                    return;
                } catch (SmartTextException | RuntimeException error) {
                    boolean unanswered = error instanceof TransportException
                            || (error instanceof ProblemException && ((ProblemException) error).status() >= 500);
                    if (attempt < 2 && unanswered) continue;
                    post(() -> received(sending, edits, sentText, requestGeneration, null, error));
                    return;
                }
            }
        }, () -> received(sending, edits, sentText, requestGeneration, null, refusedByExecutor()));
    }

    /** The answer to a request, or why there is none (on the main thread). */
    private void received(
            TypedEditsRequest request,
            List<TypedEdit> edits,
            String sentText,
            int requestGeneration,
            EditAnswer received,
            Exception error) {
        // The text was set from outside since: this answer is for a text no longer shown.
        if (requestGeneration != generation || sent != edits) return;
        Shown before = shown();
        if (error != null) {
            if (error instanceof ProblemException && ((ProblemException) error).status() < 500) {
                // Refused: back to the last answer.
                int caret = request.caret() == null ? request.text().length() : request.caret();
                resetState(request.text(), caret, caret);
            } else {
                // No answer: what is shown stays, and is the starting point of the next request.
                CaretAnchor keep = anchor;
                resetState(text, selectionStart, selectionEnd);
                anchor = keep;
            }
            if (!shown().equals(before)) listener.onChange(shown());
            listener.onError(error);
            runWaitersIfIdle();
            return;
        }
        if (leftBehind(received)) {
            // A replica the roll-out has not reached: not taken; its edits go again with those made since.
            List<TypedEdit> again = new ArrayList<>(edits);
            again.addAll(queued);
            queued = again;
            sent = null;
            pump();
            return;
        }
        receive(received, sentText);
        if (!shown().equals(before)) listener.onChange(shown());
        if (answer != null) listener.onAnswer(answer);
        pump();
        runWaitersIfIdle();
    }

    /** True for an answer of a registry version this session has left (see {@link #registry}). */
    private boolean leftBehind(EditAnswer received) {
        String version = received.registry();
        if (version != null && registry != null && !version.equals(registry)) {
            if (retired.contains(version) && staleAnswers < 3) {
                staleAnswers++;
                return true;
            }
            retired.add(registry);
            retired.remove(version);
        }
        if (version != null) registry = version;
        staleAnswers = 0;
        return false;
    }

    /** An answer to the request in flight: the edits made since move onto its text. */
    private void receive(EditAnswer received, String sentText) {
        int[] answerMap = received.map();
        if (!fits(answerMap, sentText, received.text())) {
            // A service without batches (or a map that does not fit): keep what is shown as the starting point.
            CaretAnchor keep = anchor;
            resetState(text, selectionStart, selectionEnd);
            anchor = keep;
            return;
        }
        base = received.text();
        baseCaret = received.caret();
        sent = null;
        Rebased moved = rebase(queued, answerMap);
        queued = new ArrayList<>(moved.edits);
        String shown = received.text();
        for (TypedEdit edit : moved.edits) {
            shown = splice(shown, edit.range().start(), edit.range().end(), edit.replacement());
        }
        text = shown;
        int length = shown.length();
        if (!moved.edits.isEmpty() || anchor == null) {
            int[] map = moved.map;
            int start = map[Math.min(selectionStart, map.length - 1)];
            int end = map[Math.min(selectionEnd, map.length - 1)];
            selectionStart = Math.min(start, end);
            selectionEnd = Math.max(start, end);
        } else {
            switch (anchor) {
                case START:
                    selectionStart = 0;
                    selectionEnd = 0;
                    break;
                case END:
                    selectionStart = length;
                    selectionEnd = length;
                    break;
                case ALL:
                    selectionStart = 0;
                    selectionEnd = length;
                    break;
                default:
                    selectionStart = Math.min(received.caret(), length);
                    selectionEnd = selectionStart;
            }
        }
        answer = moved.edits.isEmpty() ? received : null;
    }

    /** A map of every position of the text the edits sent made (0 to its length), each in the answer's text. */
    private static boolean fits(int[] map, String sentText, String answerText) {
        if (map == null || map.length != sentText.length() + 1) return false;
        for (int position : map) if (position < 0 || position > answerText.length()) return false;
        return true;
    }

    private void checked(EditAnswer checkedAnswer, long mine, String checked) {
        if (mine != seq || !checked.equals(text) || isBusy()) return;
        Shown before = shown();
        int caret = Math.min(selectionEnd, checkedAnswer.text().length());
        resetState(checkedAnswer.text(), caret, caret);
        answer = checkedAnswer;
        if (!shown().equals(before)) listener.onChange(shown());
        listener.onAnswer(checkedAnswer);
        runWaitersIfIdle();
    }

    private void runWaitersIfIdle() {
        if (isBusy() || waiting.isEmpty()) return;
        List<Runnable> ready = waiting;
        waiting = new ArrayList<>();
        for (Runnable action : ready) action.run();
    }

    private void execute(Runnable task, Runnable refused) {
        try {
            background.execute(task);
        } catch (RejectedExecutionException error) {
            refused.run();
        }
    }

    private static TransportException refusedByExecutor() {
        return new TransportException("the background executor refused the request", new IOException("rejected"));
    }

    private void post(Runnable task) {
        try {
            mainThread.execute(task);
        } catch (RejectedExecutionException stopped) {
            // The app's main thread is gone: nobody is left to show anything to.
        }
    }

    // Text

    /**
     * Moves edits made on a text onto the answer for it: each edit's range through {@code map} (every
     * position of the text, in the answer), which is then extended over the edit. Returns the moved
     * edits (anchors kept) and the map of the last text's positions; the service moves ranges the same
     * way. The same arithmetic as the web client's {@code rebase} and the Swift client's.
     */
    public static Rebased rebase(List<TypedEdit> edits, int[] map) {
        int[] positions = map;
        List<TypedEdit> moved = new ArrayList<>(edits.size());
        for (TypedEdit edit : edits) {
            int inserted = edit.replacement().length();
            int lower = edit.range().start();
            int upper = edit.range().end();
            int start = positions[lower];
            int end = Math.max(positions[upper], start);
            moved.add(edit.withRange(new TextRange(start, end)));
            int count = positions.length - 1 - (upper - lower) + inserted;
            int[] next = new int[count + 1];
            for (int position = 0; position <= count; position++) {
                if (position <= lower) next[position] = positions[position];
                else if (position <= lower + inserted) next[position] = start + position - lower;
                else next[position] = positions[position - inserted + upper - lower] - end + start + inserted;
            }
            positions = next;
        }
        return new Rebased(moved, positions);
    }

    /** {@code text} with {@code start..end} replaced by {@code replacement}. */
    static String splice(String text, int start, int end, String replacement) {
        return text.substring(0, start) + replacement + text.substring(end);
    }

    private static void checkRange(String text, int start, int end) {
        if (start < 0 || end < start || end > text.length()) {
            throw new IndexOutOfBoundsException(
                    "range " + start + ".." + end + " is not in the text, which is " + text.length() + " long");
        }
    }

    /** How many user-perceived characters a text has (more than one: a paste). */
    private static int characters(String text) {
        if (text.length() <= 1) return text.length();
        BreakIterator iterator = BreakIterator.getCharacterInstance();
        iterator.setText(text);
        int count = 0;
        while (iterator.next() != BreakIterator.DONE) count++;
        return count;
    }
}
