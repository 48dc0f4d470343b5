import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import Testing

/// A request's locale, with the conventions the service gives it (CLDR through ICU).
func requestLocale(_ tag: String, region: String? = nil, currencies: [String] = []) -> LocalePreference {
    var locale = LocalePreference(tags: [tag])
    locale.conventions = LocaleData.conventions(for: locale, region: region, currencies: currencies)
    return locale
}

/// Issue 19: numbers, amounts, dates, times and phone numbers as each locale writes them. Tables per
/// locale; the generated-configuration properties (IntegrityPropertyTests) hold for the same fields
/// pinned to these locales.
@Suite struct LocaleFormattingTests {
    static let custom = try! load(
        #"""
        {"fields": {
          "price": {"formatters": [{"number": {"currency": "EUR", "allowNegative": true}}], "validators": ["number"]},
          "yen": {"formatters": [{"number": {"currency": "JPY"}}], "validators": ["number"]},
          "signed": {"formatters": [{"number": {"allowNegative": true}}], "validators": ["number"]},
          "fixed": {"formatters": [{"number": {"groupSeparator": " ", "decimalSeparator": ","}}]},
          "dob": {"label": "Birth date", "formatters": [{"date": {"pattern": "DD.MM.YYYY"}}],
                  "validators": [{"date": {"min": "1900-01-01", "max": "today"}}]},
          "us_date": {"formatters": [{"date": {"pattern": "MM/DD/YYYY"}}], "validators": ["date"]},
          "local_date": {"formatters": ["date"], "validators": ["date"]},
          "start": {"formatters": [{"time": {"clock": 24}}], "validators": [{"time": {"min": "08:00", "max": "18:00"}}]},
          "alarm": {"formatters": [{"time": {"clock": "12"}}], "validators": ["time"]},
          "local_time": {"formatters": ["time"], "validators": ["time"]}
        }}
        """#, builtin: true)

    static func field(_ name: String) -> Field { custom.fields[name]! }

    // MARK: Numbers

    /// `amount` in each locale: what a user of the locale types, and what the answer shows.
    static let amounts: [(locale: String, typed: String, text: String)] = [
        ("en-US", "1234567.89", "1,234,567.89"), ("de-DE", "1234567,89", "1.234.567,89"),
        ("de-DE", "1.234.567,89", "1.234.567,89"), ("fr-FR", "1234567,89", "1\u{202F}234\u{202F}567,89"),
        ("de-CH", "1234567.89", "1’234’567.89"), ("en-IN", "1234567.89", "12,34,567.89"),
        ("es-ES", "1234567,89", "1.234.567,89"), ("pt-BR", "1234567,89", "1.234.567,89"),
        ("ru-RU", "1234567,89", "1\u{00A0}234\u{00A0}567,89"), ("ja-JP", "1234567.89", "1,234,567.89"),
        ("zh-Hans", "1234567.89", "1,234,567.89"), ("ar-EG", "1234567.89", "1,234,567.89"),
    ]

    @Test func amountsFollowTheLocale() {
        let amount = builtinField("amount")
        for (tag, typed, text) in Self.amounts {
            let locale = requestLocale(tag)
            let answer = amount.format(typed, event: .blur, locale: locale)
            #expect(answer.text == text, "\(tag): \(typed)")
            #expect(answer.value == "1234567.89", "\(tag): \(typed)")
            #expect(answer.validation.state == .valid, "\(tag): \(typed)")
            // The value formats back to the text in the same locale (rule 9).
            #expect(amount.format(answer.value, event: .blur, locale: locale).text == text, "\(tag)")
        }
        // Without a locale, the documented default.
        #expect(amount.format("1234567.89").text == "1,234,567.89")
    }

    @Test func typingAndPastingAGermanNumberGiveTheSameText() throws {
        let amount = builtinField("amount")
        let german = requestLocale("de-DE")
        for text in ["1.234,56", "1234,56", "12.345.678,9", "0,5"] {
            var current = ""
            var caret = 0
            for character in text {
                let answer = try amount.edit(
                    EditRequest(text: current, start: caret, end: caret, replacement: String(character)),
                    locale: german)
                current = answer.text
                caret = answer.caret
            }
            let pasted = try amount.edit(
                EditRequest(text: "", start: 0, end: 0, replacement: text, inputType: .insertFromPaste), locale: german)
            #expect(current == pasted.text, "\(text)")
            #expect(!pasted.truncated, "\(text)")
        }
        #expect(amount.format("1.234,56", event: .blur, locale: german).value == "1234.56")
    }

    @Test func aFieldThatFixesItsSeparatorsKeepsThem() {
        for tag in ["en-US", "de-DE", "de-CH"] {
            #expect(Self.field("fixed").format("1234,5", locale: requestLocale(tag)).text == "1 234,5", "\(tag)")
        }
    }

    @Test func currenciesAsEachLocaleWritesThem() {
        let cases: [(String, String, String, String, String)] = [
            ("price", "de-DE", "1234,5", "1.234,5\u{00A0}€", "1234.5"),
            ("price", "en-US", "1234.5", "€1,234.5", "1234.5"),
            ("price", "fr-FR", "-1234,5", "-1\u{202F}234,5\u{00A0}€", "-1234.5"),
            ("price", "en-US", "-1234.5", "-€1,234.5", "-1234.5"),
            ("price", "de-DE", "1.234,56 €", "1.234,56\u{00A0}€", "1234.56"),
            ("yen", "ja-JP", "1234", "￥1,234", "1234"),
            ("yen", "en-US", "1234567", "¥1,234,567", "1234567"),
        ]
        for (name, tag, typed, text, value) in cases {
            let locale = requestLocale(tag, currencies: ["EUR", "JPY"])
            let answer = Self.field(name).format(typed, event: .blur, locale: locale)
            #expect(answer.text == text, "\(name) in \(tag): \(typed)")
            #expect(answer.value == value, "\(name) in \(tag): \(typed)")
            #expect(Self.field(name).format(answer.value, locale: locale).text == text, "\(name) in \(tag)")
        }
        // A yen has no decimals: a decimal point is not part of the amount.
        let yen = Self.field("yen").format("12.5", event: .blur, locale: requestLocale("ja-JP", currencies: ["JPY"]))
        #expect(yen.validation.state == .invalid)
    }

    @Test func negativeNumbersByOption() {
        let german = requestLocale("de-DE")
        #expect(Self.field("signed").format("-1234,5", event: .blur, locale: german).value == "-1234.5")
        let amount = builtinField("amount").format("-5", event: .blur, locale: german)
        #expect(amount.value == "5" && amount.validation.state == .invalid, "amount takes no sign")
    }

    // MARK: Dates

    /// The locale's own date order and separator (`date` without a pattern).
    static let localDates: [(locale: String, typed: String, text: String)] = [
        ("de-DE", "31122024", "31.12.2024"), ("en-US", "12312024", "12/31/2024"), ("en-GB", "31122024", "31/12/2024"),
        ("ja-JP", "20241231", "2024/12/31"), ("fr-FR", "31122024", "31/12/2024"), ("ko-KR", "20241231", "2024.12.31"),
        ("ru-RU", "31122024", "31.12.2024"), ("zh-Hans", "20241231", "2024/12/31"), ("pt-BR", "31122024", "31/12/2024"),
        ("es-ES", "31122024", "31/12/2024"),
    ]

    @Test func datesInTheLocalesOrder() {
        let field = Self.field("local_date")
        for (tag, typed, text) in Self.localDates {
            let locale = requestLocale(tag)
            let answer = field.format(typed, event: .blur, locale: locale)
            #expect(answer.text == text, "\(tag)")
            #expect(answer.validation.state == .valid, "\(tag)")
            #expect(answer.meta["date"] == .string("2024-12-31"), "\(tag)")
            #expect(field.format(answer.value, event: .blur, locale: locale).text == text, "\(tag)")
        }
        // Without a locale: ISO 8601.
        #expect(field.format("20241231").text == "2024-12-31")
    }

    @Test func datePatternsPadSeparateAndRefuseImpossibleParts() throws {
        let dob = Self.field("dob")
        #expect(dob.format("1.2.1990", event: .blur).text == "01.02.1990")
        #expect(dob.format("31.12.2024", event: .blur).meta["date"] == .string("2024-12-31"))
        // A 4 as the first digit of a day or a month is written 04.
        let four = try dob.edit(EditRequest(text: "", start: 0, end: 0, replacement: "4"))
        #expect(four.text == "04.")
        // A 13th month is refused when typed.
        let month = try dob.edit(EditRequest(text: "31.1", start: 4, end: 4, replacement: "3"))
        #expect(month.rejected && month.text == "31.1")
        // Typing and pasting a date with its separators give the same text.
        let pasted = try dob.edit(
            EditRequest(text: "", start: 0, end: 0, replacement: "1.2.1990", inputType: .insertFromPaste))
        #expect(pasted.text == "01.02.1990" && !pasted.truncated)
        #expect(Self.field("us_date").format("12312024", event: .blur).text == "12/31/2024")
    }

    @Test func datesAreRealCalendarDatesWithinTheirBounds() {
        let dob = Self.field("dob")
        let english = LocalePreference.english
        let rows: [(String, ValidationState, String?)] = [
            ("29.02.2024", .valid, nil), ("29.02.2023", .invalid, "Birth date must be a date like 31.12.2024"),
            ("31.04.2024", .invalid, nil), ("31.12.1899", .invalid, "Birth date must be on or after 1900-01-01"),
            ("01.01.2999", .invalid, "Birth date must be on or before today"), ("01.01.19", .incomplete, nil),
        ]
        for (text, state, message) in rows {
            let answer = dob.format(text, event: .blur, locale: english)
            #expect(answer.validation.state == state, "\(text)")
            if let message {
                #expect(answer.validation.errors.first?.message == message, "\(text): \(answer.validation.errors)")
            }
            #expect((answer.meta["date"] != nil) == (state == .valid || message?.contains("on or") == true), "\(text)")
        }
        // The locale's pattern is the example in its messages.
        let german = requestLocale("de-DE")
        let invalid = Self.field("local_date").format("31.02.2024", event: .blur, locale: german)
        #expect(invalid.validation.errors.first?.message == "local_date muss ein Datum im Format 31.12.2024 sein")
    }

    // MARK: Times

    @Test func timesOnBothClocks() throws {
        let rows: [(String, String, LocalePreference, String, String?)] = [
            ("start", "9:30", .english, "09:30", "09:30"), ("start", "1745", .english, "17:45", "17:45"),
            ("alarm", "9:30 pm", .english, "09:30 PM", "21:30"), ("alarm", "1205a", .english, "12:05 AM", "00:05"),
            ("alarm", "1200p", .english, "12:00 PM", "12:00"),
            ("local_time", "1430", requestLocale("de-DE"), "14:30", "14:30"),
            ("local_time", "2:30p", requestLocale("en-US"), "02:30 PM", "14:30"),
            ("local_time", "2330", requestLocale("ja-JP"), "23:30", "23:30"),
        ]
        for (name, typed, locale, text, time) in rows {
            let answer = Self.field(name).format(typed, event: .blur, locale: locale)
            #expect(answer.text == text, "\(name) \(typed)")
            #expect(answer.meta["time"] == time.map(JSONValue.string), "\(name) \(typed)")
            #expect(Self.field(name).format(answer.value, event: .blur, locale: locale).text == text, "\(name)")
        }
        let late = Self.field("start").format("1930", event: .blur)
        #expect(late.validation.errors.first?.message == "start must be between 08:00 and 18:00")
        // An impossible hour or minute is refused when typed.
        #expect(try Self.field("start").edit(EditRequest(text: "2", start: 1, end: 1, replacement: "5")).rejected)
        #expect(try Self.field("start").edit(EditRequest(text: "09:", start: 3, end: 3, replacement: "7")).rejected)
        // On a 12-hour clock, no time is whole without AM or PM.
        #expect(Self.field("alarm").format("0930", event: .blur).validation.state == .incomplete)
        // Digits that cannot be a time are kept and reported, never read another way.
        #expect(Self.field("start").format("930", event: .blur).validation.state == .invalid)
        let example = Self.field("local_time").format("2", event: .blur, locale: requestLocale("en-US"))
        #expect(example.validation.errors.first?.message == "local_time must be a time like 02:30 PM")
    }

    // MARK: Phone regions

    @Test func theGenericPhoneFieldTakesTheRequestsRegion() {
        let phone = builtinField("phone")
        let rows: [(LocalePreference, String, String, ValidationState, String?)] = [
            (requestLocale("en-GB"), "07911 123456", "07911 123456", .valid, "+447911123456"),
            (requestLocale("en-GB"), "07400123456", "07400 123456", .valid, "+447400123456"),
            (requestLocale("de-DE"), "030 123456", "030 123456", .valid, "+4930123456"),
            (requestLocale("en-US"), "2015550123", "(201) 555-0123", .valid, "+12015550123"),
            (requestLocale("en-US"), "4165550123", "(416) 555-0123", .valid, "+14165550123"),
            (requestLocale("fr", region: "JP"), "03-1234-5678", "03-1234-5678", .valid, "+81312345678"),
            (.english, "07911 123456", "+07911123456", .invalid, nil),
            (.english, "0044 7911 123456", "+44 7911 123456", .valid, "+447911123456"),
            (.english, "011 44 7911 123456", "+44 7911 123456", .valid, "+447911123456"),
            (.english, "010 81 3 1234 5678", "+81 3-1234-5678", .valid, "+81312345678"),
            (requestLocale("de-DE"), "0044 7911 123456", "00 44 7911 123456", .valid, "+447911123456"),
        ]
        for (locale, typed, text, state, e164) in rows {
            let answer = phone.format(typed, event: .blur, locale: locale)
            #expect(answer.text == text, "\(locale.tags) \(typed)")
            #expect(answer.validation.state == state, "\(locale.tags) \(typed)")
            #expect(answer.meta["e164"] == e164.map(JSONValue.string), "\(locale.tags) \(typed)")
        }
        // A regional field keeps its own region whatever the locale.
        #expect(builtinField("phone_cn").format("13800138000", locale: requestLocale("en-GB")).text == "138 0013 8000")
    }

    @Test func theRegionOfALocale() {
        #expect(LocalePreference(tags: ["en-GB"]).region == "GB")
        #expect(LocalePreference(tags: ["zh-TW"]).region == "TW")
        #expect(LocalePreference(tags: ["zh-Hant-HK"]).region == "HK")
        #expect(LocalePreference(tags: ["de"]).region == nil)
        #expect(LocalePreference(acceptLanguage: "de, en-GB;q=0.8").region == "GB")
        #expect(LocalePreference(tags: ["es-419"]).region == nil)
        #expect(LocalePreference(tags: ["en-u-rg-gbzzzz"]).region == nil)
    }
}
