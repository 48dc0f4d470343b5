import SmartTextJSON
import SmartTextSupport

/// The as-you-type layout shared by identifiers, VAT numbers and postal codes: a set of shapes
/// (``IdentifierShape``), the one that fits what is typed chosen as it is typed.
///
/// Letters are upper-cased and digits of any script become ASCII; separators typed or pasted are
/// formatting (a separator of the chosen shape is consumed where it is typed). Each character narrows
/// the shapes to those that take it where it lands; a character typed where no remaining shape takes it
/// is refused (a letter in a CPF), and one typed past the longest shape overflows. Characters an edit
/// elsewhere moves to where they do not fit stay, out of place, and the text is invalid until they are
/// fixed. Of the shapes left, the text is laid out in the first (in the order given) that is at least as
/// long as what is typed; on `blur` and `submit`, in one exactly as long when there is one (a Chilean
/// RUT of 8 characters is `1.234.567-8`, while typing it reads as the start of `12.345.678-9`).
///
/// When every shape starts with the same letters or digits (`DE` of a German VAT number), they are
/// supplied as soon as anything else is typed: `123456789` gives `DE123456789`.
package struct ShapeLayout: Sendable {
    /// The shapes, in order of preference; `owners[i]` is what shape `i` belongs to (a kind).
    package let shapes: [IdentifierShape]
    let owners: [Int]
    /// The letters or digits every shape starts with (supplied when the user starts after them).
    let prefix: [UInt8]
    /// The longest shape.
    let maximumCount: Int
    /// Every character some position of some shape takes: any other is never part of the text (dropped
    /// wherever it is, so that a client may refuse it at once).
    package let characters: CharacterSet128
    /// The symbols some shape takes as part of the value (a century sign) that no shape writes as a separator:
    /// one already in the text stays where an edit moves it, out of place, as a letter or digit does.
    let valueSymbols: CharacterSet128

    package init(shapes: [IdentifierShape], owners: [Int]) {
        self.shapes = shapes
        self.owners = owners
        var prefix: [UInt8] = []
        if let first = shapes.first {
            position: for (position, slot) in first.slots.enumerated() where slot.count == 1 {
                guard position == prefix.count else { break }
                let byte = slot.members[0]
                for shape in shapes.dropFirst() {
                    guard position < shape.count, shape.slots[position] == slot,
                        shape.separators[position].isEmpty == first.separators[position].isEmpty
                    else { break position }
                }
                // The prefix must leave something to type.
                guard shapes.allSatisfy({ $0.count > position + 1 }) else { break }
                prefix.append(byte)
            }
        }
        self.prefix = prefix
        self.maximumCount = shapes.map(\.count).max() ?? 0
        let characters = shapes.flatMap(\.slots).reduce(CharacterSet128()) { $0.union($1) }
        self.characters = characters
        let written = Set(shapes.flatMap { $0.separators.joined() })
        var valueSymbols = CharacterSet128()
        for byte in characters.members where !(byte >= 0x41 && byte <= 0x5A) && !(byte >= 0x30 && byte <= 0x39) {
            if !written.contains(Unicode.Scalar(byte)) { valueSymbols.insert(byte) }
        }
        self.valueSymbols = valueSymbols
    }

    /// What the layout found, besides the formatted text.
    package struct Result {
        package var formatted: Formatted
        /// The significant characters, in order (upper-case ASCII; an out-of-place one as typed, mapped).
        package var value: [UInt8]
        /// The shape the text is laid out in, and the shapes that can still take it.
        package var chosen: Int?
        package var candidates: [Int]
        /// Characters kept where they do not fit.
        package var misfits: Int
    }

    /// The characters typing can add: those of ``characters`` (letters in both cases), white space and the
    /// separators people type.
    package func acceptedCharacters(separators: [Unicode.Scalar]) -> AcceptedCharacters {
        let members = characters.members
        let letters = members.filter { $0 >= 0x41 && $0 <= 0x5A }
        let digits = members.contains { $0 >= 0x30 && $0 <= 0x39 }
        let symbols = members.filter { !($0 >= 0x41 && $0 <= 0x5A) && !($0 >= 0x30 && $0 <= 0x39) }
        let allLetters = letters.count == 26
        var explicit = separators + symbols.map { Unicode.Scalar($0) } + ["-", ".", "/"]
        if !allLetters { explicit += letters.flatMap { [Unicode.Scalar($0), Unicode.Scalar($0 + 32)] } }
        return AcceptedCharacters(digits: digits, letters: allLetters, whitespace: true, characters: explicit)
    }

    /// The ASCII form a typed scalar stands for (`ａ` → `A`, `٣` → `3`), or nil when it is no letter or digit.
    package static func normalized(_ scalar: Unicode.Scalar) -> UInt8? {
        let character = scalar.halfWidth
        if let digit = character.asciiDigit { return UInt8(digit.value) }
        let value = character.value
        if value >= 0x41 && value <= 0x5A { return UInt8(value) }
        if value >= 0x61 && value <= 0x7A { return UInt8(value - 32) }
        return nil
    }

    /// A symbol some shapes take as part of the value where it lands (the century sign `-` or `+` of a
    /// Finnish henkilötunnus, `&` in a Mexican RFC), else nil: a separator there.
    private func symbol(_ scalar: Unicode.Scalar, at position: Int, _ candidates: [Int]) -> UInt8? {
        let character = scalar.halfWidth
        guard character.isASCII, !character.isASCIIAlphanumeric else { return nil }
        let byte = UInt8(character.value)
        return candidates.contains { position < shapes[$0].count && shapes[$0].slots[position].contains(byte) }
            ? byte : nil
    }

    /// A symbol already in the text that some shape takes as part of the value and none writes as a separator
    /// (the century sign `-` of `131052-308T` once Delete took the first digit): kept, out of place where
    /// it no longer fits, not dropped as formatting.
    private func movedSymbol(_ scalar: Unicode.Scalar, fresh: Bool) -> UInt8? {
        let character = scalar.halfWidth
        guard !fresh, character.isASCII, valueSymbols.contains(UInt8(character.value)) else { return nil }
        return UInt8(character.value)
    }

    package func format(_ input: [Unicode.Scalar], context: FormatContext) -> Result {
        var significant: [Significant] = []
        significant.reserveCapacity(maximumCount)
        var value: [UInt8] = []
        var candidates = Array(shapes.indices)
        var unexpected: [Int] = []
        var overflow = false
        var misfits = 0
        var index = 0
        func fits(_ byte: UInt8, at position: Int, in shape: Int) -> Bool {
            position < shapes[shape].count && shapes[shape].slots[position].contains(byte)
        }
        while index < input.count {
            defer { index += 1 }
            guard
                let byte = Self.normalized(input[index]) ?? symbol(input[index], at: value.count, candidates)
                    ?? movedSymbol(input[index], fresh: context.isFresh(index))
            else {
                if !Separators.contains(input[index].halfWidth) { unexpected.append(index) }
                continue
            }
            guard characters.contains(byte) else {
                unexpected.append(index)
                continue
            }
            let fresh = context.isFresh(index)
            var position = value.count
            // What the prefix supplies for this character, taken back if the character is refused (so that a
            // refused character leaves the text as it was, and pasting gives what typing gives).
            let before = (significant.count, value.count)
            if position < prefix.count && byte != prefix[position] {
                // The common prefix is always there once something is typed, as a mask's letters before its
                // first slot are: a later letter of it (the `E` of `DE` typed alone) gets the ones before it
                // supplied, anything else the whole rest (and then goes where it fits, or is refused, or stays
                // out of place). So no text of the field lacks it, and no deletion can make one supply it
                // but for what the deletion took.
                let end = prefix[(position + 1)...].firstIndex(of: byte) ?? prefix.count
                while position < end {
                    significant.append(Significant(scalar: Unicode.Scalar(prefix[position]), inputIndex: nil))
                    value.append(prefix[position])
                    position += 1
                }
            }
            let admitting = candidates.filter { fits(byte, at: position, in: $0) }
            if !admitting.isEmpty {
                candidates = admitting
            } else {
                if fresh && position < maximumCount {
                    // Typed where it cannot go: refused.
                    unexpected.append(index)
                    significant.removeLast(significant.count - before.0)
                    value.removeLast(value.count - before.1)
                    continue
                }
                if position >= maximumCount && context.hasFresh {
                    // More than the longest shape holds: the insertion overflows.
                    significant.removeLast(significant.count - before.0)
                    value.removeLast(value.count - before.1)
                    overflow = true
                    unexpected += (index..<input.count).filter { !Separators.contains(input[$0].halfWidth) }
                    break
                }
                // Moved here by an edit elsewhere: it stays, out of place.
                unexpected.append(index)
                misfits += 1
            }
            significant.append(Significant(scalar: Unicode.Scalar(byte), inputIndex: index))
            value.append(byte)
        }
        let chosen = choose(candidates, count: value.count, final: context.final)
        var formatted: Formatted
        if let chosen {
            let shape = shapes[chosen]
            formatted = GroupLayout(separator: { $0 < shape.separators.count ? shape.separators[$0] : [] })
                .render(significant, input: input)
        } else {
            formatted = GroupLayout(separator: { _ in [] }).render(significant, input: input)
        }
        formatted.clearIfNothingKept()
        if formatted.scalars.isEmpty { value = [] }
        formatted.overflow = overflow
        formatted.unexpected = unexpected
        let longer = candidates.contains { shapes[$0].count > value.count }
        formatted.complete =
            !value.isEmpty && misfits == 0 && chosen.map { shapes[$0].count == value.count } == true && !longer
        return Result(formatted: formatted, value: value, chosen: chosen, candidates: candidates, misfits: misfits)
    }

    /// The shape to lay `count` characters out in: on `blur` and `submit` one exactly as long, else the
    /// first at least as long, else the longest.
    private func choose(_ candidates: [Int], count: Int, final: Bool) -> Int? {
        if final, let exact = candidates.first(where: { shapes[$0].count == count }) { return exact }
        if let first = candidates.first(where: { shapes[$0].count >= count }) { return first }
        return candidates.max { shapes[$0].count < shapes[$1].count }
    }
}
