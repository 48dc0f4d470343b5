internal import SmartTextSupport

/// libphonenumber's parsing, validation, length checks and national formatting, for numbers
/// written as ASCII digits with an optional leading `+` (what the phone formatter hands over),
/// computed from libphonenumber's own metadata (``PhoneMetadata``) with its patterns compiled
/// into ``DigitPattern``s: a new number costs table lookups instead of ICU regular expressions
/// (BENCHMARKS.md item 15).
///
/// It follows `PhoneNumberUtil` step by step (`ParseHelper`, `MaybeExtractCountryCode`,
/// `MaybeStripNationalPrefixAndCarrierCode`, `TestNumberLength`, `GetNumberTypeHelper`,
/// `GetRegionCodeForNumberFromRegionList`, `ChooseFormattingPatternForNumber`,
/// `FormatNsnUsingPattern`) and answers exactly what the shim's `cphone_inspect` and
/// `cphone_possibility_for_type` answer; `PhoneNumberingDifferentialTests` compares the two over
/// every region. Text with anything else (letters, punctuation, extensions, `tel:` URIs, more
/// than 64 characters) goes to libphonenumber itself (``PhoneLibrary``).
final class PhoneNumbering: Sendable {
    /// The numbering of the installed libphonenumber; nil when its metadata cannot be read or a
    /// pattern in it uses syntax ``DigitPattern`` does not compile (libphonenumber then answers everything).
    static let shared: PhoneNumbering? = PhoneMetadata.library().flatMap(PhoneNumbering.init)

    /// Longest text answered here; libphonenumber answers longer ones.
    static let maximumLength = 64

    private let metadata: [PhoneMetadata.Region]
    /// Region id → index in `metadata` (geographic regions only).
    private let regionIndex: [String: Int]
    /// Region id → its calling code and its place in the code's list.
    private let regionPlace: [String: (countryCode: Int, position: Int)]
    /// Country calling code → indices in `metadata`, the main country first, then metadata order (as
    /// `PhoneNumberUtil`'s constructor lists them); a non-geographic entity (`001`) alone.
    private let regionsForCode: [Int: [Int]]
    /// Compiled lazily, all the regions of a calling code together on the first use of one of
    /// them: a number is read against its code's list (25 regions for +1) without a lock each.
    private let compiled: Locked<[Int: [CompiledRegion]]>
    /// The as-you-type formatter's metadata of a calling code (its main region's), compiled lazily.
    private let asYouTypeCompiled: Locked<[Int: AsYouTypeRegion]>

    init?(_ metadata: PhoneMetadata) {
        var regionIndex: [String: Int] = [:]
        var regionsForCode: [Int: [Int]] = [:]
        for (index, region) in metadata.regions.enumerated() where region.id != "ZZ" {
            if region.id != "001" { regionIndex[region.id] = index }
            if region.mainCountryForCode {
                regionsForCode[region.countryCode, default: []].insert(index, at: 0)
            } else {
                regionsForCode[region.countryCode, default: []].append(index)
            }
        }
        guard !regionIndex.isEmpty, metadata.regions.allSatisfy(CompiledRegion.usesKnownSyntax) else { return nil }
        var regionPlace: [String: (countryCode: Int, position: Int)] = [:]
        for (code, indices) in regionsForCode {
            for (position, index) in indices.enumerated() where metadata.regions[index].id != "001" {
                regionPlace[metadata.regions[index].id] = (code, position)
            }
        }
        self.metadata = metadata.regions
        self.regionIndex = regionIndex
        self.regionPlace = regionPlace
        self.regionsForCode = regionsForCode
        compiled = Locked([:])
        asYouTypeCompiled = Locked([:])
    }

    // MARK: The shim's questions

