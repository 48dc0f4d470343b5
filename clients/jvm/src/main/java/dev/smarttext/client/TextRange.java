package dev.smarttext.client;

import java.util.LinkedHashMap;
import java.util.Map;

/** A range of a text, as offsets: UTF-16 code units (Java {@code String} indices) unless the request says otherwise. */
public final class TextRange {
    private final int start;
    private final int end;

    /** The range from {@code start} to {@code end} ({@code start == end} for an insertion point). */
    public TextRange(int start, int end) {
        this.start = start;
        this.end = end;
    }

    /** The first offset of the range. */
    public int start() {
        return start;
    }

    /** The offset just past the range. */
    public int end() {
        return end;
    }

    /** The JSON object {@code {"start": …, "end": …}}. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("start", start);
        json.put("end", end);
        return json;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TextRange && ((TextRange) other).start == start && ((TextRange) other).end == end;
    }

    @Override
    public int hashCode() {
        return start * 31 + end;
    }

    @Override
    public String toString() {
        return start + ".." + end;
    }
}
