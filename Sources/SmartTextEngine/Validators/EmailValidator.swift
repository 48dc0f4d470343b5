import SmartTextSupport

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
        MessageCatalog.text("email")
    }

    /// Works on slices of the value: no array is made per part.
    static func verdict(_ scalars: [Unicode.Scalar]) -> RuleCheck {
        var at: Int? = nil
        for (index, scalar) in scalars.enumerated() where scalar == "@" {
            if at != nil { return .fail }
            at = index
        }
        let local = scalars[..<(at ?? scalars.count)]
        // Local part.
        if local.isEmpty { return at == nil ? .tooShortSoFar : .fail }
        if local.first == "." || !local.allSatisfy(isLocalCharacter) { return .fail }
        if zip(local, local.dropFirst()).contains(where: { $0 == "." && $1 == "." }) { return .fail }
        if local.reduce(0, { $0 + UTF8.width($1) }) > 64 { return .fail }
        guard let at else { return .tooShortSoFar }
        if local.last == "." { return .fail }
        // Domain.
        let domain = scalars[(at + 1)...]
        if domain.isEmpty { return .tooShortSoFar }
        if domain.count > 253 { return .fail }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
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
        if scalar.isASCIIAlphanumeric { return true }
        switch scalar {
        case "!", "#", "$", "%", "&", "'", "*", "+", "/", "=", "?", "^", "_", "`", "{", "|", "}", "~", "-", ".":
            return true
        default: return false
        }
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
