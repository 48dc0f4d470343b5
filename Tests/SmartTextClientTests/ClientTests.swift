import Foundation
import Testing

@testable import SmartTextClient

/// Formatting and validation through `SmartTextClient`, against a live service.
@Suite struct EditingTests {
    @Test func formatAnAmount() async throws {
        try await withClient { client in
            let answer = try await client.format(field: "amount", text: "1234567.8")
            #expect(answer.text == "1,234,567.8")
            #expect(answer.value == "1234567.8")
            #expect(answer.caret == 11)
            #expect(answer.state == .valid)
            #expect(answer.meta.isEmpty)
            #expect(answer.seq == nil)
        }
    }

    @Test func formatPhoneCN() async throws {
        try await withClient { client in
            let answer = try await client.format(field: "phone_cn", text: "13800138000")
            #expect(answer.text == "138 0013 8000")
            #expect(answer.valid)
        }
    }

    @Test func theGenericPhoneFieldInARegion() async throws {
        try await withClient { client in
            let answer = try await client.format(
                FormatRequest(field: "phone", text: "07400123456", event: .blur, locale: "de", region: "GB"))
            #expect(answer.text == "07400 123456")
            #expect(answer.valid)
            let checked = try await client.validate(
                ValidateRequest(values: ["amount": "1.234,56"], locale: "de-DE", region: "DE"))
            #expect(checked.fields["amount"]?.value == "1234.56")
        }
    }

    @Test func validateSignupWithAPasswordMismatch() async throws {
        try await withClient { client in
            let answer = try await client.validate(
                form: "signup",
                values: [
                    "username": "jane_doe", "email": "jane@example.com", "phone_cn": "13800138000",
                    "password": "Tr0ub4dor&3xyz!", "password_confirm": "Tr0ub4dor&3xyz?",
                ])
            #expect(!answer.valid)
            #expect(answer.form == "signup")
            #expect(answer.errors.isEmpty)
            #expect(answer.fields["password"]?.valid == true)
            let confirmation = try #require(answer.fields["password_confirm"])
            #expect(!confirmation.valid)
            #expect(confirmation.errors.map(\.rule) == ["matchesField"])
            #expect(answer.fields["phone_cn"]?.meta["e164"] == .string("+8613800138000"))
            // The registry version the verdict was reached with, as edits and formats name it.
            let formatted = try await client.format(FormatRequest(field: "username", text: "jane_doe"))
            #expect(answer.registry != nil)
            #expect(answer.registry == formatted.registry)
        }
    }

    @Test func validateReportsKeysTheFormDoesNotHave() async throws {
        try await withClient { client in
            let answer = try await client.validate(form: "login", values: ["email": "a@b.co", "pasword": "x"])
            #expect(answer.errors.map(\.rule).contains("unknownField"))
            #expect(answer.fields["password"]?.errors.map(\.rule) == ["required"])
        }
    }

    @Test func aPasswordRuleKeepsItsExtraMembers() async throws {
        try await withClient { client in
            let answer = try await client.format(field: "password", text: "abcd")
            let strength = try #require(answer.results.first { $0.rule == "passwordStrength" })
            #expect(strength.extra["score"]?.numberValue == 0)
            // In the request's language (English by default).
            #expect(strength.extra["feedback"]?["warning"]?.stringValue?.isEmpty == false)
        }
    }

    @Test func composedFieldNames() async throws {
        try await withClient { client in
            let answer = try await client.format(field: ["credit_card"], text: "4242424242424242")
            #expect(answer.text == "4242 4242 4242 4242")
        }
    }

    @Test func chineseMessagesWithTheClientsLocale() async throws {
        try await withClient(locale: "zh-CN") { client in
            let answer = try await client.validate(form: "login", values: ["email": "jane@example", "password": ""])
            #expect(answer.fields["password"]?.errors.first?.message == "请输入密码")
            #expect(answer.fields["email"]?.errors.first?.message == "邮箱须为有效的邮箱地址")
            let field = try await client.field("credit_card")
            #expect(field.label == "卡号")
            // A request's own locale wins over the client's.
            let english = try await client.edit(
                SmartTextEdit(
                    field: "email", text: "", range: TextRange(start: 0, end: 0), event: .submit, locale: "en"))
            #expect(english.errors.first?.message == "Email is required")
        }
    }
}

/// Discovery: fields and forms.
@Suite struct DiscoveryTests {
    @Test func creditCardHints() async throws {
        try await withClient { client in
            let field = try await client.field("credit_card")
            #expect(field.name == "credit_card")
            #expect(field.label == "Card number")
            #expect(field.labels["zh-Hans"] == "卡号")
            #expect(field.formatters == ["creditCard"])
            #expect(field.validators.first == "notEmpty")
            #expect(field.report == "first")
            #expect(field.backspace == "deletePrevious")
            #expect(field.hints.keyboard == "numberPad")
            #expect(field.hints.textContentType == "creditCardNumber")
            #expect(field.hints.autocomplete == "cc-number")
            #expect(field.hints.placeholder == "1234 5678 9012 3456")
            #expect(field.hints.secure == false)
            #expect(field.hints.maxLength == 23)
        }
    }

