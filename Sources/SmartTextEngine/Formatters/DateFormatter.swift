import SmartTextJSON
import SmartTextSupport

/// The parts, order and separator of a date as a field writes it: `DD.MM.YYYY`, `MM/DD/YYYY`, `YYYY-MM-DD`,
/// or a month alone (`MM/YYYY`, `YYYY-MM`); with `MMM`, the month written as its name (`DD MMM YYYY`:
/// `31 Dec 2024`); with `EEE` before or after the date, its weekday (`EEE, DD MMM YYYY`: `Tue, 31 Dec 2024`).
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
    /// Where the weekday is written (`EEE`), when it is.
    public private(set) var weekday: WeekdayPlacement? = nil
    /// The weekday names: the request locale's, once ``resolved(_:_:)`` (English until then).
    public private(set) var weekdayNames = WeekdayNames.english

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
    /// separator (`.`, `/`, `-` or a space) between them; `MMM` in place of `MM` writes the month's name, and
    /// `EEE` before a date that starts with digits (`EEE, DD.MM.YYYY`, `EEE YYYY-MM-DD`) or after one
    /// (`DD MMM YYYY EEE`, `YYYY/MM/DD (EEE)`), with spaces, a comma or parentheses between, its weekday.
    public init?(_ text: String) {
        guard let (date, weekday) = Self.weekdayPlacement(text) else { return nil }
        self.init(date: date)
        if let weekday {
            guard hasDay, !weekday.leading || parts[0] != .month || !namedMonth else { return nil }
            self.weekday = weekday
        }
    }

    /// The date's part of a pattern, and where the weekday is written (`EEE`, nil when it is not); nil when
    /// `EEE` is there without the literals a weekday can have around it.
    private static func weekdayPlacement(_ text: String) -> (date: String, weekday: WeekdayPlacement?)? {
        var scalars = Array(text.unicodeScalars)
        let isToken = { (slice: ArraySlice<Unicode.Scalar>) in slice.allSatisfy { $0 == "E" || $0 == "e" } }
        if scalars.count > 3, isToken(scalars[..<3]) {
            // `EEE, ` or `EEE ` before the date.
            let joiner = Array(scalars.dropFirst(3).prefix { $0 == " " || $0 == "," })
            guard !joiner.isEmpty else { return nil }
            let date = TextUnits.string(Array(scalars.dropFirst(3 + joiner.count)))
            return (date, WeekdayPlacement(leading: true, joiner: joiner))
        }
        var closer: [Unicode.Scalar] = []
        if scalars.last == ")" { closer = [scalars.removeLast()] }
        guard scalars.count > 3, isToken(scalars[(scalars.count - 3)...]) else {
            return closer.isEmpty && !scalars.contains(where: { $0 == "E" || $0 == "e" }) ? (text, nil) : nil
        }
        // ` EEE`, `, EEE` or ` (EEE)` after it.
        scalars.removeLast(3)
        let joiner = Array(scalars.reversed().prefix { $0 == " " || $0 == "," || $0 == "(" }.reversed())
        guard !joiner.isEmpty, joiner.contains("(") == !closer.isEmpty, joiner.last == "(" || closer.isEmpty,
            joiner.count(where: { $0 == "(" }) <= 1
        else { return nil }
        let date = TextUnits.string(Array(scalars.dropLast(joiner.count)))
        return (date, WeekdayPlacement(leading: false, joiner: joiner, closer: closer))
    }

    /// Parses the date's part of a pattern.
    private init?(date text: String) {
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
        if let (date, weekday) = weekdayPlacement(text), let weekday, let pattern = DatePattern(date: date) {
            if !pattern.hasDay {
                return "pattern: EEE writes the weekday of a date, and a month alone has none (it needs DD), "
                    + "not \"\(text)\""
            }
            if weekday.leading && pattern.parts[0] == .month && pattern.namedMonth {
                return "pattern: EEE goes after a date that starts with the month's name (MMM-DD-YYYY EEE), not "
                    + "before it: \"\(text)\""
            }
        }
        return "pattern must be DD, MM and YYYY (DD.MM.YYYY, MM/DD/YYYY, YYYY-MM-DD), or MM and YYYY for a month "
            + "(MM/YYYY, YYYY-MM), with one separator (. / - or a space) between them, MMM for MM to write "
            + "the month's name (DD MMM YYYY), and EEE before or after a date for its weekday (EEE, DD.MM.YYYY; "
            + "DD MMM YYYY (EEE))"
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

    /// `DD.MM.YYYY`, `DD MMM YYYY`, `EEE, DD.MM.YYYY`.
    public var description: String {
        weekdayAround(written(["DD", namedMonth ? "MMM" : "MM", "YYYY"]), "EEE")
    }

    /// A date written in this pattern (`31.12.2024`; `12/2024` for a month, whose day is not written;
    /// `31 Dec 2024` with the month's name; `Tue, 31.12.2024` with its weekday).
    public func write(_ date: CalendarDate) -> String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let year = String(repeating: "0", count: max(0, 4 - String(date.year).count)) + String(date.year)
        let month =
            namedMonth && (1...12).contains(date.month)
            ? TextUnits.string(monthNames.names[date.month - 1]) : two(date.month)
        let text = written([two(date.day), month, year])
        guard weekday != nil, date.isValid else { return text }
        return weekdayAround(text, TextUnits.string(weekdayNames.name(date.weekday)))
    }

    /// `date` with `name` written where the pattern writes the weekday.
    private func weekdayAround(_ date: String, _ name: String) -> String {
        guard let weekday else { return date }
        let (joiner, closer) = (TextUnits.string(weekday.joiner), TextUnits.string(weekday.closer))
        return weekday.leading ? name + joiner + date : date + joiner + name + closer
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
        if pattern.weekday != nil { pattern.weekdayNames = conventions.date.weekdayNames }
        return pattern
    }

    /// The weekday's text in `input`, where the pattern writes one: the scalars before the first digit (a
    /// weekday written first) or after the last (written last), when their letters are a weekday's name, in any
    /// case: the locale's (`Di.`) or English's (`Tue`). Typed or pasted, they must spell a whole name with
    /// nothing but the literals around it (`tue,`, `DI`), and none be letters already there; already in the
    /// text, what a deletion left of a name the field writes will do (`Tu, `: its letters but for one run of
    /// them), which the caller takes beside a whole date or where the deletion was. It also tells letters that
    /// may be the month's name being typed (Spanish's `mar` is Tuesday and March: `31 mar` is March,
    /// `31 dic 2024 mar` a Tuesday).
    func weekdayText(in input: [Unicode.Scalar], context: FormatContext) -> WeekdayText? {
        guard let placement = weekday else { return nil }
        let isDigit = { (scalar: Unicode.Scalar) in scalar.halfWidth.asciiDigit != nil }
        let range =
            placement.leading
            ? 0..<(input.firstIndex(where: isDigit) ?? input.count)
            : (input.lastIndex(where: isDigit).map { $0 + 1 } ?? 0)..<input.count
        let run = input[range].map { MonthNames.fold($0.halfWidth) }
        let letters = run.filter(WeekdayNames.isNameScalar)
        guard !letters.isEmpty else { return nil }
        let fresh = range.contains(where: context.isFresh)
        let mayBeMonth = namedMonth && monthNames.match(run.filter(MonthNames.isNameScalar)) != nil
        // Letters typed or pasted onto others already there (a month's `с` and a typed `р` spelling `ср`) are not a
        // weekday's: one is typed or pasted whole.
        if fresh && range.contains(where: { !context.isFresh($0) && WeekdayNames.isNameScalar(input[$0].halfWidth) }) {
            return nil
        }
        let around = Set(placement.joiner + placement.closer + [" ", ",", "."])
        let names = weekdayNames.readings + (weekdayNames == .english ? [] : WeekdayNames.english.readings)
        var partial = false
        for (number, name) in names.enumerated() {
            let folded = name.map { MonthNames.fold($0.halfWidth) }
            let nameLetters = folded.filter(WeekdayNames.isNameScalar)
            if letters == nameLetters,
                !fresh
                    || run.allSatisfy({ WeekdayNames.isNameScalar($0) || around.contains($0) || folded.contains($0) })
            {
                return WeekdayText(range: range, weekday: number % 7 + 1, mayBeMonth: mayBeMonth)
            }
            // What a deletion inside a name the field writes leaves of it: its letters but for one run of them.
            if !fresh, number < 7, letters.count < nameLetters.count {
                let kept = (0...letters.count).contains { head in
                    nameLetters.prefix(head).elementsEqual(letters.prefix(head))
                        && nameLetters.suffix(letters.count - head).elementsEqual(letters.suffix(letters.count - head))
                }
                partial = partial || kept
            }
        }
        return partial ? WeekdayText(range: range, weekday: nil, mayBeMonth: mayBeMonth) : nil
    }

    /// Writes the weekday of `date` where the pattern puts it, around the date's text in `output`: literals, a
    /// suffix the caret stays before when it comes last.
    func writeWeekday(_ date: CalendarDate, into output: inout Formatted) {
        guard let placement = weekday else { return }
        let name = weekdayNames.name(date.weekday)
        if placement.leading {
            let text = name + placement.joiner
            output.scalars.insert(contentsOf: text, at: 0)
            output.sources.insert(contentsOf: repeatElement(.literal, count: text.count), at: 0)
        } else {
            let text = placement.joiner + name + placement.closer
            for scalar in text { output.insertLiteral(scalar) }
            output.suffix += text.count
        }
    }
}

