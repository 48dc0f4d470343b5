import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import Testing

/// A field of one formatter chain, loaded through the registry.
func configuredField(_ formatters: String, validators: String = "[]") throws -> Field {
    try load(#"{"fields": {"f": {"label": "Field", "formatters": \#(formatters), "validators": \#(validators)}}}"#)
        .fields["f"]!
}

/// The examples of issue 16, one row each: no edit silently destroys characters outside its range
/// (rule 10), and what each formatter does with characters that no longer fit.
///
/// Notation: `|` is the caret, `[...]` a selection (see EditNotation.swift).
@Suite struct EditIntegrityTableTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var field: String
        var before: String
        var action: Action
        var after: String
        var rejected = false
        var truncated = false
        var testDescription: String { "\(field): \(before) \(action) -> \(after)" }
    }

    /// Fields of the examples that are not built in.
    static let custom: [String: String] = [
        "plate": #"[{"mask": {"pattern": "AA## AAA"}}]"#,
        "ru_phone": #"[{"mask": {"pattern": "8 (###) ###-##-##"}}]"#,
        "ru_plus": #"[{"mask": {"pattern": "+7 (###) ###-##-##"}}]"#,
        "reference": #"[{"mask": {"pattern": "REF-******"}}]"#,
        "weight": "[\"uppercase\", {\"mask\": {\"pattern\": \"### kg\"}}]",
        "phone_jp": #"[{"phone": {"region": "JP"}}]"#,
        "phone_br": #"[{"phone": {"region": "BR"}}]"#,
        "german": #"[{"number": {"groupSeparator": ".", "decimalSeparator": ","}}]"#,
        "reference_upper": #"["uppercase", {"mask": {"pattern": "REF-******"}}]"#,
        "full_width": ###"[{"mask": {"pattern": "##／##"}}]"###,
        "digits_ru_plus": #"["digits", {"mask": {"pattern": "+7 (###) ###-##-##"}}]"#,
        "time24": #"[{"time": {"clock": 24}}]"#,
        "date_slash": #"[{"date": {"pattern": "DD/MM/YYYY"}}]"#,
        "date_weekday": #"[{"date": {"pattern": "EEE, DD MMM YYYY"}}]"#,
        "trim_12": #"["trim", {"maxLength": {"max": 12}}]"#,
        "hetu": #"[{"identifier": {"kind": "fi.hetu"}}]"#,
        "plates": #####"["uppercase", {"mask": {"patterns": ["AAA-####", "####-AAA", "AA ## AA"]}}]"#####,
    ]

    static func field(_ name: String) throws -> Field {
        if let formatters = custom[name] { return try configuredField(formatters) }
        return builtinField(name)
    }

    static let rows: [Row] = [
        // IBAN: characters an edit moves out of place stay (the field is invalid until they are fixed);
        // typed ones must fit where they land.
        Row(
            field: "iban", before: "|DE89 3704 0044 0532 0130 00", action: .delete, after: "|E893 7040 0440 5320 1300 0"
        ),
        Row(
            field: "iban", before: "D|E89 3704 0044 0532 0130 00", action: .type("X"),
            after: "DX|E8 9370 4004 4053 2013 000"),
        Row(
            field: "iban", before: "|E893 7040 0440 5320 1300 0", action: .type("D"),
            after: "D|E89 3704 0044 0532 0130 00"),
        Row(field: "iban", before: "DE8|9 3704", action: .type("x"), after: "DE8|9 3704", rejected: true),
        Row(
            field: "iban", before: "NO|89 3704 0044 0532 0130 00", action: .type("1"),
            after: "NO|89 3704 0044 0532 0130 00", rejected: true),
        // Masks mixing letter and digit slots: a deletion moves the rest, nothing vanishes.
        Row(field: "cn_resident_id", before: "|110101 19900307 123X", action: .delete, after: "|101011 99003071 23X"),
        Row(
            field: "cn_resident_id", before: "110101 19900307 12|3X", action: .backspace, after: "110101 19900307 1|3X"),
        Row(
            field: "cn_resident_id", before: "|101011 99003071 23X", action: .type("1"), after: "1|10101 19900307 123X"),
        Row(field: "plate", before: "A|B12 CDE", action: .backspace, after: "|B12C DE"),
        Row(field: "plate", before: "|B12C DE", action: .type("A"), after: "A|B12 CDE"),
        Row(field: "plate", before: "AB|12 CDE", action: .type("C"), after: "AB|12 CDE", rejected: true),
        Row(field: "plate", before: "AB12 CD|E", action: .delete, after: "AB12 CD|"),
        // Letters and digits a pattern starts with are part of the value.
        Row(field: "ru_phone", before: "|", action: .type("9"), after: "8 (9|"),
        Row(field: "ru_phone", before: "|", action: .type("8"), after: "8 (|"),
        Row(field: "ru_phone", before: "8 (|", action: .type("8"), after: "8 (8|"),
        Row(field: "ru_phone", before: "|", action: .paste("89161234567"), after: "8 (916) 123-45-67|"),
        Row(field: "ru_phone", before: "|", action: .paste("8 (916) 123-45-67"), after: "8 (916) 123-45-67|"),
        Row(field: "ru_phone", before: "8 (916) 1|23-45-67", action: .backspace, after: "8 (916) |234-56-7"),
        Row(field: "ru_plus", before: "|", action: .paste("+79161234567"), after: "+7 (916) 123-45-67|"),
        Row(field: "ru_plus", before: "|", action: .type("7"), after: "+7 (|"),
        Row(field: "reference", before: "|", action: .type("A"), after: "REF-A|"),
        Row(field: "reference", before: "|", action: .paste("REF-AB12CD"), after: "REF-AB12CD|"),
        Row(field: "reference", before: "REF-AB12C|D", action: .type("1"), after: "REF-AB12C|D", rejected: true),
        Row(field: "weight", before: "12|", action: .type("5"), after: "125 kg|"),
        Row(field: "weight", before: "125 kg|", action: .type("k"), after: "125 kg|", rejected: true),
        Row(field: "weight", before: "|125 kg", action: .delete, after: "|25"),
        // Expiry: backspace over the `/` keeps the year; a four-digit year is its last two digits.
        Row(field: "card_expiry", before: "12/|30", action: .backspace, after: "1/|30"),
        Row(field: "card_expiry", before: "|", action: .paste("12/2030"), after: "12/30|"),
        Row(field: "card_expiry", before: "12/20|", action: .type("3"), after: "12/203|"),
        Row(field: "card_expiry", before: "12/203|", action: .type("0"), after: "12/30|"),
        Row(field: "card_expiry", before: "12/30|", action: .type("1"), after: "12/30|", rejected: true),
        Row(field: "card_expiry", before: "1|", action: .type("-"), after: "01/|"),
        // Phone: deleting a digit of the country code keeps every digit.
        Row(field: "phone", before: "+8|6 138 0013 8000", action: .backspace, after: "+|613800138000"),
        Row(field: "phone", before: "+|613800138000", action: .type("8"), after: "+8|6 138 0013 8000"),
        Row(field: "phone", before: "|", action: .paste("0044 20 7946 0958"), after: "+44 20 7946 0958|"),
        Row(field: "phone", before: "+|", action: .type("0"), after: "+0|"),
        // The international prefix written out stays as typed until a digit follows it, then becomes the `+`.
        Row(field: "phone", before: "+0|", action: .type("0"), after: "+00|"),
        Row(field: "phone", before: "+00|", action: .type("4"), after: "+4|"),
        Row(field: "phone_cn", before: "|", action: .paste("0044 20 7946 0958"), after: "00 44 20 7946 0958|"),
        Row(field: "phone_us", before: "220|155501401555123", action: .delete, after: "220|55501401555123"),
        Row(field: "phone_us", before: "(201) 555-0123|", action: .type("4"), after: "(201) 555-0123|", rejected: true),
        // Complete: no number of any type of the region continues them (0600765965 is a personal number).
        Row(field: "phone_jp", before: "060-076-5965|", action: .type("3"), after: "060-076-5965|", rejected: true),
        Row(field: "phone_br", before: "(18) 4375-4640|", action: .type("6"), after: "(18) 4375-4640|", rejected: true),
        // Numbers: zeros that become leading stay until blur.
        Row(field: "amount", before: "1|,000", action: .backspace, after: "|000"),
        Row(field: "amount", before: "|000", action: .type("2"), after: "2|,000"),
        Row(field: "amount", before: "|6,026,342", action: .delete, after: "|026,342"),
        Row(field: "amount", before: "|026,342", action: .type("6"), after: "6|,026,342"),
        Row(field: "amount", before: "|", action: .paste("-5"), after: "5|", truncated: true),
        Row(field: "amount", before: "|", action: .type("-"), after: "|", rejected: true),
        Row(field: "amount", before: "|", action: .paste("12abc"), after: "12|", truncated: true),
        Row(field: "amount", before: "|", action: .paste("1,5"), after: "15|", truncated: true),
        Row(field: "amount", before: "|", action: .paste("1,234.50"), after: "1,234.50|"),
        // A `.` is a group separator where a group follows it, else the decimal point (a keypad's key).
        Row(field: "german", before: "1|", action: .type("."), after: "1,|"),
        Row(field: "german", before: "1.234|", action: .type("."), after: "1.234,|"),
        Row(field: "german", before: "1,23|", action: .type("4"), after: "1,23|", rejected: true),
        Row(field: "german", before: "|", action: .paste("1.234,56"), after: "1.234,56|"),
        Row(field: "german", before: "|", action: .paste("1.234"), after: "1.234|"),
        Row(field: "german", before: "|", action: .paste("1.5"), after: "1,5|"),
        Row(field: "german", before: "1.2|34.567", action: .backspace, after: "1|34.567"),
        Row(field: "german", before: "|1.234", action: .delete, after: "|234"),
        Row(field: "german", before: "1.23|4", action: .type(","), after: "123,|4"),
        // Backspace and Delete always make progress.
        Row(field: "phone", before: "|+44 20 7946 0958", action: .delete, after: "|+420 794 609 58"),
        Row(field: "amount", before: "|0.5", action: .delete, after: "|.5"),
        Row(field: "amount", before: "|6.49", action: .delete, after: "|.49"),
        Row(field: "ru_plus", before: "|+7 (916) ", action: .delete, after: "|+7 (16"),
        // Issue 24: a deletion keeps every other character where the user left it, and adds none.
        Row(field: "card_expiry", before: "|04/30", action: .delete, after: "|4/30"),
        Row(field: "card_expiry", before: "|4/30", action: .type("0"), after: "0|4/30"),
        Row(field: "date", before: "2020-|07-09", action: .backspace, after: "202-|07-09"),
        Row(field: "date", before: "202|-07-09", action: .type("1"), after: "2021|-07-09"),
        Row(field: "date", before: "199|0-01-31", action: .delete, after: "199|-01-31"),
        Row(field: "date", before: "2000-02-2|9", action: .backspace, after: "2000-02-|9"),
        Row(field: "date", before: "2020-0|7-09", action: .backspace, after: "2020-|7-09"),
        Row(field: "time24", before: "|01:1", action: .delete, after: "|1:1"),
        // A separator that holds a part short stays where it is, out of place in the last part when a paste
        // before it fills the parts (`3.2` over `0/` of `0/5/3` is not `03/02/53`, which would make it the
        // boundary before the `5`), and a padding `0` is not written with the separator typed after the digit
        // it pads.
        Row(field: "date_slash", before: "[0/]5/3", action: .paste("ß3.2+"), after: "03/02|/5/3", truncated: true),
        Row(field: "date_slash", before: "[7]/0", action: .paste("216"), after: "21/06|/0"),
        // Letters before a date that begin a weekday's name without being what a deletion left of one stay, out
        // of place, as formatting the text gives them (`SN03` is no remnant of `Sun` when nothing was deleted).
        Row(field: "date_weekday", before: "|N03", action: .type("S"), after: "S|N03"),
        // Of several patterns, the one the answer's own text chooses: `ßa` pasted before `R8F-` is not `SS R8 F`
        // (the `a` refused, the `R` out of place), whose text lays out `SSR-8F`.
        Row(field: "plates", before: "|R8F-", action: .paste("ßa"), after: "SS|R-8F", truncated: true),
        // A symbol that is part of the value (the century sign of a Finnish henkilötunnus) stays where an edit
        // moves it, out of place, as a digit does; typed back, the digit puts it in place again.
        Row(field: "hetu", before: "|131052-308T", action: .delete, after: "|31052-308T"),
        Row(field: "hetu", before: "|31052-308T", action: .type("1"), after: "1|31052-308T"),
        Row(field: "hetu", before: "|250XE5+5", action: .delete, after: "|50XE5+5"),
        Row(field: "reference_upper", before: "|REF-4EF4KD", action: .delete, after: "|REF-EF4KD"),
        Row(field: "ru_plus", before: "|+7 (17", action: .delete, after: "|+7 (7"),
        Row(field: "full_width", before: "12／|34", action: .type("x"), after: "12／|34", rejected: true),
        Row(field: "full_width", before: "12|34", action: .type("／"), after: "12／|34"),
        // A group separator the field wrote never becomes a decimal point because of a deletion.
        Row(field: "german", before: "1.2|34", action: .backspace, after: "1|34"),
        Row(field: "german", before: "1.234.5|67", action: .backspace, after: "123.4|67"),
        Row(field: "german", before: "1.234.567|", action: .backspace, after: "123.456|"),
        Row(field: "german", before: "1.234.567,8|9", action: .backspace, after: "1.234.567,|9"),
    ]

    @Test(arguments: rows) func row(_ row: Row) throws {
        let outcome = try apply(try Self.field(row.field), row.before, row.action)
        #expect(Marked(text: outcome.text, caret: outcome.caret).description == row.after)
        #expect(outcome.rejected == row.rejected)
        #expect(outcome.truncated == row.truncated)
    }

    // MARK: Typing equals pasting for the examples

    @Test(arguments: [
        ("ru_phone", "9161234567", "8 (916) 123-45-67"), ("ru_phone", "89161234567", "8 (916) 123-45-67"),
        ("ru_plus", "+7 (912) 345-67-89", "+7 (912) 345-67-89"), ("reference", "AB12CD", "REF-AB12CD"),
        ("reference", "REF-AB12CD", "REF-AB12CD"), ("card_expiry", "12/2030", "12/30"),
        ("phone", "0044 20 7946 0958", "+44 20 7946 0958"), ("german", "1234,56", "1.234,56"),
        ("german", "12.50", "12,50"),
        ("phone_jp", "06007659653", "060-076-5965"), ("phone_br", "18437546406", "(18) 4375-4640"),
        ("weight", "125kg", "125 kg"),
    ])
    func typingEqualsPasting(field name: String, typed: String, expected: String) throws {
        let field = try Self.field(name)
        let typedOutcome = try typeEach(field, typed)
        let pasted = try apply(field, "|", .paste(typed))
        #expect(typedOutcome.text == expected)
        #expect(pasted.text == expected)
        #expect(field.format(typedOutcome.value).text == expected)
    }

    /// A value submitted too long is cut at the limit, and white space the cut leaves at its end goes too: a
    /// `trim` before the limit would take it on the next formatting (rule 9).
    @Test func aSubmittedValueCutAtTheLimitEndsWithoutWhiteSpace() throws {
        let field = try Self.field("trim_12")
        let once = field.format("a b c d e f g h", event: .submit, submitted: true)
        #expect(once.text == "a b c d e f")
        #expect(field.format(once.text, event: .submit, submitted: true).text == once.text)
        #expect(field.format("a b c d e f", event: .submit, submitted: true).text == "a b c d e f")
    }

    /// A text formatted as it stands has no deletion point: `SN03` keeps its letters (the `S` the month's, as
    /// `Sep` begins with it; the rest out of place), which only a deletion just made in `Sun` would make formatting.
    @Test func lettersOfNoWeekdayStayWhenNothingWasDeleted() throws {
        let field = try Self.field("date_weekday")
        #expect(field.format("SN03").text == "SN03")
        #expect(field.format("SN03").unexpected == ["N", "0", "3"])
    }

    /// A text with characters of no pattern is laid out in the pattern its layout's own text chooses (CPF or
    /// CNPJ: the letters that only CNPJ would take dropped, twelve digits are CNPJ's), so that formatting is
    /// idempotent and the value gives the text back.
    @Test func severalPatternsLayOutWhatTheirOwnTextChooses() throws {
        let field = builtinField("tax_id_br")
        for text in ["éßD é٣张５Z👍🏽a/.\t9ß(057５B/@8301x０", "38ééé 7é1E9éDE4,５)1,😀X０٣8é8"] {
            let once = field.format(text)
            #expect(field.format(once.text).text == once.text, "\(text.debugDescription): \(once.text)")
            #expect(field.format(once.value).text == once.text, "\(text.debugDescription): \(once.value)")
        }
    }

    @Test func theValueOfAPatternThatStartsWithDigitsHoldsThem() throws {
        #expect(try typeEach(try Self.field("ru_phone"), "9161234567").value == "89161234567")
        #expect(try typeEach(try Self.field("ru_plus"), "9161234567").value == "79161234567")
        #expect(try typeEach(try Self.field("reference"), "AB12CD").value == "REFAB12CD")
        #expect(try Self.field("weight").format("125 kg").value == "125")
    }

    /// Issue 24: the field's own text is a valid submitted value, and what a deletion left is whole again
    /// on blur and when submitted.
    @Test func theFieldsOwnTextIsAValidSubmittedValue() throws {
        let digitsMask = try Self.field("digits_ru_plus")
        let own = try typeEach(digitsMask, "9161234567")
        #expect(own.text == "+7 (916) 123-45-67")
        let submitted = digitsMask.format(own.text, event: .submit, submitted: true)
        #expect(submitted.unexpected.isEmpty)
        #expect(submitted.text == own.text)
        #expect(submitted.value == own.value)
        let expiry = builtinField("card_expiry")
        let left = try apply(expiry, "|04/30", .delete)
        #expect(left.value == "4/30")
        #expect(left.validation.state == .incomplete)
        #expect(expiry.format(left.text, event: .blur).text == "04/30")
        #expect(expiry.format(left.text, event: .submit, submitted: true).value == "0430")
        let date = builtinField("date")
        let short = try apply(date, "2020-|07-09", .backspace)
        #expect(short.value == "202-0709")
        #expect(short.validation.state == .incomplete)
        #expect(date.format(short.value).text == short.text)
    }

    // MARK: What the answer says about characters out of place

    @Test func charactersOutOfPlaceMakeTheFieldInvalidUntilFixed() throws {
        let iban = try apply(builtinField("iban"), "|DE89 3704 0044 0532 0130 00", .delete)
        #expect(iban.validation.valid == false)
        #expect(iban.unexpected == ["8"])
        #expect(iban.validation.results.first?.rule == "unexpectedCharacters")
        let id = try apply(builtinField("cn_resident_id"), "|110101 19900307 123X", .delete)
        #expect(id.unexpected == ["X"])
        #expect(id.complete == false)
        let phone = try apply(builtinField("phone"), "+8|6 138 0013 8000", .backspace)
        #expect(phone.value == "+613800138000")
        #expect(phone.validation.valid == false)
    }

    @Test func leadingZerosGoOnBlur() throws {
        let amount = builtinField("amount")
        #expect(amount.format("000", event: .blur).text == "0")
        #expect(amount.format("026,342", event: .blur).text == "26,342")
        let blur = try amount.edit(EditRequest(text: "007", start: 3, end: 3, replacement: "", event: .blur))
        #expect(blur.text == "7")
        #expect(blur.validation.valid)
    }

    // MARK: Rule 8: an insertion never splits a character

    @Test func anInsertionInsideACharacterGoesAfterIt() throws {
        let name = builtinField("full_name")
        // Between 👍 and its skin tone (UTF-16 offset 6).
        let outcome = try name.edit(EditRequest(text: "Jane👍🏽", start: 6, end: 6, replacement: "x"))
        #expect(outcome.text == "Jane👍🏽x")
        #expect(outcome.caret == 9)
        let accent = try name.edit(EditRequest(text: "Cafe\u{301}!", start: 4, end: 4, replacement: "s"))
        #expect(accent.text == "Cafe\u{301}s!")
        // A combining mark typed after a letter still joins it.
        #expect(
            try name.edit(EditRequest(text: "Cafe", start: 4, end: 4, replacement: "\u{301}")).text == "Cafe\u{301}")
    }
}

