import SmartTextJSON
import SmartTextSupport

/// The smallest replacement that turns the old text into the new one.
public struct TextChange: Sendable, Equatable {
    /// Start of the replaced range in the old text, in the request's units.
    public var start: Int
    /// End of the replaced range in the old text.
    public var end: Int
    /// The new text for that range.
    public var text: String

    public init(start: Int, end: Int, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }
}

/// The answer to an edit or a format request.
public struct EditOutcome: Sendable {
    /// The formatted text.
    public var text: String
    /// Where the caret goes, in the request's units.
    public var caret: Int
    /// What to submit: formatting removed, normalized.
    public var value: String
    /// The format is fully filled.
    public var complete: Bool
    /// The edit was refused; the text is as it was.
    public var rejected: Bool
    /// Only part of the insertion fitted.
    public var truncated: Bool
    /// An IME is composing: the text is unformatted until composition ends.
    public var deferred: Bool
    /// The minimal replacement from the request's text to `text`.
    public var change: TextChange
    /// Facts the formatters found.
    public var meta: JSONObject
    /// Validator results.
    public var validation: ValidationReport
    /// Characters that cannot be part of the text, each once (reported by the `unexpectedCharacters`
    /// rule): kept out of place after an edit, or, on `blur` and `submit` and for a whole text, dropped.
    public var unexpected: [Unicode.Scalar]
}

extension Field {
    /// Applies one user edit: the caret and edit rules of the README, 1 to 10.
    public func edit(_ request: EditRequest, locale: LocalePreference = .english) throws(EditError) -> EditOutcome {
        try apply(request, locale: locale, mapping: false).outcome
    }

    /// Applies one edit and, when `mapping`, says where each position of the text as the user typed it
    /// (the edit applied, nothing formatted: scalar indices `0...count`) lands in the answer's text. The
    /// steps follow the rules; each is a method of ``EditAction``.
    func apply(
        _ request: EditRequest, locale: LocalePreference, mapping: Bool
    ) throws(EditError) -> (outcome: EditOutcome, typedMap: [Int]?) {
        var action = try EditAction(field: self, request: request, conventions: locale.conventions)
        let answers = Answers(request: request, old: action.old, locale: locale)

        if action.kind == .composition {
            // An IME is composing: the text is shown as typed, every position where it is.
            let raw = action.input
            let formatted = formatter.format(
                raw, context: FormatContext(final: action.final, conventions: locale.conventions))
            let answer = answers.outcome(
                of: self, formatted, shown: raw, caret: action.start + action.replacement.count, input: raw,
                flags: .deferred)
            return (answer, mapping ? Array(0...raw.count) : nil)
        }
        /// The old text as it is, the caret at the edit's start: the answer to a refused edit (rule 5).
        func refused(_ action: inout EditAction) -> (outcome: EditOutcome, typedMap: [Int]?) {
            let formatted = action.before()
            let caret =
                formatted.scalars == action.old
                ? action.start : Self.position(ofInput: action.start, in: formatted, affinity: .left)
            let answer = answers.outcome(of: self, formatted, caret: caret, input: action.old, flags: .rejected)
            return (answer, mapping ? action.oldMap(formatted) : nil)
        }

        // Backspace at the start or Delete at the end (nothing to take): refused, the caret where it was, even
        // past a suffix (a client's End key put it there; batched keys then give what keys sent one by one give).
        if action.isKeyDeletion && action.start == action.end { return refused(&action) }
        // Rule 4: Backspace or Delete on separators only.
        if action.deletesOnlyFormatting() {
            switch backspace {
            case .moveCaret:
                let formatted = action.before()
                let target = action.kind == .deleteBackward ? action.start : action.end
                let caret = Self.position(ofInput: target, in: formatted, affinity: .left)
                let answer = answers.outcome(of: self, formatted, caret: caret, input: action.old)
                return (answer, mapping ? action.oldMap(formatted) : nil)
            case .deletePrevious:
                action.takeSignificantCharacterNextToSeparators()
            }
        }
        var formatted = action.attempt(action.insertion)
        // Rule 10: every press of Backspace or Delete makes progress, and adds nothing.
        action.makeProgress(&formatted)
        let promoted = action.takePromotedSeparators(&formatted)
        if !promoted.isEmpty {
            return try applyWithout(promoted, request, action: action, locale: locale, mapping: mapping)
        }
        var flags: AnswerFlags = []
        if !action.acceptable(formatted, inserting: action.insertion.count), let taken = action.takeOrphans() {
            // Rule 10: what cannot stand without the character taken goes with it.
            formatted = taken
        }
        if !action.acceptable(formatted, inserting: action.insertion.count) {
            // Rules 5 and 10: keep what of the insertion fits, or refuse.
            guard let fitted = action.fitInsertion() else { return refused(&action) }
            formatted = fitted
            flags.insert(.truncated)
        }
        var caret = action.caret(in: formatted)
        if !action.replacement.isEmpty {
            switch action.use(of: formatted, caret: caret) {
            case .used:
                if action.dropsPartOfInsertion(formatted) { flags.insert(.truncated) }
            case .consumedLiteral(let after):
                // A literal typed where the format already has it (rule 6); never into a suffix (rule 3).
                caret = min(after, formatted.suffixStart)
                flags.remove(.truncated)
            case .refused:
                return refused(&action)
            }
        }
        let answer = answers.outcome(
            of: self, formatted, caret: caret, input: formatted.unexpected.isEmpty ? action.old : action.input,
            flags: flags)
        return (answer, mapping ? action.typedMap(formatted) : nil)
    }