    /// What `cphone_inspect` answers for `text`, or nil when `text` is not for this path
    /// (not ASCII digits with an optional leading `+`, or too long).
    func inspect(_ text: String, region code: String) -> PhoneInfo? {
        guard let digits = Self.input(text), let defaultRegion = canonical(code) else { return nil }
        let number: ParsedNumber
        switch parse(digits, defaultRegion: defaultRegion) {
        case .failure(let error):
            return PhoneInfo(
                parsed: false, valid: false, validNumber: false, possibility: error, type: .unknown, countryCode: 0,
                region: "",
                hadCountryCode: false, e164: "", nationalNumber: "", national: "")
        case .success(let parsed): number = parsed
        }
        let numberRegion = regionFor(number)
        // The number's type in its own region, worked out once.
        var numberRegionType: PhoneType?
        let valid: Bool
        if let defaultRegion, number.countryCode == defaultRegion.countryCode {
            let type = defaultRegion.numberType(number.nationalNumber)
            if numberRegion === defaultRegion { numberRegionType = type }
            valid = type != .unknown
        } else if let numberRegion, numberRegion.id == "001" || number.countryCode == numberRegion.countryCode {
            numberRegionType = numberRegion.numberType(number.nationalNumber)
            valid = numberRegionType != .unknown
        } else {
            valid = false
        }
        // `IsValidNumber`: valid in the number's own region (`GetNumberType` reads the same one).
        if numberRegionType == nil, let numberRegion {
            numberRegionType = numberRegion.numberType(number.nationalNumber)
        }
        let validNumber = numberRegionType.map { $0 != .unknown } ?? false
        let known = valid || validNumber
        let nsn = DigitReplacement.string(number.nationalNumber)
        var info = PhoneInfo(
            parsed: true, valid: valid, validNumber: validNumber, possibility: lengthCheck(number, type: .unknown),
            type: known ? numberRegionType ?? .unknown : .unknown,
            countryCode: number.countryCode, region: numberRegion?.id ?? "",
            hadCountryCode: number.source != .defaultCountry, e164: "", nationalNumber: nsn.utf8.count < 24 ? nsn : "",
            national: "")
        if known {
            // `Format` gives the raw input back for a national number of zero.
            let zero = number.nationalNumber.allSatisfy { $0 == 0 }
            let e164 = zero ? text : "+" + number.main.countryCodeText + nsn
            let national = zero ? text : nationalFormat(number)
            info.e164 = e164.utf8.count < 24 ? e164 : ""
            info.national = national.utf8.count < 48 ? national : ""
        }
        return info
    }

    /// What `cphone_possibility_for_type` answers, or nil when `text` is not for this path.
    func possibility(_ text: String, region code: String, type: PhoneType) -> PhonePossibility? {
        guard let digits = Self.input(text), let defaultRegion = canonical(code) else { return nil }
        switch parse(digits, defaultRegion: defaultRegion) {
        case .failure(let error): return error
        case .success(let number): return lengthCheck(number, type: type)
        }
    }

    /// What `cphone_format_as_you_type` answers (`.some(nil)` where it fails), or nil when the
    /// region is not for this path (a NUL inside).
    func asYouType(_ text: String, region code: String) -> String?? {
        if code.utf8.contains(0) { return nil }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= Self.maximumLength,
            scalars.enumerated().allSatisfy({ ($1.value >= 0x30 && $1.value <= 0x39) || ($0 == 0 && $1 == "+") })
        else { return .some(nil) }
        let supported = regionIndex[code] != nil
        var replay = AsYouTypeReplay(
            defaultCountry: supported ? code : "ZZ", defaultCode: countryCode(region: code),
            metadata: { [self] in asYouTypeRegion($0) }, knownCode: { [self] in regionsForCode[$0] != nil },
            mainRegion: { [self] in regionsForCode[$0].map { metadata[$0[0]].id } ?? "ZZ" })
        // The shim's buffer holds 255 bytes and a NUL.
        guard let output = replay.replay(scalars), output.utf8.count < 256 else { return .some(nil) }
        return .some(output)
    }

    /// The as-you-type formatter's metadata for a calling code: its main region's; nil for an unknown code.
    private func asYouTypeRegion(_ countryCode: Int) -> AsYouTypeRegion? {
        if let region = asYouTypeCompiled.withLock({ $0[countryCode] }) { return region }
        guard let index = regionsForCode[countryCode]?.first else { return nil }
        let region = AsYouTypeRegion(metadata[index])
        return asYouTypeCompiled.withLock { regions in
            if let stored = regions[countryCode] { return stored }
            regions[countryCode] = region
            return region
        }
    }

    /// The country calling code of a supported region, 0 for others (`GetCountryCodeForRegion`).
    func countryCode(region: String) -> Int {
        regionIndex[region].map { metadata[$0].countryCode } ?? 0
    }

    func isSupported(region: String) -> Bool { regionIndex[region] != nil }

    // MARK: Input

