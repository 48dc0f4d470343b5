import SmartTextJSON
import SmartTextSupport

/// One edit while it is applied (what imask calls its action details): the old text, the range and the
/// replacement as sent, the kind of edit, and — once the rules have spoken — which part of the old text it
/// takes out (``removed``) and what of the replacement it puts in (``insertion``). `Field.apply` runs its
/// steps in the order of the README's rules; each step is one method here.
///
/// The formatter's input is always the old text with ``removed`` replaced by ``insertion``. For an insertion
/// ``removed`` is the range sent; Backspace and Delete may take another character instead (rules 4 and 10:
/// the significant character next to the separators they were pressed on, or the next one when the format
/// would put back what they took), and what they were pressed on then stays where it is, so that every
/// other character keeps its place.
struct EditAction {
    let field: Field
    let request: EditRequest
    let conventions: LocaleConventions
    /// True on `blur` and `submit`.
    let final: Bool
    let old: [Unicode.Scalar]
    /// The range sent, in scalar indices of ``old`` (an insertion inside a character moved to its end).
    private(set) var start: Int
    private(set) var end: Int
    /// The replacement sent (with the rest of a character the range split, rule 8).
    private(set) var replacement: [Unicode.Scalar]
    let kind: InputType.Kind
    /// The part of ``old`` the edit takes out.
    private(set) var removed: Range<Int>
    /// What of the replacement the edit puts in.
    private(set) var insertion: ArraySlice<Unicode.Scalar>

    /// The old text's own formatting and which of its characters are significant, computed on first use:
    /// only deletions at a separator, refused edits and the loss check need them (BENCHMARKS.md item 2).
    private var formattedBefore: Formatted? = nil
    private var significantBefore: [Bool]? = nil

    init(field: Field, request: EditRequest, conventions: LocaleConventions) throws(EditError) {
        self.field = field
        self.request = request
        self.conventions = conventions
        self.final = request.event != .change
        let old = TextUnits.scalars(request.text)
        self.old = old
        var (start, end) = try Self.resolveRange(request, in: old)
        var replacement = TextUnits.scalars(request.replacement)
        let inputType = request.inputType ?? (replacement.isEmpty ? .deleteContentBackward : .insertText)
        self.kind = inputType.kind(replacementIsEmpty: replacement.isEmpty)
        if !replacement.isEmpty && kind != .composition {
            // An insertion never splits a character (rule 8).
            Self.keepClustersWhole(old, &start, &end, &replacement)
        }
        self.start = start
        self.end = end
        self.replacement = replacement
        self.removed = start..<end
        self.insertion = replacement[...]
    }

    /// Backspace or Delete (not a cut, not a typed replacement).
    var isKeyDeletion: Bool { replacement.isEmpty && (kind == .deleteBackward || kind == .deleteForward) }

    /// The text as the user typed it: the edit applied, nothing formatted.
    var typedCount: Int { old.count - (end - start) + replacement.count }

    // MARK: The old text

    /// The old text's formatting.
    mutating func before() -> Formatted {
        if let formattedBefore { return formattedBefore }
        let formatted = field.formatter.format(old, context: FormatContext(final: final, conventions: conventions))
        formattedBefore = formatted
        return formatted
    }

    /// For each character of the old text: does its formatting keep it as a significant one?
    mutating func significant() -> [Bool] {
        if let significantBefore { return significantBefore }
        var significant = [Bool](repeating: false, count: old.count)
        for case .kept(let index) in before().sources { significant[index] = true }
        significantBefore = significant
        return significant
    }

    // MARK: Step: Backspace and Delete on separators (rule 4)

    /// True when a key deletion's range holds no significant character (only separators).
    mutating func deletesOnlyFormatting() -> Bool {
        guard isKeyDeletion && start < end else { return false }
        return !significant()[start..<end].contains(true)
    }

    /// Rule 4, `deletePrevious`: the significant character before the separators (Backspace) or after them
    /// (Delete) is taken instead; the separators stay, so that the characters around keep their places.
    mutating func takeSignificantCharacterNextToSeparators() {
        let significant = significant()
        if kind == .deleteBackward, let previous = significant[..<start].lastIndex(of: true) {
            removed = previous..<(previous + 1)
        } else if kind == .deleteForward, let next = significant[end...].firstIndex(of: true) {
            removed = next..<(next + 1)
        }
    }

