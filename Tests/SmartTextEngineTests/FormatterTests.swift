import SmartTextEngine
import Testing

/// Whole-text formatting, per formatter.
@Suite struct FormatterTests {
    func formatted(_ field: Field, _ text: String, event: ValidationEvent = .change) -> String {
        field.format(text, event: event).text
    }

    /// The text a value submitted at once (`/v1/validate`) gives.
    func submitted(_ field: Field, _ text: String) -> String {
        field.format(text, event: .submit, submitted: true).text
    }

    @Test func whitespace() {
        let trim = field(TrimFormatter())
        #expect(formatted(trim, "  Jane ") == "Jane ")
        #expect(formatted(trim, "  Jane ", event: .blur) == "Jane")
        #expect(formatted(trim, " \t ") == "")
        #expect(formatted(field(TrimStartFormatter()), "  a b  ") == "a b  ")
        #expect(formatted(field(CollapseWhitespaceFormatter()), "a \t\n b  c") == "a b c")
        #expect(formatted(field(RemoveWhitespaceFormatter()), " a\u{3000}b c ") == "abc")
    }

    @Test func caseMapping() {
        #expect(formatted(field(CaseFormatter(.upper)), "straße") == "STRASSE")
        #expect(formatted(field(CaseFormatter(.lower)), "ÀÉÎ Ab") == "àéî ab")
    }

    @Test func digitsFromAnyScript() {
        let digits = field(DigitsFormatter())
        #expect(formatted(digits, "１３８-0013 abc") == "1380013")
        #expect(formatted(digits, "٤٢ ۴۲ ४२") == "424242")
    }

    @Test func maxLengthCountsGraphemeClusters() {
        let two = field(MaxLengthFormatter(max: 2))
        #expect(submitted(two, "👍🏽👍🏽👍🏽") == "👍🏽👍🏽")
        #expect(formatted(two, "e\u{301}x") == "e\u{301}x")
        #expect(submitted(two, "abc") == "ab")
        // A text already longer keeps its characters while editing, reported.
        #expect(two.format("abc").text == "abc")
        #expect(two.format("abc").unexpected == ["c"])
    }

    @Test func maskSlotsAndLiterals() throws {
        let date = field(try MaskFormatter(pattern: "####-##-##"))
        #expect(formatted(date, "20261129") == "2026-11-29")
        #expect(formatted(date, "2026") == "2026-")
        #expect(formatted(date, "2026-11-29") == "2026-11-29")
        #expect(formatted(date, "2026/11/29") == "2026-11-29")
        #expect(formatted(date, "-") == "")
        let plate = field(try MaskFormatter(pattern: "AA \\#***"))
        #expect(formatted(plate, "ab1c2") == "ab #1c2")
        let phone = field(try MaskFormatter(pattern: "+7 (###) ###-##-##"))
        #expect(formatted(phone, "9123456789") == "+7 (912) 345-67-89")
        #expect(formatted(phone, "+7 (912) 345-67-89") == "+7 (912) 345-67-89")
        // The pattern's own digits are part of the value: a 7 typed first is the pattern's 7.
        #expect(formatted(phone, "7") == "+7 (")
        #expect(formatted(phone, "9") == "+7 (9")
        #expect(phone.format("9161234567").value == "79161234567")
        #expect(formatted(phone, "79161234567") == "+7 (916) 123-45-67")
        #expect(throws: MaskFormatter.PatternError.self) { try MaskFormatter(pattern: "--") }
        #expect(throws: MaskFormatter.PatternError.self) { try MaskFormatter(pattern: "##\\") }
    }

    @Test(arguments: [
        ("4242424242424242", "4242 4242 4242 4242", "visa", true),
        ("5555555555554444", "5555 5555 5555 4444", "mastercard", true),
        ("2223003122003222", "2223 0031 2200 3222", "mastercard", true),
        ("378282246310005", "3782 822463 10005", "amex", true),
        ("36227206271667", "3622 720627 1667", "diners", true),
        ("6011111111111117", "6011 1111 1111 1117", "discover", true),
        ("3566002020360505", "3566 0020 2036 0505", "jcb", true),
        ("6200000000000005", "6200 0000 0000 0005", "unionpay", true),
        ("6212345678901234567", "6212 3456 7890 1234 567", "unionpay", true),
        ("6759649826438453", "6759 6498 2643 8453", "maestro", true),
        // Issue 32: every length a brand issues is typed whole and grouped as the brand groups it.
        ("4716989580001715211", "4716 9895 8000 1715 211", "visa", true),
        ("4222222222222", "4222 2222 2222 2", "visa", false),
        ("4242424242424241", "4242 4242 4242 4241", "visa", false),
        ("3056930009020004", "3056 930009 0200 04", "diners", true),
        ("3056930009020004128", "3056 930009 0200 04128", "diners", true),
        ("6011496233608973938", "6011 4962 3360 8973 938", "discover", true),
        ("3566000020000410006", "3566 0000 2000 0410 006", "jcb", true),
        ("4242", "4242", "visa", false),
        ("37", "37", "amex", false),
    ])
    func creditCardBrands(input: String, output: String, brand: String, complete: Bool) {
        let outcome = builtinField("credit_card").format(input)
        #expect(outcome.text == output)
        #expect(outcome.meta["brand"] == .string(brand))
        #expect(outcome.complete == complete)
        #expect(outcome.value == input)
    }

