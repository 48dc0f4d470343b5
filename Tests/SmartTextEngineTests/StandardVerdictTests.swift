import SmartTextJSON
import SmartTextNativeRules
import SmartTextTestSupport
import Testing

@testable import SmartTextEngine

/// Issue 32, "Verdicts as strict as the standards": every example of the issue, typed one character at a
/// time, pasted, and submitted, with the verdict the standard gives.
@Suite struct CardLengthTests {
    let card = builtinField("credit_card")

    /// Visa issues 13 to 19 digits: the issue's 19-digit number is typed and pasted whole, grouped
    /// `4-4-4-4-3`, Luhn-valid and complete.
    @Test func aNineteenDigitVisaNumberIsKeptWhole() throws {
        let typed = try typeEach(card, "4716989580001715211")
        let pasted = try apply(card, "|", .paste("4716989580001715211"))
        for outcome in [typed, pasted] {
            #expect(outcome.text == "4716 9895 8000 1715 211")
            #expect(outcome.value == "4716989580001715211")
            #expect(outcome.meta["brand"] == "visa")
            #expect(outcome.complete)
            #expect(outcome.validation.valid, "\(outcome.validation.results)")
            #expect(outcome.unexpected.isEmpty)
            #expect(!outcome.truncated)
        }
        let submitted = card.format("4716 9895 8000 1715 211", event: .submit, submitted: true)
        #expect(submitted.validation.valid)
        // A twentieth digit is one too many for every brand.
        #expect(try apply(card, "4716 9895 8000 1715 211|", .type("1")).rejected)
    }

    /// Each brand's published lengths: every one is valid with a good check digit, none outside; complete
    /// (a client may move on) from the brand's usual length on.
    @Test(arguments: [
        ("visa", "4", Array(13...19), 16), ("mastercard", "51", [16], 16), ("mastercard", "2221", [16], 16),
        ("amex", "37", [15], 15), ("diners", "36", Array(14...19), 14), ("diners", "300", Array(14...19), 14),
        ("discover", "6011", Array(16...19), 16), ("discover", "65", Array(16...19), 16),
        ("jcb", "3528", Array(16...19), 16), ("unionpay", "62", Array(16...19), 16),
        ("maestro", "6759", Array(12...19), 16),
    ])
    func lengthsFollowTheBrand(brand: String, prefix: String, lengths: [Int], usual: Int) throws {
        for length in 11...20 {
            let number = Self.luhnNumber(prefix: prefix, length: length)
            let verdict = verdict(LuhnValidator(), number)
            #expect(
                verdict.valid == lengths.contains(length), "\(brand) \(number) (\(length) digits): \(verdict)")
            #expect(CardBrand.detect(Array(number.unicodeScalars))?.id == brand)
            let outcome = card.format(number, event: .submit, submitted: true)
            // `credit_card` accepts the seven common brands (not Maestro).
            #expect(outcome.validation.valid == (lengths.contains(length) && brand != "maestro"), "\(number)")
            #expect(card.format(number).complete == (lengths.contains(length) && length >= usual), "\(number)")
        }
    }

    /// A number of `length` digits starting with `prefix`, a run of digits and a good Luhn check digit.
    static func luhnNumber(prefix: String, length: Int) -> String {
        var digits = Array(prefix)
        var next = 7
        while digits.count < length - 1 {
            digits.append(Character(String(next)))
            next = (next * 3 + 1) % 10
        }
        for check in "0123456789" where CardBrand.luhn(Array(String(digits + [check]).unicodeScalars)) {
            return String(digits + [check])
        }
        return String(digits)
    }
}

/// ISO 13616: each country's BBAN structure as the SWIFT IBAN registry writes it.
@Suite struct IBANStructureTests {
    let iban = builtinField("iban")