    // MARK: Step: formatting the edit

    /// The formatting of the old text with ``removed`` replaced by `insertion` (the fresh input).
    func attempt(_ insertion: ArraySlice<Unicode.Scalar>) -> Formatted {
        field.formatter.format(
            Self.splice(old, removed, insertion),
            context: FormatContext(
                final: final, fresh: removed.lowerBound..<(removed.lowerBound + insertion.count),
                conventions: conventions, editing: true))
    }

    /// The formatter's input for the edit as it now stands.
    var input: [Unicode.Scalar] { Self.splice(old, removed, insertion) }

    /// True when `candidate`, the formatting of the edit inserting `count` characters, keeps the rules:
    /// nothing overflows and nothing outside ``removed`` is lost (one formatting per edit; BENCHMARKS.md item 14).
    mutating func acceptable(_ candidate: Formatted, inserting count: Int) -> Bool {
        guard !candidate.overflow else { return false }
        let (old, removed, pipeline) = (self.old, self.removed, field.formatter)
        return !Field.losesCharacters(
            candidate, old: old, removing: removed, inserting: count, neverSignificant: pipeline.neverKeeps,
            significantBefore: { self.significant() })
    }

    // MARK: Step: every press makes progress (rule 10)

    /// When the format puts back what Backspace or Delete took (a supplied `+`, `0.`, a mask's own letters, a
    /// date's separator), the key takes the next significant character in its direction instead, until the
    /// text changes; what it passed over stays, so that nothing moves into the part the format supplies.
    mutating func makeProgress(_ formatted: inout Formatted) {
        guard isKeyDeletion && start < end else { return }
        let significant = significant()
        let shown = before().scalars
        while formatted.scalars == shown {
            if kind == .deleteBackward, let previous = significant[..<removed.lowerBound].lastIndex(of: true) {
                removed = previous..<(previous + 1)
            } else if kind == .deleteForward, let next = significant[removed.upperBound...].firstIndex(of: true) {
                removed = next..<(next + 1)
            } else {
                break
            }
            formatted = attempt([])
        }
    }

    /// When Backspace or Delete would lose characters that cannot stand without the one it takes (the `D`
    /// of a typed prefix `ID` after its `I`), it takes them too, as long as they come next in its
    /// direction (only separators between). The formatting when that keeps the rules, else nil.
    mutating func takeOrphans() -> Formatted? {
        guard isKeyDeletion else { return nil }
        for _ in 0..<4 {
            let formatted = attempt([])
            let kept = Field.keptInputs(formatted, old: old, removing: removed, inserting: 0)
            let significant = significant()
            let lost = Field.lostCharacters(
                kept, old: old, removing: removed, shift: -removed.count, significant: significant)
            guard let first = lost.first, let last = lost.last else { return formatted }
            let forward = kind == .deleteForward
            guard forward ? first >= removed.upperBound : last < removed.lowerBound else { return nil }
            // Every significant character between the key's character and the last one lost is lost too.
            let span = forward ? removed.upperBound..<(last + 1) : first..<removed.lowerBound
            let lostSet = Set(lost)
            guard !span.contains(where: { significant[$0] && !old[$0].isSpace && !lostSet.contains($0) }) else {
                return nil
            }
            removed = forward ? removed.lowerBound..<(last + 1) : first..<removed.upperBound
        }
        return nil
    }

    /// A deletion never makes a character the user did not type part of the value: a separator of the old text
    /// that the deletion's formatting would keep as significant (a `.` the field wrote as a group separator,
    /// read as a decimal point once a digit of its group is gone: `1.234` without its `2` is not `1,34`) goes
    /// with the deleted character. Separators that hold a part in place (``Formatted/holding``) are not such
    /// characters. Those next to what the key takes (only formatting between) are taken with it here; the
    /// old indices of any others are returned, for the edit to be made again on the text without them.
    mutating func takePromotedSeparators(_ formatted: inout Formatted) -> [Int] {
        guard replacement.isEmpty && !removed.isEmpty else { return [] }
        for _ in 0..<4 {
            let promoted = promotedSeparators(formatted)
            guard let first = promoted.first, let last = promoted.last else { return [] }
            let significant = significant()
            let span = last < removed.lowerBound ? first..<removed.lowerBound : removed.upperBound..<(last + 1)
            let adjacent =
                (last < removed.lowerBound || first >= removed.upperBound)
                && !span.contains(where: { significant[$0] })
            // Else the old text's formatting is regrouped: the edit is made again without any of it.
            guard adjacent else { return formattingSeparators() }
            removed = min(first, removed.lowerBound)..<max(last + 1, removed.upperBound)
            formatted = attempt([])
        }
        return promotedSeparators(formatted).isEmpty ? [] : formattingSeparators()
    }

