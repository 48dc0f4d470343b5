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
    /// The phone region for fields without one (`GB`), else the locale's.
    let region: String?
    let seq: Int64?

    init(
        fields: [String], text: String, event: ValidationEvent, units: OffsetUnit, locale: String?, region: String?,
        seq: Int64?
    ) {
        self.fields = fields
        self.text = text
        self.event = event
        self.units = units
        self.locale = locale
        self.region = region
        self.seq = seq
    }

    init(_ reader: JSONObjectReader) throws(JSONShapeError) {
        fields = try fieldNames(reader)
        text = try reader.requiredString("text")
        units = try offsetUnit(reader)
        event = try validationEvent(reader, default: .change)
        seq = try reader.integer("seq")
        locale = try reader.string("locale")
        region = try reader.string("region")
    }
}

/// The body of `POST /v1/edit`: one edit (`range`, `replacement`, `inputType`), or the
/// edits a client made on its own text while waiting (`edits`, with the `caret` it started from).
struct EditBody {
    static let keys = [
        "field", "text", "range", "replacement", "inputType", "edits", "caret", "event", "units", "locale", "region",
        "seq",
    ]
    static let editKeys = ["range", "replacement", "inputType", "anchor"]

    /// What the body asks for.
    enum Edits {
        /// One edit on `text`.
        case one(start: Int, end: Int, replacement: String, inputType: InputType?)
        /// Edits typed one after another on `text`, the caret at `caret` before the first.
        case typed([TypedEdit], caret: Int?)
    }

    let input: TextInput
    let edits: Edits

    init(input: TextInput, edits: Edits) {
        self.input = input
        self.edits = edits
    }

    init(_ body: JSONValue) throws(HTTPError) {
        do throws(JSONShapeError) {
            let reader = try JSONObjectReader(body)
            try reader.rejectUnknownKeys(Self.keys)
            input = try TextInput(reader)
            if reader.object["edits"] != nil {
                for key in ["range", "replacement", "inputType"] where reader.object[key] != nil {
                    throw reader.error(key, "cannot be given with \"edits\" (each edit has its own)")
                }
                edits = .typed(try Self.typedEdits(reader), caret: try Self.offset(reader, "caret"))
            } else {
                if reader.object["caret"] != nil { throw reader.error("caret", "is only read with \"edits\"") }
                let (start, end) = try Self.range(reader)
                edits = .one(
                    start: start, end: end, replacement: try reader.string("replacement") ?? "",
                    inputType: try Self.inputType(reader))
            }
        } catch {
            throw .invalidRequest(error)
        }
    }

    /// `edits`: a non-empty array of `{range, replacement, inputType, anchor}`.
    private static func typedEdits(_ reader: JSONObjectReader) throws(JSONShapeError) -> [TypedEdit] {
        guard case .array(let elements)? = reader.object["edits"], !elements.isEmpty else {
            throw reader.error("edits", "must be a non-empty array of edits ({range, replacement, inputType, anchor})")
        }
        var edits: [TypedEdit] = []
        edits.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let edit = try JSONObjectReader(element, element: index, of: "edits", in: reader)
            try edit.rejectUnknownKeys(editKeys)
            let (start, end) = try range(edit)
            let anchor: EditAnchor?
            if let name = try edit.string("anchor") {
                guard let value = EditAnchor(rawValue: name) else {
                    throw edit.error("anchor", "must be \"caret\", \"start\", \"end\" or \"all\", not \"\(name)\"")
                }
                anchor = value
            } else {
                anchor = nil
            }
            edits.append(
                TypedEdit(
                    start: start, end: end, replacement: try edit.string("replacement") ?? "",
                    inputType: try inputType(edit), anchor: anchor))
        }
        return edits
    }

    private static func offset(_ reader: JSONObjectReader, _ key: String) throws(JSONShapeError) -> Int? {
        try reader.integer(key, in: 0...Int64(Int32.max)).map { Int($0) }
    }

    private static func range(_ reader: JSONObjectReader) throws(JSONShapeError) -> (Int, Int) {
        guard let range = try reader.object("range") else { throw reader.error("range", "is required") }
        try range.rejectUnknownKeys(["start", "end"])
        guard let start = try offset(range, "start") else { throw range.error("start", "is required") }
        guard let end = try offset(range, "end") else { throw range.error("end", "is required") }
        return (start, end)
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
    static let keys = ["field", "text", "event", "units", "locale", "region", "seq"]

    let input: TextInput

    init(input: TextInput) {
        self.input = input
    }

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
    static let keys = ["form", "values", "event", "locale", "region"]

    /// The form, or nil for loose fields (each key a field name).
    let form: String?
    /// The submitted texts, in the order given.
    let values: [(name: String, text: String)]
    let event: ValidationEvent
    let locale: String?
    let region: String?

    init(_ body: JSONValue) throws(HTTPError) {
        do throws(JSONShapeError) {
            let reader = try JSONObjectReader(body)
            try reader.rejectUnknownKeys(Self.keys)
            form = try reader.string("form")
            event = try validationEvent(reader, default: .submit)
            locale = try reader.string("locale")
            region = try reader.string("region")
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
