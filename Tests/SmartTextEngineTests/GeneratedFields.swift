import Foundation
import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextTestSupport
import Testing

/// True in the development loop's quick tier (`scripts/test --quick` sets `SMARTTEXT_TEST_QUICK`): the
/// property tests make fewer edits per field, over the same fields (the full run, which CI makes, makes all).
let quickTier = ProcessInfo.processInfo.environment["SMARTTEXT_TEST_QUICK"] != nil

/// A seed the random edits of the property tests are varied by (`SMARTTEXT_PROPERTY_SEED`, a decimal or
/// `0x` number; 0 when unset, the committed seeds alone). Each test's own seed is XORed with it, so a run with
/// another value walks other inputs over the same fields, and a failure replays with the same value.
/// `scripts/test` runs the properties once more with a few other values.
let propertySeed: UInt64 = {
    guard let text = ProcessInfo.processInfo.environment["SMARTTEXT_PROPERTY_SEED"], !text.isEmpty else { return 0 }
    let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    guard let value else { fatalError("SMARTTEXT_PROPERTY_SEED is not a number: \(text)") }
    return value
}()

/// The property tests' generator: the test's own seed varied by ``propertySeed``.
func propertyGenerator(_ seed: UInt64) -> SplitMix64 { SplitMix64(state: seed ^ propertySeed) }

/// True in the sanitizer stages of `scripts/test` (`SMARTTEXT_TEST_SANITIZER`): they look for memory and
/// thread faults, which one region's phone number finds as well as 245, so the suites that sweep every
/// region take ``phoneRegionsUnderTest``'s sample there; the plain run just before sweeps them all.
let sanitizerRun = ProcessInfo.processInfo.environment["SMARTTEXT_TEST_SANITIZER"] != nil