    @Test func signupNavigation() async throws {
        try await withClient { client in
            let form = try await client.form("signup")
            #expect(form.fields.map(\.name) == ["username", "email", "phone_cn", "password", "password_confirm"])
            #expect(form.fields.first?.previous == nil)
            #expect(form.fields.first?.returnKey == .next)
            for (field, following) in zip(form.fields, form.fields.dropFirst()) {
                #expect(field.next == following.name)
                #expect(following.previous == field.name)
            }
            let last = try #require(form.fields.last)
            #expect(last.next == nil)
            #expect(last.returnKey == .done)
            #expect(last.field == "password")
            #expect(last.hints.secure)
            #expect(form.field(named: "email")?.hints.keyboard == "emailAddress")
        }
    }
}

/// Errors: problems decoded from `application/problem+json`, and transport failures.
@Suite struct ErrorTests {
    @Test func anUnknownFieldIsA404Problem() async throws {
        try await withClient { client in
            let found = await problem { try await client.field("phone_xx") }
            #expect(found?.status == 404)
            #expect(found?.type == "urn:smarttext:problem:unknown-field")
            #expect(found?.title == "Unknown field")
            #expect(found?.detail.contains("phone_xx") == true)
        }
    }

    @Test func anUnknownFormAndAnUnknownFieldInAnEdit() async throws {
        try await withClient { client in
            #expect(await problem { try await client.form("nope") }?.type == "urn:smarttext:problem:unknown-form")
            let edit = SmartTextEdit(field: "nope", text: "", range: TextRange(start: 0, end: 0), replacement: "1")
            #expect(await problem { try await client.edit(edit) }?.type == "urn:smarttext:problem:unknown-field")
        }
    }

    @Test func aRangeOutsideTheTextIsA422Problem() async throws {
        try await withClient { client in
            let edit = SmartTextEdit(field: "credit_card", text: "42", range: TextRange(start: 1, end: 80))
            let found = await problem { try await client.edit(edit) }
            #expect(found?.status == 422)
            #expect(found?.type == "urn:smarttext:problem:invalid-range")
        }
    }

    @Test func aStoppedServiceIsATransportError() async throws {
        let port = try await withClient { client in client.baseURL.port! }
        let client = SmartTextClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        do {
            _ = try await client.format(field: "amount", text: "1")
            Issue.record("expected a transport error")
        } catch SmartTextError.transport {
        } catch {
            Issue.record("expected a transport error, got \(error)")
        }
    }
}

/// Requests encode exactly the keys the service accepts; answers decode whatever the service adds.
@Suite struct WireFormatTests {
    @Test func requestsLeaveUnsetOptionsOut() throws {
        let edit = SmartTextEdit(field: "email", text: "a", range: TextRange(start: 1, end: 1), replacement: "b")
        #expect(try encodedKeys(edit) == ["field", "text", "range", "replacement"])
        #expect(try encodedKeys(FormatRequest(field: "email", text: "a")) == ["field", "text"])
        #expect(try encodedKeys(ValidateRequest(values: [:])) == ["values"])
        let composed = String(decoding: try JSONEncoder().encode(FieldNames.names(["a", "b"])), as: UTF8.self)
        #expect(composed == #"["a","b"]"#)
    }

    @Test func everyKeyARequestCanHaveIsAccepted() async throws {
        try await withClient { client in
            let edit = SmartTextEdit(
                field: ["credit_card"], text: "4242", range: TextRange(start: 4, end: 4), replacement: "4",
                inputType: .insertText, event: .blur, units: .scalars, locale: "zh-CN", seq: 7)
            let format = FormatRequest(field: "amount", text: "12", event: .submit, units: .utf16, locale: "en", seq: 8)
            let validate = ValidateRequest(form: "login", values: ["email": "a@b.co"], event: .blur, locale: "en")
            #expect(try encodedKeys(edit).count == 9)
            #expect(try encodedKeys(format).count == 6)
            #expect(try encodedKeys(validate).count == 4)
            let answers = (
                try await client.edit(edit), try await client.format(format), try await client.validate(validate)
            )
            #expect(answers.0.seq == 7)
            #expect(answers.1.seq == 8)
            #expect(answers.2.form == "login")
        }
    }

    @Test func answersTolerateMembersAndStatesAddedLater() throws {
        let json = """
            {"text":"4","caret":1,"value":"4","state":"frozen","valid":false,"complete":false,"errors":[],
             "results":[{"rule":"luhn","valid":false,"message":"m","hint":{"n":[1,true,null]}}],
             "rejected":false,"truncated":false,"deferred":false,"change":{"start":0,"end":0,"text":"4"},
             "meta":{"brand":"visa","digits":1},"later":{"anything":true}}
            """
        let answer = try JSONDecoder().decode(EditAnswer.self, from: Data(json.utf8))
        #expect(answer.state == .other("frozen"))
        #expect(answer.results.first?.extra["hint"] == ["n": [1, true, nil]])
        #expect(answer.meta["digits"] == 1)
        #expect(answer.seq == nil)
        let form = try JSONDecoder().decode(
            FormDescription.ReturnKey.self, from: Data(#""go""#.utf8))
        #expect(form == .other("go"))
    }
}

/// Addresses below the base URL.
@Suite struct AddressTests {
    @Test func routesGoBelowTheBaseURLAndNamesAreEscaped() {
        let client = SmartTextClient(baseURL: URL(string: "https://example.com/smarttext/")!)
        #expect(client.url(["v1", "edit"]).absoluteString == "https://example.com/smarttext/v1/edit")
        #expect(
            client.url(["v1", "fields", "a b/é"]).absoluteString
                == "https://example.com/smarttext/v1/fields/a%20b%2F%C3%A9")
    }
}
