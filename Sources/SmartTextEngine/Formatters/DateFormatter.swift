import SmartTextJSON
import SmartTextSupport

/// The parts, order and separator of a date as a field writes it: `DD.MM.YYYY`, `MM/DD/YYYY`, `YYYY-MM-DD`,
/// or a month alone (`MM/YYYY`, `YYYY-MM`); with `MMM`, the month written as its name (`DD MMM YYYY`:
/// `31 Dec 2024`).
public struct DatePattern: Sendable, Equatable, CustomStringConvertible {
    /// The parts in the order they are written: a day, a month and a year, or a month and a year.
    public private(set) var parts: [DatePart]
    /// The separator people see and type.
    public var separator: Unicode.Scalar
    /// Invisible marks written before each separator (a locale's right-to-left mark).
    public var marks: [Unicode.Scalar]
    /// True when the month is written as its name (`MMM`).
    public private(set) var namedMonth = false
    /// The names it is written with: the request locale's, once ``resolved(_:_:)`` (English until then).
    public private(set) var monthNames = MonthNames.english

    public init(order: DateOrder, separator: Unicode.Scalar, marks: [Unicode.Scalar] = []) {
        self.parts = Self.parts(order)
        self.separator = separator
        self.marks = marks
    }

    /// A month and year alone (`MM/YYYY` when `monthFirst`, else `YYYY-MM`).
    public init(monthFirst: Bool, separator: Unicode.Scalar) {
        self.parts = monthFirst ? [.month, .year] : [.year, .month]
        self.separator = separator
        self.marks = []
    }

    /// The pattern of a locale's short dates.
    public init(_ style: DateStyle) {
        self.init(order: style.order, separator: style.separator, marks: style.marks)
    }

    /// Parses `DD`, `MM` and `YYYY` in any of the usual orders, or `MM` and `YYYY` in either, with one
    /// separator (`.`, `/`, `-` or a space) between them; `MMM` in place of `MM` writes the month's name.
    public init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard let separator = scalars.first(where: { !"DMYdmy".unicodeScalars.contains($0) }),
            [".", "/", "-", " "].contains(separator)
        else { return nil }
        var letters = text.split(separator: Character(separator), omittingEmptySubsequences: false).map {
            $0.uppercased()
        }
        let named = letters.contains("MMM")
        letters = letters.map { $0 == "MMM" ? "MM" : $0 }
        switch letters {
        case ["DD", "MM", "YYYY"]: self.init(order: .dmy, separator: separator)
        case ["MM", "DD", "YYYY"]: self.init(order: .mdy, separator: separator)
        case ["YYYY", "MM", "DD"]: self.init(order: .ymd, separator: separator)
        case ["MM", "YYYY"]: self.init(monthFirst: true, separator: separator)
        case ["YYYY", "MM"]: self.init(monthFirst: false, separator: separator)
        default: return nil
        }
        namedMonth = named
    }

    /// The registry's line for a pattern it cannot read.
    static func problem(_ text: String, orLocale: Bool = false) -> String {
        "pattern must be DD, MM and YYYY (DD.MM.YYYY, MM/DD/YYYY, YYYY-MM-DD), or MM and YYYY for a month "
            + "(MM/YYYY, YYYY-MM), with one separator (. / - or a space) between them, and MMM for MM to write "
            + "the month's name (DD MMM YYYY)"
            + "\(orLocale ? ", or \"locale\"" : ""), not \"\(text)\""
    }

    private static func parts(_ order: DateOrder) -> [DatePart] {
        switch order {
        case .dmy: [.day, .month, .year]
        case .mdy: [.month, .day, .year]
        case .ymd: [.year, .month, .day]
        }
    }

    /// True when the pattern has a day; false for a month alone (`MM/YYYY`).
    public var hasDay: Bool { parts.contains(.day) }

    /// The number of digits a whole date has in this pattern (8, or 6 for a month).
    public var digitCount: Int { parts.reduce(0) { $0 + $1.segment.width } }

    /// `DD.MM.YYYY`, `DD MMM YYYY`.
    public var description: String { written(["DD", namedMonth ? "MMM" : "MM", "YYYY"]) }

    /// A date written in this pattern (`31.12.2024`; `12/2024` for a month, whose day is not written;
    /// `31 Dec 2024` with the month's name).
    public func write(_ date: CalendarDate) -> String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let year = String(repeating: "0", count: max(0, 4 - String(date.year).count)) + String(date.year)
        let month =
            namedMonth && (1...12).contains(date.month)
            ? TextUnits.string(monthNames.names[date.month - 1]) : two(date.month)
        return written([two(date.day), month, year])
    }

    /// The parts written in order, given the day, month and year as written.
    private func written(_ texts: [String]) -> String {
        let separator = TextUnits.string(marks + [self.separator])
        return parts.map { part -> String in
            switch part {
            case .day: texts[0]
            case .month: texts[1]
            case .year: texts[2]
            }
        }.joined(separator: separator)
    }

    /// The date the digits of a value in this pattern spell (`31122024`), when they are all there and a real
    /// date; for a month (`122024`), its first day, when the month is real.
    public func date(digits: [Int]) -> CalendarDate? {
        guard digits.count == digitCount else { return nil }
        var values: [DatePart: Int] = [:]
        var position = 0
        for part in parts {
            let width = part.segment.width
            values[part] = digits[position..<(position + width)].reduce(0) { $0 * 10 + $1 }
            position += width
        }
        let date = CalendarDate(year: values[.year]!, month: values[.month]!, day: values[.day] ?? 1)
        return date.isValid ? date : nil
    }

    /// The ISO 8601 form of a date read in this pattern: `2024-12-31`, or `2024-12` for a month.
    public func iso(_ date: CalendarDate) -> String {
        hasDay ? date.description : date.monthDescription
    }

    /// The layout of the pattern's digits (and month names).
    var segments: DigitSegments {
        DigitSegments(
            segments: parts.map { part in
                var segment = part.segment
                if part == .month && namedMonth { segment.names = monthNames }
                return segment
            }, separator: marks + [separator])
    }

    /// The pattern written for the request: the locale's when the field takes it (`pattern` nil), and the
    /// locale's month names where the field's pattern writes them (`MMM`): as a date writes them, or as they
    /// stand alone in a month without its day (Russian's `31 мар 2024`, `март 2024`).
    static func resolved(_ pattern: DatePattern?, _ conventions: LocaleConventions) -> DatePattern {
        guard var pattern else { return DatePattern(conventions.date) }
        if pattern.namedMonth {
            pattern.monthNames = pattern.hasDay ? conventions.date.monthNames : conventions.date.monthNamesAlone
        }
        return pattern
    }
}

