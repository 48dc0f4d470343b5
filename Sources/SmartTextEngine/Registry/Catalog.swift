import SmartTextSupport

/// The formatters written in Swift, built from their options.
enum CoreFormatters {
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
            preconditionFailure("RuleCatalog asks only for the names it lists")
        }
    }
}

/// The validators written in Swift, built from their options (`on` and
/// `message` are handled by the loader).
enum CoreValidators {
    /// The names, for error messages and discovery.
    static let names = [
        "notEmpty", "minLength", "maxLength", "length", "email", "luhn", "cardBrand", "cardExpiry", "cvc", "iban",
        "cnResidentId", "date", "number", "digits", "includesLowercase", "includesUppercase",
        "includesLowerAndUppercase", "includesDigit", "includesSymbol", "oneOf", "matchesField",
    ]

    /// Builds a validator. `form` maps the names of the form's fields to their
    /// labels when the field is part of a form, and is nil otherwise.
    static func make(_ options: RuleOptions, form: [String: LocalizedText]?) throws(ConfigError) -> any Validator {
        let lengths: ClosedRange<Int64> = 0...1_000_000
        switch options.name {
        case "notEmpty":
            try options.allow([])
            return NotEmptyValidator()
        case "email":
            try options.allow([])
            return EmailValidator()
        case "luhn":
            try options.allow([])
            return LuhnValidator()
        case "cardExpiry":
            try options.allow([])
            return CardExpiryValidator()
        case "iban":
            try options.allow([])
            return IBANValidator()
        case "cnResidentId":
            try options.allow([])
            return CNResidentIDValidator()
        case "digits":
            try options.allow([])
            return DigitsValidator()
        case "minLength":
            try options.allow(["min"])
            return LengthValidator(name: "minLength", min: try options.requiredInteger("min", in: lengths), max: nil)
        case "maxLength":
            try options.allow(["max"])
            return LengthValidator(name: "maxLength", min: nil, max: try options.requiredInteger("max", in: lengths))
        case "length":
            try options.allow(["min", "max"])
            let min = try options.integer("min", in: lengths)
            let max = try options.integer("max", in: lengths)
            guard min != nil || max != nil else { throw ConfigError("length needs \"min\", \"max\" or both") }
            if let min, let max, min > max { throw ConfigError("min (\(min)) is greater than max (\(max))") }
            return LengthValidator(name: "length", min: min, max: max)
        case "cardBrand":
            try options.allow(["allowed"])
            guard let allowed = try options.strings("allowed"), !allowed.isEmpty else {
                throw ConfigError(
                    "cardBrand needs \"allowed\": a list among \(CardBrandValidator.brandNames.joined(separator: ", "))"
                )
            }
            for brand in allowed where !CardBrandValidator.brandNames.contains(brand) {
                throw ConfigError(
                    "unknown card brand \"\(brand)\"; expected among: \(CardBrandValidator.brandNames.joined(separator: ", "))"
                )
            }
            return CardBrandValidator(allowed: allowed)
        case "cvc":
            try options.allow(["cardField"])
            return CVCValidator(cardField: try options.string("cardField") ?? "credit_card")
        case "date":
            try options.allow(["min", "max"])
            var bounds: [DateValidator.Bound?] = []
            for key in ["min", "max"] {
                guard let text = try options.string(key) else {
                    bounds.append(nil)
                    continue
                }
                guard let bound = DateValidator.Bound(text) else {
                    throw ConfigError("\(key) must be a date YYYY-MM-DD that exists, or \"today\", not \"\(text)\"")
                }
                bounds.append(bound)
            }
            return DateValidator(min: bounds[0], max: bounds[1])
        case "number":
            try options.allow(["min", "max"])
            let min = try options.number("min")
            let max = try options.number("max")
            if let min, let max, min > max { throw ConfigError("min (\(min)) is greater than max (\(max))") }
            return NumberValidator(min: min, max: max)
        case "oneOf":
            try options.allow(["values"])
            guard let values = try options.strings("values"), !values.isEmpty else {
                throw ConfigError("oneOf needs \"values\": a non-empty list of strings")
            }
            return OneOfValidator(values: values)
        case "matchesField":
            try options.allow(["field"])
            let other = try options.requiredString("field")
            guard let form else {
                throw ConfigError(
                    "matchesField can only be used in a form (it compares with another field of the form)")
            }
            guard let label = form[other] else {
                throw ConfigError(
                    "the form has no field \"\(other)\"; its fields: \(form.keys.sorted().joined(separator: ", "))")
            }
            return MatchesFieldValidator(field: other, otherLabel: label)
        default:
            if let kind = IncludesValidator.Kind(rawValue: options.name) {
                try options.allow([])
                return IncludesValidator(kind)
            }
            preconditionFailure("RuleCatalog asks only for the names it lists")
        }
    }
}
