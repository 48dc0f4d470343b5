/// libphonenumber's `AsYouTypeFormatter`, for text of ASCII digits with an optional leading `+`,
/// on the metadata ``PhoneNumbering`` compiles: what `cphone_format_as_you_type` answers (a new
/// formatter replaying the text digit by digit) without ICU. `PhoneLayout` falls back to it for
/// international input and for national numbers no example completes (BENCHMARKS.md item 17).
///
/// It follows `asyoutypeformatter.cc` member by member (`InputDigitWithOptionToRememberPosition`,
/// `AttemptToExtractIdd`, `AttemptToExtractCountryCode`, `RemoveNationalPrefixFromNationalNumber`,
/// `AbleToExtractLongerNdd`, `GetAvailableFormats`, `NarrowDownPossibleFormats`,
/// `MaybeCreateNewTemplate`, `CreateFormattingTemplate`, `InputDigitHelper`,
/// `AttemptToFormatAccruedDigits`, `AppendNationalNumber`). What depends only on a format (whether
/// it is eligible, its template of placeholders) is worked out once per region.
/// `PhoneNumberingDifferentialTests` compares it with libphonenumber's over every region.
struct AsYouTypeRegion: Sendable {
    /// One `NumberFormat`, prepared.
    struct Format: Sendable {
        let patternText: String
        let pattern: DigitPattern
        /// The format itself, for `AttemptToFormatAccruedDigits`.
        let format: DigitReplacement.Template?
        /// Every leading-digits pattern (`NarrowDownPossibleFormats` picks one by the digits' count).
        let leadingDigits: [DigitPattern]
        /// `IsFormatEligibleForAsYouTypeFormatter`.
        let eligible: Bool
        let optionalWhenFormatting: Bool
        /// `FormattingRuleHasFirstGroupOnly`: the rule is empty or only the first group.
        let firstGroupOnly: Bool
        let hasDomesticCarrierCodeFormattingRule: Bool
        /// The national prefix formatting rule has `-` or a space.
        let spaceAfterNationalPrefix: Bool
        /// `GetFormattingTemplate`'s template (placeholders U+2008 for digits) and how many digits it
        /// holds; empty when it cannot be made.
        let template: [Unicode.Scalar]
        let templateDigits: Int

        init(_ format: PhoneMetadata.NumberFormat) {
            patternText = format.pattern
            pattern = DigitPattern(format.pattern) ?? DigitPattern.never
            self.format = DigitReplacement.Template(format.format, groupCount: pattern.groupCount)
            leadingDigits = format.leadingDigitsPatterns.map { DigitPattern($0) ?? DigitPattern.never }
            eligible = Self.isEligible(format.format)
            let rule = format.nationalPrefixFormattingRule
            optionalWhenFormatting = format.nationalPrefixOptionalWhenFormatting
            firstGroupOnly = ["", "$1", "($1", "$1)", "($1)"].contains(rule)
            hasDomesticCarrierCodeFormattingRule = format.hasDomesticCarrierCodeFormattingRule
            spaceAfterNationalPrefix = rule.utf8.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") }
            (template, templateDigits) = Self.template(pattern: format.pattern, format: format.format)
        }

        /// `[punctuation]*\$1[punctuation]*(\$\d[punctuation]*)*` matches the whole format.
        static func isEligible(_ format: String) -> Bool {
            let scalars = Array(format.unicodeScalars)
            var index = 0
            func skipPunctuation() {
                while index < scalars.count && isValidPunctuation(scalars[index]) { index += 1 }
            }
            skipPunctuation()
            guard index + 1 < scalars.count, scalars[index] == "$", scalars[index + 1] == "1" else { return false }
            index += 2
            skipPunctuation()
            while index < scalars.count {
                guard index + 1 < scalars.count, scalars[index] == "$",
                    scalars[index + 1].properties.numericType == .decimal
                else { return false }
                index += 2
                skipPunctuation()
            }
            return true
        }

