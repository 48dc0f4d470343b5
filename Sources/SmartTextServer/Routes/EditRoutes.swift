import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextSupport

/// `POST /v1/edit` and `POST /v1/format`: the typed body, limits, the engine, the answer.
extension RequestHandler {
    /// Edits a client made on its own text in one request, at most this many.
    static let maxEdits = 100

    func edit(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        let body = try EditBody(request.body)
        let input = body.input
        let field = try resolveField(input.fields)
        // The text before and after the edit must fit --max-text, which counts UTF-16 code units
        // whatever the request's units are (a range in scalars is measured in UTF-16 here).
        let textLength = input.text.utf16.count
        try checkTextLength(textLength, pointer: "/text")
        let locale = try requestLocale(input.locale, region: input.region, request, readsLocale: field.readsLocale)
        switch body.edits {
        case .one(let start, let end, let replacement, let inputType):
            let from = min(TextUnits.utf16Offset(of: start, in: input.text, unit: input.units), textLength)
            let to = min(TextUnits.utf16Offset(of: end, in: input.text, unit: input.units), textLength)
            try checkTextLength(textLength - max(0, to - from) + replacement.utf16.count, pointer: "/replacement")
            let edit = EditRequest(
                text: input.text, start: start, end: end, replacement: replacement, inputType: inputType,
                units: input.units, event: input.event)
            let outcome: EditOutcome
            do throws(EditError) {
                outcome = try field.edit(edit, locale: locale)
            } catch {
                throw HTTPError.unprocessable(
                    error.message, type: "invalid-range", title: "The range cannot be applied to the text",
                    pointer: "/range")
            }
            return .localizedJSON(AnswerWriter.edit(outcome, seq: input.seq), locale)
        case .typed(let edits, let caret):
            guard edits.count <= Self.maxEdits else {
                throw HTTPError.unprocessable(
                    "the request has \(edits.count) edits; at most \(Self.maxEdits) are applied in one request "
                        + "(send the text as it is with one edit, or in several requests)",
                    type: "too-many-edits", title: "Too many edits in one request", pointer: "/edits")
            }
            let typing: TypingOutcome
            do throws(TypingError) {
                typing = try field.edit(
                    typing: edits, on: input.text, caret: caret, units: input.units, event: input.event,
                    locale: locale, maxLength: configuration.maxText)
            } catch {
                let pointer = error.index < 0 ? "/caret" : "/edits/\(error.index)"
                if let length = error.length {
                    throw HTTPError.unprocessable(
                        "after edit \(error.index) the text would be \(length) UTF-16 code units long; "
                            + "the limit is \(configuration.maxText) (--max-text)",
                        type: "text-too-long", title: "The text is too long", pointer: pointer)
                }
                throw HTTPError.unprocessable(
                    error.error?.message ?? "the edit cannot be applied", type: "invalid-range",
                    title: "The range cannot be applied to the text",
                    pointer: error.index < 0 ? pointer : pointer + "/range")
            }
            return .localizedJSON(AnswerWriter.edit(typing.outcome, seq: input.seq, map: typing.map), locale)
        }
    }

    func format(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        let input = try FormatBody(request.body).input
        let field = try resolveField(input.fields)
        try checkTextLength(input.text.utf16.count, pointer: "/text")
        let locale = try requestLocale(input.locale, region: input.region, request, readsLocale: field.readsLocale)
        let outcome = field.format(input.text, event: input.event, units: input.units, locale: locale)
        return .localizedJSON(AnswerWriter.edit(outcome, seq: input.seq), locale)
    }

    // MARK: - Shared by the routes

    /// The request's locale (``locale(_:acceptLanguage:)``) with its conventions when a field reads
    /// them (`readsLocale`): the body's `locale`, else `Accept-Language`, decides them; with neither,
    /// they are neutral (`1,234.56`, ISO dates, 24 hours). `region` (a region phone numbers know, 422
    /// else) is the phone region of fields without one, else the locale's.
    func requestLocale(
        _ tag: String?, region: String?, _ request: RouteRequest, readsLocale: Bool
    ) throws(HTTPError) -> LocalePreference {
        var locale = Self.locale(tag, acceptLanguage: request.acceptLanguage)
        var phoneRegion: String? = nil
        if let region {
            let code = region.uppercased()
            guard PhoneRegions.contains(code) else {
                throw HTTPError.unprocessable(
                    "region must be a two-letter region code phone numbers know (GB, DE, US; GET /v1/regions lists "
                        + "them), not \"\(Echo.cleaned(region))\"",
                    type: "unknown-region", title: "Unknown region", pointer: "/region")
            }
            phoneRegion = code
        }
        guard readsLocale else { return locale }
        let currencies = store.current.currencyCodes
        if tag != nil || request.acceptLanguage != nil {
            locale.conventions = LocaleData.conventions(for: locale, region: phoneRegion, currencies: currencies)
        } else {
            locale.conventions = LocaleData.neutral(region: phoneRegion, currencies: currencies)
        }
        return locale
    }

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
