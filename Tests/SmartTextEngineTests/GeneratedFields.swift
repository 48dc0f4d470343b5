import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextTestSupport
import Testing

/// A field configuration made up for the property tests, written as a team would write it in a registry.
struct GeneratedField: Sendable, CustomTestStringConvertible {
    /// The field's name in the generated registry (`mask7`, `number12`, `phoneJP`).
    var name: String
    /// The field's formatters, as registry JSON (`[{"mask": {"pattern": "AA-###"}}]`).
    var formatters: String
    /// Its validators, as registry JSON.
    var validators = "[]"
    /// A mask's pattern, as written.
    var pattern: String? = nil
    /// What the registry must say instead of loading it, by the documented rules (nil: it loads).
    var expectedProblem: String? = nil
    /// What to type into it besides the common alphabet (a pattern's literals, more digits for a phone).
    var extraAlphabet: [String] = []
    /// True when its texts can hold characters of more than one scalar (emoji, combining accents).
    var keepsClusters = false
    /// The locale its requests come in (nil: none), for fields that follow the locale.
    var locale: String? = nil

    var testDescription: String { "\(name): \(formatters)" + (locale.map { " in \($0)" } ?? "") }

    /// The alphabet random texts for this field are drawn from.
    var alphabet: [String] { alphabetBase + extraAlphabet }
}

/// Characters users produce in any field: digits of several scripts, letters, separators, white space,
/// CJK and emoji (the engine's own property tests use the same kinds).
let alphabetBase: [String] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "０", "٣", "a", "B", "x", "Z", "é", "ß", "D", "E", " ", "-",
    "/", ".", ",", "+", "(", ")", "@", "_", "张", "😀", "👍🏽", "e\u{301}",
]

/// The generated configurations: fixed seeds, so that a failure replays exactly.
enum FieldGenerator {
    /// Literals between groups: mostly punctuation, sometimes a letter or digit.
    static let maskPunctuation: [String] = [" ", "-", "(", ")", "/", ".", "+", ":"]
    static let maskLettersAndDigits: [String] = ["x", "K", "R", "E", "7", "0"]
    /// Prefixes and suffixes teams write (`+7 (###)`, `8 (###)`, `REF-`, ` kg`).
    static let maskPrefixes = ["+7 (", "8 (", "REF-", "(", "№ ", "ID", "0", "+", "X-", "20"]
    static let maskSuffixes = [" kg", "-X", "7", ")", "/2026", " RUB", "."]