        /// `PhoneNumberUtil::kValidPunctuation`.
        static func isValidPunctuation(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x2D, 0x78, 0x2010...0x2015, 0x2212, 0x30FC, 0xFF0D...0xFF0F, 0x20, 0xA0, 0xAD, 0x200B, 0x2060,
                0x3000, 0x28, 0x29, 0xFF08, 0xFF09, 0xFF3B, 0xFF3D, 0x2E, 0x5B, 0x5D, 0x2F, 0x7E, 0x2053, 0x223C:
                true
            default: false
            }
        }

        /// `GetFormattingTemplate`, before the check against the digits typed: the pattern without its
        /// parentheses is matched against fifteen nines, and that number formatted has its nines
        /// replaced by placeholders.
        static func template(pattern: String, format: String) -> ([Unicode.Scalar], Int) {
            let nines = [UInt8](repeating: 9, count: 15)
            let grouped = "(" + String(pattern.unicodeScalars.filter { $0 != "(" && $0 != ")" }) + ")"
            // ICU refuses a pattern that does not compile: the match then fails and leaves "".
            guard let all = DigitPattern(grouped), let slots = all.match(nines), slots[2] >= 0 else { return ([], 0) }
            let number = [UInt8](repeating: 9, count: slots[3] - slots[2])
            var text = number.map { $0 + 0x30 }
            if let compiled = DigitPattern(pattern),
                let replaced = DigitReplacement.replace(
                    number, pattern: compiled, with: DigitReplacement.Template(format, groupCount: compiled.groupCount),
                    global: true)
            {
                text = replaced
            }
            let scalars = String(decoding: text, as: UTF8.self).unicodeScalars.map { $0 == "9" ? placeholder : $0 }
            return (scalars, number.count)
        }
    }

    static let placeholder: Unicode.Scalar = "\u{2008}"

    let countryCode: Int
    let hasNationalPrefix: Bool
    let internationalPrefix: DigitPattern
    /// nil when the metadata has none.
    let nationalPrefixForParsing: DigitPattern?
    let formats: [Format]
    let internationalFormats: [Format]

    init(_ region: PhoneMetadata.Region) {
        countryCode = region.countryCode
        hasNationalPrefix = region.nationalPrefix != nil
        internationalPrefix = DigitPattern(region.internationalPrefix) ?? DigitPattern.never
        nationalPrefixForParsing =
            region.hasNationalPrefixForParsing
            ? DigitPattern(region.nationalPrefixForParsing) ?? DigitPattern.never : nil
        formats = region.numberFormats.map(Format.init)
        internationalFormats = region.internationalNumberFormats.map(Format.init)
    }

    /// `CreateEmptyMetadata`: an unknown region (international prefix "NA", nothing else).
    private init() {
        countryCode = 0
        hasNationalPrefix = false
        internationalPrefix = DigitPattern.never
        nationalPrefixForParsing = nil
        formats = []
        internationalFormats = []
    }

    static let empty = AsYouTypeRegion()
}

/// One replay of `AsYouTypeFormatter` (a new formatter, or one after `Clear()`).
struct AsYouTypeReplay {
    /// The metadata of a calling code's main region (`GetMetadataForRegion` of the formatter):
    /// `.empty` for 0, nil for an unknown code.
    let metadata: (Int) -> AsYouTypeRegion?
    /// Whether a calling code has regions (`ExtractCountryCode`).
    let knownCode: (Int) -> Bool
    /// The region the formatter was made for ("ZZ" when unsupported), and its calling code.
    let defaultCountry: String
    let defaultCode: Int
    /// The main region of a calling code, as `GetRegionCodeForCountryCode` ("001" for non-geographic).
    let mainRegion: (Int) -> String

    private var current: AsYouTypeRegion
    private var output: [Unicode.Scalar] = []
    private var accruedInput: [Unicode.Scalar] = []
    private var accruedInputWithoutFormatting: [Unicode.Scalar] = []
    private var formattingTemplate: [Unicode.Scalar] = []
    private var currentFormattingPattern: String?
    private var prefixBeforeNationalNumber: [Unicode.Scalar] = []
    private var extractedNationalPrefix: [UInt8] = []
    /// Digit values.
    private var nationalNumber: [UInt8] = []
    private var ableToFormat = true
    private var inputHasFormatting = false
    private var isCompleteNumber = false
    private var isExpectingCountryCode = false
    private var possibleFormats: [AsYouTypeRegion.Format] = []
    private var shouldAddSpaceAfterNationalPrefix = false
    private var lastMatchPosition = 0
    /// Where libphonenumber throws (a `resize` past the end), which the shim reports as a failure.
    private var failed = false

