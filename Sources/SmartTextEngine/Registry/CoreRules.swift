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
            "date", options: ["pattern"],
            summary: "`DD.MM.YYYY`, `MM/DD/YYYY`, `YYYY-MM-DD`… (`pattern` omitted: the request locale's order); "
                + "`meta.date` the ISO date"
        ) { options in
            guard let text = options.string("pattern") else { return DateFormatter(pattern: nil) }
            guard let pattern = DatePattern(text) else {
                options.problem(DatePattern.problem(text))
                return nil
            }
            return DateFormatter(pattern: pattern)
        },
        FormatterDefinition(
            "time", options: ["clock"],
            summary: "`HH:MM` (`clock` `24`) or `hh:MM AM` (`12`); omitted: the request locale's clock; "
                + "`meta.time` the ISO time"
        ) { options in
            switch options.object["clock"] {
            case nil: return TimeFormatter(clock: nil)
            case .integer(let hours) where hours == 12 || hours == 24:
                return TimeFormatter(clock: hours == 12 ? .h12 : .h24)
            default: return options.choice("clock", as: Clock.self).map { TimeFormatter(clock: $0) }
            }
        },
        FormatterDefinition(
            "number",
            options: ["grouping", "groupSeparator", "decimalSeparator", "fractionDigits", "allowNegative", "currency"],
            summary:
                "grouping `thousand`, `wan`, `lakh` or `none` and the separators (those left out follow the request's "
                + "locale); `currency` an ISO 4217 code, its symbol as the locale writes it; `value` is always "
                + "`1234567.89`",
            build: number),
    ]

    private static func number(_ options: inout RuleOptions) -> (any TextFormatter)? {
        let problems = options.problems.count
        var localeParts: NumberFormatter.LocaleParts = []
        let givenGrouping = options.choice("grouping", as: NumberGrouping.self)
        let givenGroup = options.character("groupSeparator")
        let givenDecimal = options.character("decimalSeparator")
        let givenFraction = options.integer("fractionDigits", in: 0...10)
        let allowNegative = options.bool("allowNegative") ?? false
        let currency = options.string("currency")
        if options.object["grouping"] == nil { localeParts.insert(.grouping) }
        if options.object["groupSeparator"] == nil { localeParts.insert(.groupSeparator) }
        if options.object["decimalSeparator"] == nil { localeParts.insert(.decimalSeparator) }
        if let currency {
            if currency.utf8.count != 3 || !currency.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) {
                options.problem(
                    "currency must be an ISO 4217 code, three capital letters (EUR, USD, JPY), not \"\(currency)\"")
            }
            if options.object["fractionDigits"] == nil { localeParts.insert(.fractionDigits) }
        }
        let grouping = givenGrouping ?? .thousand
        let groupSeparator = givenGroup ?? ","
        let decimalSeparator = givenDecimal ?? "."
        let fractionDigits = givenFraction ?? 2
        for (key, separator) in [("groupSeparator", givenGroup), ("decimalSeparator", givenDecimal)] {
            guard let separator else { continue }
            if separator.asciiDigit != nil || separator == "-" {
                options.problem("\(key) cannot be a digit or '-'")
            }
            if separator == "\u{2212}" || separator == "+" || MaskFormatter.joinsPreviousCharacter(separator) {
                options.problem("\(key) cannot be a sign or a character that joins the one before it")
            }
        }
        if let givenGroup, let givenDecimal, givenGroup == givenDecimal && grouping != .none {
            options.problem("groupSeparator and decimalSeparator must differ")
        }
        if givenGroup == "." && decimalSeparator != "." && fractionDigits > 0,
            let group = NumberFormatter.smallestGroup(grouping), fractionDigits >= group
        {
            options.problem(
                "with \".\" as groupSeparator, fractionDigits must be below \(group) (the digits of a \(grouping) "
                    + "group), or a value such as 1234.567 could not be told from the text 1.234.567")
        }
        guard options.problems.count == problems else { return nil }
        return NumberFormatter(
            grouping: grouping, groupSeparator: groupSeparator, decimalSeparator: decimalSeparator,
            fractionDigits: fractionDigits, allowNegative: allowNegative, followingLocale: localeParts,
            currency: currency)
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
                "date", options: ["pattern", "min", "max"],
                summary:
                    "a date that exists, in `pattern`'s order (`DD.MM.YYYY`, `locale`; omitted: the field's `date` "
                    + "formatter's, else `YYYY-MM-DD`); `min` and `max` as ISO dates or `today`",
                build: date),
            ValidatorDefinition(
                "time", options: ["min", "max"],
                summary:
                    "a time that exists (24 or 12 hours, as the field's `time` formatter); `min` and `max` as `HH:MM`",
                build: time),
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

    /// `min` and `max` read by `parse`; nil (with a problem recorded) when one is given but unreadable.
    private static func bounds<Bound>(
        _ options: inout RuleOptions, _ expected: String, _ parse: (String) -> Bound?
    ) -> (min: Bound?, max: Bound?)? {
        var bounds: [Bound?] = []
        for key in ["min", "max"] {
            guard let text = options.string(key) else {
                bounds.append(nil)
                continue
            }
            guard let bound = parse(text) else {
                options.problem("\(key) must be \(expected), not \"\(text)\"")
                return nil
            }
            bounds.append(bound)
        }
        return (bounds[0], bounds[1])
    }

    private static func date(_ options: inout RuleOptions, _ form: [String: LocalizedText]?) -> (any Validator)? {
        guard let bounds = bounds(&options, "a date YYYY-MM-DD that exists, or \"today\"", DateValidator.Bound.init)
        else { return nil }
        var layout: DateLayout? = nil
        if let text = options.string("pattern") {
            if text == "locale" {
                layout = .locale
            } else if let pattern = DatePattern(text) {
                layout = .pattern(pattern)
            } else {
                options.problem(DatePattern.problem(text, orLocale: true))
                return nil
            }
        }
        return DateValidator(min: bounds.min, max: bounds.max, layout: layout)
    }

    private static func time(_ options: inout RuleOptions, _ form: [String: LocalizedText]?) -> (any Validator)? {
        guard let bounds = bounds(&options, "a time HH:MM on a 24-hour clock (09:00, 17:30)", TimeOfDay.init)
        else { return nil }
        if let min = bounds.min, let max = bounds.max, max < min {
            options.problem("min (\(min)) is later than max (\(max))")
            return nil
        }
        return TimeValidator(min: bounds.min, max: bounds.max)
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
