package dev.smarttext.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** A whole text to format and validate, the body of {@code POST /v1/format} (a paste, a prefill, a blur). */
public final class FormatRequest {
    private final FieldNames field;
    private final String text;
    private final EditEvent event;
    private final OffsetUnits units;
    private final String locale;
    private final String region;
    private final Long seq;

    /** A request to format {@code text}. */
    public FormatRequest(FieldNames field, String text) {
        this(field, text, null, null, null, null, null);
    }

    /** The same, for one field name. */
    public FormatRequest(String field, String text) {
        this(FieldNames.of(field), text);
    }

    private FormatRequest(
            FieldNames field, String text, EditEvent event, OffsetUnits units, String locale, String region, Long seq) {
        this.field = Objects.requireNonNull(field, "field");
        this.text = Objects.requireNonNull(text, "text");
        this.event = event;
        this.units = units;
        this.locale = locale;
        this.region = region;
        this.seq = seq;
    }

    public FormatRequest withEvent(EditEvent event) {
        return new FormatRequest(field, text, event, units, locale, region, seq);
    }

    public FormatRequest withUnits(OffsetUnits units) {
        return new FormatRequest(field, text, event, units, locale, region, seq);
    }

    public FormatRequest withLocale(String locale) {
        return new FormatRequest(field, text, event, units, locale, region, seq);
    }

    /** The phone region ({@code GB}) of fields without one, over the locale's (a country picker's choice). */
    public FormatRequest withRegion(String region) {
        return new FormatRequest(field, text, event, units, locale, region, seq);
    }

    public FormatRequest withSeq(long seq) {
        return new FormatRequest(field, text, event, units, locale, region, seq);
    }

    public FieldNames field() {
        return field;
    }

    public String text() {
        return text;
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
