#if canImport(Glibc)
    import Glibc
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
    public static func today() -> CalendarDate {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        return CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
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

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
