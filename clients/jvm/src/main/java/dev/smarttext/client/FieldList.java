package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Every field of the registry, sorted by name, from {@code GET /v1/fields}. */
public final class FieldList {
    /** One field of the list: its name, label and hints. */
    public static final class Summary {
        private final String name;
        private final String label;
        private final InputHints hints;

        private Summary(Members json) throws JsonException {
            name = json.string("name");
            label = json.string("label");
            hints = InputHints.from(json.object("hints"));
        }

        public String name() {
            return name;
        }

        public String label() {
            return label;
        }

        public InputHints hints() {
            return hints;
        }
    }

    private final Map<String, Object> json;
    private final String version;
    private final List<Summary> fields;

    private FieldList(Members json) throws JsonException {
        this.json = json.map;
        version = json.string("version");
        List<Summary> fields = new ArrayList<>();
        for (Members each : json.objects("fields")) fields.add(new Summary(each));
        this.fields = Collections.unmodifiableList(fields);
    }

    /** Reads a list from its JSON value. */
    public static FieldList fromJson(Object json) throws JsonException {
        return new FieldList(Members.of(json, "FieldList"));
    }

    /** Every member as received. */
    public Map<String, Object> json() {
        return json;
    }

    /** The registry's version. */
    public String version() {
        return version;
    }

    public List<Summary> fields() {
        return fields;
    }

    @Override
    public String toString() {
        return Json.write(json);
    }
}
