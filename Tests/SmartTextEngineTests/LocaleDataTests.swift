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
            // Latin digits' separators, as SmartText writes ASCII digits.
            ("ar", ".", ",", .thousand), ("ar-EG", ".", ",", .thousand),
        ]
        for (locale, decimal, group, grouping) in cases {
            let symbols = LocaleData.numberSymbols(locale)
            #expect(symbols?.decimalSeparator == decimal, "\(locale) decimal")
            #expect(symbols?.groupSeparator == group, "\(locale) group")
            #expect(symbols?.grouping == grouping, "\(locale) grouping")
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
    }

    @Test func dateOrdersAndClocks() {
        #expect(LocaleData.dateStyle("en-US") == DateStyle(order: .mdy, separator: "/"))
        #expect(LocaleData.dateStyle("de-DE") == DateStyle(order: .dmy, separator: "."))
        #expect(LocaleData.dateStyle("en-GB") == DateStyle(order: .dmy, separator: "/"))
        #expect(LocaleData.dateStyle("ja")?.order == .ymd)
        #expect(LocaleData.dateStyle("ko")?.order == .ymd)
        #expect(LocaleData.uses12HourClock("en-US"))
        #expect(!LocaleData.uses12HourClock("de-DE"))
    }
}
