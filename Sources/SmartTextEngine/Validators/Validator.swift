import SmartTextJSON
import SmartTextSupport

/// When validation runs: while typing, on leaving the field, or on submitting the form.
public enum ValidationEvent: String, Sendable, CaseIterable {
    case change, blur, submit
}

/// Which rules a field reports.
public enum ReportMode: String, Sendable, CaseIterable {
    /// Stop at the first failing rule (the default).
    case first
    /// Evaluate every rule (a password checklist).
    case all
}

/// The validation state of a field's text.
public enum ValidationState: String, Sendable {
    /// Nothing typed.
    case empty
    /// Not valid yet, but typing more could make it valid.
    case incomplete
    case valid
    case invalid
}

/// What a validator is given.
public struct ValidationInput: Sendable {
    /// The formatted text.
    public var text: String
    /// The value to submit (formatting removed).
    public var value: String
    /// `value` as scalars.
    public var valueScalars: [Unicode.Scalar]
    /// The formatter's verdict on completeness (false when it has none).
    public var complete: Bool
    /// Facts the formatters found (a card's brand).
    public var meta: JSONObject
    /// The other fields' values when a form is validated, by form field name.
    public var formValues: [String: String]
    /// Today's date, for rules about the past and the future.
    public var today: CalendarDate
    /// Characters that cannot be part of the text (rule `unexpectedCharacters`): empty when there are none.
    public var unexpected: [Unicode.Scalar]
    /// How the request's locale writes dates and times.
    public var conventions: LocaleConventions

    public init(
        text: String, value: String, valueScalars: [Unicode.Scalar], complete: Bool = false,
        meta: JSONObject = JSONObject(), formValues: [String: String] = [:], today: CalendarDate = .today(),
        unexpected: [Unicode.Scalar] = [],
        conventions: LocaleConventions = .neutral
    ) {
        self.text = text
        self.value = value
        self.valueScalars = valueScalars
        self.complete = complete
        self.meta = meta
        self.formValues = formValues
        self.today = today
        self.unexpected = unexpected
        self.conventions = conventions
    }
}

/// A validator's verdict.
public struct RuleCheck: Sendable, Equatable {
    public var valid: Bool
    /// Failing only in a way more typing can fix (too short so far).
    public var incomplete: Bool
    /// Which built-in message to use when the validator has several (nil: its only one).
    public var variant: String?
    /// Extra members of the rule's result (`score`, `feedback`).
    public var details: JSONObject
    /// Values for the message's placeholders that depend on the request (the locale's date pattern),
    /// over the validator's own ``Validator/parameters``.
    public var placeholders: [String: String]? = nil

    public init(valid: Bool, incomplete: Bool = false, variant: String? = nil, details: JSONObject = JSONObject()) {
        self.valid = valid
        self.incomplete = incomplete
        self.variant = variant
        self.details = details
    }

    public static let pass = RuleCheck(valid: true)
    public static let fail = RuleCheck(valid: false)
    public static let tooShortSoFar = RuleCheck(valid: false, incomplete: true)
}

/// One validator kind (`notEmpty`, `minLength`, ...). Implementations are pure values.
public protocol Validator: Sendable {
    /// The registry name, reported as `rule`.
    var name: String { get }
    /// Placeholder values for messages besides `{label}` (`min` → "8").
    var parameters: [String: String] { get }
    /// Placeholder values that depend on the language (another field's label).
    var localizedParameters: [String: LocalizedText] { get }
    /// True when the verdict depends on other fields of a form (`formValues`).
    var usesFormValues: Bool { get }
    /// True when the validator reads the request's ``ValidationInput/conventions`` (a date in the locale's order).
    var readsLocale: Bool { get }
    /// The validator as it works with a field's formatters, when it takes something from them (a
    /// `date` validator without a pattern reads dates in the order of the field's `date` formatter);
    /// nil when it stays as it is.
    func adapted(to formatters: [any TextFormatter]) -> (any Validator)?
    /// Why the validator cannot work with a field's formatters, in one line for the registry's report (a
    /// `date` validator that reads months in a field whose formatter writes whole dates); nil when it can.
    func conflict(with formatters: [any TextFormatter]) -> String?
    /// Checks a value.
    func check(_ input: ValidationInput) -> RuleCheck
    /// The built-in message for a verdict, with `{label}` and parameter placeholders.
    func message(for check: RuleCheck) -> LocalizedText
    /// The verdict's extra result members in `locale` (verdicts are cached for every
    /// language; a validator whose details hold text resolves it here).
    func details(for check: RuleCheck, locale: LocalePreference) -> JSONObject
}

