import SmartTextEngine
import SmartTextJSON
import SmartTextSupport

/// `POST /v1/validate`: a whole form, or several loose fields, in one request.
extension RequestHandler {
    /// The most values one request may check: each is formatted and validated, and a
    /// form answers every key it does not have with an error.
    static let maxValues = 64

    func validate(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        let body = try ValidateBody(request.body)
        guard body.values.count <= Self.maxValues else {
            throw HTTPError.tooManyValues(body.values.count, limit: Self.maxValues)
        }
        for (name, text) in body.values {
            try checkTextLength(text.utf16.count, pointer: JSONPointer.appending(name, to: "/values"))
        }
        let registry = request.registry
        let formFields = body.form.flatMap { registry.forms[$0] }?.fields.count ?? 0
        try checkWork(.validate(values: body.values, formFields: formFields))
        let readsLocale =
            body.form.flatMap { registry.forms[$0] }.map { $0.fields.contains { $0.field.readsLocale } }
            ?? body.values.contains { registry.fields[$0.name]?.readsLocale ?? false }
        let preference = try requestLocale(body.locale, region: body.region, request, readsLocale: readsLocale)
        let check: FormCheck
        if let formName = body.form {
            guard let form = registry.forms[formName] else {
                throw HTTPError.unknownName(UnknownNameError(kind: "form", name: formName), pointer: "/form")
            }
            check = form.validate(body.values, event: body.event, locale: preference)
        } else {
            do throws(UnknownNameError) {
                check = try registry.validate(body.values, event: body.event, locale: preference)
            } catch {
                throw HTTPError.unknownName(error, pointer: JSONPointer.appending(error.name, to: "/values"))
            }
        }
        return .localizedJSON(AnswerWriter.form(check, formName: body.form, registry: registry.version), preference)
    }
}

/// `GET /v1/fields`, `/v1/fields/{name}`, `/v1/forms`, `/v1/forms/{name}`:
/// what a client needs to set up its inputs. Each answer carries the registry
/// version as its `ETag`.
extension RequestHandler {
    func fieldList(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        try discovery(request) { _, locale throws(HTTPError) in request.served.fields(locale) }
    }

    func field(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        try discovery(request) { registry, locale throws(HTTPError) in
            guard let name = request.parameter, let field = registry.fields[name] else {
                throw HTTPError.unknownName(
                    UnknownNameError(kind: "field", name: request.parameter ?? ""), pointer: nil)
            }
            return AnswerWriter.field(field, locale: locale)
        }
    }

    func formList(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        try discovery(request) { _, locale throws(HTTPError) in request.served.forms(locale) }
    }

    func form(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        try discovery(request) { registry, locale throws(HTTPError) in
            guard let name = request.parameter, let form = registry.forms[name] else {
                throw HTTPError.unknownName(UnknownNameError(kind: "form", name: request.parameter ?? ""), pointer: nil)
            }
            return AnswerWriter.form(form, locale: locale)
        }
    }

    /// A discovery answer with the registry version as `ETag`: 304 when the
    /// client has it already (`If-None-Match`), else the body `write` gives.
    private func discovery(
        _ request: RouteRequest, _ write: (Registry, LocalePreference) throws(HTTPError) -> [UInt8]
    ) throws(HTTPError) -> HTTPResponse {
        let registry = request.registry
        let etag = "\"\(registry.version)\""
        let headers = [("ETag", etag), ("Vary", "Accept-Language")]
        if let ifNoneMatch = request.ifNoneMatch,
            ifNoneMatch.split(separator: ",").contains(where: {
                $0.trimmingSpaces() == etag || $0.trimmingSpaces() == "*"
            })
        {
            return HTTPResponse(status: 304, headers: headers)
        }
        let locale = Self.locale(nil, acceptLanguage: request.acceptLanguage)
        let body = try write(registry, locale)
        return HTTPResponse(
            status: 200,
            headers: [("Content-Type", "application/json"), ("Content-Language", MessageCatalog.language(for: locale))]
                + headers, body: body)
    }
}
