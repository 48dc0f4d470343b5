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
}

extension Field {
    /// Applies one user edit: the edit rules of the API contract, 1 to 8.
    public func edit(_ request: EditRequest, locale: LocalePreference = .english) throws(EditError) -> EditOutcome {
        try apply(request, locale: locale, mapping: false).outcome
    }

    /// Applies one edit and, when `mapping`, says where each position of the text as the user typed it
    /// (the edit applied, nothing formatted: scalar indices `0...count`) lands in the answer's text.
    func apply(
        _ request: EditRequest, locale: LocalePreference, mapping: Bool
    ) throws(EditError) -> (outcome: EditOutcome, typedMap: [Int]?) {
        let old = TextUnits.scalars(request.text)
        let (start, end) = try Self.resolveRange(request, in: old)
        let replacement = TextUnits.scalars(request.replacement)
        let inputType = request.inputType ?? (replacement.isEmpty ? .deleteContentBackward : .insertText)
        let kind = inputType.kind(replacementIsEmpty: replacement.isEmpty)
        let context = FormatContext(final: request.event != .change)

        if kind == .composition {
            let raw = Array(old[..<start]) + replacement + old[end...]
            let formatted = formatter.format(raw, context: context)
            let answer = outcome(
                text: raw, caretIndex: start + replacement.count, formatted: formatted, old: old, request: request,
                locale: locale, deferred: true)
            // The text is shown as typed: every position stays where it is.
            return (answer, mapping ? Array(0...raw.count) : nil)
        }

        // The old text's own formatting is needed only for deletions at a
        // separator and for refused edits: computed on first use (BENCHMARKS.md item 2).
        var formattedBefore: Formatted? = nil
        func before() -> Formatted {
            if let formattedBefore { return formattedBefore }
            let formatted = formatter.format(old, context: context)
            formattedBefore = formatted
            return formatted
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
        var deleteStart = start
        var deleteEnd = end
        if replacement.isEmpty && start < end && (kind == .deleteBackward || kind == .deleteForward) {
            let significant = Self.significantInputs(before(), count: old.count)
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

        var inserted = replacement.count
        var formatted = formatter.format(Self.splice(old, deleteStart, deleteEnd, replacement[...]), context: context)
        var truncated = false
        if formatted.overflow && inserted > 0 {
            // Keep the text around the edit and as much of the insertion as fits (rule 5).
            let fits = { (count: Int) -> Formatted? in
                let candidate = self.formatter.format(
                    Self.splice(old, deleteStart, deleteEnd, replacement[..<count]), context: context)
                return candidate.overflow ? nil : candidate
            }
            if var best = fits(0) {
                var low = 0
                var high = inserted - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if let candidate = fits(middle) {
                        low = middle
                        best = candidate
                    } else {
                        high = middle - 1
                    }
                }
                inserted = low
                formatted = best
            }
            truncated = true
        }

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
            let keptSomething = formatted.sources.contains { source in
                guard let index = source.inputIndex else { return false }
                return insertedRange.contains(index)
            }
            if !keptSomething {
                let typed = replacement[..<inserted].map(\.halfWidth)
                if !typed.isEmpty, let afterLiteral = Self.literalRun(typed, around: caret, in: formatted) {
                    // A literal typed where the format already has it is consumed (rule 6).
                    caret = afterLiteral
                    truncated = false
                } else {
                    // Nothing of the edit fits: the text stays as it was (rule 5).
                    let formatted = before()
                    let caretBefore = Self.position(ofInput: start, in: formatted, affinity: .left)
                    let answer = outcome(
                        text: formatted.scalars, caretIndex: caretBefore, formatted: formatted, old: old,
                        request: request, locale: locale, rejected: true)
                    return (answer, typedMap(formatted, inputCount: old.count, inOld))
                }
            }
        }
        let answer = outcome(
            text: formatted.scalars, caretIndex: caret, formatted: formatted, old: old, request: request,
            locale: locale, truncated: truncated)
        // Typed → the formatter's input: a deletion widened by rule 4 and a truncated insertion
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

    /// Formats a whole text; the caret goes to the end.
    public func format(
        _ text: String, event: ValidationEvent = .change, units: OffsetUnit = .utf16,
        locale: LocalePreference = .english, formValues: [String: String] = [:]
    ) -> EditOutcome {
        let old = TextUnits.scalars(text)
        let formatted = formatter.format(old, context: FormatContext(final: event != .change))
        let request = EditRequest(text: text, start: 0, end: 0, replacement: "", units: units, event: event)
        return outcome(
            text: formatted.scalars, caretIndex: formatted.scalars.count, formatted: formatted, old: old,
            request: request, locale: locale, formValues: formValues)
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

    private func outcome(
        text: [Unicode.Scalar], caretIndex: Int, formatted: Formatted, old: [Unicode.Scalar], request: EditRequest,
        locale: LocalePreference, rejected: Bool = false, truncated: Bool = false, deferred: Bool = false,
        formValues: [String: String] = [:]
    ) -> EditOutcome {
        let caret = TextUnits.snapToCluster(caretIndex, boundaries: TextUnits.clusterBoundaries(text))
        let value = formatter.value(of: formatted)
        let complete = formatted.complete ?? false
        let textString = TextUnits.string(text)
        let valueString = TextUnits.string(value)
        let formattedText = text == formatted.scalars ? textString : TextUnits.string(formatted.scalars)
        let validation = validate(
            ValidationInput(
                text: formattedText, value: valueString, valueScalars: value, complete: complete, meta: formatted.meta,
                formValues: formValues),
            event: request.event, locale: locale)
        return EditOutcome(
            text: textString, caret: TextUnits.offset(ofScalarIndex: caret, in: text, unit: request.units),
            value: valueString, complete: complete, rejected: rejected, truncated: truncated,
            deferred: deferred, change: Self.change(from: old, to: text, units: request.units), meta: formatted.meta,
            validation: validation)
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
