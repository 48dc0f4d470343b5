/// Every formatter a registry can name, built from its options.
enum FormatterCatalog {
    /// The names, for error messages and discovery.
    static let names = [
        "trim", "trimStart", "collapseWhitespace", "removeWhitespace", "lowercase", "uppercase", "digits",
        "maxLength", "mask", "creditCard", "cardExpiry", "iban", "email", "number",
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
        case "creditCard":
            try options.allow([])
            return CreditCardFormatter()
        case "cardExpiry":
            try options.allow([])
            return CardExpiryFormatter()
        case "iban":
            try options.allow([])
            return IBANFormatter()
        case "email":
            try options.allow([])
            return EmailFormatter()
        case "number":
            try options.allow(["grouping", "groupSeparator", "decimalSeparator", "fractionDigits", "allowNegative"])
            let formatter = NumberFormatter(
                grouping: try options.choice("grouping", as: NumberGrouping.self) ?? .thousand,
                groupSeparator: try options.character("groupSeparator") ?? ",",
                decimalSeparator: try options.character("decimalSeparator") ?? ".",
                fractionDigits: try options.integer("fractionDigits", in: 0...10) ?? 2,
                allowNegative: try options.bool("allowNegative") ?? false)
            for (key, separator) in [
                ("groupSeparator", formatter.groupSeparator), ("decimalSeparator", formatter.decimalSeparator),
            ]
            where separator.asciiDigit != nil || separator == "-" {
                throw ConfigError("\(key) cannot be a digit or '-'")
            }
            if formatter.groupSeparator == formatter.decimalSeparator && formatter.grouping != .none {
                throw ConfigError("groupSeparator and decimalSeparator must differ")
            }
            return formatter
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
