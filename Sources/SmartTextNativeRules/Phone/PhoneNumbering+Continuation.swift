/// Which numbers can still be written as digits typed so far followed by more: the question the
/// phone layout asks before refusing a key (a key is refused only when no number of any type can
/// continue with it) and the phone validator before calling a number invalid rather than incomplete.
///
/// libphonenumber has no such question; it is answered here from the same compiled metadata, for
/// every way the number can be written: national digits as they are, after a national prefix or
/// carrier code (every prefix `nationalPrefixForParsing` can match, with its transform rule: KR's
/// `0` + `8500` carrier code, BY's `80`, AR's `0` + area code + `15`), after the calling code
/// without a `+`, and after a `+` or the region's international prefix (the calling code, then the
/// national forms of its main region). Each national significant number is then checked against
/// every number type of every region of its calling code: its lengths (``Mode/lengths``), or its
/// pattern's automaton too, which tells how many more digits can complete a match
/// (``DigitAutomaton/distances(_:)``).
///
/// The answers err on one side only: "yes" whenever some number can continue (the conditions
/// libphonenumber adds on top, such as the general pattern or which region of a shared calling code
/// a number is read in, are not required), so a key is never refused that a valid number needs.
extension PhoneNumbering {
    /// How closely a number is checked.
    enum Mode: Sendable, Hashable {
        /// Only the lengths: some number of some type has that many digits in that written form.
        case lengths
        /// The patterns and lengths of the given types (nil: every type).
        case patterns(Set<PhoneType>?)
    }

    /// Which regions' numbers count.
    enum Scope: Sendable, Hashable {
        case any
        /// The regions of one calling code.
        case callingCode(Int)
        /// One region.
        case region(String)

        func allows(_ region: CompiledRegion) -> Bool {
            switch self {
            case .any: true
            case .callingCode(let code): region.countryCode == code
            case .region(let id): region.id == id
            }
        }
    }

    /// True when some number of `scope` (of a type `mode` names) is written as `text` (ASCII digits,
    /// maybe a leading `+`) followed by `extra` or more digits, for `region` (the region the text is
    /// read for, as `inspect` takes it). nil when the text is not for this path.
    func canContinue(_ text: String, region code: String, extra: Int, mode: Mode, scope: Scope = .any) -> Bool? {
        guard let digits = Self.input(text), let found = canonicalGroup(code) else { return nil }
        let question = Question(extra: extra, mode: mode, scope: scope)
        if digits.first == Self.plus { return international(digits.dropFirst(), question) }
        guard let (defaultRegion, group) = found else { return false }
        let national = digits[...]
        // After the region's international prefix (every length it can match).
        if let prefixes = defaultRegion.continuation.internationalPrefixes {
            var state = DigitAutomaton.start
            for (offset, digit) in national.enumerated() {
                state = prefixes.next(state, digit)
                if state < 0 { break }
                if prefixes.accepts(state) && international(national.dropFirst(offset + 1), question) { return true }
            }
            // Still typing the international prefix.
            if prefixes.distances(state) > 1 { return true }
        }
        // After the calling code without a `+` (read with the region's national prefix), or still typing it.
        if national.count < defaultRegion.countryCodeDigits.count,
            defaultRegion.countryCodeDigits.starts(with: national)
        {
            return true
        }
        if national.starts(with: defaultRegion.countryCodeDigits),
            self.national(national.dropFirst(defaultRegion.countryCodeDigits.count), defaultRegion, group, question)
        {
            return true
        }
        return self.national(national, defaultRegion, group, question)
    }

    /// What is asked, with the digits: how many more at least, how closely, of which regions.
    private struct Question {
        let extra: Int
        let mode: Mode
        let scope: Scope
    }

    /// The digits after a `+` or an international prefix: a calling code, then a national number.
    private func international(_ digits: ArraySlice<UInt8>, _ question: Question) -> Bool {
        guard let first = digits.first else { return true }
        // No calling code starts with 0.
        if first == 0 { return false }
        var code = 0
        for length in 1...3 {
            // Still typing the calling code.
            guard length <= digits.count else { return true }
            code = code * 10 + Int(digits[digits.startIndex + length - 1])
            if let group = group(code) {
                guard group.contains(where: question.scope.allows) else { return false }
                // Read with the calling code's main region, as `ParseHelper` does.
                return national(digits.dropFirst(length), group[0], group, question)
            }
        }
        return false
    }

    /// A national number, as it is or after a prefix `region`'s `nationalPrefixForParsing` matches.
    private func national(
        _ digits: ArraySlice<UInt8>, _ region: CompiledRegion, _ group: [CompiledRegion], _ question: Question
    ) -> Bool {
        if significant(digits, group, question) { return true }
        let continuation = region.continuation
        if let prefixes = continuation.nationalPrefixes, let pattern = region.nationalPrefixForParsing {
            var state = DigitAutomaton.start
            for (offset, digit) in digits.enumerated() {
                state = prefixes.next(state, digit)
                if state < 0 { break }
                guard prefixes.accepts(state) else { continue }
                let end = digits.startIndex + offset + 1
                if let stripped = Self.stripped(digits, prefixEnd: end, region, pattern),
                    significant(stripped[...], group, question)
                {
                    return true
                }
            }
            // Still typing a national prefix or carrier code.
            if prefixes.distances(state) > 1 { return true }
        }
        // A `$` branch (`([2-8]\d{6})$` of the Caribbean regions) matches the whole number: some
        // longer number it matches is taken as possible.
        if let whole = continuation.wholeNationalPrefixes {
            let further = whole.distances(whole.state(after: digits)) >> UInt32(min(question.extra, 31))
            if further != 0 { return true }
        }
        return false
    }

