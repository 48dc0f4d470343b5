/// One country of the SWIFT IBAN registry (ISO 13616-1): its IBAN's length, the structure of its BBAN
/// (the part after the country code and the check digits) and where the bank and branch codes are.
public struct IBANCountry: Sendable {
    /// What the registry allows at one BBAN position.
    public enum Kind: Sendable, Equatable {
        /// `n`: a digit.
        case digit
        /// `a`: a letter (upper case in an IBAN).
        case letter
        /// `c`: a letter or a digit.
        case alphanumeric

        /// True when `scalar` (an ASCII letter or digit) may stand here.
        @inlinable public func admits(_ scalar: Unicode.Scalar) -> Bool {
            let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
            switch self {
            case .digit: return isDigit
            case .letter: return !isDigit
            case .alphanumeric: return true
            }
        }
    }

    /// The ISO 3166 country code (`GB`).
    public let code: String
    /// The BBAN structure as the registry writes it (`4!a6!n8!n`: four letters, six digits, eight digits).
    public let structure: String
    /// The kind of each BBAN position.
    public let bban: [Kind]
    /// The bank identifier's positions in the BBAN (0-based), where the registry defines one.
    public let bankCode: Range<Int>?
    /// The branch identifier's positions in the BBAN (0-based), where the registry defines one.
    public let branchCode: Range<Int>?

    /// The IBAN's length: the country code, two check digits and the BBAN.
    public var length: Int { 4 + bban.count }

    /// The kind of IBAN position `position` (0-based, country code and check digits included).
    @inlinable public func kind(at position: Int) -> Kind {
        position < 2 ? .letter : position < 4 ? .digit : bban[position - 4]
    }

    /// The country of a code (`GB`), or nil when the registry has no IBAN for it.
    public static func named(_ code: String) -> IBANCountry? { byCode[code] }

    /// The IBAN length of a country code, or nil when the country has no IBAN.
    public static func length(of country: String) -> Int? { byCode[country]?.length }

    /// Every country of the registry, by code.
    public static var all: [IBANCountry] { byCode.values.sorted { $0.code < $1.code } }