    /// Random mask patterns: letter, digit and any-character slots, literals between groups, literal
    /// prefixes and suffixes with letters and digits among them, escapes; some after `uppercase` or
    /// `trim`. Some have a letter or digit after the first slot that a slot also takes, which the
    /// registry must refuse.
    static func masks(count: Int, seed: UInt64) -> [GeneratedField] {
        var generator = SplitMix64(state: seed)
        return (0..<count).map { number in
            var pattern = ""
            var literals: [String] = []
            func literal(_ text: String) {
                for character in text {
                    let string = String(character)
                    pattern += ["#", "A", "*", "\\"].contains(string) ? "\\" + string : string
                    literals.append(string)
                }
            }
            // The slots' kinds: digits, letters, either, or a mix.
            let kinds = [["#"], ["A"], ["*"], ["#", "A"], ["#", "A", "*"]].randomElement(using: &generator)!
            if Bool.random(using: &generator) { literal(maskPrefixes.randomElement(using: &generator)!) }
            for group in 0..<Int.random(in: 1...4, using: &generator) {
                if group > 0 {
                    for _ in 0..<Int.random(in: 0...2, using: &generator) {
                        let letterOrDigit = Int.random(in: 0..<5, using: &generator) == 0
                        literal(
                            ((letterOrDigit ? maskLettersAndDigits : maskPunctuation).randomElement(using: &generator))!
                        )
                    }
                }
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    pattern += kinds.randomElement(using: &generator)!
                }
            }
            if Int.random(in: 0..<3, using: &generator) == 0 { literal(maskSuffixes.randomElement(using: &generator)!) }
            if Int.random(in: 0..<6, using: &generator) == 0 { literal("#") }
            let mask = #"{"mask": {"pattern": \#(JSONValue.string(pattern).encodedForTest)}}"#
            let chain =
                switch number % 4 {
                case 1: #"["uppercase", \#(mask)]"#
                case 2: #"["trim", \#(mask)]"#
                default: "[\(mask)]"
                }
            return GeneratedField(
                name: "mask\(number)", formatters: chain, pattern: pattern,
                expectedProblem: refusesMask(pattern) ? "after its first slot, where a slot also takes it" : nil,
                extraAlphabet: literals + ["A", "R", "K"])
        }
    }

    /// The documented rule, written again here: a letter or digit after the first slot that one of the
    /// pattern's slots takes (`*** kg`, `##0##`) is refused.
    static func refusesMask(_ pattern: String) -> Bool {
        var kinds: Set<Character> = []
        var later: [Character] = []
        var escaped = false
        for character in pattern {
            if escaped || !["\\", "#", "A", "*"].contains(character) {
                if !kinds.isEmpty { later.append(character) }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                kinds.insert(character)
            }
        }
        let digits = kinds.contains("#") || kinds.contains("*")
        let letters = kinds.contains("A") || kinds.contains("*")
        return later.contains { ($0.isASCII && $0.isNumber && digits) || ($0.isLetter && letters) }
    }

    static let groupSeparators = [",", ".", " ", "'", "\u{00A0}"]
    static let decimalSeparators = [".", ","]

    /// Number fields with every separator setting: each grouping with each group and decimal
    /// separator, with fraction digits and the minus sign drawn at random.
    static func numbers(seed: UInt64) -> [GeneratedField] {
        var generator = SplitMix64(state: seed)
        var fields: [GeneratedField] = []
        for grouping in NumberGrouping.allCases {
            for group in groupSeparators {
                for decimal in decimalSeparators {
                    let fractionDigits = [0, 1, 2, 2, 3].randomElement(using: &generator)!
                    let negative = Bool.random(using: &generator)
                    let smallestGroup = ["thousand": 3, "wan": 4, "lakh": 2][grouping.rawValue]
                    let problem: String? =
                        if group == decimal && grouping != .none {
                            "groupSeparator and decimalSeparator must differ"
                        } else if group == "." && decimal != "." && fractionDigits > 0,
                            let smallestGroup, fractionDigits >= smallestGroup
                        {
                            #"with "." as groupSeparator, fractionDigits must be below"#
                        } else {
                            nil
                        }
                    let options =
                        #"{"grouping": "\#(grouping.rawValue)", "groupSeparator": \#(JSONValue.string(group).encodedForTest), "decimalSeparator": "\#(decimal)", "fractionDigits": \#(fractionDigits), "allowNegative": \#(negative)}"#
                    fields.append(
                        GeneratedField(
                            name: "number\(fields.count)", formatters: #"[{"number": \#(options)}]"#,
                            validators: #"[{"number": {}}]"#, expectedProblem: problem,
                            extraAlphabet: [group, "−", "0", "0", "1", "5"]))
                }
            }
        }
        return fields
    }

    /// Regions with their own phone numbering (libphonenumber), and international input.
    static let regions = [
        "CN", "US", "GB", "DE", "JP", "IN", "FR", "BR", "RU", "AU", "KR", "IT", "ES", "MX", "NL", "SE", "CH", "PL",
        "TR",
        "ID", "NG", "ZA", "AR", "EG", "SG", "IL",
    ]

    static func phones() -> [GeneratedField] {
        (regions.map(Optional.some) + [nil]).map { region in
            let options = region.map { #"{"region": "\#($0)"}"# } ?? "{}"
            return GeneratedField(
                name: "phone\(region ?? "")", formatters: #"[{"phone": \#(options)}]"#,
                validators: #"[{"phone": \#(options)}]"#,
                extraAlphabet: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "1", "3", "5", "8"])
        }
    }

    /// Free-text chains, whose texts keep emoji and accents.
    static func freeText() -> [GeneratedField] {
        [
            #"["trim", "collapseWhitespace", {"maxLength": {"max": 12}}]"#,
            #"["removeWhitespace", {"maxLength": {"max": 8}}]"#,
            #"["trimStart", "collapseWhitespace"]"#, #"[{"maxLength": {"max": 5}}]"#,
        ].enumerated().map { GeneratedField(name: "text\($0.offset)", formatters: $0.element, keepsClusters: true) }
    }

    /// Every generated field, as one registry file.
    static func registry(_ fields: [GeneratedField]) -> String {
        let members = fields.map {
            #""\#($0.name)": {"formatters": \#($0.formatters), "validators": \#($0.validators)}"#
        }
        return #"{"version": "generated", "fields": {\#(members.joined(separator: ", "))}}"#
    }
}

// MARK: Fields that follow the request's locale

/// A formatter as a request in one locale sees it: its context carries that locale's conventions.
/// The property checks call fields without a locale; a generated field that follows the locale is
/// pinned to one this way, so every check runs as requests in that locale run.
struct LocalePinnedFormatter: TextFormatter {
    let formatter: any TextFormatter
    let conventions: LocaleConventions

    var name: String { formatter.name }
    var mapsValue: Bool { formatter.mapsValue }
    var maximumLength: Int? { formatter.maximumLength }
    var acceptedCharacters: AcceptedCharacters { formatter.acceptedCharacters }
    var laysOutWholeText: Bool { formatter.laysOutWholeText }
    var readsLocale: Bool { formatter.readsLocale }
    var currencyCode: String? { formatter.currencyCode }
    func valueScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar { formatter.valueScalar(scalar) }

    func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var pinned = context
        pinned.conventions = conventions
        return formatter.format(input, context: pinned)
    }
}