    /// The edit made again on the old text without the separators at old indices `separators` (formatting
    /// the deletion would otherwise turn into part of the value), answered as the edit of the text sent.
    private func applyWithout(
        _ separators: [Int], _ request: EditRequest, action: EditAction, locale: LocalePreference, mapping: Bool
    ) throws(EditError) -> (outcome: EditOutcome, typedMap: [Int]?) {
        let old = action.old
        /// The index in the old text without the separators of old index `index`.
        func cleaned(_ index: Int) -> Int { index - separators.count { $0 < index } }
        let kept = old.indices.filter { !separators.contains($0) }.map { old[$0] }
        let start = cleaned(action.start)
        let end = cleaned(action.end)
        let again = EditRequest(
            text: TextUnits.string(kept), start: start, end: end, replacement: TextUnits.string(action.replacement),
            inputType: request.inputType, units: .scalars, event: request.event)
        var (outcome, map) = try apply(again, locale: locale, mapping: mapping)
        let text = TextUnits.scalars(outcome.text)
        outcome.caret = TextUnits.offset(ofScalarIndex: outcome.caret, in: text, unit: request.units)
        outcome.change = Self.change(from: old, to: text, units: request.units)
        guard let map else { return (outcome, nil) }
        // Typed positions of the text sent → typed positions of the text without the separators → the answer.
        let removedCount = action.end - action.start
        let typedMap = (0...action.typedCount).map { typed in
            let oldIndex = typed <= action.start ? typed : typed + removedCount
            let index = cleaned(oldIndex)
            return map[index <= start ? index : max(start, index - (end - start))]
        }
        return (outcome, typedMap)
    }

    /// Formats a whole text as it stands (a prefill, the text a client shows on `blur`); the caret goes to
    /// the end. Characters that cannot be part of it are reported (rule `unexpectedCharacters`): those
    /// out of place stay where they are, so that nothing the user sees is lost.
    public func format(
        _ text: String, event: ValidationEvent = .change, units: OffsetUnit = .utf16,
        locale: LocalePreference = .english, formValues: [String: String] = [:]
    ) -> EditOutcome {
        format(text, event: event, submitted: false, units: units, locale: locale, formValues: formValues)
    }

