import SmartTextSupport

// MARK: The hook: UTS 46 processing from outside the engine

/// The part of IDNA (RFC 5890–5894, with the mapping of Unicode TS 46) that needs Unicode data the engine
/// does not carry: UTS 46's mapping table, Punycode, and the Bidi (RFC 5893) and context rules (RFC 5892
/// appendix A). `SmartTextNativeRules` supplies one backed by ICU (`RuleCatalog.standard`); without one the
/// `email` rules accept ASCII domains only. What makes an address invalid or unfinished, and IDNA2008's
/// stricter repertoire (``IDNA2008``), stay in the engine.
public protocol IDNAProcessing: Sendable {
    /// The UTS 46 mapping of one scalar, non-transitional (`ß`, `ς`, ZWJ and ZWNJ stay).
    func map(_ scalar: Unicode.Scalar) -> IDNAMapping
    /// UTS 46 ToASCII and ToUnicode of a whole domain name (non-transitional, STD3 rules, CheckHyphens,
    /// CheckBidi, CheckJoiners and ContextO).
    func convert(_ domain: [Unicode.Scalar]) -> IDNAConversion
}

/// What UTS 46 does with one scalar.
public enum IDNAMapping: Sendable, Equatable {
    /// Kept as it is (`a`, `ü`, `ß`).
    case valid
    /// Stands for other scalars (`Ｇ` → `g`, `。` → `.`, `ẞ` → `ss`).
    case mapped([Unicode.Scalar])
    /// Removed (the soft hyphen, variation selectors).
    case ignored
    /// Never part of a domain name (unassigned, private use, `U+FFFD`).
    case disallowed
}

/// A domain name processed by UTS 46.
public struct IDNAConversion: Sendable, Equatable {
    /// The A-label form (`xn--bcher-kva.example`): what DNS and a backend store.
    public var ascii: String
    /// The U-label form (`bücher.example`), A-labels decoded.
    public var unicode: [Unicode.Scalar]
    /// What is wrong with the name; empty when it is valid.
    public var errors: IDNAErrors

    public init(ascii: String, unicode: [Unicode.Scalar], errors: IDNAErrors) {
        self.ascii = ascii
        self.unicode = unicode
        self.errors = errors
    }
}

/// The errors UTS 46 processing reports (the names of Unicode TS 46 section 4 and RFC 5891–5893).
public struct IDNAErrors: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let emptyLabel = IDNAErrors(rawValue: 0x1)
    public static let labelTooLong = IDNAErrors(rawValue: 0x2)
    public static let domainTooLong = IDNAErrors(rawValue: 0x4)
    public static let leadingHyphen = IDNAErrors(rawValue: 0x8)
    public static let trailingHyphen = IDNAErrors(rawValue: 0x10)
    /// `--` in positions 3 and 4 of a label that is not an A-label.
    public static let hyphen3And4 = IDNAErrors(rawValue: 0x20)
    public static let leadingCombiningMark = IDNAErrors(rawValue: 0x40)
    public static let disallowed = IDNAErrors(rawValue: 0x80)
    /// An `xn--` label that is not valid Punycode.
    public static let punycode = IDNAErrors(rawValue: 0x100)
    public static let labelHasDot = IDNAErrors(rawValue: 0x200)
    /// An `xn--` label whose decoded form is not a valid U-label.
    public static let invalidACELabel = IDNAErrors(rawValue: 0x400)
    public static let bidi = IDNAErrors(rawValue: 0x800)
    public static let contextJ = IDNAErrors(rawValue: 0x1000)
    public static let contextOPunctuation = IDNAErrors(rawValue: 0x2000)
    public static let contextODigits = IDNAErrors(rawValue: 0x4000)
    /// The processor could not answer (an answer too long for it).
    public static let failed = IDNAErrors(rawValue: 0x4000_0000)
}

// MARK: IDNA2008's repertoire

/// IDNA2008's derived property of a code point (RFC 5892 section 3), computed from the Unicode properties
/// of the Swift standard library. UTS 46 is more lenient: it keeps symbols and emoji that IDNA2008
/// disallows (its `NV8` characters: `i❤.ws`), so the engine checks every scalar of a U-label here too.
public enum IDNA2008 {
    /// The derived property values.
    public enum Property: Sendable, Equatable {
        case pvalid, contextJ, contextO, disallowed, unassigned
    }