    @Test func creditCardUnknownAndLimits() {
        let card = builtinField("credit_card")
        #expect(card.format("9").meta["brand"] == nil)
        // Past the brand's length: kept as it stands, dropped when submitted; reported both ways.
        #expect(card.format("4716 9895 8000 1715 2111").text == "4716 9895 8000 1715 2111")
        #expect(card.format("4716 9895 8000 1715 2111").unexpected == ["1"])
        #expect(submitted(card, "4716 9895 8000 1715 2111") == "4716 9895 8000 1715 211")
        #expect(card.format("4716 9895 8000 1715 2111", event: .submit, submitted: true).validation.valid == false)
        #expect(card.format("5555 5555 5555 4444 1").text == "5555 5555 5555 44441")
        #expect(card.format("3782-822463-10005").text == "3782 822463 10005")
        // Complete at the brand's longest length, or at a length it issues from its usual one on when
        // Luhn passes: Mastercard stops at 16 whatever the check digit; a Visa number failing Luhn at 16
        // may go on to 19.
        #expect(card.format("5555555555554445").complete == true)
        #expect(card.format("4242424242424241").complete == false)
        #expect(card.format("4716989580001715212").complete == true)
        #expect(card.format("6212345678901234").complete == false)
    }

    @Test func cardExpiry() throws {
        let expiry = builtinField("card_expiry")
        // Typing pads a month's lone digit; a text as it stands keeps it (a deletion never pads); blur and a
        // submitted value pad it.
        #expect(try typeEach(expiry, "4").text == "04/")
        #expect(formatted(expiry, "4") == "4")
        #expect(formatted(expiry, "4", event: .blur) == "04/")
        #expect(submitted(expiry, "4") == "04/")
        #expect(formatted(expiry, "1") == "1")
        #expect(try typeEach(expiry, "1/").text == "01/")
        #expect(formatted(expiry, "1/") == "1")
        #expect(formatted(expiry, "4/30") == "4/30")
        #expect(expiry.format("4/30").value == "4/30")
        #expect(formatted(expiry, "4/30", event: .blur) == "04/30")
        #expect(formatted(expiry, "12") == "12/")
        // An impossible second month digit: typed, refused; already in the text, it starts the year.
        #expect(submitted(expiry, "13") == "1")
        #expect(formatted(expiry, "13") == "1/3")
        #expect(formatted(expiry, "13", event: .blur) == "01/3")
        #expect(submitted(expiry, "00") == "0")
        #expect(formatted(expiry, "00") == "00/")
        #expect(expiry.format("00").unexpected == ["0"])
        #expect(formatted(expiry, "1230") == "12/30")
        #expect(formatted(expiry, "12/30") == "12/30")
        #expect(expiry.format("04/").value == "04")
        #expect(expiry.format("1230").complete)
        // A four-digit year of this century is its last two digits.
        #expect(expiry.format("12/2026").text == "12/26")
        #expect(expiry.format("12/2026").unexpected.isEmpty)
        #expect(expiry.format("12/203").text == "12/203")
        #expect(expiry.format("12/203").complete == false)
    }

    @Test func iban() {
        let iban = builtinField("iban")
        #expect(formatted(iban, "de89370400440532013000") == "DE89 3704 0044 0532 0130 00")
        #expect(formatted(iban, "IBAN: GB82 WEST 1234 5698 7654 32") == "GB82 WEST 1234 5698 7654 32")
        #expect(iban.format("GB82WEST12345698765432").complete)
        #expect(submitted(iban, "GB82WEST123456987654329") == "GB82 WEST 1234 5698 7654 32")
        #expect(submitted(iban, "1DE") == "DE")
        #expect(submitted(iban, "DEX89") == "DE89")
        // As it stands (an edit elsewhere left them there), characters out of place stay, reported.
        #expect(formatted(iban, "GB82WEST123456987654329") == "GB82 WEST 1234 5698 7654 329")
        #expect(formatted(iban, "1DE") == "1DE")
        #expect(iban.format("1DE").unexpected == ["1", "E"])
        #expect(iban.format("1DE").complete == false)
        #expect(iban.format("DE89 3704").value == "DE893704")
    }

