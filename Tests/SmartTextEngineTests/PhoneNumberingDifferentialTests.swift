import SmartTextEngine
import SmartTextTestSupport
import Testing

@testable import SmartTextNativeRules

#if canImport(Glibc)
    import Glibc
#endif

/// ``PhoneNumbering`` (libphonenumber's metadata compiled into automata) against libphonenumber
/// itself (`cphone_inspect`, `cphone_possibility_for_type`) over every region, on numbers built
/// from each region's example numbers (every prefix; national, international, with the region's
/// international prefix and with the calling code alone; with a digit changed; the completions the
/// layout tries) and on random digit strings. Every field of the answer must be equal.
///
/// `SMARTTEXT_DIFFERENTIAL_SCALE` multiplies the random and mutated numbers per region (default 1,
/// what CI runs; `make phone-differential` runs 25 and the engine's answers end to end).
@Suite struct PhoneNumberingDifferentialTests {
    static let scale: Int = {
        guard let value = getenv("SMARTTEXT_DIFFERENTIAL_SCALE").flatMap({ Int(String(cString: $0)) }) else { return 1 }
        return max(1, value)
    }()

    /// Every region libphonenumber supports, an unknown one, and no region.
    static let regions = phoneRegionsUnderTest + ["ZZ", "", "XX"]

    static let types: [PhoneType] = PhoneType.allCases

    @Test func numberingLoadsEveryRegion() throws {
        let numbering = try #require(PhoneNumbering.shared)
        #expect(PhoneRegions.codes.count > 200)
        for region in PhoneRegions.codes {
            #expect(numbering.isSupported(region: region), "\(region)")
            #expect(numbering.countryCode(region: region) == PhoneLibrary.countryCode(region: region), "\(region)")
        }
    }

