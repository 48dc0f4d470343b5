/// Every formatter a registry can name, built from its options.
enum FormatterCatalog {
    /// The names, for error messages and discovery.
    static let names = [
        "trim", "trimStart", "collapseWhitespace", "removeWhitespace", "lowercase", "uppercase", "digits",
        "maxLength", "mask",
    ]

    static func make(_ options: RuleOptions) throws(ConfigError) -> any TextFormatter {
        switch options.name {
        case "trim":
            try options.allow([])
            return TrimFormatter()
        case "trimStart":
            try options.allow([])
            return TrimStartFormatter()
        case "collapseWhitespace":
            try options.allow([])
            return CollapseWhitespaceFormatter()
        case "removeWhitespace":
            try options.allow([])
            return RemoveWhitespaceFormatter()
        case "lowercase":
            try options.allow([])
            return CaseFormatter(.lower)
        case "uppercase":
            try options.allow([])
            return CaseFormatter(.upper)
        case "digits":
            try options.allow([])
            return DigitsFormatter()
        case "maxLength":
            try options.allow(["max"])
            return MaxLengthFormatter(max: try options.requiredInteger("max", in: 1...1_000_000))
        case "mask":
            try options.allow(["pattern"])
            let pattern = try options.requiredString("pattern")
            do {
                return try MaskFormatter(pattern: pattern)
            } catch {
                throw ConfigError(error.message)
            }
        default:
            throw ConfigError(
                "unknown formatter \"\(options.name)\"; known formatters: \(names.joined(separator: ", "))")
        }
    }
}

/// Every validator a registry can name, built from its options (`on` and
/// `message` are handled by the loader).
enum ValidatorCatalog {
    /// The names, for error messages and discovery.
    static let names = ["notEmpty"]

    static func make(_ options: RuleOptions, formFields: [String]?) throws(ConfigError) -> any Validator {
        switch options.name {
        case "notEmpty":
            try options.allow([])
            return NotEmptyValidator()
        default:
            throw ConfigError(
                "unknown validator \"\(options.name)\"; known validators: \(names.joined(separator: ", "))")
        }
    }
}
