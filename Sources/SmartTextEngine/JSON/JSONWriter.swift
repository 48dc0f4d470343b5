/// Writes compact JSON into a byte buffer without an intermediate tree.
///
/// Commas are managed for the caller: call `key(_:)` before each member value
/// of an object, and the value methods directly inside arrays.
public struct JSONWriter: Sendable {
    /// The UTF-8 bytes written so far.
    public private(set) var bytes: [UInt8]
    /// Bit `depth` set: the container at that depth already has an element.
    private var hasElement: UInt64 = 0
    private var depth = 0
    private var afterKey = false

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The output as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Containers

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        push()
    }

    public mutating func endObject() {
        pop()
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        push()
    }

    public mutating func endArray() {
        pop()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes an object key; the next value call writes its value.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        afterKey = true
    }

    /// Writes an object key that is not a literal (escaped as needed).
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    // MARK: - Scalars

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    public mutating func string(_ value: Substring) {
        separate()
        appendQuoted(value.utf8)
    }

    public mutating func integer<I: BinaryInteger>(_ value: I) {
        separate()
        appendDecimal(Int64(value))
    }

    public mutating func number(_ value: Double) {
        separate()
        if value.isFinite {
            if value == value.rounded(.towardZero), abs(value) < 1e15 {
                appendDecimal(Int64(value))
            } else {
                bytes.append(contentsOf: "\(value)".utf8)
            }
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes any parsed value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let object):
            beginObject()
            for member in object.members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Appends raw, already valid JSON (for cached fragments).
    public mutating func raw(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
    }

    // MARK: - Internals

    private mutating func push() {
        depth += 1
        precondition(depth < 64, "JSONWriter nesting too deep")
        hasElement &= ~(1 << UInt64(depth))
    }

    private mutating func pop() {
        depth -= 1
        afterKey = false
    }

    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        let bit: UInt64 = 1 << UInt64(depth)
        if hasElement & bit != 0 {
            bytes.append(UInt8(ascii: ","))
        } else {
            hasElement |= bit
        }
    }

    private mutating func appendQuoted(_ text: String) {
        var text = text
        text.withUTF8 { appendQuoted($0) }
    }

    private mutating func appendQuoted<Bytes: Collection<UInt8>>(_ utf8: Bytes) {
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendDecimal(_ value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        if magnitude == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