    /// The request's `region` is checked by a binary search over the sorted codes: it must say what
    /// a search of the whole list says, for every two-letter code and a few that are not.
    @Test func regionMembershipAsTheListSays() {
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Character(Unicode.Scalar($0)) }
        var candidates = ["", "G", "GBR", "gb", "001", "ZZZ"]
        for first in letters { for second in letters { candidates.append(String([first, second])) } }
        for code in candidates {
            #expect(PhoneRegions.contains(code) == PhoneRegions.codes.contains(code), "\(code)")
        }
    }

    /// The same inspection asked again (the layout, then the validator) is answered from the recent
    /// ones; every answer must still be that of the region it was asked for.
    @Test func recentInspectionsKeepTheirRegion() {
        for region in ["DE", "GB", "US", "CN", "ZZ"] {
            let info = PhoneLibrary.inspect("015112345678", region: region)
            #expect(PhoneLibrary.inspect("015112345678", region: region) == info, "\(region)")
            #expect(info == PhoneLibrary.inspectLibrary("015112345678", region: region), "\(region)")
        }
        #expect(PhoneLibrary.inspect("015112345678", region: "DE").valid)
        #expect(PhoneLibrary.inspect("015112345678", region: "CN").region == "CN")
    }

    @Test(arguments: regions)
    func answersAsLibphonenumberDoes(region: String) throws {
        let numbering = try #require(PhoneNumbering.shared)
        var generator = SplitMix64(state: UInt64(region.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) }))
        var mismatches: [String] = []
        var checked = 0
        for (index, text) in Self.texts(region: region, generator: &generator).enumerated() {
            checked += 1
            // Text that is not digits with an optional leading `+` is libphonenumber's (nil here).
            let digitsOnly = text.utf8.enumerated().allSatisfy { $1 >= 0x30 && $1 <= 0x39 || ($0 == 0 && $1 == 0x2B) }
            let native = numbering.inspect(text, region: region)
            let library = PhoneLibrary.inspectLibrary(text, region: region)
            if (native == nil) == digitsOnly || (native != nil && native != library) {
                mismatches.append("inspect \(text): \(String(describing: native)) != \(library)")
            }
            for type in [PhoneType.fixedLineOrMobile, Self.types[index % Self.types.count]] {
                let native = numbering.possibility(text, region: region, type: type)
                let library = PhoneLibrary.possibilityLibrary(text, region: region, type: type)
                if (native == nil) == digitsOnly || (native != nil && native != library) {
                    mismatches.append("possibility \(text) \(type): \(String(describing: native)) != \(library)")
                }
            }
            let typed = numbering.asYouType(text, region: region)
            let replayed = PhoneLibrary.asYouTypeLibrary(text, region: region)
            if typed == nil || typed! != replayed {
                mismatches.append(
                    "as you type \(text): \(String(describing: typed)) != \(String(describing: replayed))")
            }
            if mismatches.count >= 5 { break }
        }
        #expect(mismatches.isEmpty, "\(region), \(checked) numbers checked:\n\(mismatches.joined(separator: "\n"))")
    }

    /// The phone validator's verdicts against libphonenumber's, over every region (issue 32): with a
    /// `region`, valid exactly when libphonenumber, parsing the text for the region, says
    /// `IsValidNumberForRegion` (`cphone_inspect`'s `valid` for a number of the region's calling code);
    /// with `sharedCallingCode`, when it says `IsValidNumber` and the calling code is the region's;
    /// without a region (the request's), when it says either. The texts: the region's own numbers
    /// (as ``texts(region:generator:)`` builds them), every region's example numbers with `+` and their
    /// calling code, and the same with `+0`, which SmartText alone calls invalid. And every proper
    /// prefix of a number the field accepts is `incomplete`, never `invalid`: more digits make it valid.
    @Test(arguments: phoneRegionsUnderTest)
    func regionBoundVerdictsAsLibphonenumber(region: String) throws {
        var generator = SplitMix64(state: UInt64(region.utf8.reduce(5) { $0 &* 31 &+ UInt64($1) }))
        let code = PhoneLibrary.countryCode(region: region)
        let bound = PhoneValidator(region: region)
        let shared = PhoneValidator(region: region, sharedCallingCode: true)
        let any = PhoneValidator(region: nil)
        let conventions = LocaleConventions(tag: "", region: region)
        func check(_ validator: PhoneValidator, _ text: String) -> RuleCheck {
            validator.check(
                ValidationInput(
                    text: text, value: text, valueScalars: Array(text.unicodeScalars), conventions: conventions))
        }
        var texts = Self.texts(region: region, generator: &generator)
        for other in Self.otherRegions {
            for type in [PhoneType.mobile, .fixedLine, .tollFree] {
                guard let number = PhoneLibrary.example(region: other, type: type) else { continue }
                let international = "+" + String(PhoneLibrary.countryCode(region: other)) + number
                texts += [international, "+0" + international.dropFirst(), "+00" + international.dropFirst()]
            }
        }
        var mismatches: [String] = []
        var accepted: [String] = []
        for text in texts where !text.isEmpty {
            let library = PhoneLibrary.inspectLibrary(text, region: region)
            let wellFormed = !PhoneLibrary.isMalformed(text)
            let sameCode = library.countryCode == code
            let expected = [
                wellFormed && library.valid && sameCode, wellFormed && library.isValid && sameCode,
                wellFormed && library.isValid,
            ]
            let verdicts = [check(bound, text), check(shared, text), check(any, text)]
            if verdicts.map(\.valid) != expected {
                mismatches.append("\(text): \(verdicts.map(\.valid)), libphonenumber \(expected) (\(library))")
            }
            if verdicts[0].valid && text.count > 1 { accepted.append(text) }
            if mismatches.count >= 5 { break }
        }
        for text in accepted.prefix(60) {
            for length in 1..<text.count {
                let prefix = String(text.prefix(length))
                guard prefix != "+" else { continue }
                let verdict = check(bound, prefix)
                if !verdict.valid && !verdict.incomplete {
                    mismatches.append("\(prefix), a prefix of the valid \(text), is invalid")
                    break
                }
            }
            if mismatches.count >= 5 { break }
        }
        #expect(mismatches.isEmpty, "\(region), \(texts.count) texts:\n\(mismatches.joined(separator: "\n"))")
    }

    /// Regions whose numbers every region's validators are tried on: one per calling code of the
    /// shared ones and a spread of others.
    static let otherRegions = [
        "US", "CA", "LC", "BM", "GB", "JE", "GG", "IM", "RU", "KZ", "FR", "RE", "IT", "VA", "AU", "CX", "CN", "BF",
        "AR", "KR", "DE", "JP", "BR", "IN",
    ]

    /// The numbers checked for a region.
    static func texts(region: String, generator: inout SplitMix64) -> [String] {
        var texts: [String] = []
        let code = PhoneLibrary.countryCode(region: region)
        let callingCode = code > 0 ? String(code) : "44"
        var examples: [String] = []
        for type in PhoneType.allCases where region.count == 2 {
            guard let number = PhoneLibrary.example(region: region, type: type) else { continue }
            examples.append(number)
            // As written nationally (with the trunk prefix where the national format has it).
            if let national = PhoneLibrary.format(number, region: region, style: 0) {
                let digits = national.filter(\.isNumber)
                if digits != number { examples.append(String(digits)) }
            }
        }
        var forms: [String] = []
        for number in examples {
            forms += [number, "+" + callingCode + number, "00" + callingCode + number, "011" + callingCode + number]
            forms.append(callingCode + number)
        }
        for form in forms {
            // Every prefix, as typing goes, and one or two digits past the end.
            for length in 1...form.count { texts.append(String(form.prefix(length))) }
            texts.append(form + String(generator.digit()))
            texts.append(form + String(generator.digit()) + String(generator.digit()))
            // A digit changed, and a prefix completed with the rest of another example (the layout's completions).
            for _ in 0..<(2 * scale) {
                var characters = Array(form)
                let position = Int.random(in: 0..<characters.count, using: &generator)
                if characters[position].isNumber { characters[position] = Character(String(generator.digit())) }
                texts.append(String(characters))
                if let other = examples.randomElement(using: &generator), other.count > 2 {
                    let cut = Int.random(in: 1..<other.count, using: &generator)
                    texts.append(String(form.prefix(cut)) + other.dropFirst(cut))
                }
            }
        }
        // Random digit strings, with and without a `+`, an international prefix or a trunk `0`.
        for _ in 0..<(40 * scale) {
            let length = Int.random(in: 1...19, using: &generator)
            var text = String((0..<length).map { _ in Character(String(generator.digit())) })
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: text = "+" + text
            case 1: text = "0" + text
            case 2: text = "00" + text
            case 3: text = "+" + callingCode + text
            default: break
            }
            texts.append(text)
        }
        texts += ["", "+", "0", "00", "+0", "+00", "++1", "1+2", "+1", "+12", "+123", "000", "0000000000"]
        return texts
    }
}

extension SplitMix64 {
    mutating func digit() -> Int { Int(next() % 10) }
}
