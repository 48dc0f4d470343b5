import SmartTextSupport

/// Where an edit happened in terms that do not depend on formatting: what the
/// user did to the caret before it. A key pressed with the caret where the
/// previous edit left it, after Home, after End or after selecting everything
/// is replayed exactly there on the formatted text; only a caret put
/// somewhere by a click or an arrow key is moved through the positions of the
/// characters before it.
public enum EditAnchor: String, Sendable, CaseIterable {
    /// Where the previous edit left the caret (the request's `caret` for the first one).
    case caret
    /// The start of the text (Home).
    case start
    /// The end of the text (End).
    case end
    /// The whole text selected (Ctrl+A).
    case all
}

/// One edit as the user made it on the text a client shows. A client that
/// applies each edit at once, before the service answers, sends the edits made
/// meanwhile together: each one's range is on the text as it stood after the
/// previous ones, applied as typed (unformatted).
public struct TypedEdit: Sendable, Equatable {
    /// Start of the replaced range, in the request's units.
    public var start: Int
    /// End of the replaced range.
    public var end: Int
    /// What replaces the range (empty for a deletion).
    public var replacement: String
    /// The W3C Input Events name of what the user did; nil infers it from `replacement`.
    public var inputType: InputType?
    /// Where the edit happened, when the client knows (nil: at `start..<end`, moved onto the answer).
    public var anchor: EditAnchor?

    public init(start: Int, end: Int, replacement: String, inputType: InputType? = nil, anchor: EditAnchor? = nil) {
        self.start = start
        self.end = end
        self.replacement = replacement
        self.inputType = inputType
        self.anchor = anchor
    }
}

/// The answer to edits typed one after another on a client's own text.
public struct TypingOutcome: Sendable {
    /// The answer after the last edit: text, caret, value, validation, and the
    /// flags of the last edit. Its `change` turns ``typed`` into the answer's text.
    public var outcome: EditOutcome
    /// The text as the client shows it: the request's text with every edit applied as typed.
    public var typed: String
    /// For every position of ``typed`` (in the request's units, `0...length`), where it is in
    /// the answer's text: after the same characters the user typed before it (left affinity).
    /// A client moves what the user did while waiting (a caret, further edits) through it.
    public var map: [Int]
}

/// An edit of a batch that cannot be applied (the server answers 422).
public struct TypingError: Error, Sendable, Equatable {
    /// Which edit, from 0 (-1: the request's `caret`).
    public var index: Int
    /// Its range cannot be applied; nil when the text it gives is too long.
    public var error: EditError?
    /// The UTF-16 length of the typed text the edit gives, past `maxLength`.
    public var length: Int?

    init(index: Int, error: EditError) {
        self.index = index
        self.error = error
    }

    init(index: Int, length: Int) {
        self.index = index
        self.length = length
    }
}

extension Field {
    /// Applies `edits`, made one after another on `text` as the client showed
    /// it, as if each had been sent alone to the answer of the previous one:
    /// an anchored edit is made where its anchor is on that answer's text (the
    /// caret it left, `caret` in `text` for the first edit, the start, the end,
    /// everything); any other edit's range is moved onto it through the
    /// positions of the characters typed before it. Every edit rule applies.
    /// Validation reports on `event` for the last edit.
    ///
    /// With `maxLength`, an edit after which the typed text (or the answer) is
    /// longer than that many UTF-16 code units stops the batch.
    public func edit(
        typing edits: [TypedEdit], on text: String, caret: Int? = nil, units: OffsetUnit = .utf16,
        event: ValidationEvent = .change, locale: LocalePreference = .english, maxLength: Int? = nil
    ) throws(TypingError) -> TypingOutcome {
        var typed = TextUnits.scalars(text)
        var shown = text
        var shownScalars = typed
        // Where each typed position is in `shown` (scalar indices).
        var map = Array(0...typed.count)
        var shownCaret = typed.count
        if let caret {
            guard case .index(let index) = TextUnits.scalarIndex(ofOffset: caret, in: typed, unit: units) else {
                throw TypingError(
                    index: -1,
                    error: .rangeOutOfBounds(
                        start: caret, end: caret, length: TextUnits.length(typed, in: units), units: units))
            }
            shownCaret = index
        }
        var last: EditOutcome? = nil
        for (index, edit) in edits.enumerated() {
            let (start, end) = try Self.typedRange(edit, in: typed, units: units, index: index)
            let replacement = TextUnits.scalars(edit.replacement)
            if let maxLength {
                let length =
                    TextUnits.length(typed, in: .utf16) - TextUnits.length(typed[start..<end], in: .utf16)
                    + edit.replacement.utf16.count
                if length > maxLength { throw TypingError(index: index, length: length) }
            }
            let (shownStart, shownEnd) = Self.shownRange(
                of: edit, typed: (start, end), map: map, caret: shownCaret, in: shownScalars)
            let request = EditRequest(
                text: shown, start: shownStart, end: shownEnd, replacement: edit.replacement,
                inputType: edit.inputType, units: .scalars, event: index == edits.count - 1 ? event : .change)
            let applied: (outcome: EditOutcome, typedMap: [Int]?)
            do {
                applied = try apply(request, locale: locale, mapping: true)
            } catch {
                throw TypingError(index: index, error: error)
            }
            let answerMap = applied.typedMap!
            // The typed text after this edit, and its positions in the answer.
            let inserted = replacement.count
            var nextMap: [Int] = []
            nextMap.reserveCapacity(typed.count - (end - start) + inserted + 1)
            for position in 0...(typed.count - (end - start) + inserted) {
                let inTypedAnswer: Int
                if position <= start {
                    inTypedAnswer = min(map[position], shownStart)
                } else if position <= start + inserted {
                    inTypedAnswer = shownStart + (position - start)
                } else {
                    let after = max(map[position - inserted + (end - start)], shownEnd)
                    inTypedAnswer = after - shownEnd + shownStart + inserted
                }
                nextMap.append(answerMap[inTypedAnswer])
            }
            typed.replaceSubrange(start..<end, with: replacement)
            map = nextMap
            shown = applied.outcome.text
            if let maxLength, shown.utf16.count > maxLength {
                throw TypingError(index: index, length: shown.utf16.count)
            }
            shownScalars = TextUnits.scalars(shown)
            shownCaret = applied.outcome.caret
            last = applied.outcome
        }
        guard var outcome = last else {
            return TypingOutcome(
                outcome: format(text, event: event, units: units, locale: locale), typed: text, map: [])
        }
        // Back into the request's units.
        let answer = TextUnits.scalars(outcome.text)
        outcome.caret = TextUnits.offset(ofScalarIndex: outcome.caret, in: answer, unit: units)
        outcome.change = Self.change(from: typed, to: answer, units: units)
        return TypingOutcome(
            outcome: outcome, typed: TextUnits.string(typed), map: Self.offsets(map, from: typed, to: answer, units))
    }

