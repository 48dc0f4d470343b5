package dev.smarttext.client;

import java.util.Objects;

/**
 * The platform-independent part of an Android {@code TextWatcher} for a SmartText field: it turns
 * each change the platform reports (a key, an input method recomposing the whole word before the
 * caret, a suggestion replacing a word with a trailing space, an autocorrection, an autofill) into
 * the edit it was, hands it to an {@link EditSession}, and puts the session's text and selection back
 * into the field, changing only the part that differs. The Android class is then a few lines: its
 * {@code beforeTextChanged}, {@code onTextChanged} and {@code afterTextChanged} call the methods of
 * the same names, its {@code onSelectionChanged} calls {@link #selectionChanged}, and {@link Field}
 * reads and writes the {@code EditText}. Used on the main thread only.
 */
public final class TextWatcherAdapter {
    /** The text field the adapter keeps in step: an {@code EditText} and its {@code Editable}. */
    public interface Field {
        /** What the field shows now. */
        String text();

        /** Replaces {@code start..end} of the field's text with {@code text} (the platform's watchers run). */
        void replace(int start, int end, String text);

        /** Moves the field's selection. */
        void select(int start, int end);
    }

    private final Field field;
    private final EditSession session;
    /** True while the adapter changes the field itself: those changes are not the user's edits. */
    private boolean applying;
    private String before = "";
    private int start;
    private int removed;
    private String inserted = "";
    private boolean changing;
    private CaretAnchor caretKey;

    /** Keeps {@code field} in step with {@code session}; call {@link #show} from the session's {@code onChange}. */
    public TextWatcherAdapter(Field field, EditSession session) {
        this.field = Objects.requireNonNull(field, "field");
        this.session = Objects.requireNonNull(session, "session");
    }

    /** The session the field's edits go to. */
    public EditSession session() {
        return session;
    }

    /** Home ({@code START}), End ({@code END}) or select-all ({@code ALL}) moved the caret: the next selection says so. */
    public void caretKey(CaretAnchor anchor) {
        caretKey = anchor;
    }

    /** From {@code onSelectionChanged}: a caret move the user made (not one inside an edit). */
    public void selectionChanged(int selectionStart, int selectionEnd, boolean selectAll) {
        if (applying || changing || !field.text().equals(session.text())) return;
        session.select(selectionStart, selectionEnd, selectAll ? CaretAnchor.ALL : caretKey);
        caretKey = null;
    }

    /** From {@code TextWatcher.beforeTextChanged}: {@code count} characters at {@code start} are about to go. */
    public void beforeTextChanged(CharSequence text, int start, int count, int after) {
        if (applying) return;
        before = text.toString();
        this.start = start;
        removed = count;
        changing = true;
    }

    /** From {@code TextWatcher.onTextChanged}: {@code count} characters at {@code start} came in. */
    public void onTextChanged(CharSequence text, int start, int replaced, int count) {
        if (!applying) inserted = text.subSequence(start, start + count).toString();
    }

    /** From {@code TextWatcher.afterTextChanged}: the change is made; the session's text is shown. */
    public void afterTextChanged() {
        if (applying || !changing) return;
        changing = false;
        String shown = session.text();
        if (!before.equals(shown)) {
            // The field held something the session did not show (the app set it while the watcher was off):
            // what it held is replaced, as an autofill would be.
            before = shown;
            start = 0;
            removed = shown.length();
            inserted = field.text();
        }
        // A keyboard that recomposes its whole word to add one letter: the edit is that letter. A change
        // of the whole text that replaces some of it (an autofill, a password manager) is a replacement.
        TextChange edit = TextChange.narrow(before, start, start + removed, inserted);
        if (!edit.isEmpty()) {
            boolean whole = start == 0 && removed == before.length() && !before.isEmpty() && inserted.length() > 1;
            int caret = session.selectionEnd();
            boolean atCaret = session.selectionStart() == caret && (edit.text().isEmpty()
                    ? edit.end() == caret || edit.start() == caret
                    : edit.start() == caret && edit.end() == caret);
            if (!atCaret && (edit.start() != session.selectionStart() || edit.end() != caret)) {
                // Not where the caret is (a word the keyboard replaced, an autocorrection, an autofill): an edit
                // of that range, moved onto the formatted text rather than replayed at the caret.
                session.select(edit.start(), edit.end(), null);
            }
            InputType type = edit.text().isEmpty() ? InputType.DELETE_CONTENT_BACKWARD
                    : whole && edit.end() > edit.start() ? InputType.INSERT_REPLACEMENT_TEXT
                    : edit.text().codePointCount(0, edit.text().length()) > 1 ? InputType.INSERT_FROM_PASTE
                    : InputType.INSERT_TEXT;
            session.edit(edit.start(), edit.end(), edit.text(), type);
        }
        show(session.shown());
    }

    /** Makes the field show {@code shown}, replacing only the part that differs (an input method's word stays). */
    public void show(EditSession.Shown shown) {
        applying = true;
        try {
            TextChange change = TextChange.between(field.text(), shown.text());
            if (!change.isEmpty()) field.replace(change.start(), change.end(), change.text());
            field.select(shown.selectionStart(), shown.selectionEnd());
        } finally {
            applying = false;
        }
    }
}
