internal import CICU
public import SmartTextEngine
internal import SmartTextSupport

/// How a locale writes numbers, from CLDR (ICU).
public struct NumberSymbols: Sendable, Equatable {
    public var decimalSeparator: Unicode.Scalar
    public var groupSeparator: Unicode.Scalar
    public var grouping: NumberGrouping
}

/// How a locale writes an amount of a currency, from CLDR (ICU).
public struct CurrencyStyle: Sendable, Equatable {
    /// The ISO 4217 code (`EUR`).
    public var code: String
    /// The symbol in that locale (`€`, `US$`).
    public var symbol: String
    /// Digits after the decimal separator (2; 0 for `JPY`).
    public var fractionDigits: Int
    /// The symbol comes before the number (`$1.00`), else after (`1,00 €`).
    public var symbolFirst: Bool
    /// A space between the symbol and the number.
    public var spaced: Bool
}

/// The order of a locale's short dates, and their separator.
public struct DateStyle: Sendable, Equatable {
    /// `dmy`, `mdy` or `ymd`.
    public var order: String
    public var separator: String
}

/// Locale data from ICU's CLDR, cached by locale.
public enum LocaleData {
    private static let numbers = BoundedCache<String, NumberSymbols?>(limit: 256)
    private static let currencies = BoundedCache<String, CurrencyStyle?>(limit: 256)
    private static let dates = BoundedCache<String, DateStyle?>(limit: 256)

    /// How `locale` (a BCP 47 tag) writes numbers; nil when ICU has no data for it.
    public static func numberSymbols(_ locale: String) -> NumberSymbols? {
        numbers.value(for: locale) {
            var symbols = cicu_number_symbols()
            guard cicu_number_symbols_for(locale, &symbols) == 0 else { return nil }
            guard let decimal = scalar(&symbols.decimal), let group = scalar(&symbols.group) else { return nil }
            let grouping: NumberGrouping
            switch (symbols.primary_grouping, symbols.secondary_grouping) {
            case (0, _): grouping = .none
            case (3, 2): grouping = .lakh
            case (4, _): grouping = .wan
            default: grouping = .thousand
            }
            return NumberSymbols(decimalSeparator: decimal, groupSeparator: group, grouping: grouping)
        }
    }

    /// How `locale` writes `currency` (ISO 4217), or its own currency when `currency` is nil.
    public static func currency(_ currency: String?, in locale: String) -> CurrencyStyle? {
        currencies.value(for: (currency ?? "") + "|" + locale) {
            var code = currency ?? ""
            if currency == nil {
                var buffer = [CChar](repeating: 0, count: 8)
                guard cicu_currency_of(locale, &buffer, buffer.count) == 0 else { return nil }
                code = text(buffer)
            }
            var format = cicu_currency_format()
            guard cicu_currency_format_for(locale, code, &format) == 0 else { return nil }
            let symbol = withUnsafeBytes(of: &format.symbol) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            return CurrencyStyle(
                code: code, symbol: symbol, fractionDigits: Int(format.fraction_digits),
                symbolFirst: format.symbol_first != 0, spaced: format.spaced != 0)
        }
    }

    /// True when `code` is a currency ICU knows.
    public static func isCurrency(_ code: String) -> Bool { currency(code, in: "en") != nil }

    /// The order and separator of `locale`'s short dates.
    public static func dateStyle(_ locale: String) -> DateStyle? {
        dates.value(for: locale) {
            var order = [CChar](repeating: 0, count: 4)
            var separator = [CChar](repeating: 0, count: 16)
            guard cicu_date_order(locale, &order, &separator, separator.count) == 0 else { return nil }
            return DateStyle(order: text(order), separator: text(separator))
        }
    }

    /// True when `locale` writes times with a 12-hour clock.
    public static func uses12HourClock(_ locale: String) -> Bool {
        cicu_uses_12_hour_clock(locale) != 0
    }

    /// A NUL-terminated C string's text.
    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The single scalar of a UTF-8 symbol (a multi-scalar symbol gives its first).
    private static func scalar<T>(_ tuple: inout T) -> Unicode.Scalar? {
        withUnsafeBytes(of: &tuple) { buffer in
            String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self).unicodeScalars.first
        }
    }
}
