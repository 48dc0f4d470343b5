import SmartTextEngine
import SmartTextJSON
import SmartTextSupport

/// `POST /v1/edit` and `POST /v1/format`: decoding, limits, the engine, the answer.
extension RequestHandler {
    func edit(_ body: JSONValue, acceptLanguage: String?) throws(HTTPError) -> HTTPResponse {
        let reader = try Self.objectReader(body)
        try Self.check {
            try reader.rejectUnknownKeys([
                "field", "text", "range", "replacement", "inputType", "event", "units", "locale", "seq",
            ])
        }
        let names = try Self.fieldNames(reader)
        let (text, replacement, units, event, seq, locale) = try Self.check {
            (
                try reader.requiredString("text"), try reader.string("replacement") ?? "",
                try Self.units(reader), try Self.event(reader, default: .change), try reader.integer("seq"),
                try reader.string("locale")
            )
        }
        let range = try Self.check { () throws -> (Int, Int) in
            guard let range = try reader.object("range") else { throw reader.error("range", "is required") }
            try range.rejectUnknownKeys(["start", "end"])
            let bounds: ClosedRange<Int64> = 0...Int64(Int32.max)
            guard let start = try range.integer("start", in: bounds) else { throw range.error("start", "is required") }
            guard let end = try range.integer("end", in: bounds) else { throw range.error("end", "is required") }
            return (Int(start), Int(end))
        }
        let inputType = try Self.check { () throws -> InputType? in
            guard let name = try reader.string("inputType") else { return nil }
            guard let type = InputType(rawValue: name) else {
                throw reader.error(
                    "inputType",
                    "must be a W3C Input Events inputType (insertText, insertFromPaste, deleteContentBackward, "
                        + "deleteContentForward, insertCompositionText, ...), not \"\(name)\"")
            }
            return type
        }
        let field = try resolveField(names)
        let textLength = text.utf16.count
        try checkTextLength(textLength, pointer: "/text")
        let removed = max(0, min(range.1, textLength) - min(range.0, textLength))
        try checkTextLength(textLength - removed + replacement.utf16.count, pointer: "/replacement")
        let request = EditRequest(
            text: text, start: range.0, end: range.1, replacement: replacement, inputType: inputType, units: units,
            event: event)
        let outcome: EditOutcome
        do throws(EditError) {
            outcome = try field.edit(request, locale: Self.locale(locale, acceptLanguage: acceptLanguage))
        } catch {
            throw HTTPError.unprocessable(
                error.message, type: "invalid-range", title: "The range cannot be applied to the text",
                pointer: "/range")
        }
        return .json(AnswerWriter.edit(outcome, seq: seq))
    }

    func format(_ body: JSONValue, acceptLanguage: String?) throws(HTTPError) -> HTTPResponse {
        let reader = try Self.objectReader(body)
        try Self.check { try reader.rejectUnknownKeys(["field", "text", "event", "units", "locale", "seq"]) }
        let names = try Self.fieldNames(reader)
        let (text, units, event, seq, locale) = try Self.check {
            (
                try reader.requiredString("text"), try Self.units(reader), try Self.event(reader, default: .change),
                try reader.integer("seq"), try reader.string("locale")
            )
        }
        let field = try resolveField(names)
        try checkTextLength(text.utf16.count, pointer: "/text")
        let outcome = field.format(
            text, event: event, units: units, locale: Self.locale(locale, acceptLanguage: acceptLanguage))
        return .json(AnswerWriter.edit(outcome, seq: seq))
    }

    // MARK: - Shared decoding

    /// Runs decoding steps, turning a shape error into a 400.
    static func check<T>(_ body: () throws -> T) throws(HTTPError) -> T {
        do {
            return try body()
        } catch let error as JSONShapeError {
            throw HTTPError.invalidRequest(error)
        } catch {
            throw HTTPError.invalidRequest("\(error)")
        }
    }

    static func objectReader(_ body: JSONValue) throws(HTTPError) -> JSONObjectReader {
        try check { try JSONObjectReader(body) }
    }

    /// `field`: a name, or a non-empty array of names composed in order.
    static func fieldNames(_ reader: JSONObjectReader) throws(HTTPError) -> [String] {
        try check { () throws -> [String] in
            let expected = "must be a field name or a non-empty array of field names"
            switch try reader.require("field") {
            case .string(let name): return [name]
            case .array(let elements) where !elements.isEmpty:
                guard let names = try reader.strings("field") else { throw reader.error("field", expected) }
                return names
            default: throw reader.error("field", expected)
            }
        }
    }

    static func units(_ reader: JSONObjectReader) throws(JSONShapeError) -> OffsetUnit {
        guard let name = try reader.string("units") else { return .utf16 }
        guard let unit = OffsetUnit(rawValue: name) else {
            throw reader.error("units", "must be \"utf16\" or \"scalars\", not \"\(name)\"")
        }
        return unit
    }

    static func event(_ reader: JSONObjectReader, default fallback: ValidationEvent) throws(JSONShapeError)
        -> ValidationEvent
    {
        guard let name = try reader.string("event") else { return fallback }
        guard let event = ValidationEvent(rawValue: name) else {
            throw reader.error("event", "must be \"change\", \"blur\" or \"submit\", not \"\(name)\"")
        }
        return event
    }

    /// The body's `locale`, else `Accept-Language`, else English.
    static func locale(_ tag: String?, acceptLanguage: String?) -> LocalePreference {
        if let tag, !tag.isEmpty { return LocalePreference(tags: [tag]) }
        if let acceptLanguage { return LocalePreference(acceptLanguage: acceptLanguage) }
        return .english
    }

    func resolveField(_ names: [String]) throws(HTTPError) -> Field {
        do {
            return try store.current.field(names)
        } catch {
            let position = names.firstIndex(of: error.name) ?? 0
            throw HTTPError.unknownName(error, pointer: names.count == 1 ? "/field" : "/field/\(position)")
        }
    }

    func checkTextLength(_ length: Int, pointer: @autoclosure () -> String) throws(HTTPError) {
        guard length <= configuration.maxText else {
            throw HTTPError.unprocessable(
                "the text would be \(length) UTF-16 code units long; the limit is \(configuration.maxText) (--max-text)",
                type: "text-too-long", title: "The text is too long", pointer: pointer())
        }
    }
}
