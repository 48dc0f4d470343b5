import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

/// Every field of the built-in registry, as `GET /v1/fields` lists it, through
/// `POST /v1/format` and `POST /v1/edit` with its own example.
@Suite struct EveryFieldTests {
    /// A JSON body from a dictionary (escaping done by JSONSerialization).
    func body(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func everyBuiltinFieldFormatsTypesAndClearsItsExample() throws {
        try withService { service in
            let http = try client(service)
            let listing = try http.get("/v1/fields").json
            let fields = try #require(listing["fields"] as? [[String: Any]])
            #expect(fields.count == 31)
            for description in fields {
                let name = try #require(description["name"] as? String)
                let hints = try #require(description["hints"] as? [String: Any], "\(name)")
                let example = try #require(hints["example"] as? String, "\(name) has no example")

                // The example is a valid, formatted text: formatting it changes nothing.
                let formatted = try http.post("/v1/format", json: try body(["field": name, "text": example]))
                #expect(formatted.status == 200, "\(name): \(formatted.text)")
                let answer = try formatted.json
                #expect(answer["text"] as? String == example, "\(name)")
                #expect(answer["caret"] as? Int == example.utf16.count, "\(name)")
                #expect(answer["state"] as? String == "valid", "\(name): \(formatted.text)")
                let value = try #require(answer["value"] as? String, "\(name)")

                // Formatting the value gives the text back (rule 9).
                let fromValue = try http.post("/v1/format", json: try body(["field": name, "text": value])).json
                #expect(fromValue["text"] as? String == example, "\(name): format(value)")

                // Typing the value one character at a time ends in the same text, caret at the end.
                var text = ""
                var caret = 0
                for character in value {
                    let step = try http.post(
                        "/v1/edit",
                        json: try body([
                            "field": name, "text": text, "range": ["start": caret, "end": caret],
                            "replacement": String(character), "inputType": "insertText",
                        ]))
                    #expect(step.status == 200, "\(name): \(step.text)")
                    let json = try step.json
                    text = try #require(json["text"] as? String)
                    caret = try #require(json["caret"] as? Int)
                    #expect(json["rejected"] as? Bool == false, "\(name): typing \(character) into \(text)")
                }
                #expect(text == example, "\(name): typed")
                // After the last character typed: at the end, or before a suffix (` %`), which it never enters.
                let rest = String(decoding: example.utf16.dropFirst(caret), as: UTF16.self)
                #expect(
                    caret == example.utf16.count
                        || (caret < example.utf16.count && !rest.contains(where: value.contains)),
                    "\(name): caret after typing")

                // Select all and delete: empty.
                let cleared = try http.post(
                    "/v1/edit",
                    json: try body([
                        "field": name, "text": example, "range": ["start": 0, "end": example.utf16.count],
                        "replacement": "", "inputType": "deleteContentBackward",
                    ])
                ).json
                #expect(cleared["text"] as? String == "", "\(name)")
                #expect(cleared["caret"] as? Int == 0, "\(name)")
                #expect(cleared["state"] as? String == "empty", "\(name)")
            }
        }
    }
}
