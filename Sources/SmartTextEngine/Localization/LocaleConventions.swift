/// How the request's locale writes numbers, amounts, dates and times, and the region phone fields
/// without one of their own take. The engine has no locale data of its own: the service fills this
/// from CLDR (ICU, in the native rules) for the request's best language tag; without a locale, or
/// in the engine alone, it is ``neutral``. Formatters read it only where their field leaves a choice
/// open (a `number` without separators of its own, a `date` with the pattern `locale`).
///
/// Immutable, and a class: every format and validation context carries it, and a struct of strings
/// and a dictionary cost a retain of each member on every copy of a context (BENCHMARKS.md item 11).
public final class LocaleConventions: Sendable, Equatable {
    /// The language tag the conventions are for (`de-DE`), "" for ``neutral``.
    public let tag: String
    /// The region phone fields without a region use (`GB` for `en-GB`, or the request's `region`).
    public let region: String?
    public let number: NumberSymbols
    public let date: DateStyle
    /// True when the locale writes times with a 12-hour clock (and AM or PM).
    public let uses12HourClock: Bool
    /// How the locale writes the currencies the registry's fields use, by ISO 4217 code.
    public let currencies: [String: CurrencyStyle]

    public init(
        tag: String, region: String? = nil, number: NumberSymbols = .neutral, date: DateStyle = .iso,
        uses12HourClock: Bool = false, currencies: [String: CurrencyStyle] = [:]
    ) {
        self.tag = tag
        self.region = region
        self.number = number
        self.date = date
        self.uses12HourClock = uses12HourClock
        self.currencies = currencies
    }

    /// No locale: `1,234.56`, ISO dates, a 24-hour clock, no phone region.
    public static let neutral = LocaleConventions(tag: "")

    public static func == (left: LocaleConventions, right: LocaleConventions) -> Bool {
        left === right
            || (left.tag == right.tag && left.region == right.region && left.number == right.number
                && left.date == right.date && left.uses12HourClock == right.uses12HourClock
                && left.currencies == right.currencies)
    }
}

/// How a locale writes numbers (CLDR): its default numbering system's digits and separators.
public struct NumberSymbols: Sendable, Equatable {
    public var decimalSeparator: Unicode.Scalar
    public var groupSeparator: Unicode.Scalar
    public var grouping: NumberGrouping
    /// The fewest digits a number has before its first group separator for one to be written: 2 where `1234`
    /// has none and `12.345` has one (es, pl), else 1.
    public var minimumGroupingDigits: Int
    /// The locale's digit zero (`0`, `٠` in ar-EG, `०` in mr-IN); one to nine follow it, as in every decimal
    /// numbering system of Unicode.
    public var zero: Unicode.Scalar

    public init(
        decimalSeparator: Unicode.Scalar, groupSeparator: Unicode.Scalar, grouping: NumberGrouping,
        minimumGroupingDigits: Int = 1, zero: Unicode.Scalar = "0"
    ) {
        self.decimalSeparator = decimalSeparator
        self.groupSeparator = groupSeparator
        self.grouping = grouping
        self.minimumGroupingDigits = minimumGroupingDigits
        self.zero = zero
    }

    /// `1,234.56`.
    public static let neutral = NumberSymbols(decimalSeparator: ".", groupSeparator: ",", grouping: .thousand)
}

/// How a locale writes an amount of one currency (CLDR).
public struct CurrencyStyle: Sendable, Equatable {
    /// The ISO 4217 code (`EUR`).
    public var code: String
    /// The symbol in that locale (`€`, `US$`).
    public var symbol: String
    /// Other ways of writing the currency that are read as its symbol: the narrow symbol (`$` for `US$`,
    /// `E£`) and the code itself.
    public var otherSymbols: [String]
    /// Digits after the decimal separator (2; 0 for `JPY`).
    public var fractionDigits: Int
    /// The symbol comes before the number (`$1.00`), else after (`1,00 €`).
    public var symbolFirst: Bool
    /// A space between the symbol and the number.
    public var spaced: Bool
    /// With the symbol before the number, a negative amount has its minus sign after the symbol
    /// (`EUR-1’234.50` in de-CH, `€ -1.234,50` in nl-NL), else before it (`-€1,234.50`).
    public var minusAfterSymbol: Bool
    /// A space between the symbol and the rest of a negative amount (none in de-CH's `EUR-1’234.50`).
    public var negativeSpaced: Bool
    /// The separators of amounts where they differ from the locale's numbers (CLDR's monetary separators:
    /// `1 234.50 €` in fr-CH, where numbers are written `1 234,5`); nil where they are the same.
    public var decimalSeparator: Unicode.Scalar?
    public var groupSeparator: Unicode.Scalar?

