package androidx.appcompat.widget;

import android.content.Context;
import android.util.AttributeSet;
import android.widget.EditText;

public class AppCompatEditText extends EditText {
    public AppCompatEditText(Context context, AttributeSet attrs) {
        super(context, attrs);
    }
}
