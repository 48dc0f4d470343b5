import SmartTextEngine
import SmartTextSupport

/// `POST /v1/edit` and `POST /v1/format`: the typed body, limits, the engine, the answer.
extension RequestHandler {
    func edit(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        let body = try EditBody(request.body)
        let input = body.input
        let field = try resolveField(input.fields)
        // The text before and after the edit must fit --max-text, which counts UTF-16 code units
        // whatever the request's units are (a range in scalars is measured in UTF-16 here).
        let textLength = input.text.utf16.count
        try checkTextLength(textLength, pointer: "/text")
        let start = min(TextUnits.utf16Offset(of: body.start, in: input.text, unit: input.units), textLength)
        let end = min(TextUnits.utf16Offset(of: body.end, in: input.text, unit: input.units), textLength)
        try checkTextLength(textLength - max(0, end - start) + body.replacement.utf16.count, pointer: "/replacement")
        let edit = EditRequest(
            text: input.text, start: body.start, end: body.end, replacement: body.replacement,
            inputType: body.inputType, units: input.units, event: input.event)
        let outcome: EditOutcome
        do throws(EditError) {
            outcome = try field.edit(edit, locale: Self.locale(input.locale, acceptLanguage: request.acceptLanguage))
        } catch {
            throw HTTPError.unprocessable(
                error.message, type: "invalid-range", title: "The range cannot be applied to the text",
                pointer: "/range")
        }
        return .json(AnswerWriter.edit(outcome, seq: input.seq))
    }

    func format(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        let input = try FormatBody(request.body).input
        let field = try resolveField(input.fields)
        try checkTextLength(input.text.utf16.count, pointer: "/text")
        let outcome = field.format(
            input.text, event: input.event, units: input.units,
            locale: Self.locale(input.locale, acceptLanguage: request.acceptLanguage))
        return .json(AnswerWriter.edit(outcome, seq: input.seq))
    }

    // MARK: - Shared by the routes

    /// The body's `locale`, else `Accept-Language`, else English.
    static func locale(_ tag: String?, acceptLanguage: String?) -> LocalePreference {
        if let tag, !tag.isEmpty { return LocalePreference(tags: [tag]) }
        if let acceptLanguage { return LocalePreference(acceptLanguage: acceptLanguage) }
        return .english
    }

    /// The most field names one request may compose: each runs the whole pipeline again.
    static let maxComposedFields = 8

    func resolveField(_ names: [String]) throws(HTTPError) -> Field {
        guard names.count <= Self.maxComposedFields else {
            throw HTTPError.tooManyFields(names.count, limit: Self.maxComposedFields)
        }
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
