/// The rules written in Swift: one list, from which the catalogue's names,
/// option keys, summaries and builders all come.
enum CoreRules {
    // MARK: Formatters

    static let formatters: [FormatterDefinition] = [
        FormatterDefinition(
            "trim",
            summary: "leading white space; trailing white space on `blur` and `submit`, so typing `John Smith` works"
        ) { _ in TrimFormatter() },
        FormatterDefinition("trimStart", summary: "leading white space") { _ in TrimStartFormatter() },
        FormatterDefinition("collapseWhitespace", summary: "runs of white space become one space") { _ in
            CollapseWhitespaceFormatter()
        },
        FormatterDefinition("removeWhitespace", summary: "every white space character removed") { _ in
            RemoveWhitespaceFormatter()
        },
        FormatterDefinition("lowercase", summary: "lower case") { _ in CaseFormatter(.lower) },
        FormatterDefinition("uppercase", summary: "upper case") { _ in CaseFormatter(.upper) },
        FormatterDefinition("digits", summary: "decimal digits only (full-width and other digits become ASCII)") {
            _ in DigitsFormatter()
        },
        FormatterDefinition("maxLength", options: ["max"], summary: "at most `max` characters") { options in
            options.requiredInteger("max", in: 1...1_000_000).map { MaxLengthFormatter(max: $0) }
        },
        FormatterDefinition(
            "mask", options: ["pattern"],
            summary: "`#` a digit, `A` a letter, `*` a letter or digit, `\\` escapes, anything else a literal"
        ) { options in
            guard let pattern = options.requiredString("pattern") else { return nil }
            do throws(MaskFormatter.PatternError) {
                return try MaskFormatter(pattern: pattern)
            } catch {
                options.problem(error.message)
                return nil
            }
        },
        FormatterDefinition(
            "creditCard",
            summary:
                "grouped by brand: Visa, Mastercard (incl. 2221–2720), American Express `4-6-5`, Diners Club `4-6-4`, "
                + "Discover, JCB, UnionPay (up to 19 digits), Maestro; `meta.brand`"
        ) { _ in CreditCardFormatter() },
        FormatterDefinition("cardExpiry", summary: "`MM/YY`; `4` gives `04/`") { _ in CardExpiryFormatter() },
        FormatterDefinition("iban", summary: "groups of four, the country's length") { _ in IBANFormatter() },
        FormatterDefinition("email", summary: "white space removed, domain lower-cased") { _ in EmailFormatter() },
        FormatterDefinition(
            "number", options: ["grouping", "groupSeparator", "decimalSeparator", "fractionDigits", "allowNegative"],
            summary: "grouping `thousand`, `wan`, `lakh` or `none`; `value` is always `1234567.89`",
            build: number),
    ]

    private static func number(_ options: inout RuleOptions) -> (any TextFormatter)? {
        let problems = options.problems.count
        let grouping = options.choice("grouping", as: NumberGrouping.self) ?? .thousand
        let groupSeparator = options.character("groupSeparator") ?? ","
        let decimalSeparator = options.character("decimalSeparator") ?? "."
        let fractionDigits = options.integer("fractionDigits", in: 0...10) ?? 2
        let allowNegative = options.bool("allowNegative") ?? false
        for (key, separator) in [("groupSeparator", groupSeparator), ("decimalSeparator", decimalSeparator)]
        where separator.asciiDigit != nil || separator == "-" {
            options.problem("\(key) cannot be a digit or '-'")
        }
        for (key, separator) in [("groupSeparator", groupSeparator), ("decimalSeparator", decimalSeparator)]
        where separator == "\u{2212}" || separator == "+" || MaskFormatter.joinsPreviousCharacter(separator) {
            options.problem("\(key) cannot be a sign or a character that joins the one before it")
        }
        if groupSeparator == decimalSeparator && grouping != .none {
            options.problem("groupSeparator and decimalSeparator must differ")
        }
        if groupSeparator == "." && decimalSeparator != "." && fractionDigits > 0,
            let group = NumberFormatter.smallestGroup(grouping), fractionDigits >= group
        {
            options.problem(
                "with \".\" as groupSeparator, fractionDigits must be below \(group) (the digits of a \(grouping) "
                    + "group), or a value such as 1234.567 could not be told from the text 1.234.567")
        }
        guard options.problems.count == problems else { return nil }
        return NumberFormatter(
            grouping: grouping, groupSeparator: groupSeparator, decimalSeparator: decimalSeparator,
            fractionDigits: fractionDigits, allowNegative: allowNegative)
    }

    // MARK: Validators

    /// Bounds of the length options.
    private static let lengths: ClosedRange<Int64> = 0...1_000_000

