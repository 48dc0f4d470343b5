import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules

/// `GET /v1/identifiers` and `GET /v1/identifiers/{country}`: every identifier kind (national, tax and
/// company numbers, VAT numbers, global codes) and the postal codes of every region, for a picker: the
/// kind, its country and the country's name in the negotiated language (CLDR), the identifier's own name,
/// its category (named in that language), its layouts (`#` a digit, `@` a letter, `*` either, `[…]` one
/// of the characters listed, other letters and digits themselves), an example, and the registry rule that
/// takes it. With a country (`BR`), only that country's kinds and postal code.
extension RequestHandler {
    func identifiers(_ request: RouteRequest) throws(HTTPError) -> HTTPResponse {
        let locale = Self.locale(nil, acceptLanguage: request.acceptLanguage)
        var country: String? = nil
        if let parameter = request.parameter {
            let code = parameter.uppercased()
            let known =
                Identifiers.all.contains { $0.country == code } || PostalCodes.region(code) != nil
            guard code.utf8.count == 2, known else {
                throw HTTPError.unknownCountry(parameter)
            }
            country = code
        }
        return .localizedJSON(AnswerWriter.identifiers(country: country, locale: locale), locale)
    }
}

extension AnswerWriter {
    /// `GET /v1/identifiers`: the kinds and postal codes of `country`, or of every country.
    static func identifiers(country: String?, locale: LocalePreference) -> [UInt8] {
        let language = MessageCatalog.language(for: locale)
        var writer = JSONWriter(capacity: 64 * 1024)
        writer.beginObject()
        writer.key("identifiers")
        writer.beginArray()
        for kind in Identifiers.all where country == nil || kind.country == country {
            writer.beginObject()
            writer.key("kind")
            writer.string(kind.id)
            countryMembers(kind.country, language: language, into: &writer)
            writer.key("name")
            writer.string(kind.name)
            writer.key("category")
            writer.string(kind.category.rawValue)
            writer.key("categoryName")
            writer.string(MessageCatalog.term("identifier.category.\(kind.category.rawValue)").resolve(locale))
            writer.key("layouts")
            writer.beginArray()
            for shape in kind.shapes { writer.string(shape.pattern) }
            writer.endArray()
            writer.key("example")
            writer.string(kind.example)
            writer.key("rule")
            writer.beginObject()
            if kind.category == .vat, let code = kind.country {
                writer.key("vat")
                writer.beginObject()
                writer.key("country")
                writer.string(code)
                writer.endObject()
            } else {
                writer.key("identifier")
                writer.beginObject()
                writer.key("kind")
                writer.string(kind.id)
                writer.endObject()
            }
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.key("postalCodes")
        writer.beginArray()
        for region in PostalCodes.regions where country == nil || region.code == country {
            writer.beginObject()
            countryMembers(region.code, language: language, into: &writer)
            writer.key("name")
            writer.string(region.name)
            writer.key("layouts")
            writer.beginArray()
            for layout in region.layouts { writer.string(layout) }
            writer.endArray()
            writer.key("example")
            if let example = region.examples.first { writer.string(example) } else { writer.null() }
            writer.key("rule")
            writer.beginObject()
            writer.key("postalCode")
            writer.beginObject()
            writer.key("region")
            writer.string(region.code)
            writer.endObject()
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// `country` and `countryName` (null for a global code).
    private static func countryMembers(_ code: String?, language: String, into writer: inout JSONWriter) {
        writer.key("country")
        if let code { writer.string(code) } else { writer.null() }
        writer.key("countryName")
        if let code { writer.string(LocaleData.regionName(code, in: language) ?? code) } else { writer.null() }
    }
}
