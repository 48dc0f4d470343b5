import SmartTextSupport

/// `mask {pattern}`: `#` a digit, `A` a letter, `*` a letter or digit, `\x` the
/// literal `x`, anything else a literal.
///
/// Literals appear as soon as a significant character needs them, and those
/// that follow the last filled slot are appended (`(123) ` for `(###) ###-####`),
/// so the caret lands after them. A literal the input already has at that spot
/// is consumed, not duplicated. A letter or digit literal (`+7 (###)`) is only
/// consumed after a typed punctuation literal of the same run (`+7…` pasted),
/// so a `7` typed into an empty field is a digit, not the prefix.
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
        self.pattern = pattern
        self.slots = slots
        self.significantSlotCount = significant.count
        self.acceptsDigits = significant.contains { $0 == .digit || $0 == .letterOrDigit }
        self.acceptsLetters = significant.contains { $0 == .letter || $0 == .letterOrDigit }
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var output = Formatted()
        output.reserve(slots.count)
        var slot = 0
        var index = 0
        var filled = 0
        var anchored = false
        while index < input.count {
            let scalar = input[index].halfWidth
            guard slot < slots.count else {
                if couldFillASlot(scalar) {
                    output.overflow = true
                    break
                }
                index += 1
                continue
            }
            switch slots[slot] {
            case .literal(let literal):
                let alphanumeric = literal.isASCIIAlphanumeric
                if scalar == literal && (!alphanumeric || anchored) {
                    output.consume(literal, from: index)
                    if !alphanumeric { anchored = true }
                    slot += 1
                    index += 1
                } else if let next = nextSignificantSlot(after: slot), accept(scalar, in: slots[next]) != nil {
                    output.insertLiteral(literal)
                    slot += 1
                } else {
                    if nextSignificantSlot(after: slot) == nil && couldFillASlot(scalar) { output.overflow = true }
                    index += 1
                }
            case let kind:
                if let accepted = accept(scalar, in: kind) {
                    output.keep(accepted, from: index)
                    filled += 1
                    slot += 1
                    anchored = false
                }
                index += 1
            }
        }
        if filled > 0 {
            while slot < slots.count, case .literal(let literal) = slots[slot] {
                output.insertLiteral(literal)
                slot += 1
            }
        }
        output.clearIfNothingSignificant()
        output.complete = filled == significantSlotCount
        return output
    }

    private func nextSignificantSlot(after slot: Int) -> Int? {
        var cursor = slot + 1
        while cursor < slots.count {
            if case .literal = slots[cursor] {
                cursor += 1
                continue
            }
            return cursor
        }
        return nil
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