    init(
        defaultCountry: String, defaultCode: Int, metadata: @escaping (Int) -> AsYouTypeRegion?,
        knownCode: @escaping (Int) -> Bool, mainRegion: @escaping (Int) -> String
    ) {
        self.defaultCountry = defaultCountry
        self.defaultCode = defaultCode
        self.metadata = metadata
        self.knownCode = knownCode
        self.mainRegion = mainRegion
        current = metadata(defaultCode) ?? .empty
    }

    /// The formatter's output after typing `text` (digits, a leading `+`); nil where the shim fails.
    mutating func replay(_ text: [Unicode.Scalar]) -> String? {
        for scalar in text {
            inputDigit(scalar)
            if failed { return nil }
        }
        return String(String.UnicodeScalarView(output))
    }

    private static let plus: Unicode.Scalar = "+"

    private mutating func inputDigit(_ next: Unicode.Scalar) {
        accruedInput.append(next)
        var normalized: Unicode.Scalar = "\0"
        let isDigit = next.value >= 0x30 && next.value <= 0x39
        if !(isDigit || (accruedInput.count == 1 && next == Self.plus)) {
            ableToFormat = false
            inputHasFormatting = true
        } else {
            normalized = normalizeAndAccrue(next)
        }
        if !ableToFormat {
            if inputHasFormatting {
                output = accruedInput
                return
            } else if attemptToExtractIdd() {
                if attemptToExtractCountryCode() {
                    attemptToChoosePatternWithPrefixExtracted()
                    return
                }
            } else if ableToExtractLongerNdd() {
                if failed { return }
                prefixBeforeNationalNumber.append(" ")
                attemptToChoosePatternWithPrefixExtracted()
                return
            }
            output = accruedInput
            return
        }
        switch accruedInputWithoutFormatting.count {
        case 0, 1, 2:
            output = accruedInput
            return
        case 3:
            if attemptToExtractIdd() {
                isExpectingCountryCode = true
            } else {
                extractedNationalPrefix = removeNationalPrefixFromNationalNumber()
                attemptToChooseFormattingPattern()
                return
            }
        default: break
        }
        if isExpectingCountryCode {
            if attemptToExtractCountryCode() { isExpectingCountryCode = false }
            output = prefixBeforeNationalNumber + Self.scalars(nationalNumber)
            return
        }
        if !possibleFormats.isEmpty {
            let temporary = inputDigitHelper(normalized)
            if let formatted = attemptToFormatAccruedDigits(), !formatted.isEmpty {
                output = formatted
                return
            }
            narrowDownPossibleFormats(nationalNumber)
            if maybeCreateNewTemplate() {
                inputAccruedNationalNumber()
                return
            }
            output = ableToFormat ? appendNationalNumber(temporary) : accruedInput
        } else {
            attemptToChooseFormattingPattern()
        }
    }

    private static func scalars(_ digits: [UInt8]) -> [Unicode.Scalar] {
        digits.map { Unicode.Scalar($0 + 0x30) }
    }

    private mutating func attemptToChoosePatternWithPrefixExtracted() {
        ableToFormat = true
        isExpectingCountryCode = false
        possibleFormats = []
        lastMatchPosition = 0
        formattingTemplate = []
        currentFormattingPattern = nil
        attemptToChooseFormattingPattern()
    }

    private mutating func ableToExtractLongerNdd() -> Bool {
        if !extractedNationalPrefix.isEmpty {
            nationalNumber = extractedNationalPrefix + nationalNumber
            // find_last_of: the last character of the prefix that is one of the extracted prefix's.
            let characters = Set(Self.scalars(extractedNationalPrefix))
            guard let index = prefixBeforeNationalNumber.lastIndex(where: characters.contains) else {
                failed = true  // resize(npos) throws in libphonenumber
                return false
            }
            prefixBeforeNationalNumber.removeSubrange(index...)
        }
        let newNationalPrefix = removeNationalPrefixFromNationalNumber()
        return extractedNationalPrefix != newNationalPrefix
    }

