import SmartTextSupport

/// `iban`: a known country code, that country's length, and the ISO 7064
/// mod 97-10 check (ISO 13616). A beginning of a plausible IBAN is `incomplete`.
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
        guard let length = IBANCountry.length(of: String(String.UnicodeScalarView(upper.prefix(2)))) else {
            return .fail
        }
        if upper.count < length { return .tooShortSoFar }
        if upper.count > length { return .fail }
        return Self.mod97(upper) == 1 ? .pass : .fail
    }

    /// The IBAN's remainder modulo 97, after moving the first four characters to
    /// the end and replacing letters by 10 to 35.
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
