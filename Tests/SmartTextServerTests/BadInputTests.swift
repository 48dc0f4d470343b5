import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

/// Whatever a client sends gets a clear 4xx answer, never a crash, a hang or a 5xx.
@Suite struct BadInputTests {
    func problem(_ answer: HTTPTestResponse) throws -> (status: Int, type: String, detail: String) {
        #expect(answer.headers["content-type"] == "application/problem+json")
        let json = try answer.json
        return (answer.status, json["type"] as? String ?? "", json["detail"] as? String ?? "")
    }

    let edit = #"{"field":"full_name","text":"TEXT","range":{"start":0,"end":0},"replacement":"x"}"#

    @Test func invalidUTF8() throws {
        try withService { service in
            let client = try client(service)
            var body = Array(edit.replacingOccurrences(of: "TEXT", with: "ab").utf8)
            body.insert(0xC3, at: 30)  // a lead byte without its continuation, inside the text
            let inString = try problem(try client.request("POST", "/v1/edit", body: body))
            #expect(inString.status == 400 && inString.detail.contains("not valid UTF-8"))
            let outside = try problem(try client.request("POST", "/v1/edit", body: [0xFF, 0xFE, 0x7B, 0x7D]))
            #expect(outside.status == 400 && outside.type.hasSuffix("invalid-json"))
        }
    }

