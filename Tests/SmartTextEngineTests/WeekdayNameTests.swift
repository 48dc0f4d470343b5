import SmartTextEngine
import SmartTextNativeRules
import SmartTextTestSupport
import Testing

/// Issue 28: `EEE` in a date pattern writes the date's weekday (`Tue, 31 Dec 2024`, `31.12.2024 (Di.)`) once the
/// date is whole and real; it is never typed, and its text in what is sent back is formatting.
///
/// Notation: `|` is the caret, `[...]` a selection (see EditNotation.swift).
@Suite struct WeekdayNameTests {
    typealias Row = EditRow

    static let fields: [String: String] = [
        "first": #"[{"date": {"pattern": "EEE, DD MMM YYYY"}}]"#,
        "last": #"[{"date": {"pattern": "DD.MM.YYYY (EEE)"}}]"#,
        "iso": #"[{"date": {"pattern": "YYYY-MM-DD EEE"}}]"#,
        "digits": #"[{"date": {"pattern": "EEE DD/MM/YYYY"}}]"#,
        "monthFirst": #"[{"date": {"pattern": "MMM-DD-YYYY, EEE"}}]"#,
    ]

    static func field(_ name: String) throws -> Field { try configuredField(fields[name]!, validators: #"["date"]"#) }

    static let rows: [Row] = [
        Row(field: "first", before: "|", action: .paste("31122024"), after: "Tue, 31 Dec 2024|", value: "31122024"),
        Row(field: "first", before: "31 Dec 202|", action: .type("4"), after: "Tue, 31 Dec 2024|", value: "31122024"),
        // Backspace takes the date's last digit, and the weekday goes with the whole date.
        Row(field: "first", before: "Tue, 31 Dec 2024|", action: .backspace, after: "31 Dec 202|", value: "3112202"),
        // A change of the date changes its weekday.
        Row(field: "first", before: "Tue, 3[1] Dec 2024", action: .type("0"), after: "Mon, 30| Dec 2024"),
        // The weekday is not typed: a key inside it changes nothing, Backspace in it deletes nothing typed.
        Row(
            field: "first", before: "Tu|e, 31 Dec 2024", action: .type("x"), after: "Tu|e, 31 Dec 2024", rejected: true),
        Row(field: "first", before: "Tue|, 31 Dec 2024", action: .backspace, after: "Tue, |31 Dec 2024"),
        Row(field: "first", before: "|", action: .paste("Wed, 31 Dec 2024"), after: "Tue, 31 Dec 2024|"),
        Row(field: "first", before: "|", action: .paste("tue 31 december 2024"), after: "Tue, 31 Dec 2024|"),
        Row(field: "last", before: "|", action: .paste("31.12.2024 (Tuesday)"), after: "31.12.2024| (Tue)"),
        // Letters already there (a month's being typed) and one typed after them never make a weekday's name.
        Row(field: "first", before: "Tu[e, 3]1 Dec 2024", action: .backspace, after: "|1 Dec 2024"),
        Row(field: "first", before: "|", action: .paste("31 Feb 2024"), after: "31 Feb 2024|", value: "31022024"),
        Row(field: "first", before: "Tue, [31 Dec 2024]", action: .backspace, after: "|"),
        Row(field: "last", before: "|", action: .paste("31122024"), after: "31.12.2024| (Tue)", value: "31122024"),
        Row(field: "last", before: "31.12.2024| (Tue)", action: .backspace, after: "31.12.202|"),
        Row(field: "last", before: "31.12.2024 (Tue)|", action: .backspace, after: "31.12.202|"),
        Row(field: "last", before: "31.12.2024| (Tue)", action: .type("5"), after: "31.12.2024| (Tue)", rejected: true),
        Row(field: "last", before: "31.12.2024 (Tue)|", action: .type("x"), after: "31.12.2024 (Tue)|", rejected: true),
        Row(field: "last", before: "31.[12].2024 (Tue)", action: .paste("01"), after: "31.01|.2024 (Wed)"),
        Row(field: "iso", before: "|", action: .paste("2024-02-29"), after: "2024-02-29| Thu", value: "20240229"),
        Row(field: "iso", before: "2024-02-29 Thu|", action: .backspace, after: "2024-02-2|"),
        Row(field: "digits", before: "|", action: .paste("01/01/2000"), after: "Sat 01/01/2000|", value: "01012000"),
        Row(field: "monthFirst", before: "|", action: .paste("12312024"), after: "Dec-31-2024|, Tue"),
    ]

    @Test(arguments: rows) func row(_ row: Row) throws {
        try row.check(in: Self.field(row.field))
    }

    /// Typing a date key by key shows the weekday when the last digit makes it whole, as pasting it does.
    @Test(arguments: ["first", "last", "iso", "digits", "monthFirst"])
    func typingIsPasting(_ name: String) throws {
        let field = try Self.field(name)
        let keys = name == "iso" ? "20241231" : name == "monthFirst" ? "12312024" : "31122024"
        let typed = try typeEach(field, keys)
        #expect(typed.text == field.format(keys).text)
        #expect(typed.text.contains("Tue"), "\(typed.text)")
        #expect(typed.meta["date"] == .string("2024-12-31"))
        #expect(field.format(typed.value).text == typed.text, "format(value) is the text")
        #expect(field.format(typed.text).text == typed.text, "idempotent")
    }

    /// The weekdays of a whole week, in order (ISO 8601: 2024-12-30 is a Monday).
    @Test func aWeekInOrder() throws {
        let field = try Self.field("iso")
        let week = (30...31).map { "202412\($0)" } + (1...5).map { "2025010\($0)" }
        #expect(
            week.map { String(field.format($0).text.suffix(3)) }
                == WeekdayNames.english.names.map {
                    String(String.UnicodeScalarView($0))
                })
        #expect(CalendarDate(year: 1970, month: 1, day: 1).weekday == 4)
        #expect(CalendarDate(year: 2000, month: 2, day: 29).weekday == 2)
        #expect(CalendarDate(year: 1600, month: 3, day: 1).weekday == 3)
        for days in [-800_000, -1, 0, 1, 59, 10_957, 2_932_896] {
            #expect(CalendarDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
    }

    /// The names are the request locale's abbreviations in a date (CLDR through ICU), with their dots.
    @Test(arguments: [
        ("de-DE", "Di., 31 Dez 2024"), ("es-ES", "mar, 31 dic 2024"), ("ru-RU", "вт, 31 дек 2024"),
        ("fr-FR", "mar., 31 déc 2024"), ("en-GB", "Tue, 31 Dec 2024"), ("ja-JP", "火, 31 Dec 2024"),
    ])
    func namesAreTheLocales(tag: String, text: String) throws {
        let field = try Self.field("first")
        let locale = requestLocale(tag)
        let typed = field.format("31122024", locale: locale)
        #expect(typed.text == text)
        #expect(typed.value == "31122024")
        #expect(field.format(text, locale: locale).text == text, "\(tag): \(text) read back")
        // English's names read in every locale.
        #expect(field.format("Tue, 31 Dec 2024", locale: locale).text == text)
        #expect(field.format("Tuesday, 31 Dec 2024", locale: locale).text == text)
    }

    /// Spanish's `mar` is Tuesday and March: letters that may be the month being typed are the month's.
    @Test func aWeekdayThatIsAlsoAMonthsName() throws {
        let field = try configuredField(#"[{"date": {"pattern": "DD MMM YYYY EEE"}}]"#, validators: #"["date"]"#)
        let spanish = requestLocale("es-ES")
        #expect(try typeEach(field, "31mar", locale: spanish).text == "31 mar ")
        let whole = try typeEach(field, "31mar2026", locale: spanish)
        #expect(whole.text == "31 mar 2026 mar", "31 March 2026 is a Tuesday")
        #expect(field.format(whole.text, locale: spanish).text == whole.text)
        let back = try field.edit(request(Marked("31 mar 2026 mar|"), .backspace), locale: spanish)
        #expect(back.text == "31 mar 202")
        // Russian's `с` begins September's name; `р` after it spells Wednesday's `ср`, which is not typed.
        let russian = requestLocale("ru-RU")
        let first = try Self.field("first")
        let typed = try first.edit(request(Marked("с|"), .type("р")), locale: russian)
        #expect(typed.text == "с" && typed.rejected)
    }

    /// A value submitted with another day's name is not that date; the date's own name, in any case, is.
    @Test func aSubmittedValueWithAnotherDaysNameIsInvalid() throws {
        let field = try Self.field("first")
        func submitted(_ text: String) -> ValidationReport {
            field.format(text, event: .submit, submitted: true).validation
        }
        let wrong = submitted("Wed, 31 Dec 2024")
        #expect(!wrong.valid)
        #expect(wrong.errors.map(\.rule) == ["unexpectedCharacters"])
        #expect(submitted("TUE, 31 Dec 2024").valid)
        #expect(submitted("31 Dec 2024").valid)
        #expect(!submitted("Tu, 31 Dec 2024").valid, "not a whole name")
    }

    /// The validator's example is written in the request's language, weekday included.
    @Test func theExampleIsTheLocales() throws {
        let field = try Self.field("last")
        let german = requestLocale("de-DE")
        let answer = field.format("31.12.", locale: german).validation
        #expect(answer.results.first?.message.contains("31.12.2024 (Di.)") == true, "\(answer.results)")
    }

    @Test func patternsThatCannotWriteAWeekdayAreRefused() throws {
        for (pattern, line) in [
            ("EEE MM/YYYY", "a month alone has none"), ("EEE, MMM-DD-YYYY", "EEE goes after a date"),
            ("EEEDD.MM.YYYY", "pattern must be"), ("DD.MM.YYYY (EEE", "pattern must be"),
            ("DD.MM.YYYY EEE)", "pattern must be"), ("DD.MM.YYYY - EEE", "pattern must be"),
        ] {
            do {
                _ = try configuredField(#"[{"date": {"pattern": "\#(pattern)"}}]"#)
                Issue.record("\(pattern) was accepted")
            } catch {
                #expect("\(error)".contains(line), "\(pattern): \(error)")
            }
        }
    }

    /// The README's example: its registry and each row of its table; the built-in `date_weekday` is the same field.
    @Test func readmeExample() throws {
        try ReadmeExample.checkDates("weekday names", builtin: "date_weekday", rows: 6)
    }
}
