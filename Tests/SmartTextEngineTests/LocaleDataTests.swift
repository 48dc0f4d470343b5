import SmartTextEngine
import SmartTextNativeRules
import Testing

/// CLDR data through ICU: what the locale-following rules are built on.
@Suite struct LocaleDataTests {
    @Test func numberSymbolsFollowTheLocale() {
        let cases: [(String, Unicode.Scalar, Unicode.Scalar, NumberGrouping)] = [
            ("en-US", ".", ",", .thousand), ("de-DE", ",", ".", .thousand), ("fr-FR", ",", "\u{202F}", .thousand),
            ("de-CH", ".", "’", .thousand), ("en-IN", ".", ",", .lakh), ("es-ES", ",", ".", .thousand),
            ("ru", ",", "\u{00A0}", .thousand), ("ja", ".", ",", .thousand), ("pt-BR", ",", ".", .thousand),
            // The default numbering system's separators: Arabic-Indic digits with `٫` and `٬`.
            ("ar", "٫", "٬", .thousand), ("ar-EG", "٫", "٬", .thousand), ("ar-SA", "٫", "٬", .thousand),
            // A `-u-nu-` keyword chooses the Latin digits and their separators.
            ("ar-EG-u-nu-latn", ".", ",", .thousand), ("fa-IR", "٫", "٬", .thousand),
        ]
        for (locale, decimal, group, grouping) in cases {
            let symbols = LocaleData.numberSymbols(locale)
            #expect(symbols?.decimalSeparator == decimal, "\(locale) decimal")
            #expect(symbols?.groupSeparator == group, "\(locale) group")
            #expect(symbols?.grouping == grouping, "\(locale) grouping")
        }
    }

    /// Each locale's digits (its default numbering system's), and CLDR's minimum grouping digits as ICU's own
    /// formatter applies them (`1234` but `12.345` in Spanish and Polish).
    @Test func digitsAndMinimumGroupingDigits() {
        let cases: [(String, Unicode.Scalar, Int)] = [
            ("en-US", "0", 1), ("de-DE", "0", 1), ("es-ES", "0", 2), ("pl-PL", "0", 2), ("pt-PT", "0", 2),
            ("ar-EG", "\u{0660}", 1), ("ar-SA", "\u{0660}", 1), ("fa-IR", "\u{06F0}", 1), ("mr-IN", "\u{0966}", 1),
            ("bn-BD", "\u{09E6}", 1), ("hi-IN", "0", 1), ("ar-MA", "0", 1), ("ar-EG-u-nu-latn", "0", 1),
            // Numbering systems that are not ten decimal digits are written with Latin digits.
            ("ja-u-nu-jpan", "0", 1), ("zh-u-nu-hanidec", "0", 1),
        ]
        for (locale, zero, minimum) in cases {
            let symbols = LocaleData.numberSymbols(locale)
            #expect(symbols?.zero == zero, "\(locale) zero")
            #expect(symbols?.minimumGroupingDigits == minimum, "\(locale) minimum grouping digits")
        }
    }

    @Test func currenciesFollowTheLocale() {
        let euro = LocaleData.currency("EUR", in: "de-DE")
        #expect(euro?.symbol == "€")
        #expect(euro?.symbolFirst == false)
        #expect(euro?.spaced == true)
        #expect(euro?.fractionDigits == 2)
        let dollar = LocaleData.currency("USD", in: "en-US")
        #expect(dollar?.symbol == "$")
        #expect(dollar?.symbolFirst == true)
        #expect(dollar?.spaced == false)
        #expect(LocaleData.currency("JPY", in: "ja")?.fractionDigits == 0)
        #expect(LocaleData.currency(nil, in: "en-GB")?.code == "GBP")
        #expect(LocaleData.currency("XYZ", in: "en") == nil)
        // The symbol as a whole, with the other ways of writing it that are read as it.
        let pound = LocaleData.currency("EGP", in: "ar-EG")
        #expect(pound?.symbol == "ج.م.\u{200F}")
        #expect(pound?.symbolFirst == false && pound?.spaced == true)
        #expect(pound?.otherSymbols == ["E£", "EGP"])
        #expect(LocaleData.currency("USD", in: "zh-CN")?.otherSymbols == ["$", "USD"])
        #expect(LocaleData.currency("EUR", in: "de-CH")?.symbol == "EUR")
        // Amounts have separators of their own in a few locales (CLDR's monetary separators).
        let swiss = LocaleData.currency("EUR", in: "fr-CH")
        #expect(swiss?.decimalSeparator == "." && swiss?.groupSeparator == nil)
        #expect(euro?.decimalSeparator == nil && euro?.groupSeparator == nil)
    }

    @Test func dateOrdersAndClocks() {
        let american = LocaleData.dateStyle("en-US")
        #expect(american.map { ($0.order, $0.separator) } ?? (.ymd, "-") == (.mdy, "/"))
        let german = LocaleData.dateStyle("de-DE")
        #expect(german.map { ($0.order, $0.separator) } ?? (.ymd, "-") == (.dmy, "."))
        #expect(german?.monthNames.names[11] == Array("Dez".unicodeScalars))
        let british = LocaleData.dateStyle("en-GB")
        #expect(british.map { ($0.order, $0.separator) } ?? (.ymd, "-") == (.dmy, "/"))
        #expect(british?.monthNames.names[8] == Array("Sept".unicodeScalars))
        #expect(LocaleData.dateStyle("ja")?.monthNames == .english)
        #expect(LocaleData.dateStyle("ja")?.order == .ymd)
        #expect(LocaleData.dateStyle("ko")?.order == .ymd)
        #expect(LocaleData.uses12HourClock("en-US"))
        #expect(!LocaleData.uses12HourClock("de-DE"))
    }

    /// Issue 25.3: only locales ICU has reach it, each as the available locale that serves the tag best, so
    /// that ICU's caches, which keep what they open, stay bounded whatever tags clients send.
    @Test func onlyLocalesICUHasReachIt() {
        #expect(
            LocaleData.isKnown("de-DE") && LocaleData.isKnown("de-AT-x-private") && LocaleData.isKnown("zh-Hans-HK"))
        #expect(!LocaleData.isKnown("qaaaa-US") && !LocaleData.isKnown("xx") && !LocaleData.isKnown(""))
        #expect(!LocaleData.isKnown("de-" + String(repeating: "x", count: 100)))
        // An unknown tag is written as ICU's root writes numbers, without opening a locale of its own.
        #expect(LocaleData.numberSymbols("qaaaa-US")?.decimalSeparator == ".")
        // A known language with a private subtag is that language; the numbering system keyword is kept.
        #expect(LocaleData.numberSymbols("de-DE-x-abc")?.decimalSeparator == ",")
        #expect(LocaleData.numberSymbols("ar-EG-u-nu-latn")?.decimalSeparator == ".")
        #expect(LocaleData.numberSymbols("ar-EG-u-nu-bogus")?.decimalSeparator == "٫")
    }
}
