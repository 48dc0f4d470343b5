import SmartTextEngine
import SmartTextNativeRules
import Testing

/// A phone field for one region (nil: international).
func phoneField(_ region: String?) throws -> Field {
    let options = region.map { #"{"region": "\#($0)"}"# } ?? "{}"
    let registry = try load(
        #"{"fields": {"p": {"formatters": [{"phone": \#(options)}], "validators": [{"phone": \#(options)}]}}}"#)
    return registry.fields["p"]!
}

/// Types a string one character at a time; returns every intermediate text with its caret marked.
func typingSequence(_ field: Field, _ text: String) throws -> [String] {
    var marked = Marked("|")
    var steps: [String] = []
    for character in text {
        let outcome = try field.edit(request(marked, .type(String(character))))
        marked = Marked(text: outcome.text, caret: outcome.caret)
        steps.append(marked.description)
    }
    return steps
}

@Suite struct PhoneTests {
    /// Mobile numbers of ten regions, and libphonenumber's formatting of the full number
    /// (its national format; India's as-you-type form, since its national format adds a trunk 0).
    static let numbers: [(region: String, digits: String, formatted: String)] = [
        ("CN", "13800138000", "138 0013 8000"), ("US", "2015550123", "(201) 555-0123"),
        ("GB", "07400123456", "07400 123456"), ("DE", "015123456789", "01512 3456789"),
        ("JP", "09012345678", "090-1234-5678"), ("IN", "9876543210", "98765 43210"),
        ("FR", "0612345678", "06 12 34 56 78"), ("BR", "11961234567", "(11) 96123-4567"),
        ("RU", "89123456789", "8 (912) 345-67-89"), ("AU", "0412345678", "0412 345 678"),
    ]

    @Test(arguments: numbers.map(\.region))
    func typingEachDigitEndsInLibphonenumbersFormat(region: String) throws {
        let (_, digits, formatted) = Self.numbers.first { $0.region == region }!
        let field = try phoneField(region)
        let steps = try typingSequence(field, digits)
        #expect(steps.last == formatted + "|")
        // Every step holds exactly the digits typed so far, the caret after the last one.
        for (count, step) in steps.enumerated() {
            #expect(step.filter(\.isNumber) == String(digits.prefix(count + 1)), "\(region) step \(count): \(step)")
            #expect(step.hasSuffix("|"), "\(region) step \(count): \(step)")
        }
        let outcome = field.format(digits)
        #expect(outcome.validation.valid)
        #expect(outcome.complete || region == "DE")
        #expect(outcome.meta["region"] == .string(region))
        #expect(outcome.value == digits)
        // Pasting gives what typing gives.
        #expect(try apply(field, "|", .paste(digits)).text == formatted)
    }

    /// Inside a complete number of each region: delete each digit after the first with
    /// backspace, then type it back. The other digits keep their order, the caret stays
    /// between the same digits, and typing the digit back restores the number.
    @Test(arguments: numbers.map(\.region))
    func deletingAndRetypingEachDigitInside(region: String) throws {
        let (_, digits, formatted) = Self.numbers.first { $0.region == region }!
        let field = try phoneField(region)
        let shown = Array(formatted)
        var digitsSeen = 0
        for (index, character) in shown.enumerated() where character.isNumber {
            digitsSeen += 1
            guard digitsSeen > 1 else { continue }
            let marked = String(shown[...index]) + "|" + String(shown[(index + 1)...])
            let deleted = try field.edit(request(Marked(marked), .backspace))
            var remaining = Array(digits)
            remaining.remove(at: digitsSeen - 1)
            #expect(deleted.text.filter(\.isNumber) == String(remaining), "\(region) \(marked)")
            let beforeCaret = String(deleted.text.utf16.prefix(deleted.caret))!
            #expect(beforeCaret.filter(\.isNumber) == String(digits.prefix(digitsSeen - 1)), "\(region) \(marked)")
            let retyped = try field.edit(
                request(Marked(text: deleted.text, caret: deleted.caret), .type(String(character))))
            #expect(retyped.text == formatted, "\(region) \(marked)")
            let afterRetyping = String(retyped.text.utf16.prefix(retyped.caret))!
            #expect(afterRetyping.filter(\.isNumber) == String(digits.prefix(digitsSeen)), "\(region) \(marked)")
        }
    }

    @Test func aChineseMobileNumberDoesNotReflow() throws {
        let steps = try typingSequence(try phoneField("CN"), "13800138000")
        #expect(
            steps == [
                "1|", "13|", "138|", "138 0|", "138 00|", "138 001|", "138 0013|", "138 0013 8|", "138 0013 80|",
                "138 0013 800|", "138 0013 8000|",
            ])
        // libphonenumber's own as-you-type output shows 1380 0138 at the eighth digit.
    }

    @Test func aUSNumberIsLaidOutAsTheFinalNumberFromTheStart() throws {
        let steps = try typingSequence(try phoneField("US"), "2015550123")
        #expect(
            steps == [
                "(2|", "(20|", "(201|", "(201) 5|", "(201) 55|", "(201) 555|", "(201) 555-0|", "(201) 555-01|",
                "(201) 555-012|", "(201) 555-0123|",
            ])
    }

    @Test func theSeedExampleThroughTheBuiltinField() throws {
        let phone = builtinField("phone_cn")
        let outcome = try typeEach(phone, "13800138000")
        #expect(outcome.text == "138 0013 8000")
        #expect(outcome.caret == 13)
        #expect(outcome.value == "13800138000")
        #expect(outcome.meta["e164"] == "+8613800138000")
        #expect(outcome.meta["type"] == "mobile")
        #expect(outcome.validation.state == .valid)
        #expect(outcome.complete)
    }

    @Test func midNumberEdits() throws {
        let cn = try phoneField("CN")
        #expect(try result(cn, "138 0|013 800", .type("9")) == "138 09|01 3800")
        #expect(try apply(cn, "138 0|013 8000", .type("9")).rejected)  // a complete mobile number is full
        #expect(try result(cn, "138 00|13 8000", .backspace) == "138 0|138 000")
        #expect(try result(cn, "138 |0013 8000", .backspace) == "13|0 0138 000")
        #expect(try result(cn, "138| 0013 8000", .delete) == "138| 0138 000")
        #expect(try result(cn, "138 [0013] 8000", .type("5")) == "138 5|800 0")
        let us = try phoneField("US")
        #expect(try result(us, "(201) 5|55-0123", .backspace) == "(201) |550-123")
        #expect(try result(us, "(201) |555-0123", .backspace) == "(20|5) 550-123")
        #expect(try result(us, "(201) 555-0123|", .type("4")) == "(201) 555-0123|")
        #expect(try apply(us, "(201) 555-0123|", .type("4")).rejected)
    }

    @Test func pastingWithACountryCodeOrInternationalPrefixGivesTheNationalFormat() throws {
        let cn = try phoneField("CN")
        for pasted in ["+86 138-0013-8000", "0086 138 0013 8000", "+８６ １３８ ００１３ ８０００", "(+86) 13800138000"] {
            let outcome = try apply(cn, "|", .paste(pasted))
            #expect(outcome.text == "138 0013 8000", "\(pasted)")
            #expect(outcome.value == "13800138000")
            #expect(outcome.caret == 13)
        }
        let gb = try phoneField("GB")
        #expect(try apply(gb, "|", .paste("+44 7400 123456")).text == "07400 123456")
        #expect(try apply(gb, "|", .paste("+44 7400 123456")).value == "07400123456")
        let us = try phoneField("US")
        #expect(try apply(us, "|", .paste("+1 (201) 555-0123")).text == "(201) 555-0123")
        // Another country's number stays international.
        #expect(try apply(cn, "|", .paste("+1 650 253 0000")).text == "+1 650-253-0000")
        #expect(try apply(cn, "|", .paste("+1 650 253 0000")).value == "+16502530000")
    }

    @Test func internationalInput() throws {
        let phone = builtinField("phone")
        #expect(try typeEach(phone, "+14155552671").text == "+1 415-555-2671")
        #expect(try typeEach(phone, "8613800138000").text == "+86 138 0013 8000")
        #expect(try typeEach(phone, "447400123456").value == "+447400123456")
        #expect(phone.format("+86 138 0013 8000").meta["region"] == "CN")
        #expect(phone.format("+80012345678").meta["region"] == "001")
        #expect(try result(phone, "+86 |", .type(" ")) == "+86 |")
    }

    @Test func typingTheSeparatorsIsConsumed() throws {
        let cn = try phoneField("CN")
        #expect(try typeEach(cn, "138 0013 8000").text == "138 0013 8000")
        let us = try phoneField("US")
        #expect(try typeEach(us, "(201) 555-0123").text == "(201) 555-0123")
    }

    // MARK: Validation

    @Test func validationWithTypes() throws {
        let mobileOnly = try load(
            #"{"fields": {"m": {"formatters": [{"phone": {"region": "CN"}}], "validators": [{"phone": {"region": "CN", "types": ["mobile"]}}]}}}"#
        ).fields["m"]!
        #expect(mobileOnly.format("13800138000").validation.valid)
        let landline = mobileOnly.format("010 1234 5678", event: .submit).validation
        #expect(landline.valid == false)
        #expect(landline.errors.first?.message == "m must be a mobile number")
        #expect(
            mobileOnly.format("01012345678", event: .submit, locale: LocalePreference(tags: ["zh-CN"])).validation
                .errors.first?.message == "m须为手机号码")
        #expect(builtinField("phone_cn").format("010 1234 5678").validation.valid)
        #expect(builtinField("phone_cn").format("400 600 1234").validation.valid == false)
        // Other types: fixed line only, toll free only.
        let fixedLineOnly = try load(
            #"{"fields": {"f": {"formatters": [{"phone": {"region": "CN"}}], "validators": [{"phone": {"region": "CN", "types": ["fixedLine"]}}]}}}"#
        ).fields["f"]!
        let landlineAnswer = fixedLineOnly.format("01012345678", event: .submit)
        #expect(landlineAnswer.validation.valid)
        #expect(landlineAnswer.meta["type"] == .string("fixedLine"))
        let mobileAnswer = fixedLineOnly.format("13800138000", event: .submit).validation
        #expect(mobileAnswer.valid == false)
        #expect(mobileAnswer.errors.first?.message == "f must be a landline number")
        #expect(mobileAnswer.results.first?.details["type"] == .string("mobile"))
        let tollFreeOnly = try load(
            #"{"fields": {"t": {"formatters": [{"phone": {"region": "US"}}], "validators": [{"phone": {"region": "US", "types": ["tollFree"]}}]}}}"#
        ).fields["t"]!
        let tollFree = tollFreeOnly.format("8002345678", event: .submit)
        #expect(tollFree.validation.valid)
        #expect(tollFree.meta["type"] == .string("tollFree"))
        #expect(tollFree.text == "(800) 234-5678")
        #expect(tollFreeOnly.format("2015550123", event: .submit).validation.valid == false)
    }

    @Test(arguments: [
        ("CN", "13800138000", "valid"), ("CN", "1380013800", "incomplete"), ("CN", "138", "incomplete"),
        ("CN", "12345678901", "invalid"), ("CN", "+8613800138000", "valid"), ("US", "2015550123", "valid"),
        ("US", "201555012", "incomplete"), ("US", "0015550123", "invalid"), ("GB", "07400123456", "valid"),
        ("GB", "0740012345", "incomplete"), ("JP", "09012345678", "valid"), ("DE", "015123456789", "valid"),
        ("FR", "0612345678", "valid"), ("FR", "0012345678", "invalid"),
    ])
    func validationStates(region: String, number: String, expected: String) {
        let validator = PhoneValidator(region: region)
        #expect(state(verdict(validator, number)) == expected, "\(region) \(number)")
    }

    @Test func internationalValidation() {
        let validator = PhoneValidator(region: nil)
        #expect(state(verdict(validator, "+8613800138000")) == "valid")
        #expect(state(verdict(validator, "+86")) == "incomplete")
        #expect(state(verdict(validator, "+")) == "incomplete")
        #expect(state(verdict(validator, "+999123456789")) == "invalid")
    }

    @Test func configurationErrors() {
        #expect(
            problems(#"{"fields": {"p": {"formatters": [{"phone": {"region": "XX"}}]}}}"#) == [
                #"a.json: field "p", formatters[0] (phone): unknown region "XX": use a two-letter region code libphonenumber knows, upper case ("CN", "US")"#
            ])
        #expect(
            problems(#"{"fields": {"p": {"validators": [{"phone": {"types": ["cell"]}}]}}}"#).first?
                .contains(#"unknown phone number type "cell""#) == true)
    }
}
