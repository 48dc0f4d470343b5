import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one validator on a value (formatted by nothing) and returns its verdict.
func verdict(
    _ validator: any Validator, _ value: String, formValues: [String: String] = [:],
    today: CalendarDate = CalendarDate(year: 2026, month: 11, day: 29)
) -> RuleCheck {
    validator.check(
        ValidationInput(
            text: value, value: value, valueScalars: Array(value.unicodeScalars), formValues: formValues, today: today))
}

/// `valid`, `incomplete` or `invalid` for a verdict.
func state(_ check: RuleCheck) -> String {
    check.valid ? "valid" : check.incomplete ? "incomplete" : "invalid"
}

/// A registry validator from its JSON spelling, as a field would use it.
func validator(_ json: String) throws -> any Validator {
    let registry = try load(#"{"fields": {"f": {"validators": [\#(json)]}}}"#)
    return registry.fields["f"]!.rules[0].validator
}

@Suite struct ValidatorTests {
    // MARK: Published references

    /// Examples of the SWIFT IBAN registry (ISO 13616), one per country.
    @Test(arguments: [
        "DE89370400440532013000", "GB82WEST12345698765432", "FR1420041010050500013M02606", "NL91ABNA0417164300",
        "BE68539007547034", "CH9300762011623852957", "ES9121000418450200051332", "IT60X0542811101000000123456",
        "AT611904300234573201", "PL61109010140000071219812874", "NO9386011117947", "SA0380000000608010167519",
        "MT84MALT011000012345MTLCAST001S", "SE4550000000058398257466", "DK5000400440116243", "FI2112345600000785",
        "IE29AIBK93115212345678", "LU280019400644750000", "PT50000201231234567890154", "GR1601101250000000012300695",
        "RO49AAAA1B31007593840000", "BR1800360305000010009795493C1", "HU42117730161111101800000000",
        "CZ6508000000192000145399",
    ])
    func validIBANs(iban: String) {
        #expect(state(verdict(IBANValidator(), iban)) == "valid")
        // One character changed breaks the checksum.
        var broken = Array(iban)
        broken[6] = broken[6] == "1" ? "2" : "1"
        #expect(state(verdict(IBANValidator(), String(broken))) == "invalid")
    }

    @Test func ibanStates() {
        let iban = IBANValidator()
        #expect(state(verdict(iban, "DE8937")) == "incomplete")
        #expect(state(verdict(iban, "D")) == "incomplete")
        #expect(state(verdict(iban, "XX89370400440532013000")) == "invalid")
        #expect(state(verdict(iban, "DE893704004405320130001")) == "invalid")
        #expect(state(verdict(iban, "DE89 3704 0044 0532 0130 00")) == "valid")
    }

    /// Card networks' published test numbers (Stripe, Braintree).
    @Test(arguments: [
        ("4242424242424242", "visa"), ("4000056655665556", "visa"), ("4111111111111111", "visa"),
        ("5555555555554444", "mastercard"), ("2223003122003222", "mastercard"), ("5200828282828210", "mastercard"),
        ("378282246310005", "amex"), ("371449635398431", "amex"), ("6011111111111117", "discover"),
        ("6011000990139424", "discover"), ("36227206271667", "diners"), ("30569309025904", "diners"),
        ("3056930009020004", "diners"), ("3566002020360505", "jcb"), ("6200000000000005", "unionpay"),
        ("6759649826438453", "maestro"),
    ])
    func cardTestNumbers(number: String, brand: String) {
        #expect(state(verdict(LuhnValidator(), number)) == "valid")
        #expect(CardBrand.detect(Array(number.unicodeScalars))?.id == brand)
        let card = builtinField("credit_card").format(number)
        #expect(card.value == number)
        #expect(card.meta["brand"] == .string(brand))
        #expect(card.validation.valid == (brand != "maestro"), "\(number): \(card.validation.results)")
    }

    @Test func luhnStates() {
        #expect(state(verdict(LuhnValidator(), "4242")) == "incomplete")
        // 16 digits failing the check: a Visa number may still go on to 19; a Mastercard one may not.
        #expect(state(verdict(LuhnValidator(), "4242424242424241")) == "incomplete")
        #expect(state(verdict(LuhnValidator(), "5555555555554445")) == "invalid")
        #expect(state(verdict(LuhnValidator(), "47169895800017152111")) == "invalid")
        #expect(state(verdict(LuhnValidator(), "42424242a")) == "invalid")
    }

    @Test func cardBrandAllowed() {
        let onlyVisa = CardBrandValidator(allowed: ["visa"])
        #expect(state(verdict(onlyVisa, "4242424242424242")) == "valid")
        #expect(state(verdict(onlyVisa, "378282246310005")) == "invalid")
        #expect(verdict(onlyVisa, "378282246310005").details["brand"] == "amex")
        #expect(state(verdict(onlyVisa, "9")) == "incomplete")
    }

    /// GB 11643-1999: the standard's own example and numbers built by its algorithm.
    @Test func chineseResidentIDs() {
        let id = CNResidentIDValidator()
        for valid in ["11010519491231002X", "11010519491231002x", "440524188001010014", "110101199003077555"] {
            #expect(state(verdict(id, valid)) == "valid", "\(valid)")
        }
        #expect(state(verdict(id, "110105194912310021")) == "invalid")  // wrong check character
        #expect(state(verdict(id, "110105194902300026")) == "invalid")  // February 30th
        #expect(verdict(id, "110105194902300026").variant == "birthDate")
        #expect(state(verdict(id, "110105203001010017")) == "invalid")  // born in 2030
        #expect(state(verdict(id, "1101051949")) == "incomplete")
        #expect(state(verdict(id, "11010519491231002X1")) == "invalid")
        #expect(state(verdict(id, "110101199003077551")) == "invalid")  // check character 5 expected
        #expect(state(verdict(id, "320311770706001")) == "invalid")  // the old 15-digit form is not accepted
    }

    /// RFC 5322 and RFC 6531 examples, minus the quoted, comment and IP-literal forms.
    @Test func emailAddresses() {
        let email = EmailValidator(idna: ICUIDNA())
        for valid in [
            "simple@example.com", "very.common@example.com", "disposable.style.email.with+symbol@example.com",
            "other.email-with-hyphen@example.com", "fully-qualified-domain@example.com",
            "user.name+tag+sorting@example.com", "x@example.com", "example-indeed@strange-example.com",
            "test/test@test.com", "example@s.example", "mailhost!username@example.org",
            "user%example.com@example.org", "user-@example.org", "用户@例子.广告", "θσερ@εχαμπλε.ψομ",
            "Pelé@example.com", "jane@xn--bcher-kva.example",
        ] {
            #expect(state(verdict(email, valid)) == "valid", "\(valid)")
        }
        for invalid in [
            "A@b@c@example.com", #"a"b(c)d,e:f;g<h>i[j\k]l@example.com"#, #"just"not"right@example.com"#,
            #"this is"not\allowed@example.com"#, "i.like.underscores@but_they_are_not_allowed_in_this_part.com",
            "john..doe@example.com", ".john@example.com", "john.@example.com", "postmaster@[123.123.123.123]",
            #"" "@example.org"#, "jane@-example.com", "jane@example..com", "jane@example.123",
        ] {
            #expect(state(verdict(email, invalid)) == "invalid", "\(invalid)")
        }
        for unfinished in ["jane", "jane@", "jane@example", "jane@example.", "jane@example.c", "jane@ex-"] {
            #expect(state(verdict(email, unfinished)) == "incomplete", "\(unfinished)")
        }
    }

    // MARK: Each validator

    @Test func lengths() throws {
        let length = try validator(#"{"length": {"min": 3, "max": 5}}"#)
        #expect(state(verdict(length, "ab")) == "incomplete")
        #expect(state(verdict(length, "abc")) == "valid")
        #expect(state(verdict(length, "👍🏽👍🏽👍🏽")) == "valid")
        #expect(state(verdict(length, "abcdef")) == "invalid")
        #expect(state(verdict(try validator(#"{"minLength": {"min": 2}}"#), "a")) == "incomplete")
        #expect(state(verdict(try validator(#"{"maxLength": {"max": 2}}"#), "abc")) == "invalid")
    }

    @Test func regexMatchesTheWholeValue() throws {
        let regex = try validator(#"{"regex": {"pattern": "[a-z]+\\d"}}"#)
        #expect(state(verdict(regex, "abc1")) == "valid")
        #expect(state(verdict(regex, "abc1x")) == "invalid")
        #expect(state(verdict(regex, "ABC1")) == "invalid")
    }

    @Test func aPathologicalPatternStaysLinear() throws {
        // (a+)+$ backtracks exponentially in most engines; RE2 does not backtrack.
        let regex = try validator(#"{"regex": {"pattern": "(a+)+$"}}"#)
        let input = String(repeating: "a", count: 9_000) + "!"
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(state(verdict(regex, input)) == "invalid") }
        #expect(elapsed < .seconds(5), "took \(elapsed): not linear")
    }

    @Test func regexErrorsAreConfigurationErrors() {
        #expect(
            problems(#"{"fields": {"f": {"validators": [{"regex": {"pattern": "a(b"}}]}}}"#) == [
                #"a.json: field "f", validators[0] (regex): RE2 rejects the pattern "a(b": missing ): a(b"#
            ])
        #expect(
            problems(#"{"fields": {"f": {"validators": [{"regex": {"pattern": "(?=a)b"}}]}}}"#).first?
                .contains("RE2 rejects the pattern") == true)
        #expect(
            problems(#"{"fields": {"f": {"validators": [{"regex": {"pattern": "(a)\\1"}}]}}}"#).first?
                .contains("RE2 rejects the pattern") == true)
    }

    @Test func cardExpiryIsNotInThePast() {
        let expiry = CardExpiryValidator()
        let today = CalendarDate(year: 2026, month: 11, day: 29)
        #expect(state(verdict(expiry, "1126", today: today)) == "valid")
        #expect(state(verdict(expiry, "1026", today: today)) == "invalid")
        #expect(verdict(expiry, "1026", today: today).variant == "past")
        #expect(state(verdict(expiry, "0130", today: today)) == "valid")
        #expect(state(verdict(expiry, "1326", today: today)) == "invalid")
        #expect(state(verdict(expiry, "12", today: today)) == "incomplete")
        #expect(state(verdict(expiry, "0199", today: today)) == "invalid")
    }

    @Test func cvcDependsOnTheCardInTheForm() {
        let cvc = CVCValidator()
        #expect(state(verdict(cvc, "123")) == "valid")
        // Outside a form, or without a card number: 3 digits.
        #expect(state(verdict(cvc, "1234")) == "invalid")
        #expect(state(verdict(cvc, "12")) == "incomplete")
        let amex = ["credit_card": "378282246310005"]
        #expect(state(verdict(cvc, "123", formValues: amex)) == "incomplete")
        #expect(state(verdict(cvc, "1234", formValues: amex)) == "valid")
        let visa = ["credit_card": "4242424242424242"]
        #expect(state(verdict(cvc, "1234", formValues: visa)) == "invalid")
        #expect(
            cvc.message(for: verdict(cvc, "1234", formValues: visa)).resolve(.english) == "{label} must be 3 digits")
    }

    @Test func dates() throws {
        let date = DateValidator()
        #expect(state(verdict(date, "2026-11-29")) == "valid")
        #expect(state(verdict(date, "20240229")) == "valid")
        #expect(state(verdict(date, "2026-02-30")) == "invalid")
        #expect(state(verdict(date, "2025-02-29")) == "invalid")
        #expect(state(verdict(date, "2026-1")) == "incomplete")
        #expect(state(verdict(date, "2026-13")) == "invalid")
        // A lone `2` as a month is `02` once padded (typing pads it; a deletion may leave it).
        #expect(state(verdict(date, "2026-2")) == "incomplete")
        #expect(state(verdict(date, "2026-24")) == "invalid")
        // A part a separator holds short after a deletion (`202-07-09`: the value `202-0709`).
        #expect(state(verdict(date, "202-0709")) == "incomplete")
        #expect(state(verdict(date, "202-1309")) == "invalid")
        let bounded = try validator(#"{"date": {"min": "2000-01-01", "max": "today"}}"#)
        let today = CalendarDate(year: 2026, month: 11, day: 29)
        #expect(state(verdict(bounded, "1999-12-31", today: today)) == "invalid")
        #expect(state(verdict(bounded, "2026-11-29", today: today)) == "valid")
        #expect(state(verdict(bounded, "2026-11-30", today: today)) == "invalid")
        #expect(
            problems(#"{"fields": {"f": {"validators": [{"date": {"min": "2026-02-30"}}]}}}"#) == [
                #"a.json: field "f", validators[0] (date): min must be a date YYYY-MM-DD that exists, a month YYYY-MM, or "today", not "2026-02-30""#
            ])
    }

    @Test func numbers() throws {
        let range = try validator(#"{"number": {"min": 10, "max": 1000}}"#)
        #expect(state(verdict(range, "5")) == "incomplete")
        #expect(state(verdict(range, "5.5")) == "invalid")
        #expect(state(verdict(range, "10")) == "valid")
        #expect(state(verdict(range, "1000.5")) == "invalid")
        #expect(state(verdict(range, "-")) == "incomplete")
        #expect(state(verdict(range, "abc")) == "invalid")
        // An empty text is not reported while typing (the field's own `notEmpty`, if any, says it is required),
        // with bounds or without, as with every other rule.
        #expect(state(verdict(range, "")) == "incomplete")
        #expect(state(verdict(NumberValidator(), "")) == "incomplete")
        #expect(state(verdict(EmailValidator(), "")) == "incomplete")
    }

    @Test func characterClassesForPasswords() {
        #expect(state(verdict(IncludesValidator(.includesDigit), "abc")) == "incomplete")
        #expect(state(verdict(IncludesValidator(.includesDigit), "abc١")) == "valid")
        #expect(state(verdict(IncludesValidator(.includesDigit), "abc1")) == "valid")
        #expect(state(verdict(IncludesValidator(.includesUppercase), "abcÉ")) == "valid")
        #expect(state(verdict(IncludesValidator(.includesLowercase), "ABC")) == "incomplete")
        #expect(state(verdict(IncludesValidator(.includesLowerAndUppercase), "Ab")) == "valid")
        #expect(state(verdict(IncludesValidator(.includesSymbol), "Ab1")) == "incomplete")
        #expect(state(verdict(IncludesValidator(.includesSymbol), "Ab1!")) == "valid")
        #expect(state(verdict(DigitsValidator(), "0123")) == "valid")
        #expect(state(verdict(DigitsValidator(), "01a")) == "invalid")
    }

    @Test func passwordStrengthReportsScoreAndFeedback() {
        let strength = PasswordStrengthValidator(minScore: 3)
        let weak = verdict(strength, "password")
        #expect(state(weak) == "incomplete")
        #expect(weak.details["score"] == .integer(0))
        guard case .object(let feedback)? = weak.details["feedback"] else {
            Issue.record("no feedback")
            return
        }
        #expect(feedback["warning"] != nil)
        // Through a field, the feedback is in the request's language.
        let field = Field(
            name: "password", label: LocalizedText("Password"), formatters: [], rules: [ValidatorRule(strength)])
        func localizedFeedback(_ tags: [String]) -> JSONValue? {
            field.format("password", event: .submit, locale: LocalePreference(tags: tags)).validation.results.first?
                .details["feedback"]
        }
        #expect(
            localizedFeedback(["en"])
                == .object([
                    "warning": "This is similar to a commonly used password or word",
                    "suggestions": [
                        "Add another word or two; uncommon words are better", "Avoid common words, names and passwords",
                    ],
                ]))
        #expect(
            localizedFeedback(["zh-CN"])
                == .object([
                    "warning": "与常用密码或单词相似", "suggestions": ["再加一两个词，越不常见越好", "避免使用常见单词、姓名和密码"],
                ]))
        let strong = verdict(strength, "correct horse battery staple orbit")
        #expect(strong.valid)
        #expect(strong.details["score"] == .integer(4))
        #expect(PasswordStrength("asdfghjkl;'").weaknesses == ["spatial"])
        #expect(PasswordStrength("abcdefgh").weaknesses == ["sequence"])
        #expect(PasswordStrength("19871225").weaknesses == ["date"])
    }

    @Test func oneOfAndMatchesField() {
        let oneOf = OneOfValidator(values: ["red", "green"])
        #expect(state(verdict(oneOf, "green")) == "valid")
        #expect(state(verdict(oneOf, "gr")) == "incomplete")
        #expect(state(verdict(oneOf, "blue")) == "invalid")
        let matches = MatchesFieldValidator(field: "password", otherLabel: LocalizedText("Password"))
        #expect(state(verdict(matches, "secret", formValues: ["password": "secret"])) == "valid")
        #expect(state(verdict(matches, "sec", formValues: ["password": "secret"])) == "incomplete")
        #expect(state(verdict(matches, "secrets", formValues: ["password": "secret"])) == "invalid")
        #expect(
            problems(#"{"fields": {"f": {"validators": [{"matchesField": {"field": "g"}}]}}}"#) == [
                #"a.json: field "f", validators[0] (matchesField): matchesField can only be used in a form (it compares with another field of the form)"#
            ])
    }

    // MARK: Messages, events, report, state

    @Test func messagesInBothLanguagesWithPlaceholders() throws {
        let registry = try load(
            #"{"fields": {"code": {"label": {"en": "Code", "zh-Hans": "验证码"}, "validators": [{"length": {"min": 6, "max": 6}}]}}}"#
        )
        let field = registry.fields["code"]!
        let english = field.format("12", event: .submit).validation
        #expect(english.errors == [RuleError(rule: "length", message: "Code must be 6 characters long")])
        for tag in ["zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN", "zh"] {
            let chinese = field.format("12", event: .submit, locale: LocalePreference(tags: [tag])).validation
            #expect(chinese.errors.first?.message == "验证码须为6个字符", "\(tag)")
        }
        // French: the built-in message in French, the registry's label (given in English) in it.
        let french = field.format("12", event: .submit, locale: LocalePreference(tags: ["fr-CH", "fr"]))
        #expect(
            french.validation.errors.first?.message
                == "Le champ «\u{00A0}Code\u{00A0}» doit contenir exactement 6 caractères")
        // A language the catalogue does not have: English.
        let italian = field.format("12", event: .submit, locale: LocalePreference(tags: ["it-IT"]))
        #expect(italian.validation.errors.first?.message == "Code must be 6 characters long")
    }

    @Test func everyBuiltinMessageExistsInBothLanguages() {
        for name in builtin.fieldNames {
            let field = builtin.fields[name]!
            for rule in field.rules {
                let message = rule.validator.message(for: .fail)
                let english = message.resolve(.english)
                let chinese = message.resolve(LocalePreference(tags: ["zh-CN"]))
                #expect(english != chinese, "\(name) \(rule.validator.name) has no Chinese message")
                #expect(english.contains("{label}") || rule.message != nil)
            }
        }
    }

    @Test func everyValidatorsMessagesExistInBothLanguages() throws {
        // One rule of every validator kind, with each message variant it has.
        let rules: [(String, [String?])] = [
            (#""notEmpty""#, [nil]), (#"{"minLength": {"min": 2}}"#, [nil]), (#"{"maxLength": {"max": 2}}"#, [nil]),
            (#"{"length": {"min": 1, "max": 2}}"#, [nil]), (#"{"regex": {"pattern": "a"}}"#, [nil]),
            (#""email""#, [nil]), (#""phone""#, [nil, "type"]), (#""luhn""#, [nil]),
            (#"{"cardBrand": {"allowed": ["visa"]}}"#, [nil]), (#""cardExpiry""#, [nil, "past"]), (#""cvc""#, [nil]),
            (#""iban""#, [nil]), (#""cnResidentId""#, [nil, "birthDate"]),
            (#"{"date": {"min": "2000-01-01", "max": "today"}}"#, [nil, "min", "max"]),
            (#"{"number": {"min": 1, "max": 9}}"#, [nil, "min", "max"]), (#""digits""#, [nil]),
            (#""includesLowercase""#, [nil]), (#""includesUppercase""#, [nil]),
            (#""includesLowerAndUppercase""#, [nil]), (#""includesDigit""#, [nil]), (#""includesSymbol""#, [nil]),
            (#""passwordStrength""#, [nil]), (#"{"oneOf": {"values": ["a"]}}"#, [nil]),
            (#"{"matchesField": {"field": "other"}}"#, [nil]),
        ]
        let validators = rules.map(\.0).joined(separator: ", ")
        let registry = try load(
            #"{"fields": {"other": {}, "all": {}}, "forms": {"f": {"fields": ["other", "#
                + #"{"name": "all", "field": "all", "report": "all", "validators": [\#(validators)]}]}}}"#)
        let field = try #require(registry.forms["f"]?.fields.first { $0.name == "all" }?.field)
        #expect(field.rules.count == rules.count)
        for (rule, (_, variants)) in zip(field.rules, rules) {
            for variant in variants {
                let message = rule.validator.message(for: RuleCheck(valid: false, variant: variant))
                let english = message.resolve(.english)
                let chinese = message.resolve(LocalePreference(tags: ["zh-CN"]))
                let name = "\(rule.validator.name) \(variant ?? "")"
                #expect(english.contains("{label}"), "\(name): \(english)")
                #expect(chinese.contains("{label}"), "\(name): \(chinese)")
                #expect(
                    chinese.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(name): \(chinese)")
            }
        }
    }

    @Test func aRuleMessageOverrides() throws {
        let registry = try load(
            #"{"fields": {"pin": {"label": "PIN", "validators": [{"length": {"min": 4, "max": 4, "message": {"en": "{label}: four digits, please", "zh-Hans": "请输入4位{label}"}}}]}}}"#
        )
        let field = registry.fields["pin"]!
        #expect(field.format("1", event: .blur).validation.errors.first?.message == "PIN: four digits, please")
        #expect(
            field.format("1", event: .blur, locale: LocalePreference(tags: ["zh-CN"])).validation.errors.first?.message
                == "请输入4位PIN")
    }

    @Test func eventsDecideWhatReports() throws {
        let registry = try load(
            #"{"fields": {"e": {"validators": [{"email": {"on": ["blur", "submit"]}}, {"maxLength": {"max": 30}}]}}}"#
        )
        let field = registry.fields["e"]!
        let typing = field.format("jane@@", event: .change).validation
        #expect(typing.valid == false)
        #expect(typing.errors.isEmpty)
        #expect(field.format("jane@@", event: .blur).validation.errors.map(\.rule) == ["email"])
        // Incomplete failures stay quiet while typing, even when the rule reports on change.
        let length = try load(#"{"fields": {"p": {"validators": [{"minLength": {"min": 8}}]}}}"#).fields["p"]!
        #expect(length.format("abc", event: .change).validation.errors.isEmpty)
        #expect(length.format("abc", event: .blur).validation.errors.map(\.rule) == ["minLength"])
    }

    @Test func reportFirstStopsReportAllChecksEverything() throws {
        let password = builtinField("password")
        let all = password.format("abc", event: .submit).validation
        #expect(
            all.results.map(\.rule) == [
                "minLength", "includesLowercase", "includesUppercase", "includesDigit", "passwordStrength",
            ])
        #expect(all.results.map(\.valid) == [false, true, false, false, false])
        #expect(all.errors.count == 4)
        let first = builtinField("username").format("a!", event: .submit).validation
        #expect(first.results.map(\.rule) == ["notEmpty", "length"])
        #expect(first.valid == false)
    }

    @Test func stateWhileTyping() throws {
        let card = builtinField("credit_card")
        var states: [ValidationState] = []
        var text = ""
        for digit in "5555555555554444" {
            let outcome = try card.edit(
                EditRequest(text: text, start: text.utf16.count, end: text.utf16.count, replacement: String(digit)))
            text = outcome.text
            states.append(outcome.validation.state)
        }
        #expect(states.dropLast().allSatisfy { $0 == .incomplete })
        #expect(states.last == .valid)
        #expect(card.format("").validation.state == .empty)
        // A Visa number failing Luhn at 16 digits may still become a valid 17- to 19-digit one.
        #expect(card.format("4242424242424241").validation.state == .incomplete)
        #expect(card.format("5555555555554445").validation.state == .invalid)
        #expect(builtinField("date").format("2026-02-3").validation.state == .incomplete)
        #expect(builtinField("date").format("2026-02-30").validation.state == .invalid)
    }

    // MARK: Forms

    @Test func signupForm() {
        let signup = builtin.forms["signup"]!
        let mismatch = signup.validate([
            ("username", "jane_doe"), ("email", "jane@example.com"), ("password", "Tr0ub4dor&3xyz!"),
            ("password_confirm", "Tr0ub4dor&3xyz?"),
        ])
        #expect(mismatch.valid == false)
        let confirm = mismatch.fields.first { $0.name == "password_confirm" }!
        #expect(
            confirm.outcome.validation.errors == [
                RuleError(rule: "matchesField", message: "Password confirmation must match Password")
            ])
        let missing = signup.validate([("username", "jane_doe"), ("nickname", "jd")])
        #expect(
            missing.errors == [
                FormError(field: "nickname", rule: "unknownField", message: "the form signup has no field \"nickname\"")
            ])
        let email = missing.fields.first { $0.name == "email" }!
        #expect(email.outcome.validation.errors == [RuleError(rule: "required", message: "Email is required")])
        let good = signup.validate([
            ("username", "jane_doe"), ("email", " Jane@Example.com"), ("phone_cn", "+86 138-0013-8000"),
            ("password", "Tr0ub4dor&3xyz!"), ("password_confirm", "Tr0ub4dor&3xyz!"),
        ])
        #expect(good.valid)
        #expect(good.fields.map(\.name) == ["username", "email", "phone_cn", "password", "password_confirm"])
        #expect(good.fields[2].outcome.text == "138 0013 8000")
        #expect(good.fields[1].outcome.value == "Jane@example.com")
    }

    @Test func loginDoesNotApplySignupPasswordRules() {
        let login = builtin.forms["login"]!
        let check = login.validate([("email", "jane@example.com"), ("password", "old")])
        #expect(check.valid)
    }

    /// `today()` counts days itself instead of calling `gmtime_r`: the count must
    /// agree with the C library from 1600 to 2400 (leap centuries, leap days,
    /// before the epoch), every 97th day and around each edge case.
    @Test func calendarDatesFromDayCountsAgreeWithTheCLibrary() {
        var days = Array(stride(from: -135_140, through: 157_000, by: 97))
        days += [-719_468, -1, 0, 1, 58, 59, 60, 364, 365, 10_956, 10_957, 11_016, 11_017, 20_513, 47_541]
        for day in days {
            var seconds = time_t(day * 86_400)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let expected = CalendarDate(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            #expect(CalendarDate(daysSinceEpoch: day) == expected, "day \(day)")
        }
        #expect(CalendarDate(daysSinceEpoch: 0) == CalendarDate(year: 1970, month: 1, day: 1))
        #expect(CalendarDate(daysSinceEpoch: 11_016) == CalendarDate(year: 2000, month: 2, day: 29))
    }
}
