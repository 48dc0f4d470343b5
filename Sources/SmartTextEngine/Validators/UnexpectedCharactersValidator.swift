import SmartTextJSON
import SmartTextSupport

/// `unexpectedCharacters`: the rule every field checks on its own (edit rule
/// 11). A submitted value whose formatting had to drop characters that are not
/// formatting (separators, white space, digit forms, case, a country code or
/// trunk prefix), or a text holding characters out of place (a letter an edit
/// moved into a digit slot), is invalid: `amount` `12abc` is not `12`. The
/// answer still shows what the value would be. Not configured in a registry:
/// it reports only when it fails, first, on every event.
struct UnexpectedCharactersValidator: Validator {
    let name = "unexpectedCharacters"
    /// The characters, each once, in the order they appear.
    let characters: [Unicode.Scalar]

    /// At most this many characters are listed in the message (all are in `details`).
    static let listed = 10

    init(_ characters: [Unicode.Scalar]) {
        var seen: Set<Unicode.Scalar> = []
        self.characters = characters.filter { seen.insert($0).inserted }
    }

    var parameters: [String: String] {
        var shown = characters.prefix(Self.listed).map(Self.shown)
        if characters.count > Self.listed { shown.append("…") }
        return ["characters": shown.joined(separator: " ")]
    }

    func check(_ input: ValidationInput) -> RuleCheck {
        guard !characters.isEmpty else { return .pass }
        return RuleCheck(
            valid: false,
            details: ["characters": .array(characters.map { .string(String(Character($0))) })])
    }

    func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.text("unexpectedCharacters")
    }

    /// A character as a message shows it: itself when it is visible, else its code point (`U+200B`).
    static func shown(_ scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark,
            .enclosingMark, .spacingMark, .privateUse, .surrogate, .unassigned:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default:
            return String(Character(scalar))
        }
    }
}
