import SmartTextEngine
import SmartTextNativeRules

/// `GET /v1/languages`: the languages of the built-in messages, each named in itself, and the one the
/// request's `Accept-Language` gets.
extension RequestHandler {
    func languages(_ request: RouteRequest) -> HTTPResponse {
        let locale = Self.locale(nil, acceptLanguage: request.acceptLanguage)
        return .localizedJSON(AnswerWriter.languages(negotiated: MessageCatalog.language(for: locale)), locale)
    }
}

/// `GET /v1/regions`: every region a phone field takes, for a country picker: its code, its name in
/// the negotiated language (sorted as that language sorts), its calling code, its national prefix
/// and an example number; and the region the request's `Accept-Language` names, the one a phone
/// field without a region of its own uses.
extension RequestHandler {
    func regions(_ request: RouteRequest) -> HTTPResponse {
        let locale = Self.locale(nil, acceptLanguage: request.acceptLanguage)
        let regions = PhoneRegions.all(in: MessageCatalog.language(for: locale))
        let negotiated = locale.region.flatMap { PhoneRegions.contains($0) ? $0 : nil }
        return .localizedJSON(AnswerWriter.regions(regions, negotiated: negotiated), locale)
    }
}