    private static let byCode: [String: IBANCountry] = {
        var countries: [String: IBANCountry] = [:]
        for line in registry.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let code = String(fields[0])
            countries[code] = IBANCountry(code: code, structure: String(fields[1]), bank: fields[2], branch: fields[3])
        }
        return countries
    }()

    private init(code: String, structure: String, bank: Substring, branch: Substring) {
        self.code = code
        self.structure = structure
        // `4!a6!n8!n`: a count, `!` (fixed length: every IBAN entry is), a kind.
        var kinds: [Kind] = []
        var count = 0
        for character in structure {
            switch character {
            case "0"..."9": count = count * 10 + Int(String(character))!
            case "!": continue
            default:
                let kind: Kind = character == "n" ? .digit : character == "a" ? .letter : .alphanumeric
                kinds += Array(repeating: kind, count: count)
                count = 0
            }
        }
        self.bban = kinds
        func range(_ text: Substring) -> Range<Int>? {
            guard text != "-" else { return nil }
            let ends = text.split(separator: "-").map { Int($0)! }
            return (ends[0] - 1)..<ends[1]
        }
        self.bankCode = range(bank)
        self.branchCode = range(branch)
    }

    /// The SWIFT IBAN registry (release 101, as published by SWIFT as the ISO 13616 registration
    /// authority): country, BBAN structure, bank identifier and branch identifier positions in the BBAN
    /// (1-based, inclusive; `-` where the registry defines none). `n` digits, `a` upper-case letters,
    /// `c` letters and digits. Written from the registry; `Tests/validators/check_validators.py`
    /// compares every row with python-stdnum's and schwifty's copies.
    private static let registry = """
        AD 4!n4!n12!c             1-4   5-8
        AE 3!n16!n                1-3   -
        AL 8!n16!c                1-3   4-8
        AT 5!n11!n                1-5   -
        AZ 4!a20!c                1-4   -
        BA 3!n3!n8!n2!n           1-3   4-6
        BE 3!n7!n2!n              1-3   -
        BG 4!a4!n2!n8!c           1-4   5-8
        BH 4!a14!c                1-4   -
        BI 5!n5!n11!n2!n          1-5   6-10
        BR 8!n5!n10!n1!a1!c       1-8   9-13
        BY 4!c4!n16!c             1-4   -
        CH 5!n12!c                1-5   -
        CR 4!n14!n                1-4   -
        CY 3!n5!n16!c             1-3   4-8
        CZ 4!n16!n                1-4   -
        DE 8!n10!n                1-8   -
        DJ 5!n5!n11!n2!n          1-5   6-10
        DK 4!n9!n1!n              1-4   -
        DO 4!c20!n                1-4   -
        EE 2!n14!n                1-2   -
        EG 4!n4!n17!n             1-4   5-8
        ES 4!n4!n1!n1!n10!n       1-4   5-8
        FI 3!n11!n                1-3   -
        FK 2!a12!n                1-2   -
        FO 4!n9!n1!n              1-4   -
        FR 5!n5!n11!c2!n          1-5   -
        GB 4!a6!n8!n              1-4   5-10
        GE 2!a16!n                1-2   -
        GI 4!a15!c                1-4   -
        GL 4!n9!n1!n              1-4   -
        GR 3!n4!n16!c             1-3   4-7
        GT 4!c20!c                1-4   -
        HN 4!a20!n                1-4   -
        HR 7!n10!n                1-7   -
        HU 3!n4!n1!n15!n1!n       1-3   4-7
        IE 4!a6!n8!n              1-4   5-10
        IL 3!n3!n13!n             1-3   4-6
        IQ 4!a3!n12!n             1-4   5-7
        IS 4!n2!n6!n10!n          1-2   3-4
        IT 1!a5!n5!n12!c          2-6   7-11
        JO 4!a4!n18!c             1-4   5-8
        KW 4!a22!c                1-4   -
        KZ 3!n13!c                1-3   -
        LB 4!n20!c                1-4   -
        LC 4!a24!c                1-4   -
        LI 5!n12!c                1-5   -
        LT 5!n11!n                1-5   -
        LU 3!n13!c                1-3   -
        LV 4!a13!c                1-4   -
        LY 3!n3!n15!n             1-3   4-6
        MC 5!n5!n11!c2!n          1-5   6-10
        MD 2!c18!c                1-2   -
        ME 3!n13!n2!n             1-3   -
        MK 3!n10!c2!n             1-3   -
        MN 4!n12!n                1-4   -
        MR 5!n5!n11!n2!n          1-5   6-10
        MT 4!a5!n18!c             1-4   5-9
        MU 4!a2!n2!n12!n3!n3!a    1-6   7-8
        NI 4!a20!n                1-4   -
        NL 4!a10!n                1-4   -
        NO 4!n6!n1!n              1-4   -
        OM 3!n16!c                1-3   -
        PK 4!a16!c                1-4   -
        PL 8!n16!n                1-8   -
        PS 4!a21!c                1-4   -
        PT 4!n4!n11!n2!n          1-4   -
        QA 4!a21!c                1-4   -
        RO 4!a16!c                1-4   -
        RS 3!n13!n2!n             1-3   -
        RU 9!n5!n15!c             1-9   10-14
        SA 2!n18!c                1-2   -
        SC 4!a2!n2!n16!n3!a       1-6   7-8
        SD 2!n12!n                1-2   -
        SE 3!n16!n1!n             1-3   -
        SI 5!n8!n2!n              1-5   -
        SK 4!n6!n10!n             1-4   -
        SM 1!a5!n5!n12!c          2-6   7-11
        SO 4!n3!n12!n             1-4   5-7
        ST 4!n4!n11!n2!n          1-4   5-8
        SV 4!a20!n                1-4   -
        TL 3!n14!n2!n             1-3   -
        TN 2!n3!n13!n2!n          1-2   3-5
        TR 5!n1!n16!c             1-5   -
        UA 6!n19!c                1-6   -
        VA 3!n15!n                1-3   -
        VG 4!a16!n                1-4   -
        XK 4!n10!n2!n             1-2   3-4
        YE 4!a4!n18!c             1-4   5-8
        """
}
