internal import CPhoneNumber
import SmartTextEngine
internal import SmartTextSupport

#if canImport(Glibc)
    import Glibc
#endif

/// libphonenumber's number types, by their registry names.
public enum PhoneType: String, Sendable, CaseIterable {
    case fixedLine, mobile, fixedLineOrMobile, tollFree, premiumRate, sharedCost, voip, personalNumber, pager, uan
    case voicemail, unknown

    init(_ type: cphone_type) {
        switch type {
        case CPHONE_FIXED_LINE: self = .fixedLine
        case CPHONE_MOBILE: self = .mobile
        case CPHONE_FIXED_LINE_OR_MOBILE: self = .fixedLineOrMobile
        case CPHONE_TOLL_FREE: self = .tollFree
        case CPHONE_PREMIUM_RATE: self = .premiumRate
        case CPHONE_SHARED_COST: self = .sharedCost
        case CPHONE_VOIP: self = .voip
        case CPHONE_PERSONAL_NUMBER: self = .personalNumber
        case CPHONE_PAGER: self = .pager
        case CPHONE_UAN: self = .uan
        case CPHONE_VOICEMAIL: self = .voicemail
        default: self = .unknown
        }
    }

    var c: cphone_type {
        switch self {
        case .fixedLine: CPHONE_FIXED_LINE
        case .mobile: CPHONE_MOBILE
        case .fixedLineOrMobile: CPHONE_FIXED_LINE_OR_MOBILE
        case .tollFree: CPHONE_TOLL_FREE
        case .premiumRate: CPHONE_PREMIUM_RATE
        case .sharedCost: CPHONE_SHARED_COST
        case .voip: CPHONE_VOIP
        case .personalNumber: CPHONE_PERSONAL_NUMBER
        case .pager: CPHONE_PAGER
        case .uan: CPHONE_UAN
        case .voicemail: CPHONE_VOICEMAIL
        case .unknown: CPHONE_UNKNOWN
        }
    }

    /// True when a number of this type counts as `wanted` (a number that may be
    /// either fixed line or mobile counts as both).
    func satisfies(_ wanted: PhoneType) -> Bool {
        self == wanted || (self == .fixedLineOrMobile && (wanted == .fixedLine || wanted == .mobile))
    }
}

/// Whether a number's length is possible, as libphonenumber says.
public enum PhonePossibility: Sendable, Equatable {
    case possible, possibleLocalOnly, invalidCountryCode, tooShort, invalidLength, tooLong, notANumber

    init(_ value: cphone_possibility) {
        switch value {
        case CPHONE_IS_POSSIBLE: self = .possible
        case CPHONE_IS_POSSIBLE_LOCAL_ONLY: self = .possibleLocalOnly
        case CPHONE_INVALID_COUNTRY_CODE: self = .invalidCountryCode
        case CPHONE_TOO_SHORT: self = .tooShort
        case CPHONE_INVALID_LENGTH: self = .invalidLength
        case CPHONE_TOO_LONG: self = .tooLong
        default: self = .notANumber
        }
    }
}

/// What libphonenumber says about one number.
public struct PhoneInfo: Sendable, Equatable {
    public var parsed: Bool
    /// `IsValidNumberForRegion` for the region it was parsed for, when the number has that
    /// region's calling code; else `IsValidNumber`.
    public var valid: Bool
    /// `IsValidNumber`: valid in the region it belongs to (``region``), whatever region it was
    /// parsed for (a Jersey number parsed for `GB`).
    public var validNumber: Bool
    public var possibility: PhonePossibility
    public var type: PhoneType
    public var countryCode: Int
    /// The number's region ("CN"; "001" for non-geographic numbers).
    public var region: String
    /// The text carried its country code (`+86…`, `0086…`).
    public var hadCountryCode: Bool
    /// E.164 (`+8613800138000`) when ``isValid``.
    public var e164: String
    /// The national significant number (digits).
    public var nationalNumber: String
    /// The national format (`138 0013 8000`) when ``isValid``, else "".
    public var national: String

    /// Valid for the region it was parsed for or where it belongs: a real number, whose `type`,
    /// `e164` and `national` are filled.
    public var isValid: Bool { valid || validNumber }
}

