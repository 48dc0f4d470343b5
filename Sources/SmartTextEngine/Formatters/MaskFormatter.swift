import SmartTextSupport

/// `mask {pattern, slots}`: `#` a digit, `A` a letter, `*` a letter or digit, a
/// slot character `slots` defines (`H`: `0-9A-F`, typed letters upper-cased), `\x`
/// the literal `x`, `[...]` an optional part (`(##) ####[#]-####`: 10 or 11 digits), anything else a literal.
///
/// Literals appear as soon as a significant character needs them, and the
/// punctuation that follows the last filled slot is appended (`(123) ` for
/// `(###) ###-####`), so the caret lands after it. A literal the input already
/// has at that spot is consumed, not duplicated.
///
/// Letters and digits written before the first slot (`+7 (###)`, `8 (###)`,
/// `REF-******`) are part of the value: typed where the pattern has them they
/// are kept, else supplied, so `9161234567` gives `+7 (916) 123-45-67` with the
/// value `79161234567`, and a `7` typed first is the pattern's `7`. Later in
/// the pattern a letter or digit is formatting, like punctuation, and only
/// where no slot takes it (`### kg`, `##x##`): the registry refuses `*** kg`,
/// whose `k` could not be told from a typed one once characters move.
///
/// A character typed where its slot does not take it is refused (a letter in
/// a digit slot). Characters already in the text that an edit elsewhere moves
/// into a slot of the other kind, or past the end, stay where they land and
/// are reported as unexpected: no edit destroys them, and validation says what
/// is wrong.
public struct MaskFormatter: TextFormatter {
    /// One position of the pattern.
    public enum Slot: Sendable, Equatable {
        case digit
        case letter
        case letterOrDigit
        /// A slot the registry defines (`H` for `[0-9A-F]`): the index of its ``SlotClass``.
        case custom(Int)
        case literal(Unicode.Scalar)
    }

    /// A slot character the registry binds to a class of letters and digits, with a case the typed character
    /// is mapped to before it is matched (`H`: `0-9A-F`, upper case, so that `f` gives `F`).
    public struct SlotClass: Sendable, Equatable {
        /// The slot character in the pattern.
        public var character: Unicode.Scalar
        /// The ranges of scalars it takes, inclusive.
        public var ranges: [ClosedRange<UInt32>]
        /// The case a typed letter takes before it is matched (nil: as typed).
        public var folding: CaseFormatter.Direction?

        public init(character: Unicode.Scalar, ranges: [ClosedRange<UInt32>], folding: CaseFormatter.Direction?) {
            self.character = character
            self.ranges = ranges
            self.folding = folding
        }

        /// The class of a written list of characters and ranges (`0-9A-F`; a `-` first or last is itself).
        /// Nil, with why, when it is empty, a range runs backwards or it holds a character that is not a
        /// letter or an ASCII digit.
        public static func ranges(_ text: String) -> (ranges: [ClosedRange<UInt32>]?, problem: String?) {
            let scalars = Array(text.unicodeScalars)
            var ranges: [ClosedRange<UInt32>] = []
            var index = 0
            while index < scalars.count {
                let low = scalars[index]
                var high = low
                if index + 2 < scalars.count, scalars[index + 1] == "-" {
                    high = scalars[index + 2]
                    index += 3
                } else {
                    index += 1
                }
                for bound in [low, high] where !(bound.isLetter || (bound.value >= 0x30 && bound.value <= 0x39)) {
                    return (nil, "can hold only letters and digits (and ranges of them: 0-9A-F), not '\(bound)'")
                }
                guard low.value <= high.value else {
                    return (nil, "has the range \(low)-\(high), which runs backwards")
                }
                ranges.append(low.value...high.value)
            }
            guard !ranges.isEmpty else { return (nil, "must name at least one character (0-9A-F)") }
            return (ranges, nil)
        }

        /// The character as this slot holds it, if it takes it.
        func accept(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            var candidate = scalar.asciiDigit ?? scalar
            if let folding, candidate.isLetter {
                let mapped = CaseFormatter.map(candidate, folding)
                guard mapped.count == 1 else { return nil }
                candidate = mapped[0]
            }
            return ranges.contains { $0.contains(candidate.value) } ? candidate : nil
        }

        var takesDigits: Bool { (0x30...0x39).contains { value in ranges.contains { $0.contains(UInt32(value)) } } }
        var takesLetters: Bool {
            ranges.contains { range in
                stride(from: range.lowerBound, through: min(range.upperBound, range.lowerBound + 0x2000), by: 1)
                    .contains { Unicode.Scalar($0)?.isLetter == true }
            }
        }
    }