/// A validator as a request in one locale sees it.
struct LocalePinnedValidator: Validator {
    let validator: any Validator
    let conventions: LocaleConventions

    var name: String { validator.name }
    var parameters: [String: String] { validator.parameters }
    var localizedParameters: [String: LocalizedText] { validator.localizedParameters }
    var usesFormValues: Bool { validator.usesFormValues }
    var readsLocale: Bool { validator.readsLocale }

    func check(_ input: ValidationInput) -> RuleCheck {
        var pinned = input
        pinned.conventions = conventions
        return validator.check(pinned)
    }

    func message(for check: RuleCheck) -> LocalizedText { validator.message(for: check) }
}

extension Field {
    /// The field as requests in `locale` (a language tag, with its region for phone fields) see it.
    func pinned(to locale: String) -> Field {
        let conventions = LocaleData.conventions(
            for: LocalePreference(tags: [locale]),
            currencies: formatter.formatters.compactMap(\.currencyCode))
        return Field(
            name: name, label: label,
            formatters: formatter.formatters.map { LocalePinnedFormatter(formatter: $0, conventions: conventions) },
            rules: rules.map {
                ValidatorRule(
                    LocalePinnedValidator(validator: $0.validator, conventions: conventions), events: $0.events,
                    message: $0.message)
            }, report: report, backspace: backspace, hints: hints, definition: definition)
    }
}

extension FieldGenerator {
    /// Locales whose conventions differ: separators, grouping, date orders, clocks, phone regions.
    static let locales = ["de-DE", "en-US", "fr-FR", "de-CH", "en-IN", "ja-JP", "pt-BR", "en-GB", "ko-KR", "ar-EG"]

    /// Date fields: every common pattern, and the locale's pattern in each locale.
    static func dates() -> [GeneratedField] {
        let patterns = [
            "DD.MM.YYYY", "MM/DD/YYYY", "YYYY-MM-DD", "DD/MM/YYYY", "YYYY.MM.DD", "DD-MM-YYYY", "YYYY/MM/DD",
        ]
        let alphabet = ["0", "1", "2", "3", "9", "0", "1", "2", "/", ".", "-"]
        let fixed = patterns.enumerated().map { number, pattern in
            GeneratedField(
                name: "date\(number)", formatters: #"[{"date": {"pattern": "\#(pattern)"}}]"#,
                validators: #"["date"]"#, extraAlphabet: alphabet)
        }
        let local = locales.enumerated().map { number, locale in
            GeneratedField(
                name: "dateLocale\(number)", formatters: #"["date"]"#, validators: #"[{"date": {"max": "today"}}]"#,
                extraAlphabet: alphabet, locale: locale)
        }
        return fixed + local
    }

    /// Time fields: both clocks, and the locale's clock.
    static func times() -> [GeneratedField] {
        let alphabet = ["0", "1", "2", "3", "5", "9", ":", "a", "p", "m", "P", "M"]
        return [
            GeneratedField(name: "time24", formatters: #"[{"time": {"clock": 24}}]"#, validators: #"["time"]"#),
            GeneratedField(name: "time12", formatters: #"[{"time": {"clock": "12"}}]"#, validators: #"["time"]"#),
            GeneratedField(
                name: "timeUS", formatters: #"["time"]"#, validators: #"[{"time": {"min": "08:00"}}]"#,
                locale: "en-US"),
            GeneratedField(name: "timeDE", formatters: #"["time"]"#, validators: #"["time"]"#, locale: "de-DE"),
        ].map {
            var field = $0
            field.extraAlphabet = alphabet
            return field
        }
    }

    /// Number fields that leave their separators to the locale, and amounts in a currency, in each locale.
    static func localeNumbers() -> [GeneratedField] {
        let options = [
            #"{}"#, #"{"currency": "EUR", "allowNegative": true}"#, #"{"currency": "JPY"}"#,
            #"{"currency": "USD", "fractionDigits": 3}"#, #"{"grouping": "none", "allowNegative": true}"#,
        ]
        var fields: [GeneratedField] = []
        for locale in locales {
            for option in options {
                fields.append(
                    GeneratedField(
                        name: "numberLocale\(fields.count)", formatters: #"[{"number": \#(option)}]"#,
                        validators: #"[{"number": {}}]"#,
                        extraAlphabet: ["0", "1", "5", ".", ",", "-", "€", "$", "\u{00A0}", "'", "’"], locale: locale))
            }
        }
        return fields
    }

    /// The generic phone field in locales that give it a region.
    static func localePhones() -> [GeneratedField] {
        ["en-GB", "de-DE", "en-US", "ja-JP", "fr-FR", "pt-BR", "en-IN", "zh-CN"].map { (locale: String) in
            GeneratedField(
                name: "phoneLocale\(locale)", formatters: #"[{"phone": {}}]"#, validators: #"[{"phone": {}}]"#,
                extraAlphabet: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "0", "1", "7", "+"],
                locale: locale)
        }
    }
}