    /// The text's characters as digit values, with the `+` as 10; nil when it has anything else.
    static func input(_ text: String) -> [UInt8]? {
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                digits.append(byte - 0x30)
            } else if byte == UInt8(ascii: "+") && digits.isEmpty {
                digits.append(Self.plus)
            } else {
                return nil
            }
            if digits.count > maximumLength { return nil }
        }
        return digits
    }

    static let plus: UInt8 = 10

    /// The region libphonenumber would use for `code` (`.some(nil)` for an unsupported code,
    /// which it treats as "ZZ"); nil when the shim would read the code differently (a NUL inside).
    func canonical(_ code: String) -> CompiledRegion?? {
        canonicalGroup(code).map { $0?.region }
    }

    /// ``canonical(_:)`` with the region's calling code's regions (one lookup for both).
    func canonicalGroup(_ code: String) -> (region: CompiledRegion, group: [CompiledRegion])?? {
        guard let place = regionPlace[code], let group = group(place.countryCode) else {
            return code.utf8.contains(0) ? nil : .some(nil)
        }
        return .some((group[place.position], group))
    }

    /// The compiled regions of a calling code, in `regionsForCode`'s order; nil for an unknown code.
    func group(_ countryCode: Int) -> [CompiledRegion]? {
        if let group = compiled.withLock({ $0[countryCode] }) { return group }
        guard let indices = regionsForCode[countryCode] else { return nil }
        // Compiled outside the lock: another thread may compile the same code meanwhile, and the
        // first one stored is kept.
        let group = indices.map { CompiledRegion(metadata[$0]) }
        return compiled.withLock { groups in
            if let stored = groups[countryCode] { return stored }
            groups[countryCode] = group
            return group
        }
    }

    // MARK: Parsing (PhoneNumberUtil::ParseHelper)

    enum CountryCodeSource {
        case plus, internationalPrefix, withoutPlus, defaultCountry
    }

    enum ParseOutcome {
        case success(ParsedNumber)
        /// The parse error, as the shim reports it.
        case failure(PhonePossibility)
    }

    struct ParsedNumber {
        var countryCode: Int
        /// The calling code's regions, the main one (whose metadata holds the lengths and formats) first.
        var group: [CompiledRegion]
        var main: CompiledRegion { group[0] }
        /// The national significant number, as digit values.
        var nationalNumber: [UInt8]
        var source: CountryCodeSource
    }

    private func parse(_ input: [UInt8], defaultRegion: CompiledRegion?) -> ParseOutcome {
        // ExtractPossibleNumber: a lone `+` is trimmed away (it is not a letter or a digit).
        let hasPlus = input.first == Self.plus
        let digitCount = hasPlus ? input.count - 1 : input.count
        // IsViablePhoneNumber: two digits alone, or three with a `+`.
        guard input.count >= 2, hasPlus ? digitCount >= 3 : digitCount >= 2 else { return .failure(.notANumber) }
        // CheckRegionForParsing
        if defaultRegion == nil && !hasPlus { return .failure(.invalidCountryCode) }
        var national = input
        var source = CountryCodeSource.defaultCountry
        var countryCode = 0
        if let error = extractCountryCode(defaultRegion, &national, &countryCode, &source) {
            guard error == .invalidCountryCode && hasPlus else { return .failure(error) }
            national = Array(input.dropFirst())
            _ = extractCountryCode(defaultRegion, &national, &countryCode, &source)
            if countryCode == 0 { return .failure(.invalidCountryCode) }
        }
        var countryRegion = defaultRegion
        let extracted = countryCode != 0
        if !extracted, let defaultRegion { countryCode = defaultRegion.countryCode }
        // Known: the code is the default region's or came from `regionsForCode`.
        guard let group = group(countryCode) else { return .failure(.invalidCountryCode) }
        // A calling code in the number: read with its main region's metadata.
        if extracted && group[0].id != defaultRegion?.id { countryRegion = group[0] }
        if national.count < 2 { return .failure(.tooShort) }
        if let countryRegion, let stripped = stripNationalPrefix(countryRegion, national) {
            switch countryRegion.lengthCheck(stripped, type: .unknown) {
            case .tooShort, .possibleLocalOnly, .invalidLength: break
            default: national = stripped
            }
        }
        if national.count < 2 { return .failure(.tooShort) }
        if national.count > 17 { return .failure(.tooLong) }
        return .success(ParsedNumber(countryCode: countryCode, group: group, nationalNumber: national, source: source))
    }

    /// `MaybeExtractCountryCode`; nil when it succeeded, else the parse error's possibility.
    private func extractCountryCode(
        _ defaultRegion: CompiledRegion?, _ national: inout [UInt8], _ countryCode: inout Int,
        _ source: inout CountryCodeSource
    ) -> PhonePossibility? {
        // MaybeStripInternationalPrefixAndNormalize
        source = .defaultCountry
        if national.first == Self.plus {
            national.removeFirst()
            source = .plus
        } else if !national.isEmpty, let defaultRegion, let end = defaultRegion.internationalPrefix?.match(national)?[1]
        {
            // ParsePrefixAsIdd: not when the digit after it is 0 (no calling code starts with 0).
            if end == national.count || national[end] != 0 {
                national.removeFirst(end)
                source = .internationalPrefix
            }
        }
        if source != .defaultCountry {
            if national.count <= 2 { return .tooShort }
            // ExtractCountryCode
            if national.first != 0 {
                var code = 0
                for length in 1...min(3, national.count) {
                    code = code * 10 + Int(national[length - 1])
                    if regionsForCode[code] != nil {
                        national.removeFirst(length)
                        countryCode = code
                        return nil
                    }
                }
            }
            return .invalidCountryCode
        } else if let defaultRegion, national.starts(with: defaultRegion.countryCodeDigits) {
            var potential = Array(national[defaultRegion.countryCodeDigits.count...])
            if let stripped = stripNationalPrefix(defaultRegion, potential) { potential = stripped }
            let general = defaultRegion.general
            if (!general.matches(national) && general.matches(potential))
                || defaultRegion.lengthCheck(national, type: .unknown) == .tooLong
            {
                national = potential
                source = .withoutPlus
                countryCode = defaultRegion.countryCode
                return nil
            }
        }
        countryCode = 0
        return nil
    }

    /// `MaybeStripNationalPrefixAndCarrierCode` (the carrier code is not kept): the number
    /// without its national prefix, nil when nothing is stripped.
    private func stripNationalPrefix(_ region: CompiledRegion, _ number: [UInt8]) -> [UInt8]? {
        guard !number.isEmpty, let prefix = region.nationalPrefixForParsing, let slots = prefix.match(number) else {
            return nil
        }
        let viable = region.general.matches(number)
        if !region.nationalPrefixTransformRule.isEmpty {
            // Consume(input, &carrier, &captured) needs two groups, Consume(input, &captured) one.
            let group = prefix.groupCount >= 2 ? 2 : prefix.groupCount >= 1 ? 1 : 0
            if group > 0, slots[2 * group] >= 0, slots[2 * group + 1] > slots[2 * group] {
                // Replace: the first match (the one at the start) becomes the transform rule.
                // The transform rules are digits and groups; anything else would not be a number.
                guard
                    let replaced = DigitReplacement.replace(
                        number, pattern: prefix, with: region.nationalPrefixTransform, global: false),
                    replaced.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
                else { return nil }
                let transformed = replaced.map { $0 - 0x30 }
                if viable && !region.general.matches(transformed) { return nil }
                return transformed
            }
        }
        let rest = Array(number[slots[1]...])
        if viable && !region.general.matches(rest) { return nil }
        return rest
    }

    // MARK: Validity and type

    /// `GetRegionCodeForNumber` with its metadata: nil for "ZZ".
    private func regionFor(_ number: ParsedNumber) -> CompiledRegion? {
        let regions = number.group
        if regions.count == 1 { return regions[0] }
        for region in regions {
            if let leading = region.leadingDigits {
                if leading.matchesPrefix(number.nationalNumber) { return region }
            } else if region.numberType(number.nationalNumber) != .unknown {
                return region
            }
        }
        return nil
    }

    /// `IsPossibleNumberForTypeWithReason`: lengths of the calling code's main region.
    private func lengthCheck(_ number: ParsedNumber, type: PhoneType) -> PhonePossibility {
        number.main.lengthCheck(number.nationalNumber, type: type)
    }

    // MARK: Formatting

    /// `Format(number, NATIONAL)` without an extension: the main region's formats.
    private func nationalFormat(_ number: ParsedNumber) -> String {
        let nsn = number.nationalNumber
        for format in number.main.formats {
            if let leading = format.leadingDigits, !leading.matchesPrefix(nsn) { continue }
            guard format.pattern.matchesWhole(nsn) else { continue }
            guard
                let formatted = DigitReplacement.replace(
                    nsn, pattern: format.pattern, with: format.template, global: true)
            else { return DigitReplacement.string(nsn) }
            return String(decoding: formatted, as: UTF8.self)
        }
        return DigitReplacement.string(nsn)
    }
}