    /// The derived property of `scalar`, by RFC 5892's rules in their order.
    public static func property(_ scalar: Unicode.Scalar) -> Property {
        let value = scalar.value
        // Exceptions (section 2.6).
        switch value {
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: return .pvalid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x0660...0x0669, 0x06F0...0x06F9: return .contextO
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
        default: break
        }
        let properties = scalar.properties
        // Unassigned (2.10): not assigned, and not a noncharacter.
        if properties.generalCategory == .unassigned && !properties.isNoncharacterCodePoint { return .unassigned }
        // LDH (2.9).
        if value == 0x2D || (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) { return .pvalid }
        // JoinControl (2.8).
        if properties.isJoinControl { return .contextJ }
        // Unstable (2.2): changed by NFKC and case folding.
        if properties.changesWhenNFKCCaseFolded { return .disallowed }
        // IgnorableProperties (2.3).
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace || properties.isNoncharacterCodePoint {
            return .disallowed
        }
        // IgnorableBlocks (2.4): Combining Diacritical Marks for Symbols, Musical Symbols, Ancient Greek
        // Musical Notation.
        if (0x20D0...0x20FF).contains(value) || (0x1D100...0x1D24F).contains(value) { return .disallowed }
        // OldHangulJamo (2.5): Hangul_Syllable_Type L, V or T.
        if (0x1100...0x11FF).contains(value) || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return .disallowed
        }
        // LetterDigits (2.1).
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark,
            .spacingMark:
            return .pvalid
        default: return .disallowed
        }
    }

    /// True when IDNA2008 allows `scalar` in a U-label (PVALID, or CONTEXTJ and CONTEXTO, whose rules UTS 46
    /// processing checks).
    public static func allows(_ scalar: Unicode.Scalar) -> Bool {
        switch property(scalar) {
        case .pvalid, .contextJ, .contextO: true
        case .disallowed, .unassigned: false
        }
    }
}

// MARK: The e-mail rules' domain

