import SmartTextEngine
import SmartTextNativeRules
import SmartTextSupport
import SmartTextTestSupport
import Testing

/// The edit rules 5 and 8 to 11 as properties, over the built-in fields and over field configurations
/// generated from the rule catalogue (`CatalogueGenerators`: every formatter and every option of it, the
/// fields that follow the locale in each of 20 locales) and loaded through `RuleCatalog.standard`. Fixed seeds.
///
/// **Significant character** of a text: a character its field's formatting keeps as part of the value
/// (provenance `kept`), white space aside. An edit replaces a range. Backspace and Delete may take another
/// character instead (the **effective** deletion): on a range holding no significant character, the
/// significant character next to it in their direction (rule 4, `deletePrevious`), the separators staying;
/// and while taking it would leave the text as it was (the format puts it back), the next significant
/// character in their direction instead, what they passed over staying; and when what they take leaves
/// characters next to it that cannot stand alone (a prefix's second letter), those too. **No silent loss**:
/// the answer is refused (the old text), or it is the formatting of the old text with the effective range
/// replaced by the insertion or a prefix of it (the inserted characters fresh), and in that formatting every
/// significant character of the old text outside the effective range is still there, in order (kept, or
/// now the layout's own separator when it is not a letter or digit), or reported as normalized away (a
/// country code, a century). **No invented characters**: a deletion's formatting supplies no more
/// characters of the value (`synthesized`) than the old text's did.
@Suite struct IntegrityPropertyTests {
    /// Generated from the catalogue: masks (random patterns and fixed ones), numbers with every separator
    /// setting and in each locale with currencies before and after the number, phones of 26 regions and
    /// of each locale, dates and times of every pattern and clock and of each locale, and free-text chains.
    static let generated: [GeneratedField] = CatalogueGenerators.fields

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
        var generator = propertyGenerator(0x1D3)
        for _ in 0..<(quickTier ? 15 : 60) {
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
        var generator = propertyGenerator(0x7A9)
        for round in 0..<(quickTier ? 8 : 25) {
            var input = Self.text(&generator, generated.alphabet, maxLength: 16)
            if round % 3 == 2 { input = field.format(input).text }
            let typed = try typeEach(field, input)
            let pasted = try field.edit(
                EditRequest(text: "", start: 0, end: 0, replacement: input, inputType: .insertFromPaste))
            #expect(
                typed.text == pasted.text || FieldGenerator.typingDiffersFromPasting(input, in: field),
                "\(name): typing \(input.debugDescription) gives \(typed.text.debugDescription), pasting it \(pasted.text.debugDescription)"
            )
            #expect(field.format(typed.value).text == typed.text, "\(name): \(typed.value.debugDescription)")
        }
    }

    // MARK: Rules 8 and 10 on random edits

    @Test(arguments: cases)
    func randomEditsLoseNothingOutsideTheirRangeAndKeepCharactersWhole(name: String) throws {
        let (field, generated) = Self.field(name)
        var generator = propertyGenerator(0xED17)
        var text = ""
        for step in 0..<Self.editsPerField {
            if step % 25 == 0 { text = field.format(Self.text(&generator, generated.alphabet, maxLength: 18)).text }
            let request = Self.randomEdit(on: text, field: field, generated, &generator)
            let answer = try field.edit(request)
            Self.checkAnswer(answer, of: request, field: field, name: name)
            Self.checkNothingLost(answer, of: request, field: field, name: name)
            Self.checkEvents(answer, field: field, name: name)
            if generated.keepsClusters { Self.checkClustersWhole(answer, of: request, name: name) }
            text = answer.text
        }
    }

    /// Random edits per field: typed characters, pastes over selections, Backspace, Delete, cuts.
    static let editsPerField = quickTier ? 40 : 150

    /// Backspace from the end and Delete from the start empty any text: every press makes progress.
    @Test(arguments: cases)
    func repeatedBackspaceAndRepeatedDeleteEmptyTheField(name: String) throws {
        let (field, generated) = Self.field(name)
        var generator = propertyGenerator(0xB5)
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

    /// Every formatter of the catalogue, with typical options (from its generator).
    static let chainParts: [String] = CatalogueGenerators.all.flatMap(\.typical)

    /// Every chain of two formatters the registry accepts keeps rules 9 and 10 (those it refuses are
    /// checked by ServableConfigurationTests): idempotent, value formats back, typing equals pasting,
    /// random edits lose nothing.
    @Test func everyTwoFormatterChainTheRegistryAcceptsKeepsTheRules() throws {
        var accepted = 0
        var generator = propertyGenerator(0xC4A1)
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
                    #expect(
                        typed.text == pasted.text || FieldGenerator.typingDiffersFromPasting(input, in: field)
                            || Self.capRefusesOnTheWay(input, parts: [first, second], pasted: pasted.text),
                        "\(chain): \(input.debugDescription)")
                }
                var text = field.format(Self.text(&generator, generated.alphabet, maxLength: 12)).text
                for _ in 0..<16 {
                    let request = Self.randomEdit(on: text, field: field, generated, &generator)
                    let answer = try field.edit(request)
                    Self.checkAnswer(answer, of: request, field: field, name: chain)
                    Self.checkNothingLost(answer, of: request, field: field, name: chain)
                    text = answer.text
                }
            }
        }
        #expect(accepted > 100, "\(accepted) chains of \(Self.chainParts.count * Self.chainParts.count) accepted")
    }

    /// A `maxLength` in a chain refuses a key whose text would be longer than the cap, even when a later key
    /// would shorten it again (`01/207` on the way to `01/2079`, which a card expiry writes `01/79`, in a field
    /// capped at 5); a paste reads the whole input at once. True when the chain without its caps types `input`
    /// to what the paste gave.
    static func capRefusesOnTheWay(_ input: String, parts: [String], pasted: String) -> Bool {
        let uncapped = parts.filter { !$0.contains(#""maxLength""#) }
        guard uncapped.count < parts.count, !uncapped.isEmpty,
            let field = try? configuredField("[\(uncapped.joined(separator: ", "))]")
        else { return false }
        return (try? typeEach(field, input).text) == pasted
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

    /// Rules 5 and 10, and no invented characters, as defined on the suite.
    static func checkNothingLost(_ answer: EditOutcome, of request: EditRequest, field: Field, name: String) {
        let old = TextUnits.scalars(request.text)
        let before = field.formatter.format(old, context: FormatContext())
        guard case .index(var start) = TextUnits.scalarIndex(ofOffset: request.start, in: old, unit: .utf16),
            case .index(var end) = TextUnits.scalarIndex(ofOffset: request.end, in: old, unit: .utf16)
        else { return }
        if answer.text == before.text {
            // Refused, or a literal typed over itself: the text is as it was; refused, the caret is at the
            // edit's start (rule 5; the texts here are canonical, so that is the request's start).
            if answer.rejected && before.scalars == old {
                // (An insertion inside a character goes after it, rule 8.)
                let start = PropertyTests.clusterOffsets(request.text).first { $0 >= request.start } ?? request.start
                #expect(answer.caret == start, "\(name): refused \(request), caret \(answer.caret)")
            }
            return
        }
        #expect(!answer.rejected, "\(name): a refused edit changed the text (\(request))")
        let replacement = TextUnits.scalars(request.replacement)
        // Kept characters (white space too) steer Backspace and Delete; the others must survive.
        var kept = [Bool](repeating: false, count: old.count)
        for case .kept(let index) in before.sources { kept[index] = true }
        let significant = kept.indices.map { kept[$0] && !old[$0].isSpace }
        let synthesizedBefore = zip(before.scalars, before.sources).filter { $0.1 == .synthesized }.map(\.0)
        let backward = request.inputType == .deleteContentBackward
        let forward = request.inputType == .deleteContentForward
        func formatting(_ input: [Unicode.Scalar], fresh: Range<Int> = 0..<0) -> Formatted {
            field.formatter.format(input, context: FormatContext(fresh: fresh, editing: true))
        }
        /// The formatting of the edit removing `range` and inserting `insertion`, when every significant
        /// character outside the range is still there in it, in order; with `regrouped`, of the old text
        /// without the separators its layout wrote (the edit made again when a deletion would make one of them
        /// part of the value). Also the old index of each input index (nil: inserted).
        func lossless(
            _ range: Range<Int>, _ insertion: [Unicode.Scalar], regrouped: Bool = false
        ) -> (Formatted, [Int?])? {
            var input: [Unicode.Scalar] = []
            var origin: [Int?] = []
            var inputIndex = [Int: Int]()
            var freshStart = 0
            for index in 0...old.count {
                if index == range.lowerBound {
                    freshStart = input.count
                    input += insertion
                    origin += Array(repeating: nil, count: insertion.count)
                }
                guard index < old.count, !range.contains(index) else { continue }
                let scalar = old[index]
                if regrouped && !kept[index] && !scalar.isSpace && !scalar.isLetter && scalar.asciiDigit == nil {
                    continue
                }
                inputIndex[index] = input.count
                input.append(scalar)
                origin.append(index)
            }
            let formatted = formatting(input, fresh: freshStart..<(freshStart + insertion.count))
            var position = [Int: Int]()
            for (output, source) in formatted.sources.enumerated() {
                switch source {
                case .kept(let index): position[index] = output
                case .consumed(let index) where !input[index].isLetter && input[index].asciiDigit == nil:
                    position[index] = output
                default: break
                }
            }
            var last = -1
            for index in old.indices where significant[index] && !range.contains(index) {
                guard let moved = inputIndex[index] else { return nil }
                if formatted.normalized.contains(moved) { continue }
                guard let output = position[moved], output > last else { return nil }
                last = output
            }
            return (formatted, origin)
        }
        var candidates: [(Range<Int>, [Unicode.Scalar])] = []
        if replacement.isEmpty && (backward || forward) && start < end {
            // The effective deletion.
            var range = start..<end
            func next(after range: Range<Int>) -> Range<Int>? {
                if backward, let previous = kept[..<range.lowerBound].lastIndex(of: true) {
                    return previous..<(previous + 1)
                }
                if forward, let next = kept[range.upperBound...].firstIndex(of: true) { return next..<(next + 1) }
                return nil
            }
            if !kept[range].contains(true) && field.backspace == .deletePrevious, let taken = next(after: range) {
                range = taken
            }
            while formatting(Array(old[..<range.lowerBound]) + old[range.upperBound...]).scalars == before.scalars,
                let taken = next(after: range)
            {
                range = taken
            }
            candidates.append((range, []))
            // What cannot stand without it, taken with it.
            var widened = range
            for _ in 0..<4 {
                guard let taken = next(after: widened) else { break }
                widened = forward ? widened.lowerBound..<taken.upperBound : taken.lowerBound..<widened.upperBound
                candidates.append((widened, []))
            }
        } else {
            if !replacement.isEmpty && start == end, let boundaries = TextUnits.clusterBoundaries(old) {
                start = TextUnits.snapToCluster(start, boundaries: boundaries)
                end = start
            }
            // The whole insertion or a prefix of it; else what typing it one character at a time keeps.
            for count in (0...replacement.count).reversed() {
                candidates.append((start..<end, Array(replacement[..<count])))
            }
            var typed: [Unicode.Scalar] = []
            for scalar in replacement {
                if let (formatted, _) = lossless(start..<end, typed + [scalar]), !formatted.overflow {
                    typed.append(scalar)
                }
            }
            candidates.append((start..<end, typed))
        }
        if replacement.isEmpty {
            candidates += candidates.map { ($0.0, $0.1) }
        }
        for (number, (range, insertion)) in candidates.enumerated() {
            let regrouped = replacement.isEmpty && number >= candidates.count / 2
            guard let (formatted, origin) = lossless(range, insertion, regrouped: regrouped),
                formatted.text == answer.text
            else { continue }
            if replacement.isEmpty {
                // Nor does it make a separator the layout wrote part of the value (a group separator read as a
                // decimal point), unless it holds a part in place.
                for case .kept(let index) in formatted.sources where !formatted.holding.contains(index) {
                    guard let oldIndex = origin[index], !kept[oldIndex], !old[oldIndex].isSpace,
                        !old[oldIndex].isLetter, old[oldIndex].asciiDigit == nil
                    else { continue }
                    Issue.record(
                        "\(name): \(request) on \(request.text.debugDescription) gives \(answer.text.debugDescription), which makes its \(old[oldIndex]) part of the value"
                    )
                }
                // A deletion never supplies a character of the value the text did not have: what the format
                // supplies is what it supplied before, or what the deletion took and the format puts back.
                var allowed = synthesizedBefore + range.filter { significant[$0] }.map { old[$0] }
                for (scalar, source) in zip(formatted.scalars, formatted.sources) where source == .synthesized {
                    guard let match = allowed.firstIndex(of: scalar) else {
                        Issue.record(
                            "\(name): \(request) on \(request.text.debugDescription) gives \(answer.text.debugDescription), which adds \(scalar)"
                        )
                        break
                    }
                    allowed.remove(at: match)
                }
            }
            return
        }
        Issue.record(
            "\(name): \(answer.text.debugDescription) is not \(request) applied to \(request.text.debugDescription) without loss"
        )
    }

    /// The answer's own text on `blur` and `submit`, and submitted as a value (`/v1/validate`): formatting is
    /// idempotent there too, and a text the field made itself is never refused as holding characters that
    /// cannot be part of it, unless the answer already reported some (rule 11).
    static func checkEvents(_ answer: EditOutcome, field: Field, name: String) {
        let outOfPlace = !answer.unexpected.isEmpty
        for (event, submitted) in [(ValidationEvent.blur, false), (.submit, false), (.submit, true)] {
            let once = field.format(answer.text, event: event, submitted: submitted)
            #expect(
                field.format(once.text, event: event, submitted: submitted).text == once.text,
                "\(name): \(answer.text.debugDescription) on \(event)\(submitted ? " submitted" : "") gives \(once.text.debugDescription), not idempotent"
            )
            if !outOfPlace {
                #expect(
                    once.unexpected.isEmpty,
                    "\(name): its own text \(answer.text.debugDescription) on \(event)\(submitted ? " submitted" : "") holds unexpected \(once.unexpected)"
                )
            }
        }
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

    /// A random edit on `text`: mostly at cluster boundaries, often at the very start and next to, inside or
    /// across the literals the field's formatting writes (separators, a mask's prefix, a currency symbol,
    /// group boundaries), sometimes an insertion inside a character.
    static func randomEdit(
        on text: String, field: Field, _ generated: GeneratedField, _ generator: inout SplitMix64
    ) -> EditRequest {
        let boundaries = PropertyTests.clusterOffsets(text)
        // Offsets on either side of each literal of the text's formatting.
        let scalars = TextUnits.scalars(text)
        let formatted = field.formatter.format(scalars, context: FormatContext())
        var literalEdges: [Int] = [0]
        if formatted.scalars == scalars {
            for (position, source) in formatted.sources.enumerated() where source.isLiteral {
                literalEdges.append(TextUnits.offset(ofScalarIndex: position, in: scalars, unit: .utf16))
                literalEdges.append(TextUnits.offset(ofScalarIndex: position + 1, in: scalars, unit: .utf16))
            }
        }
        literalEdges = literalEdges.filter(boundaries.contains)
        func offset() -> Int {
            Int.random(in: 0..<2, using: &generator) == 0
                ? literalEdges.randomElement(using: &generator)! : boundaries.randomElement(using: &generator)!
        }
        var a = offset()
        let b = Bool.random(using: &generator) ? a : offset()
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
            if generated.keepsClusters && Int.random(in: 0..<3, using: &generator) == 0 {
                // Between the scalars of one character (an emoji and its skin tone).
                let inside = Self.offsetsInsideCharacters(text)
                if let offset = inside.randomElement(using: &generator) { a = offset }
            }
            let typed = generated.alphabet.randomElement(using: &generator)!
            return EditRequest(text: text, start: a, end: a, replacement: typed, inputType: .insertText)
        case 4, 5:
            return EditRequest(
                text: text, start: min(a, b), end: max(a, b),
                replacement: Self.text(&generator, generated.alphabet, maxLength: 8),
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
