public import SmartTextEngine
internal import SmartTextJSON
internal import SmartTextSupport

/// `phone {region, types, sharedCallingCode}`: a valid number, as libphonenumber decides, optionally
/// of given types (`mobile`, `fixedLine`, `tollFree`, …; a number that can be either fixed line or
/// mobile counts as both).
///
/// With a `region`, the number must be one of that region (`IsValidNumberForRegion`, the text read
/// for the region): `+44 20 7946 0958` is not a `CN` number, nor is a Jersey number a `GB` one.
/// `sharedCallingCode` also takes the numbers of the regions sharing its calling code
/// (`IsValidNumber` with the same calling code: Canada and the Caribbean for `US`; Guernsey, Jersey
/// and the Isle of Man for `GB`). A number of another region fails with its own message, naming the
/// region expected, and the result says which region the number is of (`region`).
///
/// Without a region the number may be of any country: read for the request's region (its
/// `region`, else the locale's), else international with `+`.
///
/// A number that more digits can still make valid (one of the field's regions and types, in some
/// written form) is `incomplete`; one that nothing can is invalid.
public struct PhoneValidator: Validator {
    public let name = "phone"
    public let region: String?
    public let types: [PhoneType]
    /// With ``region``: the regions sharing its calling code are accepted too.
    public let sharedCallingCode: Bool

    /// The region's name in each language of the catalogue, for `{region}` (from CLDR, once).
    private let regionNames: LocalizedText?

    public init(region: String?, types: [PhoneType] = [], sharedCallingCode: Bool = false) {
        self.region = region
        self.types = types
        self.sharedCallingCode = sharedCallingCode && region != nil
        regionNames = region.map { region in
            LocalizedText(MessageCatalog.tags.map { ($0, LocaleData.regionName(region, in: $0) ?? region) })
        }
    }

    /// Without a region of its own, the field takes the request's.
    public var readsLocale: Bool { region == nil }

    /// `{callingCode}`: the region's (`+1`).
    public var parameters: [String: String] {
        guard let region else { return [:] }
        return ["callingCode": "+" + String(PhoneLibrary.countryCode(region: region))]
    }

    /// `{types}`: the allowed types' names joined in each language ("mobile or landline");
    /// `{region}`: the region's name in each language ("United States", "美国").
    public var localizedParameters: [String: LocalizedText] {
        let join = MessageCatalog.nativeRules.term("phone.typeName.join")
        let names = types.map { MessageCatalog.nativeRules.term("phone.typeName.\($0.rawValue)") }
        let joined = MessageCatalog.tags.map { tag -> (String, String) in
            let language = LocalePreference(tags: [tag])
            let list = names.dropFirst().reduce(names.first?.resolve(language) ?? "") { list, name in
                join.render(language, ["list": list, "type": name.resolve(language)])
            }
            return (tag, list)
        }
        var parameters = ["types": LocalizedText(joined)]
        if let regionNames { parameters["region"] = regionNames }
        return parameters
    }

    /// libphonenumber parses no text longer than this (it answers "too long"): a longer
    /// value is invalid without asking it.
    static let maximumLength = 250

    /// Not cached: the verdict reads ``PhoneLibrary/inspect(_:region:)``, whose last answers the layout of the
    /// same request has just asked for, and building a cache key of its own cost more than the verdict (a
    /// new Chinese number's keystroke: 93.3k instructions with the verdict cache, 87.5k without; issue 26).
    public func check(_ input: ValidationInput) -> RuleCheck {
        guard input.value.utf8.count <= Self.maximumLength else { return .fail }
        // Without a region of its own, the text is read for the request's (any country accepted).
        let parsing = region ?? input.conventions.region ?? "ZZ"
        return verdict(input.value, region: parsing)
    }

    private func verdict(_ value: String, region code: String) -> RuleCheck {
        let info = PhoneLibrary.inspect(value, region: code)
        if info.isValid {
            if !accepts(info) {
                // A number of another region of the calling code may still become one of the field's
                // (`590 59 02 71` is Guadeloupe's, `0590 27 12 34` Saint Barthélemy's).
                if let region, info.countryCode == PhoneLibrary.countryCode(region: region),
                    canGrow(value, region: code, info: info)
                {
                    return .tooShortSoFar
                }
                return otherRegion(info)
            }
            if types.isEmpty || types.contains(where: { info.type.satisfies($0) }) { return .pass }
            return RuleCheck(valid: false, variant: "type", details: ["type": .string(info.type.rawValue)])
        }
        // Dialled with another country's calling code: no more digits make it one of the region's.
        if let region, info.parsed, info.hadCountryCode, info.countryCode != PhoneLibrary.countryCode(region: region) {
            return otherRegion(info)
        }
        return canGrow(value, region: code, info: info) ? .tooShortSoFar : .fail
    }

    /// A valid number is the field's: any without a region; else one of the region (libphonenumber's
    /// `IsValidNumberForRegion`, which `valid` is for a number of the region's calling code), or of
    /// its calling code with ``sharedCallingCode``.
    private func accepts(_ info: PhoneInfo) -> Bool {
        guard let region else { return true }
        guard info.countryCode == PhoneLibrary.countryCode(region: region) else { return false }
        return sharedCallingCode || info.valid
    }

    private func otherRegion(_ info: PhoneInfo) -> RuleCheck {
        var details = JSONObject()
        if !info.region.isEmpty { details["region"] = .string(info.region) }
        return RuleCheck(valid: false, variant: sharedCallingCode ? "callingCode" : "region", details: details)
    }

    /// More digits could still make it a valid number of the field's regions and types, in some
    /// written form (``PhoneNumbering/canContinue(_:region:extra:mode:scope:)``).
    private func canGrow(_ value: String, region code: String, info: PhoneInfo) -> Bool {
        // International input may still be an international prefix written out (`+0`, `+00`, `+01`, `+011`,
        // `+010`), which the formatter shows as typed until a digit follows it.
        if PhoneLibrary.isMalformed(value) {
            return code == "ZZ" && ["+0", "+00", "+01", "+011", "+010"].contains(value)
        }
        let digitsOnly = value.utf8.enumerated().allSatisfy { $1 >= 0x30 && $1 <= 0x39 || ($0 == 0 && $1 == 0x2B) }
        guard digitsOnly, !value.isEmpty else {
            // Text libphonenumber alone reads (letters, punctuation): by its lengths.
            if !info.parsed {
                switch info.possibility {
                case .notANumber, .tooShort: return value.unicodeScalars.count < 8
                case .invalidCountryCode: return value.unicodeScalars.count <= 3
                default: return false
                }
            }
            return info.possibility == .tooShort
        }
        // Shorter than any number of its region: more digits may make it one. Answered without the
        // continuation question (a parse and a walk of the patterns) for most keystrokes of a number.
        if info.parsed && info.possibility == .tooShort { return true }
        let scope: PhoneNumbering.Scope
        if let region {
            scope = sharedCallingCode ? .callingCode(PhoneLibrary.countryCode(region: region)) : .region(region)
        } else {
            scope = .any
        }
        return PhoneLibrary.canContinue(
            value, region: code, extra: 1, mode: .patterns(types.isEmpty ? nil : Set(types)), scope: scope)
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        switch check.variant {
        case "type": MessageCatalog.nativeRules.text("phone.type")
        case "region": MessageCatalog.nativeRules.text("phone.otherRegion")
        case "callingCode": MessageCatalog.nativeRules.text("phone.otherCallingCode")
        default: MessageCatalog.nativeRules.text("phone")
        }
    }
}
