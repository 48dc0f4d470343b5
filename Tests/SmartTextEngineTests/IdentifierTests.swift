import SmartTextJSON
import SmartTextNativeRules
import SmartTextSupport
import SmartTextTestSupport
import Testing

@testable import SmartTextEngine

/// The check-digit algorithms, from their public definitions: the published examples, and the property
/// that defines a check character (one value of it, and only one, completes a body).
@Suite struct CheckDigitTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func publishedExamples() {
        // Luhn (ISO/IEC 7812-1's example), Verhoeff (236 → 2363), Damm (572 → 5724).
        #expect(CheckDigits.luhn(Self.bytes("79927398713")))
        #expect(!CheckDigits.luhn(Self.bytes("79927398710")))
        #expect(CheckDigits.verhoeff(Self.bytes("2363")))
        #expect(!CheckDigits.verhoeff(Self.bytes("2364")))
        #expect(CheckDigits.damm(Self.bytes("5724")))
        #expect(!CheckDigits.damm(Self.bytes("5727")))
        // ISO 7064 MOD 11-2 (GB 11643's example), MOD 11,10 (a German VAT number), MOD 97-10 (an IBAN
        // rearranged as ISO 13616 does, and a LEI).
        #expect(CheckDigits.iso7064Mod11x2(Self.bytes("11010519491231002X")))
        #expect(!CheckDigits.iso7064Mod11x2(Self.bytes("110105194912310021")))
        #expect(CheckDigits.iso7064Mod11x10(Self.bytes("136695976")))
        #expect(CheckDigits.iso7064Mod97x10(Self.bytes("WEST12345698765432GB82")))
        #expect(CheckDigits.iso7064Mod97x10(Self.bytes("5493001KJTIIGC8Y1R12")))
        #expect(!CheckDigits.iso7064Mod97x10(Self.bytes("5493001KJTIIGC8Y1R13")))
    }

    /// A check character is a function of the body: exactly one completes it (MOD 97-10's two digits may
    /// have two, 97 apart).
    @Test func oneCheckCharacterCompletesEveryBody() {
        var generator = SplitMix64(state: 0x1D7)
        let digits = Array("0123456789".utf8)
        let alphanumerics = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        let systems: [(String, [UInt8], [UInt8], ([UInt8]) -> Bool)] = [
            ("luhn", digits, digits, { CheckDigits.luhn($0) }),
            ("verhoeff", digits, digits, { CheckDigits.verhoeff($0) }),
            ("damm", digits, digits, { CheckDigits.damm($0) }),
            ("mod 11-2", digits, digits + [UInt8(ascii: "X")], CheckDigits.iso7064Mod11x2),
            ("mod 11,10", digits, digits, CheckDigits.iso7064Mod11x10),
            ("mod 37,36", alphanumerics, alphanumerics, CheckDigits.iso7064Mod37x36),
            ("mod 37-2", alphanumerics, alphanumerics + [UInt8(ascii: "*")], CheckDigits.iso7064Mod37x2),
        ]
        for (name, bodyAlphabet, checkAlphabet, isValid) in systems {
            for _ in 0..<200 {
                let body = (0..<Int.random(in: 1...16, using: &generator)).map { _ in
                    bodyAlphabet.randomElement(using: &generator)!
                }
                let completing = checkAlphabet.filter { isValid(body + [$0]) }
                #expect(completing.count == 1, "\(name): \(String(decoding: body, as: UTF8.self)) \(completing)")
            }
        }
        for _ in 0..<200 {
            let body = (0..<Int.random(in: 1...20, using: &generator)).map { _ in
                alphanumerics.randomElement(using: &generator)!
            }
            let completing = (0..<100).filter { CheckDigits.iso7064Mod97x10(body + Array(String(format2($0)).utf8)) }
            #expect((1...2).contains(completing.count))
        }
    }

    private func format2(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}

/// Every kind of the table: its example is valid and laid out as typed, its check character is the only
/// one that completes it, and the table covers what issue 27 asks.
@Suite struct IdentifierKindTests {
    /// Kinds without a check character at their end (no check at all, or a check elsewhere).
    static let noFinalCheck: Set<String> = [
        "ar.dni", "in.pan", "dk.cpr", "id.nik", "my.nric", "us.ssn", "us.itin", "us.ein", "gb.nino", "gb.utr",
        "au.abn", "bic", "ca.bn", "vat.fr", "jp.corporate", "vat.ch", "vat.no", "ru.snils", "vat.gb", "vat.lv",
        "vat.mt", "vat.lu", "be.nn", "be.kbo", "vat.be", "fr.nir", "vat.cz", "vat.sk", "ie.pps", "vat.ie", "tw.ubn",
        "vat.nl", "vat.se", "id.npwp", "vat.bg", "vat.lt", "cn.uscc", "gtin", "in.gstin", "iban", "vat.hu",
        "vat.ee", "us.rtn", "au.tfn", "vat.si", "kr.brn", "is.kennitala", "eg.tn", "ke.pin", "pk.cnic", "cu.ni",
        "fr.nif", "rf", "casrn", "vn.mst", "pt.cc", "imo", "iso6346",
    ]