/// Rule 11: validation of submitted values (`/v1/validate`, `blur`, `submit`).
@Suite struct SubmittedValueTests {
    /// Values the issue found called valid, with the characters that make them invalid now.
    @Test(
        arguments: [
            ("amount", "12abc", "12", ["a", "b", "c"]), ("amount", "1e5", "15", ["e"]), ("amount", "-5", "5", ["-"]),
            ("credit_card", "4242 4242 4242 424x2", "4242 4242 4242 4242", ["x"]),
            ("card_cvc", "1a2b3", "123", ["a", "b"]),
            // A phone number keeps the digits `/v1/format` shows; those after a complete number are reported.
            ("phone_us", "201 555 0123 ext 9", "20155501239", ["e", "x", "t", "9"]),
            ("iban", "DE89 3704 0044 0532 0130 0012", "DE89 3704 0044 0532 0130 00", ["1", "2"]),
            ("email", "user name@example.com", "username@example.com", [" "]),
            ("date", "2026-11-29x", "2026-11-29", ["x"]),
            (
                "username", "jane_doe_the_first_of_her_name", "jane_doe_the_first_o",
                ["f", "_", "h", "e", "r", "n", "a", "m"]
            ),
        ] as [(String, String, String, [Unicode.Scalar])])
    func droppedCharactersMakeASubmittedValueInvalid(
        field name: String, value: String, shown: String, characters: [Unicode.Scalar]
    ) throws {
        let check = try builtin.validate([(name, value)], event: .submit)
        let outcome = try #require(check.fields.first?.outcome)
        #expect(check.valid == false)
        #expect(outcome.text == shown, "the answer shows what the value would be")
        #expect(outcome.validation.state == .invalid)
        let error = try #require(outcome.validation.errors.first)
        #expect(error.rule == "unexpectedCharacters")
        #expect(Set(outcome.unexpected) == Set(characters))
        let result = try #require(outcome.validation.results.first)
        #expect(result.details["characters"] != nil)
    }