    /// Formats a whole text; when `submitted` (`/v1/validate`), as a value submitted at once: every
    /// character must fit where it is, and what cannot is dropped and reported (rule 11), so that the
    /// answer shows what the value would be.
    public func format(
        _ text: String, event: ValidationEvent, submitted: Bool, units: OffsetUnit = .utf16,
        locale: LocalePreference = .english, formValues: [String: String] = [:]
    ) -> EditOutcome {
        let old = TextUnits.scalars(text)
        let context = FormatContext(
            final: event != .change, fresh: submitted ? 0..<old.count : 0..<0, submitted: submitted,
            conventions: locale.conventions)
        let formatted = formatter.format(old, context: context)
        let request = EditRequest(text: text, start: 0, end: 0, replacement: "", units: units, event: event)
        let answers = Answers(request: request, old: old, locale: locale, formValues: formValues, reportDropped: true)
        return answers.outcome(of: self, formatted, caret: formatted.scalars.count, input: old)
    }

    // MARK: - Steps

    /// True when a significant character of `old` (one its formatting keeps, white space aside)
    /// outside `removed` is neither kept in `formatted` (the edited text's formatting, `count`
    /// characters inserted at `removed.lowerBound`) nor normalized away (rule 10). Usually every
    /// character outside the edit is kept, which is checked without formatting the old text.
    static func losesCharacters(
        _ formatted: Formatted, old: [Unicode.Scalar], removing removed: Range<Int>, inserting count: Int,
        neverSignificant: (Unicode.Scalar) -> Bool = { _ in false }, significantBefore: () -> [Bool]
    ) -> Bool {
        let kept = keptInputs(formatted, old: old, removing: removed, inserting: count)
        let shift = count - removed.count
        // A character the formatter never keeps was not significant in the old text either: no
        // need to format the old text to know (BENCHMARKS.md item 16).
        func suspects() -> Bool {
            for index in 0..<removed.lowerBound
            where !kept[index] && !old[index].isSpace && !neverSignificant(old[index]) {
                return true
            }
            for index in removed.upperBound..<old.count
            where !kept[index + shift] && !old[index].isSpace && !neverSignificant(old[index]) {
                return true
            }
            return false
        }
        guard suspects() else { return false }
        return !lostCharacters(kept, old: old, removing: removed, shift: shift, significant: significantBefore())
            .isEmpty
    }

    /// The old indices of the significant characters outside `removed` that `kept` (input indices of the
    /// edit's formatting, `shift` past the edit) does not keep.
    static func lostCharacters(
        _ kept: [Bool], old: [Unicode.Scalar], removing removed: Range<Int>, shift: Int, significant: [Bool]
    ) -> [Int] {
        var lost: [Int] = []
        for index in 0..<removed.lowerBound where significant[index] && !kept[index] && !old[index].isSpace {
            lost.append(index)
        }
        for index in removed.upperBound..<old.count
        where significant[index] && !kept[index + shift] && !old[index].isSpace {
            lost.append(index)
        }
        return lost
    }

    /// For each input index of an edit's formatting: is its character still in the text? Kept, normalized
    /// away, or — for a separator that was significant (holding a date's part in place) — now the layout's
    /// own separator in the same place among the characters around it (not one written after a digit that
    /// came before it: `0/5/3` with `3.2` pasted over `0/` is not `03/02/53`, whose second `/` the old one
    /// between `5` and `3` would be). A letter or digit turned into formatting is not.
    static func keptInputs(
        _ formatted: Formatted, old: [Unicode.Scalar], removing removed: Range<Int>, inserting count: Int
    ) -> [Bool] {
        var kept = [Bool].filled(with: false, count: old.count - removed.count + count)
        let sources = formatted.sources
        // Usually the sources are in input order, and then every consumed character is in place: asked once,
        // not by a scan of the sources per consumed character.
        var inOrder = true
        var greatest = -1
        for source in sources {
            guard let index = source.inputIndex else { continue }
            if index < greatest {
                inOrder = false
                break
            }
            greatest = index
        }
        /// True when every input written before `position` comes before `index`, and every one after it after.
        func inPlace(_ index: Int, at position: Int) -> Bool {
            inOrder
                || (!sources[..<position].contains { ($0.inputIndex ?? -1) > index }
                    && !sources[(position + 1)...].contains { ($0.inputIndex ?? .max) < index })
        }
        for (position, source) in sources.enumerated() {
            switch source {
            case .kept(let index): kept[index] = true
            case .consumed(let index):
                let oldIndex =
                    index < removed.lowerBound
                    ? index : index >= removed.lowerBound + count ? index - count + removed.count : nil
                if let oldIndex, !old[oldIndex].isLetter && old[oldIndex].asciiDigit == nil,
                    inPlace(index, at: position)
                {
                    kept[index] = true
                }
            case .literal, .synthesized: break
            }
        }
        for index in formatted.normalized { kept[index] = true }
        return kept
    }

