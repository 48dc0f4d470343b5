import SmartTextEngine
import Testing

/// Edit tables for the built-in fields and formatters that the rule suites
/// (EditRuleTests) do not walk through: typing at the end, inserting in the
/// middle, backspace and delete on both sides of a separator, a rejected
/// character, select-all with a rejected character, and paste.
///
/// Notation: `|` is the caret, `[...]` a selection (see EditNotation.swift).
@Suite struct FieldEditTableTests {
    typealias Row = EditRow

    static let rows: [Row] = [
        // IBAN: upper case, groups of four, the country's length (DE: 22), check digits are digits.
        Row(field: "iban", before: "de89|", action: .type("3"), after: "DE89 3|"),
        Row(
            field: "iban", before: "DE89 3704 0044 0532 0130 0|", action: .type("0"),
            after: "DE89 3704 0044 0532 0130 00|"),
        Row(
            field: "iban", before: "DE89 3704 0044 0532 0130 00|", action: .type("1"),
            after: "DE89 3704 0044 0532 0130 00|"),
        Row(field: "iban", before: "DE|89 3704", action: .type("7"), after: "DE7|8 9370 4"),
        Row(field: "iban", before: "DE8|9 3704", action: .type("x"), after: "DE8|9 3704"),
        Row(field: "iban", before: "DE89 |3704", action: .backspace, after: "DE8|3 704"),
        Row(field: "iban", before: "DE89| 3704", action: .delete, after: "DE89| 704"),
        Row(field: "iban", before: "DE89| 3704", action: .backspace, after: "DE8|3 704"),
        Row(field: "iban", before: "[DE89 3704]", action: .type("-"), after: "|DE89 3704"),
        Row(
            field: "iban", before: "|", action: .paste("gb82 west 1234 5698 7654 32"),
            after: "GB82 WEST 1234 5698 7654 32|"),
        Row(
            field: "iban", before: "|", action: .paste("GB82-WEST-1234-5698-7654-32"),
            after: "GB82 WEST 1234 5698 7654 32|"),
        // Email: whitespace removed, the domain lower-cased, nothing else changed.
        Row(field: "email", before: "Jane@Exa|", action: .type("M"), after: "Jane@exam|"),
        Row(field: "email", before: "ja|ne@example.com", action: .type(" "), after: "ja|ne@example.com"),
        Row(field: "email", before: "|", action: .paste(" Jane.Doe@EXAMPLE.com "), after: "Jane.Doe@example.com|"),
        Row(field: "email", before: "jöhn@bücher.DE|", action: .type("x"), after: "jöhn@bücher.dex|"),
        Row(field: "email", before: "jane@example.com|", action: .backspace, after: "jane@example.co|"),
        Row(field: "email", before: "用户|@例子.广告", action: .type("名"), after: "用户名|@例子.广告"),
        // Chinese resident ID: 6-8-4 with a check character that may be X (typed x is upper-cased).
        Row(field: "cn_resident_id", before: "11010519491231002|", action: .type("x"), after: "110105 19491231 002X|"),
        Row(field: "cn_resident_id", before: "110105 |", action: .type("a"), after: "110105 |"),
        Row(field: "cn_resident_id", before: "110105 1949|", action: .type("１"), after: "110105 19491|"),
        Row(field: "cn_resident_id", before: "110105 |1949", action: .backspace, after: "11010|1 949"),
        Row(
            field: "cn_resident_id", before: "|", action: .paste("110105-19491231-002x"), after: "110105 19491231 002X|"
        ),
        // Username: whitespace removed, at most 20 characters.
        Row(field: "username", before: "jane|", action: .type(" "), after: "jane|"),
        Row(field: "username", before: "ja|ne", action: .paste("n e"), after: "jane|ne"),
        Row(field: "username", before: "abcdefghijklmnopqrst|", action: .type("u"), after: "abcdefghijklmnopqrst|"),
        Row(field: "username", before: "abcdefghijklmnopqr|", action: .paste("stuvw"), after: "abcdefghijklmnopqrst|"),
        // Amount: thousands, two fraction digits, no sign.
        Row(field: "amount", before: "1,234,567|", action: .type("8"), after: "12,345,678|"),
        Row(field: "amount", before: "1,234|", action: .type("."), after: "1,234.|"),
        Row(field: "amount", before: "1,234.56|", action: .type("7"), after: "1,234.56|"),
        Row(field: "amount", before: "|", action: .type("-"), after: "|"),
        Row(field: "amount", before: "1,234|,567", action: .backspace, after: "123|,567"),
        Row(field: "amount", before: "1,234|,567", action: .delete, after: "123,4|67"),
        Row(field: "amount", before: "1,234,|567", action: .backspace, after: "123,|567"),
        Row(field: "amount", before: "1,2|34,567", action: .backspace, after: "1|34,567"),
        // Card numbers: backspace just before a separator is an ordinary backspace; American Express is 4-6-5.
        Row(field: "credit_card", before: "4242| 4242", action: .backspace, after: "424|4 242"),
        Row(field: "credit_card", before: "3782 822463 1000|", action: .type("5"), after: "3782 822463 10005|"),
        Row(field: "credit_card", before: "3782| 822463", action: .type("1"), after: "3782 1|82246 3"),
        Row(field: "credit_card", before: "3782 822463 10005|", action: .type("1"), after: "3782 822463 10005|"),
        // Expiry: impossible months are refused; a lone month digit before `/` is padded.
        Row(field: "card_expiry", before: "1|", action: .type("3"), after: "1|"),
        Row(field: "card_expiry", before: "0|", action: .type("0"), after: "0|"),
        Row(field: "card_expiry", before: "12/2|", action: .type("9"), after: "12/29|"),
        Row(field: "card_expiry", before: "12|/29", action: .backspace, after: "1|/29"),
        Row(field: "card_cvc", before: "12|", action: .type("a"), after: "12|"),
        Row(field: "card_cvc", before: "123|", action: .type("４"), after: "1234|"),
        // A mask reflows the digits after a deletion.
        // A month's lone digit before the date's separator is the month (`1-` is `01-`).
        Row(field: "date", before: "2026-11|-29", action: .backspace, after: "2026-1|-29"),
        // Names: leading space dropped, runs of spaces collapsed while typing.
        Row(field: "full_name", before: "  Jane|", action: .type(" "), after: "Jane |"),
        Row(field: "full_name", before: "Jane  |", action: .type("D"), after: "Jane D|"),
        Row(field: "full_name", before: "|", action: .paste("王 小明"), after: "王 小明|"),
    ]