/// The regions a sweep over every region checks: all of libphonenumber's, or under a sanitizer every
/// sixth of them and the regions whose numbering rules are unusual (national prefixes and carrier codes
/// for parsing, shared calling codes, leading zeros kept, numbers of one length only).
let phoneRegionsUnderTest: [String] = {
    guard sanitizerRun else { return PhoneRegions.codes }
    let unusual: Set = ["AD", "AR", "BR", "BY", "CN", "CR", "DE", "GB", "IM", "IT", "KR", "MX", "US", "VA"]
    return PhoneRegions.codes.enumerated().filter { $0.offset % 6 == 0 || unusual.contains($0.element) }.map(\.element)
}()

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

    /// Masks teams write, beside the random ones: a full-width literal, literal prefixes with letters and
    /// digits (after a case mapping, after `trim`).
    static func fixedMasks() -> [GeneratedField] {
        [
            ###"[{"mask": {"pattern": "##／##"}}]"###, ###"["uppercase", {"mask": {"pattern": "REF-******"}}]"###,
            ###"[{"mask": {"pattern": "+7 (###) ###-##-##"}}]"###,
            ###"["trim", {"mask": {"pattern": "8 (###) ###-##-##"}}]"###,
            ###"["lowercase", {"mask": {"pattern": "ID-AA-###"}}]"###, ###"[{"mask": {"pattern": "20##-##"}}]"###,
            // Slot characters the registry defines, with and without case folding.
            ###"[{"mask": {"pattern": "HH:HH:HH", "slots": {"H": {"accepts": "0-9A-F", "case": "upper"}}}}]"###,
            ###"[{"mask": {"pattern": "LL-##", "slots": {"L": "A-Za-z"}}}]"###,
            ###"["trim", {"mask": {"pattern": "x-ll ###", "slots": {"l": {"accepts": "a-z", "case": "lower"}}}}]"###,
            ###"[{"mask": {"pattern": "Q#Q", "slots": {"Q": "0-4ABC"}}}]"###,
            // Optional parts: a digit, a group, an extension, letters, groups that repeat.
            #####"[{"mask": {"pattern": "(##) ####[#]-####"}}]"#####,
            #####"[{"mask": {"pattern": "#### #### #### ####[ ###]"}}]"#####,
            #####"["trim", {"mask": {"pattern": "(###) ###-####[ x####]"}}]"#####,
            #####"["uppercase", {"mask": {"pattern": "AA[A]-##"}}]"#####,
            #####"["uppercase", {"mask": {"pattern": "ID [AA]A-##"}}]"#####,
            #####"[{"mask": {"pattern": "####[ ####][ ####][ ##]"}}]"#####,
            #####"[{"mask": {"pattern": "+7 [(###) ]###-##-##"}}]"#####,
            #####"[{"mask": {"pattern": "HH[:HH]", "slots": {"H": {"accepts": "0-9A-F", "case": "upper"}}}}]"#####,
            // Several patterns, chosen by length, by the kind of the first character, by the first digits.
            #####"[{"mask": {"patterns": [{"pattern": "###.###.###-##", "name": "cpf"}, {"pattern": "##.###.###/####-##", "name": "cnpj"}]}}]"#####,
            #####"["uppercase", {"mask": {"patterns": ["AAA-####", "####-AAA", "AA ## AA"]}}]"#####,
            #####"[{"mask": {"patterns": [{"pattern": "#### ###### #####", "startsWith": ["34", "37"]}, "#### #### #### ####[ ###]"]}}]"#####,
            // Placeholders shown in the slots not yet filled.
            #####"[{"mask": {"pattern": "(###) ###-####", "placeholder": "_"}}]"#####,
            #####"["uppercase", {"mask": {"pattern": "AA-###[#]", "placeholder": "•"}}]"#####,
        ].enumerated().map { number, chain in
            GeneratedField(
                name: "fixedMask\(number)", formatters: chain,
                expectedProblem: chain.contains("AA[A]-##")
                    ? "has an optional part whose slots are not all of the kind of the slots beside it" : nil,
                extraAlphabet: [
                    "／", "/", "R", "E", "F", "-", "+", "7", "8", "(", ")", "I", "D", "2", "0", "r", "e", "a", "f",
                    "C", ":", "x", "X", "G", "g", "_", "•",
                ])
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

    /// The field's own prefixes and suffixes teams write (`USD `, ` %`, ` m²`), and some the registry refuses.
    static let numberPrefixes = ["USD ", "$", "№ ", "≈", "Fr. ", "Σ"]
    static let numberSuffixes = [" %", "%", " kg", " m²", " USD", " net", "\u{00A0}€", " (net)"]

    /// Number fields with a prefix, a suffix or both, negatives with a minus sign or in parentheses (some
    /// without `allowNegative`, which the registry refuses) and a scale, over separators drawn at random.
    static func numberStyles(seed: UInt64) -> [GeneratedField] {
        var generator = SplitMix64(state: seed)
        return (0..<16).map { number in
            var options: [String] = []
            var problem: String? = nil
            var alphabet = ["0", "1", "5", "(", ")", "-", "%", "k", "g", "$", "U", "S", "D", "²", "€"]
            let fractionDigits = [0, 1, 2, 3].randomElement(using: &generator)!
            options.append(#""fractionDigits": \#(fractionDigits)"#)
            if number % 3 == 1 { options.append(#""groupSeparator": " ", "decimalSeparator": ",""#) }
            // At most one mistake a field, so that the registry's one line names it.
            let affixes = number % 4
            if affixes != 1 {
                let prefix = numberPrefixes.randomElement(using: &generator)!
                options.append(#""prefix": \#(JSONValue.string(prefix).encodedForTest)"#)
                alphabet += prefix.map(String.init)
                if prefix.contains(".") { problem = #"prefix cannot hold ".""# }
            }
            if affixes != 0 {
                var suffix = numberSuffixes.randomElement(using: &generator)!
                if suffix.contains("(") && problem != nil { suffix = " net" }
                options.append(#""suffix": \#(JSONValue.string(suffix).encodedForTest)"#)
                alphabet += suffix.map(String.init)
                if suffix.contains("(") { problem = #"suffix cannot hold "(""# }
            }
            let negative = Int.random(in: 0..<3, using: &generator)
            let allowNegative = negative == 0 ? number % 8 != 0 || problem != nil : negative == 2
            options.append(#""allowNegative": \#(allowNegative)"#)
            if negative == 0 {
                options.append(#""negative": "parentheses""#)
                if !allowNegative { problem = #"negative "parentheses" needs "allowNegative": true"# }
            } else if negative == 1 {
                options.append(#""negative": "minus""#)
            }
            if number % 2 == 0 { options.append(#""scale": \#([-2, 3, -4].randomElement(using: &generator)!)"#) }
            return GeneratedField(
                name: "numberStyle\(number)", formatters: #"[{"number": {\#(options.joined(separator: ", "))}}]"#,
                validators: #"[{"number": {}}]"#, expectedProblem: problem, extraAlphabet: alphabet)
        }
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
    /// Date fields: every common pattern, a month alone in each separator, and the locale's pattern in each
    /// locale.
    static func dates(_ locales: [String]) -> [GeneratedField] {
        let patterns = [
            "DD.MM.YYYY", "MM/DD/YYYY", "YYYY-MM-DD", "DD/MM/YYYY", "YYYY.MM.DD", "DD-MM-YYYY", "YYYY/MM/DD",
        ]
        let alphabet = ["0", "1", "2", "3", "9", "0", "1", "2", "/", ".", "-", "\u{200F}"]
        let fixed = patterns.enumerated().map { number, pattern in
            GeneratedField(
                name: "date\(number)", formatters: #"[{"date": {"pattern": "\#(pattern)"}}]"#,
                validators: #"["date"]"#, extraAlphabet: alphabet)
        }
        // A month alone (issue 28), with bounds as months, dates and `today`.
        let months = [
            ("MM/YYYY", #"["date"]"#), ("YYYY-MM", #"[{"date": {"min": "2000-01", "max": "today"}}]"#),
            ("MM.YYYY", #"[{"date": {"min": "1999-12-31"}}]"#), ("MM YYYY", #"["date"]"#),
            ("YYYY/MM", #"[{"date": {"max": "2030-06"}}]"#), ("MM-YYYY", #"["date"]"#),
        ].enumerated().map { number, entry in
            GeneratedField(
                name: "month\(number)", formatters: #"[{"date": {"pattern": "\#(entry.0)"}}]"#,
                validators: entry.1, extraAlphabet: alphabet)
        }
        let local = locales.map { locale in
            GeneratedField(
                name: "dateLocale-\(locale)", formatters: #"["date"]"#, validators: #"[{"date": {"max": "today"}}]"#,
                extraAlphabet: alphabet, locale: locale)
        }
        // The month's name (issue 28), typed as digits or letters: English without a locale, and the names of
        // locales whose letters differ (accents, Cyrillic, Arabic, Devanagari; Japanese's `12月` falls back to
        // English).
        let namedPatterns = ["DD MMM YYYY", "MMM-DD-YYYY", "YYYY MMM DD", "MMM YYYY", "DD.MMM.YYYY"]
        let english = ["J", "a", "n", "u", "D", "e", "c", "M", "y", "r", "F", "b", "j", "N", "o", "v", "S", "p"]
        let named = namedPatterns.enumerated().map { number, pattern in
            GeneratedField(
                name: "dateName\(number)", formatters: #"[{"date": {"pattern": "\#(pattern)"}}]"#,
                validators: #"["date"]"#, extraAlphabet: alphabet + english)
        }
        let namedLocales = ["de-DE", "fr-FR", "ru-RU", "ar-EG", "hi-IN", "ja-JP", "es-ES"].filter(locales.contains)
        let namedLocal = namedLocales.map { locale in
            let names = LocaleData.conventions(for: LocalePreference(tags: [locale])).date.monthNames.names
            let letters = Set(names.flatMap { $0 }.prefix(40)).sorted { $0.value < $1.value }.map { String($0) }
            return GeneratedField(
                name: "dateName-\(locale)", formatters: #"[{"date": {"pattern": "DD MMM YYYY"}}]"#,
                validators: #"[{"date": {"min": "2000-01-01"}}]"#, extraAlphabet: alphabet + letters, locale: locale)
        }
        // The weekday (issue 28), written before or after the date once it is whole: the letters of its names
        // typed or pasted around it, Spanish's `mar` (Tuesday, and March) among them.
        let weekdayPatterns = [
            "EEE, DD MMM YYYY", "DD.MM.YYYY (EEE)", "EEE YYYY-MM-DD", "MMM-DD-YYYY EEE", "YYYY MMM DD, EEE",
            "EEE DD/MM/YYYY",
        ]
        let weekdayLetters = ["T", "u", "e", "W", "d", "S", "a", "t", ",", "(", ")", " "]
        let weekdays = weekdayPatterns.enumerated().map { number, pattern in
            GeneratedField(
                name: "dateWeekday\(number)", formatters: #"[{"date": {"pattern": "\#(pattern)"}}]"#,
                validators: #"["date"]"#, extraAlphabet: alphabet + english + weekdayLetters)
        }
        let weekdayLocales = [
            ("es-ES", "DD MMM YYYY EEE"), ("de-DE", "EEE, DD.MM.YYYY"), ("ja-JP", "YYYY/MM/DD (EEE)"),
            ("ru-RU", "EEE, DD MMM YYYY"), ("ar-EG", "EEE DD/MM/YYYY"),
        ].filter { locales.contains($0.0) }
        let weekdayLocal = weekdayLocales.map { locale, pattern in
            let date = LocaleData.conventions(for: LocalePreference(tags: [locale])).date
            let names = date.weekdayNames.names + date.monthNames.names
            let letters = Set(names.flatMap { $0 }.prefix(40)).sorted { $0.value < $1.value }.map { String($0) }
            return GeneratedField(
                name: "dateWeekday-\(locale)", formatters: #"[{"date": {"pattern": "\#(pattern)"}}]"#,
                validators: #"[{"date": {"min": "2000-01-01"}}]"#, extraAlphabet: alphabet + letters + [",", "("],
                locale: locale)
        }
        return fixed + months + local + named + namedLocal + weekdays + weekdayLocal
    }

    /// Time fields: both clocks, and the locale's clock in each locale.
    static func times(_ locales: [String]) -> [GeneratedField] {
        let alphabet = ["0", "1", "2", "3", "5", "9", ":", "a", "p", "m", "P", "M"]
        let fixed = [
            GeneratedField(name: "time24", formatters: #"[{"time": {"clock": 24}}]"#, validators: #"["time"]"#),
            GeneratedField(
                name: "time12", formatters: #"[{"time": {"clock": "12"}}]"#,
                validators: #"[{"time": {"min": "08:00"}}]"#),
        ]
        let local = locales.map { locale in
            GeneratedField(
                name: "timeLocale-\(locale)", formatters: #"["time"]"#, validators: #"["time"]"#, locale: locale)
        }
        return (fixed + local).map {
            var field = $0
            field.extraAlphabet = alphabet
            return field
        }
    }

    /// The currency written in each locale's own way, besides EUR, JPY and USD.
    static let localCurrencies = [
        "en-US": "USD", "zh-CN": "CNY", "zh-TW": "TWD", "es-ES": "EUR", "fr-FR": "EUR", "de-DE": "EUR",
        "pt-BR": "BRL", "ja-JP": "JPY", "ko-KR": "KRW", "ru-RU": "RUB", "ar-EG": "EGP", "en-IN": "INR",
        "hi-IN": "INR", "pl-PL": "PLN", "de-CH": "CHF", "fr-CH": "CHF", "ar-SA": "SAR", "en-GB": "GBP",
        "it-IT": "EUR", "nl-NL": "EUR",
    ]

    /// Number fields that leave their separators to the locale, and amounts in currencies written before and
    /// after the number, in each locale.
    static func localeNumbers(_ locales: [String]) -> [GeneratedField] {
        // Currencies written before and after the number, two more in each locale.
        let currencies = ["USD", "EGP", "INR", "CHF", "PLN"]
        var fields: [GeneratedField] = []
        for (number, locale) in locales.enumerated() {
            let options =
                [
                    #"{}"#, #"{"currency": "EUR", "allowNegative": true}"#, #"{"currency": "JPY"}"#,
                    #"{"currency": "USD", "fractionDigits": 3}"#, #"{"grouping": "none", "allowNegative": true}"#,
                    #"{"currency": "\#(localCurrencies[locale] ?? "EUR")"}"#,
                ] + [currencies[number % 5], currencies[(number + 2) % 5]].map { #"{"currency": "\#($0)"}"# }
                // The field's own affixes and negatives in parentheses with the locale's separators.
                + [
                    [
                        #"{"suffix": " %", "scale": -2, "fractionDigits": 1, "allowNegative": true}"#,
                        #"{"currency": "EUR", "allowNegative": true, "negative": "parentheses"}"#,
                        #"{"prefix": "USD ", "allowNegative": true, "negative": "parentheses"}"#,
                        #"{"suffix": " kg", "fractionDigits": 3}"#,
                    ][number % 4]
                ]
            for option in options {
                fields.append(
                    GeneratedField(
                        name: "numberLocale\(fields.count)-\(locale)", formatters: #"[{"number": \#(option)}]"#,
                        validators: #"[{"number": {}}]"#,
                        extraAlphabet: [
                            "0", "1", "5", ".", ",", "-", "€", "$", "\u{00A0}", "'", "’", "٫", "٬", "١", "٥", "zł",
                            "CHF", "(", ")", "%", "k", "g",
                        ], locale: locale))
            }
        }
        return fields
    }

    /// The generic phone field in each locale (which gives it a region).
    static func localePhones(_ locales: [String]) -> [GeneratedField] {
        locales.map { (locale: String) in
            GeneratedField(
                name: "phoneLocale-\(locale)", formatters: #"[{"phone": {}}]"#, validators: #"[{"phone": {}}]"#,
                extraAlphabet: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "0", "1", "7", "+"],
                locale: locale)
        }
    }
}

// MARK: Identifiers, VAT numbers, postal codes

extension FieldGenerator {
    /// Kinds whose layouts differ: separators of every kind, letters and digits in fixed places, a check
    /// character that is a letter, alternatives by length, the century sign of a henkilötunnus.
    static let identifierKinds = [
        "br.cpf", "br.cnpj", "cl.rut", "fi.hetu", "it.codicefiscale", "gb.nino", "isbn", "mx.curp", "in.gstin",
        "fr.nir", "cn.ric", "hk.hkid", "ch.uid", "bic", "es.nif",
    ]

    static func identifiers() -> [GeneratedField] {
        let alphabet = ["0", "1", "2", "5", "7", "9", "0", "3", "X", "K", "A", "C", "E", "Z", "-", ".", "/", " ", "+"]
        var fields = identifierKinds.map { kind in
            GeneratedField(
                name: "identifier-\(kind)", formatters: #"[{"identifier": {"kind": "\#(kind)"}}]"#,
                validators: #"[{"identifier": {"kind": "\#(kind)"}}]"#, extraAlphabet: alphabet)
        }
        for (number, kinds) in [["br.cpf", "br.cnpj"], ["es.dni", "es.nie"], ["gtin", "isbn"]].enumerated() {
            let list = kinds.map { #""\#($0)""# }.joined(separator: ", ")
            fields.append(
                GeneratedField(
                    name: "identifiers\(number)", formatters: #"[{"identifier": {"kinds": [\#(list)]}}]"#,
                    validators: #"[{"identifier": {"kinds": [\#(list)]}}]"#, extraAlphabet: alphabet))
        }
        return fields
    }

    static func vatNumbers() -> [GeneratedField] {
        let alphabet = ["0", "1", "3", "7", "9", "D", "E", "F", "R", "C", "H", "N", "L", "B", "M", "W", "S", "T", "-"]
        return ["DE", "FR", "NL", "GB", "CH", "AT", "ES", "EL", nil].map { country in
            let options = country.map { #"{"country": "\#($0)"}"# } ?? "{}"
            return GeneratedField(
                name: "vat\(country ?? "")", formatters: #"[{"vat": \#(options)}]"#,
                validators: #"[{"vat": \#(options)}]"#, extraAlphabet: alphabet)
        }
    }

    /// Postal codes of regions whose layouts differ (letters and digits, separators, fixed letters, a
    /// prefix people write), of no region, and of each locale's region.
    static func postalCodes(_ locales: [String]) -> [GeneratedField] {
        let alphabet = ["0", "1", "2", "9", "A", "B", "S", "W", "K", "L", "V", "C", "H", "-", " ", "s", "e", "Y"]
        let fixed = ["GB", "CA", "NL", "JP", "BR", "US", "PE", "AD", "LV", "SE", "MT", "IE", "CH", nil].map { region in
            let options = region.map { #"{"region": "\#($0)"}"# } ?? "{}"
            return GeneratedField(
                name: "postalCode\(region ?? "")", formatters: #"[{"postalCode": \#(options)}]"#,
                validators: #"[{"postalCode": \#(options)}]"#, extraAlphabet: alphabet)
        }
        let local = locales.map { locale in
            GeneratedField(
                name: "postalCodeLocale-\(locale)", formatters: #"[{"postalCode": {}}]"#,
                validators: #"[{"postalCode": {}}]"#, extraAlphabet: alphabet, locale: locale)
        }
        return fixed + local
    }
}
