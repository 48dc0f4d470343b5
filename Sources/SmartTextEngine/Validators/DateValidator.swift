/// How a date validator reads a value's digits.
public enum DateLayout: Sendable, Equatable {
    /// ISO 8601, `YYYY-MM-DD` or its eight digits (the built-in `date` field).
    case iso
    /// A field's pattern (`DD.MM.YYYY`).
    case pattern(DatePattern)
    /// The request locale's short-date order.
    case locale

    func pattern(_ conventions: LocaleConventions) -> DatePattern {
        switch self {
        case .iso: DatePattern(.iso)
        case .pattern(let pattern): pattern
        case .locale: DatePattern(conventions.date)
        }
    }
}

/// `date {pattern, min, max}`: a date that exists (2026-02-30 does not), optionally within `min` and
/// `max` (ISO dates, or `today`). Its digits are read in `pattern`'s order (`DD.MM.YYYY`, …, or
/// `locale`); without one, in the order of the field's `date` formatter, else ISO `YYYY-MM-DD`.
/// A beginning of a possible date is `incomplete`; one that can no longer become a date (a 13th
/// month) is invalid at once.
public struct DateValidator: Validator {
    /// A bound: a fixed date or the day of the request.
    public enum Bound: Sendable, Equatable, CustomStringConvertible {
        case date(CalendarDate)
        case today

        /// Parses `YYYY-MM-DD` or `today`.
        public init?(_ text: String) {
            if text == "today" {
                self = .today
            } else if text.count == 10, let date = CalendarDate.parse(text) {
                self = .date(date)
            } else {
                return nil
            }
        }

        func resolve(_ today: CalendarDate) -> CalendarDate {
            switch self {
            case .date(let date): date
            case .today: today
            }
        }

        public var description: String {
            switch self {
            case .date(let date): date.description
            case .today: "today"
            }
        }
    }

    public let name = "date"
    public let min: Bound?
    public let max: Bound?
    /// How the value's digits are read; nil until the registry gives the field's (then ISO).
    public let layout: DateLayout?

    public init(min: Bound? = nil, max: Bound? = nil, layout: DateLayout? = nil) {
        self.min = min
        self.max = max
        self.layout = layout
    }

    public var readsLocale: Bool { layout == .locale }

    public var parameters: [String: String] {
        var values: [String: String] = [:]
        if let min { values["min"] = min.description }
        if let max { values["max"] = max.description }
        if case .pattern(let pattern)? = layout { values["example"] = pattern.write(Self.example) }
        return values
    }

    /// The date messages show as an example of the pattern.
    static let example = CalendarDate(year: 2024, month: 12, day: 31)

    /// `today` as a bound is a word of the request's language.
    public var localizedParameters: [String: LocalizedText] {
        var values: [String: LocalizedText] = [:]
        if case .today? = min { values["min"] = MessageCatalog.term("date.bound.today") }
        if case .today? = max { values["max"] = MessageCatalog.term("date.bound.today") }
        return values
    }

    /// Without a layout of its own, the one of the field's `date` formatter.
    public func adapted(to formatters: [any TextFormatter]) -> (any Validator)? {
        guard layout == nil, let formatter = formatters.last(where: { $0 is DateFormatter }) as? DateFormatter
        else { return nil }
        return DateValidator(min: min, max: max, layout: formatter.pattern.map(DateLayout.pattern) ?? .locale)
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        let layout = self.layout ?? .iso
        let pattern = layout.pattern(input.conventions)
        let date: CalendarDate
        if case .string(let iso)? = input.meta["date"], let known = CalendarDate.parse(iso) {
            // The date formatter read it already.
            date = known
        } else {
            var digits: [Int] = []
            for scalar in input.valueScalars {
                if let digit = scalar.asciiDigit {
                    digits.append(Int(digit.value - 0x30))
                } else if scalar != pattern.separator {
                    return failure(layout, input.conventions)
                }
            }
            guard digits.count == 8 else {
                return digits.count < 8 && Self.couldBecomeDate(digits, pattern)
                    ? failure(layout, input.conventions, incomplete: true) : failure(layout, input.conventions)
            }
            guard let parsed = pattern.date(digits: digits) else { return failure(layout, input.conventions) }
            date = parsed
        }
        if let min, date < min.resolve(input.today) { return RuleCheck(valid: false, variant: "min") }
        if let max, date > max.resolve(input.today) { return RuleCheck(valid: false, variant: "max") }
        guard layout == .locale else { return .pass }
        // Its message (shown in `results`) has the locale's pattern as the example.
        var check = RuleCheck(valid: true, variant: "pattern")
        check.placeholders = ["example": pattern.write(Self.example)]
        return check
    }

    /// The failure (not a date yet, when `incomplete`), with the pattern as an example when it is the locale's.
    private func failure(_ layout: DateLayout, _ conventions: LocaleConventions, incomplete: Bool = false) -> RuleCheck
    {
        guard layout == .locale else { return incomplete ? .tooShortSoFar : .fail }
        var check = RuleCheck(valid: false, incomplete: incomplete, variant: "pattern")
        check.placeholders = ["example": layout.pattern(conventions).write(Self.example)]
        return check
    }

    /// False when the digits typed so far already rule a date out (a month starting with 2, a 32nd day).
    private static func couldBecomeDate(_ digits: [Int], _ pattern: DatePattern) -> Bool {
        var offset = 0
        for part in pattern.parts {
            let segment = part.segment
            let typed = Array(digits.dropFirst(offset).prefix(segment.width))
            offset += segment.width
            guard let first = typed.first else { return true }
            if first > segment.maxFirst { return false }
            if typed.count == segment.width && !segment.range.contains(typed.reduce(0) { $0 * 10 + $1 }) {
                return false
            }
            if typed.count < segment.width { return true }
        }
        return true
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        switch check.variant {
        case "min": MessageCatalog.text("date.min")
        case "max": MessageCatalog.text("date.max")
        case "pattern": MessageCatalog.text("date.pattern")
        default:
            // The ISO pattern has a message of its own (`YYYY-MM-DD` in each language's letters).
            if case .pattern(let pattern)? = layout, pattern != DatePattern(.iso) {
                MessageCatalog.text("date.pattern")
            } else {
                MessageCatalog.text("date")
            }
        }
    }
}