    @Test func theTableCoversTheIssue() {
        let national = Identifiers.all.filter { $0.category != .vat && $0.country != nil }
        #expect(Identifiers.all.count >= 120, "\(Identifiers.all.count) kinds")
        let countries = Set(Identifiers.all.compactMap(\.country))
        #expect(countries.count >= 50, "\(countries.count) countries")
        let vat = Set(Identifiers.vatCountries)
        let asked: Set<String> = [
            "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "GR", "ES", "FI", "FR", "HR", "HU", "IE", "IT", "LT", "LU",
            "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK", "GB", "CH", "NO",
        ]
        #expect(asked.subtracting(vat).isEmpty, "VAT missing: \(asked.subtracting(vat))")
        for id in [
            "br.cpf", "br.cnpj", "in.pan", "in.aadhaar", "in.gstin", "mx.rfc", "mx.curp", "ar.cuit", "ar.dni", "cl.rut",
            "co.nit", "pe.ruc", "es.dni", "es.nie", "es.nif", "it.codicefiscale", "it.iva", "fr.nir", "fr.siren",
            "fr.siret", "de.idnr", "nl.bsn", "pl.pesel", "pl.nip", "pl.regon", "gb.nino", "ie.pps", "ch.ahv",
            "ch.uid", "us.ssn", "us.ein", "us.itin", "us.rtn", "ca.sin", "ca.bn", "au.tfn", "au.abn", "au.acn",
            "nz.ird", "cn.ric", "cn.uscc", "jp.mynumber", "jp.corporate", "ru.inn", "ru.snils", "ru.ogrn", "bic",
            "isin", "lei", "gtin", "isbn", "issn", "imei",
        ] {
            #expect(Identifiers.kind(id) != nil, "\(id) is missing")
        }
        #expect(national.count >= 60)
        #expect(Set(Identifiers.all.map(\.id)).count == Identifiers.all.count, "ids repeat")
    }

    @Test(arguments: Identifiers.all.map(\.id))
    func theExampleIsValidAndLaidOutAsTyped(id: String) throws {
        let kind = Identifiers.kind(id)!
        #expect(kind.isValid(kind.example), "\(id): \(kind.example)")
        let field = try configuredField(
            #"[{"identifier": {"kind": "\#(id)"}}]"#, validators: #"[{"identifier": {"kind": "\#(id)"}}]"#)
        let compact = kind.example.filter { ![" ", "-", ".", "/"].contains($0) || id == "fi.hetu" }
        let formatted = field.format(compact, event: .blur)
        #expect(formatted.text == kind.example, "\(id): \(compact) gives \(formatted.text)")
        #expect(formatted.validation.valid, "\(id): \(formatted.text)")
        #expect(formatted.complete || kind.shapes.contains { $0.count > formatted.value.unicodeScalars.count })
        #expect(formatted.meta["kind"] == .string(id))
        #expect(formatted.meta["compact"] == .string(String(formatted.value)))
        #expect(formatted.meta["country"] == kind.country.map(JSONValue.string))
        // Typed one character at a time, it gives the same text (or, for a layout chosen by length, the
        // text laid out once its length is known).
        let typed = try typeEach(field, compact)
        #expect(field.format(typed.text, event: .blur).text == kind.example, "\(id): typed \(typed.text)")
    }

    @Test(arguments: Identifiers.all.map(\.id).filter { !noFinalCheck.contains($0) })
    func onlyTheExamplesCheckCharacterCompletesIt(id: String) {
        let kind = Identifiers.kind(id)!
        let shape = kind.shapes.first { $0.matches(Self.compact(kind.example, kind)) }!
        let value = Self.compact(kind.example, kind)
        let alternatives = shape.slots[value.count - 1].members.filter { byte in
            var changed = value
            changed[value.count - 1] = byte
            return kind.isValid(changed)
        }
        #expect(
            alternatives.count == 1 && alternatives.contains(value[value.count - 1]),
            "\(id): \(alternatives.map { Character(Unicode.Scalar($0)) })")
    }