    /// A pattern that cannot be used.
    public struct PatternError: Error, Sendable, Equatable {
        public var message: String
    }

    public let name = "mask"
    public var laysOutWholeText: Bool { true }
    public var maximumLength: Int? { slots.count }
    /// The slots' kinds, the pattern's literals (consumed where they are typed) and the placeholder (consumed
    /// over a shown one: the edit is not refused, so a client must not drop it, nor from a paste of the shown
    /// text).
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(
            digits: acceptsDigits, letters: acceptsLetters,
            characters: slots.compactMap { if case .literal(let literal) = $0 { literal } else { nil } }
                + (placeholder.map { [$0] } ?? []))
    }
    /// The pattern as written.
    public let pattern: String
    /// The parsed pattern.
    public let slots: [Slot]
    private let significantSlotCount: Int
    private let acceptsDigits: Bool
    private let acceptsLetters: Bool
    /// For each position, the first significant slot at or after it (nil when none follows).
    private let nextSignificant: [Int?]
    /// The position of the first significant slot: the letters and digits before it are part of the value.
    private let firstSlot: Int

    /// The slots the registry defines, in the order ``Slot/custom(_:)`` numbers them.
    public let classes: [SlotClass]
    /// With optional parts (`[#]`), the pattern with each choice of them, fewest slots first (and, among as
    /// many, the earlier parts taken first); the last has them all. Empty without optional parts.
    private let alternatives: [MaskFormatter]

    /// The most optional parts a pattern may have (each doubles the layouts a text is tried in).
    public static let maximumOptionalParts = 4
    /// The most layouts a mask may try a text in, its `patterns` and their optional parts together (each
    /// formats the whole text again).
    public static let maximumLayouts = 16

    /// The layouts a text is tried in: one, or one for each choice of the optional parts.
    public var layoutCount: Int { max(1, alternatives.count) }

    /// With `placeholder`, the character shown in each slot not yet filled once something is typed
    /// (`(12_) ___-____`): a suffix the caret never enters, formatting where it is typed or pasted.
    public let placeholder: Unicode.Scalar?

    public init(pattern: String, classes: [SlotClass] = [], placeholder: Unicode.Scalar? = nil) throws(PatternError) {
        let expanded = try Self.expandOptionalParts(
            pattern, slotCharacters: ["#", "A", "*"] + classes.map { Character($0.character) })
        guard expanded.count > 1 else {
            try self.init(plain: expanded[0], classes: classes, written: pattern, placeholder: placeholder)
            return
        }
        var alternatives: [(formatter: MaskFormatter, order: [Bool])] = []
        for (written, order) in expanded.map({ ($0.pattern, $0.taken) }) {
            alternatives.append(
                (
                    try MaskFormatter(
                        plain: (written, order), classes: classes, written: pattern, placeholder: placeholder), order
                ))
        }
        alternatives.sort { first, second in
            let (a, b) = (first.formatter.significantSlotCount, second.formatter.significantSlotCount)
            if a != b { return a < b }
            // Among as many slots, the earlier optional parts first.
            return first.order.map { $0 ? 0 : 1 }.lexicographicallyPrecedes(second.order.map { $0 ? 0 : 1 })
        }
        let none = alternatives.first { !$0.order.contains(true) }!.formatter.significantSlotCount
        for (part, _) in alternatives[0].order.enumerated() {
            let alone = alternatives.first { $0.order.enumerated().allSatisfy { $0.element == ($0.offset == part) } }!
            guard alone.formatter.significantSlotCount > none else {
                throw PatternError(
                    message: "the pattern \"\(pattern)\" has an optional part without a slot (optional part "
                        + "\(part + 1)): what is typed could not choose whether it is there")
            }
        }
        // As many characters must be laid out one way: `AA[A]-##[#]` could put five as `AAA-##` or `AA-###`,
        // and what typing chose could not be what pasting the same characters chooses.
        func kinds(_ formatter: MaskFormatter) -> [Slot] {
            formatter.slots.filter { if case .literal = $0 { false } else { true } }
        }
        for (first, second) in zip(alternatives, alternatives.dropFirst())
        where first.formatter.significantSlotCount == second.formatter.significantSlotCount
            && kinds(first.formatter) != kinds(second.formatter)
        {
            throw PatternError(
                message: "the pattern \"\(pattern)\" lays \(first.formatter.significantSlotCount) characters out in "
                    + "two ways (\"\(first.formatter.layoutPattern)\" and \"\(second.formatter.layoutPattern)\"): "
                    + "its optional parts must not leave the kind of a character to choose")
        }
        self.init(all: alternatives.last!.formatter, alternatives: alternatives.map(\.formatter))
    }

    /// The slots as a pattern writes them (`AA-###`), for messages.
    var layoutPattern: String {
        slots.map { slot -> String in
            switch slot {
            case .digit: "#"
            case .letter: "A"
            case .letterOrDigit: "*"
            case .custom(let custom): String(classes[custom].character)
            case .literal(let literal): String(literal)
            }
        }.joined()
    }

    /// The pattern with all its optional parts (`all`), choosing among `alternatives` as it formats.
    private init(all: MaskFormatter, alternatives: [MaskFormatter]) {
        self.pattern = all.pattern
        self.classes = all.classes
        self.placeholder = all.placeholder
        self.slots = all.slots
        self.significantSlotCount = all.significantSlotCount
        self.acceptsDigits = all.acceptsDigits
        self.acceptsLetters = all.acceptsLetters
        self.firstSlot = all.firstSlot
        self.nextSignificant = all.nextSignificant
        self.alternatives = alternatives
    }

    /// The pattern without its optional parts' brackets, once for each choice of the parts: each with which
    /// parts it takes. One, the pattern itself, when it has none.
    static func expandOptionalParts(
        _ pattern: String, slotCharacters: [Character]
    ) throws(PatternError) -> [(pattern: String, taken: [Bool])] {
        // The pattern's pieces: fixed text, and the optional parts.
        var pieces: [(text: String, optional: Bool)] = [("", false)]
        var escaped = false
        var open = false
        for character in pattern {
            if escaped {
                pieces[pieces.count - 1].text += "\\" + String(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "[" {
                guard !open else {
                    throw PatternError(message: "the pattern \"\(pattern)\" nests optional parts: [ inside [ ]")
                }
                open = true
                pieces.append(("", true))
            } else if character == "]" {
                guard open else {
                    throw PatternError(
                        message: "the pattern \"\(pattern)\" has a ] that closes no [ (write \\] for a literal ])")
                }
                open = false
                pieces.append(("", false))
            } else {
                pieces[pieces.count - 1].text.append(character)
            }
        }
        if escaped { pieces[pieces.count - 1].text += "\\" }
        if open { throw PatternError(message: "the pattern \"\(pattern)\" has a [ that is never closed") }
        let optional = pieces.indices.filter { pieces[$0].optional }
        guard !optional.isEmpty else { return [(pieces.map(\.text).joined(), [])] }
        guard optional.count <= maximumOptionalParts else {
            throw PatternError(
                message: "the pattern \"\(pattern)\" has \(optional.count) optional parts; at most "
                    + "\(maximumOptionalParts) (each doubles the layouts a text is tried in)")
        }
        // Each optional part's slots are of the kind of the slots beside it (`(##) ####[#]-####`), so that the
        // layout is chosen by how many characters are typed, never by their kind: a paste then chooses what
        // typing its characters one by one chooses.
        func kinds(_ text: String) -> [Character] {
            var result: [Character] = []
            var escaped = false
            for character in text {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if slotCharacters.contains(character) {
                    result.append(character)
                }
            }
            return result
        }
        let pieceKinds = pieces.map { kinds($0.text) }
        for index in optional {
            let inside = pieceKinds[index]
            let before = pieceKinds[..<index].last { !$0.isEmpty }?.last
            let after = pieceKinds[(index + 1)...].first { !$0.isEmpty }?.first
            let beside = [before, after].compactMap { $0 }
            guard let kind = inside.first ?? beside.first,
                (inside + beside).allSatisfy({ $0 == kind })
            else {
                throw PatternError(
                    message: "the pattern \"\(pattern)\" has an optional part whose slots are not all of the kind "
                        + "of the slots beside it: the layout would be chosen by the kind of what is typed, and a "
                        + "paste could choose another than typing it")
            }
        }
        var result: [(pattern: String, taken: [Bool])] = []
        for choice in 0..<(1 << optional.count) {
            var text = ""
            var taken: [Bool] = []
            for (index, piece) in pieces.enumerated() {
                if piece.optional {
                    let take = choice & (1 << (optional.firstIndex(of: index)!)) != 0
                    taken.append(take)
                    if take { text += piece.text }
                } else {
                    text += piece.text
                }
            }
            result.append((text, taken))
        }
        return result
    }

    /// A pattern without optional parts, as one alternative of `written`.
    private init(
        plain: (pattern: String, taken: [Bool]), classes: [SlotClass], written: String, placeholder: Unicode.Scalar?
    ) throws(PatternError) {
        let pattern = plain.pattern
        var slots: [Slot] = []
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                slots.append(.literal(scalar))
                escaped = false
                continue
            }
            switch scalar {
            case "\\": escaped = true
            case "#": slots.append(.digit)
            case "A": slots.append(.letter)
            case "*": slots.append(.letterOrDigit)
            default:
                if let custom = classes.firstIndex(where: { $0.character == scalar }) {
                    slots.append(.custom(custom))
                } else {
                    slots.append(.literal(scalar))
                }
            }
        }
        if escaped {
            throw PatternError(message: "the pattern \"\(written)\" ends with a lone '\\' (write \\\\ for a backslash)")
        }
        let significant = slots.filter { if case .literal = $0 { false } else { true } }
        if significant.isEmpty {
            throw PatternError(
                message:
                    "the pattern \"\(written)\" has no slot (# digit, A letter, * letter or digit), so nothing can be typed"
            )
        }
        for case .literal(let literal) in slots where Self.joinsPreviousCharacter(literal) {
            let code = String(literal.value, radix: 16, uppercase: true)
            throw PatternError(
                message:
                    "the pattern \"\(written)\" has the literal U+\(code), which joins the character before it into "
                    + "one character, so the caret could not stand between them")
        }
        let firstSlot = slots.firstIndex { if case .literal = $0 { false } else { true } }!
        let digits = significant.contains { slot in
            if case .custom(let custom) = slot { return classes[custom].takesDigits }
            return slot == .digit || slot == .letterOrDigit
        }
        let letters = significant.contains { slot in
            if case .custom(let custom) = slot { return classes[custom].takesLetters }
            return slot == .letter || slot == .letterOrDigit
        }
        for case .literal(let literal) in slots[firstSlot...]
        where (literal.asciiDigit != nil && digits) || (literal.isLetter && letters) {
            throw PatternError(
                message:
                    "the pattern \"\(written)\" has the literal '\(literal)' after its first slot, where a slot also takes "
                    + "it: once an edit moves characters, a typed '\(literal)' could not be told from the pattern's "
                    + "(letters and digits that slots take may only stand before the first slot)")
        }
        self.pattern = written
        self.classes = classes
        self.placeholder = placeholder
        self.alternatives = []
        self.slots = slots
        self.significantSlotCount = significant.count
        self.acceptsDigits = digits
        self.acceptsLetters = letters
        self.firstSlot = firstSlot
        var next = [Int?](repeating: nil, count: slots.count + 1)
        for position in stride(from: slots.count - 1, through: 0, by: -1) {
            if case .literal = slots[position] {
                next[position] = next[position + 1]
            } else {
                next[position] = position
            }
        }
        self.nextSignificant = next
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        guard !alternatives.isEmpty else { return formatPlain(input, context: context) }
        let candidates = alternatives.map { $0.formatPlain(input, context: context) }
        return candidates[Self.bestLayout(candidates, context: context)]
    }

    /// Of the formattings of one input in several layouts, the one to show (its index): the one that keeps no
    /// character out of place (else the fewest, the first of them as late as can be; a character already in the
    /// text that a layout drops and another keeps counts as out of place in the one that drops it), then keeps the characters as typing them one by one would — of two layouts,
    /// the one that keeps the earlier character where they first differ (so that a paste chooses what typing
    /// chooses), or that keeps more when one keeps a beginning of the other's — then drops the fewest; the
    /// first of those that do as well. (One that would keep a character out of place is never chosen over
    /// one that holds less: a typed character that only fits by moving another is refused, as past a full
    /// pattern.) Optional parts (`[#]`) and a mask's `patterns` choose their layout so.
    static func bestLayout(_ candidates: [Formatted], context: FormatContext = FormatContext()) -> Int {
        // The characters some layout keeps: one already in the text (not fresh) that another drops is out of
        // place there too (a letter a digits-only pattern drops where another pattern's slot takes it), or
        // formatting that layout's text again would choose another. A fresh one that does not fit is refused,
        // as typed: it counts as nothing.
        var keptSomewhere = Set<Int>()
        if candidates.count > 1 {
            for candidate in candidates {
                for source in candidate.sources { if case .kept(let input) = source { keptSomewhere.insert(input) } }
            }
        }
        var best: (index: Int, misfits: Int, firstMisfit: Int, kept: [Int])? = nil
        for (index, candidate) in candidates.enumerated() {
            var kept: [Int] = []
            var misfits = 0
            var firstMisfit = Int.max
            var keptHere = Set<Int>()
            for source in candidate.sources {
                guard case .kept(let input) = source else { continue }
                kept.append(input)
                keptHere.insert(input)
                if candidate.unexpected.contains(input) {
                    misfits += 1
                    firstMisfit = min(firstMisfit, input)
                }
            }
            // (Not when a fresh insertion overflowed this layout: what it drops from there is the insertion's.)
            for input in candidate.unexpected
            where !candidate.overflow && !keptHere.contains(input) && keptSomewhere.contains(input)
                && !context.isFresh(input)
            {
                misfits += 1
                firstMisfit = min(firstMisfit, input)
            }
            guard let current = best else {
                best = (index, misfits, firstMisfit, kept)
                continue
            }
            let better: Bool
            if misfits != current.misfits {
                better = misfits < current.misfits
            } else if firstMisfit != current.firstMisfit {
                // As many out of place in each: the one where more of the beginning fits (the text an edit
                // left is laid out again as it was, whichever characters were fresh in it).
                better = firstMisfit > current.firstMisfit
            } else if let difference = zip(kept, current.kept).first(where: { $0 != $1 }) {
                better = difference.0 < difference.1
            } else {
                // The same characters kept: the first layout (the fewest optional parts, the first pattern),
                // whatever literals the text holds, so that `format(value)` gives back the text (rule 9).
                better = kept.count > current.kept.count
            }
            if better { best = (index, misfits, firstMisfit, kept) }
        }
        return best?.index ?? 0
    }

    private func formatPlain(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var output = Formatted()
        output.reserve(slots.count)
        var slot = 0
        var index = 0
        var filled = 0
        var misfits = 0
        while index < input.count {
            let scalar = input[index].halfWidth
            let fresh = context.isFresh(index)
            if let match = literalAhead(scalar, from: slot) ?? literalAhead(input[index], from: slot) {
                // The input has a literal of this run of literals: those before it are supplied.
                while slot < match {
                    supply(at: slot, into: &output)
                    slot += 1
                }
                take(at: match, from: index, into: &output)
                slot += 1
                index += 1
                continue
            }
            guard let next = nextSignificant[slot] else {
                // After the last slot, past its trailing literals: nothing more fits.
                if couldFillASlot(scalar) {
                    if context.hasFresh {
                        // More than the pattern holds: the insertion overflows.
                        output.overflow = true
                        markDropped(input, from: index, into: &output)
                        break
                    }
                    // Moved here by an edit elsewhere: kept after the pattern, out of place.
                    while slot < slots.count {
                        supply(at: slot, into: &output)
                        slot += 1
                    }
                    output.keep(scalar.asciiDigit ?? scalar, from: index)
                    output.markUnexpected(index)
                    misfits += 1
                } else {
                    drop(scalar, at: index, into: &output)
                }
                index += 1
                continue
            }
            switch slots[slot] {
            case .literal:
                if accept(scalar, in: slots[next]) != nil || (!fresh && couldFillASlot(scalar)) {
                    supply(at: slot, into: &output)
                    slot += 1
                } else {
                    drop(isFormatting(input[index]) ? input[index] : scalar, at: index, into: &output)
                    index += 1
                }
            case let kind:
                if let accepted = accept(scalar, in: kind) {
                    output.keep(accepted, from: index)
                    filled += 1
                    slot += 1
                } else if !fresh && couldFillASlot(scalar) {
                    // Moved into a slot of the other kind by an edit elsewhere: it stays, out of place.
                    output.keep(scalar.asciiDigit ?? scalar, from: index)
                    output.markUnexpected(index)
                    filled += 1
                    misfits += 1
                    slot += 1
                } else {
                    drop(scalar, at: index, into: &output)
                }
                index += 1
            }
        }
        if output.sources.contains(where: \.isKept) {
            // The literals after the last filled slot, up to the next slot or letter or digit of the value.
            while slot < slots.count, case .literal = slots[slot], !isValue(at: slot) {
                supply(at: slot, into: &output)
                slot += 1
            }
            if let placeholder {
                // The rest of the pattern shown, each slot its placeholder: a suffix the caret stays before.
                let start = output.scalars.count
                while slot < slots.count {
                    if case .literal(let literal) = slots[slot] {
                        output.insertLiteral(literal)
                    } else {
                        output.insertLiteral(placeholder)
                    }
                    slot += 1
                }
                output.suffix = output.scalars.count - start
            }
        }
        output.clearIfNothingKept()
        output.complete = filled == significantSlotCount && misfits == 0 && !output.scalars.isEmpty
        return output
    }

    /// A combining mark, joiner, variation selector or emoji modifier: it would make one character
    /// (grapheme cluster) with whatever comes before it.
    static func joinsPreviousCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isGraphemeExtend || properties.isEmojiModifier || properties.isVariationSelector
            || properties.isJoinControl || properties.generalCategory == .spacingMark
    }

    /// The position of `scalar` among the literals from `slot` on, passing only formatting (a letter or
    /// digit of the value is never skipped). Letters match in either case, so that a case mapping chained
    /// before or after the mask leaves its literals recognizable.
    private func literalAhead(_ scalar: Unicode.Scalar, from slot: Int) -> Int? {
        var position = slot
        while position < slots.count, case .literal(let literal) = slots[position] {
            if Self.sameLiteral(literal, scalar) { return position }
            if isValue(at: position) { return nil }
            position += 1
        }
        return nil
    }

    private static func sameLiteral(_ literal: Unicode.Scalar, _ scalar: Unicode.Scalar) -> Bool {
        if literal == scalar { return true }
        guard literal.isLetter && scalar.isLetter else { return false }
        return CaseFormatter.map(literal, .lower) == CaseFormatter.map(scalar, .lower)
    }

    /// True for a letter or digit before the first slot: part of the value.
    private func isValue(at position: Int) -> Bool {
        guard position < firstSlot, case .literal(let literal) = slots[position] else { return false }
        return literal.isLetter || literal.asciiDigit != nil
    }

    /// The input has the pattern's literal at `position`: kept when it is part of the value, else consumed.
    private func take(at position: Int, from index: Int, into output: inout Formatted) {
        guard case .literal(let literal) = slots[position] else { return }
        if isValue(at: position) { output.keep(literal, from: index) } else { output.consume(literal, from: index) }
    }

    /// The pattern's literal at `position`, supplied: part of the value when it is a letter or digit of it.
    private func supply(at position: Int, into output: inout Formatted) {
        guard case .literal(let literal) = slots[position] else { return }
        if isValue(at: position) { output.synthesize(literal) } else { output.insertLiteral(literal) }
    }

    /// Drops an input character: unexpected unless it is a separator or the pattern's punctuation.
    private func drop(_ scalar: Unicode.Scalar, at index: Int, into output: inout Formatted) {
        if !isFormatting(scalar) { output.markUnexpected(index) }
    }

    // A literal of the pattern is matched as written and in its half-width form (a pattern's `／` is the
    // `／` typed, and the `/` typed).

    /// Drops the input from `start` on (an overflow), reporting what is not formatting.
    private func markDropped(_ input: [Unicode.Scalar], from start: Int, into output: inout Formatted) {
        for index in start..<input.count where !isFormatting(input[index].halfWidth) {
            output.markUnexpected(index)
        }
    }

    /// A separator, or a literal of the pattern that is not part of the value.
    private func isFormatting(_ scalar: Unicode.Scalar) -> Bool {
        if Separators.contains(scalar) || scalar == placeholder { return true }
        return slots.indices.contains { position in
            guard case .literal(let literal) = slots[position] else { return false }
            return !isValue(at: position) && Self.sameLiteral(literal, scalar)
        }
    }

    private func accept(_ scalar: Unicode.Scalar, in slot: Slot) -> Unicode.Scalar? {
        switch slot {
        case .digit: return scalar.asciiDigit
        case .letter: return scalar.isLetter ? scalar : nil
        case .letterOrDigit: return scalar.asciiDigit ?? (scalar.isLetter ? scalar : nil)
        case .custom(let custom): return classes[custom].accept(scalar)
        case .literal: return nil
        }
    }

    private func couldFillASlot(_ scalar: Unicode.Scalar) -> Bool {
        (acceptsDigits && scalar.asciiDigit != nil) || (acceptsLetters && scalar.isLetter)
    }
}
