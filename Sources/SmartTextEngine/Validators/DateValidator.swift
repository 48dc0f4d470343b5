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
        case .pattern(let pattern): DatePattern.resolved(pattern, conventions)
        case .locale: DatePattern(conventions.date)
        }
    }
}

/// `date {pattern, min, max}`: a date that exists (2026-02-30 does not), optionally within `min` and
/// `max` (ISO dates, months `YYYY-MM`, or `today`). Its digits are read in `pattern`'s order (`DD.MM.YYYY`,
/// …, or `locale`); without one, in the order of the field's `date` formatter, else ISO `YYYY-MM-DD`.
/// A month alone (`MM/YYYY`) is a month that exists (01 to 12, a year from 0001); a month as a bound, or a
/// month's value, is compared by year and month (`min` `2024-12-15` admits `12/2024`, and `max` `2024-12`
/// admits 2024-12-31). A beginning of a possible date is `incomplete`; one that can no longer become a
/// date (a 13th month) is invalid at once.
public struct DateValidator: Validator {
    /// A bound: a fixed date, a month, or the day of the request.
    public enum Bound: Sendable, Equatable, CustomStringConvertible {
        case date(CalendarDate)
        /// A month (`2024-12`), held as its first day.
        case month(CalendarDate)
        case today

        /// Parses `YYYY-MM-DD`, `YYYY-MM` or `today`.
        public init?(_ text: String) {
            if text == "today" {
                self = .today
            } else if text.count == 10, let date = CalendarDate.parse(text) {
                self = .date(date)
            } else if text.count == 7, let month = CalendarDate.parseMonth(text) {
                self = .month(month)
            } else {
                return nil
            }
        }

        func resolve(_ today: CalendarDate) -> CalendarDate {
            switch self {
            case .date(let date), .month(let date): date
            case .today: today
            }
        }

        /// True when the bound is a month, compared by year and month.
        var isMonth: Bool {
            if case .month = self { true } else { false }
        }

        /// The earliest and the latest day the bound can stand for (a month's first and last day).
        var days: (first: CalendarDate, last: CalendarDate)? {
            switch self {
            case .date(let date): (date, date)
            case .month(let date):
                (
                    date,
                    CalendarDate(
                        year: date.year, month: date.month, day: CalendarDate.daysIn(month: date.month, year: date.year)
                    )
                )
            case .today: nil
            }
        }

