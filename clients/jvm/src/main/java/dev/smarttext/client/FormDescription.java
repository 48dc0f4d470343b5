package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** A form's fields in order, with focus navigation, from {@code GET /v1/forms/{name}}. */
public final class FormDescription {
    private final Map<String, Object> json;
    private final String name;
    private final String label;
    private final List<FormField> fields;

    private FormDescription(Members json) throws JsonException {
        this.json = json.map;
        name = json.string("name");
        label = json.string("label");
        List<FormField> fields = new ArrayList<>();
        for (Members each : json.objects("fields")) fields.add(FormField.from(each));
        this.fields = Collections.unmodifiableList(fields);
    }

    /** Reads a description from its JSON value. */
    public static FormDescription fromJson(Object json) throws JsonException {
        return new FormDescription(Members.of(json, "FormDescription"));
    }

    /** Every member as received. */
    public Map<String, Object> json() {
        return json;
    }

    public String name() {
        return name;
    }

    public String label() {
        return label;
    }

    /** The fields, in order. */
    public List<FormField> fields() {
        return fields;
    }

    /** The field named {@code name}, or null. */
    public FormField field(String name) {
        for (FormField field : fields) if (field.name().equals(name)) return field;
        return null;
    }

    @Override
    public String toString() {
        return Json.write(json);
    }
}
