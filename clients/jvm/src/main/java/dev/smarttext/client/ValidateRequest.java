package dev.smarttext.client;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A whole form, or several loose fields, to check at once: the body of {@code POST /v1/validate}.
 * The event is {@code submit} unless set.
 */
public final class ValidateRequest {
    private final String form;
    private final Map<String, String> values;
    private final EditEvent event;
    private final String locale;
    private final String region;

    private ValidateRequest(
            String form, Map<String, String> values, EditEvent event, String locale, String region) {
        this.form = form;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(values, "values")));
        this.event = event;
        this.locale = locale;
        this.region = region;
    }

    /** The form {@code form}'s values, by form field name. */
    public static ValidateRequest form(String form, Map<String, String> values) {
        return new ValidateRequest(Objects.requireNonNull(form, "form"), values, null, null, null);
    }

    /** Loose fields: each key of {@code values} is a field name. */
    public static ValidateRequest fields(Map<String, String> values) {
        return new ValidateRequest(null, values, null, null, null);
    }

    public ValidateRequest withEvent(EditEvent event) {
        return new ValidateRequest(form, values, event, locale, region);
    }

    public ValidateRequest withLocale(String locale) {
        return new ValidateRequest(form, values, event, locale, region);
    }

    /** The phone region ({@code GB}) of fields without one, over the locale's (a country picker's choice). */
    public ValidateRequest withRegion(String region) {
        return new ValidateRequest(form, values, event, locale, region);
    }

    /** The form's name, or null for loose fields. */
    public String form() {
        return form;
    }

    public Map<String, String> values() {
        return values;
    }

    public EditEvent event() {
        return event;
    }

    public String locale() {
        return locale;
    }

    /** The phone region ({@code GB}) of fields without one, over the locale's. */
    public String region() {
        return region;
    }

    /** The JSON body, leaving unset options out. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        if (form != null) json.put("form", form);
        json.put("values", new LinkedHashMap<String, Object>(values));
        if (event != null) json.put("event", event.apiName());
        if (locale != null) json.put("locale", locale);
        if (region != null) json.put("region", region);
        return json;
    }

    @Override
    public String toString() {
        return Json.write(toJson());
    }
}
