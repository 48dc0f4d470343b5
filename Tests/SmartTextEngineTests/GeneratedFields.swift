import SmartTextTestSupport
import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
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

    var testDescription: String { "\(name): \(formatters)" }

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