    /// The old indices of the separators the old text's formatting consumed (its layout's own), outside what
    /// the edit takes and the range it was sent (Backspace on the `$` of a suffix ` US$` that took the digit
    /// before it: the `$` is still the key's).
    private mutating func formattingSeparators() -> [Int] {
        let significant = significant()
        return old.indices.filter { index in
            !removed.contains(index) && !(start..<end).contains(index) && !significant[index] && !old[index].isSpace
                && !old[index].isLetter
                && old[index].asciiDigit == nil
        }
    }

    /// The old indices of separators that were formatting in the old text and that `formatted` (a
    /// deletion's) keeps as significant without their holding a part.
    private mutating func promotedSeparators(_ formatted: Formatted) -> [Int] {
        let significant = significant()
        var promoted: [Int] = []
        for source in formatted.sources {
            guard case .kept(let index) = source, !formatted.holding.contains(index) else { continue }
            let oldIndex = index < removed.lowerBound ? index : index + removed.count
            let scalar = old[oldIndex]
            if !significant[oldIndex] && !scalar.isSpace && !scalar.isLetter && scalar.asciiDigit == nil {
                promoted.append(oldIndex)
            }
        }
        return promoted.sorted()
    }

    // MARK: Step: fit or truncate an insertion (rules 5 and 10)

