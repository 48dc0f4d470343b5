/// `email`: an address as practical validators accept it, following the
/// addr-spec of RFC 5322 without its rarely used forms:
/// - local part: a dot-atom (letters, digits and ``!#$%&'*+/=?^_`{|}~-``, and
///   any non-ASCII character as RFC 6531 allows), dots only between atoms, at
///   most 64 bytes; no quoted strings, no comments;
/// - domain: at least two labels separated by dots, each 1–63 characters of
///   letters, digits and `-` (not first or last), internationalized (Unicode)
///   labels accepted, a top-level domain of two or more characters that is not
///   all digits, at most 253 characters; no IP literals (`[192.0.2.1]`).
///
/// A text that is a beginning of a valid address (`jane@example`) is `incomplete`.
public struct EmailValidator: Validator {
    public let name = "email"

    public init() {}

    public func check(_ input: ValidationInput) -> RuleCheck {
        Self.verdict(input.valueScalars)
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        LocalizedText([("en", "{label} must be a valid email address"), ("zh-Hans", "{label}须为有效的邮箱地址")])
    }

    static func verdict(_ scalars: [Unicode.Scalar]) -> RuleCheck {
        let ats = scalars.indices.filter { scalars[$0] == "@" }
        guard ats.count <= 1 else { return .fail }
        let local = ats.first.map { Array(scalars[..<$0]) } ?? scalars
        // Local part.
        if local.isEmpty { return ats.isEmpty ? .tooShortSoFar : .fail }
        if local.first == "." || !local.allSatisfy(isLocalCharacter) { return .fail }
        if zip(local, local.dropFirst()).contains(where: { $0 == "." && $1 == "." }) { return .fail }
        if String(String.UnicodeScalarView(local)).utf8.count > 64 { return .fail }
        guard let at = ats.first else { return .tooShortSoFar }
        if local.last == "." { return .fail }
        // Domain.
        let domain = Array(scalars[(at + 1)...])
        if domain.isEmpty { return .tooShortSoFar }
        if domain.count > 253 { return .fail }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false).map(Array.init)
        for (position, label) in labels.enumerated() {
            let isLast = position == labels.count - 1
            if label.isEmpty { return isLast ? .tooShortSoFar : .fail }
            if label.count > 63 || !label.allSatisfy(isDomainCharacter) || label.first == "-" { return .fail }
            if label.last == "-" { return isLast ? .tooShortSoFar : .fail }
        }
        if labels.count < 2 { return .tooShortSoFar }
        let topLevel = labels[labels.count - 1]
        if topLevel.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) { return .fail }
        if topLevel.count < 2 { return .tooShortSoFar }
        return .pass
    }

    private static func isLocalCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x80 { return !scalar.isSpace && scalar.properties.generalCategory != .control }
        return scalar.isASCIIAlphanumeric || "!#$%&'*+/=?^_`{|}~-.".unicodeScalars.contains(scalar)
    }

    private static func isDomainCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x80 {
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
                return true
            default: return false
            }
        }
        return scalar.isASCIIAlphanumeric || scalar == "-"
    }
}