/// A domain as an e-mail address's domain part: an IDNA2008 domain name (RFC 5890–5893, UTS 46 mapping) of at
/// least two labels whose top-level label has two or more characters and is not all digits; no IP literals.
enum EmailDomain {
    /// The verdict on a domain (the text after the `@`), and with `ascii` its A-label form when it passes.
    static func check(
        _ typed: ArraySlice<Unicode.Scalar>, idna: (any IDNAProcessing)?, ascii: Bool = false
    ) -> (RuleCheck, String?) {
        if typed.isEmpty { return (.tooShortSoFar, nil) }
        // Any domain longer than this is longer as an A-label too (each scalar is at least one character).
        if typed.count > 253 * 4 { return (.fail, nil) }
        // Mapped first (a value may come from a field without the `email` formatter): `。` separates labels.
        // An ASCII name needs no mapping but lower case, which the ASCII check allows for, and its A-label
        // string is made only when asked for (`meta`): the `validate` scenario of `scripts/instructions`
        // went from 185.6k to 163.1k instructions per request with both (156.3k before the IDNA rules).
        let allASCII = typed.allSatisfy(\.isASCII)
        let domain = allASCII ? typed : idna.map { map(typed, idna: $0)[...] } ?? typed
        if domain.count > 253 { return (.fail, nil) }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        var verdict: (RuleCheck, String?)
        if allASCII && !labels.contains(where: isACELabel) {
            verdict = checkASCII(domain, labels: labels, ascii: ascii)
        } else if let idna {
            verdict = checkInternational(domain, labels: labels, idna: idna)
        } else {
            // Without UTS 46 data an internationalized name cannot be checked: it is not taken for valid.
            return (.fail, nil)
        }
        guard verdict.0.valid else { return verdict }
        // The e-mail rules' own: a domain with a top-level label (RFC 5321 section 2.3.5 asks for a fully
        // qualified name), which is a name, not a number.
        if labels.count < 2 { return (.tooShortSoFar, nil) }
        let topLevel = labels[labels.count - 1]
        if topLevel.isEmpty { return (.tooShortSoFar, nil) }
        if topLevel.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) { return (.fail, nil) }
        if topLevel.count < 2 { return (.tooShortSoFar, nil) }
        return verdict
    }

    /// An A-label's prefix, `xn--`, in any case.
    static func isACELabel(_ label: ArraySlice<Unicode.Scalar>) -> Bool {
        guard label.count >= 4 else { return false }
        let start = label.startIndex
        return (label[start] == "x" || label[start] == "X") && (label[start + 1] == "n" || label[start + 1] == "N")
            && label[start + 2] == "-" && label[start + 3] == "-"
    }

    /// Letters, digits and hyphens (STD3), hyphen rules and lengths: UTS 46 on a name that is all ASCII and
    /// has no A-label, without a round trip to the processor.
    private static func checkASCII(
        _ domain: ArraySlice<Unicode.Scalar>, labels: [ArraySlice<Unicode.Scalar>], ascii: Bool
    ) -> (RuleCheck, String?) {
        for (position, label) in labels.enumerated() {
            let isLast = position == labels.count - 1
            if label.isEmpty { return (isLast ? .tooShortSoFar : .fail, nil) }
            if label.count > 63 || label.first == "-" { return (.fail, nil) }
            if !label.allSatisfy({ $0.isASCIIAlphanumeric || $0 == "-" }) { return (.fail, nil) }
            let start = label.startIndex
            // `--` in positions 3 and 4 is reserved for A-labels (RFC 5891 section 4.2.3.1).
            if label.count >= 4 && label[start + 2] == "-" && label[start + 3] == "-" { return (.fail, nil) }
            if label.last == "-" { return (isLast ? .tooShortSoFar : .fail, nil) }
        }
        guard ascii else { return (.pass, nil) }
        // Lower-cased bytes made into a string at once (`String.UnicodeScalarView.append` per scalar cost more
        // than the whole check).
        var name: [UInt8] = []
        name.reserveCapacity(domain.count)
        for scalar in domain {
            let byte = UInt8(scalar.value)
            name.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
        }
        return (.pass, String(decoding: name, as: UTF8.self))
    }

    /// UTS 46 processing of the mapped domain, then IDNA2008's repertoire on its U-labels. A name whose
    /// only problem is in its last label, where typing goes on (`bücher.ex-`, `bücher.xn--`, a joiner typed
    /// last), is unfinished.
    private static func checkInternational(
        _ domain: ArraySlice<Unicode.Scalar>, labels: [ArraySlice<Unicode.Scalar>], idna: any IDNAProcessing
    ) -> (RuleCheck, String?) {
        let conversion = idna.convert(Array(domain))
        if isValid(conversion) { return (.pass, conversion.ascii) }
        guard let last = labels.last, mayContinue(last) else { return (.fail, nil) }
        // The labels before the last one must be right already.
        guard labels.count > 1 else { return (.tooShortSoFar, nil) }
        let before = domain[..<(last.startIndex - 1)]
        return (isValid(idna.convert(Array(before))) ? .tooShortSoFar : .fail, nil)
    }

    /// No UTS 46 error, and every scalar of the U-labels one IDNA2008 allows.
    private static func isValid(_ conversion: IDNAConversion) -> Bool {
        conversion.errors.isEmpty && conversion.unicode.allSatisfy { $0 == "." || IDNA2008.allows($0) }
    }

    /// A last label that more typing may still make valid: empty, ending with a hyphen or a joiner, or an
    /// A-label being typed.
    private static func mayContinue(_ label: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let last = label.last else { return true }
        return last == "-" || last == "\u{200C}" || last == "\u{200D}" || isACELabel(label)
    }

    /// The domain with UTS 46's mapping applied (what the `email` formatter shows).
    static func map(_ domain: ArraySlice<Unicode.Scalar>, idna: any IDNAProcessing) -> [Unicode.Scalar] {
        var mapped: [Unicode.Scalar] = []
        mapped.reserveCapacity(domain.count)
        for scalar in domain {
            if scalar.isASCII {
                mapped.append(
                    scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value + 32)! : scalar)
                continue
            }
            switch idna.map(scalar) {
            case .valid, .disallowed: mapped.append(scalar)
            case .mapped(let scalars): mapped += scalars
            case .ignored: break
            }
        }
        return mapped
    }
}
