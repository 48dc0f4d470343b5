import Foundation
import SmartTextJSON
import SmartTextServer
import SmartTextTestSupport
import Testing

/// Whatever a client sends is echoed one way: control characters replaced, at most 64 characters.
@Suite struct EchoTests {
    /// Five kilobytes with an escape sequence, a bell, a newline and a bidirectional override in it.
    static let hostileJSON = #"\u001b[31mRED\u0007\n\u202e"# + String(repeating: "x", count: 5_000)

    @Test func theHelperCleansAndShortens() {
        #expect(Echo.cleaned("phone_cn") == "phone_cn")
        #expect(Echo.cleaned("a\u{0}b\u{1B}c\u{2028}d\u{202E}e") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e")
        let long = Echo.cleaned(String(repeating: "é", count: 100))
        #expect(long == String(repeating: "é", count: 64) + "…")
        #expect(Echo.isVerbatim(String(repeating: "a", count: 64)))
        #expect(!Echo.isVerbatim(String(repeating: "a", count: 65)))
    }

    /// Every problem whose detail quotes the request: short, and no control character in it.
    @Test func everyEchoInAProblemIsCleanedAndShort() throws {
        let text = Self.hostileJSON
        let requests: [(String, String, [String: String])] = [
            ("/v1/format", #"{"field":"date","text":"","units":"\#(text)"}"#, [:]),
            ("/v1/format", #"{"field":"date","text":"","event":"\#(text)"}"#, [:]),
            ("/v1/edit", #"{"field":"date","text":"","range":{"start":0,"end":0},"inputType":"\#(text)"}"#, [:]),
            ("/v1/format", #"{"field":"date","text":"","\#(text)":1}"#, [:]),
            ("/v1/edit", #"{"field":"date","text":"","range":{"start":0,"end":0,"\#(text)":1}}"#, [:]),
            ("/v1/format", #"{"field":"\#(text)","text":""}"#, [:]),
            ("/v1/format", #"{"field":["date","\#(text)"],"text":""}"#, [:]),
            ("/v1/validate", #"{"values":{"\#(text)":"x"}}"#, [:]),
            ("/v1/validate", #"{"values":{"\#(text)":1}}"#, [:]),
            ("/v1/validate", #"{"form":"\#(text)","values":{}}"#, [:]),
            ("/v1/format", #"{"field":"date","\#(text)":1,"\#(text)":2}"#, [:]),
            (
                "/v1/format", #"{"field":"date","text":""}"#,
                ["Content-Type": "text/plain; x=" + String(repeating: "y", count: 5_000)]
            ),
        ]
        try withService { service in
            let client = try client(service)
            for (path, body, headers) in requests {
                let answer: HTTPTestResponse
                if let contentType = headers["Content-Type"] {
                    answer = try client.request("POST", path, body: Array(body.utf8), contentType: contentType)
                } else {
                    answer = try client.post(path, json: body)
                }
                #expect(answer.status >= 400 && answer.status < 500, "\(path) \(body.prefix(60))")
                let json = try answer.json
                let detail = json["detail"] as? String ?? ""
                #expect(detail.unicodeScalars.count < 400, "\(path): a \(detail.unicodeScalars.count)-character detail")
                #expect(
                    !detail.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" },
                    "\(detail.debugDescription)")
                #expect(answer.body.count < 1_000, "\(path): a \(answer.body.count)-byte answer")
            }
            // A form's error for a key it does not have echoes the key the same way.
            let form = try client.post("/v1/validate", json: #"{"form":"login","values":{"\#(text)":"x"}}"#).json
            let error = (form["errors"] as? [[String: Any]])?.first
            #expect((error?["field"] as? String)?.hasSuffix("…") == true)
            #expect((error?["message"] as? String).map { $0.unicodeScalars.count < 200 } == true)
            // A method or a path (libmicrohttpd decodes %1B to an escape character).
            let method = String(repeating: "M", count: 5_000)
            let methodAnswer = try client.request(method, "/v1/edit")
            #expect(methodAnswer.status == 405)
            #expect(
                (try methodAnswer.json["detail"] as? String)?.contains(String(repeating: "M", count: 64) + "…") == true)
            let pathAnswer = try client.get("/%1B%5B31m" + String(repeating: "p", count: 5_000))
            let pathDetail = try pathAnswer.json["detail"] as? String ?? ""
            #expect(pathAnswer.status == 404 && pathDetail.contains("/\u{FFFD}[31m") && pathDetail.utf8.count < 300)
            // A transfer coding (a control character in a header value is refused before any echo).
            try client.send(
                "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: " + String(repeating: "z", count: 5_000)
                    + "\r\n\r\n")
            let coding = try client.readResponse()
            #expect(coding.status == 400)
            let codingDetail = try coding.json["detail"] as? String ?? ""
            #expect(codingDetail.contains(String(repeating: "z", count: 64) + "…") && codingDetail.utf8.count < 300)
        }
    }

    /// RFC 6901: `~` is written `~0` and `/` is written `~1` in a JSON Pointer.
    @Test func pointersEscapeTildeAndSlash() throws {
        try withService { service in
            let client = try client(service)
            let unknown = try client.post("/v1/validate", json: #"{"values":{"a/b~c":"x"}}"#).json
            #expect(unknown["pointer"] as? String == "/values/a~1b~0c")
            let wrongType = try client.post("/v1/validate", json: #"{"values":{"a/b~c":1}}"#).json
            #expect(wrongType["pointer"] as? String == "/values/a~1b~0c")
            let nested = try client.post("/v1/edit", json: #"{"field":"date","text":"","range":{"~/":1}}"#).json
            #expect(nested["pointer"] as? String == "/range/~0~1")
            // A member that cannot be echoed verbatim is not named: the pointer is its object's.
            let long = try client.post("/v1/validate", json: #"{"values":{"\#(Self.hostileJSON)":"x"}}"#).json
            #expect(long["pointer"] as? String == "/values")
        }
    }
}