    private mutating func attemptToFormatAccruedDigits() -> [Unicode.Scalar]? {
        for format in possibleFormats where format.pattern.matchesWhole(nationalNumber) {
            shouldAddSpaceAfterNationalPrefix = format.spaceAfterNationalPrefix
            let formatted =
                DigitReplacement.replace(nationalNumber, pattern: format.pattern, with: format.format, global: true)
                .map { String(decoding: $0, as: UTF8.self).unicodeScalars.map { $0 } } ?? Self.scalars(nationalNumber)
            let full = appendNationalNumber(formatted)
            // Only when the format neither drops nor adds a digit (NormalizeDiallableCharsOnly keeps
            // digits, `+`, `*` and `#`).
            let diallable = full.filter {
                ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "+" || $0 == "*" || $0 == "#"
            }
            if diallable == accruedInputWithoutFormatting { return full }
        }
        return nil
    }

    private func appendNationalNumber(_ national: [Unicode.Scalar]) -> [Unicode.Scalar] {
        if shouldAddSpaceAfterNationalPrefix, let last = prefixBeforeNationalNumber.last, last != " " {
            return prefixBeforeNationalNumber + [" "] + national
        }
        return prefixBeforeNationalNumber + national
    }

    private mutating func attemptToChooseFormattingPattern() {
        if nationalNumber.count >= 3 {
            getAvailableFormats(nationalNumber)
            if let formatted = attemptToFormatAccruedDigits(), !formatted.isEmpty {
                output = formatted
                return
            }
            if maybeCreateNewTemplate() {
                inputAccruedNationalNumber()
            } else {
                output = accruedInput
            }
        } else {
            output = appendNationalNumber(Self.scalars(nationalNumber))
        }
    }

    private mutating func inputAccruedNationalNumber() {
        guard !nationalNumber.isEmpty else {
            output = prefixBeforeNationalNumber
            return
        }
        var temporary: [Unicode.Scalar] = []
        for digit in nationalNumber { temporary = inputDigitHelper(Unicode.Scalar(digit + 0x30)) }
        output = ableToFormat ? appendNationalNumber(temporary) : accruedInput
    }

    private func isNanpaNumberWithNationalPrefix() -> Bool {
        // std::string's operator[] at size() reads the terminating NUL.
        let second = nationalNumber.count > 1 ? nationalNumber[1] : 0xFF
        return current.countryCode == 1 && nationalNumber.first == 1 && second != 0 && second != 1
    }

    /// Removes a national prefix from `nationalNumber` (into the prefix before it) and returns it.
    private mutating func removeNationalPrefixFromNationalNumber() -> [UInt8] {
        var start = 0
        if isNanpaNumberWithNationalPrefix() {
            start = 1
            prefixBeforeNationalNumber += ["1", " "]
            isCompleteNumber = true
        } else if let prefix = current.nationalPrefixForParsing, let slots = prefix.match(nationalNumber),
            slots[1] > 0
        {
            // Some national prefix patterns are entirely optional: only a prefix actually read counts.
            isCompleteNumber = true
            start = slots[1]
            prefixBeforeNationalNumber += Self.scalars(Array(nationalNumber[..<start]))
        }
        let removed = Array(nationalNumber[..<start])
        nationalNumber.removeFirst(start)
        return removed
    }

    private mutating func attemptToExtractIdd() -> Bool {
        // `\+|` and the international prefix, at the start of the unformatted input.
        let input = accruedInputWithoutFormatting
        let end: Int
        if input.first == Self.plus {
            end = 1
        } else {
            let digits = input.map { UInt8($0.value - 0x30) }
            guard let match = current.internationalPrefix.match(digits) else { return false }
            end = match[1]
        }
        isCompleteNumber = true
        nationalNumber = input[end...].map { UInt8($0.value - 0x30) }
        prefixBeforeNationalNumber = Array(input[..<end])
        if input.first != Self.plus { prefixBeforeNationalNumber.append(" ") }
        return true
    }

