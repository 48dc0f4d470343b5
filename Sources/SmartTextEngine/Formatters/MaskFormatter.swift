import SmartTextSupport

/// `mask {pattern}`: `#` a digit, `A` a letter, `*` a letter or digit, `\x` the
/// literal `x`, anything else a literal.
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
        case literal(Unicode.Scalar)
    }

    /// A pattern that cannot be used.
    public struct PatternError: Error, Sendable, Equatable {
        public var message: String
    }

    public let name = "mask"
    public var laysOutWholeText: Bool { true }
    public var maximumLength: Int? { slots.count }
    /// The slots' kinds, and the pattern's literals (consumed where they are typed).
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(
            digits: acceptsDigits, letters: acceptsLetters,
            characters: slots.compactMap { if case .literal(let literal) = $0 { literal } else { nil } })
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

    public init(pattern: String) throws(PatternError) {
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
            default: slots.append(.literal(scalar))
            }
        }
        if escaped {
            throw PatternError(message: "the pattern \"\(pattern)\" ends with a lone '\\' (write \\\\ for a backslash)")
        }
        let significant = slots.filter { if case .literal = $0 { false } else { true } }
        if significant.isEmpty {
            throw PatternError(
                message:
                    "the pattern \"\(pattern)\" has no slot (# digit, A letter, * letter or digit), so nothing can be typed"
            )
        }
        for case .literal(let literal) in slots where Self.joinsPreviousCharacter(literal) {
            let code = String(literal.value, radix: 16, uppercase: true)
            throw PatternError(
                message:
                    "the pattern \"\(pattern)\" has the literal U+\(code), which joins the character before it into "
                    + "one character, so the caret could not stand between them")
        }
        let firstSlot = slots.firstIndex { if case .literal = $0 { false } else { true } }!
        let digits = significant.contains { $0 == .digit || $0 == .letterOrDigit }
        let letters = significant.contains { $0 == .letter || $0 == .letterOrDigit }
        for case .literal(let literal) in slots[firstSlot...]
        where (literal.asciiDigit != nil && digits) || (literal.isLetter && letters) {
            throw PatternError(
                message:
                    "the pattern \"\(pattern)\" has the literal '\(literal)' after its first slot, where a slot also takes "
                    + "it: once an edit moves characters, a typed '\(literal)' could not be told from the pattern's "
                    + "(letters and digits that slots take may only stand before the first slot)")
        }
        self.pattern = pattern
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
        var output = Formatted()
        output.reserve(slots.count)
        var slot = 0
        var index = 0
        var filled = 0
        var misfits = 0
        while index < input.count {
            let scalar = input[index].halfWidth
            let fresh = context.isFresh(index)
            if let match = literalAhead(scalar, from: slot) {
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
                    drop(scalar, at: index, into: &output)
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

    /// Drops the input from `start` on (an overflow), reporting what is not formatting.
    private func markDropped(_ input: [Unicode.Scalar], from start: Int, into output: inout Formatted) {
        for index in start..<input.count where !isFormatting(input[index].halfWidth) {
            output.markUnexpected(index)
        }
    }

    /// A separator, or a literal of the pattern that is not part of the value.
    private func isFormatting(_ scalar: Unicode.Scalar) -> Bool {
        if Separators.contains(scalar) { return true }
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
        case .literal: return nil
        }
    }

    private func couldFillASlot(_ scalar: Unicode.Scalar) -> Bool {
        (acceptsDigits && scalar.asciiDigit != nil) || (acceptsLetters && scalar.isLetter)
    }
}
