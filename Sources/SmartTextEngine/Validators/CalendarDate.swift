#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A day of the proleptic Gregorian calendar.
public struct CalendarDate: Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Today in UTC.
    ///
    /// Every validation input carries it, so it is computed with arithmetic
    /// rather than `gmtime_r`, which takes the time-zone lock on each call
    /// (BENCHMARKS.md item 11).
    public static func today() -> CalendarDate {
        let seconds = Int(time(nil))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return CalendarDate(daysSinceEpoch: days)
    }

    /// The date `days` days after 1970-01-01 (before it when negative): the
    /// Gregorian calendar counted in 400-year eras of 146,097 days, each year
    /// taken from March so that the leap day falls at its end.
    public init(daysSinceEpoch days: Int) {
        let shifted = days + 719_468  // days from 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153  // 0 = March ... 11 = February
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        self.init(
            year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
            day: dayOfYear - (153 * marchMonth + 2) / 5 + 1)
    }

    /// The days from 1970-01-01 to the date (negative before it): the inverse of ``init(daysSinceEpoch:)``.
    public var daysSinceEpoch: Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let marchMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * marchMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the week, ISO 8601's number: 1 for Monday to 7 for Sunday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let days = daysSinceEpoch
        return ((days + 3) % 7 + 7) % 7 + 1
    }

    /// Parses `YYYY-MM-DD` or `YYYYMMDD`; nil when the text is not a real date (2026-02-30).
    public static func parse(_ text: String) -> CalendarDate? {
        let digits = text.unicodeScalars.filter { $0 != "-" }
        guard digits.count == 8, digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
            text.unicodeScalars.count == 8 || text.unicodeScalars.count == 10
        else { return nil }
        let number = { (range: Range<Int>) -> Int in
            range.reduce(0) { $0 * 10 + Int(digits[digits.index(digits.startIndex, offsetBy: $1)].value - 0x30) }
        }
        let date = CalendarDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        return date.isValid ? date : nil
    }

    /// The month has that day (leap years included), and the year is from 1 on.
    public var isValid: Bool {
        year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= Self.daysIn(month: month, year: year)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Parses `YYYY-MM` or `YYYYMM`: the first day of that month; nil when the month is not real (2026-13).
    public static func parseMonth(_ text: String) -> CalendarDate? {
        let scalars = Array(text.unicodeScalars)
        let digits = scalars.filter { $0 != "-" }
        guard digits.count == 6, digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
            scalars.count == 6 || (scalars.count == 7 && scalars[4] == "-")
        else { return nil }
        let number = { (range: Range<Int>) -> Int in range.reduce(0) { $0 * 10 + Int(digits[$1].value - 0x30) } }
        let date = CalendarDate(year: number(0..<4), month: number(4..<6), day: 1)
        return date.isValid ? date : nil
    }

    /// `YYYY-MM-DD`.
    public var description: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }

    /// `YYYY-MM`: the month of the date.
    public var monthDescription: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))" }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
