import SmartTextEngine
import SmartTextJSON
import Testing

/// Issue 28's numbers: a prefix and a suffix of the field's own, negatives in parentheses, a scale reported in
/// `meta.scaled`, and `min`/`max` that report instead of blocking.
///
/// Notation: `|` is the caret, `[...]` a selection (see EditNotation.swift).
@Suite struct NumberStyleTests {
    typealias Row = EditRow

    static let fields: [String: String] = [
        "percent": #"[{"number": {"fractionDigits": 1, "suffix": " %", "scale": -2}}]"#,
        "weight": #"[{"number": {"fractionDigits": 3, "suffix": " kg", "grouping": "thousand"}}]"#,
        "usd": #"[{"number": {"prefix": "USD ", "allowNegative": true}}]"#,
        "ledger": #"[{"number": {"allowNegative": true, "negative": "parentheses", "prefix": "$"}}]"#,
        "ledgerEUR": #"[{"number": {"allowNegative": true, "negative": "parentheses", "currency": "EUR"}}]"#,
        "area": #"[{"number": {"suffix": " m²", "fractionDigits": 0, "scale": 3}}]"#,
    ]

    static func field(_ name: String) throws -> Field { try configuredField(fields[name]!) }

    static let rows: [Row] = [
        // A suffix: shown with the first digit, the caret never inside or after it.
        Row(field: "percent", before: "|", action: .type("1"), after: "1| %", value: "1"),
        Row(field: "percent", before: "1| %", action: .type("2"), after: "12| %", value: "12"),
        Row(field: "percent", before: "12| %", action: .type("."), after: "12.| %", value: "12."),
        Row(field: "percent", before: "12.| %", action: .type("5"), after: "12.5| %", value: "12.5"),
        Row(field: "percent", before: "12.5 %|", action: .backspace, after: "12.| %", value: "12."),
        Row(field: "percent", before: "12.5| %", action: .type("%"), after: "12.5| %", value: "12.5", rejected: true),
        Row(field: "percent", before: "12.5| %", action: .type("x"), after: "12.5| %", value: "12.5", rejected: true),
        Row(field: "percent", before: "|", action: .paste("12.5%"), after: "12.5| %", value: "12.5"),
        Row(field: "percent", before: "|", action: .paste("12.5 %"), after: "12.5| %", value: "12.5"),
        Row(field: "percent", before: "1| %", action: .backspace, after: "|", value: ""),
        Row(field: "weight", before: "1,234| kg", action: .type("5"), after: "12,345| kg", value: "12345"),
        Row(field: "weight", before: "|", action: .paste("1.5 kg"), after: "1.5| kg", value: "1.5"),
        Row(field: "weight", before: "1.5 k|g", action: .type("7"), after: "1.57| kg", value: "1.57"),
        Row(field: "area", before: "|", action: .paste("120 m²"), after: "120| m²", value: "120"),
        // A prefix: after the sign, typed over or pasted with the number.
        Row(field: "usd", before: "|", action: .type("5"), after: "USD 5|", value: "5"),
        Row(field: "usd", before: "USD 5|", action: .type("0"), after: "USD 50|", value: "50"),
        Row(field: "usd", before: "|USD 50", action: .type("1"), after: "USD 1|50", value: "150"),
        Row(field: "usd", before: "|USD 50", action: .type("-"), after: "-|USD 50", value: "-50"),
        Row(field: "usd", before: "|", action: .paste("USD 1,234.50"), after: "USD 1,234.50|", value: "1234.50"),
        Row(field: "usd", before: "|", action: .paste("-1234.5"), after: "-USD 1,234.5|", value: "-1234.5"),
        Row(field: "usd", before: "USD |1", action: .backspace, after: "USD |1", value: "1"),
        Row(field: "usd", before: "USD 1|", action: .backspace, after: "|", value: ""),
        // Negatives in parentheses: `-` or `(` makes the number negative, deleting the `(` positive.
        Row(field: "ledger", before: "|", action: .type("-"), after: "(|)", value: "-"),
        Row(field: "ledger", before: "(|)", action: .type("5"), after: "($5|)", value: "-5"),
        Row(field: "ledger", before: "|", action: .type("("), after: "(|)", value: "-"),
        Row(field: "ledger", before: "$1,234|", action: .type(")"), after: "$1,234|", value: "1234", rejected: true),
        Row(field: "ledger", before: "|$1,234", action: .type("-"), after: "(|$1,234)", value: "-1234"),
        Row(field: "ledger", before: "|", action: .paste("-1234.50"), after: "($1,234.50|)", value: "-1234.50"),
        Row(field: "ledger", before: "|", action: .paste("($1,234.50)"), after: "($1,234.50|)", value: "-1234.50"),
        Row(field: "ledger", before: "($1,234.50)|", action: .backspace, after: "($1,234.5|)", value: "-1234.5"),
        Row(field: "ledger", before: "(|$1,234)", action: .backspace, after: "|$1,234", value: "1234"),
        Row(field: "ledger", before: "|($1,234)", action: .delete, after: "|$1,234", value: "1234"),
        Row(field: "ledgerEUR", before: "|", action: .paste("-5"), after: "(EUR\u{00A0}5|)", value: "-5"),
    ]