/// One region's metadata with its patterns compiled.
final class CompiledRegion: Sendable {
    struct Description: Sendable {
        /// nil when the metadata has no pattern (nothing matches).
        let pattern: DigitPattern?
        let possibleLengths: [Int]
        let possibleLengthsLocalOnly: [Int]
        /// `DescHasPossibleNumberData`.
        var hasPossibleNumberData: Bool { possibleLengths.count != 1 || possibleLengths[0] != -1 }

        init(_ description: PhoneMetadata.NumberDescription) {
            pattern =
                description.pattern.isEmpty
                ? nil : DigitPattern(description.pattern, distances: true) ?? DigitPattern.never
            possibleLengths = description.possibleLengths
            possibleLengthsLocalOnly = description.possibleLengthsLocalOnly
        }

        /// `IsMatch`: the pattern matches the whole number (lengths not checked).
        func matches(_ digits: [UInt8]) -> Bool { pattern?.matchesWhole(digits) ?? false }

        /// `IsNumberMatchingDesc`.
        func matchesNumber(_ digits: [UInt8]) -> Bool {
            if !possibleLengths.isEmpty && !possibleLengths.contains(digits.count) { return false }
            return matches(digits)
        }
    }

    struct Format: Sendable {
        let pattern: DigitPattern
        /// The last (most detailed) leading-digits pattern, nil when there is none.
        let leadingDigits: DigitPattern?
        /// The national format (the format with the national prefix formatting rule put in), for
        /// the pattern's groups; nil when ICU would refuse it.
        let template: DigitReplacement.Template?
    }