    /// The issue's IBANs pass length and MOD 97-10 but break their country's BBAN structure: digits where
    /// the bank code's letters go (`VG46 H07Y…`, `VG`: `4!a16!n`; `PS07 2435…`, `PS`: `4!a21!c`) and
    /// letters where the sort code's digits go (`IE95 TE82 7…`, `IE`: `4!a6!n8!n`, after the bank's
    /// four letters).
    @Test(arguments: ["VG46H07Y0223060094359858", "IE95TE8270900834048660", "PS072435171802145240705922007"])
    func theIssuesIBANsBreakTheirCountrysStructure(value: String) {
        let scalars = Array(value.unicodeScalars)
        #expect(IBANCountry.length(of: String(value.prefix(2))) == scalars.count)
        #expect(IBANValidator.mod97(scalars) == 1)
        #expect(state(verdict(IBANValidator(), value)) == "invalid")
        // As it stands (a prefill): every character stays, those out of place are named.
        let prefilled = iban.format(value, event: .blur)
        #expect(prefilled.value == value)
        #expect(!prefilled.unexpected.isEmpty)
        #expect(prefilled.validation.valid == false)
        #expect(prefilled.validation.errors.first?.rule == "unexpectedCharacters")
        #expect(prefilled.meta["bankCode"] == nil)
        // Submitted, or pasted: what does not fit is dropped and reported; never valid.
        let submitted = iban.format(value, event: .submit, submitted: true)
        #expect(submitted.validation.valid == false)
        #expect(submitted.validation.errors.first?.rule == "unexpectedCharacters")
    }

    @Test func aCharacterOfTheWrongKindIsRefusedWhereItIsTyped() throws {
        // GB: 4!a6!n8!n. A digit in the bank code, a letter in the sort code.
        #expect(try apply(iban, "GB82 WE|", .type("5")).rejected)
        #expect(try result(iban, "GB82 WE|", .type("s")) == "GB82 WES|")
        #expect(try apply(iban, "GB82 WEST 12|", .type("A")).rejected)
        #expect(try result(iban, "GB82 WEST 12|", .type("3")) == "GB82 WEST 123|")
        // DE: 8!n10!n.
        #expect(try apply(iban, "DE89 3704 00|", .type("X")).rejected)
        // IE: 4!a6!n8!n, so the issue's number cannot be typed as it is.
        #expect(try apply(iban, "IE95 TE|", .type("8")).rejected)
        // A paste keeps what fits, as typing it does.
        let pasted = try apply(iban, "|", .paste("VG46H07Y0223060094359858"))
        #expect(pasted.truncated)
        #expect(pasted.text == (try typeEach(iban, "VG46H07Y0223060094359858")).text)
    }

    @Test func anEditElsewhereLeavesCharactersOutOfPlaceAndReportsThem() throws {
        // Deleting the `W` of `WEST` moves a digit into the bank code: it stays, and is reported.
        let outcome = try apply(iban, "GB82 W|EST 1234 5698 7654 32", .backspace)
        #expect(outcome.text == "GB82 EST1 2345 6987 6543 2")
        #expect(outcome.unexpected == ["1"])
        #expect(outcome.validation.valid == false)
    }

    /// Registry examples: valid, with the bank and branch codes where the registry defines them.
    @Test(
        arguments: [
            ("GB82WEST12345698765432", "GB", "WEST", "123456"), ("DE89370400440532013000", "DE", "37040044", nil),
            ("FR1420041010050500013M02606", "FR", "20041", nil),
            ("IT60X0542811101000000123456", "IT", "05428", "11101"),
            ("ES9121000418450200051332", "ES", "2100", "0418"), ("NL91ABNA0417164300", "NL", "ABNA", nil),
            ("BR1800360305000010009795493C1", "BR", "00360305", "00001"), ("CH9300762011623852957", "CH", "00762", nil),
            ("MU17BOMM0101101030300200000MUR", "MU", "BOMM01", "01"), ("VG96VPVG0000012345678901", "VG", "VPVG", nil),
            ("IE29AIBK93115212345678", "IE", "AIBK", "931152"),
            ("PS92PALS000000000400123456702", "PS", "PALS", nil),
        ] as [(String, String, String, String?)])
    func registryExamplesNameTheirBankAndBranch(value: String, country: String, bank: String, branch: String?) {
        let outcome = iban.format(value)
        #expect(outcome.validation.valid, "\(outcome.validation.results)")
        #expect(outcome.complete)
        #expect(outcome.meta["country"] == .string(country))
        #expect(outcome.meta["bankCode"] == .string(bank))
        #expect(outcome.meta["branchCode"] == branch.map(JSONValue.string))
    }

