package android.widget;

import android.content.Context;
import android.text.Editable;
import android.text.TextWatcher;
import android.util.AttributeSet;
import android.view.View;

/** EditText with the members of TextView it is used through. */
public class EditText extends View {
    public EditText(Context context, AttributeSet attrs) {}

    public Editable getText() {
        throw new UnsupportedOperationException("stand-in");
    }

    public int getSelectionStart() {
        throw new UnsupportedOperationException("stand-in");
    }

    public int getSelectionEnd() {
        throw new UnsupportedOperationException("stand-in");
    }

    public void setSelection(int start, int stop) {}

    public void setError(CharSequence error) {}

    public final void setHint(CharSequence hint) {}

    public void addTextChangedListener(TextWatcher watcher) {}

    protected void onSelectionChanged(int selStart, int selEnd) {}

    public boolean onTextContextMenuItem(int id) {
        throw new UnsupportedOperationException("stand-in");
    }
}
