import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

/// Messages in the request's language, and answers that say which.
@Suite struct LanguageTests {
    @Test func answersSayTheirLanguageAndThatTheyDependOnAcceptLanguage() throws {
        try withService { service in
            let http = try client(service)
            for (header, language, message) in [
                ("de-CH,de;q=0.9", "de", "E-Mail muss eine gültige E-Mail-Adresse sein"),
                ("es", "es", "El campo Correo electrónico debe ser"), ("zh-TW", "zh-Hant", "電子郵件須為有效的電子郵件地址"),
                ("ja-JP", "ja", "メールアドレスには有効なメールアドレスを入力してください"), ("it", "en", "Email must be"),
            ] {
                let answer = try http.post(
                    "/v1/format", json: #"{"field":"email","text":"x","event":"blur"}"#,
                    headers: ["Accept-Language": header])
                #expect(answer.headers["content-language"] == language, "\(header)")
                #expect(answer.headers["vary"] == "Accept-Language")
                let errors = try #require(try answer.json["errors"] as? [[String: Any]])
                let text = errors.first?["message"] as? String ?? ""
                #expect(text.contains(message), "\(header): \(text)")
            }
            let field = try http.get("/v1/fields/email", headers: ["Accept-Language": "ko"])
            #expect(field.headers["content-language"] == "ko")
            #expect(try field.json["label"] as? String == "이메일")
        }
    }

