import SmartTextJSON
import SmartTextSupport

/// The order and separator of a date as a field writes it: `DD.MM.YYYY`, `MM/DD/YYYY`, `YYYY-MM-DD`.
public struct DatePattern: Sendable, Equatable, CustomStringConvertible {
    public var order: DateOrder
    public var separator: Unicode.Scalar

    public init(order: DateOrder, separator: Unicode.Scalar) {
        self.order = order
        self.separator = separator
    }

    /// The pattern of a locale's short dates.
    public init(_ style: DateStyle) {
        self.init(order: style.order, separator: style.separator)
    }

    /// Parses `DD`, `MM` and `YYYY` in any order with one separator (`.`, `/`, `-` or a space) between them.
    public init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 10 else { return nil }
        func part(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        let separator: Unicode.Scalar
        let parts: [String]
        if scalars[2] == scalars[5] {
            separator = scalars[2]
            parts = [part(0..<2), part(3..<5), part(6..<10)]
        } else if scalars[4] == scalars[7] {
            separator = scalars[4]
            parts = [part(0..<4), part(5..<7), part(8..<10)]
        } else {
            return nil
        }
        guard [".", "/", "-", " "].contains(separator) else { return nil }
        let letters = parts.map { $0.uppercased() }
        let order: DateOrder
        switch letters {
        case ["DD", "MM", "YYYY"]: order = .dmy
        case ["MM", "DD", "YYYY"]: order = .mdy
        case ["YYYY", "MM", "DD"]: order = .ymd
        default: return nil
        }
        self.init(order: order, separator: separator)
    }

    /// The registry's line for a pattern it cannot read.
    static func problem(_ text: String, orLocale: Bool = false) -> String {
        "pattern must be DD, MM and YYYY in some order with one separator (. / - or a space) between them"
            + " (DD.MM.YYYY, MM/DD/YYYY, YYYY-MM-DD)\(orLocale ? ", or \"locale\"" : ""), not \"\(text)\""
    }

    /// `DD.MM.YYYY`.
    public var description: String { written(day: "DD", month: "MM", year: "YYYY") }

    /// A date written in this pattern (`31.12.2024`).
    public func write(_ date: CalendarDate) -> String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let year = String(repeating: "0", count: max(0, 4 - String(date.year).count)) + String(date.year)
        return written(day: two(date.day), month: two(date.month), year: year)
    }

    private func written(day: String, month: String, year: String) -> String {
        let separator = String(Character(self.separator))
        switch order {
        case .dmy: return day + separator + month + separator + year
        case .mdy: return month + separator + day + separator + year
        case .ymd: return year + separator + month + separator + day
        }
    }

    /// The date the digits of a value in this pattern spell (`31122024`), when they are eight and a real date.
    public func date(digits: [Int]) -> CalendarDate? {
        guard digits.count == 8 else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        let date: CalendarDate
        switch order {
        case .dmy: date = CalendarDate(year: number(4..<8), month: number(2..<4), day: number(0..<2))
        case .mdy: date = CalendarDate(year: number(4..<8), month: number(0..<2), day: number(2..<4))
        case .ymd: date = CalendarDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        }
        return date.isValid ? date : nil
    }

    /// The parts' kinds in order.
    var parts: [DatePart] {
        switch order {
        case .dmy: [.day, .month, .year]
        case .mdy: [.month, .day, .year]
        case .ymd: [.year, .month, .day]
        }
    }

    /// The layout of the pattern's digits.
    var segments: DigitSegments {
        DigitSegments(segments: parts.map(\.segment), separator: separator)
    }

    /// The pattern written for the request when the field takes the locale's (`pattern` nil).
    static func resolved(_ pattern: DatePattern?, _ conventions: LocaleConventions) -> DatePattern {
        pattern ?? DatePattern(conventions.date)
    }
}

/// A part of a date.
enum DatePart {
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
/// the date in ISO 8601 (`2024-12-31`), for a backend to store.
public struct DateFormatter: TextFormatter {
    public let name = "date"
    /// The field's pattern, or nil for the request locale's.
    public let pattern: DatePattern?

    public init(pattern: DatePattern?) {
        self.pattern = pattern
    }

    public var laysOutWholeText: Bool { true }
    public var maximumLength: Int? { 10 }
    public var readsLocale: Bool { pattern == nil }
    /// Digits, and the separators a date is typed with (whatever the locale's is).
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(digits: true, characters: DigitSegments.separators)
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        let pattern = DatePattern.resolved(self.pattern, context.conventions)
        let parsed = pattern.segments.format(input, context: context)
        var output = parsed.output
        output.complete = parsed.complete
        if parsed.complete {
            let digits = output.scalars.compactMap { $0.asciiDigit.map { Int($0.value - 0x30) } }
            if let date = pattern.date(digits: digits) { output.meta["date"] = .string(date.description) }
        }
        return output
    }
}