    @Test func loneSurrogates() throws {
        try withService { service in
            let client = try client(service)
            for text in [#"\ud800"#, #"\udfff"#, #"a\ud83dz"#] {
                let answer = try problem(
                    try client.post("/v1/edit", json: edit.replacingOccurrences(of: "TEXT", with: text)))
                #expect(answer.status == 400 && answer.detail.contains("lone surrogate"), "\(text)")
            }
            // A proper pair is fine.
            let pair = try client.post("/v1/edit", json: edit.replacingOccurrences(of: "TEXT", with: #"\ud83d\ude00"#))
            #expect(pair.status == 200)
        }
    }

    @Test func nulBytes() throws {
        try withService { service in
            let client = try client(service)
            var raw = Array(edit.replacingOccurrences(of: "TEXT", with: "ab").utf8)
            raw.insert(0, at: 30)
            let rawNUL = try problem(try client.request("POST", "/v1/edit", body: raw))
            #expect(rawNUL.status == 400 && rawNUL.detail.contains("control character U+0000"))
            let escaped = try problem(
                try client.post("/v1/edit", json: edit.replacingOccurrences(of: "TEXT", with: #"a\u0000b"#)))
            #expect(escaped.status == 400 && escaped.detail.contains("NUL"))
            let trailing = try problem(try client.request("POST", "/v1/edit", body: Array(edit.utf8) + [0]))
            #expect(trailing.status == 400)
        }
    }

    @Test func deepNesting() throws {
        try withService { service in
            let deep = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
            let answer = try problem(try client(service).post("/v1/edit", json: deep))
            #expect(answer.status == 400 && answer.detail.contains("nesting deeper than 64"))
            let object = String(repeating: #"{"a":"#, count: 70) + "1" + String(repeating: "}", count: 70)
            #expect(try problem(try client(service).post("/v1/edit", json: object)).status == 400)
        }
    }

    @Test func hugeNumbers() throws {
        try withService { service in
            let client = try client(service)
            for number in ["1e300", "99999999999999999999999", "-1", "2147483648", "1.5", "-0.0001"] {
                let body = #"{"field":"full_name","text":"","range":{"start":\#(number),"end":0}}"#
                let answer = try problem(try client.post("/v1/edit", json: body))
                #expect(answer.status == 400, "\(number)")
                #expect(answer.detail.hasPrefix("range.start must be an integer"), "\(number): \(answer.detail)")
            }
            let seq = try client.post("/v1/format", json: #"{"field":"date","text":"1","seq":1e400}"#)
            #expect(seq.status == 400)
            let bigSeq = try client.post("/v1/format", json: #"{"field":"date","text":"1","seq":9007199254740993}"#)
            #expect(bigSeq.status == 200)
            #expect(try bigSeq.json["seq"] as? Int == 9_007_199_254_740_993)
        }
    }

    @Test func duplicateKeysAndWrongTypes() throws {
        try withService { service in
            let client = try client(service)
            let duplicate = try problem(
                try client.post("/v1/format", json: #"{"field":"date","field":"iban","text":""}"#))
            #expect(duplicate.status == 400 && duplicate.detail.contains(#"duplicate key "field""#))
            for (body, detail) in [
                (#"{"field":7,"text":""}"#, "field must be a field name"),
                (#"{"field":"date","text":["a"]}"#, "text must be a string, not an array"),
                (#"{"field":"date","text":null}"#, "text must be a string, not null"),
                (#"{"field":"date","text":"","units":"bytes"}"#, #"units must be "utf16" or "scalars""#),
                (#"{"field":"date","text":"","seq":"41"}"#, "seq must be an integer, not a string"),
                (#""just a string""#, "the body must be a JSON object, not a string"),
            ] {
                let answer = try problem(try client.post("/v1/format", json: body))
                #expect(answer.status == 400 && answer.detail.contains(detail), "\(body): \(answer.detail)")
            }
        }
    }

    @Test func offsetsOutsideTheText() throws {
        try withService { service in
            let client = try client(service)
            for (start, end) in [(0, 5), (5, 5), (2_147_483_647, 2_147_483_647)] {
                let body = #"{"field":"full_name","text":"abcd","range":{"start":\#(start),"end":\#(end)}}"#
                let answer = try problem(try client.post("/v1/edit", json: body))
                #expect(answer.status == 422 && answer.type.hasSuffix("invalid-range"))
            }
        }
    }

    @Test func textAtAndOverTheDefaultLimit() throws {
        try withService { service in
            let client = try client(service)
            let atLimit = String(repeating: "a", count: 10_000)
            #expect(try client.post("/v1/format", json: #"{"field":"full_name","text":"\#(atLimit)"}"#).status == 200)
            // 9,999 scalars of two UTF-16 units each are over the limit.
            let wide = String(repeating: "😀", count: 5_001)
            let over = try problem(try client.post("/v1/format", json: #"{"field":"full_name","text":"\#(wide)"}"#))
            #expect(over.status == 422 && over.detail.contains("10002 UTF-16 code units"))
            let edit = #"{"field":"full_name","text":"\#(atLimit)","range":{"start":0,"end":0},"replacement":"b"}"#
            #expect(try problem(try client.post("/v1/edit", json: edit)).status == 422)
            let values = #"{"values":{"full_name":"\#(atLimit)a"}}"#
            #expect(try problem(try client.post("/v1/validate", json: values)).status == 422)
        }
    }

    @Test func anEmptyBody() throws {
        try withService { service in
            let answer = try problem(try client(service).request("POST", "/v1/edit", body: []))
            #expect(answer.status == 400 && answer.detail.contains("empty"))
        }
    }

    @Test func aBodyLongerThanItsContentLength() throws {
        try withService { service in
            let client = try client(service)
            let body = #"{"field":"date","text":"20261129"}"#
            // Content-Length counts 10 bytes; the rest arrives as if it were the next request.
            try client.send("POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
            try client.send("Content-Length: 10\r\n\r\n" + body)
            let first = try client.readResponse()
            #expect(first.status == 400)
            #expect(first.headers["content-type"] == "application/problem+json")
            // The server is still there for everyone else.
            #expect(try HTTPTestClient(port: service.port).get("/healthz").status == 200)
        }
    }

    @Test func aChunkedUpload() throws {
        try withService { service in
            let client = try client(service)
            let body = #"{"field":"date","text":"20261129"}"#
            var request = "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            request += "Transfer-Encoding: chunked\r\n\r\n"
            for piece in [body.prefix(5), body.dropFirst(5).prefix(20), body.dropFirst(25)] {
                request += String(piece.utf8.count, radix: 16) + "\r\n" + piece + "\r\n"
            }
            try client.send(request + "0\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 200)
            #expect(try answer.json["text"] as? String == "2026-11-29")
        }
    }

    @Test func aTransferCodingOtherThanChunkedIsRefusedAtOnce() throws {
        try withService { service in
            for (method, path) in [("POST", "/v1/format"), ("GET", "/healthz")] {
                let client = try client(service)
                try client.send(
                    "\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        + "Transfer-Encoding: gzip\r\n\r\n")
                let started = Date()
                // Answered from the headers alone, not after the connection timeout.
                let answer = try client.readResponse()
                #expect(Date().timeIntervalSince(started) < 2)
                #expect(answer.status == 400)
                #expect(answer.headers["content-type"] == "application/problem+json")
                #expect(answer.headers["connection"]?.lowercased() == "close")
                let problem = try answer.json
                #expect(problem["type"] as? String == "urn:smarttext:problem:unsupported-transfer-coding")
                #expect(
                    problem["detail"] as? String
                        == #"Transfer-Encoding is "gzip"; send the body with Content-Length, or chunked"#)
            }
        }
    }

    @Test func oddMethodsAndPaths() throws {
        try withService { service in
            let client = try client(service)
            #expect(try client.request("BREW", "/v1/edit").status == 405)
            #expect(try client.get("/v1/fields/" + String(repeating: "x", count: 2000)).status == 404)
            #expect(try client.get("/v1/fields/../forms").status == 404)
            #expect(try client.get("/v1/fields/credit_card?x=1").status == 200)
        }
    }

    @Test func noVersionBannerAndNoSniff() throws {
        try withService { service in
            let answer = try client(service).get("/healthz")
            #expect(answer.headers["server"] == nil)
            #expect(answer.headers["x-powered-by"] == nil)
            #expect(answer.headers["x-content-type-options"] == "nosniff")
        }
    }
}