    static func compact(_ text: String, _ kind: IdentifierKind) -> [UInt8] {
        Array(text.utf8.filter { kind.id == "fi.hetu" ? $0 != 0x20 : ![0x20, 0x2D, 0x2E, 0x2F].contains($0) })
    }

    /// A Spanish CIF's control is a letter or a digit by the entity type (Orden EHA/451/2008).
    @Test func aCIFsControlTakesTheFormOfItsEntityType() {
        let cif = Identifiers.kind("es.cif")!
        #expect(cif.isValid("A13585625") && !cif.isValid("A1358562E"))
        #expect(cif.isValid("Q1958562I") && !cif.isValid("Q19585629"))
        #expect(cif.isValid("G13585625") && cif.isValid("G1358562E"))
    }

    /// Found by a held-out check with numbers Faker made: Latvia's personal codes issued since July 2017
    /// (`32…`, no date) end in the same check digit as the dated ones (any `32…` was valid), and an
    /// Estonian VAT number is `EE` and nine digits with its check (only those starting `10` were taken).
    @Test func latvianCodesWithoutADateAndEstonianVATNumbersOutsideTen() {
        let personal = Identifiers.kind("lv.pk")!
        let latvianVAT = Identifiers.kind("vat.lv")!
        #expect(personal.isValid("329796-68814") && latvianVAT.isValid("LV32979668814"))
        #expect(!personal.isValid("329796-68811") && !latvianVAT.isValid("LV32979668811"))
        let estonianVAT = Identifiers.kind("vat.ee")!
        #expect(estonianVAT.isValid("EE231847058") && estonianVAT.isValid("EE100931558"))
        #expect(!estonianVAT.isValid("EE231847059"))
    }

    /// `meta` names the kind, its country and the compact value; nothing else (never a birth date).

