/// A JSON text that could not be parsed, with the byte offset where parsing stopped.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What is wrong, for a person ("expected ':' after an object key").
    public var message: String
    /// Byte offset into the input.
    public var offset: Int

    /// The 1-based line and column of `offset` in `bytes`.
    public func location<Bytes: Collection<UInt8>>(in bytes: Bytes) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for (index, byte) in bytes.enumerated() {
            if index >= offset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// A strict RFC 8259 parser: valid UTF-8 only, no lone surrogates, no
/// duplicate keys, no trailing garbage, and a depth limit. Strings may not hold
/// U+0000 (NUL) either, raw or escaped: no text a person types contains it, and
/// C code downstream would cut the text there. Strictness is the
/// point: whatever a client sends gets a precise answer, never a guess.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let defaultMaxDepth = 64

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private let maxDepth: Int

    private init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses one JSON value filling the whole input.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        parser.skipWhitespace()
        if parser.index == bytes.count {
            throw JSONSyntaxError(message: "the body is empty: expected a JSON value", offset: 0)
        }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index != bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value")
        }
        return value
    }

    /// Parses one JSON value from an array of bytes.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBytes { buffer in
            do throws(JSONSyntaxError) {
                return .success(try parse(buffer, maxDepth: maxDepth))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one JSON value from a string.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input: expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected \(describeCurrent()): expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONObject {
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        index += 1
        var members: [JSONObject.Member] = []
        var seen: Set<String>? = nil
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONObject(members)
        }
        // Requests have a handful of keys: one allocation instead of growing 1, 2, 4, 8 (BENCHMARKS.md item 9).
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a string key in an object, found \(describeCurrent())")
            }
            let keyOffset = index
            let key = try parseString()
            if members.count < 16 {
                if members.contains(where: { $0.key == key }) { throw duplicate(key, at: keyOffset) }
            } else {
                if seen == nil { seen = Set(members.map(\.key)) }
                if seen!.contains(key) { throw duplicate(key, at: keyOffset) }
            }
            seen?.insert(key)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(Echo.cleaned(key))\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONObject.Member(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input: an object is not closed") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return JSONObject(members)
            }
            throw error("expected ',' or '}' in an object, found \(describeCurrent())")
        }
    }

    private func duplicate(_ key: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: "duplicate key \"\(Echo.cleaned(key))\"", offset: offset)
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input: an array is not closed") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return elements
            }
            throw error("expected ',' or ']' in an array, found \(describeCurrent())")
        }
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index + 1
        var cursor = start
        var ascii = true
        // Fast path: no escapes.
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<cursor])
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw JSONSyntaxError(message: "a string is not valid UTF-8", offset: start)
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw JSONSyntaxError(
                    message: "control character U+\(hex4(UInt16(byte))) inside a string (escape it)", offset: cursor)
            }
            if byte >= 0x80 { ascii = false }
            cursor += 1
        }
        guard cursor < bytes.count else {
            throw JSONSyntaxError(message: "unexpected end of input: a string is not closed", offset: index)
        }
        return try parseEscapedString(start: start, from: cursor)
    }

    private mutating func parseEscapedString(start: Int, from escapeStart: Int) throws(JSONSyntaxError) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(escapeStart - start + 16)
        utf8.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<escapeStart]))
        var cursor = escapeStart
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw JSONSyntaxError(message: "a string is not valid UTF-8", offset: start)
                }
                return text
            }
            if byte < 0x20 {
                throw JSONSyntaxError(
                    message: "control character U+\(hex4(UInt16(byte))) inside a string (escape it)", offset: cursor)
            }
            if byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                cursor += 1
                continue
            }
            guard cursor + 1 < bytes.count else { break }
            let escaped = bytes[cursor + 1]
            cursor += 2
            switch escaped {
            case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                let unitOffset = cursor - 2
                let first = try hexUnit(at: cursor)
                cursor += 4
                var scalarValue = UInt32(first)
                if (0xD800...0xDBFF).contains(first) {
                    guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "\\"),
                        bytes[cursor + 1] == UInt8(ascii: "u")
                    else {
                        throw JSONSyntaxError(
                            message: "lone surrogate \\u\(hex4(first)) in a string: text must be valid Unicode",
                            offset: unitOffset)
                    }
                    let second = try hexUnit(at: cursor + 2)
                    guard (0xDC00...0xDFFF).contains(second) else {
                        throw JSONSyntaxError(
                            message: "lone surrogate \\u\(hex4(first)) in a string: text must be valid Unicode",
                            offset: unitOffset)
                    }
                    cursor += 6
                    scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(first) {
                    throw JSONSyntaxError(
                        message: "lone surrogate \\u\(hex4(first)) in a string: text must be valid Unicode",
                        offset: unitOffset)
                }
                if scalarValue == 0 {
                    throw JSONSyntaxError(
                        message: "a string contains \\u0000 (NUL), which no text may hold", offset: unitOffset)
                }
                // Valid by construction: not a surrogate and at most 0x10FFFF.
                let scalar = Unicode.Scalar(scalarValue)!
                utf8.append(contentsOf: UTF8.encode(scalar)!)
            default:
                throw JSONSyntaxError(
                    message: "invalid escape '\\\(describe(escaped))' in a string", offset: cursor - 2)
            }
        }
        throw JSONSyntaxError(message: "unexpected end of input: a string is not closed", offset: start - 1)
    }

    private func hexUnit(at offset: Int) throws(JSONSyntaxError) -> UInt16 {
        guard offset + 4 <= bytes.count else {
            throw JSONSyntaxError(message: "a \\u escape needs four hex digits", offset: offset - 2)
        }
        var value: UInt16 = 0
        for position in offset..<(offset + 4) {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(message: "a \\u escape needs four hex digits", offset: offset - 2)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    // MARK: - Numbers and literals

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var cursor = index
        var negative = false
        if bytes[cursor] == UInt8(ascii: "-") {
            negative = true
            cursor += 1
        }
        guard cursor < bytes.count, isDigit(bytes[cursor]) else {
            throw JSONSyntaxError(message: "a number needs digits after '-'", offset: start)
        }
        var integral = true
        var magnitude: UInt64 = 0
        var fitsInteger = true
        if bytes[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if cursor < bytes.count, isDigit(bytes[cursor]) {
                throw JSONSyntaxError(message: "a number must not have leading zeros", offset: start)
            }
        } else {
            while cursor < bytes.count, isDigit(bytes[cursor]) {
                let (times, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
                let (plus, overflowB) = times.addingReportingOverflow(UInt64(bytes[cursor] - UInt8(ascii: "0")))
                if overflowA || overflowB { fitsInteger = false }
                magnitude = plus
                cursor += 1
            }
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
            integral = false
            cursor += 1
            guard cursor < bytes.count, isDigit(bytes[cursor]) else {
                throw JSONSyntaxError(message: "a number needs digits after '.'", offset: start)
            }
            while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E") {
            integral = false
            cursor += 1
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
                cursor += 1
            }
            guard cursor < bytes.count, isDigit(bytes[cursor]) else {
                throw JSONSyntaxError(message: "a number needs digits in its exponent", offset: start)
            }
            while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
        }
        index = cursor
        if integral && fitsInteger {
            if negative, magnitude <= UInt64(Int64.max) + 1 {
                return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
            }
            if !negative, magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)
        return .number(Double(text) ?? (negative ? -Double.infinity : Double.infinity))
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected \(describeCurrent()): expected a value") }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw error("unexpected \(describeCurrent()): expected a value")
        }
        index += count
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: index)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        return "'\(describe(bytes[index]))'"
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\x" + String(byte, radix: 16, uppercase: true)
    }

    private func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
