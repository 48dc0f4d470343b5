package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The verdict on a form, or on several loose fields, from {@code POST /v1/validate}. */
public final class ValidateAnswer {
    /** One field's verdict. */
    public static final class FieldVerdict {
        private final String text;
        private final String value;
        private final TextState state;
        private final boolean valid;
        private final List<RuleFailure> errors;
        private final List<RuleOutcome> results;
        private final Map<String, Object> meta;

        private FieldVerdict(Members json) throws JsonException {
            text = json.string("text");
            value = json.string("value");
            state = TextState.of(json.string("state"));
            valid = json.bool("valid");
            errors = RuleFailure.list(json, "errors");
            results = RuleOutcome.list(json, "results");
            Members found = json.optionalObject("meta");
            meta = found == null ? Collections.<String, Object>emptyMap() : found.map;
        }

        /** What the formatters found: a phone number's {@code e164}, a date's ISO {@code date}, a time's {@code time}. */
        public Map<String, Object> meta() {
            return meta;
        }

        /** The formatted text. */
        public String text() {
            return text;
        }

        /** What to submit (and store). */
        public String value() {
            return value;
        }

        public TextState state() {
            return state;
        }

        public boolean valid() {
            return valid;
        }

        /** Failed rules: the messages to show. */
        public List<RuleFailure> errors() {
            return errors;
        }

        /** Every rule evaluated. */
        public List<RuleOutcome> results() {
            return results;
        }
    }

    /** A problem with the submission as a whole ({@code unknownField} for a key the form does not have). */
    public static final class FormError {
        private final String field;
        private final String rule;
        private final String message;

        private FormError(Members json) throws JsonException {
            field = json.string("field");
            rule = json.string("rule");
            message = json.string("message");
        }

        /** The key it concerns. */
        public String field() {
            return field;
        }

        public String rule() {
            return rule;
        }

        public String message() {
            return message;
        }
    }

    private final Map<String, Object> json;
    private final boolean valid;
    private final String form;
    private final Map<String, FieldVerdict> fields;
    private final List<FormError> errors;
    private final String registry;

    private ValidateAnswer(Members json) throws JsonException {
        this.json = json.map;
        valid = json.bool("valid");
        form = json.optionalString("form");
        Members members = json.object("fields");
        Map<String, FieldVerdict> fields = new LinkedHashMap<>();
        for (String name : members.map.keySet()) fields.put(name, new FieldVerdict(members.object(name)));
        this.fields = Collections.unmodifiableMap(fields);
        List<FormError> errors = new ArrayList<>();
        for (Members each : json.objects("errors")) errors.add(new FormError(each));
        this.errors = Collections.unmodifiableList(errors);
        registry = json.optionalString("registry");
    }

    /** Reads an answer from its JSON value. */
    public static ValidateAnswer fromJson(Object json) throws JsonException {
        return new ValidateAnswer(Members.of(json, "ValidateAnswer"));
    }

    /** Every member as received. */
    public Map<String, Object> json() {
        return json;
    }

    /** Every field is valid and there is no form error. */
    public boolean valid() {
        return valid;
    }

    /** The form checked, or null when the request named none. */
    public String form() {
        return form;
    }

    /** One verdict per field, in the form's order. */
    public Map<String, FieldVerdict> fields() {
        return fields;
    }

    /** Problems with the submission as a whole. */
    public List<FormError> errors() {
        return errors;
    }

    /**
     * The version of the registry the verdict was reached with, for a backend to log; null from a server
     * that does not say (before 0.2).
     */
    public String registry() {
        return registry;
    }

    @Override
    public String toString() {
        return Json.write(json);
    }
}