    let id: String
    let countryCode: Int
    let countryCodeText: String
    let countryCodeDigits: [UInt8]
    let internationalPrefix: DigitPattern?
    let nationalPrefixForParsing: DigitPattern?
    let nationalPrefixTransformRule: String
    /// The transform rule for `nationalPrefixForParsing`'s groups.
    let nationalPrefixTransform: DigitReplacement.Template?
    let sameMobileAndFixedLinePattern: Bool
    let leadingDigits: DigitPattern?
    let general: Description
    /// By type, in ``PhoneType``'s order.
    private let descriptions: [Description]
    let formats: [Format]
    /// What digits can follow (PhoneNumbering+Continuation.swift).
    let continuation: Continuation

    init(_ region: PhoneMetadata.Region) {
        id = region.id
        countryCode = region.countryCode
        countryCodeText = String(region.countryCode)
        countryCodeDigits = countryCodeText.utf8.map { $0 - 0x30 }
        internationalPrefix = DigitPattern(region.internationalPrefix) ?? DigitPattern.never
        nationalPrefixForParsing =
            region.nationalPrefixForParsing.isEmpty
            ? nil : DigitPattern(region.nationalPrefixForParsing) ?? DigitPattern.never
        nationalPrefixTransformRule = region.nationalPrefixTransformRule
        nationalPrefixTransform = nationalPrefixForParsing.flatMap {
            DigitReplacement.Template(region.nationalPrefixTransformRule, groupCount: $0.groupCount)
        }
        sameMobileAndFixedLinePattern = region.sameMobileAndFixedLinePattern
        leadingDigits = region.leadingDigits.map { DigitPattern($0) ?? DigitPattern.never }
        general = Description(region.description(.unknown))
        descriptions = Self.orderedTypes.map { Description(region.description($0)) }
        fixedOrMobileLengths = Self.fixedOrMobile(
            fixed: descriptions[Self.index(.fixedLine)], mobile: descriptions[Self.index(.mobile)], general: general)
        continuation = Continuation(region, descriptions: descriptions, general: general)
        formats = region.numberFormats.map { format in
            var rule = format.format
            if !format.nationalPrefixFormattingRule.isEmpty {
                rule = DigitReplacement.firstGroupReplaced(rule, by: format.nationalPrefixFormattingRule)
            }
            let pattern = DigitPattern(format.pattern) ?? DigitPattern.never
            return Format(
                pattern: pattern,
                leadingDigits: format.leadingDigitsPatterns.last.map { DigitPattern($0) ?? DigitPattern.never },
                template: DigitReplacement.Template(rule, groupCount: pattern.groupCount))
        }
    }

