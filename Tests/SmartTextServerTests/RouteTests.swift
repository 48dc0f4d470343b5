import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

@Suite struct RouteTests {
    @Test func healthAndReadiness() throws {
        try withService { service in
            let client = try client(service)
            let health = try client.get("/healthz")
            #expect(health.status == 200)
            #expect(health.headers["content-type"] == "application/json")
            #expect(try health.json["status"] as? String == "ok")
            let ready = try client.get("/readyz")
            #expect(ready.status == 200)
            let registry = try #require(try ready.json["registry"] as? [String: Any])
            #expect(registry["version"] as? String == service.registry.version)
            #expect(registry["fields"] as? Int == service.registry.fields.count)
        }
    }

    @Test func openAPIDocumentIsTheCommittedFile() throws {
        try withService { service in
            let answer = try client(service).get("/openapi.yaml")
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"]?.hasPrefix("application/yaml") == true)
            let committed = try String(
                contentsOf: repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
            #expect(answer.text == committed)
        }
    }

    @Test func thePlaygroundAndTheWebClientAreTheCommittedFilesWithNothingExternal() throws {
        try withService { service in
            let http = try client(service)
            for (path, file, type) in [
                ("/", "clients/web/playground.html", "text/html"),
                ("/smarttext.js", "clients/web/smarttext.js", "text/javascript"),
            ] {
                let answer = try http.get(path)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.headers["content-type"]?.hasPrefix(type) == true, "\(path)")
                #expect(answer.headers["x-content-type-options"] == "nosniff", "\(path)")
                let committed = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
                #expect(answer.text == committed, "\(path) is not the committed \(file)")
                // No external resource: every URL the page or script names is on this origin.
                for scheme in ["http://", "https://", "//cdn", "@import"] {
                    #expect(!answer.text.contains(scheme), "\(path) names \(scheme)")
                }
            }
            let page = try http.get("/")
            // The page may only load from itself, and the client it imports is this server's.
            #expect(page.headers["content-security-policy"]?.contains("default-src 'self'") == true)
            #expect(page.text.contains(#"from "/smarttext.js""#))
            // It shows every field of the registry and the signup form.
            #expect(page.text.contains("/v1/fields") && page.text.contains("signup"))
        }
    }

    @Test func headAnswersWithoutABody() throws {
        try withService { service in
            let answer = try client(service).request("HEAD", "/healthz")
            #expect(answer.status == 200)
            #expect(answer.body.isEmpty)
        }
    }

    @Test func optionsListsTheAllowedMethods() throws {
        try withService { service in
            let answer = try client(service).request("OPTIONS", "/v1/edit")
            #expect(answer.status == 204)
            #expect(answer.headers["allow"] == "POST, OPTIONS")
        }
    }

    @Test func metricsCountRequestsByRouteAndStatus() throws {
        try withService { service in
            let client = try client(service)
            _ = try client.get("/healthz")
            _ = try client.get("/nowhere")
            _ = try client.post("/v1/format", json: #"{"field":"date","text":"20261129"}"#)
            let metrics = try client.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = metrics.text
            #expect(text.contains(#"smarttext_http_requests_total{route="/healthz",method="GET",status="200"} 1"#))
            #expect(text.contains(#"smarttext_http_requests_total{route="unmatched",method="GET",status="404"} 1"#))
            #expect(text.contains(#"smarttext_http_requests_total{route="/v1/format",method="POST",status="200"} 1"#))
            #expect(text.contains(#"smarttext_http_request_duration_seconds_count{route="/v1/format"} 1"#))
            #expect(text.contains(#"smarttext_http_request_duration_seconds_bucket{route="/healthz",le="+Inf"} 1"#))
            #expect(text.contains("smarttext_registry_fields \(service.registry.fields.count)"))
            #expect(text.contains("process_resident_memory_bytes "))
        }
    }

    @Test func everyAnswerSaysNoSniff() throws {
        try withService { service in
            let client = try client(service)
            for path in ["/healthz", "/nowhere", "/metrics"] {
                #expect(try client.get(path).headers["x-content-type-options"] == "nosniff")
            }
            #expect(try client.post("/v1/edit", json: "{").headers["x-content-type-options"] == "nosniff")
        }
    }
}