    /// The range an edit replaces in the answer so far: where its anchor is, or its typed range moved
    /// through `map`. A deletion at an anchor removes the cluster (or word, or line) next to it there.
    private static func shownRange(
        of edit: TypedEdit, typed: (start: Int, end: Int), map: [Int], caret: Int, in shown: [Unicode.Scalar]
    ) -> (Int, Int) {
        let position: Int
        switch edit.anchor {
        case nil:
            let start = map[typed.start]
            return (start, max(map[typed.end], start))
        case .all?: return (0, shown.count)
        case .caret?: position = caret
        case .start?: position = 0
        case .end?: position = shown.count
        }
        guard edit.replacement.isEmpty else { return (position, position) }
        let boundaries = TextUnits.clusterBoundaries(shown)
        func isBoundary(_ index: Int) -> Bool { boundaries?[index] ?? true }
        func isSpace(_ index: Int) -> Bool { shown[index].properties.isWhitespace }
        var start = position
        var end = position
        switch edit.inputType ?? .deleteContentBackward {
        case .deleteContentBackward:
            if start > 0 { start -= 1 }
            while start > 0 && !isBoundary(start) { start -= 1 }
        case .deleteContentForward:
            if end < shown.count { end += 1 }
            while end < shown.count && !isBoundary(end) { end += 1 }
        case .deleteWordBackward:
            while start > 0 && isSpace(start - 1) { start -= 1 }
            while start > 0 && !isSpace(start - 1) { start -= 1 }
        case .deleteWordForward:
            while end < shown.count && isSpace(end) { end += 1 }
            while end < shown.count && !isSpace(end) { end += 1 }
        case .deleteSoftLineBackward, .deleteHardLineBackward: start = 0
        case .deleteSoftLineForward, .deleteHardLineForward: end = shown.count
        default: break
        }
        return (start, end)
    }

    private static func typedRange(
        _ edit: TypedEdit, in typed: [Unicode.Scalar], units: OffsetUnit, index: Int
    ) throws(TypingError) -> (Int, Int) {
        guard edit.start <= edit.end else {
            throw TypingError(index: index, error: .reversedRange(start: edit.start, end: edit.end))
        }
        func scalarIndex(_ offset: Int) throws(TypingError) -> Int {
            switch TextUnits.scalarIndex(ofOffset: offset, in: typed, unit: units) {
            case .index(let position): return position
            case .insideSurrogatePair: throw TypingError(index: index, error: .splitsSurrogatePair(offset: offset))
            case .outOfBounds:
                throw TypingError(
                    index: index,
                    error: .rangeOutOfBounds(
                        start: edit.start, end: edit.end, length: TextUnits.length(typed, in: units), units: units))
            }
        }
        return (try scalarIndex(edit.start), try scalarIndex(edit.end))
    }

    /// A map between scalar indices as offsets in `units`: one entry per offset
    /// of `typed`; an offset inside a surrogate pair takes the pair's start.
    private static func offsets(
        _ map: [Int], from typed: [Unicode.Scalar], to answer: [Unicode.Scalar], _ units: OffsetUnit
    ) -> [Int] {
        guard units == .utf16 else { return map }
        var answerOffsets = [Int](repeating: 0, count: answer.count + 1)
        for (index, scalar) in answer.enumerated() {
            answerOffsets[index + 1] = answerOffsets[index] + (scalar.value > 0xFFFF ? 2 : 1)
        }
        var result: [Int] = []
        result.reserveCapacity(typed.count * 2 + 1)
        for (index, scalar) in typed.enumerated() {
            result.append(answerOffsets[map[index]])
            if scalar.value > 0xFFFF { result.append(answerOffsets[map[index]]) }
        }
        result.append(answerOffsets[map[typed.count]])
        return result
    }
}
