internal import CICU
public import SmartTextEngine
internal import SmartTextSupport

/// Locale data from ICU's CLDR, cached by locale.
public enum LocaleData {
    private static let numbers = BoundedCache<String, LocaleNumbers?>(limit: 256, maxKeyBytes: 256)
    private static let currencies = BoundedCache<String, CurrencyStyle?>(limit: 256, maxKeyBytes: 256)
    private static let dates = BoundedCache<String, DateStyle?>(limit: 256, maxKeyBytes: 256)

    /// A locale's number symbols, and whether they are its Latin digits' because its own numbering system is
    /// not one of ten decimal digits.
    private struct LocaleNumbers: Sendable {
        var symbols: NumberSymbols
        var latin: Bool
    }

    /// How `locale` (a BCP 47 tag) writes numbers, in its default numbering system (`١٬٢٣٤٫٥٦` in ar-EG; a
    /// `-u-nu-` keyword chooses another: `ar-EG-u-nu-latn`); nil when ICU has no data for it.
    public static func numberSymbols(_ locale: String) -> NumberSymbols? {
        localeNumbers(locale)?.symbols
    }

    private static func localeNumbers(_ locale: String) -> LocaleNumbers? {
        numbers.value(for: locale) {
            // A numbering system whose digits are not Unicode's ten decimal digits in order (`hanidec`'s 〇一二)
            // cannot be read back digit by digit: Latin digits then.
            if let native = symbols(locale, latin: false) { return LocaleNumbers(symbols: native, latin: false) }
            return symbols(locale, latin: true).map { LocaleNumbers(symbols: $0, latin: true) }
        }
    }