    public init(
        code: String, symbol: String, otherSymbols: [String] = [], fractionDigits: Int, symbolFirst: Bool,
        spaced: Bool, minusAfterSymbol: Bool = false, negativeSpaced: Bool? = nil,
        decimalSeparator: Unicode.Scalar? = nil, groupSeparator: Unicode.Scalar? = nil
    ) {
        self.code = code
        self.symbol = symbol
        self.otherSymbols = otherSymbols
        self.fractionDigits = fractionDigits
        self.symbolFirst = symbolFirst
        self.spaced = spaced
        self.minusAfterSymbol = minusAfterSymbol
        self.negativeSpaced = negativeSpaced ?? spaced
        self.decimalSeparator = decimalSeparator
        self.groupSeparator = groupSeparator
    }
}

/// The order of a locale's short dates, and their separator (CLDR).
public struct DateStyle: Sendable, Equatable {
    /// The order of the day, month and year.
    public var order: DateOrder
    /// The separator people see and type (`/`).
    public var separator: Unicode.Scalar
    /// Invisible marks CLDR writes before the separator (Arabic's right-to-left mark, `‏/`).
    public var marks: [Unicode.Scalar]
    /// The month names a pattern with `MMM` and a day writes (CLDR's format context: `Dez` in `de`, `мар` in
    /// `ru`); English's where the locale's cannot be typed letter by letter.
    public var monthNames: MonthNames
    /// The names a month alone (`MMM YYYY`) writes (CLDR's stand-alone context: `март` in `ru`).
    public var monthNamesAlone: MonthNames
    /// The weekday names a pattern with `EEE` writes (CLDR's abbreviations in a date: `Di.` in `de`).
    public var weekdayNames: WeekdayNames

    public init(
        order: DateOrder, separator: Unicode.Scalar, marks: [Unicode.Scalar] = [], monthNames: MonthNames = .english,
        monthNamesAlone: MonthNames = .english, weekdayNames: WeekdayNames = .english
    ) {
        self.order = order
        self.separator = separator
        self.marks = marks
        self.monthNames = monthNames
        self.monthNamesAlone = monthNamesAlone
        self.weekdayNames = weekdayNames
    }

    /// `2024-12-31`.
    public static let iso = DateStyle(order: .ymd, separator: "-")
}

/// The order of a date's day, month and year.
public enum DateOrder: String, Sendable, CaseIterable {
    case dmy, mdy, ymd
}

/// The twelve month names a date pattern with `MMM` writes, January first, and the other names it reads for the
/// same months (the locale's full names, those of its other CLDR context, English's): letters only, and no name
/// the beginning of another month's when case is ignored, so that each can be read back as it is typed, letter
/// by letter.
public struct MonthNames: Sendable, Equatable {
    /// The canonical decomposition of a scalar (Unicode NFD: `ΐ` is `ι`, U+0308, U+0301), which the engine,
    /// without Unicode's data tables, is given by the caller.
    public typealias Decomposition = @Sendable (Unicode.Scalar) -> [Unicode.Scalar]

    /// The names as written (`Dec`).
    public let names: [[Unicode.Scalar]]
    /// Every name read, with its month (1 to 12), as compared: decomposed and case folded (`dec`, `december`),
    /// so that a name typed in capitals or with its accent as a key of its own (Greek `ΜΑΪ́` for `Μαΐ`) is the
    /// name.
    private var readings: [(month: Int, letters: [Unicode.Scalar])]
    private let decompose: Decomposition?
    /// The abbreviation marks the names end with in the locale (Hebrew's `׳` of `ינו׳`, Hindi's `॰`): formatting
    /// in a field that writes the names, as a separator is, so that CLDR's own text reads (`.` is a date
    /// separator already).
    public private(set) var endings: Set<Unicode.Scalar>

    /// The names, without a trailing abbreviation mark (`déc.` is `déc`, Hindi's `॰` goes too); nil unless
    /// there are twelve, each of letters only (no digits: `12月` cannot be typed as a name), and none is the
    /// beginning of another.
    public init?(_ names: [String], decompose: Decomposition? = nil) {
        guard let (written, endings) = Self.typeable(names) else { return nil }
        self.decompose = decompose
        self.names = written
        self.endings = endings
        readings = written.enumerated().map { ($0.offset + 1, Self.compared($0.element, decompose)) }
        guard Self.readable(readings) else { return nil }
    }

    /// These names, reading `others` too (twelve other names of the same months: `December` for `Dec`) where
    /// they can all be typed letter by letter and none begins another month's name; else these names alone.
    public func reading(_ others: [String]) -> MonthNames {
        guard let (written, endings) = Self.typeable(others) else { return self }
        var wider = self
        wider.readings += written.enumerated().map { ($0.offset + 1, Self.compared($0.element, decompose)) }
        guard Self.readable(wider.readings) else { return self }
        wider.endings.formUnion(endings)
        return wider
    }

