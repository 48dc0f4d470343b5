package androidx.core.content;

import android.content.Context;
import java.util.concurrent.Executor;

public class ContextCompat {
    public static Executor getMainExecutor(Context context) {
        throw new UnsupportedOperationException("stand-in");
    }
}