    @Test func everyRegistryCountryHasItsLengthAndStructure() {
        #expect(IBANCountry.all.count == 89)
        for country in IBANCountry.all {
            #expect(country.length >= 15 && country.length <= 34, "\(country.code)")
            if let bank = country.bankCode { #expect(bank.upperBound <= country.bban.count, "\(country.code)") }
            if let branch = country.branchCode { #expect(branch.upperBound <= country.bban.count, "\(country.code)") }
        }
        #expect(IBANCountry.named("GB")?.structure == "4!a6!n8!n")
        #expect(
            IBANCountry.named("GB")?.bban == Array(repeating: .letter, count: 4) + Array(repeating: .digit, count: 14))
        #expect(IBANCountry.named("US") == nil)
    }

    @Test func checkDigitsAreFrom02To98() {
        // MOD 97-10 gives check digits from 02 to 98; 00, 01 and 99 are never an IBAN's.
        #expect(state(verdict(IBANValidator(), "GB82WEST12345698765432")) == "valid")
        for digits in ["00", "01", "99"] {
            #expect(state(verdict(IBANValidator(), "GB\(digits)WEST12345698765432")) == "invalid")
        }
    }
}

/// E-mail domains: IDNA2008 (RFC 5890–5893) after the mapping of Unicode TS 46, as the standard catalogue
/// reads them with ICU.
@Suite struct EmailDomainTests {
    let email = builtinField("email")

    /// The issue's address: full-width letters are mapped as UTS 46 maps them, typed or pasted.
    @Test func fullWidthLettersAreMapped() throws {
        let typed = try typeEach(email, "somename@ｇｍａｉｌ.com")
        let pasted = try apply(email, "|", .paste("somename@ｇｍａｉｌ.com"))
        for outcome in [typed, pasted] {
            #expect(outcome.text == "somename@gmail.com")
            #expect(outcome.value == "somename@gmail.com")
            #expect(outcome.meta["asciiDomain"] == "gmail.com")
            #expect(outcome.validation.valid)
            #expect(!outcome.truncated)
        }
        let submitted = email.format("somename@ｇｍａｉｌ．ｃｏｍ", event: .submit, submitted: true)
        #expect(submitted.text == "somename@gmail.com")
        #expect(submitted.validation.valid)
    }

    /// Valid names, the text UTS 46 maps them to, and their A-label form.
    @Test(arguments: [
        ("jane@bücher.example", "jane@bücher.example", "xn--bcher-kva.example"),
        ("jane@BÜCHER.Example", "jane@bücher.example", "xn--bcher-kva.example"),
        ("jane@xn--bcher-kva.example", "jane@xn--bcher-kva.example", "xn--bcher-kva.example"),
        ("jane@XN--BCHER-KVA.example", "jane@xn--bcher-kva.example", "xn--bcher-kva.example"),
        ("jane@faß.de", "jane@faß.de", "xn--fa-hia.de"),
        // UTS 46 maps the capital sharp s to `ß` since Unicode 15.1 (Debian's ICU 72 still has `ss`).
        ("jane@ẞtraße.de", "jane@ßtraße.de", "xn--trae-unad.de"),
        ("用户@例子。广告", "用户@例子.广告", "xn--fsqu00a.xn--4rr70v"),
        ("jane@exam\u{00AD}ple.com", "jane@example.com", "example.com"),
        ("jane@Example.COM", "jane@example.com", "example.com"),
        ("θσερ@εχαμπλε.ψομ", "θσερ@εχαμπλε.ψομ", "xn--mxahbxey0c.xn--xxaf0a"),
        ("jane@שלום.example", "jane@שלום.example", "xn--9dbne9b.example"),
        ("jane@مثال.إختبار", "jane@مثال.إختبار", "xn--mgbh0fb.xn--kgbechtv"),
        ("jane@ශ්‍රී.lk", "jane@ශ්‍රී.lk", "xn--10cl1a0b660p.lk"),
    ])
    func internationalizedDomains(typed: String, text: String, ascii: String) throws {
        let outcome = email.format(typed, event: .blur)
        #expect(outcome.text == text)
        #expect(outcome.validation.valid, "\(outcome.validation.results)")
        #expect(outcome.meta["asciiDomain"] == .string(ascii))
        #expect(try typeEach(email, typed).text == text)
    }

