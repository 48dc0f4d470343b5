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
            "mask", options: ["pattern", "patterns", "slots", "placeholder"],
            summary: "`#` a digit, `A` a letter, `*` a letter or digit, `[...]` an optional part, `\\` escapes, "
                + "anything else a literal; `slots` defines slot characters: "
                + "`{\"H\": {\"accepts\": \"0-9A-F\", \"case\": \"upper\"}}`; `patterns`: one of several "
                + "(`{\"pattern\", \"name\", \"startsWith\"}`), chosen by what is typed, `meta.mask` its name; "
                + "`placeholder` shown in the slots not yet filled (`(12_) ___-____`)",
            build: mask),
        FormatterDefinition(
            "creditCard",
            summary:
                "grouped by brand, at the lengths it issues: Visa (13–19 digits), Mastercard (incl. 2221–2720), "
                + "American Express `4-6-5`, Diners Club `4-6-4` (14–19), Discover, JCB, UnionPay (16–19), Maestro; "
                + "`meta.brand`"
        ) { _ in CreditCardFormatter() },
        FormatterDefinition("cardExpiry", summary: "`MM/YY`; `4` gives `04/`") { _ in CardExpiryFormatter() },
        FormatterDefinition(
            "iban",
            summary: "groups of four, the country's length and BBAN structure (ISO 13616 registry); `meta.country`, "
                + "`meta.bankCode`, `meta.branchCode`"
        ) { _ in IBANFormatter() },
        FormatterDefinition("email", summary: "white space removed, the domain lower-cased") { _ in
            EmailFormatter()
        },
        FormatterDefinition(
            "date", options: ["pattern"],
            summary: "`DD.MM.YYYY`, `MM/DD/YYYY`, `YYYY-MM-DD`… (`pattern` omitted: the request locale's order), "
                + "or a month alone: `MM/YYYY`, `YYYY-MM`, `MM.YYYY`…; `MMM` for `MM` writes the month's name in the "
                + "request locale (`DD MMM YYYY`: `31 Dec 2024`, `31 Dez 2024`), typed as digits or letters; `EEE` "
                + "before or after the date its weekday, written once the date is whole (`EEE, DD.MM.YYYY`: "
                + "`Tue, 31.12.2024`); "
                + "`value` the digits, `meta.date` the ISO date (`2024-12-31`, a month `2024-12`)"
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
            options: [
                "grouping", "groupSeparator", "decimalSeparator", "fractionDigits", "allowNegative", "currency",
                "prefix", "suffix", "negative", "scale",
            ],
            summary:
                "grouping `thousand`, `wan`, `lakh` or `none` and the separators (those left out follow the request's "
                + "locale); `currency` an ISO 4217 code, its symbol as the locale writes it; `prefix` and `suffix` "
                + "the field's own (`USD `, ` kg`, `%`), the caret never inside them; `negative` `minus` or "
                + "`parentheses` (`(1,234.50)`); `scale`: `meta.scaled` is the number times 10^scale (`-2`: "
                + "`12.5 %` is `0.125`); `value` is always `1234567.89`",
            build: number),
        FormatterDefinition(
            "identifier", options: ["kind", "kinds"],
            summary: "a national, tax or company number or a global code in its layout as typed (`kind`: `br.cpf`, "
                + "`in.pan`, `isbn`…, `GET /v1/identifiers` lists them; `kinds`: one of several, chosen by what is "
                + "typed); `meta.kind`, `meta.country`, `meta.compact`"
        ) { options in
            identifierKinds(&options).map { IdentifierFormatter(kinds: $0) }
        },
        FormatterDefinition(
            "vat", options: ["country"],
            summary: "a VAT number of `country` (EU member states, `GB`, `CH`, `NO`), its prefix supplied; without "
                + "it, of the country its prefix names; `meta.country`, `meta.compact`"
        ) { options in
            vatKinds(&options).map { IdentifierFormatter(name: "vat", kinds: $0) }
        },
    ]

    private static func mask(_ options: inout RuleOptions) -> (any TextFormatter)? {
        let problems = options.problems.count
        let pattern = options.string("pattern")
        let classes = maskSlotClasses(&options)
        let given = options.object["patterns"]
        let placeholder = options.character("placeholder")
        if let placeholder,
            placeholder.isLetter || placeholder.halfWidth.asciiDigit != nil || placeholder.isSpace
                || MaskFormatter.joinsPreviousCharacter(placeholder)
                || classes?.contains(where: { $0.character == placeholder }) == true
                || ["#", "A", "*", "\\", "[", "]"].contains(placeholder)
        {
            options.problem(
                "placeholder must be a character that is no letter, digit, white space, slot character or "
                    + "joining mark (\"_\"), not \"\(placeholder)\"")
        }
        guard options.problems.count == problems, let classes else { return nil }
        func build(_ pattern: String, _ place: String) -> MaskFormatter? {
            do throws(MaskFormatter.PatternError) {
                let mask = try MaskFormatter(pattern: pattern, classes: classes, placeholder: placeholder)
                if let placeholder, mask.slots.contains(.literal(placeholder)) {
                    options.problem(
                        place + "the placeholder \"\(placeholder)\" is a literal of the pattern \"\(pattern)\": "
                            + "a shown placeholder could not be told from it")
                    return nil
                }
                return mask
            } catch {
                options.problem(place + error.message)
                return nil
            }
        }
        switch (pattern, given) {
        case (let pattern?, nil): return build(pattern, "")
        case (nil, .array(let list)?) where !list.isEmpty:
            var choices: [MaskAlternatives.Choice] = []
            var names: Set<String> = []
            for (index, entry) in list.enumerated() {
                let place = "patterns[\(index)]: "
                var text: String? = nil
                var name: String? = nil
                var startsWith: [String] = []
                switch entry {
                case .string(let value): text = value
                case .object(let object):
                    for member in object.members {
                        switch (member.key, member.value) {
                        case ("pattern", .string(let value)): text = value
                        case ("name", .string(let value)): name = value
                        case ("startsWith", .array(let prefixes)):
                            for prefix in prefixes {
                                guard case .string(let value) = prefix, !value.isEmpty else {
                                    options.problem(place + "startsWith must list non-empty strings (\"34\")")
                                    return nil
                                }
                                startsWith.append(value)
                            }
                        default:
                            options.problem(
                                place + "\"\(member.key)\" is not one of pattern (a string), name (a string), "
                                    + "startsWith (a list of strings)")
                            return nil
                        }
                    }
                default: break
                }
                guard let text else {
                    options.problem(place + "needs a pattern: \"###.###.###-##\" or {\"pattern\": …, \"name\": …}")
                    return nil
                }
                guard let mask = build(text, place) else { return nil }
                let choice = MaskAlternatives.Choice(mask: mask, name: name, startsWith: startsWith)
                guard names.insert(choice.name).inserted else {
                    options.problem(place + "the name \"\(choice.name)\" is already another pattern's")
                    return nil
                }
                choices.append(choice)
            }
            let layouts = choices.map(\.mask.layoutCount).reduce(0, +)
            guard layouts <= MaskFormatter.maximumLayouts else {
                options.problem(
                    "patterns lay the text out in \(layouts) ways (each pattern once for each choice of its "
                        + "optional parts); at most \(MaskFormatter.maximumLayouts)")
                return nil
            }
            return choices.count == 1 ? choices[0].mask : MaskAlternatives(choices)
        default:
            options.problem(
                "mask needs the option \"pattern\" (a string) or \"patterns\" (a non-empty list), not both")
            return nil
        }
    }

    /// The slot characters of `mask`'s `slots` option (none without it); nil (recorded) when one cannot be used.
    static func maskSlotClasses(_ options: inout RuleOptions) -> [MaskFormatter.SlotClass]? {
        guard let given = options.object["slots"] else { return [] }
        guard case .object(let object) = given else {
            options.problem("slots must be an object: {\"H\": {\"accepts\": \"0-9A-F\", \"case\": \"upper\"}}")
            return nil
        }
        var classes: [MaskFormatter.SlotClass] = []
        for member in object.members {
            let key = Array(member.key.unicodeScalars)
            guard key.count == 1, !["#", "A", "*", "\\"].contains(key[0]), !key[0].isSpace,
                !MaskFormatter.joinsPreviousCharacter(key[0])
            else {
                options.problem(
                    "slots: \"\(member.key)\" must be one character other than #, A, *, \\ and white space")
                return nil
            }
            var accepts: String? = nil
            var folding: CaseFormatter.Direction? = nil
            switch member.value {
            case .string(let text): accepts = text
            case .object(let definition):
                for entry in definition.members {
                    switch (entry.key, entry.value) {
                    case ("accepts", .string(let text)): accepts = text
                    case ("case", .string("upper")): folding = .upper
                    case ("case", .string("lower")): folding = .lower
                    case ("case", _):
                        options.problem("slots: \"\(member.key)\": case must be \"upper\" or \"lower\"")
                        return nil
                    case ("accepts", _):
                        options.problem("slots: \"\(member.key)\": accepts must be a string (\"0-9A-F\")")
                        return nil
                    default:
                        options.problem(
                            "slots: \"\(member.key)\": unknown key \"\(entry.key)\" (it takes accepts and case)")
                        return nil
                    }
                }
            default: break
            }
            guard let accepts else {
                options.problem(
                    "slots: \"\(member.key)\" needs the characters it accepts: \"0-9A-F\" or "
                        + "{\"accepts\": \"0-9A-F\", \"case\": \"upper\"}")
                return nil
            }
            let (ranges, problem) = MaskFormatter.SlotClass.ranges(accepts)
            guard let ranges else {
                options.problem("slots: \"\(member.key)\": accepts \(problem ?? "")")
                return nil
            }
            classes.append(MaskFormatter.SlotClass(character: key[0], ranges: ranges, folding: folding))
        }
        return classes
    }

    /// The kinds of `identifier`'s `kind` or `kinds` option; nil (recorded) when missing or unknown.
    static func identifierKinds(_ options: inout RuleOptions) -> [IdentifierKind]? {
        let problems = options.problems.count
        let one = options.string("kind")
        let several = options.strings("kinds")
        guard options.problems.count == problems else { return nil }
        guard (one == nil) != (several == nil) else {
            options.problem(
                "identifier needs \"kind\" (a kind of GET /v1/identifiers: \"br.cpf\") or \"kinds\" (a list)")
            return nil
        }
        let names = several ?? [one!]
        guard !names.isEmpty else {
            options.problem("kinds must name at least one kind")
            return nil
        }
        var kinds: [IdentifierKind] = []
        for name in names {
            guard let kind = Identifiers.kind(name) else {
                options.problem(
                    "unknown identifier kind \"\(name)\": GET /v1/identifiers lists the kinds (\"br.cpf\", \"in.pan\", "
                        + "\"isbn\")")
                return nil
            }
            kinds.append(kind)
        }
        return kinds
    }

    /// The VAT kinds of `vat`'s `country` option: that country's, or every one when it is left out.
    static func vatKinds(_ options: inout RuleOptions) -> [IdentifierKind]? {
        let problems = options.problems.count
        guard let country = options.string("country") else {
            return options.problems.count == problems ? Identifiers.vat : nil
        }
        guard let kind = Identifiers.vat(country: country == "EL" ? "GR" : country), country == country.uppercased()
        else {
            options.problem(
                "unknown VAT country \"\(country)\": one of \(Identifiers.vatCountries.joined(separator: ", "))")
            return nil
        }
        return [kind]
    }

    private static func number(_ options: inout RuleOptions) -> (any TextFormatter)? {
        let problems = options.problems.count
        var localeParts: NumberFormatter.LocaleParts = []
        let givenGrouping = options.choice("grouping", as: NumberGrouping.self)
        let givenGroup = options.character("groupSeparator")
        let givenDecimal = options.character("decimalSeparator")
        let givenFraction = options.integer("fractionDigits", in: 0...10)
        let allowNegative = options.bool("allowNegative") ?? false
        let currency = options.string("currency")
        let prefix = options.string("prefix")
        let suffix = options.string("suffix")
        let negative = options.choice("negative", as: NumberFormatter.NegativeStyle.self)
        let scale = options.integer("scale", in: -10...10)
        if negative == .parentheses && !allowNegative {
            options.problem("negative \"parentheses\" needs \"allowNegative\": true")
        }
        if currency != nil && (prefix != nil || suffix != nil) {
            options.problem(
                "prefix and suffix cannot be combined with currency: the currency's symbol is written around the "
                    + "amount as the locale writes it")
        }
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
        for (key, text) in [("prefix", prefix), ("suffix", suffix)] {
            guard let text else { continue }
            if let problem = numberAffixProblem(text, separators: [givenGroup, givenDecimal].compactMap { $0 }) {
                options.problem("\(key) \(problem)")
            }
        }
        guard options.problems.count == problems else { return nil }
        return NumberFormatter(
            grouping: grouping, groupSeparator: groupSeparator, decimalSeparator: decimalSeparator,
            fractionDigits: fractionDigits, allowNegative: allowNegative, followingLocale: localeParts,
            currency: currency,
            style: NumberFormatter.Style(
                prefix: prefix ?? "", suffix: suffix ?? "", negative: negative ?? .minus, scale: scale ?? 0))
    }

    /// Why a number's `prefix` or `suffix` cannot be used, if it cannot: it must have a character that is not
    /// white space, at most 16 characters, none that the number reads (a digit, a sign, a separator, a
    /// parenthesis; white space is formatting around the number) and none that joins the character before it.
    static func numberAffixProblem(_ text: String, separators: [Unicode.Scalar]) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: { !$0.isSpace }) else {
            return "must have a character that is not white space, not \"\(text)\""
        }
        guard scalars.count <= 16 else { return "must be at most 16 characters, not \(scalars.count)" }
        if let read = scalars.first(where: {
            $0.halfWidth.asciiDigit != nil || NumberFormatter.Style.reservedCharacters.contains($0.halfWidth)
                || (separators.contains($0) && !$0.isSpace)
        }) {
            return "cannot hold \"\(read)\": the number reads digits, signs, separators and parentheses "
                + "(\"\(text)\")"
        }
        if let joining = scalars.first(where: MaskFormatter.joinsPreviousCharacter) {
            let code = String(joining.value, radix: 16, uppercase: true)
            return "cannot hold U+\(code), which joins the character before it into one character (\"\(text)\")"
        }
        return nil
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
                "email", summary: "an address with an ASCII domain (`RuleCatalog.standard`'s takes IDNA2008 domains)"
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
            ValidatorDefinition(
                "iban", summary: "ISO 13616: the country's length and BBAN structure, ISO 7064 MOD 97-10 (see below)"
            ) { _, _ in
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
                    + "formatter's, else `YYYY-MM-DD`), or a month (`MM/YYYY`, `YYYY-MM`); `min` and `max` as ISO "
                    + "dates, months (`2024-12`, compared by month) or `today`",
                build: date),
            ValidatorDefinition(
                "time", options: ["min", "max"],
                summary:
                    "a time that exists (24 or 12 hours, as the field's `time` formatter); `min` and `max` as `HH:MM`",
                build: time),
            ValidatorDefinition(
                "number", options: ["min", "max"], summary: "a number from `min` to `max`", build: number),
            ValidatorDefinition("digits", summary: "decimal digits only") { _, _ in DigitsValidator() },
            ValidatorDefinition(
                "identifier", options: ["kind", "kinds"],
                summary: "a valid identifier of `kind` (or of one of `kinds`): its layout, check digits and structure, "
                    + "from the kind's public definition"
            ) { options, _ in identifierKinds(&options).map { IdentifierValidator(kinds: $0) } },
            ValidatorDefinition(
                "vat", options: ["country"],
                summary: "a valid VAT number of `country` (without it, of the country its prefix names): its check "
                    + "digits"
            ) { options, _ in vatKinds(&options).map { IdentifierValidator(name: "vat", kinds: $0) } },
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
        guard
            let bounds = bounds(
                &options, "a date YYYY-MM-DD that exists, a month YYYY-MM, or \"today\"", DateValidator.Bound.init)
        else { return nil }
        if let min = bounds.min?.days, let max = bounds.max?.days, max.last < min.first {
            options.problem("min (\(bounds.min!)) is later than max (\(bounds.max!)): no date can be valid")
            return nil
        }
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