    /// Separators, spaces, digit forms, a country code or trunk prefix, case: normalizing them is fine.
    @Test(arguments: [
        ("phone_cn", "+86 138 0013 8000"), ("phone_cn", "0086 138-0013-8000"), ("phone", "0044 20 7946 0958"),
        ("credit_card", "4242-4242-4242-4242"), ("credit_card", "４２４２ ４２４２ ４２４２ ４２４２"),
        ("amount", "1,234.50"), ("amount", " 1 234.50 "), ("iban", "de89 3704 0044 0532 0130 00"),
        ("iban", "IBAN: DE89 3704 0044 0532 0130 00"), ("card_expiry", "12/2030"), ("date", "2026/11/29"),
        ("email", " Jane.Doe@EXAMPLE.com "), ("card_cvc", "１２３"), ("cn_resident_id", "11010519491231002x"),
    ])
    func normalizingIsFine(field name: String, value: String) throws {
        let check = try builtin.validate([(name, value)], event: .submit)
        let outcome = try #require(check.fields.first?.outcome)
        #expect(outcome.unexpected.isEmpty, "\(name) \(value): \(outcome.unexpected)")
        #expect(!outcome.validation.results.contains { $0.rule == "unexpectedCharacters" })
    }

    @Test func theMessageInEnglishAndSimplifiedChinese() throws {
        let english = builtinField("amount").format("12abc", event: .submit, submitted: true)
        #expect(
            english.validation.errors.first?.message == "Amount contains characters that cannot be part of it: a b c")
        let chinese = builtinField("amount").format(
            "12abc", event: .submit, submitted: true, locale: LocalePreference(tags: ["zh-CN"]))
        #expect(chinese.validation.errors.first?.message == "金额包含不能使用的字符：a b c")
        // Invisible characters are named by their code point.
        let space = builtinField("email").format("a b@example.com", event: .submit, submitted: true)
        #expect(space.validation.errors.first?.message.hasSuffix(": U+0020") == true)
        #expect(space.validation.results.first?.details["characters"] == .array([.string(" ")]))
    }

    @Test func formsCheckTheirFieldsAsSubmitted() throws {
        let form = try #require(builtin.forms["signup"])
        let check = form.validate([
            ("username", "jane_doe"), ("email", "jane@example.com"), ("phone_cn", "138 0013 8000 ext 1"),
            ("password", "Tr0ub4dor&3xyz!"), ("password_confirm", "Tr0ub4dor&3xyz!"),
        ])
        #expect(check.valid == false)
        let phone = try #require(check.fields.first { $0.name == "phone_cn" })
        #expect(phone.outcome.validation.errors.first?.rule == "unexpectedCharacters")
        #expect(phone.outcome.text == "13 800 138 0001")
        #expect(phone.outcome.unexpected == ["e", "x", "t", "1"])
    }

    @Test func blurAndSubmitEditsReportDroppedCharactersAndChangeDoesNot() throws {
        let amount = builtinField("amount")
        for (event, reported) in [(ValidationEvent.change, false), (.blur, true), (.submit, true)] {
            let outcome = try amount.edit(EditRequest(text: "12abc", start: 5, end: 5, replacement: "", event: event))
            #expect(outcome.text == "12")
            #expect((outcome.validation.errors.first?.rule == "unexpectedCharacters") == reported, "\(event)")
        }
    }

    @Test func aWholeTextKeepsWhatItCanAndReportsTheRest() throws {
        // As it stands (a prefill, the text a client shows on blur), nothing that can stay is dropped.
        let outcome = builtinField("credit_card").format("5555 5555 5555 4444 1", event: .blur)
        #expect(outcome.text == "5555 5555 5555 44441")
        #expect(outcome.validation.errors.first?.rule == "unexpectedCharacters")
        let submitted = builtinField("credit_card").format("5555 5555 5555 4444 1", event: .submit, submitted: true)
        #expect(submitted.text == "5555 5555 5555 4444")
        #expect(submitted.validation.valid == false)
    }
}