    @Test func email() {
        let email = builtinField("email")
        #expect(formatted(email, " Jane.Doe@Example.COM ") == "Jane.Doe@example.com")
        #expect(formatted(email, "Ünïcödé@ÉXAMPLE.fr") == "Ünïcödé@éxample.fr")
        #expect(formatted(email, "用户@例子.中国") == "用户@例子.中国")
        #expect(formatted(email, "A@B@C.com") == "A@b@c.com")
    }

    @Test func numberGroupings() throws {
        let thousand = field(NumberFormatter())
        #expect(formatted(thousand, "1234567.89") == "1,234,567.89")
        #expect(thousand.format("1,234,567.89").value == "1234567.89")
        #expect(formatted(field(NumberFormatter(grouping: .wan)), "1234567.89") == "123,4567.89")
        #expect(formatted(field(NumberFormatter(grouping: .lakh)), "1234567.89") == "12,34,567.89")
        #expect(formatted(field(NumberFormatter(grouping: .none)), "1234567.89") == "1234567.89")
        #expect(formatted(thousand, "1234.") == "1,234.")
        #expect(thousand.format("1,234.").value == "1234.")
        // Leading zeros stay while editing and go on blur.
        #expect(formatted(thousand, "007") == "007")
        #expect(formatted(thousand, "007", event: .blur) == "7")
        #expect(formatted(thousand, "0000") == "0,000")
        #expect(formatted(thousand, "000", event: .blur) == "0")
        #expect(formatted(thousand, "0") == "0")
        // A decimal point typed first is `0.`; a text that starts with one (a deletion left it) keeps it until blur.
        #expect(try typeEach(thousand, ".5").text == "0.5")
        #expect(formatted(thousand, ".5") == ".5")
        #expect(formatted(thousand, ".5", event: .blur) == "0.5")
        #expect(formatted(thousand, "1.234") == "1.23")
        #expect(thousand.format("1.234").unexpected == ["4"])
        #expect(formatted(thousand, "-12") == "12")
        #expect(thousand.format("-12").unexpected == ["-"])
        #expect(thousand.format("12abc").unexpected == ["a", "b", "c"])
        #expect(thousand.format("1,5").unexpected == [","])
        #expect(thousand.format("12,34,567").unexpected == [","])
        #expect(thousand.format("1,234,567.8").unexpected.isEmpty)
        let signed = field(NumberFormatter(allowNegative: true))
        #expect(formatted(signed, "-1234") == "-1,234")
        #expect(formatted(signed, "-") == "-")
        #expect(formatted(signed, "12-3") == "123")
        #expect(signed.format("12-3").unexpected == ["-"])
        let whole = field(NumberFormatter(fractionDigits: 0))
        #expect(formatted(whole, "12.5") == "125")
        #expect(whole.format("12.5").unexpected == ["."])
    }

    @Test func numberWithDecimalComma() {
        let german = field(NumberFormatter(groupSeparator: ".", decimalSeparator: ","))
        #expect(formatted(german, "1234567,89") == "1.234.567,89")
        #expect(german.format("1.234.567,89").value == "1234567.89")
        // The value (with `.`) formats back to the text.
        #expect(formatted(german, "1234567.89") == "1.234.567,89")
        // Three digits after a lone dot: a thousands separator.
        #expect(formatted(german, "1.234") == "1.234")
        #expect(german.format("1.234").value == "1234")
        // A dot that no group follows is the decimal point (a keypad's), typed, pasted or in a value.
        #expect(formatted(german, "1234.5") == "1.234,5")
        #expect(formatted(german, "12.50") == "12,50")
        #expect(submitted(german, "1.5") == "1,5")
        // The first of two is; the second is not part of the number.
        #expect(submitted(german, "1.2.3") == "1,23")
        #expect(german.format("1.2.3", event: .submit, submitted: true).unexpected == ["."])
        // Already in the text, a dot that a group separator follows was one too (a digit was deleted).
        #expect(formatted(german, "1.23.456") == "123.456")
        #expect(german.format("1.23.456").unexpected == ["."])
    }

    @Test func chainedFormattersComposeProvenance() throws {
        let chain = field(TrimFormatter(), CaseFormatter(.upper), try MaskFormatter(pattern: "AAA-###"))
        let outcome = chain.format("  abc123")
        #expect(outcome.text == "ABC-123")
        #expect(outcome.value == "ABC123")
        #expect(try result(chain, "ABC-|", .type("4")) == "ABC-4|")
        #expect(try result(chain, "AB|", .type("c")) == "ABC-|")
    }
}