    @Test(arguments: rows) func row(_ row: Row) throws {
        try row.check(in: Self.field(row.field))
    }

    /// Rule 9 with a prefix, a suffix and parentheses: the value formats back to the text.
    @Test(arguments: ["percent", "weight", "usd", "ledger", "ledgerEUR", "area"])
    func theValueFormatsBackToTheText(name: String) throws {
        let field = try Self.field(name)
        for text in ["1", "-1234.5", "(1,234.50)", "12.5 %", "USD 7", "0.25"] {
            let once = field.format(text, event: .blur)
            #expect(field.format(once.value, event: .blur).text == once.text, "\(name): \(text)")
            #expect(field.format(once.text, event: .blur).text == once.text, "\(name): \(text)")
        }
    }

    /// `meta.scaled`: the value times 10^scale, written as a value is.
    @Test(arguments: [
        ("percent", "12.5 %", "0.125"), ("percent", "100", "1"), ("percent", "0.5", "0.005"),
        ("percent", "1,234.5", "12.345"), ("percent", "0", "0"), ("area", "12", "12000"), ("area", "0", "0"),
    ])
    func scaledNumber(name: String, text: String, scaled: String) throws {
        let outcome = try Self.field(name).format(text, event: .blur)
        #expect(outcome.meta["scaled"] == .string(scaled), "\(text): \(outcome.meta)")
    }

    @Test func noScaleNoScaledNumber() throws {
        #expect(try Self.field("usd").format("12").meta["scaled"] == nil)
        #expect(try Self.field("percent").format("").meta["scaled"] == nil)
    }

