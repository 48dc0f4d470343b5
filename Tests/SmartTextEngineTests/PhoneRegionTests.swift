import SmartTextEngine
import SmartTextJSON
import Testing

@testable import SmartTextNativeRules

/// A field with a `phone` formatter of `region` and a `phone` validator with `options` (JSON members
/// besides the region).
func phoneField(_ region: String?, validator options: String) throws -> Field {
    let formatter = region.map { #"{"region": "\#($0)"}"# } ?? "{}"
    let members = (region.map { [#""region": "\#($0)""#] } ?? []) + (options.isEmpty ? [] : [options])
    let registry = try load(
        #"{"fields": {"p": {"formatters": [{"phone": \#(formatter)}], "validators": [{"phone": {\#(members.joined(separator: ", "))}}]}}}"#
    )
    return registry.fields["p"]!
}

/// The request's locale with a phone region (as a body's `region` gives it).
func locale(region: String, tags: [String] = ["en"]) -> LocalePreference {
    var preference = LocalePreference(tags: tags)
    preference.conventions = LocaleData.conventions(for: preference, region: region)
    return preference
}

/// Types `text` one character at a time; every key must be taken. Returns the final answer.
func typeEveryKey(_ field: Field, _ text: String, locale: LocalePreference = .english) throws -> EditOutcome {
    var marked = Marked("|")
    var last = field.format("", locale: locale)
    for character in text {
        last = try field.edit(
            EditRequest(
                text: marked.text, start: marked.start, end: marked.end, replacement: String(character),
                inputType: .insertText),
            locale: locale)
        #expect(!last.rejected, "\(text): \(character) refused after \(marked)")
        marked = Marked(text: last.text, caret: last.caret)
    }
    return last
}

/// Pastes `text` into an empty field.
func paste(_ field: Field, _ text: String, locale: LocalePreference = .english) throws -> EditOutcome {
    try field.edit(
        EditRequest(text: "", start: 0, end: 0, replacement: text, inputType: .insertFromPaste), locale: locale)
}

/// The examples of issues 24 and 32, phone parts: what each now does.
@Suite struct PhoneRegionTests {
    // MARK: Typing equals pasting (issue 24, item 1)

    /// Numbers longer than the region's fixed-line and mobile numbers (toll free, premium rate), written
    /// with a national prefix or a carrier code: every key is taken, and the end is what pasting gives.
    @Test(arguments: [
        ("CR", "8001234567", "800-123-4567", "tollFree", "+5068001234567"),
        ("CR", "9001234567", "900-123-4567", "premiumRate", "+5069001234567"),
        ("BY", "80294911911", "8 029 491-19-11", "mobile", "+375294911911"),
        ("AD", "18001234", "1800 1234", "tollFree", "+37618001234"),
        ("KR", "085001198767890", "08500 11-9876-7890", "mobile", "+821198767890"),
    ])
    func longerNumbersType(region: String, digits: String, text: String, type: String, e164: String) throws {
        let field = try phoneField(region, validator: "")
        let typed = try typeEveryKey(field, digits)
        let pasted = try paste(field, digits)
        #expect(typed.text == text)
        #expect(pasted.text == text)
        #expect(typed.value == digits && pasted.value == digits)
        #expect(typed.validation.state == .valid && pasted.validation.state == .valid)
        #expect(typed.meta["type"] == .string(type))
        #expect(typed.meta["e164"] == .string(e164))
        #expect(!pasted.truncated)
    }

    /// Costa Rica's eight-digit prefix of a toll-free number is incomplete, not full.
    @Test func costaRicaTakesTheNinthDigit() throws {
        let field = try phoneField("CR", validator: "")
        let outcome = try apply(field, "800-123-45|", .type("6"))
        #expect(!outcome.rejected)
        #expect(outcome.text == "800-123-456")
        #expect(outcome.validation.state == .incomplete)
    }

    /// Andorra: a valid six-digit premium-rate number no longer blocks the toll-free numbers it starts;
    /// one no number continues stays full.
    @Test func andorraPremiumRateAndTollFree() throws {
        let field = try phoneField("AD", validator: "")
        let premium = field.format("180012")
        #expect(premium.validation.valid && premium.meta["type"] == "premiumRate")
        #expect(!premium.complete)
        #expect(try !apply(field, "180 012|", .type("3")).rejected)
        let complete = field.format("194785")
        #expect(complete.complete)
        #expect(try apply(field, "194 785|", .type("2")).rejected)
    }

    /// Korea's carrier code (issue 32): the number typed after `08500` takes every key, and each step
    /// says `incomplete`, not `invalid`, as more digits make it valid.
    @Test func koreaWithACarrierCode() throws {
        let field = try phoneField(nil, validator: "")
        let korea = locale(region: "KR")
        var text = ""
        for character in "085001198767890" {
            let outcome = try field.edit(
                EditRequest(
                    text: text, start: text.utf16.count, end: text.utf16.count, replacement: String(character)),
                locale: korea)
            #expect(!outcome.rejected, "\(character) after \(text)")
            text = outcome.text
            let digits = text.filter(\.isNumber)
            #expect(outcome.validation.state != .invalid, "\(digits)")
        }
        #expect(field.format(text, locale: korea).meta["e164"] == "+821198767890")
        #expect(try paste(field, "085001198767890", locale: korea).text == text)
    }

    /// A complete number is still full: no longer number of any type continues it.
    @Test(arguments: [
        ("CN", "138 0013 8000|"), ("US", "(201) 555-0123|"), ("GB", "07400 123456|"), ("JP", "060-076-5965|"),
        ("BR", "(18) 4375-4640|"),
    ])
    func aCompleteNumberIsFull(region: String, marked: String) throws {
        let field = try phoneField(region, validator: "")
        for digit in "0123456789" {
            #expect(try apply(field, marked, .type(String(digit))).rejected, "\(region) \(marked) + \(digit)")
        }
    }

    /// A paste keeps each digit typing would keep, not only those before the first that does not fit.
    @Test func aPasteKeepsWhatTypingKeeps() throws {
        let china = try phoneField("CN", validator: "")
        for text in ["+05", "+0086138", "13800138000123"] {
            #expect(try typeEach(china, text).text == paste(china, text).text, "\(text)")
        }
        #expect(try paste(china, "+05").text == "+5")
        let international = try phoneField(nil, validator: "")
        for text in ["060", "0162", "07０5", "0044 20 7946 0958"] {
            #expect(try typeEach(international, text).text == paste(international, text).text, "\(text)")
        }
    }

    // MARK: Region-bound validity (issue 32; issue 24's US and GB examples)

    @Test func aUSFieldTakesUSNumbersOnly() throws {
        let usField = builtinField("phone_us")
        let burkinaFaso = usField.format("+2(267)362-8910", event: .blur)
        #expect(burkinaFaso.validation.state == .invalid)
        #expect(burkinaFaso.meta["region"] == "BF")
        let error = try #require(burkinaFaso.validation.errors.first)
        #expect(error.rule == "phone")
        #expect(error.message == "Phone number: only numbers from this country or region are accepted: United States")
        #expect(burkinaFaso.validation.results.last?.details["region"] == "BF")
        // In the request's language, the region named by CLDR.
        let chinese = usField.format("+2(267)362-8910", event: .blur, locale: LocalePreference(tags: ["zh-CN"]))
        #expect(chinese.validation.errors.first?.message == "美国电话号码：仅接受以下国家或地区的号码：美国")
        // Canada shares +1: not a US number without sharedCallingCode.
        #expect(usField.format("+1 613 555 0123", event: .blur).validation.valid == false)
        #expect(usField.format("(201) 555-0123", event: .blur).validation.valid)
    }

    @Test func aChineseFieldTakesChineseNumbersOnly() throws {
        let cnField = builtinField("phone_cn")
        let british = cnField.format("+44 20 7946 0958", event: .blur)
        #expect(british.validation.valid == false)
        #expect(british.meta["region"] == "GB")
        #expect(british.validation.errors.first?.message.hasSuffix("China") == true)
        // The built-in sign-up form no longer takes a British number as a Chinese one.
        let form = try #require(builtin.forms["signup"])
        let check = form.validate([
            ("username", "jane_doe"), ("email", "jane@example.com"), ("phone_cn", "+44 20 7946 0958"),
            ("password", "Tr0ub4dor&3xyz!"), ("password_confirm", "Tr0ub4dor&3xyz!"),
        ])
        #expect(check.valid == false)
        #expect(check.fields.first { $0.name == "phone_cn" }?.outcome.validation.valid == false)
        // Partial numbers of another country are invalid as soon as their calling code says so.
        #expect(cnField.format("+1 650", event: .blur).validation.state == .invalid)
        #expect(cnField.format("+8", event: .blur).validation.state == .incomplete)
    }

    /// `sharedCallingCode`: the regions of the calling code are accepted, and the message names the code.
    @Test func sharedCallingCode() throws {
        let usAndShared = try phoneField("US", validator: #""sharedCallingCode": true"#)
        #expect(usAndShared.format("+1 613 555 0123").validation.valid)
        #expect(usAndShared.format("613 555 0123").validation.valid)
        let british = usAndShared.format("+44 20 7946 0958", event: .blur)
        #expect(
            british.validation.errors.first?.message == "p: only numbers with the country calling code +1 are accepted")
        let britishOnly = try phoneField("GB", validator: "")
        let britishAndShared = try phoneField("GB", validator: #""sharedCallingCode": true"#)
        for isleOfMan in ["01624 756789", "+44 1624 756789"] {
            #expect(britishOnly.format(isleOfMan).validation.valid == false)
            #expect(britishAndShared.format(isleOfMan).validation.valid)
        }
    }

    /// The Isle of Man in a GB field: `meta` as for any valid number; not GB unless shared calling codes
    /// are accepted; any country in `phone` with the request's region GB.
    @Test func anIsleOfManNumberInGB() throws {
        let britishOnly = try phoneField("GB", validator: "")
        let outcome = britishOnly.format("01624756789", event: .blur)
        #expect(outcome.meta["region"] == "IM")
        #expect(outcome.meta["type"] == "fixedLine")
        #expect(outcome.meta["e164"] == "+441624756789")
        #expect(outcome.validation.results.last?.details["region"] == "IM")
        let generic = builtinField("phone").format("01624756789", event: .blur, locale: locale(region: "GB"))
        #expect(generic.validation.valid)
        #expect(generic.meta["e164"] == "+441624756789")
    }

    /// Seven digits with an island's area code in a US field (issue 24): a US local number, invalid, as
    /// libphonenumber says (parse for US, then `IsValidNumberForRegion`/`IsValidNumber`); no area code
    /// is made up for it. Bermuda, Grenada, Saint Lucia, the Northern Mariana Islands, Saint Vincent.
    @Test(arguments: ["BM", "GD", "LC", "MP", "VC"])
    func anIslandsLocalNumberInAUSField(island: String) throws {
        let area = String(try #require(PhoneLibrary.example(region: island, type: .fixedLine)).prefix(3))
        // A local number that starts with the area code and is valid once it is put before it.
        let local = try #require(
            (0..<10_000).lazy.map { area + String(format: "%04d", $0) }.first {
                PhoneLibrary.inspectLibrary("+1" + area + $0, region: "ZZ").validNumber
            })
        let library = PhoneLibrary.inspectLibrary(local, region: "US")
        #expect(!library.valid && !library.validNumber, "\(island) \(local)")
        let generic = builtinField("phone").format(local, event: .blur, locale: locale(region: "US"))
        #expect(generic.validation.valid == false, "\(island) \(local)")
        #expect(generic.meta["e164"] == nil, "\(island) \(local)")
        #expect(builtinField("phone_us").format(local, event: .blur).validation.valid == false)
        // The island's own number, with its area code, is valid in `phone` (any country).
        #expect(builtinField("phone").format(area + local, event: .blur, locale: locale(region: "US")).validation.valid)
    }

    // MARK: +0 (issue 32)

    @Test func plusZeroIsNotANumber() throws {
        let cnField = builtinField("phone_cn")
        let outcome = cnField.format("+008613811211114", event: .blur)
        #expect(outcome.validation.valid == false)
        #expect(outcome.validation.state == .invalid)
        #expect(outcome.meta["e164"] == nil)
        let submitted = try builtin.validate([("phone_cn", "+008613811211114")], event: .submit)
        #expect(submitted.valid == false)
        // libphonenumber itself reads it as +86 (the deviation the README names).
        #expect(PhoneLibrary.inspectLibrary("+008613811211114", region: "CN").valid)
        #expect(PhoneLibrary.inspect("+008613811211114", region: "CN").parsed == false)
        // Typed: the 0 after the + is refused where a region applies.
        #expect(try apply(cnField, "+|", .type("0")).rejected)
        #expect(try typeEach(cnField, "+008613811211114").text == "138 1121 1114")
        // International input: +00 is still the international prefix written out.
        let international = builtinField("phone")
        #expect(try result(international, "+|", .type("0")) == "+0|")
        #expect(try typeEach(international, "+0044 20 7946 0958").text == "+44 20 7946 0958")
        // Shown as typed until a digit follows it, and only incomplete meanwhile (no error while typing);
        // formatting it again gives it back.
        for prefix in ["00", "+00", "+011", "+010", "+01", "+0"] {
            let outcome = international.format(prefix)
            #expect(outcome.text == (prefix.hasPrefix("+") ? prefix : "+" + prefix), "\(prefix)")
            #expect(outcome.validation.state == .incomplete && outcome.validation.errors.isEmpty, "\(prefix)")
            #expect(international.format(outcome.text).text == outcome.text, "\(prefix)")
        }
        #expect(try typeEach(international, "0044 20 7946 0958").text == "+44 20 7946 0958")
    }

    // MARK: Argentina (issue 24)

    @Test func anArgentineNumberWithItsCountryCodeComesToNationalForm() throws {
        let field = try phoneField("AR", validator: "")
        let pasted = try paste(field, "+5491123456789")
        #expect(pasted.text == "011 15-2345-6789")
        #expect(pasted.value == "0111523456789")
        #expect(pasted.validation.valid)
        #expect(pasted.meta["e164"] == "+5491123456789")
        #expect(try typeEveryKey(field, "+5491123456789").text == pasted.text)
        #expect(field.format(pasted.value).text == pasted.text)
        #expect(try paste(field, "+54 9 11 2345-6789").text == pasted.text)
        // libphonenumber's national format is the reference.
        #expect(PhoneLibrary.format("+5491123456789", region: "AR", style: 0) == "011 15-2345-6789")
        // A fixed-line number too, and another country's stays international.
        #expect(try paste(field, "+541123456789").text == "011 2345-6789")
        #expect(try paste(field, "+1 650 253 0000").text == "+1 650-253-0000")
    }

    // MARK: Submitted values (issue 24)

    /// `/v1/validate` keeps the digits `/v1/format` shows; those after a complete number are reported.
    @Test func aSubmittedValueKeepsItsDigits() throws {
        let field = try phoneField("AD", validator: "")
        let formatted = field.format("19478524", event: .submit)
        let submitted = field.format("19478524", event: .submit, submitted: true)
        #expect(submitted.text == formatted.text)
        #expect(submitted.value == "19478524")
        #expect(submitted.unexpected == ["2", "4"])
        #expect(submitted.validation.errors.first?.rule == "unexpectedCharacters")
        // A number with nothing after it, or an invalid one without a complete prefix: nothing reported.
        #expect(field.format("18001234", event: .submit, submitted: true).unexpected.isEmpty)
        let invalid = field.format("1947852", event: .submit, submitted: true)
        #expect(invalid.unexpected == ["2"])
    }

    // MARK: Configuration

    @Test func sharedCallingCodeMistakes() {
        #expect(
            problems(#"{"fields": {"p": {"validators": [{"phone": {"sharedCallingCode": true}}]}}}"#) == [
                #"a.json: field "p", validators[0] (phone): sharedCallingCode needs a region: without one, numbers of every country are accepted already"#
            ])
        #expect(
            problems(#"{"fields": {"p": {"validators": [{"phone": {"region": "US", "sharedCallingCode": "yes"}}]}}}"#)
                .count == 1)
        #expect(
            problems(#"{"fields": {"p": {"formatters": [{"phone": {"region": "US", "sharedCallingCode": true}}]}}}"#)
                .count == 1)
    }
}