    /// How many characters of a paste after one that does not fit are tried, one at a time, before the
    /// rest is dropped (pastes typed as far as this give what typing them gives).
    static let triesAfterAPasteOverflows = 256

    /// The scalar index where each grapheme cluster of `scalars` ends.
    static func clusterEnds(_ scalars: ArraySlice<Unicode.Scalar>) -> [Int] {
        let array = Array(scalars)
        guard let boundaries = TextUnits.clusterBoundaries(array) else { return Array(1...max(array.count, 1)) }
        return (1...array.count).filter { boundaries[$0] }
    }

    /// True when case mapping may make `scalar` more than one character (`ß` → `SS`): it can overflow
    /// a format that a later, simpler character still fits.
    static func mayExpand(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x80 else { return false }
        let properties = scalar.properties
        return properties.uppercaseMapping.unicodeScalars.count > 1
            || properties.lowercaseMapping.unicodeScalars.count > 1
            || properties.titlecaseMapping.unicodeScalars.count > 1
    }

    enum Affinity {
        /// After the last output character that came from before the input position.
        case left
        /// Before the first output character that came from the input position or later.
        case right
    }

    /// The output position that corresponds to input position `index` (rule 2:
    /// the caret goes after the same number of kept input characters).
    static func position(ofInput index: Int, in formatted: Formatted, affinity: Affinity) -> Int {
        switch affinity {
        case .left:
            var position = 0
            for (output, source) in formatted.sources.enumerated() {
                if let input = source.inputIndex, input < index { position = output + 1 }
            }
            return position
        case .right:
            for (output, source) in formatted.sources.enumerated() {
                if let input = source.inputIndex, input >= index { return output }
            }
            return formatted.sources.count
        }
    }

    /// For every input position `0...inputCount`, its output position with left
    /// affinity (after the last output scalar that came from an earlier input
    /// scalar): ``position(ofInput:in:affinity:)`` for all positions in one pass.
    static func leftPositions(_ formatted: Formatted, inputCount: Int) -> [Int] {
        var lastOutput = [Int](repeating: -1, count: inputCount)
        for (output, source) in formatted.sources.enumerated() {
            if let input = source.inputIndex, input < inputCount { lastOutput[input] = max(lastOutput[input], output) }
        }
        var positions = [Int](repeating: 0, count: inputCount + 1)
        var running = -1
        for input in 0..<inputCount {
            running = max(running, lastOutput[input])
            positions[input + 1] = running + 1
        }
        return positions
    }

    /// When `typed` equals the literals just before or just after `caret`, the
    /// caret position after them; else nil.
    static func literalRun(_ typed: [Unicode.Scalar], around caret: Int, in formatted: Formatted) -> Int? {
        let count = typed.count
        if caret >= count, formatted.scalars[(caret - count)..<caret].elementsEqual(typed),
            formatted.sources[(caret - count)..<caret].allSatisfy(\.isLiteral)
        {
            return caret
        }
        if caret + count <= formatted.scalars.count, formatted.scalars[caret..<(caret + count)].elementsEqual(typed),
            formatted.sources[caret..<(caret + count)].allSatisfy(\.isLiteral)
        {
            return caret + count
        }
        return nil
    }

