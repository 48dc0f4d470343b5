import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextTestSupport
import Testing

/// Loads registry texts (named `a.json`, `b.json`, … unless given) without the built-in registry.
func load(_ texts: String..., builtin: Bool = false) throws(RegistryError) -> Registry {
    var sources: [RegistrySource] = builtin ? [.builtin] : []
    for (position, text) in texts.enumerated() {
        let name = String(UnicodeScalar(UInt8(97 + position))) + ".json"
        sources.append(RegistrySource(name: name, bytes: Array(text.utf8)))
    }
    return try RegistryLoader.load(sources, catalog: .standard)
}

/// The problem lines of a registry that must not load.
func problems(_ texts: String..., builtin: Bool = false) -> [String] {
    var sources: [RegistrySource] = builtin ? [.builtin] : []
    for (position, text) in texts.enumerated() {
        let name = String(UnicodeScalar(UInt8(97 + position))) + ".json"
        sources.append(RegistrySource(name: name, bytes: Array(text.utf8)))
    }
    do {
        _ = try RegistryLoader.load(sources, catalog: .standard)
        Issue.record("the registry loaded, but should not")
        return []
    } catch {
        return error.problems.map(\.description)
    }
}

@Suite struct RegistryTests {
    @Test func theBuiltinRegistryLoads() throws {
        let registry = try RegistryLoader.load([.builtin], catalog: .standard)
        #expect(registry.version == "2026-12-01")
        let names = [
            "email", "password", "username", "credit_card", "card_expiry", "card_cvc", "amount", "iban",
            "cn_resident_id", "date", "local_date", "date_month_name", "date_weekday", "time", "full_name", "phone",
            "phone_cn",
            "phone_us", "discount",
            "postal_code", "vat_number", "br_cpf", "br_cnpj", "br_cpf_cnpj", "in_pan", "in_gstin", "es_nif", "us_ssn",
            "phone_br", "tax_id_br", "mac_address",
        ]
        #expect(Set(registry.fields.keys) == Set(names))
        for name in names {
            let field = try #require(registry.fields[name], "missing \(name)")
            #expect(field.label.resolve(LocalePreference(tags: ["zh-CN"])) != field.label.resolve(.english))
        }
        #expect(Set(registry.forms.keys) == ["login", "signup"])
    }

    // MARK: Every kind of mistake, each with its message

