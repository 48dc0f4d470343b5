import SmartTextSupport

/// `iban`: an IBAN as ISO 13616-1 defines it: a country of the SWIFT IBAN registry, that country's
/// length and BBAN structure (``IBANCountry``: digits where the registry has `n`, letters where it has
/// `a`), check digits from 02 to 98, and the ISO 7064 MOD 97-10 check. White space and case are
/// ignored. A beginning of an IBAN that breaks none of these so far is `incomplete`; one that breaks
/// its country's structure is invalid at once.
public struct IBANValidator: Validator {
    public let name = "iban"

    public init() {}

    public func check(_ input: ValidationInput) -> RuleCheck {
        let scalars = input.valueScalars.filter { !$0.isSpace }
        guard scalars.allSatisfy({ $0.isASCIIAlphanumeric }) else { return .fail }
        let upper = scalars.map { $0.value >= 0x61 ? Unicode.Scalar($0.value - 32)! : $0 }
        guard upper.count >= 2 else {
            return upper.allSatisfy({ $0.value >= 0x41 }) ? .tooShortSoFar : .fail
        }
        guard let country = IBANCountry.named(String(String.UnicodeScalarView(upper.prefix(2)))) else {
            return .fail
        }
        if upper.count > country.length { return .fail }
        for (position, scalar) in upper.enumerated() where !country.kind(at: position).admits(scalar) {
            return .fail
        }
        if upper.count < country.length { return .tooShortSoFar }
        return Self.isValid(upper, in: country) ? .pass : .fail
    }

    /// True when a whole IBAN of `country` (upper case, of its length and structure) has check digits
    /// from 02 to 98 (ISO 7064 MOD 97-10 never gives 00, 01 or 99) that pass the check.
    static func isValid(_ iban: [Unicode.Scalar], in country: IBANCountry) -> Bool {
        let checkDigits = (iban[2].value - 0x30) * 10 + (iban[3].value - 0x30)
        return (2...98).contains(checkDigits) && mod97(iban) == 1
    }

    /// The IBAN's remainder modulo 97, after moving the first four characters to the end and replacing
    /// letters by 10 to 35.
    static func mod97(_ iban: [Unicode.Scalar]) -> Int {
        var remainder = 0
        for scalar in iban.dropFirst(4) + iban.prefix(4) {
            let value = scalar.value
            if value >= 0x30 && value <= 0x39 {
                remainder = (remainder * 10 + Int(value - 0x30)) % 97
            } else {
                remainder = (remainder * 100 + Int(value - 0x41 + 10)) % 97
            }
        }
        return remainder
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.text("iban")
    }
}
