import SmartTextSupport

/// `cnResidentId`: an 18-character resident identity card number of the
/// People's Republic of China (GB 11643-1999): a six-digit area code, a birth
/// date `YYYYMMDD` that exists and is not in the future, a three-digit
/// sequence, and the ISO 7064 MOD 11-2 check character (`0`–`9` or `X`).
/// The old 15-digit numbers are not accepted.
public struct CNResidentIDValidator: Validator {
    public let name = "cnResidentId"

    public init() {}

    static let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
    static let checkCharacters: [Unicode.Scalar] = ["1", "0", "X", "9", "8", "7", "6", "5", "4", "3", "2"]

    public func check(_ input: ValidationInput) -> RuleCheck {
        let scalars = input.valueScalars.filter { !$0.isSpace }.map { $0 == "x" ? "X" : $0 }
        guard scalars.count <= 18 else { return .fail }
        for (position, scalar) in scalars.enumerated() {
            let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            guard isDigit || (position == 17 && scalar == "X") else { return .fail }
        }
        if scalars.count >= 14 {
            let date = String(String.UnicodeScalarView(scalars[6..<14]))
            guard let birth = CalendarDate.parse(date), birth.year >= 1800, birth <= input.today else {
                return RuleCheck(valid: false, variant: "birthDate")
            }
        }
        guard scalars.count == 18 else { return .tooShortSoFar }
        var sum = 0
        for (scalar, weight) in zip(scalars, Self.weights) { sum += Int(scalar.value - 0x30) * weight }
        return Self.checkCharacters[sum % 11] == scalars[17] ? .pass : .fail
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.text(check.variant == "birthDate" ? "cnResidentId.birthDate" : "cnResidentId")
    }
}
