import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

@Suite struct ValidateRouteTests {
    @Test func aSignupFormWithAMismatchAMissingFieldAndAnExtraKey() throws {
        try withService { service in
            let json = try client(service).post(
                "/v1/validate",
                json:
                    #"{"form":"signup","values":{"username":"jane_doe","password":"Tr0ub4dor&3xyz!","password_confirm":"Tr0ub4dor&3xyz","nickname":"jd"}}"#
            ).json
            #expect(json["valid"] as? Bool == false)
            #expect(json["form"] as? String == "signup")
            let fields = try #require(json["fields"] as? [String: Any])
            #expect(Set(fields.keys) == ["username", "email", "phone_cn", "password", "password_confirm"])
            let email = try #require(fields["email"] as? [String: Any])
            #expect((email["errors"] as? [[String: Any]])?.first?["rule"] as? String == "required")
            let confirm = try #require(fields["password_confirm"] as? [String: Any])
            let errors = try #require(confirm["errors"] as? [[String: Any]])
            #expect(errors.first?["message"] as? String == "Password confirmation must match Password")
            let formErrors = try #require(json["errors"] as? [[String: Any]])
            #expect(formErrors.first?["field"] as? String == "nickname")
            #expect(formErrors.first?["rule"] as? String == "unknownField")
        }
    }

    @Test func aValidFormInChinese() throws {
        try withService { service in
            let json = try client(service).post(
                "/v1/validate",
                json: #"{"form":"login","values":{"email":"jane@example.com","password":"x"},"locale":"zh-CN"}"#
            ).json
            #expect(json["valid"] as? Bool == true)
            let invalid = try client(service).post(
                "/v1/validate", json: #"{"form":"login","values":{"email":"jane@","password":""}}"#,
                headers: ["Accept-Language": "zh-CN"]
            ).json
            let fields = try #require(invalid["fields"] as? [String: Any])
            let password = try #require(fields["password"] as? [String: Any])
            #expect((password["errors"] as? [[String: Any]])?.first?["message"] as? String == "请输入密码")
        }
    }

    @Test func looseFieldsAndErrors() throws {
        try withService { service in
            let client = try client(service)
            let json = try client.post(
                "/v1/validate", json: #"{"values":{"credit_card":"4242424242424242","card_expiry":"0120"}}"#
            ).json
            #expect(json["valid"] as? Bool == false)
            let fields = try #require(json["fields"] as? [String: Any])
            #expect((fields["credit_card"] as? [String: Any])?["text"] as? String == "4242 4242 4242 4242")
            #expect((fields["card_expiry"] as? [String: Any])?["state"] as? String == "invalid")
            let unknown = try client.post("/v1/validate", json: #"{"values":{"nope":"1"}}"#)
            #expect(unknown.status == 404)
            #expect(try unknown.json["pointer"] as? String == "/values/nope")
            #expect(try client.post("/v1/validate", json: #"{"form":"nope","values":{}}"#).status == 404)
            let wrong = try client.post("/v1/validate", json: #"{"values":{"email":3}}"#)
            #expect(wrong.status == 400)
            #expect(try wrong.json["detail"] as? String == "values.email must be a string, not a number")
            #expect(try client.post("/v1/validate", json: #"{"form":"login"}"#).status == 400)
        }
    }
}

@Suite struct DiscoveryTests {
    @Test func fieldListWithETag() throws {
        try withService { service in
            let client = try client(service)
            let answer = try client.get("/v1/fields")
            #expect(answer.status == 200)
            let etag = try #require(answer.headers["etag"])
            #expect(etag == "\"\(service.registry.version)\"")
            #expect(answer.headers["cache-control"] == "no-cache")
            let json = try answer.json
            let fields = try #require(json["fields"] as? [[String: Any]])
            #expect(fields.map { $0["name"] as? String } == service.registry.fieldNames)
            let unchanged = try client.get("/v1/fields", headers: ["If-None-Match": etag])
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)
        }
    }

    @Test func oneFieldWithItsRulesAndHints() throws {
        try withService { service in
            let json = try client(service).get("/v1/fields/credit_card").json
            #expect(json["name"] as? String == "credit_card")
            #expect(json["label"] as? String == "Card number")
            #expect((json["labels"] as? [String: String])?["zh-Hans"] == "卡号")
            #expect((json["formatters"] as? [String]) == ["creditCard"])
            #expect((json["validators"] as? [Any])?.count == 3)
            let hints = try #require(json["hints"] as? [String: Any])
            #expect(hints["inputmode"] as? String == "numeric")
            #expect(hints["autocomplete"] as? String == "cc-number")
            #expect(hints["keyboard"] as? String == "numberPad")
            #expect(hints["textContentType"] as? String == "creditCardNumber")
            #expect(hints["androidInputType"] as? String == "number")
            #expect(hints["secure"] as? Bool == false)
            #expect(hints["maxLength"] as? Int == 23)
            #expect(hints["example"] as? String == "4242 4242 4242 4242")
            let password = try client(service).get("/v1/fields/password").json
            #expect((password["hints"] as? [String: Any])?["secure"] as? Bool == true)
            #expect(try client(service).get("/v1/fields/nope").status == 404)
        }
    }

    @Test func formsWithFocusNavigation() throws {
        try withService { service in
            let client = try client(service)
            let list = try client.get("/v1/forms").json
            #expect((list["forms"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["login", "signup"])
            let signup = try client.get("/v1/forms/signup", headers: ["Accept-Language": "zh-CN"]).json
            #expect(signup["label"] as? String == "注册")
            let fields = try #require(signup["fields"] as? [[String: Any]])
            #expect(
                fields.map { $0["name"] as? String } == [
                    "username", "email", "phone_cn", "password", "password_confirm",
                ])
            #expect(fields.map { $0["returnKey"] as? String } == ["next", "next", "next", "next", "done"])
            #expect(fields[0]["previous"] is NSNull)
            #expect(fields[0]["next"] as? String == "email")
            #expect(fields[4]["previous"] as? String == "password")
            #expect(fields[4]["next"] is NSNull)
            #expect(fields[4]["field"] as? String == "password")
            #expect(fields[4]["label"] as? String == "确认密码")
            #expect(try client.get("/v1/forms/nope").status == 404)
        }
    }
}
