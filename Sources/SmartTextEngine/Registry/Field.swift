import SmartTextJSON
import SmartTextSupport

/// What backspace does right after a separator the formatter inserted.
public enum BackspaceMode: String, Sendable, CaseIterable {
    /// Deletes the significant character before the separator (the default).
    case deletePrevious
    /// Only moves the caret over the separator.
    case moveCaret
}

/// Hints a client uses to set up its text input.
public struct FieldHints: Sendable, Equatable {
    public var placeholder: String?
    /// HTML `inputmode` (`numeric`, `tel`, `email`, ...).
    public var inputmode: String?
    /// HTML `autocomplete` (`tel-national`, `cc-number`, ...).
    public var autocomplete: String?
    /// iOS `UIKeyboardType` name (`numberPad`, `phonePad`, `emailAddress`, ...).
    public var keyboard: String?
    /// iOS `UITextContentType` name (`telephoneNumber`, `creditCardNumber`, ...).
    public var textContentType: String?
    /// Android `inputType` (`phone`, `number`, `textEmailAddress`, ...).
    public var androidInputType: String?
    /// Secure entry (passwords).
    public var secure: Bool?
    /// An example of a valid text.
    public var example: String?

    public init() {}

    /// The text hints, each once: its registry and answer key, and where it is kept (the decoder and the
    /// answer writer read this list; `secure` and `example` are handled besides).
    public static var textHints: [(key: StaticString, path: WritableKeyPath<FieldHints, String?>)] {
        [
            ("placeholder", \.placeholder), ("inputmode", \.inputmode), ("autocomplete", \.autocomplete),
            ("keyboard", \.keyboard), ("textContentType", \.textContentType), ("androidInputType", \.androidInputType),
        ]
    }

    /// The hint keys a registry accepts.
    public static var keys: [String] { textHints.map { "\($0.key)" } + ["secure", "example"] }
}

/// A field configuration, resolved and validated: everything the engine needs
/// to answer an edit, a format or a validation for this field.
///
/// Immutable, and a class: a lookup or a loop over a form's fields hands out a
/// reference, where a struct of this size was copied member by member (a retain
/// for each string, array and formatter) on every request (BENCHMARKS.md item 11).
public final class Field: Sendable {
    /// The registry name (`phone_cn`), or names joined by `+` for a composed field.
    public let name: String
    /// The label used in messages (`{label}`).
    public let label: LocalizedText
    /// The formatters, composed.
    public let formatter: FormatterPipeline
    /// The validators in order.
    public let rules: [ValidatorRule]
    public let report: ReportMode
    public let backspace: BackspaceMode
    public let hints: FieldHints
    /// The field's configuration after `extends` was applied, as JSON (for discovery).
    public let definition: JSONObject
    /// True when a formatter or validator reads the request's locale conventions: the service looks
    /// them up only for such fields.
    public let readsLocale: Bool

    public init(
        name: String, label: LocalizedText, formatters: [any TextFormatter], rules: [ValidatorRule],
        report: ReportMode = .first, backspace: BackspaceMode = .deletePrevious, hints: FieldHints = FieldHints(),
        definition: JSONObject = JSONObject()
    ) {
        self.name = name
        self.label = label
        self.formatter = FormatterPipeline(formatters)
        self.rules = rules
        self.report = report
        self.backspace = backspace
        self.hints = hints
        self.definition = definition
        self.readsLocale =
            formatters.contains { $0.readsLocale } || rules.contains { $0.validator.readsLocale }
    }

    /// Several fields applied as one: formatters chained in order, validators
    /// concatenated; label, report, backspace and hints from the last field.
    public static func composed(_ fields: [Field]) -> Field {
        precondition(!fields.isEmpty, "compose at least one field")
        if fields.count == 1 { return fields[0] }
        let last = fields[fields.count - 1]
        return Field(
            name: fields.map(\.name).joined(separator: "+"), label: last.label,
            formatters: fields.flatMap(\.formatter.formatters), rules: fields.flatMap(\.rules), report: last.report,
            backspace: last.backspace, hints: last.hints, definition: last.definition)
    }
}

// MARK: - Validation

extension Field {
    /// True when a rule compares with other fields of a form (`matchesField`, `cvc`).
    var usesFormValues: Bool { rules.contains { $0.validator.usesFormValues } }

    /// Evaluates the field's validators on formatted text; `unexpected` are the characters that cannot be
    /// part of it (an answer's ``EditOutcome/unexpected``).
    public func validate(
        text: String, value: [Unicode.Scalar], complete: Bool, meta: JSONObject = JSONObject(),
        event: ValidationEvent, locale: LocalePreference, formValues: [String: String] = [:],
        today: CalendarDate = .today(), unexpected: [Unicode.Scalar] = []
    ) -> ValidationReport {
        validate(
            ValidationInput(
                text: text, value: TextUnits.string(value), valueScalars: value, complete: complete, meta: meta,
                formValues: formValues, today: today, unexpected: unexpected, conventions: locale.conventions),
            event: event, locale: locale)
    }

    /// Evaluates the field's validators on a prepared input: first `unexpectedCharacters` when the text
    /// has characters that cannot be part of it, then the field's rules.
    func validate(_ input: ValidationInput, event: ValidationEvent, locale: LocalePreference) -> ValidationReport {
        let value = input.valueScalars
        let labelText = label.resolve(locale)
        var results: [RuleResult] = []
        results.reserveCapacity(rules.count)
        var errors: [RuleError] = []
        var allValid = true
        var onlyIncomplete = true
        var checked = rules
        if !input.unexpected.isEmpty {
            checked.insert(ValidatorRule(UnexpectedCharactersValidator(input.unexpected)), at: 0)
        }
        for rule in checked {
            let check = rule.validator.check(input)
            let message = rule.message(for: check, label: labelText, locale: locale)
            results.append(
                RuleResult(
                    rule: rule.validator.name, valid: check.valid, message: message, incomplete: check.incomplete,
                    details: rule.validator.details(for: check, locale: locale)))
            guard !check.valid else { continue }
            allValid = false
            if !check.incomplete { onlyIncomplete = false }
            // While typing, a rule that only needs more input does not shout.
            let stillTyping = event == .change && check.incomplete
            if rule.reports(on: event) && !stillTyping {
                errors.append(RuleError(rule: rule.validator.name, message: message))
            }
            if report == .first { break }
        }
        let state: ValidationState =
            value.isEmpty && input.unexpected.isEmpty
            ? .empty : allValid ? .valid : onlyIncomplete ? .incomplete : .invalid
        return ValidationReport(state: state, valid: allValid, errors: errors, results: results)
    }
}
