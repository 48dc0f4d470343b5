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

    public init(order: DateOrder, separator: Unicode.Scalar, marks: [Unicode.Scalar] = []) {
        self.order = order
        self.separator = separator
        self.marks = marks
    }

    /// `2024-12-31`.
    public static let iso = DateStyle(order: .ymd, separator: "-")
}

/// The order of a date's day, month and year.
public enum DateOrder: String, Sendable, CaseIterable {
    case dmy, mdy, ymd
}
