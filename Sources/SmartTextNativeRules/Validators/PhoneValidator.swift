public import SmartTextEngine
internal import SmartTextSupport

/// `phone {region, types}`: a valid number for the region (without one, the
/// request's region or its locale's, else any region, for international input
/// with `+`), optionally of given types (`mobile`,
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

    /// Without a region of its own, the field takes the request's.
    public var readsLocale: Bool { region == nil }

    /// `{types}`: the allowed types' names joined in each language ("mobile or landline").
    public var localizedParameters: [String: LocalizedText] {
        let join = MessageCatalog.term("phone.typeName.join")
        let names = types.map { MessageCatalog.term("phone.typeName.\($0.rawValue)") }
        let joined = MessageCatalog.tags.map { tag -> (String, String) in
            let language = LocalePreference(tags: [tag])
            let list = names.dropFirst().reduce(names.first?.resolve(language) ?? "") { list, name in
                join.render(language, ["list": list, "type": name.resolve(language)])
            }
            return (tag, list)
        }
        return ["types": LocalizedText(joined)]
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
        // The request's region stands for its whole calling code (see PhoneLibrary).
        let region = self.region ?? input.conventions.region.map { $0 + "*" } ?? "ZZ"
        var key = region
        for type in types {
            key += ","
            key += type.rawValue
        }
        key += "|"
        key += input.value
        return Self.verdicts.value(for: key) { verdict(input.value, region: region) }
    }

    private func verdict(_ value: String, region code: String) -> RuleCheck {
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
        MessageCatalog.text(check.variant == "type" ? "phone.type" : "phone")
    }
}
