import Foundation
import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import Testing

/// Issue 28: a month alone (`MM/YYYY`, `YYYY-MM`, `MM.YYYY`): typed by the rules of full dates, `meta.date`
/// the ISO year and month, a real month within `min` and `max`.
@Suite struct PartialDateTests {
    static let registry = try! load(
        #"""
        {"fields": {
          "start_month": {"label": "Start", "formatters": [{"date": {"pattern": "MM/YYYY"}}],
                          "validators": [{"date": {"min": "2020-01", "max": "today"}}]},
          "iso_month": {"formatters": [{"date": {"pattern": "YYYY-MM"}}], "validators": ["date"]},
          "dotted_month": {"formatters": [{"date": {"pattern": "MM.YYYY"}}],
                           "validators": [{"date": {"min": "2024-12-15", "max": "2030-06-30"}}]},
          "spaced_month": {"formatters": [{"date": {"pattern": "mm yyyy"}}], "validators": ["date"]},
          "in_month": {"formatters": [{"date": {"pattern": "DD.MM.YYYY"}}],
                       "validators": [{"date": {"min": "2024-12", "max": "2024-12"}}]}
        }}
        """#)

    static func field(_ name: String) -> Field { registry.fields[name]! }

    @Test func patternsOfAMonthAreRead() throws {
        let slash = try #require(DatePattern("MM/YYYY"))
        #expect(!slash.hasDay && slash.parts == [.month, .year] && slash.separator == "/")
        #expect(slash.description == "MM/YYYY" && slash.digitCount == 6)
        #expect(DatePattern("YYYY-MM")?.parts == [.year, .month])
        #expect(DatePattern("MM.YYYY")?.description == "MM.YYYY")
        #expect(DatePattern("MM YYYY")?.separator == " ")
        #expect(DatePattern("DD.MM.YYYY")?.hasDay == true)
        for text in ["MM/YY", "DD/MM", "YYYY", "MM/YYYY/DD", "MM-YYYY.DD", "MM_YYYY", "MMYYYY", "YYYY-MM-", "MM//YYYY"]
        {
            #expect(DatePattern(text) == nil, "\(text)")
        }
        #expect(slash.write(CalendarDate(year: 2024, month: 3, day: 9)) == "03/2024")
        #expect(DatePattern("YYYY-MM")!.write(CalendarDate(year: 987, month: 11, day: 30)) == "0987-11")
    }

    /// Typing a month: the padding and closing rules of full dates, the caret after what was typed.
    @Test func typingAMonth() throws {
        let month = Self.field("start_month")
        #expect(try result(month, "|", .type("4")) == "04/|")
        #expect(try result(month, "1|", .type("/")) == "01/|")
        #expect(try result(month, "1|", .type("2")) == "12/|")
        #expect(try result(month, "1|", .type("3")) == "1|")
        #expect(try apply(month, "1|", .type("3")).rejected)
        #expect(try result(month, "0|", .type("0")) == "0|")
        #expect(try result(month, "12/202|", .type("4")) == "12/2024|")
        // Full: a seventh digit is refused.
        #expect(try apply(month, "12/2024|", .type("5")).rejected)
        #expect(try result(month, "|", .paste("12/2024")) == "12/2024|")
        #expect(try result(month, "|", .paste("3.2024")) == "03/2024|")
        #expect(try typeEach(month, "122024").text == "12/2024")
        // Deleting never pads nor moves the year into the month: the `/` holds it.
        #expect(try result(month, "12/|2024", .backspace) == "1/|2024")
        #expect(try result(month, "|12/2024", .delete) == "|2/2024")
        #expect(try result(month, "12/2024|", .backspace) == "12/202|")
        let iso = Self.field("iso_month")
        #expect(try result(iso, "|", .paste("202412")) == "2024-12|")
        #expect(try result(iso, "2024|", .type("9")) == "2024-09|")
        #expect(try typeEach(iso, "2024-3").text == "2024-03")
        // A separator closes a lone digit only where a part follows it: after a last month's `1`, it is refused.
        #expect(try apply(iso, "2024-1|", .type("-")).rejected)
        #expect(try result(Self.field("spaced_month"), "|", .paste("7 2031")) == "07 2031|")
        #expect(DateFormatter(pattern: DatePattern("MM/YYYY")).maximumLength == 7)
    }

    /// `value` is the digits (formatting it gives the text back); `meta.date` the ISO year and month.
    @Test func aMonthsValueAndMeta() {
        let month = Self.field("start_month")
        let answer = month.format("12/2024", event: .blur)
        #expect(answer.text == "12/2024" && answer.value == "122024")
        #expect(answer.meta["date"] == .string("2024-12"))
        #expect(month.format(answer.value, event: .blur).text == "12/2024")
        #expect(month.format("3/2024", event: .blur).text == "03/2024")
        #expect(month.format("12/202").meta["date"] == nil)
        let iso = Self.field("iso_month").format("2024-12", event: .blur)
        #expect(iso.value == "202412" && iso.meta["date"] == .string("2024-12") && iso.validation.state == .valid)
        // Submitted whole (`/v1/validate`): padded, read, checked.
        for submitted in ["12/2024", "122024", "12-2024", "1/2024"] {
            let checked = month.format(submitted, event: .submit, submitted: true)
            #expect(checked.validation.state == .valid, "\(submitted)")
            #expect(checked.meta["date"] != nil && checked.text.count == 7, "\(submitted): \(checked.text)")
        }
        #expect(month.format("12/2024x", event: .submit, submitted: true).validation.state == .invalid)
        #expect(month.format("13/2024", event: .submit, submitted: true).validation.state == .invalid)
        // A month of year 0 does not exist.
        #expect(Self.field("iso_month").format("0000-12", event: .blur).validation.state == .invalid)
    }

    /// A real month within `min` and `max`, compared by month; messages say it in the request's language.
    @Test func aMonthWithinItsBounds() {
        let month = Self.field("start_month")
        let english = LocalePreference.english
        let today = CalendarDate.today()
        let thisMonth = DatePattern("MM/YYYY")!.write(today)
        let next = DatePattern("MM/YYYY")!.write(
            today.month == 12
                ? CalendarDate(year: today.year + 1, month: 1, day: 1)
                : CalendarDate(year: today.year, month: today.month + 1, day: 1))
        let rows: [(String, ValidationState, String?)] = [
            ("01/2020", .valid, nil), ("12/2019", .invalid, "Start must be on or after 2020-01"),
            (thisMonth, .valid, nil), (next, .invalid, "Start must be on or before today"),
            ("12/20", .incomplete, "Start must be a month like 12/2024"),
            ("1", .incomplete, "Start must be a month like 12/2024"),
        ]
        for (text, state, message) in rows {
            let answer = month.format(text, event: .blur, locale: english)
            #expect(answer.validation.state == state, "\(text)")
            #expect(answer.validation.errors.first?.message == message, "\(text)")
        }
        // A full date as a bound of a month: compared by its month, shown as its month.
        let dotted = Self.field("dotted_month")
        #expect(dotted.format("12.2024", event: .blur).validation.state == .valid)
        #expect(dotted.format("06.2030", event: .blur).validation.state == .valid)
        let early = dotted.format("11.2024", event: .blur, locale: english)
        #expect(early.validation.errors.first?.message == "dotted_month must be on or after 2024-12")
        #expect(dotted.format("07.2030", event: .blur).validation.state == .invalid)
        // A month as a bound of a full date: its first to its last day.
        let inMonth = Self.field("in_month")
        #expect(inMonth.format("01.12.2024", event: .blur).validation.state == .valid)
        #expect(inMonth.format("31.12.2024", event: .blur).validation.state == .valid)
        #expect(inMonth.format("30.11.2024", event: .blur).validation.state == .invalid)
        #expect(inMonth.format("01.01.2025", event: .blur).validation.state == .invalid)
    }

    /// A month that cannot be is invalid with the month message, in every catalogue language.
    @Test func anImpossibleMonthSaysSoInEveryLanguage() {
        let iso = Self.field("iso_month")
        // Year 0 has no months (a 13th month is refused when typed, and reported unexpected when pasted).
        let answer = iso.format("0000-12", event: .blur)
        #expect(answer.validation.state == .invalid)
        #expect(answer.validation.errors.first?.message == "iso_month must be a month like 2024-12")
        let german = iso.format("0000-12", event: .blur, locale: LocalePreference(tags: ["de-DE"]))
        #expect(german.validation.errors.first?.message == "iso_month muss ein Monat im Format 2024-12 sein")
        for tag in ["en", "zh-Hans", "zh-Hant", "es", "fr", "de", "pt-BR", "ja", "ko", "ru", "ar"] {
            let message = iso.format("0000-12", event: .blur, locale: LocalePreference(tags: [tag]))
                .validation.errors.first?.message
            #expect(message?.contains("2024-12") == true && message?.contains("{") == false, "\(tag): \(message ?? "")")
        }
        // The validator alone (`/v1/validate` of a field with no date formatter) reads its own pattern.
        let alone = try! validator(#"{"date": {"pattern": "MM/YYYY"}}"#)
        #expect(state(verdict(alone, "122024")) == "valid")
        #expect(state(verdict(alone, "12/2024")) == "valid")
        #expect(state(verdict(alone, "132024")) == "invalid")
        #expect(state(verdict(alone, "1220")) == "incomplete")
        #expect(state(verdict(alone, "31122024")) == "invalid")
    }

    /// What cannot work is refused at load, in one line naming the field and the rule.
    @Test func whatCannotWorkIsRefusedAtLoad() {
        #expect(
            problems(#"{"fields": {"f": {"formatters": [{"date": {"pattern": "MM/YY"}}]}}}"#) == [
                #"a.json: field "f", formatters[0] (date): pattern must be DD, MM and YYYY (DD.MM.YYYY, MM/DD/YYYY, YYYY-MM-DD), or MM and YYYY for a month (MM/YYYY, YYYY-MM), with one separator (. / - or a space) between them, MMM for MM to write the month's name (DD MMM YYYY), and EEE before or after a date for its weekday (EEE, DD.MM.YYYY; DD MMM YYYY (EEE)), not "MM/YY""#
            ])
        #expect(
            problems(#"{"fields": {"f": {"validators": [{"date": {"min": "2024-13"}}]}}}"#) == [
                #"a.json: field "f", validators[0] (date): min must be a date YYYY-MM-DD that exists, a month YYYY-MM, or "today", not "2024-13""#
            ])
        #expect(
            problems(#"{"fields": {"f": {"validators": [{"date": {"min": "2025-01", "max": "2024-12-31"}}]}}}"#) == [
                #"a.json: field "f", validators[0] (date): min (2025-01) is later than max (2024-12-31): no date can be valid"#
            ])
        // A validator reading months in a field of whole dates (or whole dates in a field of months) cannot work.
        #expect(
            problems(
                #"{"fields": {"f": {"formatters": [{"date": {"pattern": "DD.MM.YYYY"}}], "validators": [{"date": {"pattern": "MM/YYYY"}}]}}}"#
            ) == [
                #"a.json: field "f", validators[0] (date): reads MM/YYYY but the field's date formatter writes DD.MM.YYYY: leave pattern out to read the formatter's"#
            ])
        #expect(
            problems(
                #"{"fields": {"m": {"formatters": [{"date": {"pattern": "MM/YYYY"}}]}, "f": {"extends": "m", "validators": [{"date": {"pattern": "locale"}}]}}}"#
            ) == [
                #"a.json: field "f", validators[0] (date): reads the locale's dates but the field's date formatter writes MM/YYYY: leave pattern out to read the formatter's"#
            ])
        #expect(
            (try? load(
                #"{"fields": {"f": {"formatters": ["date"], "validators": [{"date": {"pattern": "YYYY-MM-DD"}}]}}}"#))
                != nil)
        #expect(
            (try? load(#"{"fields": {"f": {"validators": [{"date": {"min": "2024-12", "max": "2024-12-01"}}]}}}"#))
                != nil)
    }

    /// The README's month example: its registry loads, and each row of its table is what the field gives.
    @Test func theReadmesMonthExampleGivesWhatItShows() throws {
        let example = try ReadmeExample("month")
        let month = try #require(try load(example.registry).fields["start_month"])
        #expect(example.rows.count == 5)
        for (row, cells) in example.rows {
            let (keys, text, value, state, meta) = (cells[0], cells[1], cells[2], cells[3], cells[4])
            let typed = try typeEach(month, keys)
            #expect(typed.text == text && typed.value == value, "\(keys)")
            let blurred = month.format(typed.text, event: .blur, locale: .english)
            #expect(blurred.validation.state.rawValue == state, "\(keys)")
            #expect(blurred.meta["date"] == (meta == "–" ? nil : .string(meta)), "\(keys)")
            if let message = row.split(separator: "(`").dropFirst().first?.split(separator: "`)").first {
                #expect(blurred.validation.errors.first?.message == String(message), "\(keys)")
            }
        }
    }
}