    /// What IDNA2008 disallows makes the address invalid (and no A-label is given).
    @Test(arguments: [
        "jane@i❤.ws",  // a symbol: UTS 46 keeps it (NV8), IDNA2008 does not
        "jane@😀.example",  // an emoji
        "jane@a_b.example",  // `_` in a host name (STD3)
        "jane@-ab.example", "jane@ab-.example",  // a hyphen first or last
        "jane@ab--cd.example",  // `--` in positions 3 and 4 of a label that is not an A-label
        "jane@xn--abc.example", "jane@xn--a.example",  // bad Punycode
        "jane@xn--example-.com",  // an A-label of an ASCII label
        "jane@שלוםabc.example",  // Bidi: an RTL label with left-to-right letters
        "jane@abc\u{200C}d.example",  // ContextJ: ZWNJ without a virama or joining letters around it
        "jane@a\u{00B7}b.example",  // ContextO: a middle dot between letters other than `l`
        "jane@\u{0301}a.example",  // a combining mark first
        "jane@\u{E000}.example",  // private use
        "jane@\(String(repeating: "a", count: 64)).example",  // a label over 63 octets
        "jane@\(Array(repeating: "abcdefghi", count: 26).joined(separator: ".")).com",  // over 253
        "jane@ä\(String(repeating: "a", count: 58)).example",  // 64 octets as an A-label
        "jane@example.123",  // a top-level label of digits
    ])
    func disallowedDomains(address: String) {
        let outcome = email.format(address, event: .blur)
        #expect(outcome.validation.state == .invalid, "\(outcome.validation.results)")
        #expect(outcome.meta["asciiDomain"] == nil)
    }

    /// A beginning of a valid address is unfinished, internationalized or not.
    @Test(arguments: [
        "jane@bücher", "jane@bücher.", "jane@bücher.e", "jane@bücher.ex-", "jane@bücher.xn-", "jane@bücher.xn--",
        "jane@bücher.xn--p", "jane@ශ්\u{200D}",
    ])
    func unfinishedDomains(address: String) {
        #expect(email.format(address).validation.state == .incomplete, "\(email.format(address).validation.results)")
    }

    /// Characters UTS 46 disallows stay as typed: nothing the user typed is silently lost (rule 10).
    @Test func disallowedCharactersStayAsTyped() throws {
        #expect(try result(email, "jane@ab|.example", .type("😀")) == "jane@ab😀|.example")
        #expect(try result(email, "jane@ab|.example", .type("_")) == "jane@ab_|.example")
        #expect(try result(email, "jane@ab|.example", .type("Ｃ")) == "jane@abc|.example")
        // An ignored character is removed as a normalization, not refused.
        let softHyphen = try apply(email, "jane@ab|.example", .type("\u{00AD}"))
        #expect(!softHyphen.rejected)
        #expect(softHyphen.text == "jane@ab.example")
    }

    /// The local part is not a domain: it keeps full-width and upper-case letters as typed.
    @Test func theLocalPartIsKeptAsTyped() {
        #expect(email.format("ＪＡＮＥ@example.com").text == "ＪＡＮＥ@example.com")
        // Quoted local parts are deliberately not accepted.
        #expect(email.format(#""jane doe"@example.com"#, event: .blur).validation.valid == false)
    }

    /// The engine alone (`RuleCatalog.core`, no ICU) accepts ASCII domains only: it cannot check the rest.
    @Test func withoutICUOnlyASCIIDomainsAreAccepted() {
        let core = EmailValidator()
        #expect(state(verdict(core, "jane@example.com")) == "valid")
        #expect(state(verdict(core, "jane@bücher.example")) == "invalid")
        #expect(state(verdict(core, "jane@xn--bcher-kva.example")) == "invalid")
        #expect(state(verdict(core, "jane@a_b.example")) == "invalid")
        let formatted = EmailFormatter().format(Array("Jane@Example.COM".unicodeScalars), context: FormatContext())
        #expect(formatted.text == "Jane@example.com")
        #expect(formatted.meta["asciiDomain"] == "example.com")
    }

