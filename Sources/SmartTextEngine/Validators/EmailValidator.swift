import SmartTextSupport

/// `email`: an address as RFC 5321 and RFC 5322 define its usual form, with an
/// internationalized domain as IDNA2008 defines it:
/// - local part: a dot-atom (letters, digits and ``!#$%&'*+/=?^_`{|}~-``, and
///   any non-ASCII character as RFC 6531 allows), dots only between atoms, at
///   most 64 bytes; quoted strings (`"john doe"@example.com`) and comments are
///   deliberately not accepted (few mail systems take them, and they are a
///   common way to smuggle text through a form);
/// - domain: a domain name of two or more labels that IDNA2008 allows
///   (RFC 5890–5893: letters, digits and `-` in each label, no leading hyphen,
///   no `--` in positions 3 and 4 but in A-labels, valid Punycode, the Bidi and
///   ContextJ/ContextO rules, labels of at most 63 octets and a name of at most
///   253 as A-labels), after the mapping of Unicode TS 46 (`ｇｍａｉｌ.com` is
///   `gmail.com`); a top-level label of two or more characters that is not all
///   digits; no IP literals (`[192.0.2.1]`).
///
/// Internationalized domains need `idna` (``IDNAProcessing``; the standard
/// catalogue's is ICU's): without it, only ASCII domains are accepted.
/// A text that is a beginning of a valid address (`jane@example`) is `incomplete`.
public struct EmailValidator: Validator {
    public let name = "email"
    /// UTS 46 processing for internationalized domains; nil for ASCII domains only.
    public let idna: (any IDNAProcessing)?

    public init(idna: (any IDNAProcessing)? = nil) {
        self.idna = idna
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        Self.verdict(input.valueScalars, idna: idna)
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.text("email")
    }

    /// Works on slices of the value: no array is made per part.
    static func verdict(_ scalars: [Unicode.Scalar], idna: (any IDNAProcessing)?) -> RuleCheck {
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
        return EmailDomain.check(scalars[(at + 1)...], idna: idna).0
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
}