/// A part of a date.
public enum DatePart: Sendable, Hashable {
    case day, month, year

    var segment: DigitSegments.Segment {
        switch self {
        case .day: DigitSegments.Segment(width: 2, padAbove: 3, maxFirst: 3, range: 1...31)
        case .month: DigitSegments.Segment(width: 2, padAbove: 1, maxFirst: 1, range: 1...12)
        case .year: DigitSegments.Segment(width: 4, padAbove: nil, maxFirst: 9, range: 0...9999)
        }
    }
}

/// `date {pattern}`: a date in the pattern's order with its separator (`DD.MM.YYYY`, `MM/DD/YYYY`,
/// `YYYY-MM-DD`, …; without `pattern`, the request locale's short-date order: `31.12.2024` for `de`,
/// `12/31/2024` for `en-US`, `2024/12/31` for `ja`, ISO without a locale). A day or month whose first
/// digit cannot start it is padded (`4` as a month is `04`), a separator after a lone digit closes its
/// part (`1.` is `01.`), and a 13th month or a 32nd day is refused when typed. `value` is the digits in
/// the pattern's order (formatting it gives the text back); once they are a real date, `meta.date` is
/// the date in ISO 8601 (`2024-12-31`), for a backend to store. A month alone (`MM/YYYY`, `YYYY-MM`,
/// `MM.YYYY`, …) is typed by the same rules, and its `meta.date` is the ISO year and month (`2024-12`).
public struct DateFormatter: TextFormatter {
    public let name = "date"
    /// The field's pattern, or nil for the request locale's.
    public let pattern: DatePattern?

    public init(pattern: DatePattern?) {
        self.pattern = pattern
    }

    public var laysOutWholeText: Bool { true }
    /// `31.12.2024`, or `12/2024` for a month; no limit where the month's name is written (its length is the
    /// request locale's).
    public var maximumLength: Int? {
        pattern?.namedMonth == true ? nil : pattern?.hasDay == false ? 7 : 10
    }
    /// The locale's pattern, or the locale's month names.
    public var readsLocale: Bool { pattern == nil || pattern?.namedMonth == true }
    /// Digits, and the separators a date is typed with (whatever the locale's is); letters and marks where the
    /// month's name is written.
    public var acceptedCharacters: AcceptedCharacters {
        let named = pattern?.namedMonth == true
        // A name's combining marks (Hindi's `़`) are neither letters nor digits.
        return AcceptedCharacters(digits: true, letters: named, others: named, characters: DigitSegments.separators)
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        let pattern = DatePattern.resolved(self.pattern, context.conventions)
        let parsed = pattern.segments.format(input, context: context)
        var output = parsed.output
        output.complete = parsed.complete
        if parsed.complete {
            // The parts' numbers as the value's digits (a month's name is its number: `31122024`).
            var digits: [Int] = []
            for (part, value) in zip(pattern.parts, parsed.values) {
                guard let value else { break }
                let width = part.segment.width
                digits += (0..<width).reversed().map { value / Self.powers[$0] % 10 }
            }
            if let date = pattern.date(digits: digits) { output.meta["date"] = .string(pattern.iso(date)) }
        }
        return output
    }

    private static let powers = [1, 10, 100, 1000]
}