/// Swift access to the CPhoneNumber shim. Every call is thread-safe (the shim
/// keeps its as-you-type formatters per thread).
///
/// One deviation from libphonenumber, for every caller: a `+` followed by `0` (`+0086…`) is not a
/// number (``isMalformed(_:)``).
enum PhoneLibrary {
    /// libphonenumber's as-you-type output for `text` (digits, optionally a leading `+`), from
    /// ``PhoneNumbering`` (its `AsYouTypeFormatter` on the compiled metadata; BENCHMARKS.md item 17).
    static func asYouType(_ text: String, region: String) -> String? {
        if let numbering, let answer = numbering.asYouType(text, region: region) { return answer }
        return asYouTypeLibrary(text, region: region)
    }

    /// libphonenumber's own answer (`cphone_format_as_you_type`).
    static func asYouTypeLibrary(_ text: String, region: String) -> String? {
        withBuffer { buffer, capacity in cphone_format_as_you_type(region, text, buffer, capacity) }
    }

    /// `style`: 0 national, 1 international, 2 E.164.
    static func format(_ text: String, region: String, style: Int32) -> String? {
        withBuffer { buffer, capacity in cphone_format_number(region, text, style, buffer, capacity) }
    }

    /// What libphonenumber says about `text` for `region`. A pure function of the two: the
    /// layout of a keystroke, its completion with example numbers and the phone validator ask
    /// about the same texts, so answers are cached here, where all of them share it (BENCHMARKS.md
    /// items 6 to 8). Text ``PhoneNumbering`` takes (digits, a leading `+`) is worked out there
    /// (about 10k instructions); other text costs libphonenumber a parse of 50 to 100 µs. Without
    /// the cache, the three inspections of a new number's keystroke cost 18k instructions more
    /// than one inspection and two cache hits (BENCHMARKS.md item 15).
    ///
    /// The last few answers are looked up first, by comparing the two strings: the layout, its
    /// complete layout and the validator of one keystroke ask about the same text, and a compare
    /// costs a fraction of building the cache's key, hashing it and finding it (BENCHMARKS.md item 18).
    static func inspect(_ text: String, region: String) -> PhoneInfo {
        if let info = recent.withLock({ $0.info(text, region: region) }) { return info }
        let info = inspections.value(for: region + "|" + text) {
            if isMalformed(text) { return malformed }
            if let numbering, let info = numbering.inspect(text, region: region) { return info }
            return inspectLibrary(text, region: region)
        }
        recent.withLock { $0.remember(text, region: region, info) }
        return info
    }

    private static let recent = Locked(RecentInspections())

    /// True for a `+` followed by `0` (`+0086 138…`, separators aside): no country calling code
    /// starts with 0, so E.164 has no such number. libphonenumber reads it as the region's
    /// international prefix after a `+` (`+0086…` parsed for `CN` is `+86…`), which would make a
    /// malformed text valid: SmartText does not (README, "Phone numbers").
    static func isMalformed(_ text: String) -> Bool {
        var plus = false
        for scalar in text.unicodeScalars {
            if scalar == "+" && !plus {
                plus = true
            } else if scalar.value >= 0x30 && scalar.value <= 0x39 {
                return plus && scalar == "0"
            } else if scalar == "+" || scalar.properties.isAlphabetic {
                return false
            }
        }
        return false
    }

    /// What a malformed text (``isMalformed(_:)``) is: not a number, its country code invalid.
    private static let malformed = PhoneInfo(
        parsed: false, valid: false, validNumber: false, possibility: .invalidCountryCode, type: .unknown,
        countryCode: 0, region: "", hadCountryCode: false, e164: "", nationalNumber: "", national: "")

    private static let inspections = BoundedCache<String, PhoneInfo>(limit: 2048, maxKeyBytes: 512)

    /// Answers from ``PhoneNumbering`` (libphonenumber's metadata compiled, no ICU) where it
    /// takes the text, else from libphonenumber. `SMARTTEXT_PHONE_NUMBERING=library` turns it off
    /// (for comparing the two; BENCHMARKS.md item 15).
    static let numbering: PhoneNumbering? = {
        if let setting = getenv("SMARTTEXT_PHONE_NUMBERING"), String(cString: setting) == "library" { return nil }
        return PhoneNumbering.shared
    }()

