import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextTestSupport
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
          "egp": {"formatters": [{"number": {"currency": "EGP"}}], "validators": ["number"]},
          "chf": {"formatters": [{"number": {"currency": "CHF", "allowNegative": true}}], "validators": ["number"]},
          "precise": {"formatters": [{"number": {"fractionDigits": 3}}], "validators": ["number"]},
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
        ("zh-Hans", "1234567.89", "1,234,567.89"), ("ar-EG", "1234567.89", "١٬٢٣٤٬٥٦٧٫٨٩"),
        ("ar-SA", "1234567.89", "١٬٢٣٤٬٥٦٧٫٨٩"), ("ar-EG-u-nu-latn", "1234567.89", "1,234,567.89"),
        ("pl-PL", "1234567,89", "1\u{00A0}234\u{00A0}567,89"), ("hi-IN", "1234567.89", "12,34,567.89"),
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

    /// How a text reaches a field: typed one character at a time, pasted, formatted whole (`/v1/format`),
    /// or submitted (`/v1/validate`).
    enum Entry: String, Sendable, CaseIterable {
        case typed, pasted, formatted, submitted
    }

    /// One example of issue 24: a field in a locale, a text, and what each way of entering it gives.
    struct NumberReading: Sendable, CustomTestStringConvertible {
        var field: String
        var locale: String
        var input: String
        var entries: [Entry] = Entry.allCases
        var text: String
        var value: String
        /// The state of the submitted text (`/v1/validate`).
        var state: ValidationState = .valid

        var testDescription: String {
            "\(field) in \(locale): \(input.debugDescription) \(entries.map(\.rawValue)) -> \(text.debugDescription)"
        }
    }

    /// Issue 24's examples, and their neighbours, as CLDR (ICU 72) writes them.
    static let readings: [NumberReading] = [
        // de-DE: a `.` that no group follows is the decimal point, however it comes.
        NumberReading(field: "amount", locale: "de-DE", input: "12.50", text: "12,50", value: "12.50"),
        NumberReading(field: "amount", locale: "de-DE", input: "1250", text: "1.250", value: "1250"),
        NumberReading(
            field: "amount", locale: "de-DE", input: "1.234", entries: [.pasted, .formatted, .submitted],
            text: "1.234", value: "1234"),
        // The one place typing differs from pasting: the `.` typed at the end is the decimal point.
        NumberReading(
            field: "amount", locale: "de-DE", input: "1.234", entries: [.typed], text: "1,23", value: "1.23"),
        NumberReading(
            field: "amount", locale: "de-DE", input: "1.234,56", entries: [.pasted, .formatted, .submitted],
            text: "1.234,56", value: "1234.56"),
        NumberReading(field: "amount", locale: "de-DE", input: "1234,56", text: "1.234,56", value: "1234.56"),
        NumberReading(field: "amount", locale: "pt-BR", input: "12.5", text: "12,5", value: "12.5"),
        // With three decimals, a `.` groups only before the decimal comma (`.` groups are written `\u{202F}`).
        NumberReading(
            field: "precise", locale: "de-DE", input: "1.234,567", entries: [.pasted, .formatted, .submitted],
            text: "1\u{202F}234,567", value: "1234.567"),
        NumberReading(
            field: "precise", locale: "de-DE", input: "1.234", entries: [.pasted, .formatted, .submitted],
            text: "1,234", value: "1.234"),
        NumberReading(field: "amount", locale: "fr-FR", input: "12.50", text: "12,50", value: "12.50"),
        // en-IN: a group of the wrong size is not a group.
        NumberReading(
            field: "amount", locale: "en-IN", input: "12,50", entries: [.pasted, .formatted, .submitted],
            text: "1,250", value: "1250", state: .invalid),
        NumberReading(
            field: "amount", locale: "en-IN", input: "12,50", entries: [.typed], text: "1,250", value: "1250"),
        NumberReading(field: "amount", locale: "en-IN", input: "12,34,567", text: "12,34,567", value: "1234567"),
        NumberReading(
            field: "amount", locale: "en-IN", input: "1,234,567", entries: [.pasted, .submitted], text: "12,34,567",
            value: "1234567", state: .invalid),
        NumberReading(
            field: "amount", locale: "en-US", input: "12,50", entries: [.submitted], text: "1,250", value: "1250",
            state: .invalid),
        // Spaces group digits only where a group follows, as any group separator.
        NumberReading(
            field: "amount", locale: "en-US", input: "12 50", entries: [.pasted, .submitted], text: "1,250",
            value: "1250", state: .invalid),
        NumberReading(field: "amount", locale: "en-US", input: " 1 234.50 ", text: "1,234.50", value: "1234.50"),
        // ar-EG: the Arabic-Indic digits and separators CLDR writes, and Latin ones.
        NumberReading(field: "amount", locale: "ar-EG", input: "١٬٢٣٤٫٥٦", text: "١٬٢٣٤٫٥٦", value: "1234.56"),
        NumberReading(field: "amount", locale: "ar-EG", input: "1234.56", text: "١٬٢٣٤٫٥٦", value: "1234.56"),
        NumberReading(
            field: "amount", locale: "ar-EG", input: "1,234.56", entries: [.pasted, .formatted, .submitted],
            text: "١٬٢٣٤٫٥٦", value: "1234.56"),
        NumberReading(field: "amount", locale: "ar-SA", input: "١٢٣٤٥٫٦", text: "١٢٬٣٤٥٫٦", value: "12345.6"),
        // A currency symbol is never part of the number, even with a `.` in it.
        NumberReading(field: "egp", locale: "ar-EG", input: "12", text: "١٢\u{00A0}ج.م.\u{200F}", value: "12"),
        NumberReading(
            field: "egp", locale: "ar-EG", input: "١٢\u{00A0}ج.م.\u{200F}", entries: [.pasted, .formatted, .submitted],
            text: "١٢\u{00A0}ج.م.\u{200F}", value: "12"),
        NumberReading(
            field: "egp", locale: "ar-EG", input: "\u{200F}١٬٢٣٤٫٥٠\u{00A0}ج.م.\u{200F}",
            entries: [.pasted, .formatted, .submitted], text: "١٬٢٣٤٫٥٠\u{00A0}ج.م.\u{200F}", value: "1234.50"),
        NumberReading(
            field: "egp", locale: "ar-EG", input: "EGP 12.5", entries: [.pasted, .formatted, .submitted],
            text: "١٢٫٥\u{00A0}ج.م.\u{200F}", value: "12.5"),
        NumberReading(
            field: "price", locale: "de-DE", input: "1.234,5 €", entries: [.pasted, .formatted, .submitted],
            text: "1.234,5\u{00A0}€", value: "1234.5"),
        NumberReading(field: "price", locale: "de-DE", input: "1234,5", text: "1.234,5\u{00A0}€", value: "1234.5"),
        NumberReading(
            field: "price", locale: "fr-FR", input: "1 234,5 €", entries: [.pasted, .formatted, .submitted],
            text: "1\u{202F}234,5\u{00A0}€", value: "1234.5"),
        NumberReading(
            field: "price", locale: "fr-FR", input: "€ 1234,5", entries: [.pasted, .submitted],
            text: "1\u{202F}234,5\u{00A0}€", value: "1234.5"),
        NumberReading(
            field: "chf", locale: "de-CH", input: "CHF 1'234.50", entries: [.pasted, .formatted, .submitted],
            text: "CHF\u{00A0}1’234.50", value: "1234.50"),
        // A negative amount's sign where the locale writes it: after a symbol before the number in de-CH and nl-NL.
        NumberReading(
            field: "chf", locale: "de-CH", input: "-1234.5", text: "CHF-1’234.5", value: "-1234.5"),
        NumberReading(
            field: "price", locale: "nl-NL", input: "-1234,5", text: "€\u{00A0}-1.234,5", value: "-1234.5"),
        NumberReading(
            field: "price", locale: "en-US", input: "-1234.5", text: "-€1,234.5", value: "-1234.5"),
        NumberReading(
            field: "price", locale: "nl-NL", input: "-€ 1.234,5", entries: [.pasted, .formatted, .submitted],
            text: "€\u{00A0}-1.234,5", value: "-1234.5"),
        // Amounts have separators of their own in fr-CH (CLDR): `1 234.50 €`; `,` is read as decimals too.
        NumberReading(
            field: "price", locale: "fr-CH", input: "1234,5", text: "1\u{202F}234.5\u{00A0}€", value: "1234.5"),
        NumberReading(
            field: "price", locale: "fr-CH", input: "1 234.50 €", entries: [.pasted, .formatted, .submitted],
            text: "1\u{202F}234.50\u{00A0}€", value: "1234.50"),
        // es-ES, pl-PL: CLDR's minimum grouping digits is 2.
        NumberReading(field: "amount", locale: "es-ES", input: "1234", text: "1234", value: "1234"),
        NumberReading(field: "amount", locale: "es-ES", input: "12345", text: "12.345", value: "12345"),
        NumberReading(
            field: "amount", locale: "es-ES", input: "1.234", entries: [.pasted, .formatted, .submitted],
            text: "1234", value: "1234"),
        NumberReading(field: "amount", locale: "pl-PL", input: "1234", text: "1234", value: "1234"),
        NumberReading(field: "amount", locale: "pl-PL", input: "12345", text: "12\u{00A0}345", value: "12345"),
        NumberReading(field: "amount", locale: "pl-PL", input: "12 345,5", text: "12\u{00A0}345,5", value: "12345.5"),
        // de-CH and fr-CH: the ASCII apostrophe Swiss users type.
        NumberReading(field: "amount", locale: "de-CH", input: "1'234.56", text: "1’234.56", value: "1234.56"),
        NumberReading(
            field: "amount", locale: "fr-CH", input: "1'234.56", text: "1\u{202F}234,56", value: "1234.56"),
        NumberReading(
            field: "amount", locale: "fr-CH", input: "1’234,56", entries: [.pasted, .formatted, .submitted],
            text: "1\u{202F}234,56", value: "1234.56"),
    ]

    @Test(arguments: readings) func numbersAreReadAsTheLocaleWritesThem(_ row: NumberReading) throws {
        let field = (Self.custom.fields[row.field] ?? builtinField(row.field)).pinned(to: row.locale)
        for entry in row.entries {
            let outcome: EditOutcome
            switch entry {
            case .typed: outcome = try typeEach(field, row.input)
            case .pasted: outcome = try apply(field, "|", .paste(row.input))
            case .formatted: outcome = field.format(row.input)
            case .submitted: outcome = field.format(row.input, event: .submit, submitted: true)
            }
            #expect(outcome.text == row.text, "\(entry): \(outcome.text.debugDescription)")
            #expect(outcome.value == row.value, "\(entry)")
            if entry == .submitted {
                #expect(outcome.validation.state == row.state, "\(outcome.validation.errors)")
                let blur = field.format(row.input, event: .blur)
                #expect(blur.validation.state == row.state, "blur: \(blur.validation.errors)")
            }
            // The field's own text is read back as itself, and its value gives it back (rule 9).
            #expect(field.format(outcome.text).text == outcome.text, "\(entry): idempotent")
            #expect(field.format(outcome.value).text == outcome.text, "\(entry): format(value)")
        }
    }

    /// The locales of issue 24's differential checks (here against ICU, in `Tests/numbers` against babel).
    static let issueLocales = [
        "de-DE", "en-US", "fr-FR", "es-ES", "pl-PL", "de-CH", "fr-CH", "en-IN", "hi-IN", "ar-EG", "ar-SA", "zh-CN",
        "zh-TW", "ja-JP", "ko-KR", "ru-RU", "pt-BR", "it-IT", "nl-NL",
    ]

    /// Numbers and amounts as ICU's own number formatter writes them (`unumf`, ICU 72, the locale's defaults):
    /// the `number` formatter's text for generated values (a fixed seed) in the 19 locales, plain and in seven
    /// currencies, is ICU's, but for the bidirectional marks of CLDR's Arabic patterns before an amount and its
    /// sign, which the field does not write; and it reads back to the value.
    @Test func numbersAreWrittenAsICUWritesThem() throws {
        let registry = try load(
            #"{"fields": {"signed": {"formatters": [{"number": {"allowNegative": true}}]}, "#
                + ["USD", "EUR", "JPY", "EGP", "INR", "CHF", "PLN"].map {
                    #""price_\#($0)": {"formatters": [{"number": {"currency": "\#($0)", "allowNegative": true}}]}"#
                }.joined(separator: ", ") + "}}")
        let marks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]
        var generator = SplitMix64(state: 0x1C0)
        var compared = 0
        for tag in Self.issueLocales {
            for (name, field) in registry.fields.sorted(by: { $0.key < $1.key }) {
                let pinned = field.pinned(to: tag)
                let currency = name.hasPrefix("price_") ? String(name.dropFirst(6)) : nil
                let places = currency == "JPY" ? 0 : 2
                for _ in 0..<12 {
                    // Of every size: a random number shifted right by up to 28 bits.
                    let shift = Int.random(in: 0...28, using: &generator)
                    let whole = Int.random(in: 0..<1_000_000_000, using: &generator) >> shift
                    let cents = places == 0 ? 0 : Int.random(in: 0..<100, using: &generator)
                    let negative = Int.random(in: 0..<4, using: &generator) == 0
                    var value = (negative ? "-" : "") + String(whole)
                    if places > 0 && (currency != nil || cents != 0) {
                        let fraction = (cents < 10 ? "0" : "") + String(cents)
                        value +=
                            "." + (currency == nil && fraction.hasSuffix("0") ? String(fraction.dropLast()) : fraction)
                    }
                    let icu = try #require(LocaleData.icuFormatted(Double(value)!, currency: currency, in: tag))
                    let answer = pinned.format(value, event: .blur)
                    // The marks CLDR's Arabic patterns put before the amount and the sign are not written; a
                    // symbol's own (`ج.م.‏`) are: compared without any.
                    func unmarked(_ text: String) -> String {
                        String(String.UnicodeScalarView(text.unicodeScalars.filter { !marks.contains($0) }))
                    }
                    #expect(
                        unmarked(answer.text) == unmarked(icu),
                        "\(tag) \(name) \(value): ICU writes \(icu.debugDescription)")
                    #expect(
                        answer.text.unicodeScalars.first != "\u{200F}"
                            && !answer.text.unicodeScalars.contains("\u{061C}"))
                    #expect(
                        pinned.format(answer.text, event: .submit, submitted: true).value == value, "\(tag) \(name)")
                    compared += 1
                }
            }
        }
        #expect(compared == 19 * 8 * 12)
    }

    /// The caret never goes into or past a currency symbol written after the amount, and Backspace right
    /// after it deletes the last digit, as after a separator.
    @Test func theCaretStaysBeforeASuffixSymbol() throws {
        let euros = Self.field("price").pinned(to: "de-DE")
        #expect(try result(euros, "|", .type("5")) == "5|\u{00A0}€")
        #expect(try result(euros, "5|\u{00A0}€", .type("0")) == "50|\u{00A0}€")
        #expect(try result(euros, "5\u{00A0}€|", .backspace) == "|")
        #expect(try result(euros, "12\u{00A0}€|", .backspace) == "1|\u{00A0}€")
        #expect(try result(euros, "12\u{00A0}|€", .backspace) == "1|\u{00A0}€")
        #expect(try result(euros, "12|\u{00A0}€", .delete) == "12|\u{00A0}€")
        #expect(try result(euros, "1.234|\u{00A0}€", .type(",")) == "1.234,|\u{00A0}€")
        #expect(try result(euros, "|", .paste("1.234,5 €")) == "1.234,5|\u{00A0}€")
        let pounds = Self.field("egp").pinned(to: "ar-EG")
        #expect(try result(pounds, "|", .type("1")) == "١|\u{00A0}ج.م.\u{200F}")
        #expect(try result(pounds, "١|\u{00A0}ج.م.\u{200F}", .type("2")) == "١٢|\u{00A0}ج.م.\u{200F}")
        #expect(try result(pounds, "١٢|\u{00A0}ج.م.\u{200F}", .type(".")) == "١٢٫|\u{00A0}ج.م.\u{200F}")
        #expect(try result(pounds, "١٢\u{00A0}ج.م.\u{200F}|", .backspace) == "١|\u{00A0}ج.م.\u{200F}")
        // Backspace on the last letter of a symbol of several, a group separator before it: the digit before
        // the symbol goes, as from anywhere else in the symbol.
        let dollars = try configuredField(#"[{"number": {"currency": "USD"}}]"#).pinned(to: "es-ES")
        #expect(try result(dollars, "36.258\u{00A0}US$|", .backspace) == "3625|\u{00A0}US$")
        #expect(try result(dollars, "36.258\u{00A0}US|$", .backspace) == "3625|\u{00A0}US$")
        // A minus sign typed before a symbol the locale writes it after.
        let dutch = Self.field("price").pinned(to: "nl-NL")
        #expect(try result(dutch, "|", .type("-")) == "€\u{00A0}-|")
        #expect(try result(dutch, "€\u{00A0}-|", .type("5")) == "€\u{00A0}-5|")
        #expect(try result(dutch, "|€\u{00A0}5", .type("-")) == "€\u{00A0}-|5")
        // A symbol before the amount is a prefix: the caret goes after the digits as usual.
        #expect(try result(Self.field("chf").pinned(to: "de-CH"), "|", .type("5")) == "CHF\u{00A0}5|")
    }

    @Test func typingAndPastingAGermanNumberGiveTheSameText() throws {
        let amount = builtinField("amount")
        let german = requestLocale("de-DE")
        // Typed as a German user types it: the digits, the decimal comma (or a keypad's `.`), no grouping.
        for (typed, text) in [
            ("1234,56", "1.234,56"), ("1234.56", "1.234,56"), ("12345678,9", "12.345.678,9"), ("0,5", "0,5"),
        ] {
            var current = ""
            var caret = 0
            for character in typed {
                let answer = try amount.edit(
                    EditRequest(text: current, start: caret, end: caret, replacement: String(character)),
                    locale: german)
                current = answer.text
                caret = answer.caret
            }
            let pasted = try amount.edit(
                EditRequest(text: "", start: 0, end: 0, replacement: typed, inputType: .insertFromPaste), locale: german
            )
            #expect(current == text, "\(typed)")
            #expect(pasted.text == text, "\(typed)")
            #expect(!pasted.truncated, "\(typed)")
            let formatted = try amount.edit(
                EditRequest(text: "", start: 0, end: 0, replacement: text, inputType: .insertFromPaste), locale: german)
            #expect(formatted.text == text, "the formatted text pasted")
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
        // Arabic writes a right-to-left mark before each separator; the separator people see is the `/`.
        ("ar-EG", "31122024", "31\u{200F}/12\u{200F}/2024"), ("ar-SA", "31/12/2024", "31\u{200F}/12\u{200F}/2024"),
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
        // Typed in Arabic: the `/` after a day closes it, the mark comes with the separator.
        let arabic = requestLocale("ar-EG")
        var text = ""
        for key in ["3", "1", "1", "2", "2", "0", "2", "4"] {
            let answer = try? field.edit(
                EditRequest(text: text, start: text.utf16.count, end: text.utf16.count, replacement: key),
                locale: arabic)
            text = answer?.text ?? text
        }
        #expect(text == "31\u{200F}/12\u{200F}/2024")
        #expect(field.format("1/1/2024", event: .blur, locale: arabic).text == "01\u{200F}/01\u{200F}/2024")
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
        // On blur a lone hour digit is padded, as typing pads it; digits that cannot be a time are kept and
        // reported, never read another way.
        #expect(Self.field("start").format("930", event: .blur).text == "09:30")
        #expect(Self.field("start").format("993", event: .blur).validation.state == .invalid)
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
        #expect(LocalePreference(tags: ["de", "en-GB"]).region == "GB")
        #expect(LocalePreference(tags: ["es-419"]).region == nil)
        #expect(LocalePreference(tags: ["en-u-rg-gbzzzz"]).region == nil)
    }
}
