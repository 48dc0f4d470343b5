public import SmartTextEngine

extension RuleCatalog {
    /// Every rule of the registry format: the engine's ``RuleCatalog/core``
    /// and the rules backed by libphonenumber (`phone`), RE2 (`regex`) and
    /// zxcvbn (`passwordStrength`).
    public static let standard: RuleCatalog = {
        var catalog = RuleCatalog.core
        catalog.addFormatter("phone") { options throws(ConfigError) in
            try options.allow(["region"])
            return PhoneFormatter(region: try phoneRegion(options))
        }
        catalog.addValidator("phone") { options, _ throws(ConfigError) in
            try options.allow(["region", "types"])
            var types: [PhoneType] = []
            for name in try options.strings("types") ?? [] {
                guard let type = PhoneType(rawValue: name), type != .unknown else {
                    let known = PhoneType.allCases.filter { $0 != .unknown }.map(\.rawValue)
                    throw ConfigError(
                        "unknown phone number type \"\(name)\"; expected among: \(known.joined(separator: ", "))")
                }
                types.append(type)
            }
            return PhoneValidator(region: try phoneRegion(options), types: types)
        }
        catalog.addValidator("regex") { options, _ throws(ConfigError) in
            try options.allow(["pattern"])
            return RegexValidator(try RegularExpression(try options.requiredString("pattern")))
        }
        catalog.addValidator("passwordStrength") { options, _ throws(ConfigError) in
            try options.allow(["minScore"])
            return PasswordStrengthValidator(minScore: try options.integer("minScore", in: 0...4) ?? 3)
        }
        return catalog
    }()
}

extension RegistrySource {
    /// The built-in registry (`registry/builtin.json`), which needs the
    /// ``RuleCatalog/standard`` rules.
    public static var builtin: RegistrySource {
        RegistrySource(name: "builtin.json", bytes: Array(EmbeddedResources.builtinRegistry.utf8), isBuiltin: true)
    }
}

/// Work the native libraries can do before the first request needs it.
public enum EnginePreparation {
    /// Loads libphonenumber's metadata (about 10 ms), so that the first phone
    /// edit is not the one to pay for it.
    public static func warmUp() {
        PhoneLibrary.warmUp()
    }
}

/// The `region` option of `phone`: a region libphonenumber knows, or absent for international input.
func phoneRegion(_ options: RuleOptions) throws(ConfigError) -> String? {
    guard let region = try options.string("region") else { return nil }
    guard PhoneLibrary.isSupported(region: region) else {
        throw ConfigError(
            "unknown region \"\(region)\": use a two-letter region code libphonenumber knows, upper case (\"CN\", \"US\")"
        )
    }
    return region
}
