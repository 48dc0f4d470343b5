public import SmartTextEngine

extension RuleCatalog {
    /// Every rule of the registry format: the engine's ``RuleCatalog/core``
    /// and the rules backed by libphonenumber (`phone`), RE2 (`regex`) and
    /// zxcvbn (`passwordStrength`).
    public static let standard: RuleCatalog = {
        var catalog = RuleCatalog.core
        catalog.add(
            FormatterDefinition(
                "phone", options: ["region"],
                summary:
                    "as-you-type phone layout of `region` (libphonenumber); without it, international input with `+`"
            ) { options in
                phoneRegion(&options).map { PhoneFormatter(region: $0) }
            })
        catalog.add(
            ValidatorDefinition(
                "phone", options: ["region", "types"],
                summary: "a valid number of `region` (or any, with a country code), of one of `types` when given"
            ) { options, _ in
                let region = phoneRegion(&options)
                var types: [PhoneType] = []
                for name in options.strings("types") ?? [] {
                    guard let type = PhoneType(rawValue: name), type != .unknown else {
                        let known = PhoneType.allCases.filter { $0 != .unknown }.map(\.rawValue)
                        options.problem(
                            "unknown phone number type \"\(name)\"; expected among: \(known.joined(separator: ", "))")
                        return nil
                    }
                    types.append(type)
                }
                guard let region else { return nil }
                return PhoneValidator(region: region, types: types)
            })
        catalog.add(
            ValidatorDefinition(
                "regex", options: ["pattern"], summary: "matches the whole value (RE2 syntax, linear time)"
            ) { options, _ in
                guard let pattern = options.requiredString("pattern") else { return nil }
                do throws(ConfigError) {
                    return RegexValidator(try RegularExpression(pattern))
                } catch {
                    options.problem(error.message)
                    return nil
                }
            })
        catalog.add(
            ValidatorDefinition(
                "passwordStrength", options: ["minScore"],
                summary: "zxcvbn's score (0–4) is at least `minScore` (default 3), with its feedback"
            ) { options, _ in
                PasswordStrengthValidator(minScore: options.integer("minScore", in: 0...4) ?? 3)
            })
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

/// The `region` option of `phone`: a region libphonenumber knows (`.some`),
/// absent for international input (`.some(nil)`), or a mistake (nil, recorded).
func phoneRegion(_ options: inout RuleOptions) -> String?? {
    let problems = options.problems.count
    guard let region = options.string("region") else { return options.problems.count == problems ? .some(nil) : nil }
    guard PhoneLibrary.isSupported(region: region) else {
        options.problem(
            "unknown region \"\(region)\": use a two-letter region code libphonenumber knows, upper case (\"CN\", \"US\")"
        )
        return nil
    }
    return region
}
