import SmartTextEngine
import SmartTextSupport

/// A body read straight from its bytes into its type, without a JSON tree: the common shapes of `/v1/edit`
/// (one edit) and `/v1/format`, which are most of the service's requests.
///
/// The reader takes only what it is sure of: an object of known keys, each once, strings without escapes
/// or control characters in valid UTF-8, integers without a fraction or exponent, no `null`. Anything else
/// (an unknown key, a duplicate, `edits`, a field list, an escape, a wrong type, a value out of range,
/// trailing bytes) gives nil, and the body is then parsed and decoded the strict way
/// (``JSONParser``, ``EditBody``), which accepts exactly what this accepts and answers every problem
/// precisely. So the two paths cannot answer differently: `DirectBodyTests` checks it on generated bodies.
enum DirectBody {
    case edit(EditBody)
    case format(FormatBody)

    /// The bodies read so.
    enum Kind: Sendable {
        case edit, format
    }

    /// The body of `kind` in `bytes`, or nil when it is not of the shape read directly.
    static func read(_ kind: Kind, _ bytes: UnsafeRawBufferPointer) -> DirectBody? {
        var reader = DirectReader(bytes)
        guard let members = reader.members(allowed: kind == .edit ? Member.edit : Member.format) else { return nil }
        guard let input = members.input else { return nil }
        switch kind {
        case .format:
            return .format(FormatBody(input: input))
        case .edit:
            guard let range = members.range else { return nil }
            return .edit(
                EditBody(
                    input: input,
                    edits: .one(
                        start: range.start, end: range.end, replacement: members.replacement ?? "",
                        inputType: members.inputType)))
        }
    }

    var edit: EditBody? {
        if case .edit(let body) = self { body } else { nil }
    }

    var format: FormatBody? {
        if case .format(let body) = self { body } else { nil }
    }
}

/// The keys the direct reader knows, as bits of a set.
private enum Member: Int {
    case field, text, range, replacement, inputType, event, units, locale, region, seq

    static let format: UInt16 = [Member.field, .text, .event, .units, .locale, .region, .seq].bits
    static let edit: UInt16 = format | [Member.range, .replacement, .inputType].bits

    /// The member whose name is `name` (the bytes between the quotes).
    init?(_ name: UnsafeRawBufferPointer) {
        switch name.count {
        case 3 where name.equals("seq"): self = .seq
        case 4 where name.equals("text"): self = .text
        case 5 where name.equals("field"): self = .field
        case 5 where name.equals("range"): self = .range
        case 5 where name.equals("event"): self = .event
        case 5 where name.equals("units"): self = .units
        case 6 where name.equals("locale"): self = .locale
        case 6 where name.equals("region"): self = .region
        case 9 where name.equals("inputType"): self = .inputType
        case 11 where name.equals("replacement"): self = .replacement
        default: return nil
        }
    }

    var bit: UInt16 { 1 << UInt16(rawValue) }
}

extension Array where Element == Member {
    fileprivate var bits: UInt16 { reduce(0) { $0 | $1.bit } }
}

extension UnsafeRawBufferPointer {
    /// The bytes are `literal`'s (of the same count, checked by the caller).
    fileprivate func equals(_ literal: StaticString) -> Bool {
        let source = literal.utf8Start
        for offset in 0..<count where self[offset] != source[offset] { return false }
        return true
    }
}

/// What the members of a body said.
private struct Members {
    var fields: [String]?
    var text: String?
    var range: (start: Int, end: Int)?
    var replacement: String?
    var inputType: InputType?
    var event: ValidationEvent?
    var units: OffsetUnit?
    var locale: String?
    var region: String?
    var seq: Int64?

    /// The members every body shares, when the required ones are there (the defaults as ``TextInput`` has them).
    var input: TextInput? {
        guard let fields, let text else { return nil }
        return TextInput(
            fields: fields, text: text, event: event ?? .change, units: units ?? .utf16, locale: locale,
            region: region, seq: seq)
    }
}

/// A cursor over a JSON body that gives up (nil) at anything it does not read itself.
private struct DirectReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The top-level object of `allowed` keys, each at most once, and nothing after it.
    mutating func members(allowed: UInt16) -> Members? {
        var members = Members()
        var seen: UInt16 = 0
        guard take(UInt8(ascii: "{")) else { return nil }
        if !take(UInt8(ascii: "}")) {
            repeat {
                guard let name = rawString()?.bytes, let member = Member(name), allowed & member.bit != 0,
                    seen & member.bit == 0, take(UInt8(ascii: ":"))
                else { return nil }
                seen |= member.bit
                switch member {
                case .field, .text, .replacement, .locale, .region:
                    guard let text = string() else { return nil }
                    switch member {
                    case .field: members.fields = [text]
                    case .text: members.text = text
                    case .replacement: members.replacement = text
                    case .locale: members.locale = text
                    default: members.region = text
                    }
                case .range:
                    guard let range = range() else { return nil }
                    members.range = range
                case .seq:
                    guard let seq = integer() else { return nil }
                    members.seq = seq
                case .inputType:
                    guard let name = string(), let type = InputType(rawValue: name) else { return nil }
                    members.inputType = type
                case .event:
                    guard let name = string(), let event = ValidationEvent(rawValue: name) else { return nil }
                    members.event = event
                case .units:
                    guard let name = string(), let unit = OffsetUnit(rawValue: name) else { return nil }
                    members.units = unit
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
        }
        skipSpace()
        return index == bytes.count ? members : nil
    }

    /// `{"start": n, "end": n}` (either order), each an offset as ``EditBody`` takes it.
    private mutating func range() -> (start: Int, end: Int)? {
        var start: Int64?
        var end: Int64?
        guard take(UInt8(ascii: "{")) else { return nil }
        repeat {
            guard let name = rawString()?.bytes, take(UInt8(ascii: ":")), let value = integer(),
                (0...Int64(Int32.max)).contains(value)
            else { return nil }
            if name.count == 5 && name.equals("start") && start == nil {
                start = value
            } else if name.count == 3 && name.equals("end") && end == nil {
                end = value
            } else {
                return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let start, let end else { return nil }
        return (Int(start), Int(end))
    }

    /// A string's bytes between its quotes, when it has no escape and no control character, and whether
    /// they are all ASCII.
    private mutating func rawString() -> (bytes: UnsafeRawBufferPointer, ascii: Bool)? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)]), ascii)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        return nil
    }

    /// A string value in valid UTF-8 (ASCII needs no check; the generic check costs a thousand instructions).
    private mutating func string() -> String? {
        guard let (raw, ascii) = rawString() else { return nil }
        return ascii ? String(decoding: raw, as: UTF8.self) : String(validating: raw, as: UTF8.self)
    }

    /// An integer as JSON writes one (no leading zero, no fraction, no exponent) that fits in 64 bits.
    private mutating func integer() -> Int64? {
        skipSpace()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var magnitude: Int64 = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            let (times, overflowA) = magnitude.multipliedReportingOverflow(by: 10)
            let (plus, overflowB) = times.addingReportingOverflow(Int64(bytes[index] - 0x30))
            if overflowA || overflowB { return nil }
            magnitude = plus
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0"), !(negative && magnitude == 0) else {
            return nil
        }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            return nil
        }
        return negative ? -magnitude : magnitude
    }

    /// Skips white space, then takes `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// JSON's white space: space, tab, line feed, carriage return.
    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
