import SmartTextEngine
import SmartTextTestSupport
import Testing

@testable import SmartTextNativeRules

/// Typing equals pasting for every valid number (issue 24, item 1), over all 245 regions: each region's
/// example number of every type libphonenumber has, written as a person types it — in national form
/// (with the national prefix where the national format writes it), as the national significant number,
/// after each of a few of the prefixes and carrier codes `nationalPrefixForParsing` reads (Korea's
/// `08500`, Belarus's `80`, Brazil's `0 21`), and with `+` and the calling code — typed key by key into a
/// field of the region: no key is refused, and the text, value and verdict are those of pasting it. A form
/// is taken only where libphonenumber reads it as the same valid number (its E.164), and the field's
/// `meta` says that number.
@Suite struct PhoneTypingEqualsPastingTests {
    static let regions = phoneRegionsUnderTest

    @Test func everyRegionIsChecked() {
        #expect(PhoneRegions.codes.count == 245)
        if sanitizerRun {
            #expect(Self.regions.count > 245 / 6 && Set(Self.regions).isSubset(of: PhoneRegions.codes))
        } else {
            #expect(Self.regions == PhoneRegions.codes)
        }
    }

    /// The forms include national prefixes and carrier codes libphonenumber reads as the same number:
    /// Korea's `085xx` before a mobile number, Belarus's `80`, Brazil's `0` and a carrier code.
    @Test(arguments: [("KR", "085"), ("BY", "80"), ("BR", "0"), ("CN", "0")])
    func formsWithPrefixes(region: String, prefix: String) throws {
        var generator = SplitMix64(state: 1)
        let number = try #require(PhoneLibrary.example(region: region, type: .mobile))
        let forms = Self.forms(number, region: region, generator: &generator)
        #expect(Self.nationalPrefixes(region).contains { $0.hasPrefix(prefix) })
        let form = try #require(forms.first { $0.hasPrefix(prefix) && $0.hasSuffix(number) && $0 != number })
        let read = PhoneLibrary.inspectLibrary(form, region: region)
        #expect(read.isValid && read.e164 == PhoneLibrary.inspectLibrary(number, region: region).e164, "\(form)")
    }

    @Test(arguments: regions)
    func typingEqualsPasting(region: String) throws {
        let field = try phoneField(region, validator: "")
        var generator = SplitMix64(state: UInt64(region.utf8.reduce(11) { $0 &* 31 &+ UInt64($1) }))
        var checked = 0
        var problems: [String] = []
        for (type, number) in Self.examples(region) {
            let reference = PhoneLibrary.inspectLibrary(number, region: region)
            guard reference.isValid else { continue }
            for form in Self.forms(number, region: region, generator: &generator) {
                let read = PhoneLibrary.inspectLibrary(form, region: region)
                guard read.isValid, read.e164 == reference.e164 else { continue }
                checked += 1
                let pasted = try paste(field, form)
                var marked = Marked("|")
                var typed = field.format("")
                var refused: [String] = []
                for character in form {
                    typed = try field.edit(request(marked, .type(String(character))))
                    if typed.rejected { refused.append("\(character) after \(marked)") }
                    marked = Marked(text: typed.text, caret: typed.caret)
                }
                let label = "\(region) \(type.rawValue) \(form)"
                if !refused.isEmpty { problems.append("\(label): refused \(refused)") }
                if typed.text != pasted.text || typed.value != pasted.value {
                    problems.append(
                        "\(label): typed \(typed.text) (\(typed.value)), pasted \(pasted.text) (\(pasted.value))")
                }
                if typed.validation.state != pasted.validation.state {
                    problems.append("\(label): typed \(typed.validation.state), pasted \(pasted.validation.state)")
                }
                if pasted.meta["e164"] != .string(reference.e164) || pasted.truncated {
                    problems.append(
                        "\(label): pasted \(pasted.text), meta \(pasted.meta), truncated \(pasted.truncated)")
                }
                if field.format(pasted.value).text != pasted.text {
                    problems.append("\(label): \(pasted.value) formats to \(field.format(pasted.value).text)")
                }
                if problems.count >= 5 { break }
            }
        }
        #expect(checked > 0, "\(region): no example")
        #expect(problems.isEmpty, "\(region), \(checked) numbers:\n\(problems.joined(separator: "\n"))")
    }

    /// The region's example numbers (national significant numbers), by type.
    static func examples(_ region: String) -> [(PhoneType, String)] {
        PhoneType.allCases.compactMap { type in
            guard type != .unknown, type != .fixedLineOrMobile,
                let number = PhoneLibrary.example(region: region, type: type)
            else { return nil }
            return (type, number)
        }
    }

    /// How a person may type `number` (a national significant number) in `region`.
    static func forms(_ number: String, region: String, generator: inout SplitMix64) -> [String] {
        var forms: [String] = []
        if let national = PhoneLibrary.format(number, region: region, style: 0) {
            forms.append(String(national.filter { $0.isNumber }))
        }
        forms.append(number)
        let prefixes = nationalPrefixes(region)
        // The shortest (the national prefix), the longest (a carrier code) and one chosen at random.
        var chosen = Array(prefixes.prefix(1)) + Array(prefixes.suffix(1))
        if prefixes.count > 2 { chosen.append(prefixes[Int(generator.next() % UInt64(prefixes.count))]) }
        forms += chosen.map { $0 + number }
        forms.append("+" + String(PhoneLibrary.countryCode(region: region)) + number)
        var seen = Set<String>()
        return forms.filter { seen.insert($0).inserted }
    }

    /// The strings `nationalPrefixForParsing` can match before a number (up to 6 digits, at most 200),
    /// shortest first.
    static func nationalPrefixes(_ region: String) -> [String] {
        guard let numbering = PhoneNumbering.shared, let compiled = numbering.canonical(region) ?? nil,
            let automaton = compiled.continuation.nationalPrefixes
        else { return [] }
        var found: [String] = []
        var level: [(Int, String)] = [(DigitAutomaton.start, "")]
        for _ in 0..<6 {
            var next: [(Int, String)] = []
            for (state, text) in level {
                for digit in 0..<10 as Range<UInt8> {
                    let target = automaton.next(state, digit)
                    guard target >= 0 else { continue }
                    let longer = text + String(digit)
                    if automaton.accepts(target) { found.append(longer) }
                    next.append((target, longer))
                }
            }
            level = Array(next.prefix(2000))
            if found.count >= 200 { break }
        }
        return Array(found.prefix(200))
    }
}