/// `--check-config` refuses the configurations the engine cannot serve by the edit rules.
@Suite struct ServableConfigurationTests {
    @Test(arguments: [
        (
            #"[{"mask": {"pattern": "*** kg"}}]"#,
            #"a.json: field "f", formatters[0] (mask): the pattern "*** kg" has the literal 'k' after its first slot, where a slot also takes it: once an edit moves characters, a typed 'k' could not be told from the pattern's (letters and digits that slots take may only stand before the first slot)"#
        ),
        (
            "[{\"mask\": {\"pattern\": \"##0##\"}}]",
            "a.json: field \"f\", formatters[0] (mask): the pattern \"##0##\" has the literal '0' after its first slot, where a slot also takes it: once an edit moves characters, a typed '0' could not be told from the pattern's (letters and digits that slots take may only stand before the first slot)"
        ),
        (
            "[{\"mask\": {\"pattern\": \"##\\u0301##\"}}]",
            "a.json: field \"f\", formatters[0] (mask): the pattern \"##\u{301}##\" has the literal U+301, which joins the character before it into one character, so the caret could not stand between them"
        ),
        (
            #"[{"maxLength": {"max": 19}}, "creditCard"]"#,
            #"a.json: field "f", formatters[1] (creditCard): comes after maxLength (formatters[0]), which would count characters creditCard then changes; put maxLength last"#
        ),
        (
            #"[{"mask": {"pattern": "AA-###"}}, "uppercase"]"#,
            #"a.json: field "f", formatters[1] (uppercase): comes after mask (formatters[0]), which lays the whole text out; only maxLength may follow it (put uppercase before it)"#
        ),
        (
            #"["email", {"mask": {"pattern": "AA-###"}}]"#,
            #"a.json: field "f", formatters[1] (mask): comes after email (formatters[0]), which lays the whole text out; only maxLength may follow it (put mask before it)"#
        ),
        (
            #"["digits", {"mask": {"pattern": "AA"}}]"#,
            #"a.json: field "f", formatters: no character can be typed into this field: each formatter drops what another needs"#
        ),
        (
            #"[{"number": {"groupSeparator": ".", "decimalSeparator": ",", "fractionDigits": 3}}]"#,
            #"a.json: field "f", formatters[0] (number): with "." as groupSeparator, fractionDigits must be below 3 (the digits of a thousand group), or a value such as 1234.567 could not be told from the text 1.234.567"#
        ),
        (
            #"[{"number": {"decimalSeparator": "\u2212"}}]"#,
            #"a.json: field "f", formatters[0] (number): decimalSeparator cannot be a sign or a character that joins the one before it"#
        ),
    ])
    func refused(formatters: String, line: String) {
        #expect(problems(#"{"fields": {"f": {"formatters": \#(formatters)}}}"#) == [line])
    }

    @Test(arguments: [
        "[{\"mask\": {\"pattern\": \"### kg\"}}]", #"["uppercase", {"mask": {"pattern": "+7 (###) ###-##-##"}}]"#,
        #"[{"mask": {"pattern": "REF-******"}}]"#, #"[{"mask": {"pattern": "8 (###) ###-##-##"}}]"#,
        "[{\"mask\": {\"pattern\": \"##x##\"}}]",
        #"["trim", "collapseWhitespace", {"maxLength": {"max": 100}}]"#, #"["creditCard", {"maxLength": {"max": 19}}]"#,
        #"[{"number": {"groupSeparator": ".", "decimalSeparator": ",", "fractionDigits": 2}}]"#,
        #"["removeWhitespace", "email"]"#, #"["digits", "creditCard"]"#,
    ])
    func accepted(formatters: String) throws {
        #expect(try load(#"{"fields": {"f": {"formatters": \#(formatters)}}}"#).fields["f"] != nil)
    }
}