    /// The national significant number after the prefix `digits[..<prefixEnd]`: its transform rule's
    /// output and the rest (`MaybeStripNationalPrefixAndCarrierCode`), nil when ICU would refuse it.
    private static func stripped(
        _ digits: ArraySlice<UInt8>, prefixEnd: Int, _ region: CompiledRegion, _ pattern: DigitPattern
    ) -> [UInt8]? {
        let rest = digits[prefixEnd...]
        guard !region.nationalPrefixTransformRule.isEmpty else { return Array(rest) }
        let prefix = Array(digits[..<prefixEnd])
        guard let slots = pattern.wholeMatch(prefix) else { return Array(rest) }
        let group = pattern.groupCount >= 2 ? 2 : pattern.groupCount >= 1 ? 1 : 0
        guard group > 0, slots[2 * group] >= 0, slots[2 * group + 1] > slots[2 * group] else { return Array(rest) }
        guard let template = region.nationalPrefixTransform else { return nil }
        var output: [UInt8] = []
        template.append(slots, of: prefix, to: &output)
        guard output.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return output.map { $0 - 0x30 } + rest
    }

    /// A national significant number, against the types of the calling code's regions.
    private func significant(_ digits: ArraySlice<UInt8>, _ group: [CompiledRegion], _ question: Question) -> Bool {
        let count = digits.count
        // libphonenumber reads no longer national number.
        guard count + question.extra <= 17 else { return false }
        for region in group where question.scope.allows(region) {
            let continuation = region.continuation
            // No number of the region is that long: its patterns need not be walked (a US number
            // of ten digits against the 25 regions of +1: phone_us_fresh cost 126k instructions while
            // they were walked, 99k once they were skipped; scripts/instructions' count).
            guard continuation.longest >= count + question.extra else { continue }
            switch question.mode {
            case .lengths: return true
            case .patterns(let types):
                // The lengths `count + extra` and more, as distances from `count`.
                let wanted = ~UInt32(0) << UInt32(question.extra)
                for entry in continuation.types where types.map({ $0.contains(where: entry.satisfies) }) ?? true {
                    let distances = (entry.lengths >> UInt32(count)) & wanted
                    guard distances != 0 else { continue }
                    guard let automaton = entry.pattern.automaton else { return true }
                    if automaton.distances(automaton.state(after: digits)) & distances != 0 { return true }
                }
            }
        }
        return false
    }
}

/// A region's metadata as ``PhoneNumbering/canContinue(_:region:extra:mode:scope:)`` reads it.
struct Continuation: Sendable {
    /// A number type's pattern and its lengths (bit `n` for `n` digits).
    struct TypeEntry: Sendable {
        let type: PhoneType
        let pattern: DigitPattern
        let lengths: UInt32

        /// True when a number matching this type's pattern may count as `wanted` (a fixed-line or
        /// mobile number may be both).
        func satisfies(_ wanted: PhoneType) -> Bool {
            type == wanted || (wanted == .fixedLineOrMobile && (type == .fixedLine || type == .mobile))
        }
    }

    /// The types `GetNumberTypeHelper` tries, those with a pattern.
    let types: [TypeEntry]
    /// The most digits a national significant number of some type has.
    let longest: Int
    /// `nationalPrefixForParsing`'s matches that end before the number does (its `$` branches never
    /// do), with distances; nil without one.
    let nationalPrefixes: DigitAutomaton?
    /// Its matches of the whole number, when it has a `$` branch.
    let wholeNationalPrefixes: DigitAutomaton?
    /// The international prefix's matches, with distances; nil without one.
    let internationalPrefixes: DigitAutomaton?

    /// The types `GetNumberTypeHelper` reads, by their index in ``CompiledRegion``'s descriptions.
    private static let typeOrder: [PhoneType] = [
        .fixedLine, .mobile, .tollFree, .premiumRate, .sharedCost, .voip, .personalNumber, .pager, .uan, .voicemail,
    ]

    init(
        _ region: PhoneMetadata.Region, descriptions: [CompiledRegion.Description], general: CompiledRegion.Description
    ) {
        var types: [TypeEntry] = []
        var longest = 0
        for type in Self.typeOrder {
            let description = descriptions[CompiledRegion.index(type)]
            guard let pattern = description.pattern else { continue }
            // A type without lengths of its own has the general description's, which `GetNumberTypeHelper`
            // checks first (the metadata leaves out lengths equal to them); -1 alone is none.
            let possible = description.possibleLengths.isEmpty ? general.possibleLengths : description.possibleLengths
            var lengths: UInt32 = possible.isEmpty ? ~0 : 0
            for length in possible where length > 0 && length < 32 { lengths |= 1 << UInt32(length) }
            guard lengths != 0 else { continue }
            types.append(TypeEntry(type: type, pattern: pattern, lengths: lengths))
            longest = max(longest, lengths == ~0 ? 17 : 31 - lengths.leadingZeroBitCount)
        }
        self.types = types
        self.longest = longest
        func automaton(_ pattern: String, end: DigitAutomaton.End) -> DigitAutomaton? {
            guard !pattern.isEmpty, let compiled = DigitPattern(pattern) else { return nil }
            return DigitAutomaton(compiled.program, end: end, distances: true)
        }
        nationalPrefixes = automaton(region.nationalPrefixForParsing, end: .dead)
        wholeNationalPrefixes =
            region.nationalPrefixForParsing.contains("$")
            ? automaton(region.nationalPrefixForParsing, end: .epsilon) : nil
        internationalPrefixes = automaton(region.internationalPrefix, end: .dead)
    }
}
