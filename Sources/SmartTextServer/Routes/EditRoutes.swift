import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextSupport

/// `POST /v1/edit` and `POST /v1/format`: the typed body, limits, the engine, the answer.
extension RequestHandler {
    /// Edits a client made on its own text in one request, at most this many.
    static let maxEdits = 100

    func edit(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        let body: EditBody
        if let direct = request.direct?.edit { body = direct } else { body = try EditBody(request.body) }
        let input = body.input
        let field = try resolveField(input.fields, in: request)
        // The text before and after the edit must fit --max-text, which counts UTF-16 code units
        // whatever the request's units are (a range in scalars is measured in UTF-16 here).
        let textLength = input.text.utf16.count
        try checkTextLength(textLength, pointer: "/text")
        switch body.edits {
        case .one(let start, let end, let replacement, let inputType):
            let from = min(TextUnits.utf16Offset(of: start, in: input.text, unit: input.units), textLength)
            let to = min(TextUnits.utf16Offset(of: end, in: input.text, unit: input.units), textLength)
            try checkTextLength(textLength - max(0, to - from) + replacement.utf16.count, pointer: "/replacement")
            try checkWork(
                { .edit(fields: input.fields.count, text: input.text, replacement: replacement, accepted: $0) },
                accepted: field.formatter.acceptedCharacters)
            let locale = try requestLocale(input, request, readsLocale: field.readsLocale)
            let edit = EditRequest(
                text: input.text, start: start, end: end, replacement: replacement, inputType: inputType,
                units: input.units, event: input.event)
            let outcome: EditOutcome
            do throws(EditError) {
                outcome = try field.edit(edit, locale: locale)
            } catch {
                throw .invalidRange(error, pointer: "/range")
            }
            return .localizedJSON(
                AnswerWriter.edit(outcome, seq: input.seq, registry: request.registry.version), locale)
        case .typed(let edits, let caret):
            guard edits.count <= Self.maxEdits else { throw .tooManyEdits(edits.count, limit: Self.maxEdits) }
            try checkWork(
                { .edits(fields: input.fields.count, text: input.text, edits: edits, accepted: $0) },
                accepted: field.formatter.acceptedCharacters)
            let locale = try requestLocale(input, request, readsLocale: field.readsLocale)
            let typing: TypingOutcome
            do throws(TypingError) {
                typing = try field.edit(
                    typing: edits, on: input.text, caret: caret, units: input.units, event: input.event,
                    locale: locale, maxLength: configuration.maxText)
            } catch {
                throw .typing(error, limit: configuration.maxText)
            }
            return .localizedJSON(
                AnswerWriter.edit(
                    typing.outcome, seq: input.seq, map: typing.map, registry: request.registry.version), locale)
        }
    }

    func format(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        let body: FormatBody
        if let direct = request.direct?.format { body = direct } else { body = try FormatBody(request.body) }
        let input = body.input
        let field = try resolveField(input.fields, in: request)
        try checkTextLength(input.text.utf16.count, pointer: "/text")
        try checkWork(.format(fields: input.fields.count, text: input.text))
        let locale = try requestLocale(input, request, readsLocale: field.readsLocale)
        let outcome = field.format(input.text, event: input.event, units: input.units, locale: locale)
        return .localizedJSON(AnswerWriter.edit(outcome, seq: input.seq, registry: request.registry.version), locale)
    }

    // MARK: - Shared by the routes

    /// The request's locale (``locale(_:acceptLanguage:)``) with its conventions when a field reads
    /// them (`readsLocale`): the body's `locale`, else `Accept-Language`, decides them; with neither,
    /// they are neutral (`1,234.56`, ISO dates, 24 hours). `region` (a region phone numbers know, 422
    /// else) is the phone region of fields without one, else the locale's.
    func requestLocale(
        _ tag: String?, region: String?, _ request: RouteRequest, readsLocale: Bool
    ) throws(HTTPError) -> LocalePreference {
        if let tag, !tag.isEmpty, !LocalePreference.isLanguageTag(tag) { throw .invalidLocale(tag) }
        var locale = Self.locale(tag, acceptLanguage: request.acceptLanguage)
        var phoneRegion: String? = nil
        if let region {
            let code = region.uppercased()
            // A region phone numbers know, or one with postal codes only (`HM`): postal-code fields take those too.
            guard PhoneRegions.contains(code) || PostalCodes.region(code) != nil else { throw .unknownRegion(region) }
            phoneRegion = code
        }
        guard readsLocale else { return locale }
        let currencies = request.registry.currencyCodes
        if tag != nil || request.acceptLanguage != nil {
            locale.conventions = LocaleData.conventions(for: locale, region: phoneRegion, currencies: currencies)
        } else {
            locale.conventions = LocaleData.neutral(region: phoneRegion, currencies: currencies)
        }
        return locale
    }

    /// ``requestLocale(_:region:_:readsLocale:)`` for an edit or format body.
    func requestLocale(_ input: TextInput, _ request: RouteRequest, readsLocale: Bool) throws(HTTPError)
        -> LocalePreference
    {
        try requestLocale(input.locale, region: input.region, request, readsLocale: readsLocale)
    }

    /// The body's `locale`, else `Accept-Language`, else English.
    static func locale(_ tag: String?, acceptLanguage: String?) -> LocalePreference {
        if let tag, !tag.isEmpty { return LocalePreference(tags: [tag]) }
        if let acceptLanguage { return AcceptLanguage.preference(acceptLanguage) }
        return .english
    }

    /// The most field names one request may compose: each runs the whole pipeline again.
    static let maxComposedFields = 8

    func resolveField(_ names: [String], in request: RouteRequest) throws(HTTPError) -> Field {
        guard names.count <= Self.maxComposedFields else {
            throw HTTPError.tooManyFields(names.count, limit: Self.maxComposedFields)
        }
        do {
            return try request.registry.field(names)
        } catch {
            let position = names.firstIndex(of: error.name) ?? 0
            throw HTTPError.unknownName(error, pointer: names.count == 1 ? "/field" : "/field/\(position)")
        }
    }

    /// Refuses a request whose work (``WorkCost``) is over `--max-work`, before the engine does any of it.
    func checkWork(_ cost: WorkCost) throws(HTTPError) {
        guard cost.total <= configuration.maxWork else {
            throw HTTPError.workBudget(cost, budget: configuration.maxWork)
        }
    }

    /// ``checkWork(_:)`` for an edit: first with every character of the replacements counted as one the field
    /// accepts (no look at the field: a key, the usual request, is always within that bound), and only when
    /// that is over the budget with the characters the field accepts (building them took 9,000 to 19,000
    /// instructions, a sixth to a quarter of a whole keystroke request: `scripts/instructions`).
    func checkWork(
        _ cost: (AcceptedCharacters?) -> WorkCost, accepted: @autoclosure () -> AcceptedCharacters
    ) throws(HTTPError) {
        guard cost(nil).total > configuration.maxWork else { return }
        try checkWork(cost(accepted()))
    }

    func checkTextLength(_ length: Int, pointer: @autoclosure () -> String) throws(HTTPError) {
        guard length <= configuration.maxText else {
            throw .textTooLong(length, limit: configuration.maxText, pointer: pointer())
        }
    }
}
