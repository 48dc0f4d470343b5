package dev.smarttext.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One user edit, the body of {@code POST /v1/edit}: the text before the edit, the range replaced and
 * the replacement. Options are set with the {@code with…} methods, each returning a copy; unset
 * options are left out of the request.
 *
 * <pre>{@code
 * EditRequest edit = new EditRequest("credit_card", "4242 4242 4242 424", new TextRange(18, 18), "2").withSeq(41);
 * }</pre>
 */
public final class EditRequest {
    private final FieldNames field;
    private final String text;
    private final TextRange range;
    private final String replacement;
    private final InputType inputType;
    private final EditEvent event;
    private final OffsetUnits units;
    private final String locale;
    private final String region;
    private final Long seq;

    /** An edit of {@code text} replacing {@code range} with {@code replacement} (empty for a deletion). */
    public EditRequest(FieldNames field, String text, TextRange range, String replacement) {
        this(field, text, range, replacement, null, null, null, null, null, null);
    }

    /** The same, for one field name. */
    public EditRequest(String field, String text, TextRange range, String replacement) {
        this(FieldNames.of(field), text, range, replacement);
    }

    private EditRequest(
            FieldNames field,
            String text,
            TextRange range,
            String replacement,
            InputType inputType,
            EditEvent event,
            OffsetUnits units,
            String locale,
            String region,
            Long seq) {
        this.field = Objects.requireNonNull(field, "field");
        this.text = Objects.requireNonNull(text, "text");
        this.range = Objects.requireNonNull(range, "range");
        this.replacement = Objects.requireNonNull(replacement, "replacement");
        this.inputType = inputType;
        this.event = event;
        this.units = units;
        this.locale = locale;
        this.region = region;
        this.seq = seq;
    }

    /** What the user did (the service assumes insertText, or deleteContentBackward for an empty replacement). */
    public EditRequest withInputType(InputType inputType) {
        return new EditRequest(field, text, range, replacement, inputType, event, units, locale, region, seq);
    }

    /** Which validators report ({@code change} when unset). */
    public EditRequest withEvent(EditEvent event) {
        return new EditRequest(field, text, range, replacement, inputType, event, units, locale, region, seq);
    }

    /** What offsets count (UTF-16 code units when unset). */
    public EditRequest withUnits(OffsetUnits units) {
        return new EditRequest(field, text, range, replacement, inputType, event, units, locale, region, seq);
    }

    /** The language of the messages ({@code en}, {@code zh-CN}, …); wins over the client's. */
    public EditRequest withLocale(String locale) {
        return new EditRequest(field, text, range, replacement, inputType, event, units, locale, region, seq);
    }

    /** The phone region ({@code GB}) of fields without one, over the locale's (a country picker's choice). */
    public EditRequest withRegion(String region) {
        return new EditRequest(field, text, range, replacement, inputType, event, units, locale, region, seq);
    }

    /** Echoed in the answer, so that answers older than the newest request can be dropped. */
    public EditRequest withSeq(long seq) {
        return new EditRequest(field, text, range, replacement, inputType, event, units, locale, region, seq);
    }

    public FieldNames field() {
        return field;
    }

    public String text() {
        return text;
    }

    public TextRange range() {
        return range;
    }

    public String replacement() {
        return replacement;
    }

    public InputType inputType() {
        return inputType;
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
        json.put("range", range.toJson());
        json.put("replacement", replacement);
        if (inputType != null) json.put("inputType", inputType.apiName());
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