    @Test func syntaxErrorsGiveLineAndColumn() {
        #expect(
            problems("{\n  \"fields\": {\n    \"a\": { \"label\": }\n  }\n}") == [
                "a.json:3:21: invalid JSON: unexpected '}': expected a value"
            ])
    }

    @Test func unknownKeysAreErrorsNotIgnored() {
        #expect(
            problems(#"{"feilds": {}}"#) == [
                #"a.json: unknown top-level key "feilds"; expected one of: version, description, fields, forms"#
            ])
        #expect(
            problems(#"{"fields": {"x": {"formaters": ["trim"]}}}"#) == [
                #"a.json: field "x": unknown key "formaters"; expected one of: extends, label, description, formatters, validators, report, backspace, hints"#
            ])
        #expect(
            problems(#"{"fields": {"x": {"hints": {"placholder": "a"}}}}"#) == [
                #"a.json: field "x", hints: unknown hint "placholder"; expected one of: placeholder, inputmode, autocomplete, keyboard, textContentType, androidInputType, secure, example"#
            ])
    }

    @Test func unknownFormatterAndValidatorNames() {
        let lines = problems(#"{"fields": {"x": {"formatters": ["trimm"], "validators": ["notEmty"]}}}"#)
        #expect(lines.count == 2)
        #expect(
            lines[0].hasPrefix(
                #"a.json: field "x", formatters[0] (trimm): unknown formatter "trimm"; known formatters: trim"#))
        #expect(
            lines[1].hasPrefix(
                #"a.json: field "x", validators[0] (notEmty): unknown validator "notEmty"; known validators: "#))
    }

    @Test func theCoreCatalogHasTheSwiftRulesAndTheStandardOneAddsTheNativeOnes() throws {
        let native = ["phone", "postalCode", "regex", "passwordStrength"]
        #expect(!RuleCatalog.core.formatterNames.contains("phone"))
        #expect(native.allSatisfy { !RuleCatalog.core.validatorNames.contains($0) })
        #expect(RuleCatalog.standard.formatterNames == RuleCatalog.core.formatterNames + ["phone", "postalCode"])
        #expect(RuleCatalog.standard.validatorNames == RuleCatalog.core.validatorNames + native)
        // Without the native rules, the pure engine says which rule it does not know.
        let phone = RegistrySource(
            name: "a.json", bytes: Array(#"{"fields": {"p": {"formatters": [{"phone": {"region": "CN"}}]}}}"#.utf8))
        #expect(throws: RegistryError.self) { try RegistryLoader.load([phone], catalog: .core) }
        do {
            _ = try RegistryLoader.load([phone], catalog: .core)
        } catch {
            #expect(error.problems.map(\.description).first?.contains(#"unknown formatter "phone""#) == true)
        }
        #expect(
            try RegistryLoader.load([phone], catalog: .standard).field(["p"]).format("13800138000").text
                == "138 0013 8000")
        // An application adds its own rule to a catalog.
        var custom = RuleCatalog.core
        custom.add(FormatterDefinition("shout", summary: "upper case, loudly") { _ in CaseFormatter(.upper) })
        let shout = RegistrySource(name: "b.json", bytes: Array(#"{"fields": {"s": {"formatters": ["shout"]}}}"#.utf8))
        let field = try RegistryLoader.load([shout], catalog: custom).field(["s"])
        #expect(field.format("abc").text == "ABC")
    }

    @Test func badOptions() {
        #expect(
            problems(#"{"fields": {"x": {"formatters": [{"maxLength": {"max": "20"}}]}}}"#) == [
                #"a.json: field "x", formatters[0] (maxLength): max must be an integer, not a string"#
            ])
        #expect(
            problems(####"{"fields": {"x": {"formatters": [{"mask": {"patern": "###"}}]}}}"####) == [
                #"a.json: field "x", formatters[0] (mask): unknown key "patern"; expected one of: pattern, patterns, slots, placeholder"#,
                #"a.json: field "x", formatters[0] (mask): mask needs the option "pattern" (a string) or "patterns" (a non-empty list), not both"#,
            ])
        #expect(
            problems(#"{"fields": {"x": {"formatters": ["mask"]}}}"#) == [
                #"a.json: field "x", formatters[0] (mask): mask needs the option "pattern" (a string) or "patterns" (a non-empty list), not both"#
            ])
        #expect(
            problems(#"{"fields": {"x": {"formatters": [{"trim": {"all": true}}]}}}"#) == [
                #"a.json: field "x", formatters[0] (trim): trim takes no options, found "all""#
            ])
        #expect(
            problems(#"{"fields": {"x": {"formatters": [{"trim": {}, "digits": {}}]}}}"#) == [
                #"a.json: field "x", formatters[0]: must be a name or an object with exactly one key (the name), found keys: trim, digits"#
            ])
        #expect(
            problems(#"{"fields": {"x": {"formatters": [{"number": {"grouping": "million"}}]}}}"#) == [
                #"a.json: field "x", formatters[0] (number): grouping must be one of: thousand, wan, lakh, none, not "million""#
            ])
        #expect(
            problems(#"{"fields": {"x": {"formatters": "trim"}}}"#) == [
                #"a.json: field "x", formatters: must be an array, not a string"#
            ])
    }

    @Test func everyMistakeInOneRuleIsReported() {
        #expect(
            problems(#"{"fields": {"x": {"validators": [{"length": {"min": 1, "max": "x", "bogus": 1}}]}}}"#) == [
                #"a.json: field "x", validators[0] (length): unknown key "bogus"; expected one of: min, max, message, on"#,
                #"a.json: field "x", validators[0] (length): max must be an integer, not a string"#,
            ])
        #expect(
            problems(#"{"fields": {"x": {"formatters": [{"mask": {"pattern": 5, "extra": true}}]}}}"#) == [
                #"a.json: field "x", formatters[0] (mask): unknown key "extra"; expected one of: pattern, patterns, slots, placeholder"#,
                #"a.json: field "x", formatters[0] (mask): pattern must be a string, not a number"#,
            ])
        #expect(
            problems(#"{"fields": {"x": {"validators": [{"notEmpty": {"mesage": "x"}}]}}}"#) == [
                #"a.json: field "x", validators[0] (notEmpty): unknown key "mesage"; expected one of: message, on"#
            ])
    }

    @Test func formEntryMistakesAreReportedOnceWhereTheyAre() {
        let lines = problems(
            #"{"fields": {"pw": {"hints": {"secure": "yes"}}}, "forms": {"f": {"fields": [{"field": "pw", "requird": true}, {"name": "pw2", "field": "pw", "hints": {"secure": 1}}, {"name": "pw3", "field": "pw", "label": "x"}]}}}"#
        )
        #expect(
            lines == [
                #"a.json: field "pw", hints.secure: must be true or false"#,
                #"a.json: form "f", fields[0]: unknown key "requird"; expected one of: name, field, required, label, description, formatters, validators, report, backspace, hints"#,
                #"a.json: form "f", fields[0]: needs "name": the name of the value in the form"#,
                #"a.json: form "f", field "pw2", hints.secure: must be true or false"#,
            ])
    }

    @Test func impossibleMasks() {
        #expect(
            problems(#"{"fields": {"x": {"formatters": [{"mask": {"pattern": "(--)"}}]}}}"#) == [
                #"a.json: field "x", formatters[0] (mask): the pattern "(--)" has no slot (# digit, A letter, * letter or digit), so nothing can be typed"#
            ])
    }

    @Test func settingsOutsideTheirChoices() {
        let lines = problems(
            #"{"fields": {"x": {"report": "some", "backspace": "eat", "label": 3, "validators": [{"notEmpty": {"on": ["typing"]}}]}}}"#
        )
        #expect(
            lines == [
                #"a.json: field "x", label: must be a string or an object of language tag to string ({"en": …})"#,
                #"a.json: field "x", validators[0] (notEmpty): "on" must list events among: change, blur, submit"#,
                #"a.json: field "x", report: must be one of: first, all"#,
                #"a.json: field "x", backspace: must be one of: deletePrevious, moveCaret"#,
            ])
    }

    @Test func extendsTargetsMustExistAndNotLoop() {
        #expect(
            problems(#"{"fields": {"x": {"extends": "nope"}}}"#) == [
                #"a.json: field "x", extends: extends the unknown field "nope""#
            ])
        let cycle = problems(#"{"fields": {"a": {"extends": "b"}, "b": {"extends": "c"}, "c": {"extends": "a"}}}"#)
        #expect(cycle == [#"a.json: field "c", extends: extends cycle: c → a → b → c"#])
        #expect(
            problems(#"{"fields": {"a": {"extends": "a"}}}"#) == [#"a.json: field "a", extends: extends cycle: a → a"#])
    }

    /// A registry of `count` fields, each extending the one before (`f0` extends nothing), in document
    /// order or reversed; `cycle` makes `f0` extend the last one.
    func chain(_ count: Int, reversed: Bool = false, cycle: Bool = false) -> String {
        var members = [cycle ? #""f0": {"extends": "f\#(count - 1)"}"# : #""f0": {"formatters": ["digits"]}"#]
        for index in 1..<count { members.append(#""f\#(index)": {"extends": "f\#(index - 1)"}"#) }
        return #"{"fields": {"# + (reversed ? members.reversed() : members).joined(separator: ", ") + "}}"
    }

    /// `extends` is resolved with a loop, not recursion; a chain may be 32 steps long.
    @Test func extendsChainsUpToTheDepthLimitLoad() throws {
        let registry = try load(chain(33))
        #expect(try registry.field(["f32"]).format("a1b2").text == "12")
        #expect(try load(chain(33, reversed: true)).fields.count == 33)
    }

    /// A chain past the limit or a cycle, however long, is one line naming where it shows, and takes
    /// well under a second whatever its length and order (a 20,000-field chain used to crash the server).
    @Test(arguments: [(34, false, false), (20_000, false, false), (20_000, true, false), (50_000, false, true)])
    func longExtendsChainsAndCyclesAreOneProblem(count: Int, reversed: Bool, cycle: Bool) {
        let text = chain(count, reversed: reversed, cycle: cycle)
        let started = ContinuousClock.now
        let lines = problems(text)
        #expect(ContinuousClock.now - started < .seconds(5 * timingScale))
        #expect(lines.count == 1, "\(lines.prefix(3))")
        let line = lines.first ?? ""
        #expect(line.utf8.count < 300)
        if cycle {
            #expect(line.hasPrefix(#"a.json: field "f1", extends: extends cycle: f1 → f0 → f49999 → f49998 → … → "#))
            #expect(line.hasSuffix("(50001 names)"))
        } else {
            #expect(
                line == #"a.json: field "f33", extends: the extends chain is longer than 32 steps: "#
                    + "f33 → f32 → f31 → f30 → … → f2 → f1 → f0 (34 names)")
        }
    }

    @Test func everyProblemIsReportedNotOnlyTheFirst() {
        let lines = problems(
            #"{"fields": {"x": {"formatters": ["bogus"]}, "y": {"validators": ["nope"]}}, "forms": {"f": {"fields": ["missing"]}}}"#
        )
        #expect(lines.count == 3)
        #expect(lines[2] == #"a.json: form "f", fields[0]: uses the unknown field "missing""#)
    }

    @Test func aNameDefinedTwiceAcrossFilesIsAnError() {
        #expect(
            problems(#"{"fields": {"x": {}}}"#, #"{"fields": {"x": {}}}"#) == [
                #"b.json: field "x": is defined twice: in a.json and b.json"#
            ])
    }

    @Test func userFilesMayRedefineBuiltinNames() throws {
        let registry = try load(
            #"{"fields": {"email": {"label": "Work email", "formatters": ["email"]}}}"#, builtin: true)
        #expect(registry.fields["email"]?.label.resolve(.english) == "Work email")
        #expect(registry.fields["credit_card"] != nil)
    }

    @Test func fieldNamesAreChecked() {
        #expect(
            problems(#"{"fields": {"a b": {}}}"#) == [
                #"a.json: field "a b": a field name may only use letters, digits, '_', '-' and '.'"#
            ])
    }

    // MARK: extends, forms, composition, versions

    @Test func extendsCopiesAndReplacesKeys() throws {
        let registry = try load(
            #"{"fields": {"base": {"label": "Base", "formatters": ["digits"], "report": "all"}, "child": {"extends": "base", "label": "Child"}}}"#
        )
        let child = try #require(registry.fields["child"])
        #expect(child.label.resolve(.english) == "Child")
        #expect(child.report == .all)
        #expect(child.format("a1b2").text == "12")
        #expect(child.definition["extends"] == nil)
    }

    @Test func composingFieldsChainsFormattersAndConcatenatesValidators() throws {
        let registry = try load(
            #"{"fields": {"trim_all": {"formatters": ["removeWhitespace"], "validators": ["notEmpty"]}, "code": {"formatters": [{"mask": {"pattern": "AAA-###"}}], "validators": ["notEmpty"]}}}"#
        )
        let field = try registry.field(["trim_all", "code"])
        #expect(field.format(" ab c12 3").text == "abc-123")
        #expect(field.rules.count == 2)
        #expect(throws: UnknownNameError(kind: "field", name: "nope")) { try registry.field(["code", "nope"]) }
    }

    @Test func formsWithOverrides() throws {
        let registry = try load(
            #"{"fields": {"pw": {"label": "Password", "formatters": [{"maxLength": {"max": 8}}], "validators": ["notEmpty"]}}, "forms": {"f": {"fields": ["pw", {"name": "pw2", "field": "pw", "label": "Confirm", "required": false}]}}}"#
        )
        let form = try #require(registry.forms["f"])
        #expect(form.fields.map(\.name) == ["pw", "pw2"])
        #expect(form.fields[1].field.label.resolve(.english) == "Confirm")
        #expect(form.fields[1].required == false)
        #expect(form.fields[1].field.format("123456789", event: .submit, submitted: true).text == "12345678")
    }

    @Test func formMistakes() {
        let lines = problems(
            #"{"fields": {"a": {}}, "forms": {"f": {"fields": ["a", {"field": "a"}, {"name": "a", "field": "a"}, 3]}, "g": {"fields": []}}}"#
        )
        #expect(lines.contains(#"a.json: form "f", fields[1]: needs "name": the name of the value in the form"#))
        #expect(
            lines.contains(#"a.json: form "f", fields[3]: must be a field name or an object with "name" and "field""#))
        #expect(lines.contains(#"a.json: form "f", fields: the name "a" appears twice"#))
        #expect(
            lines.contains(
                #"a.json: form "g", fields: must be a non-empty array of field names or {"name", "field"} objects"#))
    }

    @Test func versions() throws {
        #expect(try load(#"{"version": "v7", "fields": {"a": {}}}"#).version == "v7")
        #expect(try load(#"{"version": "v7"}"#, #"{"version": "w2"}"#).version == "v7+w2")
        let hashed = try load(#"{"fields": {"a": {}}}"#).version
        #expect(hashed.hasPrefix("sha-") && hashed.count == 20)
        #expect(try load(#"{"fields": {"a": {"label": "changed"}}}"#).version != hashed)
        #expect(try load(#"{"version": "v7"}"#, builtin: true).version == "v7+builtin.2026-12-01")
    }
}

@Suite struct RegistryFuzzFindingsTests {
    /// Found by the registry fuzzer: a "*" label key turned into a second "en" in discovery answers.
    @Test func labelKeysMustBeLanguageTags() {
        #expect(
            problems(#"{"fields":{"x":{"label":{"*":"y","en":"gh"}}}}"#) == [
                #"a.json: field "x", label: "*" is not a language tag (such as en, zh-Hans, zh-CN, pt-BR)"#
            ])
        #expect(problems(#"{"fields":{"x":{"validators":[{"notEmpty":{"message":{"e n":"m"}}}]}}}"#).count == 1)
    }

    /// The version becomes an ETag and a metrics label.
    @Test func versionsArePrintableWithoutQuotes() {
        for version in [#"a"b"#, "a b", "a\nb", String(repeating: "v", count: 101)] {
            let text = "{\"version\": \(JSONValue.string(version).encodedForTest)}"
            #expect(problems(text).first?.contains("\"version\" must be 1 to 100 printable ASCII characters") == true)
        }
    }
}

extension JSONValue {
    var encodedForTest: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.string
    }
}

@Suite struct InProcessExampleTests {
    /// The README's "In process" example, line for line.
    @Test func theReadmeExampleGivesWhatItPrints() throws {
        let registry = try RegistryLoader.load([.builtin], catalog: .standard)
        let card = try registry.field(["credit_card"])
        let answer = try card.edit(EditRequest(text: "4242 4242", start: 9, end: 9, replacement: "4"))
        #expect("\(answer.text) \(answer.caret)" == "4242 4242 4 11")
        var german = LocalePreference(tags: ["de-DE"])
        german.conventions = LocaleData.conventions(for: german)
        let amount = try registry.field(["amount"]).format("1234567,8", locale: german)
        #expect("\(amount.text) \(amount.value)" == "1.234.567,8 1234567.8")
    }
}
