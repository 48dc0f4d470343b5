internal import CICU
public import SmartTextEngine
internal import SmartTextSupport

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
            guard cicu_date_order(locale, &order, &separator, separator.count) == 0,
                let dateOrder = DateOrder(rawValue: text(order))
            else { return nil }
            // A separator of more than one character (`. ` in some locales) is written as its first; none is `-`.
            let written = text(separator).unicodeScalars.first { !$0.properties.isWhitespace }
            return DateStyle(order: dateOrder, separator: written ?? "-")
        }
    }

    private static let conventionsCache = BoundedCache<String, LocaleConventions>(limit: 256)

    /// The conventions of `preference`'s best language tag, with how it writes each of `currencies`,
    /// and the phone region: `region` when given, else the region the preference names.
    public static func conventions(
        for preference: LocalePreference, region: String? = nil, currencies: [String] = []
    ) -> LocaleConventions {
        let region = region ?? preference.region
        guard let tag = preference.tags.first else { return neutral(region: region, currencies: currencies) }
        let key = tag + "|" + (region ?? "") + "|" + currencies.joined(separator: ",")
        return conventionsCache.value(for: key) {
            var styles: [String: CurrencyStyle] = [:]
            for code in currencies { styles[code] = currency(code, in: tag) }
            return LocaleConventions(
                tag: tag, region: region, number: numberSymbols(tag) ?? .neutral, date: dateStyle(tag) ?? .iso,
                uses12HourClock: uses12HourClock(tag), currencies: styles)
        }
    }

    /// No locale: ``LocaleConventions/neutral``, currencies written as English writes them (`€1,234.56`).
    public static func neutral(region: String? = nil, currencies: [String]) -> LocaleConventions {
        guard !currencies.isEmpty || region != nil else { return .neutral }
        let key = "|" + (region ?? "") + "|" + currencies.joined(separator: ",")
        return conventionsCache.value(for: key) {
            var styles: [String: CurrencyStyle] = [:]
            for code in currencies { styles[code] = currency(code, in: "en") }
            return LocaleConventions(tag: "", region: region, currencies: styles)
        }
    }

    /// True when `locale` writes times with a 12-hour clock.
    public static func uses12HourClock(_ locale: String) -> Bool {
        cicu_uses_12_hour_clock(locale) != 0
    }

    /// The name of `region` (ISO 3166, `GB`) in `locale`'s language; nil when ICU has none.
    public static func regionName(_ region: String, in locale: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard cicu_region_name(locale, region, &buffer, buffer.count) == 0 else { return nil }
        return text(buffer)
    }

    /// `strings` in the order `locale`'s collation puts them (`Ö` with `O` in German, after `Z` in Swedish).
    public static func sorted(_ strings: [String], in locale: String) -> [String] {
        guard strings.count > 1 else { return strings }
        var order = [Int32](repeating: 0, count: strings.count)
        var storage: [CChar] = []
        var offsets: [Int] = []
        for string in strings {
            offsets.append(storage.count)
            storage += string.utf8CString
        }
        let sorted = storage.withUnsafeBufferPointer { base in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { base.baseAddress! + $0 }
            return cicu_sort(locale, pointers, Int32(strings.count), &order) == 0
        }
        return sorted ? order.map { strings[Int($0)] } : strings.sorted()
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
