import SmartTextEngine
import SmartTextTestSupport
import Testing

/// Characters a user might produce in any field: digits of several scripts,
/// letters, separators, white space, CJK and emoji.
let alphabet: [String] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "０", "５", "٣", "a", "B", "x", "Z", "é", "ß", " ", "  ", "-",
    "/", ".", ",", "+", "(", ")", "@", "_", "张", "😀", "👍🏽", "e\u{301}", "\t", "X", "D", "E",
]

func randomText(_ generator: inout SplitMix64, maxLength: Int) -> String {
    let length = Int.random(in: 0...maxLength, using: &generator)
    return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
}

/// The invariants of rule 9 and rule 8, over every built-in field and some chains.
@Suite struct PropertyTests {
    static let fields: [(String, Field)] =
        builtin.fieldNames.map { ($0, builtin.fields[$0]!) } + [
            (
                "trim+uppercase+mask",
                field(TrimFormatter(), CaseFormatter(.upper), try! MaskFormatter(pattern: "AA-###"))
            ),
            ("collapse+maxLength", field(CollapseWhitespaceFormatter(), MaxLengthFormatter(max: 8))),
            ("digits+creditCard", field(DigitsFormatter(), CreditCardFormatter())),
            ("number lakh signed", field(NumberFormatter(grouping: .lakh, allowNegative: true))),
            ("number wan comma", field(NumberFormatter(grouping: .wan, groupSeparator: " ", decimalSeparator: ","))),
            ("number dot groups", field(NumberFormatter(groupSeparator: ".", decimalSeparator: ","))),
            ("email+removeWhitespace", field(RemoveWhitespaceFormatter(), EmailFormatter())),
        ]

    @Test(arguments: fields.map(\.0))
    func formattingIsIdempotentAndValueFormatsBackToText(name: String) {
        let field = Self.fields.first { $0.0 == name }!.1
        var generator = propertyGenerator(0x5EED)
        for _ in 0..<400 {
            let input = randomText(&generator, maxLength: 30)
            let once = field.format(input)
            let twice = field.format(once.text)
            #expect(twice.text == once.text, "not idempotent for \(input.debugDescription)")
            #expect(field.format(once.value).text == once.text, "format(value) for \(input.debugDescription)")
            #expect(once.caret == once.text.utf16.count)
        }
    }

