import SmartTextEngine
import SmartTextJSON
import SmartTextSupport

// The typed body of each route that takes one, decoded strictly: unknown
// keys, wrong types and missing members are 400 answers naming the member.
// Checks that need the registry or the limits (404, 422) are the handlers'.

/// What `/v1/edit` and `/v1/format` both take: the field, the text, and how to answer.
struct TextInput {
    /// The field, or several composed in order.
    let fields: [String]
    let text: String
    let event: ValidationEvent
    let units: OffsetUnit
    let locale: String?
    let seq: Int64?

    init(_ reader: JSONObjectReader) throws(JSONShapeError) {
        fields = try fieldNames(reader)
        text = try reader.requiredString("text")
        units = try offsetUnit(reader)
        event = try validationEvent(reader, default: .change)
        seq = try reader.integer("seq")
        locale = try reader.string("locale")
    }
}

/// The body of `POST /v1/edit`.
struct EditBody {
    static let keys = ["field", "text", "range", "replacement", "inputType", "event", "units", "locale", "seq"]

    let input: TextInput
    /// The replaced range, in `input.units`.
    let start: Int
    let end: Int
    let replacement: String
    let inputType: InputType?

    init(_ body: JSONValue) throws(HTTPError) {
        do throws(JSONShapeError) {
            let reader = try JSONObjectReader(body)
            try reader.rejectUnknownKeys(Self.keys)
            input = try TextInput(reader)
            replacement = try reader.string("replacement") ?? ""
            (start, end) = try Self.range(reader)
            inputType = try Self.inputType(reader)
        } catch {
            throw .invalidRequest(error)
        }
    }

    private static func range(_ reader: JSONObjectReader) throws(JSONShapeError) -> (Int, Int) {
        guard let range = try reader.object("range") else { throw reader.error("range", "is required") }
        try range.rejectUnknownKeys(["start", "end"])
        let bounds: ClosedRange<Int64> = 0...Int64(Int32.max)
        guard let start = try range.integer("start", in: bounds) else { throw range.error("start", "is required") }
        guard let end = try range.integer("end", in: bounds) else { throw range.error("end", "is required") }
        return (Int(start), Int(end))
    }

    private static func inputType(_ reader: JSONObjectReader) throws(JSONShapeError) -> InputType? {
        guard let name = try reader.string("inputType") else { return nil }
        guard let type = InputType(rawValue: name) else {
            throw reader.error(
                "inputType",
                "must be a W3C Input Events inputType (insertText, insertFromPaste, deleteContentBackward, "
                    + "deleteContentForward, insertCompositionText, ...), not \"\(Echo.cleaned(name))\"")
        }
        return type
    }
}

/// The body of `POST /v1/format`.
struct FormatBody {
    static let keys = ["field", "text", "event", "units", "locale", "seq"]

    let input: TextInput

    init(_ body: JSONValue) throws(HTTPError) {
        do throws(JSONShapeError) {
            let reader = try JSONObjectReader(body)
            try reader.rejectUnknownKeys(Self.keys)
            input = try TextInput(reader)
        } catch {
            throw .invalidRequest(error)
        }
    }
}

/// The body of `POST /v1/validate`.
struct ValidateBody {
    static let keys = ["form", "values", "event", "locale"]

    /// The form, or nil for loose fields (each key a field name).
    let form: String?
    /// The submitted texts, in the order given.
    let values: [(name: String, text: String)]
    let event: ValidationEvent
    let locale: String?

    init(_ body: JSONValue) throws(HTTPError) {
        do throws(JSONShapeError) {
            let reader = try JSONObjectReader(body)
            try reader.rejectUnknownKeys(Self.keys)
            form = try reader.string("form")
            event = try validationEvent(reader, default: .submit)
            locale = try reader.string("locale")
            values = try Self.values(reader)
        } catch {
            throw .invalidRequest(error)
        }
    }

    private static func values(_ reader: JSONObjectReader) throws(JSONShapeError) -> [(name: String, text: String)] {
        guard let values = try reader.object("values") else { throw reader.error("values", "is required") }
        var pairs: [(name: String, text: String)] = []
        pairs.reserveCapacity(values.object.members.count)
        for member in values.object.members {
            guard case .string(let text) = member.value else {
                throw values.error(member.key, "must be a string, not \(member.value.typeDescription)")
            }
            pairs.append((member.key, text))
        }
        return pairs
    }
}

// MARK: - Members several bodies share

/// `field`: a name, or a non-empty array of names composed in order.
private func fieldNames(_ reader: JSONObjectReader) throws(JSONShapeError) -> [String] {
    let expected = "must be a field name or a non-empty array of field names"
    switch try reader.require("field") {
    case .string(let name): return [name]
    case .array(let elements) where !elements.isEmpty:
        guard let names = try reader.strings("field") else { throw reader.error("field", expected) }
        return names
    default: throw reader.error("field", expected)
    }
}

private func offsetUnit(_ reader: JSONObjectReader) throws(JSONShapeError) -> OffsetUnit {
    guard let name = try reader.string("units") else { return .utf16 }
    guard let unit = OffsetUnit(rawValue: name) else {
        throw reader.error("units", "must be \"utf16\" or \"scalars\", not \"\(Echo.cleaned(name))\"")
    }
    return unit
}

private func validationEvent(
    _ reader: JSONObjectReader, default fallback: ValidationEvent
) throws(JSONShapeError) -> ValidationEvent {
    guard let name = try reader.string("event") else { return fallback }
    guard let event = ValidationEvent(rawValue: name) else {
        throw reader.error("event", "must be \"change\", \"blur\" or \"submit\", not \"\(Echo.cleaned(name))\"")
    }
    return event
}
