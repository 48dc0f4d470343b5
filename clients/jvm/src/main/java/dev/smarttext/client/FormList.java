package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Every form of the registry, sorted by name, from {@code GET /v1/forms}. */
public final class FormList {
    /** One form of the list: its name, label and field names in order. */
    public static final class Summary {
        private final String name;
        private final String label;
        private final List<String> fields;

        private Summary(Members json) throws JsonException {
            name = json.string("name");
            label = json.string("label");
            fields = json.strings("fields");
        }

        public String name() {
            return name;
        }

        public String label() {
            return label;
        }

        /** The names of the form's fields, in order. */
        public List<String> fields() {
            return fields;
        }
    }

    private final Map<String, Object> json;
    private final String version;
    private final List<Summary> forms;

    private FormList(Members json) throws JsonException {
        this.json = json.map;
        version = json.string("version");
        List<Summary> forms = new ArrayList<>();
        for (Members each : json.objects("forms")) forms.add(new Summary(each));
        this.forms = Collections.unmodifiableList(forms);
    }

    /** Reads a list from its JSON value. */
    public static FormList fromJson(Object json) throws JsonException {
        return new FormList(Members.of(json, "FormList"));
    }

    /** Every member as received. */
    public Map<String, Object> json() {
        return json;
    }

    /** The registry's version. */
    public String version() {
        return version;
    }

    public List<Summary> forms() {
        return forms;
    }

    @Override
    public String toString() {
        return Json.write(json);
    }
}
