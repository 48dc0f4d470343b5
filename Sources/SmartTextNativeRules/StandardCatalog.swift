public import SmartTextEngine

extension RuleCatalog {
    /// Every rule of the registry format: the engine's ``RuleCatalog/core``
    /// and the rules backed by libphonenumber (`phone`), RE2 (`regex`) and
    /// zxcvbn (`passwordStrength`); its `email` rules read internationalized
    /// domains with ICU's UTS 46 processing (``ICUIDNA``).
    public static let standard: RuleCatalog = {
        var catalog = RuleCatalog.core
        let idna = ICUIDNA()
        catalog.add(
            FormatterDefinition(
                "email",
                summary: "white space removed, the domain mapped as UTS 46 maps it (lower case, `ｇｍａｉｌ.com` → "
                    + "`gmail.com`); `meta.asciiDomain` the domain's A-label form"
            ) { _ in EmailFormatter(idna: idna) })
        catalog.add(
            ValidatorDefinition(
                "email",
                summary: "an address: a dot-atom local part (RFC 5322, no quoted strings), an IDNA2008 domain "
                    + "(see below)"
            ) { _, _ in EmailValidator(idna: idna) })
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
                "phone", options: ["region", "types", "sharedCallingCode"],
                summary:
                    "a valid number of `region` (`sharedCallingCode`: or of a region sharing its calling code; no region: of any country), of one of `types` when given"
            ) { options, _ in
                let region = phoneRegion(&options)
                let shared = options.bool("sharedCallingCode")
                if shared == true, case .some(nil) = region {
                    options.problem(
                        "sharedCallingCode needs a region: without one, numbers of every country are accepted already")
                    return nil
                }
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
                return PhoneValidator(region: region, types: types, sharedCallingCode: shared ?? false)
            })
        catalog.add(
            FormatterDefinition(
                "postalCode", options: ["region"],
                summary: "a postal code as `region` writes it (Google's address data: `SW1A 1AA`, `01310-100`); "
                    + "without it, the request's region; `meta.country`, `meta.compact`"
            ) { options in
                postalRegion(&options).map { PostalCodeFormatter(region: $0) }
            })
        catalog.add(
            ValidatorDefinition(
                "postalCode", options: ["region"],
                summary: "a postal code of `region` (else the request's), by Google's pattern for it"
            ) { options, _ in
                postalRegion(&options).map { PostalCodeValidator(region: $0) }
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

/// The `region` option of `postalCode`: a region with postal codes in Google's data (`.some`), absent
/// for the request's region (`.some(nil)`), or a mistake (nil, recorded).
func postalRegion(_ options: inout RuleOptions) -> String?? {
    let problems = options.problems.count
    guard let region = options.string("region") else { return options.problems.count == problems ? .some(nil) : nil }
    guard PostalCodes.region(region) != nil else {
        options.problem(
            "region \"\(region)\" has no postal codes in Google's address data: use a two-letter region code, upper "
                + "case, of GET /v1/identifiers (\"GB\", \"BR\")")
        return nil
    }
    return region
}