    // MARK: - The answer

    /// What an answer says besides the text, caret and validation.
    struct AnswerFlags: OptionSet {
        let rawValue: UInt8
        /// The edit was refused (rule 5).
        static let rejected = AnswerFlags(rawValue: 1)
        /// Only part of the insertion was used (rule 5).
        static let truncated = AnswerFlags(rawValue: 2)
        /// An IME is composing: the text is as typed.
        static let deferred = AnswerFlags(rawValue: 4)
    }

    /// How one request's answers are written: its units and event, the text it was sent, its locale.
    struct Answers {
        let request: EditRequest
        let old: [Unicode.Scalar]
        let locale: LocalePreference
        var formValues: [String: String] = [:]
        /// Characters dropped as unexpected are reported (rule 11): on `blur` and `submit`, and for a whole
        /// text; characters kept out of place always are.
        var reportDropped: Bool

        init(
            request: EditRequest, old: [Unicode.Scalar], locale: LocalePreference, formValues: [String: String] = [:],
            reportDropped: Bool? = nil
        ) {
            self.request = request
            self.old = old
            self.locale = locale
            self.formValues = formValues
            self.reportDropped = reportDropped ?? (request.event != .change)
        }

        /// The answer: `formatted` is the formatting of `input`, shown as `shown` (the formatted text
        /// unless an IME is composing), the caret at scalar index `caret`.
        func outcome(
            of field: Field, _ formatted: Formatted, shown: [Unicode.Scalar]? = nil, caret: Int,
            input: [Unicode.Scalar], flags: AnswerFlags = []
        ) -> EditOutcome {
            let text = shown ?? formatted.scalars
            let caret = TextUnits.snapToCluster(caret, boundaries: TextUnits.clusterBoundaries(text))
            let value = field.formatter.value(of: formatted)
            let complete = formatted.complete ?? false
            let textString = TextUnits.string(text)
            let valueString = TextUnits.string(value)
            let formattedText = shown == nil ? textString : TextUnits.string(formatted.scalars)
            let unexpected = Field.unexpectedCharacters(formatted, input: input, reportDropped: reportDropped)
            let validation = field.validate(
                ValidationInput(
                    text: formattedText, value: valueString, valueScalars: value, complete: complete,
                    meta: formatted.meta, formValues: formValues, unexpected: unexpected,
                    conventions: locale.conventions),
                event: request.event, locale: locale)
            return EditOutcome(
                text: textString, caret: TextUnits.offset(ofScalarIndex: caret, in: text, unit: request.units),
                value: valueString, complete: complete, rejected: flags.contains(.rejected),
                truncated: flags.contains(.truncated), deferred: flags.contains(.deferred),
                change: Field.change(from: old, to: text, units: request.units), meta: formatted.meta,
                validation: validation, unexpected: unexpected)
        }
    }

    /// The characters of `input` that `formatted` reports as unexpected: those it keeps out of place,
    /// and with `reportDropped` those it dropped (rule 11).
    static func unexpectedCharacters(
        _ formatted: Formatted, input: [Unicode.Scalar], reportDropped: Bool
    ) -> [Unicode.Scalar] {
        guard !formatted.unexpected.isEmpty else { return [] }
        var kept = [Bool](repeating: false, count: input.count)
        for source in formatted.sources {
            if case .kept(let index) = source { kept[index] = true }
        }
        return formatted.unexpected.filter { reportDropped || kept[$0] }.map { input[$0] }
    }

    /// The common prefix and suffix of the two texts bound the change.
    static func change(from old: [Unicode.Scalar], to new: [Unicode.Scalar], units: OffsetUnit) -> TextChange {
        var prefix = 0
        let shorter = min(old.count, new.count)
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return TextChange(
            start: TextUnits.offset(ofScalarIndex: prefix, in: old, unit: units),
            end: TextUnits.offset(ofScalarIndex: old.count - suffix, in: old, unit: units),
            text: TextUnits.string(new[prefix..<(new.count - suffix)]))
    }
}
