import SmartTextEngine
import SmartTextNativeRules
import SmartTextSupport
import SmartTextTestSupport
import Testing

/// The edit rules 8 to 10 as properties, over the built-in fields and over field configurations
/// generated as a registry and loaded through `RegistryLoader` (masks, numbers with every separator
/// setting, phone numbers of many regions, free text). Fixed seeds.
///
/// **Significant character** of a text: a character its field's formatting keeps as part of the value
/// (provenance `kept`), white space aside. An edit replaces a range; its **effective range** is that
/// range, widened for Backspace and Delete as the rules say: over the significant character next to a
/// range holding none (rule 4, `deletePrevious`), then over the next one when the deletion alone would
/// leave the text as it was (rule 10). **No silent loss**: the answer is refused (the old text), or it
/// is the formatting of the old text with the effective range replaced by the insertion or a prefix of
/// it (the inserted characters fresh), and in that formatting every significant character of the old
/// text outside the effective range is kept, in order, or reported as normalized away (a country code,
/// a century).
@Suite struct IntegrityPropertyTests {
    /// Generated configurations: 64 masks, 40 number fields, 27 phone fields, 4 free-text chains; and
    /// fields that follow the locale, each in the locale it is pinned to: 17 date fields (7 patterns,
    /// the locale's in 10 locales), 4 time fields, 50 number fields (5 kinds, currencies among them, in
    /// 10 locales), the generic phone field in 8 locales.
    static let generated: [GeneratedField] =
        FieldGenerator.masks(count: 64, seed: 0x3A5C)
        + FieldGenerator.numbers(seed: 0x2B1D) + FieldGenerator.phones() + FieldGenerator.freeText()
        + FieldGenerator.dates() + FieldGenerator.times() + FieldGenerator.localeNumbers()
        + FieldGenerator.localePhones()

    /// The generated fields the registry accepts; the others must be refused for a documented reason.
    static let registry: (fields: [String: Field], problems: [String]) = {
        var fields: [String: Field] = [:]
        var problems: [String] = []
        // One file per field, so that a refused field does not keep the others from loading.
        for field in generated {
            let source = RegistrySource(
                name: "\(field.name).json", bytes: Array(FieldGenerator.registry([field]).utf8))
            do throws(RegistryError) {
                let registry = try RegistryLoader.load([source], catalog: .standard)
                let loaded = registry.fields[field.name]
                fields[field.name] = field.locale.flatMap { locale in loaded?.pinned(to: locale) } ?? loaded
            } catch {
                problems += error.problems.map(\.description)
            }
        }
        return (fields, problems)
    }()

    /// The cases: every built-in field, and every generated field the registry accepts.
    static let cases: [String] =
        builtin.fieldNames.map { "builtin:" + $0 } + generated.map(\.name).filter { registry.fields[$0] != nil }

    static func field(_ name: String) -> (Field, GeneratedField) {
        if name.hasPrefix("builtin:") {
            let fieldName = String(name.dropFirst(8))
            let description = GeneratedField(
                name: fieldName, formatters: "", extraAlphabet: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
                keepsClusters: ["full_name", "password", "username", "email"].contains(fieldName))
            return (builtin.fields[fieldName]!, description)
        }
        return (registry.fields[name]!, generated.first { $0.name == name }!)
    }

    // MARK: The registry

