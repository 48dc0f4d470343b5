import SmartTextEngine
import SmartTextJSON
import SmartTextSupport

/// `POST /v1/validate`: a whole form, or several loose fields, in one request.
extension RequestHandler {
    func validate(_ body: JSONValue, acceptLanguage: String?) throws(HTTPError) -> HTTPResponse {
        let reader = try Self.objectReader(body)
        try Self.check { try reader.rejectUnknownKeys(["form", "values", "event", "locale"]) }
        let (formName, event, locale) = try Self.check {
            (try reader.string("form"), try Self.event(reader, default: .submit), try reader.string("locale"))
        }
        let values = try Self.check { () throws -> [(name: String, text: String)] in
            guard let values = try reader.object("values") else { throw reader.error("values", "is required") }
            var pairs: [(name: String, text: String)] = []
            for member in values.object.members {
                guard case .string(let text) = member.value else {
                    throw values.error(member.key, "must be a string, not \(member.value.typeDescription)")
                }
                pairs.append((member.key, text))
            }
            return pairs
        }
        for (name, text) in values {
            try checkTextLength(text.utf16.count, pointer: "/values/\(name)")
        }
        let preference = Self.locale(locale, acceptLanguage: acceptLanguage)
        let registry = store.current
        let check: FormCheck
        if let formName {
            guard let form = registry.forms[formName] else {
                throw HTTPError.unknownName(UnknownNameError(kind: "form", name: formName), pointer: "/form")
            }
            check = form.validate(values, event: event, locale: preference)
        } else {
            do throws(UnknownNameError) {
                check = try registry.validate(values, event: event, locale: preference)
            } catch {
                throw HTTPError.unknownName(error, pointer: "/values/\(error.name)")
            }
        }
        return .json(AnswerWriter.form(check, formName: formName))
    }
}

/// `GET /v1/fields`, `/v1/fields/{name}`, `/v1/forms`, `/v1/forms/{name}`:
/// what a client needs to set up its inputs. Each answer carries the registry
/// version as its `ETag`.
extension RequestHandler {
    func discovery(
        _ route: Route, name: String?, acceptLanguage: String?, ifNoneMatch: String?
    ) throws(HTTPError) -> HTTPResponse {
        let registry = store.current
        let etag = "\"\(registry.version)\""
        let headers = [("ETag", etag), ("Vary", "Accept-Language")]
        if let ifNoneMatch,
            ifNoneMatch.split(separator: ",").contains(where: {
                $0.trimmingSpaces() == etag || $0.trimmingSpaces() == "*"
            })
        {
            return HTTPResponse(status: 304, headers: headers)
        }
        let locale = Self.locale(nil, acceptLanguage: acceptLanguage)
        let body: [UInt8]
        switch route {
        case .fields:
            body = AnswerWriter.fieldList(registry, locale: locale)
        case .field:
            guard let name, let field = registry.fields[name] else {
                throw HTTPError.unknownName(UnknownNameError(kind: "field", name: name ?? ""), pointer: nil)
            }
            body = AnswerWriter.field(field, locale: locale)
        case .forms:
            body = AnswerWriter.formList(registry, locale: locale)
        default:
            guard let name, let form = registry.forms[name] else {
                throw HTTPError.unknownName(UnknownNameError(kind: "form", name: name ?? ""), pointer: nil)
            }
            body = AnswerWriter.form(form, locale: locale)
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")] + headers, body: body)
    }
}
