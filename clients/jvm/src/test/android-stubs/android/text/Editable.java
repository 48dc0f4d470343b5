package android.text;

public interface Editable extends CharSequence {
    Editable replace(int start, int end, CharSequence text);
}
