import SmartTextSupport

/// `iban`: upper case, groups of four (`DE89 3704 0044 0532 0130 00`), at most
/// the country's length (34 while the country is not known). A letter typed
/// where the check digits go, or a digit typed where the country code goes, is
/// refused; characters an edit elsewhere moves there (deleting the `D` of
/// `DE89…`) stay, out of place, and the field is invalid until they are
/// fixed. A pasted `IBAN ` prefix is dropped.
public struct IBANFormatter: TextFormatter {
    public let name = "iban"
    public var laysOutWholeText: Bool { true }
    /// 34 characters and eight spaces.
    public var maximumLength: Int? { 42 }
    /// Letters and digits, the group space, and a pasted `IBAN:` prefix's colon.
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(digits: true, letters: true, whitespace: true, characters: [":"])
    }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var significant: [Significant] = []
        significant.reserveCapacity(34)
        var unexpected: [Int] = []
        var normalized: [Int] = []
        var start = 0
        while start < input.count && input[start].isSpace { start += 1 }
        if Self.hasPastedPrefix(input, at: start) {
            normalized = Array(start..<(start + 4))
            start += 4
        }
        var countryLength: Int? = nil
        var maxLength = 34
        var overflow = false
        var misfits = 0
        var index = start
        while index < input.count {
            defer { index += 1 }
            let scalar = input[index].halfWidth
            let character: Unicode.Scalar
            if let digit = scalar.asciiDigit {
                character = digit
            } else if scalar.isASCIIAlphanumeric {
                character = scalar.value >= 0x61 ? Unicode.Scalar(scalar.value - 32)! : scalar
            } else {
                if !Separators.contains(scalar) { unexpected.append(index) }
                continue
            }
            let position = significant.count
            let isLetter = character.value >= 0x41
            let inPlace = position < 2 ? isLetter : position < 4 ? !isLetter : true
            let fresh = context.isFresh(index)
            if !inPlace && fresh {
                // Typed where it cannot go: refused.
                unexpected.append(index)
                continue
            }
            if position >= maxLength {
                if context.hasFresh {
                    overflow = true
                    unexpected += (index..<input.count).filter { !Separators.contains(input[$0].halfWidth) }
                    break
                }
            }
            if !inPlace || position >= maxLength {
                // Moved here by an edit elsewhere: it stays, out of place.
                unexpected.append(index)
                misfits += 1
            }
            significant.append(Significant(scalar: character, inputIndex: index))
            if position == 1 {
                let country = String(String.UnicodeScalarView([significant[0].scalar, character]))
                countryLength = IBANCountry.length(of: country)
                maxLength = countryLength ?? 34
            }
        }
        var output = GroupLayout(separator: { $0 % 4 == 0 ? GroupLayout.space : [] }).render(significant, input: input)
        output.overflow = overflow
        output.complete = countryLength == significant.count && misfits == 0
        output.unexpected = unexpected
        output.normalized = normalized
        return output
    }

    /// `IBAN ` or `IBAN:` before the number, as bank documents print it.
    private static func hasPastedPrefix(_ input: [Unicode.Scalar], at start: Int) -> Bool {
        guard input.count >= start + 5 else { return false }
        let word = input[start..<(start + 4)].map { CaseFormatter.map($0.halfWidth, .upper) }
        guard word == [["I"], ["B"], ["A"], ["N"]] else { return false }
        let next = input[start + 4].halfWidth
        return next == " " || next == ":"
    }
}

/// IBAN lengths by country (ISO 13616 registry).
public enum IBANCountry {
    static let lengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
        "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
        "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
        "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
        "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
        "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
        "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
        "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    ]

    /// The IBAN length of a country code, or nil when the country has no IBAN.
    public static func length(of country: String) -> Int? { lengths[country] }
}
