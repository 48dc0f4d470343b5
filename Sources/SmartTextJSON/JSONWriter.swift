/// Writes compact JSON into a byte buffer without an intermediate tree.
///
/// Commas are managed for the caller: call `key(_:)` before each member value
/// of an object, and the value methods directly inside arrays.
///
/// The writer owns its memory (noncopyable, freed in `deinit`) and is
/// `@inlinable` throughout: answers are written in the server module, and a
/// call across the module boundary for every key and value cost more than the
/// bytes it wrote. The buffer is plain memory in the struct itself, not a
/// class, so the inlined appends need no dynamic exclusivity checks
/// (BENCHMARKS.md items 1 and 11).
public struct JSONWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    /// Bit `depth` set: the container at that depth already has an element.
    @usableFromInline var hasElement: UInt64 = 0
    @usableFromInline var depth = 0
    @usableFromInline var afterKey = false

    @inlinable public init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The UTF-8 bytes written so far.
    @inlinable public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The output as a string.
    @inlinable public var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    // MARK: - Containers

    @inlinable public mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
        push()
    }

    @inlinable public mutating func endObject() {
        pop()
        append(UInt8(ascii: "}"))
    }

    @inlinable public mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
        push()
    }

    @inlinable public mutating func endArray() {
        pop()
        append(UInt8(ascii: "]"))
    }

    /// Writes an object key; the next value call writes its value.
    @inlinable public mutating func key(_ name: StaticString) {
        // Keys are short literals: copied byte by byte with one capacity check
        // for the comma, quotes and colon (a memcpy call costs more than the copy; BENCHMARKS.md item 11).
        let length = name.utf8CodeUnitCount
        reserve(length + 4)
        let bit: UInt64 = 1 << UInt64(depth)
        if hasElement & bit != 0 {
            base[count] = UInt8(ascii: ",")
            count += 1
        } else {
            hasElement |= bit
        }
        base[count] = UInt8(ascii: "\"")
        let source = name.utf8Start
        for offset in 0..<length { base[count + 1 + offset] = source[offset] }
        count += length + 1
        base[count] = UInt8(ascii: "\"")
        base[count + 1] = UInt8(ascii: ":")
        count += 2
        afterKey = true
    }

    /// Writes an object key that is not a literal (escaped as needed). A
    /// distinct label, because a literal argument would pick a `String`
    /// overload over `StaticString` and be scanned for escapes on every call.
    @inlinable public mutating func key(string name: String) {
        separate()
        appendQuoted(name)
        append(UInt8(ascii: ":"))
        afterKey = true
    }

    // MARK: - Scalars

    @inlinable public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
    }

    @inlinable public mutating func string(_ value: Substring) {
        separate()
        appendQuoted(value.utf8)
    }

    /// Not generic: a generic method called from another module (the server's
    /// answer writer) runs unspecialized, through witness tables.
    @inlinable public mutating func integer(_ value: Int) {
        separate()
        appendDecimal(Int64(value))
    }

    @inlinable public mutating func integer(_ value: Int64) {
        separate()
        appendDecimal(value)
    }

    @inlinable public mutating func number(_ value: Double) {
        separate()
        if value.isFinite {
            if value == value.rounded(.towardZero), abs(value) < 1e15 {
                appendDecimal(Int64(value))
            } else {
                append(contentsOf: "\(value)")
            }
        } else {
            append(contentsOf: "null" as StaticString)
        }
    }

    @inlinable public mutating func bool(_ value: Bool) {
        separate()
        append(contentsOf: value ? "true" as StaticString : "false")
    }

    @inlinable public mutating func null() {
        separate()
        append(contentsOf: "null" as StaticString)
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
                key(string: member.key)
                self.value(member.value)
            }
            endObject()
        }
    }

    /// Appends raw, already valid JSON (for cached fragments).
    @inlinable public mutating func raw(_ json: [UInt8]) {
        separate()
        append(contentsOf: json)
    }

    // MARK: - Internals

    @inlinable mutating func push() {
        depth += 1
        precondition(depth < 64, "JSONWriter nesting too deep")
        hasElement &= ~(1 << UInt64(depth))
    }

    @inlinable mutating func pop() {
        depth -= 1
        afterKey = false
    }

    @inlinable @inline(__always) mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        let bit: UInt64 = 1 << UInt64(depth)
        if hasElement & bit != 0 {
            append(UInt8(ascii: ","))
        } else {
            hasElement |= bit
        }
    }

    @inlinable mutating func appendQuoted(_ text: String) {
        // Native strings (all of them on Linux) lend their UTF-8 without a copy or a retain.
        if text.utf8.withContiguousStorageIfAvailable({ appendQuoted($0) }) == nil {
            var text = text
            text.withUTF8 { appendQuoted($0) }
        }
    }

    @inlinable mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Fast path: nothing to escape (the common case), one copy.
        if Self.needsNoEscaping(utf8) {
            appendRawQuoted(utf8)
        } else {
            appendEscaped(utf8)
        }
    }

    /// True when no byte is a control character, `"` or `\`. Eight bytes at a
    /// time: for a word `w`, `(w − 0x01…01) & ~w & 0x80…80` is non-zero exactly
    /// when some byte of `w` is zero, and `(w − 0x20…20) & ~w & 0x80…80` when
    /// some byte is below 0x20 (bytes of 0x80 and above, UTF-8 continuation and
    /// lead bytes, never count).
    @inlinable static func needsNoEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(start)
        var offset = 0
        while offset + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let found = control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
            if found & highs != 0 { return false }
            offset += 8
        }
        while offset < utf8.count {
            let byte = utf8[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            offset += 1
        }
        return true
    }

    @inlinable mutating func appendQuoted<Bytes: Collection<UInt8>>(_ utf8: Bytes) {
        appendEscaped(utf8)
    }

    @inlinable mutating func appendEscaped<Bytes: Collection<UInt8>>(_ utf8: Bytes) {
        append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(UInt8(ascii: "\\"), UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
            case 0x0A: append(UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "\\"), UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "\\"), UInt8(ascii: "t"))
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                append(UInt8(ascii: "\\"), UInt8(ascii: "u"))
                append(UInt8(ascii: "0"), UInt8(ascii: "0"))
                append(hex[Int(byte >> 4)], hex[Int(byte & 0xF)])
            default: append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }

    @inlinable mutating func appendDecimal(_ value: Int64) {
        if value < 0 {
            append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        if magnitude == 0 {
            append(UInt8(ascii: "0"))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var written = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            while magnitude > 0 {
                scratch[19 - written] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                written += 1
            }
            let digits = UnsafeRawBufferPointer(rebasing: scratch[(20 - written)...])
            append(contentsOf: digits.bindMemory(to: UInt8.self))
        }
    }

    // MARK: - The buffer

    @inlinable @inline(__always) mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(to: count + extra)
    }

    @usableFromInline mutating func grow(to needed: Int) {
        var grown = capacity * 2
        while grown < needed { grown *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = grown
    }

    @inlinable @inline(__always) mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable @inline(__always) mutating func append(_ first: UInt8, _ second: UInt8) {
        reserve(2)
        base[count] = first
        base[count + 1] = second
        count += 2
    }

    @inlinable @inline(__always) mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inlinable mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    @inlinable mutating func append(contentsOf text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable mutating func append(contentsOf text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            var text = text
            text.withUTF8 { append(contentsOf: $0) }
        }
    }

    /// Appends `"`, the bytes and `"`, with one capacity check.
    @inlinable @inline(__always) mutating func appendRawQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count + 2)
        base[count] = UInt8(ascii: "\"")
        if let source = bytes.baseAddress { (base + count + 1).update(from: source, count: bytes.count) }
        count += bytes.count + 1
        base[count] = UInt8(ascii: "\"")
        count += 1
    }
}