    private static func symbols(_ locale: String, latin: Bool) -> NumberSymbols? {
        var symbols = cicu_number_symbols()
        guard cicu_number_symbols_for(locale, latin ? 1 : 0, &symbols) == 0 else { return nil }
        guard let decimal = scalar(&symbols.decimal), let group = scalar(&symbols.group) else { return nil }
        let digits = withUnsafeBytes(of: &symbols.digits) { buffer in
            (0..<10).map { digit in
                String(decoding: buffer[(digit * 8)..<(digit * 8 + 8)].prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        guard let zero = digits[0].unicodeScalars.first, zero.properties.numericType == .decimal,
            digits.enumerated().allSatisfy({ digit, text in
                text.unicodeScalars.count == 1 && text.unicodeScalars.first?.value == zero.value + UInt32(digit)
                    && text.unicodeScalars.first?.properties.numericValue == Double(digit)
            })
        else { return nil }
        let grouping: NumberGrouping
        switch (symbols.primary_grouping, symbols.secondary_grouping) {
        case (0, _): grouping = .none
        case (3, 2): grouping = .lakh
        case (4, _): grouping = .wan
        default: grouping = .thousand
        }
        return NumberSymbols(
            decimalSeparator: decimal, groupSeparator: group, grouping: grouping,
            minimumGroupingDigits: Int(max(1, symbols.minimum_grouping_digits)), zero: zero)
    }

    /// How `locale` writes `currency` (ISO 4217), or its own currency when `currency` is nil: in the same
    /// numbering system as ``numberSymbols(_:)``.
    public static func currency(_ currency: String?, in locale: String) -> CurrencyStyle? {
        currencies.value(for: (currency ?? "") + "|" + locale) {
            var code = currency ?? ""
            if currency == nil {
                var buffer = [CChar](repeating: 0, count: 8)
                guard cicu_currency_of(locale, &buffer, buffer.count) == 0 else { return nil }
                code = text(buffer)
            }
            let numbers = localeNumbers(locale)
            var format = cicu_currency_format()
            guard cicu_currency_format_for(locale, code, numbers?.latin == true ? 1 : 0, &format) == 0 else {
                return nil
            }
            let symbol = withUnsafeBytes(of: &format.symbol) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            let narrow = withUnsafeBytes(of: &format.narrow_symbol) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            var others: [String] = []
            for other in [narrow, code] where !other.isEmpty && other != symbol && !others.contains(other) {
                others.append(other)
            }
            // Amounts' own separators, where they differ from the locale's numbers (fr-CH).
            let decimal = scalar(&format.decimal)
            let group = scalar(&format.group)
            return CurrencyStyle(
                code: code, symbol: symbol, otherSymbols: others, fractionDigits: Int(format.fraction_digits),
                symbolFirst: format.symbol_first != 0, spaced: format.spaced != 0,
                minusAfterSymbol: format.minus_after_symbol != 0, negativeSpaced: format.negative_spaced != 0,
                decimalSeparator: decimal == numbers?.symbols.decimalSeparator ? nil : decimal,
                groupSeparator: group == numbers?.symbols.groupSeparator ? nil : group)
        }
    }

    /// ICU's own formatting of `value` in `locale` (its number formatter, the locale's defaults), as an amount of
    /// `currency` when given: what the tests check the `number` formatter against.
    package static func icuFormatted(_ value: Double, currency: String? = nil, in locale: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let status =
            currency.map { cicu_format_number(locale, $0, value, &buffer, buffer.count) }
            ?? cicu_format_number(locale, nil, value, &buffer, buffer.count)
        return status == 0 ? text(buffer) : nil
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
            // A separator of more than one character is written as the first one people can see (`.` of `. `,
            // the `/` of Arabic's `‏/`), with the invisible marks CLDR puts before it; none is `-`.
            let scalars = Array(text(separator).unicodeScalars)
            let (names, alone) = (monthNames(locale, standalone: false), monthNames(locale, standalone: true))
            let weekdays = weekdayNames(locale)
            guard let visible = scalars.firstIndex(where: { !$0.properties.isWhitespace && !Self.isMark($0) }) else {
                return DateStyle(
                    order: dateOrder, separator: "-", monthNames: names, monthNamesAlone: alone, weekdayNames: weekdays)
            }
            return DateStyle(
                order: dateOrder, separator: scalars[visible], marks: scalars[..<visible].filter(Self.isMark),
                monthNames: names, monthNamesAlone: alone, weekdayNames: weekdays)
        }
    }

    /// The month names `locale` writes in a date or, `standalone`, alone (CLDR's abbreviations), reading its
    /// full names and those of the other context too (a German date writes `März` and reads `Mär` and `März`),
    /// and English's (`Dec`, `December`) where they begin none of the locale's other months. English's where the
    /// locale's cannot be typed letter by letter (``MonthNames``: `ja`'s `12月`).
    public static func monthNames(_ locale: String, standalone: Bool) -> MonthNames {
        let written = monthNameList(locale, standalone: standalone, wide: false)
        guard var names = written.flatMap({ MonthNames($0, decompose: decomposition) }) else { return .english }
        for (context, wide) in [(!standalone, false), (standalone, true), (!standalone, true)] {
            if let others = monthNameList(locale, standalone: context, wide: wide) { names = names.reading(others) }
        }
        for english in MonthNames.englishLists { names = names.reading(english) }
        return names
    }

    /// ICU's twelve names of `locale`'s months, January first.
    private static func monthNameList(_ locale: String, standalone: Bool, wide: Bool) -> [String]? {
        symbolRows(12) { cicu_month_names(locale, standalone ? 1 : 0, wide ? 1 : 0, $0) }
    }

    /// The weekday names `locale` writes in a date (CLDR's abbreviations: `Di.`, `вт`), Monday first, reading
    /// its full names too (`Dienstag`); English's where ICU has none that ``WeekdayNames`` takes.
    public static func weekdayNames(_ locale: String) -> WeekdayNames {
        func list(wide: Bool) -> [String]? {
            guard let sundayFirst = symbolRows(7, { cicu_weekday_names(locale, wide ? 1 : 0, $0) }) else { return nil }
            return Array(sundayFirst.dropFirst()) + [sundayFirst[0]]
        }
        guard let names = list(wide: false).flatMap(WeekdayNames.init) else { return .english }
        return list(wide: true).map(names.reading) ?? names
    }

    /// `count` rows of CICU_MONTH_NAME_SIZE bytes that `fill` writes (0 on success), as strings.
    private static func symbolRows(_ count: Int, _ fill: (UnsafeMutablePointer<CChar>) -> Int32) -> [String]? {
        let size = Int(CICU_MONTH_NAME_SIZE)
        var buffer = [CChar](repeating: 0, count: count * size)
        guard buffer.withUnsafeMutableBufferPointer({ fill($0.baseAddress!) }) == 0 else { return nil }
        return (0..<count).map { row in text(Array(buffer[(row * size)..<((row + 1) * size)])) }
    }

    /// A scalar's canonical decomposition (NFD), from ICU.
    @Sendable static func decomposition(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var out = [UInt32](repeating: 0, count: 8)
        let count = Int(cicu_decompose(scalar.value, &out, Int32(out.count)))
        let scalars = out.prefix(count).compactMap(Unicode.Scalar.init)
        return scalars.isEmpty ? [scalar] : scalars
    }

    /// A bidirectional mark (LRM, RLM, ALM): written, never seen.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200E}" || scalar == "\u{200F}" || scalar == "\u{061C}"
    }

    private static let conventionsCache = BoundedCache<String, LocaleConventions>(limit: 256, maxKeyBytes: 256)

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

    /// True when ICU has data for `locale`'s language (tags ICU does not know fall back to its root data, and
    /// never open a locale of their own: issue 25.3).
    public static func isKnown(_ locale: String) -> Bool { cicu_is_known_locale(locale) != 0 }

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