    @Test(arguments: fields.map(\.0))
    func typingOneCharacterAtATimeEqualsPasting(name: String) throws {
        let field = Self.fields.first { $0.0 == name }!.1
        var generator = propertyGenerator(0xC0FFEE)
        for round in 0..<300 {
            var input = randomText(&generator, maxLength: 24)
            if round % 2 == 1 {
                // A canonical string: the text or the value of a formatted input.
                let formatted = field.format(input)
                input = Bool.random(using: &generator) ? formatted.text : formatted.value
            }
            let typed = try typeEach(field, input)
            let pasted = try field.edit(
                EditRequest(
                    text: "", start: 0, end: 0, replacement: input,
                    inputType: .insertFromPaste))
            // The one documented exception: a `.` before a full group where `,` marks decimals (see
            // NumberFormatter) groups pasted, and was the decimal point typed at the end.
            #expect(
                typed.text == pasted.text || FieldGenerator.typingDiffersFromPasting(input, in: field),
                "typed ≠ pasted for \(input.debugDescription)")
            // Rule 9 at every step: the value formats back to the text.
            #expect(field.format(typed.value).text == typed.text)
        }
    }

    @Test(arguments: fields.map(\.0))
    func randomEditsKeepTheCaretOnAClusterBoundaryAndChangeAppliesToTheOldText(name: String) throws {
        let field = Self.fields.first { $0.0 == name }!.1
        var generator = propertyGenerator(0xBADC0DE)
        var text = ""
        for step in 0..<600 {
            if step % 60 == 0 { text = field.format(randomText(&generator, maxLength: 20)).text }
            let boundaries = Self.clusterOffsets(text)
            let a = boundaries.randomElement(using: &generator)!
            let b = Bool.random(using: &generator) ? a : boundaries.randomElement(using: &generator)!
            let actions: [(String, InputType)] = [
                (randomText(&generator, maxLength: 2), .insertText),
                (randomText(&generator, maxLength: 8), .insertFromPaste),
                ("", .deleteContentBackward), ("", .deleteContentForward),
            ]
            let (replacement, inputType) = actions.randomElement(using: &generator)!
            var start = min(a, b)
            var end = max(a, b)
            if replacement.isEmpty && start == end {
                // Backspace or Delete of one cluster.
                if inputType == .deleteContentBackward, let previous = boundaries.last(where: { $0 < start }) {
                    start = previous
                } else if inputType == .deleteContentForward, let next = boundaries.first(where: { $0 > end }) {
                    end = next
                }
            }
            let outcome = try field.edit(
                EditRequest(text: text, start: start, end: end, replacement: replacement, inputType: inputType))
            let new = Array(outcome.text.utf16)
            #expect(outcome.caret >= 0 && outcome.caret <= new.count)
            #expect(
                Self.clusterOffsets(outcome.text).contains(outcome.caret),
                "caret \(outcome.caret) inside a cluster of \(outcome.text.debugDescription)")
            // Applying `change` to the old text gives the new text.
            let old = Array(text.utf16)
            let applied =
                Array(old[..<outcome.change.start]) + Array(outcome.change.text.utf16)
                + Array(old[outcome.change.end...])
            #expect(
                applied == new,
                "change \(outcome.change) does not turn \(text.debugDescription) into \(outcome.text.debugDescription)")
            #expect(field.format(outcome.text).text == outcome.text, "answer not in canonical form")
            if outcome.rejected { #expect(outcome.text == field.format(text).text) }
            text = outcome.text
        }
    }

    /// A character a field's ``AcceptedCharacters`` leaves out is refused wherever it is typed, in any text,
    /// so a client may drop it before the service answers; the set is not empty.
    @Test(arguments: fields.map(\.0))
    func charactersOutsideTheAcceptedSetAreAlwaysRefused(name: String) throws {
        let field = Self.fields.first { $0.0 == name }!.1
        let accepted = field.formatter.acceptedCharacters
        let candidates = (alphabet + ["!", "#", ":", "~", "ä", "Ж", "\u{00A0}", "\u{2212}", "％"]).filter {
            $0.unicodeScalars.count == 1 && !accepted.contains($0.unicodeScalars.first!)
        }
        #expect(alphabet.contains { accepted.contains($0.unicodeScalars.first!) })
        var generator = propertyGenerator(0xACCE97)
        for _ in 0..<200 {
            guard let character = candidates.randomElement(using: &generator) else { return }
            let text = field.format(randomText(&generator, maxLength: 20)).text
            let offsets = Self.clusterOffsets(text)
            let at = offsets.randomElement(using: &generator)!
            let outcome = try field.edit(EditRequest(text: text, start: at, end: at, replacement: character))
            #expect(
                outcome.rejected && outcome.text == field.format(text).text,
                "\(character.debugDescription) typed at \(at) of \(text.debugDescription) gave \(outcome.text.debugDescription)"
            )
        }
    }

    /// And the other way round: every character a formatter keeps or consumes is in the accepted set, so a
    /// client that drops the others never drops one the service would have used.
    @Test(arguments: fields.map(\.0))
    func everyCharacterAFormatterUsesIsAccepted(name: String) {
        let field = Self.fields.first { $0.0 == name }!.1
        let accepted = field.formatter.acceptedCharacters
        var generator = propertyGenerator(0xACCE98)
        for _ in 0..<400 {
            let input = Array(randomText(&generator, maxLength: 24).unicodeScalars)
            let formatted = field.formatter.format(input, context: FormatContext())
            for index in formatted.sources.compactMap(\.inputIndex) {
                #expect(
                    accepted.contains(input[index]),
                    "\(name) uses \(String(input[index]).debugDescription), which its accepted set leaves out")
            }
        }
    }

    /// UTF-16 offsets of grapheme cluster boundaries, both ends included.
    static func clusterOffsets(_ text: String) -> [Int] {
        var offsets = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.append(offset)
        }
        return offsets
    }
}
