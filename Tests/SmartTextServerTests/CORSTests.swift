import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

@Suite struct CORSTests {
    @Test func closedByDefault() throws {
        try withService { service in
            let answer = try client(service).post(
                "/v1/format", json: #"{"field":"date","text":"1"}"#, headers: ["Origin": "https://shop.example"])
            #expect(answer.status == 200)
            #expect(answer.headers["access-control-allow-origin"] == nil)
            let preflight = try client(service).request(
                "OPTIONS", "/v1/edit",
                headers: ["Origin": "https://shop.example", "Access-Control-Request-Method": "POST"])
            #expect(preflight.headers["access-control-allow-origin"] == nil)
        }
    }

    @Test func allowedOriginsGetHeadersOthersDoNot() throws {
        try withService(testConfiguration { $0.corsOrigins = ["https://shop.example", "http://localhost:3000"] }) {
            service in
            let client = try client(service)
            let preflight = try client.request(
                "OPTIONS", "/v1/edit",
                headers: [
                    "Origin": "https://shop.example", "Access-Control-Request-Method": "POST",
                    "Access-Control-Request-Headers": "content-type",
                ])
            #expect(preflight.status == 204)
            #expect(preflight.headers["access-control-allow-origin"] == "https://shop.example")
            #expect(preflight.headers["access-control-allow-methods"] == "POST, OPTIONS")
            #expect(preflight.headers["access-control-allow-headers"]?.contains("Content-Type") == true)
            #expect(preflight.headers["vary"] == "Origin")
            let post = try client.post(
                "/v1/format", json: #"{"field":"date","text":"1"}"#, headers: ["Origin": "http://localhost:3000"])
            #expect(post.headers["access-control-allow-origin"] == "http://localhost:3000")
            #expect(post.headers["access-control-expose-headers"] == "ETag")
            let other = try client.post(
                "/v1/format", json: #"{"field":"date","text":"1"}"#, headers: ["Origin": "https://evil.example"])
            #expect(other.headers["access-control-allow-origin"] == nil)
            // The answer's messages depend on Accept-Language as well.
            #expect(other.headers["vary"] == "Accept-Language, Origin")
        }
    }

    @Test func anyOrigin() throws {
        try withService(testConfiguration { $0.corsOrigins = ["*"] }) { service in
            let answer = try client(service).get("/v1/fields", headers: ["Origin": "https://a.example"])
            #expect(answer.headers["access-control-allow-origin"] == "https://a.example")
        }
    }

    @Test func theFlagRepeatsAndSplitsOnCommas() throws {
        let command = try ServerCommand.parse(
            arguments: ["--cors-origin", "https://a.example", "--cors-origin=https://b.example,https://c.example"]
        ) { $0 == "SMARTTEXT_CORS_ORIGIN" ? "https://env.example" : nil }
        guard case .serve(let configuration) = command else {
            Issue.record("expected serve")
            return
        }
        #expect(configuration.corsOrigins == ["https://a.example", "https://b.example", "https://c.example"])
    }
}
