import Foundation
import SmartTextEngine
import SmartTextNativeRules
import SmartTextServer
import SmartTextTestSupport
import Testing

/// `POST /v1/edit` with `edits`: the edits a client made on its own text while a request was in flight.
@Suite struct BatchedEditTests {
    static let responder = LocalResponder(registry: try! RegistryLoader.load([.builtin], catalog: .standard))

    static func post(_ body: [String: Any]) throws -> (status: Int, json: [String: Any]) {
        let data = try JSONSerialization.data(withJSONObject: body)
        let answer = responder.respond(
            method: "POST", path: "/v1/edit", headers: ["Content-Type": "application/json"], body: Array(data))
        let json = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] ?? [:]
        return (answer.status, json)
    }

    /// A key: typing a character or a paste at the caret, Backspace, Delete, Home, End, select-all.
    enum Key {
        case insert(String)
        case backspace, delete, home, end, all
    }

    /// Keys sent one request each, every one on the previous answer with its caret (no latency).
    static func oneAtATime(_ field: String, _ keys: [Key]) throws -> (String, Int) {
        var text = ""
        var selection = (0, 0)
        for key in keys {
            var range = selection
            var replacement = ""
            var inputType = "insertText"
            switch key {
            case .home:
                selection = (0, 0)
                continue
            case .end:
                selection = (text.utf16.count, text.utf16.count)
                continue
            case .all:
                selection = (0, text.utf16.count)
                continue
            case .insert(let typed): replacement = typed
            case .backspace:
                inputType = "deleteContentBackward"
                if range.0 == range.1 { range.0 = Self.previous(text, range.0) }
            case .delete:
                inputType = "deleteContentForward"
                if range.0 == range.1 { range.1 = Self.next(text, range.1) }
            }
            if range.0 == range.1 && replacement.isEmpty { continue }
            let answer = try post([
                "field": field, "text": text, "range": ["start": range.0, "end": range.1],
                "replacement": replacement, "inputType": inputType,
            ])
            #expect(answer.status == 200)
            text = answer.json["text"] as! String
            let caret = answer.json["caret"] as! Int
            selection = (caret, caret)
        }
        return (text, selection.1)
    }

    /// The same keys shown at once (unformatted) and sent in one request with their anchors.
    static func together(_ field: String, _ keys: [Key]) throws -> (String, Int) {
        var shown = ""
        var selection = (0, 0)
        var anchor = "caret"
        var edits: [[String: Any]] = []
        for key in keys {
            var range = selection
            var replacement = ""
            var inputType = "insertText"
            switch key {
            case .home:
                (selection, anchor) = ((0, 0), "start")
                continue
            case .end:
                (selection, anchor) = ((shown.utf16.count, shown.utf16.count), "end")
                continue
            case .all:
                (selection, anchor) = ((0, shown.utf16.count), "all")
                continue
            case .insert(let typed): replacement = typed
            case .backspace:
                inputType = "deleteContentBackward"
                if range.0 == range.1 { range.0 = Self.previous(shown, range.0) }
            case .delete:
                inputType = "deleteContentForward"
                if range.0 == range.1 { range.1 = Self.next(shown, range.1) }
            }
            edits.append([
                "range": ["start": range.0, "end": range.1], "replacement": replacement, "inputType": inputType,
                "anchor": anchor,
            ])
            anchor = "caret"
            let utf16 = Array(shown.utf16)
            shown = String(
                decoding: utf16[..<range.0] + Array(replacement.utf16) + utf16[range.1...], as: UTF16.self)
            selection = (range.0 + replacement.utf16.count, range.0 + replacement.utf16.count)
        }
        guard !edits.isEmpty else { return ("", 0) }
        let answer = try post(["field": field, "text": "", "caret": 0, "edits": edits])
        #expect(answer.status == 200, "\(answer.json)")
        let text = answer.json["text"] as! String
        let map = answer.json["map"] as! [Int]
        #expect(map.count == shown.utf16.count + 1)
        switch anchor {
        case "start": return (text, 0)
        case "end", "all": return (text, text.utf16.count)
        default: return (text, answer.json["caret"] as! Int)
        }
    }

    static func previous(_ text: String, _ offset: Int) -> Int {
        var start = 0
        var position = 0
        for character in text {
            if position >= offset { break }
            start = position
            position += character.utf16.count
        }
        return offset == 0 ? 0 : start
    }

    static func next(_ text: String, _ offset: Int) -> Int {
        var position = 0
        for character in text {
            position += character.utf16.count
            if position > offset { return position }
        }
        return text.utf16.count
    }

    /// Keys of the kinds a user presses in each field: its own characters, and some it refuses.
    static let typed = ["0", "1", "2", "4", "5", "7", "9", "a", "X", " ", "-", "/", ".", ",", "+", "@", "é", "５"]

    @Test(arguments: [
        "email", "password", "username", "phone_cn", "phone_us", "phone", "credit_card", "card_expiry", "card_cvc",
        "amount", "iban", "cn_resident_id", "date", "full_name",
    ])
    func theBatchedAnswerIsTheAnswerOfTheKeysSentOneAtATime(field: String) throws {
        var generator = SplitMix64(state: 0x15)
        for _ in 0..<40 {
            let count = Int.random(in: 1...14, using: &generator)
            let keys: [Key] = (0..<count).map { _ in
                switch Int.random(in: 0..<14, using: &generator) {
                case 0..<9: .insert(Self.typed.randomElement(using: &generator)!)
                case 9: .insert("4242 42")
                case 10: .backspace
                case 11: .delete
                case 12: [Key.home, .end, .all].randomElement(using: &generator)!
                default: .backspace
                }
            }
            let expected = try Self.oneAtATime(field, keys)
            let got = try Self.together(field, keys)
            #expect(got == expected, "\(field): \(keys)")
        }
    }

    @Test func theIssueExampleOverRealSockets() throws {
        try withService { service in
            let http = try client(service)
            var edits: [String] = []
            for (index, digit) in "42424242".enumerated() {
                edits.append(
                    #"{"range":{"start":\#(index),"end":\#(index)},"replacement":"\#(digit)","anchor":"caret"}"#)
            }
            edits.append(#"{"range":{"start":0,"end":0},"replacement":"1","anchor":"start"}"#)
            let answer = try http.post(
                "/v1/edit",
                json: #"{"field":"credit_card","text":"","caret":0,"seq":3,"edits":[\#(edits.joined(separator: ","))]}"#
            )
            #expect(answer.status == 200)
            let json = try answer.json
            #expect(json["text"] as? String == "1424 2424 2")
            #expect(json["caret"] as? Int == 1)
            #expect(json["seq"] as? Int == 3)
            // The typed text "142424242" has 10 positions; each lands after the same typed characters
            // ("1424|" before the space the answer adds).
            #expect(json["map"] as? [Int] == [0, 1, 2, 3, 4, 6, 7, 8, 9, 11])
        }
    }

    @Test func mistakesInEditsAreClearProblems() throws {
        let one = ["range": ["start": 0, "end": 0], "replacement": "4"] as [String: Any]
        let tooMany = try Self.post(["field": "credit_card", "text": "", "edits": Array(repeating: one, count: 101)])
        #expect(tooMany.status == 422)
        #expect(tooMany.json["type"] as? String == "urn:smarttext:problem:too-many-edits")
        let both = try Self.post(["field": "credit_card", "text": "", "edits": [one], "replacement": "4"])
        #expect(both.status == 400)
        #expect(both.json["pointer"] as? String == "/replacement")
        let empty = try Self.post(["field": "credit_card", "text": "", "edits": []])
        #expect(empty.status == 400)
        let outside = try Self.post([
            "field": "credit_card", "text": "",
            "edits": [one, ["range": ["start": 5, "end": 5], "replacement": "1"]],
        ])
        #expect(outside.status == 422)
        #expect(outside.json["pointer"] as? String == "/edits/1/range")
        let anchor = try Self.post([
            "field": "credit_card", "text": "", "edits": [["range": ["start": 0, "end": 0], "anchor": "middle"]],
        ])
        #expect(anchor.status == 400)
        #expect(anchor.json["pointer"] as? String == "/edits/0/anchor")
        let caret = try Self.post(["field": "credit_card", "text": "42", "caret": 3, "edits": [one]])
        #expect(caret.status == 422)
        #expect(caret.json["pointer"] as? String == "/caret")
        let caretAlone = try Self.post([
            "field": "credit_card", "text": "42", "caret": 1, "range": ["start": 0, "end": 0],
        ])
        #expect(caretAlone.status == 400)
    }
}
