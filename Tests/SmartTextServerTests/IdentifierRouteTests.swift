import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

/// `GET /v1/identifiers` and the identifier fields over real sockets.
@Suite struct IdentifierRouteTests {
    @Test func everyKindAndEveryRegionIsListedWithNamesInTheNegotiatedLanguage() throws {
        try withService { service in
            let http = try client(service)
            let answer = try http.get("/v1/identifiers", headers: ["Accept-Language": "de-DE"])
            #expect(answer.status == 200)
            #expect(answer.headers["content-language"] == "de")
            let json = try answer.json
            let kinds = try #require(json["identifiers"] as? [[String: Any]])
            let regions = try #require(json["postalCodes"] as? [[String: Any]])
            #expect(kinds.count >= 120 && regions.count >= 180)
            let cpf = try #require(kinds.first { $0["kind"] as? String == "br.cpf" })
            #expect(cpf["countryName"] as? String == "Brasilien")
            #expect(cpf["name"] as? String == "CPF")
            #expect(cpf["categoryName"] as? String == "Personenkennziffer")
            #expect(cpf["layouts"] as? [String] == ["###.###.###-##"])
            let isbn = try #require(kinds.first { $0["kind"] as? String == "isbn" })
            #expect(isbn["country"] is NSNull)
            let vat = try #require(kinds.first { $0["kind"] as? String == "vat.de" })
            #expect((vat["rule"] as? [String: Any])?["vat"] as? [String: String] == ["country": "DE"])
            let britain = try #require(regions.first { $0["country"] as? String == "GB" })
            #expect(britain["name"] as? String == "Postcode")
            #expect(britain["countryName"] as? String == "Vereinigtes Königreich")
        }
    }

    @Test func oneCountrysKindsAndAnUnknownCountry() throws {
        try withService { service in
            let http = try client(service)
            let brazil = try http.get("/v1/identifiers/br").json
            let kinds = try #require(brazil["identifiers"] as? [[String: Any]])
            #expect(kinds.compactMap { $0["kind"] as? String } == ["br.cpf", "br.cnpj"])
            #expect((brazil["postalCodes"] as? [[String: Any]])?.count == 1)
            let unknown = try http.get("/v1/identifiers/QQ")
            #expect(unknown.status == 404)
            #expect(try unknown.json["type"] as? String == "urn:smarttext:problem:unknown-country")
            #expect(try http.get("/v1/identifiers/no_such_name").status == 404)
        }
    }

    @Test func identifierFieldsFormatValidateAndTakeTheRequestsRegion() throws {
        try withService { service in
            let http = try client(service)
            let json = try http.post(
                "/v1/validate",
                json:
                    #"{"values":{"br_cpf_cnpj":"11222333000181","vat_number":"de136695976","postal_code":"k1a0b1"},"region":"CA"}"#
            ).json
            #expect(json["valid"] as? Bool == true)
            let fields = try #require(json["fields"] as? [String: Any])
            let box = try #require(fields["br_cpf_cnpj"] as? [String: Any])
            #expect(box["text"] as? String == "11.222.333/0001-81")
            #expect((box["meta"] as? [String: String])?["kind"] == "br.cnpj")
            let vat = try #require(fields["vat_number"] as? [String: Any])
            #expect((vat["meta"] as? [String: String])?["compact"] == "DE136695976")
            #expect((fields["postal_code"] as? [String: Any])?["text"] as? String == "K1A 0B1")
            // A region with postal codes and no phone numbering.
            let heard = try http.post(
                "/v1/format", json: #"{"field":"postal_code","text":"7050","region":"HM","event":"blur"}"#)
            #expect(heard.status == 200)
            #expect(try heard.json["valid"] as? Bool == true)
            let hints = try #require(try http.get("/v1/fields/postal_code").json["hints"] as? [String: Any])
            #expect(hints["autocomplete"] as? String == "postal-code")
            let cpf = try #require(try http.get("/v1/fields/br_cpf").json["hints"] as? [String: Any])
            #expect(cpf["maxLength"] as? Int == 14 && cpf["inputmode"] as? String == "numeric")
        }
    }
}