    private mutating func attemptToExtractCountryCode() -> Bool {
        guard !nationalNumber.isEmpty, nationalNumber[0] != 0 else { return false }
        var code = 0
        var length = 0
        for digits in 1...3 {
            // substr(0, i) stops at the end of a shorter number.
            code = 0
            for digit in nationalNumber.prefix(digits) { code = code * 10 + Int(digit) }
            if knownCode(code) {
                length = min(digits, nationalNumber.count)
                break
            }
        }
        guard length > 0 else { return false }
        nationalNumber.removeFirst(length)
        let newRegion = mainRegion(code)
        if newRegion == "001" || newRegion != defaultCountry {
            current = metadata(code) ?? .empty
        }
        prefixBeforeNationalNumber += String(code).unicodeScalars
        prefixBeforeNationalNumber.append(" ")
        // A national prefix read before is no longer one.
        extractedNationalPrefix = []
        return true
    }

    private mutating func normalizeAndAccrue(_ next: Unicode.Scalar) -> Unicode.Scalar {
        accruedInputWithoutFormatting.append(next)
        if next != Self.plus { nationalNumber.append(UInt8(next.value - 0x30)) }
        return next
    }

    private mutating func inputDigitHelper(_ next: Unicode.Scalar) -> [Unicode.Scalar] {
        let placeholder = AsYouTypeRegion.placeholder
        if formattingTemplate[min(lastMatchPosition, formattingTemplate.count)...].contains(placeholder),
            let position = formattingTemplate.firstIndex(of: placeholder)
        {
            formattingTemplate[position] = next
            lastMatchPosition = position
            return Array(formattingTemplate[...position])
        }
        if possibleFormats.count == 1 { ableToFormat = false }
        currentFormattingPattern = nil
        return accruedInput
    }

    private mutating func getAvailableFormats(_ leadingDigits: [UInt8]) {
        let international = isCompleteNumber && extractedNationalPrefix.isEmpty
        let list =
            international && !current.internationalFormats.isEmpty ? current.internationalFormats : current.formats
        for format in list {
            if !extractedNationalPrefix.isEmpty && format.firstGroupOnly && !format.optionalWhenFormatting
                && !format.hasDomesticCarrierCodeFormattingRule
            {
                // Typed with a national prefix: rules that cannot have one are out.
                continue
            } else if extractedNationalPrefix.isEmpty && !isCompleteNumber && !format.firstGroupOnly
                && !format.optionalWhenFormatting
            {
                // Typed without a national prefix: rules that need one are out.
                continue
            }
            if format.eligible { possibleFormats.append(format) }
        }
        narrowDownPossibleFormats(leadingDigits)
    }

    private mutating func narrowDownPossibleFormats(_ leadingDigits: [UInt8]) {
        let index = leadingDigits.count - 3
        possibleFormats.removeAll { format in
            guard !format.leadingDigits.isEmpty else { return false }
            // Fewer than three digits never reach here with formats to narrow (libphonenumber would
            // read a pattern at a negative index).
            let pattern = min(format.leadingDigits.count - 1, max(index, 0))
            return !format.leadingDigits[pattern].matchesPrefix(leadingDigits)
        }
    }

    private mutating func maybeCreateNewTemplate() -> Bool {
        for format in possibleFormats {
            if currentFormattingPattern == format.patternText { return false }
            if createFormattingTemplate(format) {
                currentFormattingPattern = format.patternText
                shouldAddSpaceAfterNationalPrefix = format.spaceAfterNationalPrefix
                lastMatchPosition = 0
                return true
            }
        }
        ableToFormat = false
        return false
    }

    private mutating func createFormattingTemplate(_ format: AsYouTypeRegion.Format) -> Bool {
        formattingTemplate = []
        guard format.templateDigits >= nationalNumber.count, !format.template.isEmpty else { return false }
        formattingTemplate = format.template
        return true
    }
}