    /// The registry refuses exactly the generated fields the documented rules refuse (a mask with a letter
    /// or digit after its first slot that a slot takes; a number field with the same group and decimal
    /// separator, or `.` grouping with as many decimals as a group has), each with one line naming it.
    @Test func theRegistryRefusesExactlyTheGeneratedFieldsItCannotServe() {
        for field in Self.generated {
            let lines = Self.registry.problems.filter { $0.hasPrefix("\(field.name).json:") }
            if let expected = field.expectedProblem {
                #expect(Self.registry.fields[field.name] == nil, "\(field.testDescription) loaded")
                #expect(
                    lines.count == 1 && lines[0].contains("field \"\(field.name)\", formatters[")
                        && lines[0].contains(expected), "\(field.testDescription): \(lines)")
            } else {
                #expect(Self.registry.fields[field.name] != nil, "\(field.testDescription): \(lines)")
            }
        }
        let refused = Self.generated.filter { $0.expectedProblem != nil }
        #expect(refused.count { $0.pattern != nil } >= 3 && refused.count { $0.pattern == nil } >= 4)
        #expect(Self.cases.count { $0.hasPrefix("mask") } >= 40, "\(Self.cases.count { $0.hasPrefix("mask") }) masks")
    }

    // MARK: Rule 9

    @Test(arguments: cases)
    func formattingIsIdempotentAndTheValueFormatsBackToTheText(name: String) {
        let (field, generated) = Self.field(name)
        var generator = SplitMix64(state: 0x1D3)
        for _ in 0..<60 {
            let input = Self.text(&generator, generated.alphabet, maxLength: 20)
            // As it stands while typing and on blur, and as a value submitted at once.
            for (event, submitted) in [(ValidationEvent.change, false), (.blur, false), (.submit, true)] {
                func format(_ text: String) -> EditOutcome { field.format(text, event: event, submitted: submitted) }
                let once = format(input)
                #expect(
                    format(once.text).text == once.text,
                    "\(name) not idempotent on \(event) for \(input.debugDescription): \(once.text.debugDescription)")
                #expect(
                    format(once.value).text == once.text,
                    "\(name) on \(event): \(input.debugDescription) gives \(once.text.debugDescription) and its value \(once.value.debugDescription) gives \(format(once.value).text.debugDescription)"
                )
            }
        }
    }

    @Test(arguments: cases)
    func typingOneCharacterAtATimeEqualsPasting(name: String) throws {
        let (field, generated) = Self.field(name)
        var generator = SplitMix64(state: 0x7A9)
        for round in 0..<25 {
            var input = Self.text(&generator, generated.alphabet, maxLength: 16)
            if round % 3 == 2 { input = field.format(input).text }
            let typed = try typeEach(field, input)
            let pasted = try field.edit(
                EditRequest(text: "", start: 0, end: 0, replacement: input, inputType: .insertFromPaste))
            #expect(
                typed.text == pasted.text,
                "\(name): typing \(input.debugDescription) gives \(typed.text.debugDescription), pasting it \(pasted.text.debugDescription)"
            )
            #expect(field.format(typed.value).text == typed.text, "\(name): \(typed.value.debugDescription)")
        }
    }

    // MARK: Rules 8 and 10 on random edits

    @Test(arguments: cases)
    func randomEditsLoseNothingOutsideTheirRangeAndKeepCharactersWhole(name: String) throws {
        let (field, generated) = Self.field(name)
        var generator = SplitMix64(state: 0xED17)
        var text = ""
        for step in 0..<Self.editsPerField {
            if step % 25 == 0 { text = field.format(Self.text(&generator, generated.alphabet, maxLength: 18)).text }
            let request = Self.randomEdit(on: text, generated, &generator)
            let answer = try field.edit(request)
            Self.checkAnswer(answer, of: request, field: field, name: name)
            Self.checkNothingLost(answer, of: request, field: field, name: name)
            if generated.keepsClusters { Self.checkClustersWhole(answer, of: request, name: name) }
            text = answer.text
        }
    }

    /// Random edits per field: typed characters, pastes over selections, Backspace, Delete, cuts.
    static let editsPerField = 150

    /// Backspace from the end and Delete from the start empty any text: every press makes progress.
    @Test(arguments: cases)
    func repeatedBackspaceAndRepeatedDeleteEmptyTheField(name: String) throws {
        let (field, generated) = Self.field(name)
        var generator = SplitMix64(state: 0xB5)
        for _ in 0..<8 {
            let text = field.format(Self.text(&generator, generated.alphabet, maxLength: 18)).text
            for action in [Action.backspace, .delete] {
                var marked = Marked(text: text, caret: action == .backspace ? text.utf16.count : 0)
                var presses = 0
                while !marked.text.isEmpty && presses <= 2 * text.unicodeScalars.count + 4 {
                    let answer = try field.edit(request(marked, action))
                    marked = Marked(text: answer.text, caret: answer.caret)
                    presses += 1
                }
                #expect(
                    marked.text.isEmpty,
                    "\(name): \(action) \(presses) times from \(text.debugDescription) leaves \(marked)")
            }
        }
    }

    // MARK: Two-formatter chains

    /// Every formatter of the catalogue, with typical options.
    static let chainParts: [String] = [
        #""trim""#, #""trimStart""#, #""collapseWhitespace""#, #""removeWhitespace""#, #""lowercase""#,
        #""uppercase""#, #""digits""#, #"{"maxLength": {"max": 5}}"#, #"{"mask": {"pattern": "AA-###"}}"#,
        #"{"mask": {"pattern": "+7 (###) ###-##-##"}}"#, #""creditCard""#, #""cardExpiry""#, #""iban""#, #""email""#,
        #"{"number": {}}"#, #"{"number": {"groupSeparator": ".", "decimalSeparator": ","}}"#,
        #"{"phone": {"region": "CN"}}"#, #"{"phone": {}}"#, #"{"date": {"pattern": "DD.MM.YYYY"}}"#,
        #"{"time": {"clock": "12"}}"#, #"{"number": {"currency": "EUR", "allowNegative": true}}"#,
    ]

    /// Every chain of two formatters the registry accepts keeps rules 9 and 10 (those it refuses are
    /// checked by ServableConfigurationTests): idempotent, value formats back, typing equals pasting,
    /// random edits lose nothing.
    @Test func everyTwoFormatterChainTheRegistryAcceptsKeepsTheRules() throws {
        var accepted = 0
        var generator = SplitMix64(state: 0xC4A1)
        for first in Self.chainParts {
            for second in Self.chainParts {
                let chain = "[\(first), \(second)]"
                guard let field = try? configuredField(chain) else { continue }
                accepted += 1
                let generated = GeneratedField(name: chain, formatters: chain)
                for _ in 0..<8 {
                    let input = Self.text(&generator, generated.alphabet, maxLength: 12)
                    let once = field.format(input)
                    #expect(field.format(once.text).text == once.text, "\(chain): \(input.debugDescription)")
                    #expect(field.format(once.value).text == once.text, "\(chain): \(input.debugDescription)")
                    let typed = try typeEach(field, input)
                    let pasted = try field.edit(
                        EditRequest(text: "", start: 0, end: 0, replacement: input, inputType: .insertFromPaste))
                    #expect(typed.text == pasted.text, "\(chain): \(input.debugDescription)")
                }
                var text = field.format(Self.text(&generator, generated.alphabet, maxLength: 12)).text
                for _ in 0..<16 {
                    let request = Self.randomEdit(on: text, generated, &generator)
                    let answer = try field.edit(request)
                    Self.checkAnswer(answer, of: request, field: field, name: chain)
                    Self.checkNothingLost(answer, of: request, field: field, name: chain)
                    text = answer.text
                }
            }
        }
        #expect(accepted > 100, "\(accepted) chains of \(Self.chainParts.count * Self.chainParts.count) accepted")
    }

    // MARK: Checks

    /// The caret is on a cluster boundary (rule 8), the answer is in canonical form and its value
    /// formats back to it (rule 9).
    static func checkAnswer(_ answer: EditOutcome, of request: EditRequest, field: Field, name: String) {
        #expect(
            PropertyTests.clusterOffsets(answer.text).contains(answer.caret),
            "\(name): caret \(answer.caret) inside a character of \(answer.text.debugDescription)")
        #expect(
            field.format(answer.text).text == answer.text,
            "\(name): \(answer.text.debugDescription) is not in canonical form (after \(request))")
        #expect(
            field.format(answer.value).text == answer.text,
            "\(name): the value \(answer.value.debugDescription) does not give back \(answer.text.debugDescription)")
    }

    /// Rule 10, as defined on the suite.
    static func checkNothingLost(_ answer: EditOutcome, of request: EditRequest, field: Field, name: String) {
        let old = TextUnits.scalars(request.text)
        let before = field.formatter.format(old, context: FormatContext())
        if answer.text == before.text {
            // Refused, or a literal typed over itself: the text is as it was.
            return
        }
        #expect(!answer.rejected, "\(name): a refused edit changed the text (\(request))")
        guard case .index(var start) = TextUnits.scalarIndex(ofOffset: request.start, in: old, unit: .utf16),
            case .index(var end) = TextUnits.scalarIndex(ofOffset: request.end, in: old, unit: .utf16)
        else { return }
        let replacement = TextUnits.scalars(request.replacement)
        // Kept characters (white space too) steer Backspace and Delete; the others must survive.
        var kept = [Bool](repeating: false, count: old.count)
        for case .kept(let index) in before.sources { kept[index] = true }
        let significant = kept.indices.map { kept[$0] && !old[$0].isSpace }
        let backward = request.inputType == .deleteContentBackward
        let forward = request.inputType == .deleteContentForward
        if replacement.isEmpty && (backward || forward) && start < end {
            func widen() -> Bool {
                if backward, let previous = kept[..<start].lastIndex(of: true) {
                    start = previous
                    return true
                }
                if forward, let next = kept[end...].firstIndex(of: true) {
                    end = next + 1
                    return true
                }
                return false
            }
            if start < end && !kept[start..<end].contains(true) && field.backspace == .deletePrevious {
                _ = widen()
            }
            while field.formatter.format(Array(old[..<start]) + old[end...], context: FormatContext()).scalars
                == before.scalars, widen()
            {}
        } else if !replacement.isEmpty && start == end, let boundaries = TextUnits.clusterBoundaries(old) {
            start = TextUnits.snapToCluster(start, boundaries: boundaries)
            end = start
        }
        /// The formatting of the edit inserting `insertion`, when nothing outside the range is lost in it.
        func lossless(_ insertion: [Unicode.Scalar]) -> Formatted? {
            let input = Array(old[..<start]) + insertion + old[end...]
            let formatted = field.formatter.format(
                input, context: FormatContext(fresh: start..<(start + insertion.count)))
            var position = [Int: Int]()
            for (output, source) in formatted.sources.enumerated() {
                if case .kept(let index) = source { position[index] = output }
            }
            var last = -1
            for index in old.indices where significant[index] && !(start..<end).contains(index) {
                let moved = index < start ? index : index - (end - start) + insertion.count
                if formatted.normalized.contains(moved) { continue }
                guard let output = position[moved], output > last else { return nil }
                last = output
            }
            return formatted
        }
        // The whole insertion or a prefix of it; else what typing it one character at a time keeps.
        var candidates = (0...replacement.count).reversed().map { Array(replacement[..<$0]) }
        var typed: [Unicode.Scalar] = []
        for scalar in replacement {
            if let formatted = lossless(typed + [scalar]), !formatted.overflow { typed.append(scalar) }
        }
        candidates.append(typed)
        for insertion in candidates {
            if let formatted = lossless(insertion), formatted.text == answer.text { return }
        }
        Issue.record(
            "\(name): \(answer.text.debugDescription) is not \(request) applied to \(request.text.debugDescription) without loss"
        )
    }

    /// An insertion never splits a character: every character of more than one scalar outside the
    /// edit is still whole in the answer (rule 8).
    static func checkClustersWhole(_ answer: EditOutcome, of request: EditRequest, name: String) {
        guard !request.replacement.isEmpty else { return }
        let units = Array(request.text.utf16)
        let outside =
            String(decoding: units[..<request.start], as: UTF16.self) + "\u{2063}"
            + String(decoding: units[request.end...], as: UTF16.self)
        let wholeBefore = outside.filter { $0.unicodeScalars.count > 1 && $0 != "\u{2063}" }
        var answerCharacters = Array(answer.text)
        for character in wholeBefore {
            guard let index = answerCharacters.firstIndex(of: character) else {
                Issue.record(
                    "\(name): \(request) split \(String(character).debugDescription) in \(request.text.debugDescription): \(answer.text.debugDescription)"
                )
                return
            }
            answerCharacters.remove(at: index)
        }
    }

    // MARK: Random input

    static func text(_ generator: inout SplitMix64, _ alphabet: [String], maxLength: Int) -> String {
        let length = Int.random(in: 0...maxLength, using: &generator)
        return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
    }

    /// A random edit on `text`: mostly at cluster boundaries, sometimes an insertion inside a character.
    static func randomEdit(on text: String, _ field: GeneratedField, _ generator: inout SplitMix64) -> EditRequest {
        let boundaries = PropertyTests.clusterOffsets(text)
        var a = boundaries.randomElement(using: &generator)!
        let b = Bool.random(using: &generator) ? a : boundaries.randomElement(using: &generator)!
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
            if field.keepsClusters && Int.random(in: 0..<3, using: &generator) == 0 {
                // Between the scalars of one character (an emoji and its skin tone).
                let inside = Self.offsetsInsideCharacters(text)
                if let offset = inside.randomElement(using: &generator) { a = offset }
            }
            let typed = field.alphabet.randomElement(using: &generator)!
            return EditRequest(text: text, start: a, end: a, replacement: typed, inputType: .insertText)
        case 4, 5:
            return EditRequest(
                text: text, start: min(a, b), end: max(a, b),
                replacement: Self.text(&generator, field.alphabet, maxLength: 8),
                inputType: .insertFromPaste)
        case 6, 7:
            let start = a == b ? (boundaries.last { $0 < a } ?? a) : min(a, b)
            return EditRequest(
                text: text, start: start, end: max(a, b), replacement: "", inputType: .deleteContentBackward)
        case 8:
            let end = a == b ? (boundaries.first { $0 > a } ?? a) : max(a, b)
            return EditRequest(
                text: text, start: min(a, b), end: end, replacement: "", inputType: .deleteContentForward)
        default:
            return EditRequest(text: text, start: min(a, b), end: max(a, b), replacement: "", inputType: .deleteByCut)
        }
    }

    /// UTF-16 offsets between two scalars of one character.
    static func offsetsInsideCharacters(_ text: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for character in text {
            var inner = offset
            for scalar in character.unicodeScalars.dropLast() {
                inner += scalar.utf16.count
                offsets.append(inner)
            }
            offset += character.utf16.count
        }
        return offsets
    }
}
