package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The body of {@code POST /v1/edit} with {@code edits}: the edits a client made one after another on
 * its own text while an answer was on its way, applied by the service in order (at most 100). The
 * answer carries {@code map}.
 */
public final class TypedEditsRequest {
    /** The most edits one request may carry (422 {@code too-many-edits} past it). */
    public static final int MAX_EDITS = 100;

    private final FieldNames field;
    private final String text;
    private final Integer caret;
    private final List<TypedEdit> edits;
    private final EditEvent event;
    private final OffsetUnits units;
    private final String locale;
    private final String region;
    private final Long seq;

    /**
     * A batch of {@code edits} made on {@code text} (the last answer's text), the caret at {@code
     * caret} before the first (null: the end of the text).
     */
    public TypedEditsRequest(FieldNames field, String text, Integer caret, List<TypedEdit> edits) {
        this(field, text, caret, edits, null, null, null, null, null);
    }

    private TypedEditsRequest(
            FieldNames field,
            String text,
            Integer caret,
            List<TypedEdit> edits,
            EditEvent event,
            OffsetUnits units,
            String locale,
            String region,
            Long seq) {
        this.field = Objects.requireNonNull(field, "field");
        this.text = Objects.requireNonNull(text, "text");
        this.caret = caret;
        this.edits = Collections.unmodifiableList(new ArrayList<>(edits));
        this.event = event;
        this.units = units;
        this.locale = locale;
        this.region = region;
        this.seq = seq;
    }

    public TypedEditsRequest withEvent(EditEvent event) {
        return new TypedEditsRequest(field, text, caret, edits, event, units, locale, region, seq);
    }

    public TypedEditsRequest withUnits(OffsetUnits units) {
        return new TypedEditsRequest(field, text, caret, edits, event, units, locale, region, seq);
    }

    public TypedEditsRequest withLocale(String locale) {
        return new TypedEditsRequest(field, text, caret, edits, event, units, locale, region, seq);
    }

    /** The phone region ({@code GB}) of fields without one, over the locale's (a country picker's choice). */
    public TypedEditsRequest withRegion(String region) {
        return new TypedEditsRequest(field, text, caret, edits, event, units, locale, region, seq);
    }

    public TypedEditsRequest withSeq(long seq) {
        return new TypedEditsRequest(field, text, caret, edits, event, units, locale, region, seq);
    }

    public FieldNames field() {
        return field;
    }

    /** The text the first edit was made on. */
    public String text() {
        return text;
    }

    /** Where the caret was in {@link #text()} before the first edit, or null (its end). */
    public Integer caret() {
        return caret;
    }

    /** The edits, in order. */
    public List<TypedEdit> edits() {
        return edits;
    }

    public EditEvent event() {
        return event;
    }

    public OffsetUnits units() {
        return units;
    }

    public String locale() {
        return locale;
    }

    /** The phone region ({@code GB}) of fields without one, over the locale's. */
    public String region() {
        return region;
    }

    public Long seq() {
        return seq;
    }

    /** The JSON body, leaving unset options out. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("field", field.toJson());
        json.put("text", text);
        if (caret != null) json.put("caret", caret);
        List<Object> list = new ArrayList<>(edits.size());
        for (TypedEdit edit : edits) list.add(edit.toJson());
        json.put("edits", list);
        if (event != null) json.put("event", event.apiName());
        if (units != null) json.put("units", units.apiName());
        if (locale != null) json.put("locale", locale);
        if (region != null) json.put("region", region);
        if (seq != null) json.put("seq", seq);
        return json;
    }

    @Override
    public String toString() {
        return Json.write(toJson());
    }
}
