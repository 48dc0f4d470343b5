import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

@Suite struct EditRouteTests {
    @Test func typingIntoAMaskedField() throws {
        try withService { service in
            let answer = try client(service).post(
                "/v1/edit",
                json: #"{"field":"date","text":"2026-1","range":{"start":6,"end":6},"replacement":"1","seq":41}"#)
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "application/json")
            let json = try answer.json
            #expect(json["text"] as? String == "2026-11-")
            #expect(json["caret"] as? Int == 8)
            #expect(json["value"] as? String == "202611")
            #expect(json["complete"] as? Bool == false)
            #expect(json["rejected"] as? Bool == false)
            #expect(json["seq"] as? Int == 41)
            let change = try #require(json["change"] as? [String: Any])
            #expect(change["start"] as? Int == 6)
            #expect(change["end"] as? Int == 6)
            #expect(change["text"] as? String == "1-")
        }
    }

    @Test func aRejectedCharacterLeavesTheText() throws {
        try withService { service in
            let json = try client(service).post(
                "/v1/edit", json: #"{"field":"date","text":"2026-11-","range":{"start":0,"end":8},"replacement":"x"}"#
            ).json
            #expect(json["text"] as? String == "2026-11-")
            #expect(json["caret"] as? Int == 0)
            #expect(json["rejected"] as? Bool == true)
        }
    }

    @Test func formatPutsTheCaretAtTheEnd() throws {
        try withService { service in
            let json = try client(service).post("/v1/format", json: #"{"field":"date","text":"２０２６１１２９"}"#).json
            #expect(json["text"] as? String == "2026-11-29")
            #expect(json["caret"] as? Int == 10)
            #expect(json["value"] as? String == "20261129")
            #expect(json["complete"] as? Bool == true)
            #expect(json["state"] as? String == "valid")
        }
    }

    @Test func validationResultsAndEvents() throws {
        try withService { service in
            let client = try client(service)
            let typing = try client.post(
                "/v1/edit", json: #"{"field":"username","text":"a","range":{"start":0,"end":1},"replacement":""}"#
            ).json
            #expect(typing["state"] as? String == "empty")
            #expect(typing["valid"] as? Bool == false)
            let errors = try #require(typing["errors"] as? [[String: Any]])
            #expect(errors.first?["rule"] as? String == "notEmpty")
            #expect(errors.first?["message"] as? String == "Username is required")
            let chinese = try client.post(
                "/v1/format", json: #"{"field":"username","text":"","event":"blur"}"#,
                headers: ["Accept-Language": "fr;q=0.4, zh-CN;q=0.9"]
            ).json
            let results = try #require(chinese["results"] as? [[String: Any]])
            #expect(results.first?["message"] as? String == "请输入用户名")
        }
    }

    @Test func composedFields() throws {
        try withService { service in
            let json = try client(service).post(
                "/v1/format", json: #"{"field":["full_name","username"],"text":"  Jane   Doe Smith Johnson Junior"}"#
            ).json
            // full_name trims and collapses spaces, then username removes them and keeps 20 characters: the
            // text as it stands keeps the five past them, which make it invalid (unexpectedCharacters).
            #expect(json["text"] as? String == "JaneDoeSmithJohnsonJunior")
            #expect(json["valid"] as? Bool == false)
        }
    }

    @Test func scalarUnits() throws {
        try withService { service in
            let json = try client(service).post(
                "/v1/edit",
                json:
                    #"{"field":"full_name","text":"😀 Jo","range":{"start":2,"end":2},"replacement":"x","units":"scalars"}"#
            ).json
            #expect(json["text"] as? String == "😀 xJo")
            #expect(json["caret"] as? Int == 3)
        }
    }
}