    /// The names without their trailing abbreviation marks, and the marks; nil unless there are twelve, each of
    /// letters only.
    private static func typeable(_ names: [String]) -> ([[Unicode.Scalar]], Set<Unicode.Scalar>)? {
        guard names.count == 12 else { return nil }
        var written: [[Unicode.Scalar]] = []
        var endings: Set<Unicode.Scalar> = []
        for name in names {
            var scalars = Array(name.unicodeScalars)
            while let last = scalars.last, last.properties.generalCategory == .otherPunctuation {
                endings.insert(scalars.removeLast())
            }
            guard !scalars.isEmpty, scalars.first.map(Self.isLetter) == true,
                scalars.allSatisfy({ Self.isLetter($0) || $0.properties.generalCategory.isCombiningMark })
            else { return nil }
            written.append(scalars)
        }
        return (written, endings)
    }

    /// True when no reading is the beginning of (or the same as) one of another month.
    private static func readable(_ readings: [(month: Int, letters: [Unicode.Scalar])]) -> Bool {
        for reading in readings {
            for other in readings where other.month != reading.month && other.letters.count >= reading.letters.count {
                if other.letters.starts(with: reading.letters) { return false }
            }
        }
        return true
    }

    /// English's abbreviated and full names.
    public static let englishLists = [
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ],
    ]

    /// Jan, Feb, … Dec, reading January, February, … December too.
    public static let english = MonthNames(englishLists[0])!.reading(englishLists[1])

    /// True for a character a name can start with: a letter that is not a digit.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && scalar.properties.numericType == nil
    }

    /// True for a character of a name: a letter, or a combining mark (Hindi's virama in `मार्च`).
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || scalar.properties.generalCategory.isCombiningMark
    }

    /// A scalar as names are compared: its lower case, when that is one scalar.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }

    /// Letters as names are compared: decomposed, each case folded.
    private static func compared(_ letters: [Unicode.Scalar], _ decompose: Decomposition?) -> [Unicode.Scalar] {
        guard let decompose else { return letters.map(fold) }
        return letters.flatMap(decompose).map(fold)
    }

    /// The same names, read the same way.
    public static func == (lhs: MonthNames, rhs: MonthNames) -> Bool {
        lhs.names == rhs.names && lhs.endings == rhs.endings
            && lhs.readings.elementsEqual(rhs.readings) { $0.month == $1.month && $0.letters == $1.letters }
    }

    /// What `letters` are of the names: the month (1 to 12) one of them spells whole, 0 when they begin a
    /// name without spelling one, nil when they begin none.
    func match(_ letters: [Unicode.Scalar]) -> Int? {
        let typed = Self.compared(letters, decompose)
        var begins = false
        for reading in readings where reading.letters.count >= typed.count && reading.letters.starts(with: typed) {
            if reading.letters.count == typed.count { return reading.month }
            begins = true
        }
        return begins ? 0 : nil
    }

    /// True when `letters` begin a longer name of `month` than its shortest (`dece` of `december`, after `dec`
    /// was read whole): the rest of a name already read, formatting.
    func continues(_ letters: [Unicode.Scalar], month: Int) -> Bool {
        let typed = Self.compared(letters, decompose)
        return readings.contains {
            $0.month == month && $0.letters.count >= typed.count && $0.letters.starts(with: typed)
        }
    }
}

/// The seven weekday names a date pattern with `EEE` writes, Monday first (ISO 8601's order). A weekday follows
/// from the date: it is written once the date is whole and real, and read back as formatting, never typed.
public struct WeekdayNames: Sendable, Equatable {
    /// The names as written (`Tue`, `Di.`), Monday first.
    public let names: [[Unicode.Scalar]]
    /// Every name read, Monday's first: the names, then others of the same days (`Tuesday`, `Dienstag`), by seven.
    public private(set) var readings: [[Unicode.Scalar]]

    /// Seven names, Monday first; nil unless each has a letter and no decimal digit (the date's digits tell
    /// where the weekday's text ends).
    public init?(_ names: [String]) {
        let written = names.map { Array($0.unicodeScalars) }
        guard written.count == 7,
            written.allSatisfy({ name in
                name.contains(where: Self.isNameScalar) && !name.contains { $0.properties.numericType == .decimal }
            })
        else { return nil }
        self.names = written
        readings = written
    }

    /// These names, reading `others` too (seven other names of the same days, Monday's first: `Tuesday` for
    /// `Tue`) where they are names ``init(_:)`` takes.
    public func reading(_ others: [String]) -> WeekdayNames {
        guard let other = WeekdayNames(others) else { return self }
        var wider = self
        wider.readings += other.names
        return wider
    }

    /// True for a character of a name: a letter (Chinese's `一` of `周一` too, though it is a number), or a
    /// combining mark.
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.isAlphabetic && scalar.properties.numericType != .decimal)
            || scalar.properties.generalCategory.isCombiningMark
    }

    /// Mon, Tue, … Sun, reading Monday, Tuesday, … Sunday too.
    public static let english = WeekdayNames(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])!.reading([
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    ])

    /// The name of `weekday` (1, Monday, to 7, Sunday).
    public func name(_ weekday: Int) -> [Unicode.Scalar] { names[weekday - 1] }
}

extension Unicode.GeneralCategory {
    /// A combining mark (`Mn`, `Mc`, `Me`).
    var isCombiningMark: Bool {
        switch self {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
