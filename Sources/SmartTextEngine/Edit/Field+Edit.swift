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
    /// (the edit applied, nothing formatted: scalar indices `0...count`) lands in the answer's text.
    func apply(
        _ request: EditRequest, locale: LocalePreference, mapping: Bool
    ) throws(EditError) -> (outcome: EditOutcome, typedMap: [Int]?) {
        let old = TextUnits.scalars(request.text)
        var (start, end) = try Self.resolveRange(request, in: old)
        var replacement = TextUnits.scalars(request.replacement)
        let inputType = request.inputType ?? (replacement.isEmpty ? .deleteContentBackward : .insertText)
        let kind = inputType.kind(replacementIsEmpty: replacement.isEmpty)
        let final = request.event != .change

        if kind == .composition {
            let raw = Array(old[..<start]) + replacement + old[end...]
            let formatted = formatter.format(raw, context: FormatContext(final: final, conventions: locale.conventions))
            let answer = outcome(
                text: raw, caretIndex: start + replacement.count, formatted: formatted, old: old, request: request,
                locale: locale, input: raw, deferred: true)
            // The text is shown as typed: every position stays where it is.
            return (answer, mapping ? Array(0...raw.count) : nil)
        }
        if !replacement.isEmpty {
            // An insertion never splits a character (rule 8).
            Self.keepClustersWhole(old, &start, &end, &replacement)
        }

        // The old text's own formatting is needed for deletions at a separator, refused edits and the
        // check that nothing outside the edit is lost: computed on first use (BENCHMARKS.md item 2).
        var formattedBefore: Formatted? = nil
        func before() -> Formatted {
            if let formattedBefore { return formattedBefore }
            let formatted = formatter.format(old, context: FormatContext(final: final, conventions: locale.conventions))
            formattedBefore = formatted
            return formatted
        }
        var significantBefore: [Bool]? = nil
        /// For each character of the old text: is it significant (kept by its formatting)?
        func significant() -> [Bool] {
            if let significantBefore { return significantBefore }
            let significant = Self.significantInputs(before(), count: old.count)
            significantBefore = significant
            return significant
        }
        let typedCount = old.count - (end - start) + replacement.count
        /// The typed text's positions, through `input` (typed → the formatter's input), into `formatted`.
        func typedMap(_ formatted: Formatted, inputCount: Int, _ input: (Int) -> Int) -> [Int]? {
            guard mapping else { return nil }
            let positions = Self.leftPositions(formatted, inputCount: inputCount)
            return (0...typedCount).map { positions[input($0)] }
        }
        /// A typed position in the old text (a position inside the insertion stands at its start).
        func inOld(_ typed: Int) -> Int {
            if typed <= start { return typed }
            if typed <= start + replacement.count { return start }
            return typed - replacement.count + (end - start)
        }
        /// The old text as it is, the caret at the edit's start: the answer to a refused edit (rule 5).
        func refused() -> (outcome: EditOutcome, typedMap: [Int]?) {
            let formatted = before()
            let caretBefore = Self.position(ofInput: start, in: formatted, affinity: .left)
            let answer = outcome(
                text: formatted.scalars, caretIndex: caretBefore, formatted: formatted, old: old, request: request,
                locale: locale, rejected: true)
            return (answer, typedMap(formatted, inputCount: old.count, inOld))
        }
        let isKeyDeletion = replacement.isEmpty && (kind == .deleteBackward || kind == .deleteForward)
        var deleteStart = start
        var deleteEnd = end
        if isKeyDeletion && start < end {
            let significant = significant()
            if !significant[start..<end].contains(true) {
                // Only separators are being deleted (rule 4).
                switch backspace {
                case .moveCaret:
                    let target = kind == .deleteBackward ? start : end
                    let formatted = before()
                    let caret = Self.position(ofInput: target, in: formatted, affinity: .left)
                    let answer = outcome(
                        text: formatted.scalars, caretIndex: caret, formatted: formatted, old: old, request: request,
                        locale: locale)
                    return (answer, typedMap(formatted, inputCount: old.count, inOld))
                case .deletePrevious:
                    if kind == .deleteBackward, let previous = significant[..<start].lastIndex(of: true) {
                        deleteStart = previous
                    } else if kind == .deleteForward, let next = significant[end...].firstIndex(of: true) {
                        deleteEnd = next + 1
                    }
                }
            }
        }

        /// The edit inserting `insertion` (part of the replacement), which is the fresh input.
        func attempt(_ insertion: ArraySlice<Unicode.Scalar>) -> Formatted {
            formatter.format(
                Self.splice(old, deleteStart, deleteEnd, insertion),
                context: FormatContext(
                    final: final, fresh: deleteStart..<(deleteStart + insertion.count),
                    conventions: locale.conventions))
        }
        /// True when the edit's formatting keeps the rules: nothing overflows, nothing outside is lost
        /// (one formatting per edit; BENCHMARKS.md item 14).
        func acceptable(_ candidate: Formatted, inserting count: Int) -> Bool {
            guard !candidate.overflow else { return false }
            return !Self.losesCharacters(
                candidate, old: old, removing: deleteStart..<deleteEnd, inserting: count,
                neverSignificant: formatter.neverKeeps, significantBefore: significant)
        }
        /// The formatting when `insertion` fits.
        func fits(_ insertion: ArraySlice<Unicode.Scalar>) -> Formatted? {
            let candidate = attempt(insertion)
            return acceptable(candidate, inserting: insertion.count) ? candidate : nil
        }
        var insertion = replacement[...]
        var formatted = attempt(insertion)
        if isKeyDeletion && start < end {
            // When the formatter puts back what was deleted (a supplied `+`, `0.`, a mask's own letters),
            // Backspace and Delete take the next significant character in their direction too, until
            // the text changes (rule 10: they always make progress).
            let significant = significant()
            let shown = before().scalars
            while formatted.scalars == shown {
                if kind == .deleteBackward, let previous = significant[..<deleteStart].lastIndex(of: true) {
                    deleteStart = previous
                } else if kind == .deleteForward, let next = significant[deleteEnd...].firstIndex(of: true) {
                    deleteEnd = next + 1
                } else {
                    break
                }
                formatted = attempt([])
            }
        }
        var truncated = false
        if !acceptable(formatted, inserting: insertion.count) {
            guard !insertion.isEmpty, let nothing = fits([]) else {
                // A deletion that would take characters outside its range with it: refused (rule 10).
                return refused()
            }
            // Keep the text around the edit and what of the insertion fits, as typing it one character
            // at a time would (rules 5 and 10): the most characters (grapheme clusters) from its start
            // that fit, then each later character that still fits.
            let ends = Self.clusterEnds(insertion)
            var best = nothing
            var low = 0
            var high = ends.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if let candidate = fits(insertion[..<ends[middle - 1]]) {
                    low = middle
                    best = candidate
                } else {
                    high = middle - 1
                }
            }
            var kept = Array(insertion[..<(low == 0 ? 0 : ends[low - 1])])
            let accepted = formatter.acceptedCharacters
            // Each try formats the whole text: a paste's tail is tried a bounded number of times.
            var tries = 0
            for cluster in low + 1..<ends.count where tries < Self.triesAfterAPasteOverflows {
                let character = insertion[ends[cluster - 1]..<ends[cluster]]
                guard character.contains(where: accepted.contains) else { continue }
                tries += 1
                let candidate = attempt((kept + character)[...])
                if acceptable(candidate, inserting: kept.count + character.count) {
                    kept += character
                    best = candidate
                } else if candidate.overflow && character.count == 1 && !Self.mayExpand(character.first!) {
                    // A character that takes one place overflows: the format is full.
                    break
                }
            }
            insertion = kept[...]
            formatted = best
            truncated = true
        }
        let inserted = insertion.count
        let rawCaret = deleteStart + inserted
        var caret: Int
        switch kind {
        case .insertion, .composition:
            caret = Self.position(ofInput: rawCaret, in: formatted, affinity: .left)
            if formatted.sources[caret...].allSatisfy(\.isLiteral) { caret = formatted.scalars.count }
        case .deleteBackward:
            caret = Self.position(ofInput: rawCaret, in: formatted, affinity: .right)
        case .deleteForward, .removal:
            caret = Self.position(ofInput: rawCaret, in: formatted, affinity: .left)
        }

        if !replacement.isEmpty {
            let insertedRange = deleteStart..<(deleteStart + inserted)
            let keptSomething =
                formatted.sources.contains { source in
                    guard let index = source.inputIndex else { return false }
                    return insertedRange.contains(index)
                } || formatted.normalized.contains(where: insertedRange.contains)
            if !keptSomething {
                let typed = insertion.map(\.halfWidth)
                if !typed.isEmpty, let afterLiteral = Self.literalRun(typed, around: caret, in: formatted) {
                    // A literal typed where the format already has it is consumed (rule 6).
                    caret = afterLiteral
                    truncated = false
                } else {
                    // Nothing of the edit fits: the text stays as it was (rule 5).
                    return refused()
                }
            } else if formatted.unexpected.contains(where: insertedRange.contains) {
                // Part of the insertion could not be used (a minus sign where negatives are not allowed,
                // letters pasted into a number): the answer says so.
                truncated = true
            }
        }
        let answer = outcome(
            text: formatted.scalars, caretIndex: caret, formatted: formatted, old: old, request: request,
            locale: locale,
            input: formatted.unexpected.isEmpty ? nil : Self.splice(old, deleteStart, deleteEnd, insertion),
            truncated: truncated)
        // Typed → the formatter's input: a deletion widened by rules 4 and 10 and a truncated insertion
        // leave their dropped characters at the edit's position.
        let (kept, removedEnd) = (inserted, deleteEnd)
        let inputCount = old.count - (deleteEnd - deleteStart) + inserted
        return (
            answer,
            typedMap(formatted, inputCount: inputCount) { typed in
                let position = inOld(typed)
                if typed > start && typed <= start + replacement.count {
                    return deleteStart + min(typed - start, kept)
                }
                if position < deleteStart { return position }
                if position < removedEnd || typed <= start { return deleteStart + (typed <= start ? 0 : kept) }
                return position - removedEnd + deleteStart + kept
            }
        )
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
        return outcome(
            text: formatted.scalars, caretIndex: formatted.scalars.count, formatted: formatted, old: old,
            request: request, locale: locale, reportDropped: true, formValues: formValues)
    }

    // MARK: - Steps

    private static func resolveRange(_ request: EditRequest, in old: [Unicode.Scalar]) throws(EditError) -> (Int, Int) {
        guard request.start <= request.end else {
            throw .reversedRange(start: request.start, end: request.end)
        }
        func index(_ offset: Int) throws(EditError) -> Int {
            switch TextUnits.scalarIndex(ofOffset: offset, in: old, unit: request.units) {
            case .index(let index): return index
            case .insideSurrogatePair: throw .splitsSurrogatePair(offset: offset)
            case .outOfBounds:
                throw .rangeOutOfBounds(
                    start: request.start, end: request.end, length: TextUnits.length(old, in: request.units),
                    units: request.units)
            }
        }
        return (try index(request.start), try index(request.end))
    }

    private static func splice(
        _ old: [Unicode.Scalar], _ start: Int, _ end: Int, _ insertion: ArraySlice<Unicode.Scalar>
    ) -> [Unicode.Scalar] {
        var raw: [Unicode.Scalar] = []
        raw.reserveCapacity(old.count - (end - start) + insertion.count)
        raw.append(contentsOf: old[..<start])
        raw.append(contentsOf: insertion)
        raw.append(contentsOf: old[end...])
        return raw
    }

    /// True when a significant character of `old` (one its formatting keeps, white space aside)
    /// outside `removed` is neither kept in `formatted` (the edited text's formatting, `count`
    /// characters inserted at `removed.lowerBound`) nor normalized away (rule 10). Usually every
    /// character outside the edit is kept, which is checked without formatting the old text.
    static func losesCharacters(
        _ formatted: Formatted, old: [Unicode.Scalar], removing removed: Range<Int>, inserting count: Int,
        neverSignificant: (Unicode.Scalar) -> Bool = { _ in false }, significantBefore: () -> [Bool]
    ) -> Bool {
        var keptInput = [Bool](repeating: false, count: old.count - removed.count + count)
        for source in formatted.sources {
            if case .kept(let index) = source { keptInput[index] = true }
        }
        for index in formatted.normalized { keptInput[index] = true }
        let kept = keptInput
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
        let significant = significantBefore()
        for index in 0..<removed.lowerBound where significant[index] && !kept[index] && !old[index].isSpace {
            return true
        }
        for index in removed.upperBound..<old.count
        where significant[index] && !kept[index + shift] && !old[index].isSpace {
            return true
        }
        return false
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

    /// Moves an insertion that would land inside a grapheme cluster (between an emoji and its skin
    /// tone) to the end of that cluster, so that no insertion splits a character (rule 8). With a
    /// selection, the rest of the cluster after it moves in front of the insertion.
    static func keepClustersWhole(
        _ old: [Unicode.Scalar], _ start: inout Int, _ end: inout Int, _ replacement: inout [Unicode.Scalar]
    ) {
        // Between two scalars below U+0300 there is always a boundary (CR LF aside): the usual case.
        guard start > 0 && end < old.count,
            old[start - 1].value >= 0x300 || old[end].value >= 0x300 || old[start - 1] == "\r"
        else { return }
        let remaining = Array(old[..<start]) + old[end...]
        guard let boundaries = TextUnits.clusterBoundaries(remaining), !boundaries[start] else { return }
        let target = TextUnits.snapToCluster(start, boundaries: boundaries) + (end - start)
        if start == end {
            start = target
        } else {
            replacement = Array(old[end..<target]) + replacement
        }
        end = target
    }

    /// For each input index: does the formatter keep it as a significant character?
    private static func significantInputs(_ formatted: Formatted, count: Int) -> [Bool] {
        var significant = [Bool](repeating: false, count: count)
        for source in formatted.sources where source.isKept {
            significant[source.inputIndex!] = true
        }
        return significant
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
    private static func literalRun(_ typed: [Unicode.Scalar], around caret: Int, in formatted: Formatted) -> Int? {
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

    /// The answer: `formatted` is the formatting of `input` (the old text when nil), shown as `text`.
    /// Characters dropped as unexpected are reported with `reportDropped`, out-of-place ones always.
    private func outcome(
        text: [Unicode.Scalar], caretIndex: Int, formatted: Formatted, old: [Unicode.Scalar], request: EditRequest,
        locale: LocalePreference, input: [Unicode.Scalar]? = nil, reportDropped: Bool? = nil, rejected: Bool = false,
        truncated: Bool = false, deferred: Bool = false, formValues: [String: String] = [:]
    ) -> EditOutcome {
        let caret = TextUnits.snapToCluster(caretIndex, boundaries: TextUnits.clusterBoundaries(text))
        let value = formatter.value(of: formatted)
        let complete = formatted.complete ?? false
        let textString = TextUnits.string(text)
        let valueString = TextUnits.string(value)
        let formattedText = text == formatted.scalars ? textString : TextUnits.string(formatted.scalars)
        let unexpected = Self.unexpectedCharacters(
            formatted, input: input ?? old, reportDropped: reportDropped ?? (request.event != .change))
        let validation = validate(
            ValidationInput(
                text: formattedText, value: valueString, valueScalars: value, complete: complete, meta: formatted.meta,
                formValues: formValues, unexpected: unexpected, conventions: locale.conventions),
            event: request.event, locale: locale)
        return EditOutcome(
            text: textString, caret: TextUnits.offset(ofScalarIndex: caret, in: text, unit: request.units),
            value: valueString, complete: complete, rejected: rejected, truncated: truncated,
            deferred: deferred, change: Self.change(from: old, to: text, units: request.units), meta: formatted.meta,
            validation: validation, unexpected: unexpected)
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
