package dev.smarttext.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** A rule that failed and reports on the request's event: a message to show. */
public final class RuleFailure {
    private final String rule;
    private final String message;

    public RuleFailure(String rule, String message) {
        this.rule = Objects.requireNonNull(rule, "rule");
        this.message = Objects.requireNonNull(message, "message");
    }

    static RuleFailure from(Members json) throws JsonException {
        return new RuleFailure(json.string("rule"), json.string("message"));
    }

    static List<RuleFailure> list(Members json, String name) throws JsonException {
        List<RuleFailure> failures = new ArrayList<>();
        for (Members each : json.objects(name)) failures.add(from(each));
        return Collections.unmodifiableList(failures);
    }

    /** The rule's name ({@code notEmpty}, {@code luhn}, {@code matchesField}, …). */
    public String rule() {
        return rule;
    }

    /** The message, in the requested language. */
    public String message() {
        return message;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RuleFailure
                && ((RuleFailure) other).rule.equals(rule)
                && ((RuleFailure) other).message.equals(message);
    }

    @Override
    public int hashCode() {
        return rule.hashCode() * 31 + message.hashCode();
    }

    @Override
    public String toString() {
        return rule + ": " + message;
    }
}