    /// IDNA2008's derived property (RFC 5892) for a few code points of each kind.
    @Test func idna2008DerivedProperties() {
        let cases: [(Unicode.Scalar, IDNA2008.Property)] = [
            ("a", .pvalid), ("-", .pvalid), ("A", .disallowed), ("_", .disallowed), ("ß", .pvalid), ("ς", .pvalid),
            ("\u{200C}", .contextJ), ("\u{200D}", .contextJ), ("\u{00B7}", .contextO), ("\u{0660}", .contextO),
            ("\u{0640}", .disallowed), ("❤", .disallowed), ("😀", .disallowed), ("ü", .pvalid), ("中", .pvalid),
            ("\u{FF47}", .disallowed), ("\u{00AD}", .disallowed), ("\u{1100}", .disallowed), ("\u{0378}", .unassigned),
            ("\u{E000}", .disallowed), ("\u{20D0}", .disallowed), ("\u{0301}", .pvalid), ("\u{3007}", .pvalid),
        ]
        for (scalar, property) in cases {
            #expect(IDNA2008.property(scalar) == property, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }
}

/// Rules 8 to 10 for the `email` formatter's UTS 46 mapping, over characters it maps, ignores or keeps.
@Suite struct EmailMappingPropertyTests {
    let email = builtinField("email")
    static let alphabet: [String] = [
        "a", "B", "z", "0", "-", "_", ".", "@", "ｇ", "Ｍ", "。", "．", "\u{00AD}", "ẞ", "ß", "™", "⑴", "ü", "u\u{308}",
        "\u{301}", "\u{200D}", "\u{200C}", "ש", "م", "中", "😀", "👍🏽", "❤", "＠", "Ⅸ", "ﬁ", " ",
    ]

    func randomAddress(_ generator: inout SplitMix64) -> String {
        let local = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
            Self.alphabet.randomElement(using: &generator)!
        }
        let domain = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
            Self.alphabet.randomElement(using: &generator)!
        }
        return local.joined() + (Bool.random(using: &generator) ? "@" : "") + domain.joined()
    }

    @Test func formattingIsIdempotentAndTheValueFormatsBackToTheText() {
        var generator = SplitMix64(state: 32)
        for _ in 0..<600 {
            let input = randomAddress(&generator)
            let once = email.format(input)
            #expect(email.format(once.text).text == once.text, "not idempotent for \(input.debugDescription)")
            #expect(email.format(once.value).text == once.text, "format(value) for \(input.debugDescription)")
            #expect(email.format(once.text).meta == once.meta, "\(input.debugDescription)")
        }
    }

    @Test func typingEqualsPasting() throws {
        var generator = SplitMix64(state: 0x1D4A)
        for _ in 0..<300 {
            let input = randomAddress(&generator)
            let typed = try typeEach(email, input)
            let pasted = try email.edit(
                EditRequest(text: "", start: 0, end: 0, replacement: input, inputType: .insertFromPaste))
            #expect(typed.text == pasted.text, "typed ≠ pasted for \(input.debugDescription)")
            #expect(email.format(typed.value).text == typed.text)
        }
    }

    /// Rule 10: deleting one character keeps every other significant one (or is refused).
    @Test func aDeletionLosesNothingElse() throws {
        var generator = SplitMix64(state: 0xDE1E7E)
        for _ in 0..<300 {
            let text = email.format(randomAddress(&generator)).text
            let scalars = Array(text.unicodeScalars)
            guard !scalars.isEmpty else { continue }
            let index = Int.random(in: 0..<scalars.count, using: &generator)
            let start = String(String.UnicodeScalarView(scalars[..<index])).utf16.count
            let end = start + String(scalars[index]).utf16.count
            let outcome = try email.edit(EditRequest(text: text, start: start, end: end, replacement: ""))
            #expect(!outcome.rejected, "\(text.debugDescription) minus \(index)")
            var rest = scalars
            rest.remove(at: index)
            // The formatter adds no literals: what is left is exactly the text without that character.
            #expect(
                outcome.text == String(String.UnicodeScalarView(rest)), "\(text.debugDescription) minus \(index)")
        }
    }
}
