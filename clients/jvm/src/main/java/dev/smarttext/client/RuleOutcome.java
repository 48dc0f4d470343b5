package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One evaluated rule, passing or not. Members some rules add (a password's {@code score} and {@code
 * feedback}) and members added to the API later are in {@link #extra()}, as JSON values.
 */
public final class RuleOutcome {
    private final String rule;
    private final boolean valid;
    private final String message;
    private final Map<String, Object> extra;

    private RuleOutcome(String rule, boolean valid, String message, Map<String, Object> extra) {
        this.rule = rule;
        this.valid = valid;
        this.message = message;
        this.extra = extra;
    }

    static RuleOutcome from(Members json) throws JsonException {
        Map<String, Object> extra = new LinkedHashMap<>();
        for (Map.Entry<String, Object> member : json.map.entrySet()) {
            String key = member.getKey();
            if (!key.equals("rule") && !key.equals("valid") && !key.equals("message")) {
                extra.put(key, member.getValue());
            }
        }
        String message = json.optionalString("message");
        return new RuleOutcome(
                json.string("rule"), json.bool("valid"), message == null ? "" : message,
                Collections.unmodifiableMap(extra));
    }

    static List<RuleOutcome> list(Members json, String name) throws JsonException {
        List<RuleOutcome> outcomes = new ArrayList<>();
        for (Members each : json.objects(name)) outcomes.add(from(each));
        return Collections.unmodifiableList(outcomes);
    }

    /** The rule's name. */
    public String rule() {
        return rule;
    }

    /** The rule passes. */
    public boolean valid() {
        return valid;
    }

    /** The rule's message, in the requested language ("" when the service sent none). */
    public String message() {
        return message;
    }

    /** Every other member, as JSON values ({@link Json}). */
    public Map<String, Object> extra() {
        return extra;
    }

    @Override
    public String toString() {
        return rule + (valid ? " passes" : " fails") + (extra.isEmpty() ? "" : " " + Json.write(extra));
    }
}
