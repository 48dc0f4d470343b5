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