    /// Whether every pattern of the region is in the syntax ``DigitPattern`` reads: its characters
    /// and escapes, checked byte by byte (cheap enough for start-up). A pattern made of them that
    /// still does not parse is malformed; ICU refuses it too, and libphonenumber's regex adapter
    /// then answers "no match" to everything, as ``DigitPattern/never`` does.
    static func usesKnownSyntax(_ region: PhoneMetadata.Region) -> Bool {
        var patterns = [region.internationalPrefix, region.nationalPrefixForParsing, region.leadingDigits ?? ""]
        for type in PhoneType.allCases { patterns.append(region.description(type).pattern) }
        for format in region.numberFormats { patterns += [format.pattern] + format.leadingDigitsPatterns }
        return patterns.allSatisfy(DigitPattern.usesKnownSyntax)
    }

    /// `GetNumberDescByType` (fixed line for `.fixedLineOrMobile`, the general description for `.unknown`).
    func description(_ type: PhoneType) -> Description {
        descriptions[Self.index(type == .fixedLineOrMobile ? .fixedLine : type)]
    }

    static func index(_ type: PhoneType) -> Int {
        switch type {
        case .fixedLine, .fixedLineOrMobile: 0
        case .mobile: 1
        case .tollFree: 2
        case .premiumRate: 3
        case .sharedCost: 4
        case .voip: 5
        case .personalNumber: 6
        case .pager: 7
        case .uan: 8
        case .voicemail: 9
        case .unknown: 10
        }
    }

    private static let orderedTypes: [PhoneType] = [
        .fixedLine, .mobile, .tollFree, .premiumRate, .sharedCost, .voip, .personalNumber, .pager, .uan, .voicemail,
        .unknown,
    ]

    /// `GetNumberTypeHelper`.
    func numberType(_ digits: [UInt8]) -> PhoneType {
        guard general.matchesNumber(digits) else { return .unknown }
        for type in [PhoneType.premiumRate, .tollFree, .sharedCost, .voip, .personalNumber, .pager, .uan, .voicemail]
        where description(type).matchesNumber(digits) {
            return type
        }
        if description(.fixedLine).matchesNumber(digits) {
            if sameMobileAndFixedLinePattern || description(.mobile).matchesNumber(digits) {
                return .fixedLineOrMobile
            }
            return .fixedLine
        }
        if !sameMobileAndFixedLinePattern && description(.mobile).matchesNumber(digits) { return .mobile }
        return .unknown
    }

    /// `TestNumberLength`.
    func lengthCheck(_ digits: [UInt8], type: PhoneType) -> PhonePossibility {
        if type == .fixedLineOrMobile {
            return Self.test(digits.count, possible: fixedOrMobileLengths.possible, local: fixedOrMobileLengths.local)
        }
        let own = description(type)
        let possible = own.possibleLengths.isEmpty ? general.possibleLengths : own.possibleLengths
        return Self.test(digits.count, possible: possible, local: own.possibleLengthsLocalOnly)
    }

    /// The lengths `TestNumberLength` uses for `FIXED_LINE_OR_MOBILE`: fixed line's, with mobile's
    /// merged in and sorted (or mobile's alone where there is no fixed-line data), worked out once.
    private let fixedOrMobileLengths: (possible: [Int], local: [Int])

    private static func fixedOrMobile(
        fixed: Description, mobile: Description, general: Description
    ) -> (possible: [Int], local: [Int]) {
        func lengths(_ description: Description) -> [Int] {
            description.possibleLengths.isEmpty ? general.possibleLengths : description.possibleLengths
        }
        if !fixed.hasPossibleNumberData { return (lengths(mobile), mobile.possibleLengthsLocalOnly) }
        var possible = lengths(fixed)
        var local = fixed.possibleLengthsLocalOnly
        if mobile.hasPossibleNumberData {
            possible += lengths(mobile)
            possible.sort()
            if local.isEmpty {
                local = mobile.possibleLengthsLocalOnly
            } else {
                local += mobile.possibleLengthsLocalOnly
                local.sort()
            }
        }
        return (possible, local)
    }