    /// Submitted, a text with its prefix, suffix or parentheses is valid; a stray `)` is not.
    @Test func submittedTexts() throws {
        let ledger = try configuredField(Self.fields["ledger"]!, validators: #"[{"number": {}}]"#)
        #expect(ledger.format("($1,234.50)", event: .submit, submitted: true).validation.valid)
        #expect(ledger.format("($1,234.50)", event: .submit, submitted: true).value == "-1234.50")
        #expect(!ledger.format("1,234)", event: .submit, submitted: true).validation.valid)
        let percent = try configuredField(Self.fields["percent"]!, validators: #"[{"number": {}}]"#)
        #expect(percent.format("12.5 %", event: .submit, submitted: true).validation.valid)
        #expect(!percent.format("12.5 %%x", event: .submit, submitted: true).validation.valid)
    }

    // MARK: min and max

    /// The bounds never block typing: `1` on the way to `15` with `min` 10 is typed and incomplete, `-1` on
    /// the way to `-15` with `max` -10 too; out of bounds is invalid, never clamped.
    @Test func boundsReportInsteadOfBlocking() throws {
        let positive = try configuredField(
            #"[{"number": {"fractionDigits": 0}}]"#, validators: #"[{"number": {"min": 10, "max": 20}}]"#)
        let one = try apply(positive, "|", .type("1"))
        #expect(one.text == "1" && !one.rejected)
        #expect(one.validation.state == .incomplete)
        let fifteen = try apply(positive, "1|", .type("5"))
        #expect(fifteen.validation.valid)
        let big = try apply(positive, "15|", .type("0"))
        #expect(big.text == "150" && big.value == "150" && !big.validation.valid)
        #expect(big.validation.errors.first?.message == "Field must be between 10 and 20")
        #expect(
            positive.format("1", event: .blur).validation.errors.first?.message == "Field must be between 10 and 20")

        let negative = try configuredField(
            #"[{"number": {"fractionDigits": 0, "allowNegative": true, "negative": "parentheses"}}]"#,
            validators: #"[{"number": {"min": -20, "max": -10}}]"#)
        let minusOne = try apply(negative, "(|)", .type("1"))
        #expect(minusOne.text == "(1)" && minusOne.value == "-1")
        #expect(minusOne.validation.state == .incomplete)
        #expect(try apply(negative, "(1|)", .type("5")).validation.valid)
        #expect(!(try apply(negative, "(15|)", .type("0")).validation.valid))
        #expect(negative.format("5", event: .change).validation.state == .invalid)
    }

    /// Dates' bounds (the `date` validator's `min` and `max`) report the same way: a year on its way is typed
    /// and incomplete, a whole date out of bounds is invalid, never clamped.
    @Test func dateBoundsReportInsteadOfBlocking() throws {
        let date = try configuredField(
            #"[{"date": {"pattern": "DD.MM.YYYY"}}]"#,
            validators: #"[{"date": {"min": "1900-01-01", "max": "2030-12-31"}}]"#)
        let partial = try typeEach(date, "0101180")
        #expect(partial.text == "01.01.180" && partial.validation.state == .incomplete)
        let early = try apply(date, "01.01.189|", .type("9"))
        #expect(early.text == "01.01.1899" && !early.rejected && early.validation.state == .invalid)
        let late = try apply(date, "01.01.203|", .type("1"))
        #expect(late.text == "01.01.2031" && late.validation.state == .invalid)
        #expect(try apply(date, "01.01.195|", .type("0")).validation.valid)
    }

    // MARK: The registry

    @Test(arguments: [
        (
            #"{"prefix": "US$ 1"}"#,
            #"prefix cannot hold "1": the number reads digits, signs, separators and parentheses ("US$ 1")"#
        ),
        (#"{"suffix": " ."}"#, #"suffix cannot hold ".": the number reads digits, signs, separators and parentheses"#),
        (#"{"suffix": "  "}"#, #"suffix must have a character that is not white space, not "  ""#),
        (#"{"suffix": "(net)"}"#, #"suffix cannot hold "(""#),
        (#"{"prefix": "\u0301x"}"#, "prefix cannot hold U+301, which joins the character before it"),
        (#"{"prefix": "abcdefghijklmnopq"}"#, "prefix must be at most 16 characters, not 17"),
        (#"{"prefix": "x", "groupSeparator": "x"}"#, #"prefix cannot hold "x""#),
        (#"{"negative": "parentheses"}"#, #"negative "parentheses" needs "allowNegative": true"#),
        (#"{"negative": "brackets", "allowNegative": true}"#, "negative must be one of: minus, parentheses"),
        (#"{"scale": 11}"#, "scale"),
        (#"{"currency": "EUR", "suffix": " net"}"#, "prefix and suffix cannot be combined with currency"),
    ])
    func refused(options: String, problem: String) {
        let lines = problems(#"{"fields": {"f": {"formatters": [{"number": \#(options)}]}}}"#)
        #expect(
            lines.count == 1 && lines[0].contains("formatters[0] (number): ") && lines[0].contains(problem), "\(lines)")
    }

    @Test(arguments: [
        #"{"suffix": " m²"}"#, #"{"suffix": "%"}"#, #"{"prefix": "USD ", "suffix": " net"}"#,
        #"{"allowNegative": true, "negative": "minus"}"#, #"{"scale": -10}"#,
        #"{"suffix": " kg", "groupSeparator": " "}"#,
    ])
    func accepted(options: String) throws {
        #expect(try load(#"{"fields": {"f": {"formatters": [{"number": \#(options)}]}}}"#).fields["f"] != nil)
    }
}