    static let validators: [ValidatorDefinition] =
        [
            ValidatorDefinition("notEmpty", summary: "a value is required") { _, _ in NotEmptyValidator() },
            ValidatorDefinition("minLength", options: ["min"], summary: "at least `min` characters") { options, _ in
                options.requiredInteger("min", in: lengths).map {
                    LengthValidator(name: "minLength", min: $0, max: nil)
                }
            },
            ValidatorDefinition("maxLength", options: ["max"], summary: "at most `max` characters") { options, _ in
                options.requiredInteger("max", in: lengths).map {
                    LengthValidator(name: "maxLength", min: nil, max: $0)
                }
            },
            ValidatorDefinition(
                "length", options: ["min", "max"], summary: "from `min` to `max` characters (either may be left out)",
                build: length),
            ValidatorDefinition(
                "email", summary: "a practical address (see below)"
            ) { _, _ in EmailValidator() },
            ValidatorDefinition("luhn", summary: "the Luhn check digit of card numbers") { _, _ in LuhnValidator() },
            ValidatorDefinition(
                "cardBrand", options: ["allowed"], summary: "the card's brand is one of `allowed`", build: cardBrand),
            ValidatorDefinition("cardExpiry", summary: "a month and year that is not in the past") { _, _ in
                CardExpiryValidator()
            },
            ValidatorDefinition(
                "cvc", options: ["cardField"],
                summary: "3 digits; 4 when the form's `cardField` (default `credit_card`) is an American Express card"
            ) { options, _ in CVCValidator(cardField: options.string("cardField") ?? "credit_card") },
            ValidatorDefinition("iban", summary: "the country's length and the mod-97 check") { _, _ in
                IBANValidator()
            },
            ValidatorDefinition(
                "cnResidentId",
                summary: "the GB 11643 check character and a birth date that exists and is not in the future"
            ) { _, _ in CNResidentIDValidator() },
            ValidatorDefinition(
                "date", options: ["min", "max"],
                summary: "`YYYY-MM-DD`, a date that exists; `min` and `max` as dates or `today`",
                build: date),
            ValidatorDefinition(
                "number", options: ["min", "max"], summary: "a number from `min` to `max`", build: number),
            ValidatorDefinition("digits", summary: "decimal digits only") { _, _ in DigitsValidator() },
        ]
        + IncludesValidator.Kind.allCases.map { kind in
            ValidatorDefinition(kind.rawValue, summary: kind.summary) { _, _ in IncludesValidator(kind) }
        }
        + [
            ValidatorDefinition(
                "oneOf", options: ["values"], summary: "one of the strings in `values`", build: oneOf),
            ValidatorDefinition(
                "matchesField", options: ["field"], summary: "equals another field of the form (forms only)",
                build: matchesField),
        ]

    private static func length(_ options: inout RuleOptions, _ form: [String: LocalizedText]?) -> (any Validator)? {
        let problems = options.problems.count
        let min = options.integer("min", in: lengths)
        let max = options.integer("max", in: lengths)
        guard options.problems.count == problems else { return nil }
        guard min != nil || max != nil else {
            options.problem("length needs \"min\", \"max\" or both")
            return nil
        }
        if let min, let max, min > max {
            options.problem("min (\(min)) is greater than max (\(max))")
            return nil
        }
        return LengthValidator(name: "length", min: min, max: max)
    }

    private static func cardBrand(_ options: inout RuleOptions, _ form: [String: LocalizedText]?) -> (any Validator)? {
        let known = CardBrandValidator.brandNames.joined(separator: ", ")
        let problems = options.problems.count
        let allowed = options.strings("allowed")
        guard options.problems.count == problems else { return nil }
        guard let allowed, !allowed.isEmpty else {
            options.problem("cardBrand needs \"allowed\": a list among \(known)")
            return nil
        }
        if let unknown = allowed.first(where: { !CardBrandValidator.brandNames.contains($0) }) {
            options.problem("unknown card brand \"\(unknown)\"; expected among: \(known)")
            return nil
        }
        return CardBrandValidator(allowed: allowed)
    }

    private static func date(_ options: inout RuleOptions, _ form: [String: LocalizedText]?) -> (any Validator)? {
        var bounds: [DateValidator.Bound?] = []
        for key in ["min", "max"] {
            guard let text = options.string(key) else {
                bounds.append(nil)
                continue
            }
            guard let bound = DateValidator.Bound(text) else {
                options.problem("\(key) must be a date YYYY-MM-DD that exists, or \"today\", not \"\(text)\"")
                return nil
            }
            bounds.append(bound)
        }
        return DateValidator(min: bounds[0], max: bounds[1])
    }

    private static func number(_ options: inout RuleOptions, _ form: [String: LocalizedText]?) -> (any Validator)? {
        let problems = options.problems.count
        let min = options.number("min")
        let max = options.number("max")
        guard options.problems.count == problems else { return nil }
        if let min, let max, min > max {
            options.problem("min (\(min)) is greater than max (\(max))")
            return nil
        }
        return NumberValidator(min: min, max: max)
    }

    private static func oneOf(_ options: inout RuleOptions, _ form: [String: LocalizedText]?) -> (any Validator)? {
        let problems = options.problems.count
        let values = options.strings("values")
        guard options.problems.count == problems else { return nil }
        guard let values, !values.isEmpty else {
            options.problem("oneOf needs \"values\": a non-empty list of strings")
            return nil
        }
        return OneOfValidator(values: values)
    }

    private static func matchesField(
        _ options: inout RuleOptions, _ form: [String: LocalizedText]?
    ) -> (any Validator)? {
        guard let other = options.requiredString("field") else { return nil }
        guard let form else {
            options.problem("matchesField can only be used in a form (it compares with another field of the form)")
            return nil
        }
        guard let label = form[other] else {
            options.problem(
                "the form has no field \"\(other)\"; its fields: \(form.keys.sorted().joined(separator: ", "))")
            return nil
        }
        return MatchesFieldValidator(field: other, otherLabel: label)
    }
}