    private static func test(_ length: Int, possible: [Int], local: [Int]) -> PhonePossibility {
        guard let minimum = possible.first, minimum != -1 else { return .invalidLength }
        if local.contains(length) { return .possibleLocalOnly }
        if minimum == length { return .possible }
        if minimum > length { return .tooShort }
        if possible[possible.count - 1] < length { return .tooLong }
        return possible.dropFirst().contains(length) ? .possible : .invalidLength
    }
}

/// ICU's `appendReplacement` rules for the replacements libphonenumber makes.
enum DigitReplacement {
    /// A replacement string read once by ICU's `appendReplacement` rules: `$n` is group `n` (as
    /// many digits as the pattern's group count has; an absent group is empty), `\\` quotes the
    /// next character. nil where ICU fails (a group number past the last group, a `$` without a
    /// digit), which leaves libphonenumber's text unchanged.
    struct Template: Sendable {
        enum Piece: Sendable {
            case text([UInt8])
            case group(Int)
        }

        let pieces: [Piece]

        init?(_ replacement: String, groupCount: Int) {
            let bytes = Array(replacement.utf8)
            let maximumDigits = String(groupCount).utf8.count
            var pieces: [Piece] = []
            var text: [UInt8] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { break }
                    text.append(bytes[index])
                    index += 1
                } else if byte == UInt8(ascii: "$") {
                    var group = 0
                    var count = 0
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39, count < maximumDigits {
                        group = group * 10 + Int(bytes[index] - 0x30)
                        count += 1
                        index += 1
                    }
                    guard count > 0, group <= groupCount else { return nil }
                    if !text.isEmpty { pieces.append(.text(text)) }
                    text = []
                    pieces.append(.group(group))
                } else {
                    text.append(byte)
                }
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            self.pieces = pieces
        }

        func append(_ slots: [Int], of digits: [UInt8], to output: inout [UInt8]) {
            for piece in pieces {
                switch piece {
                case .text(let bytes): output += bytes
                case .group(let group):
                    let start = slots[2 * group]
                    let end = slots[2 * group + 1]
                    guard start >= 0 && end >= start else { continue }
                    for index in start..<end { output.append(digits[index] + 0x30) }
                }
            }
        }
    }

    /// `Replace` (`global` false) or `GlobalReplace` of `pattern` in `digits` (values 0 to 9):
    /// the resulting text's bytes; nil when nothing matched or the template is one ICU refuses
    /// (libphonenumber then keeps the text as it was).
    static func replace(_ digits: [UInt8], pattern: DigitPattern, with template: Template?, global: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(32)
        var last = 0
        var position = 0
        var found = false
        while position <= digits.count, let slots = pattern.find(digits, from: position) {
            guard let template else { return nil }
            found = true
            for index in last..<slots[0] { output.append(digits[index] + 0x30) }
            template.append(slots, of: digits, to: &output)
            last = slots[1]
            position = slots[1] == slots[0] ? slots[1] + 1 : slots[1]
            if !global { break }
        }
        guard found else { return nil }
        for index in last..<digits.count { output.append(digits[index] + 0x30) }
        return output
    }

    /// `first_group_capturing_pattern_->Replace(&format, rule)`: the first `$d` of a format
    /// becomes the national prefix formatting rule, whose `$1` (and `$0`) is that `$d`; a rule
    /// ICU cannot expand leaves the format as it was.
    static func firstGroupReplaced(_ format: String, by rule: String) -> String {
        let bytes = Array(format.utf8)
        guard
            let index = bytes.indices.first(where: {
                bytes[$0] == UInt8(ascii: "$") && $0 + 1 < bytes.count && bytes[$0 + 1] >= 0x30 && bytes[$0 + 1] <= 0x39
            })
        else { return format }
        // `(\$\d)` has one group: `$0` and `$1` are the token, a larger number is an error.
        guard let template = Template(rule, groupCount: 1) else { return format }
        let token = bytes[index...(index + 1)]
        var expanded: [UInt8] = []
        for piece in template.pieces {
            switch piece {
            case .text(let text): expanded += text
            case .group: expanded += token
            }
        }
        return String(decoding: bytes[..<index] + expanded + bytes[(index + 2)...], as: UTF8.self)
    }

    /// Digit values as a string of ASCII digits.
    static func string(_ values: [UInt8]) -> String {
        String(decoding: values.map { $0 + 0x30 }, as: UTF8.self)
    }
}
