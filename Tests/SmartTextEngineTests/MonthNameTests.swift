import SmartTextEngine
import SmartTextNativeRules
import SmartTextTestSupport
import Testing

/// Issue 28: a date pattern with `MMM` writes the month's name (`31 Dec 2024`), typed as digits or as letters;
/// `value` is the digits (`31122024`), and the caret and edit rules hold as digits become a name.
///
/// Notation: `|` is the caret, `[...]` a selection (see EditNotation.swift).
@Suite struct MonthNameTests {
    typealias Row = EditRow

    static let fields: [String: String] = [
        "dmy": #"[{"date": {"pattern": "DD MMM YYYY"}}]"#,
        "mdy": #"[{"date": {"pattern": "MMM-DD-YYYY"}}]"#,
        "month": #"[{"date": {"pattern": "MMM YYYY"}}]"#,
    ]

    static func field(_ name: String) throws -> Field { try configuredField(fields[name]!, validators: #"["date"]"#) }

    static let rows: [Row] = [
        Row(field: "dmy", before: "|", action: .paste("31122024"), after: "31 Dec 2024|", value: "31122024"),
        Row(field: "dmy", before: "31 1|", action: .type("2"), after: "31 Dec |", value: "3112"),
        Row(field: "dmy", before: "31 |", action: .type("4"), after: "31 Apr |"),
        Row(field: "dmy", before: "31 |", action: .type("1"), after: "31 1|", value: "311"),
        Row(field: "dmy", before: "31 1|", action: .type(" "), after: "31 Jan |"),
        Row(field: "dmy", before: "31 1|", action: .type("3"), after: "31 1|", value: "311", rejected: true),
        Row(field: "dmy", before: "31 |", action: .type("d"), after: "31 d|", value: "31d"),
        Row(field: "dmy", before: "31 de|", action: .type("c"), after: "31 Dec |", value: "3112"),
        Row(field: "dmy", before: "3|1 Dec 2024", action: .backspace, after: "|1 Dec 2024", value: "1 Dec2024"),
        Row(field: "dmy", before: "[31 ]Dec 2024", action: .backspace, after: "|Dec 2024", value: "Dec2024"),
        Row(field: "dmy", before: "31 D|", action: .type("x"), after: "31 D|", rejected: true),
        Row(field: "dmy", before: "|", action: .paste("31 dec 2024"), after: "31 Dec 2024|", value: "31122024"),
        Row(field: "dmy", before: "31 Dec| 2024", action: .backspace, after: "31 De| 2024", value: "31De 2024"),
        Row(field: "dmy", before: "31 De| 2024", action: .type("c"), after: "31 Dec| 2024", value: "31122024"),
        Row(field: "dmy", before: "31 Jun 202|", action: .type("4"), after: "31 Jun 2024|", value: "31062024"),
        Row(field: "mdy", before: "|", action: .paste("12312024"), after: "Dec-31-2024|", value: "12312024"),
        Row(field: "mdy", before: "|", action: .type("5"), after: "May-|"),
        Row(field: "month", before: "|", action: .paste("092026"), after: "Sep 2026|", value: "092026"),
    ]

    @Test(arguments: rows) func row(_ row: Row) throws {
        try row.check(in: Self.field(row.field))
    }

    @Test func aWholeDateIsInMetaAndValid() throws {
        let field = try Self.field("dmy")
        let answer = try field.edit(request(Marked("|"), .paste("29 Feb 2024")))
        #expect(answer.meta["date"] == .string("2024-02-29"))
        #expect(answer.validation.valid)
        let impossible = try field.edit(request(Marked("|"), .paste("30 Feb 2024")))
        #expect(!impossible.validation.valid)
        let partial = try field.edit(request(Marked("|"), .paste("30 Fe")))
        #expect(!partial.validation.valid && !partial.complete && partial.validation.state != .invalid)
    }

    /// The names are the request locale's (CLDR's stand-alone abbreviations, without their final dot); where
    /// the locale writes months with digits (`12月`), English's.
    @Test(arguments: [
        ("de-DE", "31 Dez 2024"), ("fr-FR", "31 déc 2024"), ("es-ES", "31 dic 2024"), ("ru-RU", "31 дек 2024"),
        ("ja-JP", "31 Dec 2024"), ("en-GB", "31 Dec 2024"),
    ])
    func namesAreTheLocales(tag: String, text: String) throws {
        let field = try Self.field("dmy")
        let locale = requestLocale(tag)
        let typed = field.format("31122024", locale: locale)
        #expect(typed.text == text)
        #expect(typed.value == "31122024")
        #expect(field.format(text, locale: locale).value == "31122024", "\(tag): \(text) read back")
    }

    /// A date writes CLDR's names in a date (the format context: Russian's `мар`, a genitive), a month alone
    /// those that stand alone (`март`); each reads back.
    @Test func aDateAndAMonthAloneTakeTheirOwnNames() throws {
        let russian = requestLocale("ru-RU")
        let date = try Self.field("dmy").format("31032024", locale: russian)
        #expect(date.text == "31 мар 2024")
        let month = try Self.field("month").format("032024", locale: russian)
        #expect(month.text == "март 2024")
        #expect(try Self.field("month").format("МАРТ 2024", locale: russian).value == "032024")
    }

    /// A name is compared decomposed: Greek capitals typed with the accent as a key of its own (`Ϊ`, then
    /// U+0301) spell `Μαΐ`, written as the locale writes it; the abbreviation mark Hebrew's names end with is
    /// formatting, so CLDR's own text reads.
    @Test func namesAreReadAsTypedAndAsCLDRWritesThem() throws {
        let field = try Self.field("dmy")
        let greek = try typeEach(field, "25ΜΑΪ\u{301}", locale: requestLocale("el-GR"))
        #expect(greek.text == "25 Μαΐ " && greek.value == "2505" && greek.caret == 7)
        let hebrew = field.format("01 ינו׳ 2024", locale: requestLocale("he-IL"))
        #expect(hebrew.text == "01 ינו 2024" && hebrew.value == "01012024" && hebrew.validation.valid)
    }

    /// A field reads the locale's full names, those of its other CLDR context and English's for the same months
    /// (where they begin no other month's name), and writes its own: the letters that go on spelling a longer
    /// name after one was read are formatting.
    @Test(arguments: [
        ("en-US", "31 December 2024", "31 Dec 2024"), ("de-DE", "31 Dezember 2024", "31 Dez 2024"),
        ("de-DE", "31 Dec 2024", "31 Dez 2024"), ("de-DE", "31 märz 2024", "31 März 2024"),
        ("ar-EG", "31 Dec 2024", "31 ديسمبر 2024"), ("ru-RU", "31 марта 2024", "31 мар 2024"),
        ("fr-FR", "31 décembre 2024", "31 déc 2024"),
    ])
    func otherNamesOfTheMonthAreRead(tag: String, pasted: String, text: String) throws {
        let answer = try Self.field("dmy").edit(request(Marked("|"), .paste(pasted)), locale: requestLocale(tag))
        #expect(answer.text == text && answer.validation.valid && !answer.truncated, "\(tag): \(answer.text)")
        let march = pasted.contains("mär") || pasted.contains("мар")
        #expect(answer.value == (march ? "31032024" : "31122024"), "\(tag): \(answer.value)")
        #expect(answer.meta["date"] == .string(march ? "2024-03-31" : "2024-12-31"))
    }

    /// A name read with fewer letters than the field writes is written whole at once, the caret after it (its
    /// last letter stands for the last one typed), and the letters typed on that spell the longer name are
    /// formatting: `mär` then `z` is `März`.
    @Test func aShorterNameIsWrittenWholeAndTheRestTypedIsFormatting() throws {
        let field = try Self.field("dmy")
        let german = requestLocale("de-DE")
        let shorter = try typeEach(field, "31mär", locale: german)
        #expect(shorter.text == "31 März " && shorter.caret == 8 && shorter.value == "3103")
        let whole = try typeEach(field, "z2024", into: "31 März |", locale: german)
        #expect(whole.text == "31 März 2024" && whole.validation.valid)
        let arabic = try typeEach(field, "31dec", locale: requestLocale("ar-EG"))
        #expect(arabic.text == "31 ديسمبر " && arabic.value == "3112")
        let december = try typeEach(field, "31december2024", locale: requestLocale("en-US"))
        #expect(december.text == "31 Dec 2024" && december.value == "31122024")
    }

    /// The README's example: its registry loads, each row of its table is what the field gives, and the
    /// built-in `date_month_name` is the same field.
    @Test func theReadmesExampleGivesWhatItShows() throws {
        try ReadmeExample.checkDates("month names", builtin: "date_month_name", rows: 7)
    }

    /// Letters out of place right after a name written whole stay apart from it in the value, which formats back
    /// to the text (`0 juil lu` is not `juillet`'s `0juillu`; found with other seeds of the generated properties).
    @Test func lettersAfterAWholeNameKeepTheirSeparatorInTheValue() throws {
        let field = try Self.field("dmy")
        for (tag, text) in [("fr-FR", "0 juil lu"), ("es-ES", "1 ago se5arE0"), ("en-US", "3 Dec em")] {
            let locale = requestLocale(tag)
            let shown = field.format(text, locale: locale)
            #expect(shown.text == text, "\(tag)")
            #expect(field.format(shown.value, locale: locale).text == text, "\(tag): value \(shown.value)")
        }
    }

    @Test func namesThatCannotBeTypedLetterByLetterAreRefused() {
        #expect(MonthNames(["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"]) == nil)
        #expect(MonthNames(["Ja", "Jan", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]) == nil)
        let french = [
            "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc.",
        ]
        #expect(MonthNames(french)?.names.first == Array("janv".unicodeScalars))
    }
}