    /// The formatting when only part of the insertion fits: the text around the edit and what of the
    /// insertion fits, as typing it one character at a time would — the most characters (grapheme
    /// clusters) from its start that fit, then each later character that still fits. Nil when not even
    /// the text without the insertion keeps the rules (a deletion that would take more with it).
    mutating func fitInsertion() -> Formatted? {
        let whole = insertion
        guard !whole.isEmpty else { return nil }
        func fits(_ part: ArraySlice<Unicode.Scalar>) -> Formatted? {
            let candidate = attempt(part)
            return acceptable(candidate, inserting: part.count) ? candidate : nil
        }
        guard let nothing = fits([]) else { return nil }
        let ends = Field.clusterEnds(whole)
        var best = nothing
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if let candidate = fits(whole[whole.startIndex..<(whole.startIndex + ends[middle - 1])]) {
                low = middle
                best = candidate
            } else {
                high = middle - 1
            }
        }
        var kept = Array(whole.prefix(low == 0 ? 0 : ends[low - 1]))
        let accepted = field.formatter.acceptedCharacters
        // Each try formats the whole text: a paste's tail is tried a bounded number of times.
        var tries = 0
        for cluster in low + 1..<ends.count where tries < Field.triesAfterAPasteOverflows {
            let character = Array(whole.dropFirst(ends[cluster - 1]).prefix(ends[cluster] - ends[cluster - 1]))
            guard character.contains(where: accepted.contains) else { continue }
            tries += 1
            let candidate = attempt((kept + character)[...])
            if acceptable(candidate, inserting: kept.count + character.count) {
                kept += character
                best = candidate
            } else if candidate.overflow && character.count == 1 && !Field.mayExpand(character[0]),
                let maximum = field.formatter.maximumLength, best.scalars.count >= maximum
            {
                // A character that takes one place overflows a text at the longest the format makes: full.
                break
            }
        }
        insertion = kept[...]
        return best
    }

    // MARK: Step: the caret (rules 2 and 3)

    /// Where the caret goes in `formatted`, the formatting of the edit.
    func caret(in formatted: Formatted) -> Int {
        var caret: Int
        switch kind {
        case .insertion, .composition:
            caret = Field.position(ofInput: removed.lowerBound + insertion.count, in: formatted, affinity: .left)
            // Past the literals the format appends, but never into a suffix (rule 3).
            let end = formatted.suffixStart
            if caret <= end && formatted.sources[caret..<end].allSatisfy(\.isLiteral) { caret = end }
        case .deleteBackward:
            // Where the character taken was; separators the key was pressed on and passed over stay
            // before the caret, as they were.
            let anchor = removed == start..<end ? removed.lowerBound : end - removed.count
            caret = Field.position(ofInput: anchor, in: formatted, affinity: .right)
        case .deleteForward, .removal:
            // Where the key was pressed (characters passed over stay before it).
            let pressed = min(start, removed.lowerBound)
            caret = Field.position(ofInput: pressed, in: formatted, affinity: .left)
        }
        // The caret never goes into or past a suffix (` €`, ` kg`).
        return min(caret, formatted.suffixStart)
    }

    // MARK: Step: an insertion nothing of which was used (rules 5 and 6)

    /// What the edit's formatting made of the insertion.
    enum InsertionUse {
        /// Some of it is in the text (or normalized away).
        case used
        /// None of it is, but it is the literal the format already has next to the caret: consumed, the
        /// caret after it (rule 6).
        case consumedLiteral(caret: Int)
        /// None of it: the edit is refused (rule 5).
        case refused
    }

    func use(of formatted: Formatted, caret: Int) -> InsertionUse {
        let inserted = removed.lowerBound..<(removed.lowerBound + insertion.count)
        let keptSomething =
            formatted.sources.contains { source in
                guard let index = source.inputIndex else { return false }
                return inserted.contains(index)
            } || formatted.normalized.contains(where: inserted.contains)
        if keptSomething { return .used }
        let typed = insertion.map(\.halfWidth)
        if !typed.isEmpty, let afterLiteral = Field.literalRun(typed, around: caret, in: formatted) {
            return .consumedLiteral(caret: afterLiteral)
        }
        return .refused
    }

    /// True when part of the insertion was dropped as unexpected (a minus sign where negatives are not
    /// allowed, letters pasted into a number).
    func dropsPartOfInsertion(_ formatted: Formatted) -> Bool {
        let inserted = removed.lowerBound..<(removed.lowerBound + insertion.count)
        return formatted.unexpected.contains(where: inserted.contains)
    }

    // MARK: Step: where the typed text lands (batched edits)

    /// For every position of the text as typed (`0...typedCount`), its position in `formatted` (the
    /// formatting of ``input``), with left affinity. Characters the rules took or kept differently from
    /// what was typed (a widened deletion, a truncated insertion) leave their positions at the edit.
    func typedMap(_ formatted: Formatted) -> [Int] {
        let inputCount = old.count - removed.count + insertion.count
        let positions = Field.leftPositions(formatted, inputCount: inputCount)
        let typedInsertionEnd = start + replacement.count
        return (0...typedCount).map { typed in
            if typed > start && typed <= typedInsertionEnd {
                // Inside the insertion: as far as it was kept.
                return positions[removed.lowerBound + min(typed - start, insertion.count)]
            }
            // Outside it: the old index, then the input index.
            let oldIndex = typed <= start ? typed : typed - replacement.count + (end - start)
            let index: Int
            if oldIndex <= removed.lowerBound {
                index = oldIndex
            } else if oldIndex < removed.upperBound {
                index = removed.lowerBound + insertion.count
            } else {
                index = oldIndex - removed.count + insertion.count
            }
            return positions[index]
        }
    }

    /// The old text's positions (`0...old.count`) in `formatted`, the old text's own formatting.
    func oldMap(_ formatted: Formatted) -> [Int] {
        let positions = Field.leftPositions(formatted, inputCount: old.count)
        return (0...typedCount).map { typed in
            if typed <= start { return positions[typed] }
            if typed <= start + replacement.count { return positions[start] }
            return positions[typed - replacement.count + (end - start)]
        }
    }

    // MARK: Helpers

    static func resolveRange(_ request: EditRequest, in old: [Unicode.Scalar]) throws(EditError) -> (Int, Int) {
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

    static func splice(
        _ old: [Unicode.Scalar], _ range: Range<Int>, _ insertion: ArraySlice<Unicode.Scalar>
    ) -> [Unicode.Scalar] {
        var raw: [Unicode.Scalar] = []
        raw.reserveCapacity(old.count - range.count + insertion.count)
        raw.append(contentsOf: old[..<range.lowerBound])
        raw.append(contentsOf: insertion)
        raw.append(contentsOf: old[range.upperBound...])
        return raw
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
}