    @Test func metaNamesOnlyTheKindTheCountryAndTheValue() throws {
        for id in ["mx.curp", "pl.pesel", "it.codicefiscale", "se.personnummer", "kr.rrn", "za.id", "cn.ric"] {
            let kind = Identifiers.kind(id)!
            let field = try configuredField(#"[{"identifier": {"kind": "\#(id)"}}]"#)
            let meta = field.format(kind.example).meta
            #expect(Set(meta.members.map(\.key)) == ["kind", "country", "compact"], "\(id): \(meta)")
        }
    }
}

/// Identifiers as they are typed: the layouts, refusals, kinds chosen by what is typed, VAT prefixes,
/// postal codes of the request's region. Notation: `|` is the caret, `[...]` a selection.
@Suite struct IdentifierEditTests {
    static func identifier(_ options: String) throws -> Field {
        try configuredField(#"[{"identifier": \#(options)}]"#, validators: #"[{"identifier": \#(options)}]"#)
    }

    @Test func aCPFIsLaidOutAsItIsTyped() throws {
        let cpf = try Self.identifier(#"{"kind": "br.cpf"}"#)
        #expect(try result(cpf, "111|", .type("4")) == "111.4|")
        #expect(try result(cpf, "111.444.777-3|", .type("5")) == "111.444.777-35|")
        #expect(try result(cpf, "111.444.777-35|", .type("1")) == "111.444.777-35|")
        #expect(try result(cpf, "111.4|44", .type("a")) == "111.4|44")
        #expect(try apply(cpf, "111.4|44", .type("a")).rejected)
        #expect(try result(cpf, "111.|444", .backspace) == "11|4.44")
        #expect(try result(cpf, "|", .paste("111 444 777 35")) == "111.444.777-35|")
        let valid = cpf.format("11144477735")
        #expect(valid.validation.valid && valid.value == "11144477735")
        #expect(!cpf.format("11144477736").validation.valid)
        #expect(cpf.format("1114447").validation.state == .incomplete)
    }

    @Test func aCPFOrACNPJIsChosenByWhatIsTyped() throws {
        let box = try Self.identifier(#"{"kinds": ["br.cpf", "br.cnpj"]}"#)
        #expect(try result(box, "111.444.777-35|", .type("0")) == "11.144.477/7350|")
        #expect(box.format("11144477735").meta["kind"] == .string("br.cpf"))
        #expect(box.format("11222333000181").text == "11.222.333/0001-81")
        #expect(box.format("11222333000181").meta["kind"] == .string("br.cnpj"))
        #expect(box.format("11222333000181").validation.valid)
        // The alphanumeric CNPJ of 2026: a letter is only a CNPJ's.
        #expect(try result(box, "12|", .type("a")) == "12.A|")
        #expect(box.format("12ABC34501DE35").text == "12.ABC.345/01DE-35")
        #expect(box.format("12ABC34501DE35").validation.valid)
        #expect(!box.format("12ABC34501DE34").validation.valid)
        #expect(box.format("11144477735").complete == false, "a CNPJ can still follow")
    }

    @Test func aRUTIsLaidOutByItsLengthOnBlur() throws {
        let rut = try Self.identifier(#"{"kind": "cl.rut"}"#)
        #expect(try result(rut, "12345678|", .type("5")) == "12.345.678-5|")
        #expect(try result(rut, "1234567|", .type("k")) == "1.234.567-K|")
        #expect(try result(rut, "1234567|", .type("8")) == "12.345.678|")
        #expect(rut.format("12.345.678", event: .blur).text == "1.234.567-8")
        #expect(rut.format("1.234.567-4").validation.valid)
    }

    @Test func aVATNumberGetsItsCountrysPrefix() throws {
        let german = try configuredField(#"[{"vat": {"country": "DE"}}]"#, validators: #"[{"vat": {"country": "DE"}}]"#)
        #expect(try result(german, "|", .type("1")) == "DE1|")
        #expect(try result(german, "|", .paste("de 136 695 976")) == "DE136695976|")
        #expect(german.format("136695976").value == "DE136695976")
        #expect(german.format("136695976").validation.valid)
        let any = try configuredField(#"[{"vat": {}}]"#, validators: #"[{"vat": {}}]"#)
        #expect(try result(any, "|", .type("1")) == "|")
        let french = any.format("fr40303265045")
        #expect(french.text == "FR40 303265045" && french.validation.valid)
        #expect(french.meta["country"] == .string("FR"))
        #expect(any.format("EL094259216").meta["country"] == .string("GR"))
        #expect(any.format("CHE-100.155.212 MWST").validation.valid)
    }

    @Test func postalCodesAreLaidOutAsTheirRegionWritesThem() throws {
        func postal(_ region: String) throws -> Field {
            try configuredField(
                #"[{"postalCode": {"region": "\#(region)"}}]"#,
                validators: #"[{"postalCode": {"region": "\#(region)"}}]"#)
        }
        for (region, typed, shown) in [
            ("GB", "sw1a1aa", "SW1A 1AA"), ("CA", "k1a0b1", "K1A 0B1"), ("NL", "1234ab", "1234 AB"),
            ("JP", "1000001", "100-0001"), ("BR", "01310100", "01310-100"), ("US", "221621010", "22162-1010"),
            ("GB", "m11aa", "M1 1AA"), ("LV", "1073", "LV-1073"), ("PL", "00950", "00-950"),
        ] {
            let field = try postal(region)
            let answer = try typeEach(field, typed)
            #expect(answer.text == shown, "\(region): \(typed) gives \(answer.text)")
            #expect(field.format(shown).validation.valid, "\(region): \(shown)")
            #expect(field.format(shown).meta["country"] == .string(region))
        }
        let gb = try postal("GB")
        #expect(try result(gb, "SW1A 1A|", .type("1")) == "SW1A 1A|")
        #expect(gb.format("SW1A 1A").validation.state == .incomplete)
        #expect(!gb.format("QQ1 1AA").validation.valid)
        let swiss = try postal("CH")
        #expect(try result(swiss, "|", .paste("CH-8001")) == "8001|")
    }

    @Test func postalCodesTakeTheRequestsRegion() throws {
        let field = try configuredField(#"[{"postalCode": {}}]"#, validators: #"[{"postalCode": {}}]"#)
        #expect(field.readsLocale)
        let british = field.pinned(to: "en-GB")
        #expect(british.format("sw1a1aa").text == "SW1A 1AA")
        #expect(british.format("sw1a1aa").validation.valid)
        let japanese = field.pinned(to: "ja-JP")
        #expect(japanese.format("1000001").text == "100-0001")
        // The message names the request's region, in the request's language.
        let german = try configuredField(#"[{"postalCode": {}}]"#, validators: #"[{"postalCode": {}}]"#)
            .pinned(to: "de-DE")
        let wrong = german.format("1234", event: .submit, locale: LocalePreference(tags: ["de-DE"]))
        #expect(wrong.validation.errors.first?.message == "Field muss eine gültige Postleitzahl (Deutschland) sein")
        // No region at all: letters and digits, single spaces; valid when some region takes it.
        #expect(field.format("sw1a  1aa").text == "SW1A 1AA")
        #expect(field.format("SW1A 1AA").validation.valid)
        #expect(!field.format("ZZZZZZZZZZ").validation.valid)
    }

    /// Every example of every region in Google's data is valid there, and formatting it as typed without
    /// its separators gives a text the region's pattern takes.
    @Test func everyRegionsExamplesAreValid() throws {
        #expect(PostalCodes.regions.count >= 180)
        var checked = 0
        for region in PostalCodes.regions {
            let validator = PostalCodeValidator(region: region.code)
            let formatter = PostalCodeFormatter(region: region.code)
            for example in region.examples {
                #expect(
                    validator.check(
                        ValidationInput(text: example, value: example, valueScalars: Array(example.unicodeScalars))
                    ).valid, "\(region.code): \(example)")
                let compact = String(example.unicodeScalars.filter { $0 != " " && $0 != "-" })
                let laidOut = formatter.format(Array(compact.unicodeScalars), context: FormatContext(final: true)).text
                #expect(region.matches(laidOut), "\(region.code): \(compact) is laid out \(laidOut)")
                checked += 1
            }
        }
        #expect(checked >= 350)
    }
}

/// The edit rules over every kind and every region, beside the catalogue's property tests (which run them at
/// length over a sample): rule 9 (formatting is idempotent, the value formats back to the text, typing one
/// character at a time gives the text pasting gives) and, with the catalogue tests' own checks, rules 5, 8,
/// 10 and 11 on random edits. Random texts from each kind's own characters, its example's and a few others
/// people type. Fixed seeds.
@Suite struct IdentifierEditRuleTests {
    static let noise = ["-", " ", ".", "/", "a", "z", "0", "9", "+", "é", "５"]

    static func check(_ field: Field, alphabet: [String], name: String, seed: UInt64) throws {
        var generator = SplitMix64(state: seed)
        for _ in 0..<12 {
            let length = Int.random(in: 1...18, using: &generator)
            let input = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            for event in [ValidationEvent.change, .blur] {
                let once = field.format(input, event: event)
                #expect(field.format(once.text, event: event).text == once.text, "\(name): \(input) on \(event)")
                #expect(field.format(once.value, event: event).text == once.text, "\(name): value of \(input)")
            }
            let typed = try typeEach(field, input)
            let pasted = try field.edit(
                EditRequest(text: "", start: 0, end: 0, replacement: input, inputType: .insertFromPaste))
            #expect(typed.text == pasted.text, "\(name): typing \(input) gives \(typed.text), pasting \(pasted.text)")
        }
        // Random edits: typing, pastes over selections, Backspace, Delete, cuts (rules 5, 8, 10 and 11).
        let generated = GeneratedField(name: name, formatters: "", extraAlphabet: alphabet)
        var text = ""
        for step in 0..<30 {
            if step % 10 == 0 {
                text = field.format(IntegrityPropertyTests.text(&generator, generated.alphabet, maxLength: 16)).text
            }
            let request = IntegrityPropertyTests.randomEdit(on: text, field: field, generated, &generator)
            let answer = try field.edit(request)
            IntegrityPropertyTests.checkAnswer(answer, of: request, field: field, name: name)
            IntegrityPropertyTests.checkNothingLost(answer, of: request, field: field, name: name)
            IntegrityPropertyTests.checkEvents(answer, field: field, name: name)
            text = answer.text
        }
    }

    @Test(arguments: Identifiers.all.map(\.id))
    func everyKind(id: String) throws {
        let kind = Identifiers.kind(id)!
        let rule =
            kind.category == .vat
            ? #"{"vat": {"country": "\#(kind.country!)"}}"# : #"{"identifier": {"kind": "\#(id)"}}"#
        let field = try configuredField("[\(rule)]", validators: "[\(rule)]")
        let alphabet = kind.example.map(String.init) + Self.noise
        try Self.check(field, alphabet: alphabet, name: id, seed: 0x27)
    }

    @Test(arguments: PostalCodes.regions.map(\.code))
    func everyRegion(code: String) throws {
        let region = PostalCodes.region(code)!
        let rule = #"{"postalCode": {"region": "\#(code)"}}"#
        let field = try configuredField("[\(rule)]", validators: "[\(rule)]")
        let alphabet = region.examples.joined().map(String.init) + Self.noise + region.prefix.map(String.init)
        try Self.check(field, alphabet: alphabet, name: code, seed: 0x27)
    }
}