extension Validator {
    public var parameters: [String: String] { [:] }
    public var localizedParameters: [String: LocalizedText] { [:] }
    public var usesFormValues: Bool { false }
    public var readsLocale: Bool { false }
    public func adapted(to formatters: [any TextFormatter]) -> (any Validator)? { nil }
    public func conflict(with formatters: [any TextFormatter]) -> String? { nil }
    public func details(for check: RuleCheck, locale: LocalePreference) -> JSONObject { check.details }
}

/// A validator as configured for a field: on which events it reports and its message.
/// Immutable, and a class for the same reason as ``Field``: iterating a field's
/// rules copied each one, its validator existential included.
public final class ValidatorRule: Sendable {
    public let validator: any Validator
    /// Events on which a failure is reported in `errors`.
    public let events: Set<ValidationEvent>
    /// Overrides the built-in message.
    public let message: LocalizedText?
    /// Rendered messages by label, variant and language: a message depends on
    /// nothing else, and rendering one costs more than the rule's check (BENCHMARKS.md item 2).
    private let rendered = RenderedMessages()

    public init(
        _ validator: any Validator, events: Set<ValidationEvent> = Set(ValidationEvent.allCases),
        message: LocalizedText? = nil
    ) {
        self.validator = validator
        self.events = events
        self.message = message
        self.eventBits = events.reduce(0) { $0 | Self.bit($1) }
    }

    /// `events` as bits: asked for every failing rule, and a `Set` lookup hashes (BENCHMARKS.md item 11).
    private let eventBits: UInt8

    private static func bit(_ event: ValidationEvent) -> UInt8 {
        switch event {
        case .change: 1
        case .blur: 2
        case .submit: 4
        }
    }

    /// True when a failure is reported in `errors` on `event`.
    func reports(on event: ValidationEvent) -> Bool { eventBits & Self.bit(event) != 0 }

    /// The rule's message for a verdict, in `locale`, with `{label}` and the parameters filled.
    func message(for check: RuleCheck, label: String, locale: LocalePreference) -> String {
        let cached = check.placeholders == nil
        if cached, let message = rendered.message(label: label, variant: check.variant, tags: locale.tags) {
            return message
        }
        var values = validator.parameters
        for (name, text) in validator.localizedParameters { values[name] = text.resolve(locale) }
        for (name, value) in check.placeholders ?? [:] { values[name] = value }
        values["label"] = label
        let message = (message ?? validator.message(for: check)).render(locale, values)
        if cached { rendered.store(message, label: label, variant: check.variant, tags: locale.tags) }
        return message
    }

    /// The rule with its validator adapted to a field's formatters (``Validator/adapted(to:)``).
    func adapted(to formatters: [any TextFormatter]) -> ValidatorRule {
        guard let validator = validator.adapted(to: formatters) else { return self }
        return ValidatorRule(validator, events: events, message: message)
    }
}

/// One rule's rendered messages: a short list searched by equality, not a
/// hash table. A rule has a few variants and a label per language, and the
/// label and variant strings are the registry's and the validator's own, so
/// comparing them is mostly comparing two pointers; hashing them cost more
/// than the rule's check (BENCHMARKS.md item 11). Holds at most `limit`
/// messages, replaced in turn.
final class RenderedMessages: Sendable {
    private struct Entry {
        let label: String
        let variant: String?
        let tags: [String]
        let message: String
    }

    private struct Slots {
        var entries: [Entry] = []
        var next = 0
    }

    private static let limit = 32
    private let slots = Locked(Slots())

    func message(label: String, variant: String?, tags: [String]) -> String? {
        slots.withLock { slots in
            for entry in slots.entries where entry.variant == variant && entry.label == label && entry.tags == tags {
                return entry.message
            }
            return nil
        }
    }

    func store(_ message: String, label: String, variant: String?, tags: [String]) {
        let entry = Entry(label: label, variant: variant, tags: tags, message: message)
        slots.withLock { slots in
            if slots.entries.count < Self.limit {
                slots.entries.append(entry)
            } else {
                slots.entries[slots.next] = entry
                slots.next = (slots.next + 1) % Self.limit
            }
        }
    }
}

/// One evaluated rule.
public struct RuleResult: Sendable, Equatable {
    public var rule: String
    public var valid: Bool
    /// The rule's message in the requested language (shown as a checklist item or an error).
    public var message: String
    /// Failing only because the text is not finished.
    public var incomplete: Bool
    public var details: JSONObject
}

/// A failing rule that reports on the request's event.
public struct RuleError: Sendable, Equatable {
    public var rule: String
    public var message: String

    public init(rule: String, message: String) {
        self.rule = rule
        self.message = message
    }
}

/// The validation part of an answer.
public struct ValidationReport: Sendable, Equatable {
    public var state: ValidationState
    public var valid: Bool
    public var errors: [RuleError]
    public var results: [RuleResult]
}