    @Test(arguments: rows) func row(_ row: Row) throws {
        #expect(try result(builtinField(row.field), row.before, row.action) == row.after)
    }

    @Test func refusedRowsSayRejected() throws {
        for row in Self.rows
        where Marked(row.before).text == Marked(row.after).text
            && row.action != .backspace && row.action != .delete
        {
            let outcome = try apply(builtinField(row.field), row.before, row.action)
            #expect(outcome.rejected, "\(row.testDescription)")
        }
    }

    // MARK: Number grouping: wan (groups of four) and lakh (3, then 2)

    static func number(_ grouping: NumberGrouping) -> Field {
        field(
            NumberFormatter(
                grouping: grouping, groupSeparator: ",", decimalSeparator: ".", fractionDigits: 2,
                allowNegative: true))
    }

    @Test func wanGroupsByFour() throws {
        let wan = Self.number(.wan)
        #expect(try typeEach(wan, "-1234567.89").text == "-123,4567.89")
        #expect(wan.format("1234567.89").value == "1234567.89")
        #expect(try result(wan, "123,4|567", .type("0")) == "1234,0|567")
        #expect(try result(wan, "123,|4567", .backspace) == "12,|4567")
        #expect(try result(wan, "123|,4567", .delete) == "12,3|567")
        #expect(try result(wan, "|", .paste("1,2345,6789")) == "1,2345,6789|")
    }

    @Test func lakhGroupsByThreeThenTwo() throws {
        let lakh = Self.number(.lakh)
        #expect(try typeEach(lakh, "-1234567.89").text == "-12,34,567.89")
        #expect(lakh.format("1234567.89").value == "1234567.89")
        #expect(try result(lakh, "12,34|,567", .backspace) == "1,23|,567")
        #expect(try result(lakh, "12,34,|567", .backspace) == "1,23,|567")
        #expect(try result(lakh, "1,2|34,567", .backspace) == "1,|34,567")
        #expect(try result(lakh, "1,23,45|6", .type("7")) == "12,34,57|6")
        #expect(try result(lakh, "|", .paste("12,34,567.8")) == "12,34,567.8|")
    }

    // MARK: Case and whitespace formatters

    @Test func lowercaseAndUppercaseFollowUnicode() throws {
        let lower = field(CaseFormatter(.lower))
        let upper = field(CaseFormatter(.upper))
        #expect(try result(lower, "ab|c", .type("Ä")) == "abä|c")
        #expect(try result(lower, "|", .paste("ÉCOLE")) == "école|")
        // One character may become two: the caret goes after both.
        #expect(try result(upper, "ab|c", .type("ß")) == "ABSS|C")
        #expect(try result(upper, "|", .paste("straße")) == "STRASSE|")
    }

    @Test func removeWhitespaceRefusesSpacesAndStripsPastes() throws {
        let strip = field(RemoveWhitespaceFormatter())
        #expect(try apply(strip, "ab|c", .type(" ")).rejected)
        #expect(try result(strip, "ab|c", .type(" ")) == "ab|c")
        #expect(try result(strip, "|", .paste(" a b\tc\u{3000}d ")) == "abcd|")
        #expect(try result(strip, "a|b", .paste("x y")) == "axy|b")
        #expect(try result(strip, "a|b", .backspace) == "|b")
    }
}
