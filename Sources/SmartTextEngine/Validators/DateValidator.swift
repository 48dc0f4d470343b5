/// `date {min, max}`: an ISO date `YYYY-MM-DD` (or its eight digits) that
/// exists (2026-02-30 does not), optionally within `min` and `max` (dates, or
/// `today`). A beginning of a possible date is `incomplete`.
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

    public init(min: Bound? = nil, max: Bound? = nil) {
        self.min = min
        self.max = max
    }

    public var parameters: [String: String] {
        var values: [String: String] = [:]
        if let min { values["min"] = min.description }
        if let max { values["max"] = max.description }
        return values
    }

    /// `today` as a bound is a word of the request's language.
    public var localizedParameters: [String: LocalizedText] {
        var values: [String: LocalizedText] = [:]
        if case .today? = min { values["min"] = MessageCatalog.term("date.bound.today") }
        if case .today? = max { values["max"] = MessageCatalog.term("date.bound.today") }
        return values
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        let digits = input.valueScalars.filter { $0 != "-" }
        guard digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) else { return .fail }
        guard digits.count == 8 else { return digits.count < 8 ? Self.prefixVerdict(digits) : .fail }
        guard let date = CalendarDate.parse(String(String.UnicodeScalarView(digits))) else { return .fail }
        if let min, date < min.resolve(input.today) { return RuleCheck(valid: false, variant: "min") }
        if let max, date > max.resolve(input.today) { return RuleCheck(valid: false, variant: "max") }
        return .pass
    }

    /// A month that already cannot exist (`13`) makes a short text invalid.
    private static func prefixVerdict(_ digits: [Unicode.Scalar]) -> RuleCheck {
        let values = digits.map { Int($0.value - 0x30) }
        if values.count >= 5 && values[4] > 1 { return .fail }
        if values.count >= 6 {
            let month = values[4] * 10 + values[5]
            if month < 1 || month > 12 { return .fail }
        }
        if values.count >= 7 && values[6] > 3 { return .fail }
        return .tooShortSoFar
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        switch check.variant {
        case "min": MessageCatalog.text("date.min")
        case "max": MessageCatalog.text("date.max")
        default: MessageCatalog.text("date")
        }
    }
}
