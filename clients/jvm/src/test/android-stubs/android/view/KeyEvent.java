package android.view;

public class KeyEvent {
    public static final int ACTION_DOWN = 0;
    public static final int KEYCODE_A = 29;
    public static final int KEYCODE_MOVE_HOME = 122;
    public static final int KEYCODE_MOVE_END = 123;

    public final int getAction() {
        throw new UnsupportedOperationException("stand-in");
    }

    public final boolean isShiftPressed() {
        throw new UnsupportedOperationException("stand-in");
    }

    public final boolean isCtrlPressed() {
        throw new UnsupportedOperationException("stand-in");
    }
}