    @Test func arabicMessagesComeBackWithBalancedIsolates() throws {
        try withService { service in
            let answer = try client(service).post(
                "/v1/validate", json: #"{"form":"login","values":{"email":"x"},"event":"submit"}"#,
                headers: ["Accept-Language": "ar"])
            #expect(answer.headers["content-language"] == "ar")
            let fields = try #require(try answer.json["fields"] as? [String: [String: Any]])
            let messages = fields.values.flatMap {
                ($0["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            }
            #expect(messages.count == 2)
            for message in messages {
                let scalars = message.unicodeScalars
                #expect(scalars.filter { $0 == "\u{2068}" }.count == scalars.filter { $0 == "\u{2069}" }.count)
                #expect(scalars.contains("\u{2068}"), "the label is isolated: \(message)")
                #expect(
                    !scalars.contains { (0x202A...0x202E).contains($0.value) || $0 == "\u{200E}" || $0 == "\u{200F}" })
            }
        }
    }

    /// An explicit script subtag wins over the region: `zh-Hans-HK` reads Simplified Chinese, `zh-Hant-CN`
    /// Traditional.
    @Test func theScriptSubtagWinsOverTheRegion() throws {
        try withService { service in
            let http = try client(service)
            for (header, language, message) in [
                ("zh-Hans-HK", "zh-Hans", "邮箱须为有效的邮箱地址"), ("zh-Hant-CN", "zh-Hant", "電子郵件須為有效的電子郵件地址"),
                ("zh-HK", "zh-Hant", "電子郵件須為有效的電子郵件地址"), ("zh-Hans-TW;q=0.9, en;q=0.5", "zh-Hans", "邮箱须为有效的邮箱地址"),
            ] {
                let answer = try http.post(
                    "/v1/format", json: #"{"field":"email","text":"x","event":"blur"}"#,
                    headers: ["Accept-Language": header])
                #expect(answer.headers["content-language"] == language, "\(header)")
                let errors = try #require(try answer.json["errors"] as? [[String: Any]])
                #expect(errors.first?["message"] as? String == message, "\(header)")
            }
        }
    }

    /// Issue 25.4: a `locale` that is not a language tag of at most 64 characters is a 400 naming it; in
    /// `Accept-Language` such a tag is skipped.
    @Test func aLocaleThatIsNoLanguageTagIsRefused() throws {
        try withService { service in
            let http = try client(service)
            for locale in ["de-" + String(repeating: "x", count: 60_000), "de DE", "-de", "d", "de--DE", "12-DE"] {
                for (path, body) in [
                    ("/v1/validate", #"{"values":{"amount":"1,5"},"locale":"\#(locale)"}"#),
                    ("/v1/format", #"{"field":"amount","text":"1,5","locale":"\#(locale)"}"#),
                ] {
                    let answer = try http.post(path, json: body)
                    #expect(answer.status == 400, "\(path) \(locale.prefix(20))")
                    #expect((try? answer.json["pointer"] as? String) == "/locale", "\(path) \(locale.prefix(20))")
                    #expect(answer.body.count < 1_000, "the detail echoes the whole value")
                }
            }
            // Well-formed tags, known or not, are served.
            for locale in ["de-DE", "qaaaa-US", "de-DE-x-private", "ar-EG-u-nu-latn", "zh-Hant-TW"] {
                let answer = try http.post("/v1/format", json: #"{"field":"amount","text":"1","locale":"\#(locale)"}"#)
                #expect(answer.status == 200, "\(locale)")
            }
            let answer = try http.post(
                "/v1/format", json: #"{"field":"email","text":"x","event":"blur"}"#,
                headers: ["Accept-Language": String(repeating: "x", count: 100) + ", de;q=0.5"])
            #expect(answer.headers["content-language"] == "de")
        }
    }

    @Test func theLanguagesAreListed() throws {
        try withService { service in
            let answer = try client(service).get("/v1/languages", headers: ["Accept-Language": "pt"])
            #expect(answer.status == 200)
            let json = try answer.json
            let tags = (json["languages"] as? [[String: Any]] ?? []).compactMap { $0["tag"] as? String }
            #expect(tags == ["en", "zh-Hans", "zh-Hant", "es", "fr", "de", "pt-BR", "ja", "ko", "ru", "ar"])
            #expect(json["negotiated"] as? String == "pt-BR")
        }
    }

    @Test func theRegionsAreListedForACountryPicker() throws {
        try withService { service in
            let http = try client(service)
            let german = try http.get("/v1/regions", headers: ["Accept-Language": "de-CH,de;q=0.9"])
            #expect(german.status == 200)
            #expect(german.headers["content-language"] == "de")
            #expect(german.headers["vary"] == "Accept-Language")
            let json = try german.json
            #expect(json["negotiated"] as? String == "CH")
            let regions = try #require(json["regions"] as? [[String: Any]])
            #expect(regions.count > 200)
            let codes = regions.compactMap { $0["region"] as? String }
            #expect(Set(codes).count == codes.count)
            let byCode = Dictionary(uniqueKeysWithValues: regions.map { ($0["region"] as? String ?? "", $0) })
            let gb = try #require(byCode["GB"])
            #expect(gb["name"] as? String == "Vereinigtes Königreich")
            #expect(gb["callingCode"] as? Int == 44)
            #expect(gb["nationalPrefix"] as? String == "0")
            let example = try #require(gb["example"] as? [String: String])
            #expect(example["national"] == "07400 123456")
            #expect(example["international"] == "+44 7400 123456")
            #expect(byCode["US"]?["callingCode"] as? Int == 1)
            #expect(byCode["CN"]?["callingCode"] as? Int == 86)
            // German sorts Ä with A: Ägypten comes before Albanien, not after Z.
            let names = codes.map { byCode[$0]?["name"] as? String ?? "" }
            let egypt = try #require(names.firstIndex(of: "Ägypten"))
            #expect(egypt < names.firstIndex(of: "Albanien") ?? 0)
            // Every example is a number the region's phone field accepts as valid.
            for code in ["GB", "DE", "JP", "BR", "IN", "AE"] {
                let national = (byCode[code]?["example"] as? [String: String])?["national"] ?? ""
                let answer = try http.post(
                    "/v1/format",
                    json: #"{"field":"phone","text":"\#(national)","region":"\#(code)","event":"blur"}"#)
                #expect(answer.status == 200, "\(code)")
                #expect(try answer.json["valid"] as? Bool == true, "\(code) \(national)")
            }
            let english = try http.get("/v1/regions", headers: ["Accept-Language": "en"]).json
            #expect(english["negotiated"] is NSNull)
            let first = (english["regions"] as? [[String: Any]])?.first?["name"] as? String
            #expect(first == "Afghanistan")
        }
    }

    @Test func numbersDatesAndPhonesFollowTheRequestsLocale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try
            #"{"fields": {"price": {"formatters": [{"number": {"currency": "EUR"}}]}, "day": {"formatters": ["date"], "validators": ["date"]}, "at": {"formatters": ["time"], "validators": ["time"]}}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        try withService(testConfiguration { $0.configPath = file.path }) { service in
            let http = try client(service)
            func format(_ body: String, _ language: String? = nil) throws -> [String: Any] {
                try http.post("/v1/format", json: body, headers: language.map { ["Accept-Language": $0] } ?? [:]).json
            }
            let amount = try format(#"{"field":"amount","text":"1234,56","event":"blur"}"#, "de-DE,de;q=0.9")
            #expect(amount["text"] as? String == "1.234,56")
            #expect(amount["value"] as? String == "1234.56")
            // The body's locale wins over the header.
            let indian = try format(#"{"field":"amount","text":"1234567","locale":"en-IN"}"#, "de-DE")
            #expect(indian["text"] as? String == "12,34,567")
            #expect(try format(#"{"field":"amount","text":"1234567"}"#)["text"] as? String == "1,234,567")
            let euros = try format(#"{"field":"price","text":"1234.5"}"#, "fr-FR")
            #expect(euros["text"] as? String == "1\u{202F}234,5\u{00A0}€")
            let day = try format(#"{"field":"day","text":"12312024","event":"blur"}"#, "en-US")
            #expect(day["text"] as? String == "12/31/2024")
            #expect((day["meta"] as? [String: Any])?["date"] as? String == "2024-12-31")
            #expect(try format(#"{"field":"day","text":"31122024"}"#, "de")["text"] as? String == "31.12.2024")
            let time = try format(#"{"field":"at","text":"2:30p","event":"blur"}"#, "en-US")
            #expect(time["text"] as? String == "02:30 PM")
            #expect((time["meta"] as? [String: Any])?["time"] as? String == "14:30")
            let uk = try format(#"{"field":"phone","text":"07911123456","event":"blur"}"#, "en-GB")
            #expect(uk["text"] as? String == "07911 123456")
            #expect(uk["valid"] as? Bool == true)
            let region = try format(#"{"field":"phone","text":"030123456","region":"DE","event":"blur"}"#, "en-GB")
            #expect((region["meta"] as? [String: Any])?["e164"] as? String == "+4930123456")
            // A backend checks a form the same way.
            let form = try http.post(
                "/v1/validate",
                json: #"{"values":{"phone":"07911 123456","amount":"1.234,56"},"locale":"en-GB","region":"GB"}"#
            ).json
            let fields = form["fields"] as? [String: [String: Any]]
            #expect(fields?["phone"]?["valid"] as? Bool == true)
            #expect(fields?["amount"]?["valid"] as? Bool == false, "1.234,56 is not an English amount")
            let unknown = try http.post("/v1/format", json: #"{"field":"phone","text":"1","region":"XX"}"#)
            #expect(unknown.status == 422)
            #expect(try unknown.json["type"] as? String == "urn:smarttext:problem:unknown-region")
            #expect(try unknown.json["pointer"] as? String == "/region")
        }
    }

    /// Issue 24 over HTTP: numbers submitted (`/v1/validate`) and checked on `blur` as the locale writes them
    /// (CLDR, ICU 72), currency symbols never part of the number.
    @Test func numbersAreReadAsTheLocaleWritesThemOnSubmitAndBlur() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try
            #"{"fields": {"eur": {"formatters": [{"number": {"currency": "EUR"}}], "validators": ["number"]}, "egp": {"formatters": [{"number": {"currency": "EGP"}}], "validators": ["number"]}}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        try withService(testConfiguration { $0.configPath = file.path }) { service in
            let http = try client(service)
            let rows: [(locale: String, field: String, text: String, shown: String, value: String, valid: Bool)] = [
                ("de-DE", "amount", "12.50", "12,50", "12.50", true),
                ("de-DE", "amount", "1.234", "1.234", "1234", true),
                ("de-DE", "eur", "1.234,5 €", "1.234,5\u{00A0}€", "1234.5", true),
                ("fr-FR", "eur", "1 234,5 €", "1\u{202F}234,5\u{00A0}€", "1234.5", true),
                ("en-IN", "amount", "12,50", "1,250", "1250", false),
                ("en-IN", "amount", "12,34,567", "12,34,567", "1234567", true),
                ("ar-EG", "amount", "١٬٢٣٤٫٥٦", "١٬٢٣٤٫٥٦", "1234.56", true),
                (
                    "ar-EG", "egp", "\u{200F}١٬٢٣٤٫٥٠\u{00A0}ج.م.\u{200F}", "١٬٢٣٤٫٥٠\u{00A0}ج.م.\u{200F}", "1234.50",
                    true
                ),
                ("es-ES", "amount", "1234", "1234", "1234", true),
                ("pl-PL", "amount", "12345", "12\u{00A0}345", "12345", true),
                ("de-CH", "amount", "1'234.56", "1’234.56", "1234.56", true),
                ("fr-CH", "amount", "1'234.56", "1\u{202F}234,56", "1234.56", true),
            ]
            for row in rows {
                let body = try JSONSerialization.data(withJSONObject: [
                    "values": [row.field: row.text], "locale": row.locale,
                ])
                let validate = try http.post("/v1/validate", json: String(decoding: body, as: UTF8.self))
                #expect(validate.status == 200)
                let fields = try #require(try validate.json["fields"] as? [String: [String: Any]])
                let answer = try #require(fields[row.field])
                #expect(answer["text"] as? String == row.shown, "\(row.locale) \(row.text): \(answer)")
                #expect(answer["value"] as? String == row.value, "\(row.locale) \(row.text)")
                #expect(answer["valid"] as? Bool == row.valid, "\(row.locale) \(row.text): \(answer["errors"] ?? "")")
                let format = try JSONSerialization.data(withJSONObject: [
                    "field": row.field, "text": row.text, "event": "blur", "locale": row.locale,
                ])
                let blur = try http.post("/v1/format", json: String(decoding: format, as: UTF8.self)).json
                #expect(blur["text"] as? String == row.shown, "blur \(row.locale) \(row.text)")
                #expect(blur["valid"] as? Bool == row.valid, "blur \(row.locale) \(row.text)")
            }
            // Typing into the empty field puts the caret before a symbol written after the amount.
            let typed = try http.post(
                "/v1/edit", json: #"{"field":"eur","text":"","range":{"start":0,"end":0},"replacement":"5"}"#,
                headers: ["Accept-Language": "de-DE"]
            ).json
            #expect(typed["text"] as? String == "5\u{00A0}€")
            #expect(typed["caret"] as? Int == 1)
            let pound = try http.post(
                "/v1/edit",
                json:
                    #"{"field":"egp","text":"١\#u{00A0}ج.م.\#u{200F}","range":{"start":1,"end":1},"replacement":"2"}"#,
                headers: ["Accept-Language": "ar-EG"]
            ).json
            #expect(pound["text"] as? String == "١٢\u{00A0}ج.م.\u{200F}")
            #expect(pound["value"] as? String == "12")
            #expect(pound["caret"] as? Int == 2)
        }
    }

    @Test func aRegistryMessageInOneLanguageMixesWithTheBuiltinOnes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try
            #"{"fields": {"code": {"label": {"en": "Code", "de": "Kennung"}, "report": "all", "validators": [{"minLength": {"min": 4, "message": {"de": "{label} ist zu kurz"}}}, {"regex": {"pattern": "[A-Z]+"}}]}}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        try withService(testConfiguration { $0.configPath = file.path }) { service in
            let answer = try client(service).post(
                "/v1/format", json: #"{"field":"code","text":"1","event":"submit"}"#, headers: ["Accept-Language": "de"]
            )
            let errors = try #require(try answer.json["errors"] as? [[String: Any]]).compactMap {
                $0["message"] as? String
            }
            #expect(errors.first == "Kennung ist zu kurz")
            #expect(errors.count == 2 && errors[1].hasPrefix("Kennung"), "\(errors)")
            #expect(!errors[1].contains("must"))
        }
    }
}