/// The text of a weekday found in a date's input.
struct WeekdayText {
    /// Where it is.
    var range: Range<Int>
    /// The weekday its letters name (1, Monday, to 7), nil when they are what a deletion left of one.
    var weekday: Int?
    /// True when its letters begin a month's name too (Spanish's `mar`): the month's while its part is not
    /// spelled otherwise.
    var mayBeMonth: Bool
}

/// Where a date pattern writes the weekday (`EEE`): before the date (`EEE, DD MMM YYYY`: `Tue, 31 Dec 2024`) or
/// after it (`DD.MM.YYYY (EEE)`: `31.12.2024 (Di.)`), and the literals around it.
public struct WeekdayPlacement: Sendable, Equatable {
    /// True when the weekday comes before the date.
    public var leading: Bool
    /// The literals between the weekday and the date (`, `, ` (`).
    public var joiner: [Unicode.Scalar]
    /// The literals after a weekday written last (`)`).
    public var closer: [Unicode.Scalar] = []
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
        pattern?.namedMonth == true || pattern?.weekday != nil ? nil : pattern?.hasDay == false ? 7 : 10
    }
    /// The locale's pattern, or the locale's month or weekday names.
    public var readsLocale: Bool { pattern == nil || pattern?.namedMonth == true || pattern?.weekday != nil }
    /// Digits, and the separators a date is typed with (whatever the locale's is); letters and marks where the
    /// month's or the weekday's name is written.
    public var acceptedCharacters: AcceptedCharacters {
        let named = pattern?.namedMonth == true || pattern?.weekday != nil
        // A name's combining marks (Hindi's `़`) are neither letters nor digits; a weekday's text is pasted.
        let around = pattern?.weekday.map { $0.joiner + $0.closer } ?? []
        return AcceptedCharacters(
            digits: true, letters: named, others: named, characters: DigitSegments.separators + around)
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        let pattern = DatePattern.resolved(self.pattern, context.conventions)
        // A weekday's text, the date's (`Tue, `) or another's (a pasted one is rewritten), or what a deletion left
        // of one, is formatting.
        var weekday = pattern.weekdayText(in: input, context: context)
        var parsed = pattern.segments.format(input, context: context, formatting: weekday?.range)
        var date = parsed.complete ? Self.date(parsed, pattern) : nil
        let month = pattern.parts.firstIndex(of: .month)!
        // What a deletion left of a weekday is one beside a whole date, or beside the date's digits where the deletion
        // just was (its point is where fresh input would start); else the letters stay, as they were.
        let remnant = weekday.map { found in
            date != nil
                || (found.range.count < input.count
                    && context.deletionPoint.map((found.range.lowerBound...found.range.upperBound).contains) == true)
        }
        if let found = weekday,
            (found.mayBeMonth && parsed.values[month] == nil) || (found.weekday == nil && remnant != true)
        {
            // Letters that begin a month's name, while the month is not whole without them, are the month's.
            weekday = nil
            parsed = pattern.segments.format(input, context: context)
            date = parsed.complete ? Self.date(parsed, pattern) : nil
        }
        var output = parsed.output
        output.complete = parsed.complete
        if let date {
            output.meta["date"] = .string(pattern.iso(date))
            pattern.writeWeekday(date, into: &output)
            if context.submitted, let named = weekday?.weekday, named != date.weekday, let range = weekday?.range {
                // A value submitted with another day's name (`Wed, 31.12.2024`) is not that date.
                output.unexpected = (output.unexpected + range.filter { WeekdayNames.isNameScalar(input[$0]) }).sorted()
            }
        }
        if let range = weekday?.range {
            // Typed or pasted, it is a normalization (not lost, rule 10; not unexpected, rule 11); already in the
            // text, it was the field's literals, so that the rule-10 check still sees anything else it took.
            output.normalized =
                (output.normalized
                + range.filter { context.isFresh($0) && !output.unexpected.contains($0) }).sorted()
        }
        return output
    }

    /// The date a whole layout's parts spell, when it is real (a month's name is its number: `31122024`).
    private static func date(_ parsed: DigitSegments.Parsed, _ pattern: DatePattern) -> CalendarDate? {
        var digits: [Int] = []
        for (part, value) in zip(pattern.parts, parsed.values) {
            guard let value else { return nil }
            let width = part.segment.width
            digits += (0..<width).reversed().map { value / Self.powers[$0] % 10 }
        }
        return pattern.date(digits: digits)
    }

    private static let powers = [1, 10, 100, 1000]
}
