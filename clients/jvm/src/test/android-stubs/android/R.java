package android;

public final class R {
    public static final class id {
        public static final int selectAll = 0x0102001f;
    }
}