    /// libphonenumber's own answer (`cphone_inspect`).
    static func inspectLibrary(_ text: String, region: String) -> PhoneInfo {
        var info = cphone_info()
        let parsed = cphone_inspect(region, text, &info) == 0
        func string<T>(_ field: inout T, _ count: Int) -> String {
            withUnsafeBytes(of: &field) { bytes in
                String(decoding: bytes.prefix(count).prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return PhoneInfo(
            parsed: parsed, valid: info.valid != 0, validNumber: info.valid_number != 0,
            possibility: PhonePossibility(info.possibility),
            type: PhoneType(info.type), countryCode: Int(info.country_code), region: string(&info.region, 4),
            hadCountryCode: info.had_country_code != 0, e164: string(&info.e164, 24),
            nationalNumber: string(&info.national_number, 24), national: string(&info.national, 48))
    }

    static func possibility(_ text: String, region: String, type: PhoneType) -> PhonePossibility {
        if isMalformed(text) { return .invalidCountryCode }
        if let answer = numbering?.possibility(text, region: region, type: type) { return answer }
        return possibilityLibrary(text, region: region, type: type)
    }

    /// True when some number of `scope` (of the types `mode` names) is written as `text` followed by
    /// `extra` or more digits, read for `region` (``PhoneNumbering/canContinue(_:region:extra:mode:scope:)``).
    /// libphonenumber has no such question: both numbering modes answer it from the compiled
    /// metadata; without it, every number can continue. Not cached: for a new number a cache's key,
    /// lookup and insertion cost as much as the answer (a parse of the digits and a few table walks), and the
    /// layout's answers, which ask it most, are cached.
    static func canContinue(
        _ text: String, region: String, extra: Int, mode: PhoneNumbering.Mode, scope: PhoneNumbering.Scope = .any
    ) -> Bool {
        guard let numbering = PhoneNumbering.shared else { return true }
        return numbering.canContinue(text, region: region, extra: extra, mode: mode, scope: scope) ?? true
    }

    /// libphonenumber's own answer (`cphone_possibility_for_type`).
    static func possibilityLibrary(_ text: String, region: String, type: PhoneType) -> PhonePossibility {
        PhonePossibility(cphone_possibility_for_type(region, text, type.c))
    }

    /// The national significant number of the region's example of `type`.
    static func example(region: String, type: PhoneType) -> String? {
        withBuffer { buffer, capacity in cphone_example_number(region, type.c, buffer, capacity) }
    }

    static func countryCode(region: String) -> Int {
        if let numbering { return numbering.countryCode(region: region) }
        return Int(cphone_country_code(region))
    }

    /// The region's national (trunk) prefix (`0`), "" when it has none; nil for an unknown region.
    static func nationalPrefix(region: String) -> String? {
        withBuffer { buffer, capacity in cphone_national_prefix(region, buffer, capacity) }
    }

    static func isSupported(region: String) -> Bool { cphone_is_supported_region(region) == 1 }

    /// Loads libphonenumber's metadata (about 10 ms) and decodes it for ``PhoneNumbering`` (about
    /// 7 ms) before the first request needs them. A calling code's regions are compiled on the
    /// first number that needs them (China's in about 6 ms, the 25 regions of +1 in about 25 ms),
    /// not here: start-up stays short.
    static func warmUp() {
        _ = asYouType("1", region: "US")
        _ = inspectLibrary("+12015550123", region: "ZZ")
        _ = numbering
    }

    private static func withBuffer(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            let length = body(buffer.baseAddress!, buffer.count)
            guard length >= 0 else { return nil }
            return String(
                decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF8.self)
        }
    }
}

/// The last four inspections, newest replacing oldest (two HTTP threads, each typing one number).
struct RecentInspections: Sendable {
    private var entries: [(region: String, text: String, info: PhoneInfo)] = []
    private var next = 0

    func info(_ text: String, region: String) -> PhoneInfo? {
        for entry in entries where entry.text == text && entry.region == region { return entry.info }
        return nil
    }

    mutating func remember(_ text: String, region: String, _ info: PhoneInfo) {
        if entries.count < 4 {
            entries.append((region, text, info))
        } else {
            entries[next] = (region, text, info)
            next = (next + 1) % 4
        }
    }
}

/// The last four answers to whether a number is complete, newest replacing oldest.
struct RecentCompletions: Sendable {
    private var entries: [(region: String, text: String, complete: Bool)] = []
    private var next = 0

    func complete(_ text: String, region: String) -> Bool? {
        for entry in entries where entry.text == text && entry.region == region { return entry.complete }
        return nil
    }

    mutating func remember(_ text: String, region: String, _ complete: Bool) {
        if entries.count < 4 {
            entries.append((region, text, complete))
        } else {
            entries[next] = (region, text, complete)
            next = (next + 1) % 4
        }
    }
}
