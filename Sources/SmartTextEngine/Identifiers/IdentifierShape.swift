import SmartTextSupport

/// A set of ASCII characters (upper-case letters, digits, a few symbols) one position of an identifier takes.
public struct CharacterSet128: Sendable, Equatable, Hashable {
    // The members as two 64-bit masks over ASCII.
    var low: UInt64
    var high: UInt64

    init(low: UInt64 = 0, high: UInt64 = 0) {
        self.low = low
        self.high = high
    }

    /// The characters of `text`, and `a-z` ranges in it (`0-9K`).
    init(_ text: String) {
        self.init()
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") {
                for byte in bytes[index]...bytes[index + 2] { insert(byte) }
                index += 3
            } else {
                insert(bytes[index])
                index += 1
            }
        }
    }

    mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
    }

    /// True when the set holds `byte`.
    package func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }

    var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }

    /// The characters, in ASCII order.
    package var members: [UInt8] { (0..<128).map(UInt8.init).filter(contains) }

    func union(_ other: CharacterSet128) -> CharacterSet128 {
        CharacterSet128(low: low | other.low, high: high | other.high)
    }

    static let digits = CharacterSet128("0-9")
    static let letters = CharacterSet128("A-Z")
    static let alphanumerics = CharacterSet128("0-9A-Z")
}

/// One layout of an identifier as people type it: its positions (each a set of characters) and the
/// separators written between them.
///
/// Written as a pattern: `#` a digit, `@` a letter (A–Z), `*` a letter or digit, `[…]` one of the
/// characters listed (`[0-9K]`), a space, `-`, `.`, `/` or `:` a separator (formatting, not part of the
/// value), and any other letter or digit itself (part of the value: `DE#########`, `CHE-###.###.###`).
public struct IdentifierShape: Sendable, Equatable {
    /// The pattern as written.
    public let pattern: String
    /// The characters each position takes.
    let slots: [CharacterSet128]
    /// The separators written before position `k` (index k), and after the last one (index `count`).
    let separators: [[Unicode.Scalar]]

    /// The number of characters of the value.
    public var count: Int { slots.count }

    /// The length of a whole value laid out, separators included.
    public var textLength: Int { slots.count + separators.reduce(0) { $0 + $1.count } }

    /// The separator characters a pattern may use.
    static let separatorCharacters: Set<Unicode.Scalar> = [" ", "-", ".", "/", ":"]

    public init(_ pattern: String) {
        var slots: [CharacterSet128] = []
        var separators: [[Unicode.Scalar]] = [[]]
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if Self.separatorCharacters.contains(scalar) {
                separators[separators.count - 1].append(scalar)
                continue
            }
            switch scalar {
            case "#": slots.append(.digits)
            case "@": slots.append(.letters)
            case "*": slots.append(.alphanumerics)
            case "[":
                var members = ""
                while index < scalars.count && scalars[index] != "]" {
                    members.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                slots.append(CharacterSet128(members))
            default:
                precondition(scalar.isASCII, "identifier pattern \(pattern): \(scalar) is not ASCII")
                var set = CharacterSet128()
                set.insert(UInt8(scalar.value))
                slots.append(set)
            }
            separators.append([])
        }
        self.pattern = pattern
        self.slots = slots
        self.separators = separators
    }

    /// True when the characters `value` (upper-case ASCII) fill this shape exactly.
    public func matches(_ value: [UInt8]) -> Bool {
        value.count == slots.count && zip(value, slots).allSatisfy { $1.contains($0) }
    }

    /// True when `value` can be the start of a value of this shape.
    public func admitsPrefix(_ value: [UInt8]) -> Bool {
        value.count <= slots.count && zip(value, slots).allSatisfy { $1.contains($0) }
    }

    /// `value` laid out in this shape (its separators between the characters it has).
    public func layout(_ value: [UInt8]) -> String {
        var text = ""
        for (position, byte) in value.enumerated() {
            if position > 0 && position < separators.count {
                text.unicodeScalars.append(contentsOf: separators[position])
            }
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return text
    }
}
