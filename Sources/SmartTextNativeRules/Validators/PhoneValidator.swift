public import SmartTextEngine
internal import SmartTextSupport

/// `phone {region, types}`: a valid number for the region (any region, for
/// international input with `+`), optionally of given types (`mobile`,
/// `fixedLine`, `tollFree`, …; a number that can be either fixed line or mobile
/// counts as both), as libphonenumber decides. A number that more digits can
/// still make possible is `incomplete`.
public struct PhoneValidator: Validator {
    public let name = "phone"
    public let region: String?
    public let types: [PhoneType]

    public init(region: String?, types: [PhoneType] = []) {
        self.region = region
        self.types = types
    }

    static let typeNames: [PhoneType: (String, String)] = [
        .fixedLine: ("landline", "固定电话"), .mobile: ("mobile", "手机"),
        .fixedLineOrMobile: ("landline or mobile", "固定电话或手机"),
        .tollFree: ("toll-free", "免费电话"), .premiumRate: ("premium-rate", "付费电话"),
        .sharedCost: ("shared-cost", "分摊费用电话"),
        .voip: ("VoIP", "网络电话"), .personalNumber: ("personal", "个人号码"), .pager: ("pager", "寻呼"),
        .uan: ("UAN", "统一接入号码"),
        .voicemail: ("voicemail", "语音信箱"), .unknown: ("unknown", "未知"),
    ]

    public var localizedParameters: [String: LocalizedText] {
        let english = types.map { Self.typeNames[$0]!.0 }.joined(separator: " or ")
        let chinese = types.map { Self.typeNames[$0]!.1 }.joined(separator: "或")
        return ["types": LocalizedText([("en", english), ("zh-Hans", chinese)])]
    }

    /// Verdicts are a pure function of the region, the types and the value, and
    /// cost libphonenumber a parse (about 20 µs): cached like the layout.
    private static let verdicts = BoundedCache<String, RuleCheck>(limit: 2048)

    /// libphonenumber parses no text longer than this (it answers "too long"): a longer
    /// value is invalid without asking it, and is not cached (a cache key of a 10,000-character
    /// text would make the cache's memory grow with the input).
    static let maximumLength = 250

    public func check(_ input: ValidationInput) -> RuleCheck {
        guard input.value.utf8.count <= Self.maximumLength else { return .fail }
        var key = region ?? "ZZ"
        for type in types {
            key += ","
            key += type.rawValue
        }
        key += "|"
        key += input.value
        return Self.verdicts.value(for: key) { verdict(input.value) }
    }

    private func verdict(_ value: String) -> RuleCheck {
        let code = region ?? "ZZ"
        let info = PhoneLibrary.inspect(value, region: code)
        if info.valid {
            if types.isEmpty || types.contains(where: { info.type.satisfies($0) }) { return .pass }
            return RuleCheck(valid: false, variant: "type", details: ["type": .string(info.type.rawValue)])
        }
        return canGrow(value, region: code, info: info) ? .tooShortSoFar : .fail
    }

    /// More digits could still make it a valid number (of a wanted type): too
    /// short to be possible, or completed into a valid number by the rest of one
    /// of the region's example numbers.
    private func canGrow(_ value: String, region: String, info: PhoneInfo) -> Bool {
        if !info.parsed {
            switch info.possibility {
            case .notANumber, .tooShort: return value.unicodeScalars.count < 8
            case .invalidCountryCode: return value.unicodeScalars.count <= 3
            default: return false
            }
        }
        if info.possibility == .tooShort { return true }
        let wanted = types.isEmpty ? PhoneLayout.completingTypes : types
        if info.hadCountryCode {
            guard !info.region.isEmpty, info.region != "001" else { return false }
            return PhoneLayout.canComplete(
                Array(info.nationalNumber.unicodeScalars), region: info.region, types: wanted)
        }
        return PhoneLayout.canComplete(PhoneLayout.digits(value), region: region, types: wanted)
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        if check.variant == "type" {
            return LocalizedText([("en", "{label} must be a {types} number"), ("zh-Hans", "{label}须为{types}号码")])
        }
        return LocalizedText([("en", "{label} must be a valid phone number"), ("zh-Hans", "{label}须为有效的电话号码")])
    }
}
