import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules

/// `GET /v1/languages`: the languages of the built-in messages, each named in itself, and the one the
/// request's `Accept-Language` gets.
extension RequestHandler {
    func languages(_ request: RouteRequest) -> HTTPResponse {
        let locale = Self.locale(nil, acceptLanguage: request.acceptLanguage)
        var writer = JSONWriter(capacity: 1024)
        writer.beginObject()
        writer.key("languages")
        writer.beginArray()
        for (tag, name) in MessageCatalog.languages {
            writer.beginObject()
            writer.key("tag")
            writer.string(tag)
            writer.key("name")
            writer.string(name)
            writer.endObject()
        }
        writer.endArray()
        writer.key("default")
        writer.string("en")
        writer.key("negotiated")
        writer.string(MessageCatalog.language(for: locale))
        writer.endObject()
        return .localizedJSON(writer.bytes, locale)
    }
}

/// `GET /v1/regions`: every region a phone field takes, for a country picker: its code, its name in
/// the negotiated language (sorted as that language sorts), its calling code, its national prefix
/// and an example number; and the region the request's `Accept-Language` names, the one a phone
/// field without a region of its own uses.
extension RequestHandler {
    func regions(_ request: RouteRequest) -> HTTPResponse {
        let locale = Self.locale(nil, acceptLanguage: request.acceptLanguage)
        let language = MessageCatalog.language(for: locale)
        let regions = PhoneRegions.all(in: language)
        var writer = JSONWriter(capacity: 32 * 1024)
        writer.beginObject()
        writer.key("regions")
        writer.beginArray()
        for region in regions {
            writer.beginObject()
            writer.key("region")
            writer.string(region.code)
            writer.key("name")
            writer.string(region.name)
            writer.key("callingCode")
            writer.integer(region.callingCode)
            writer.key("nationalPrefix")
            writer.string(region.nationalPrefix)
            writer.key("example")
            writer.beginObject()
            writer.key("national")
            writer.string(region.exampleNational)
            writer.key("international")
            writer.string(region.exampleInternational)
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.key("negotiated")
        if let region = locale.region, PhoneRegions.contains(region) {
            writer.string(region)
        } else {
            writer.null()
        }
        writer.endObject()
        return .localizedJSON(writer.bytes, locale)
    }
}
