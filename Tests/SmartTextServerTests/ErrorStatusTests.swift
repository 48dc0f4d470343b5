import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

/// Every error status with its problem+json body.
@Suite struct ErrorStatusTests {
    /// Checks the problem body and returns it.
    @discardableResult
    func expectProblem(
        _ answer: HTTPTestResponse, status: Int, type: String, detailContains: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        #expect(answer.status == status, sourceLocation: sourceLocation)
        #expect(answer.headers["content-type"] == "application/problem+json", sourceLocation: sourceLocation)
        let json = try answer.json
        #expect(json["status"] as? Int == status, sourceLocation: sourceLocation)
        #expect(json["type"] as? String == "urn:smarttext:problem:\(type)", sourceLocation: sourceLocation)
        #expect((json["title"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        if let detailContains {
            let detail = json["detail"] as? String ?? ""
            #expect(detail.contains(detailContains), "detail: \(detail)", sourceLocation: sourceLocation)
        }
        return json
    }

    @Test func malformedJSONIs400() throws {
        try withService { service in
            let client = try client(service)
            try expectProblem(
                client.post("/v1/edit", json: #"{"field": "date", "text": }"#), status: 400,
                type: "invalid-json", detailContains: "expected a value")
            try expectProblem(
                client.post("/v1/edit", json: ""), status: 400, type: "invalid-json",
                detailContains: "empty")
            try expectProblem(
                client.post("/v1/edit", json: #"{"a":1,"a":2}"#), status: 400, type: "invalid-json",
                detailContains: "duplicate key")
            try expectProblem(
                client.post("/v1/edit", json: #"{"text":"\ud800"}"#), status: 400,
                type: "invalid-json", detailContains: "lone surrogate")
            try expectProblem(
                client.request("POST", "/v1/edit", body: [0x7B, 0x22, 0xFF, 0x22, 0x7D]), status: 400,
                type: "invalid-json", detailContains: "UTF-8")
        }
    }

    @Test func wrongTypesNameTheKey() throws {
        try withService { service in
            let client = try client(service)
            let json = try expectProblem(
                client.post("/v1/edit", json: #"{"field":"date","text":"1","range":{"start":"0","end":1}}"#),
                status: 400, type: "invalid-request", detailContains: "range.start must be an integer")
            #expect(json["pointer"] as? String == "/range/start")
            try expectProblem(
                client.post("/v1/edit", json: #"{"field":"date","range":{"start":0,"end":0}}"#),
                status: 400, type: "invalid-request", detailContains: "text is required")
            try expectProblem(
                client.post("/v1/edit", json: #"[1,2]"#), status: 400, type: "invalid-request",
                detailContains: "must be a JSON object")
            try expectProblem(
                client.post(
                    "/v1/edit", json: #"{"field":"date","text":"","range":{"start":0,"end":0},"replacment":"1"}"#),
                status: 400, type: "invalid-request", detailContains: "unknown key \"replacment\"")
            try expectProblem(
                client.post("/v1/edit", json: #"{"field":"date","text":"","range":{"start":-1,"end":0}}"#),
                status: 400, type: "invalid-request", detailContains: "range.start must be an integer between 0")
            try expectProblem(
                client.post("/v1/edit", json: #"{"field":"date","text":"","range":{"start":0,"end":1e300}}"#),
                status: 400, type: "invalid-request", detailContains: "range.end must be an integer")
            try expectProblem(
                client.post("/v1/format", json: #"{"field":"date","text":"","event":"typing"}"#),
                status: 400, type: "invalid-request", detailContains: "event must be")
            try expectProblem(
                client.post("/v1/format", json: #"{"field":[],"text":""}"#),
                status: 400, type: "invalid-request", detailContains: "field must be a field name")
        }
    }

    @Test func unknownRouteAndFieldAre404() throws {
        try withService { service in
            let client = try client(service)
            try expectProblem(client.get("/v2/edit"), status: 404, type: "not-found")
            let json = try expectProblem(
                client.post("/v1/format", json: #"{"field":["date","nope"],"text":""}"#), status: 404,
                type: "unknown-field", detailContains: "\"nope\"")
            #expect(json["pointer"] as? String == "/field/1")
        }
    }

    @Test func wrongMethodIs405WithAllow() throws {
        try withService { service in
            let client = try client(service)
            let answer = try client.get("/v1/edit")
            try expectProblem(answer, status: 405, type: "method-not-allowed")
            #expect(answer.headers["allow"] == "POST, OPTIONS")
            let post = try client.post("/healthz", json: "{}")
            try expectProblem(post, status: 405, type: "method-not-allowed")
            #expect(post.headers["allow"] == "GET, HEAD, OPTIONS")
        }
    }

    @Test func bodyOverTheCapIs413() throws {
        try withService(testConfiguration { $0.maxBody = 1024 }) { service in
            let big = #"{"field":"date","text":""# + String(repeating: "1", count: 2000) + #""}"#
            try expectProblem(
                try client(service).post("/v1/format", json: big), status: 413, type: "body-too-large",
                detailContains: "1024 bytes")
            // Chunked: no Content-Length, the cap applies while reading.
            let chunked = try client(service)
            let body = Array(big.utf8)
            var request = "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            request += "Transfer-Encoding: chunked\r\n\r\n"
            try chunked.send(request)
            for start in stride(from: 0, to: body.count, by: 500) {
                let piece = Array(body[start..<min(start + 500, body.count)])
                try chunked.send(String(piece.count, radix: 16) + "\r\n")
                try chunked.send(piece + [13, 10])
            }
            try chunked.send("0\r\n\r\n")
            try expectProblem(chunked.readResponse(), status: 413, type: "body-too-large")
            // A chunked body under the cap is accepted.
            let small = try client(service)
            try small.send(request + "1c\r\n" + #"{"field":"date","text":"20"}"# + "\r\n0\r\n\r\n")
            #expect(try small.readResponse().status == 200)
        }
    }

    @Test func notJSONIs415() throws {
        try withService { service in
            let client = try client(service)
            try expectProblem(
                client.request(
                    "POST", "/v1/edit", body: Array("a=1".utf8),
                    contentType: "application/x-www-form-urlencoded"), status: 415, type: "unsupported-media-type")
            try expectProblem(
                client.request("POST", "/v1/edit", body: Array("{}".utf8), contentType: nil),
                status: 415, type: "unsupported-media-type", detailContains: "no Content-Type")
            // Parameters and case do not matter.
            let ok = try client.request(
                "POST", "/v1/format", body: Array(#"{"field":"date","text":"1"}"#.utf8),
                contentType: "Application/JSON; charset=utf-8")
            #expect(ok.status == 200)
        }
    }

    @Test func unapplicableEditsAre422() throws {
        try withService(testConfiguration { $0.maxText = 20 }) { service in
            let client = try client(service)
            try expectProblem(
                client.post("/v1/edit", json: #"{"field":"date","text":"2026","range":{"start":2,"end":9}}"#),
                status: 422, type: "invalid-range", detailContains: "outside the text")
            try expectProblem(
                client.post("/v1/edit", json: #"{"field":"date","text":"2026","range":{"start":3,"end":1}}"#),
                status: 422, type: "invalid-range", detailContains: "after range.end")
            try expectProblem(
                client.post("/v1/edit", json: #"{"field":"full_name","text":"a😀b","range":{"start":2,"end":2}}"#),
                status: 422, type: "invalid-range", detailContains: "surrogate pair")
            try expectProblem(
                client.post(
                    "/v1/format", json: #"{"field":"full_name","text":"\#(String(repeating: "a", count: 21))"}"#),
                status: 422, type: "text-too-long", detailContains: "limit is 20")
            try expectProblem(
                client.post(
                    "/v1/edit",
                    json:
                        #"{"field":"full_name","text":"aaaaaaaaaa","range":{"start":10,"end":10},"replacement":"bbbbbbbbbbb"}"#
                ), status: 422, type: "text-too-long")
        }
    }

    /// The length limit counts UTF-16 code units whatever the request's units: replacing five
    /// emoji (ten UTF-16 code units) by ten letters fits --max-text 10 in both units.
    @Test func theLengthLimitMeasuresARangeInScalarsInUTF16() throws {
        try withService(testConfiguration { $0.maxText = 10 }) { service in
            let client = try client(service)
            for (units, end) in [("utf16", 10), ("scalars", 5)] {
                let answer = try client.post(
                    "/v1/edit",
                    json: #"{"field":"full_name","text":"😀😀😀😀😀","range":{"start":0,"end":\#(end)},"#
                        + #""replacement":"abcdefghij","units":"\#(units)"}"#)
                #expect(answer.status == 200, "units \(units): \(answer.text)")
                #expect(try answer.json["text"] as? String == "abcdefghij")
            }
            // Past the limit in either units it is a 422.
            try expectProblem(
                client.post(
                    "/v1/edit",
                    json: #"{"field":"full_name","text":"😀😀😀😀😀","range":{"start":0,"end":4},"#
                        + #""replacement":"abcdefghij","units":"scalars"}"#),
                status: 422, type: "text-too-long", detailContains: "12 UTF-16 code units")
        }
    }
}