        public var description: String {
            switch self {
            case .date(let date): date.description
            case .month(let date): date.monthDescription
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

    /// True when the validator reads a month alone (`MM/YYYY`).
    private var readsMonth: Bool {
        if case .pattern(let pattern)? = layout { !pattern.hasDay } else { false }
    }

    public var parameters: [String: String] {
        var values: [String: String] = [:]
        // A month field's bound is shown as its month (`2024-12`, not `2024-12-15`).
        func shown(_ bound: Bound) -> String {
            if readsMonth, case .date(let date) = bound { date.monthDescription } else { bound.description }
        }
        if let min { values["min"] = shown(min) }
        if let max { values["max"] = shown(max) }
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

    /// A pattern of its own that reads a month where the field's `date` formatter writes whole dates, or the
    /// other way round: no value of the field could be valid.
    public func conflict(with formatters: [any TextFormatter]) -> String? {
        guard let layout, let formatter = formatters.last(where: { $0 is DateFormatter }) as? DateFormatter
        else { return nil }
        let reads: (hasDay: Bool, name: String)
        switch layout {
        case .pattern(let own): reads = (own.hasDay, own.description)
        case .locale: reads = (true, "the locale's dates")
        case .iso: reads = (true, DatePattern(.iso).description)
        }
        guard reads.hasDay != (formatter.pattern?.hasDay ?? true) else { return nil }
        let writes = formatter.pattern?.description ?? "the locale's dates"
        return "reads \(reads.name) but the field's date formatter writes \(writes): leave pattern out to read the "
            + "formatter's"
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        var check = verdict(input)
        // A pattern with the month's or weekday's name shows its example in the request's language (`31 Dez 2024`).
        if case .pattern(let own)? = layout, own.namedMonth || own.weekday != nil, check.placeholders == nil {
            check.placeholders = ["example": DateLayout.pattern(own).pattern(input.conventions).write(Self.example)]
        }
        return check
    }

    private func verdict(_ input: ValidationInput) -> RuleCheck {
        let layout = self.layout ?? .iso
        let pattern = layout.pattern(input.conventions)
        let date: CalendarDate
        if case .string(let iso)? = input.meta["date"],
            let known = pattern.hasDay ? CalendarDate.parse(iso) : CalendarDate.parseMonth(iso)
        {
            // The date formatter read it already.
            date = known
        } else {
            // The digits; a separator is the one between two parts, or one that holds a part that is not
            // whole yet in place (`202-07-09` after a deletion, whose value is `202-0709`).
            let segments = pattern.parts.map(\.segment)
            var digits: [Int] = []
            var held = false
            var part = 0
            var inPart = 0
            for scalar in input.valueScalars {
                if let digit = scalar.asciiDigit {
                    digits.append(Int(digit.value - 0x30))
                    inPart += 1
                    if part < segments.count && inPart == segments[part].width {
                        part += 1
                        inPart = 0
                    }
                } else if scalar == pattern.separator {
                    if inPart > 0 {
                        held = true
                        part += 1
                        inPart = 0
                    }
                } else if pattern.namedMonth && MonthNames.isNameScalar(scalar) {
                    // A month's name not yet whole, or a whole one before the day is: still to be typed when
                    // its letters begin a name.
                    let letters = input.valueScalars.filter(MonthNames.isNameScalar)
                    let possible = pattern.monthNames.match(letters) != nil
                    return failure(layout, input.conventions, incomplete: possible)
                } else {
                    return failure(layout, input.conventions)
                }
            }
            guard digits.count == pattern.digitCount && !held else {
                return Self.couldBecomeDate(input.valueScalars, pattern)
                    ? failure(layout, input.conventions, incomplete: true) : failure(layout, input.conventions)
            }
            guard let parsed = pattern.date(digits: digits) else { return failure(layout, input.conventions) }
            date = parsed
        }
        if let min, Self.compare(date, min, input.today, byMonth: !pattern.hasDay) < 0 {
            return RuleCheck(valid: false, variant: "min")
        }
        if let max, Self.compare(date, max, input.today, byMonth: !pattern.hasDay) > 0 {
            return RuleCheck(valid: false, variant: "max")
        }
        guard layout == .locale else { return .pass }
        // Its message (shown in `results`) has the locale's pattern as the example.
        var check = RuleCheck(valid: true, variant: "pattern")
        check.placeholders = ["example": pattern.write(Self.example)]
        return check
    }

    /// The sign of `date` against `bound`: by year and month when either is a month, else by day.
    private static func compare(_ date: CalendarDate, _ bound: Bound, _ today: CalendarDate, byMonth: Bool) -> Int {
        let limit = bound.resolve(today)
        if byMonth || bound.isMonth {
            let (value, other) = ((date.year, date.month), (limit.year, limit.month))
            return value < other ? -1 : value > other ? 1 : 0
        }
        return date < limit ? -1 : limit < date ? 1 : 0
    }

    /// The failure (not a date yet, when `incomplete`), with the pattern as an example when it is the locale's.
    private func failure(_ layout: DateLayout, _ conventions: LocaleConventions, incomplete: Bool = false) -> RuleCheck
    {
        guard layout == .locale else { return incomplete ? .tooShortSoFar : .fail }
        var check = RuleCheck(valid: false, incomplete: incomplete, variant: "pattern")
        check.placeholders = ["example": layout.pattern(conventions).write(Self.example)]
        return check
    }

    /// False when the value typed so far already rules a date out (a month starting with 2, a 32nd day).
    /// A separator in the value ends a part that is not whole yet (held in place by a deletion).
    private static func couldBecomeDate(_ value: [Unicode.Scalar], _ pattern: DatePattern) -> Bool {
        let segments = pattern.parts.map(\.segment)
        var position = 0
        var typed: [Int] = []
        /// False when the part typed so far cannot be part of a date.
        func possible(_ typed: [Int], _ segment: DigitSegments.Segment) -> Bool {
            guard let first = typed.first else { return true }
            // A lone first digit that only padding makes a part (a day `4`) is still possible.
            if first > segment.maxFirst && (segment.padAbove == nil || typed.count > 1) { return false }
            return typed.count < segment.width || segment.range.contains(typed.reduce(0) { $0 * 10 + $1 })
        }
        for scalar in value {
            guard position < segments.count else { return false }
            if let digit = scalar.asciiDigit {
                typed.append(Int(digit.value - 0x30))
                guard possible(typed, segments[position]) else { return false }
                if typed.count == segments[position].width {
                    position += 1
                    typed = []
                }
            } else if !typed.isEmpty {
                // A part held short by its separator (after a whole part, the separator is the boundary).
                position += 1
                typed = []
            }
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
            if readsMonth {
                MessageCatalog.text("date.month")
            } else if case .pattern(let pattern)? = layout, pattern != DatePattern(.iso) {
                MessageCatalog.text("date.pattern")
            } else {
                MessageCatalog.text("date")
            }
        }
    }
}
