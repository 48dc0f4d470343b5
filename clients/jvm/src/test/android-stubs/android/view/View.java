package android.view;

import android.content.Context;

public class View {
    public interface OnKeyListener {
        boolean onKey(View v, int keyCode, KeyEvent event);
    }

    public interface OnFocusChangeListener {
        void onFocusChange(View v, boolean hasFocus);
    }

    public final Context getContext() {
        throw new UnsupportedOperationException("stand-in");
    }

    public void setOnKeyListener(OnKeyListener listener) {}

    public void setOnFocusChangeListener(OnFocusChangeListener listener) {}
}
