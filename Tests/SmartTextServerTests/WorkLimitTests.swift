import Foundation
import SmartTextServer
import SmartTextSupport
import SmartTextTestSupport
import Testing

/// No small request may pin a thread: the work a request can cause is bounded, and a request past a
/// bound gets a clear 422.
@Suite struct WorkLimitTests {
    func problem(_ answer: HTTPTestResponse) throws -> (status: Int, type: String, pointer: String?) {
        #expect(answer.headers["content-type"] == "application/problem+json")
        let json = try answer.json
        return (answer.status, json["type"] as? String ?? "", json["pointer"] as? String)
    }

    /// Each composed field runs the whole pipeline again: `["amount"] * 5000` over 10,000 digits took 4.3 s.
    @Test func aRequestComposesAtMostEightFields() throws {
        try withService { service in
            let client = try client(service)
            let digits = String(repeating: "1", count: 10_000)
            let eight = Array(repeating: #""amount""#, count: 8).joined(separator: ",")
            let started = Date()
            #expect(try client.post("/v1/format", json: #"{"field":[\#(eight)],"text":"\#(digits)"}"#).status == 200)
            #expect(Date().timeIntervalSince(started) < 2 * timingScale)
            let many = Array(repeating: #""amount""#, count: 5_000).joined(separator: ",")
            for (path, range) in [("/v1/format", ""), ("/v1/edit", #","range":{"start":0,"end":0}"#)] {
                let body = #"{"field":[\#(many)],"text":"\#(digits)"\#(range)}"#
                let refused = try problem(try client.post(path, json: body))
                #expect(refused.status == 422 && refused.type == "urn:smarttext:problem:too-many-fields")
                #expect(refused.pointer == "/field")
            }
        }
    }

    /// zxcvbn's matching grows steeply with repeats: `"12" * 5000` took 1.9 s. It rates a bounded prefix.
    @Test func aLongRepetitivePasswordIsRatedQuickly() throws {
        try withService { service in
            let client = try client(service)
            for text in [String(repeating: "12", count: 5_000), String(repeating: "98", count: 64)] {
                let started = Date()
                let answer = try client.post("/v1/format", json: #"{"field":"password","text":"\#(text)"}"#)
                #expect(Date().timeIntervalSince(started) < 0.5 * timingScale)
                #expect(answer.status == 200)
                let results = try answer.json["results"] as? [[String: Any]] ?? []
                #expect(results.first { $0["rule"] as? String == "passwordStrength" }?["valid"] as? Bool == false)
            }
        }
    }

    @Test func aValidationChecksAtMost64Values() throws {
        try withService { service in
            let client = try client(service)
            let values = (0..<65).map { #""k\#($0)":"x""# }.joined(separator: ",")
            let refused = try problem(
                try client.post("/v1/validate", json: #"{"form":"login","values":{\#(values)}}"#))
            #expect(refused.status == 422 && refused.type == "urn:smarttext:problem:too-many-values")
            #expect(refused.pointer == "/values")
            let fine = (0..<64).map { #""k\#($0)":"x""# }.joined(separator: ",")
            #expect(try client.post("/v1/validate", json: #"{"form":"login","values":{\#(fine)}}"#).status == 200)
        }
    }

    /// Four clients sending what used to pin a thread for seconds (5,000 composed fields, a 10,000-character
    /// repetitive password) and the heaviest request still allowed do not hold up a health check for long.
    @Test func heavyRequestsDoNotStarveOthers() throws {
        try withService { (service: SmartTextService) throws in
            let port = service.port
            let digits = String(repeating: "1", count: 10_000)
            let bodies = [
                #"{"field":[\#(Array(repeating: #""amount""#, count: 5_000).joined(separator: ","))],"text":"\#(digits)"}"#,
                #"{"field":"password","text":"\#(String(repeating: "12", count: 5_000))"}"#,
                #"{"field":[\#(Array(repeating: #""amount""#, count: 8).joined(separator: ","))],"text":"\#(digits)"}"#,
            ]
            let running = Locked(true)
            var senders: [Thread] = []
            for sender in 0..<4 {
                let thread = Thread {
                    guard let client = try? HTTPTestClient(port: port, timeoutSeconds: 30) else { return }
                    var index = sender
                    while running.withLock({ $0 }) {
                        _ = try? client.post("/v1/format", json: bodies[index % bodies.count])
                        index += 1
                    }
                }
                senders.append(thread)
                thread.start()
            }
            defer {
                running.withLock { $0 = false }
                while senders.contains(where: { !$0.isFinished }) { usleep(10_000) }
            }
            usleep(300_000)
            var slowest = 0.0
            for _ in 0..<5 {
                let started = Date()
                #expect(try HTTPTestClient(port: port).get("/healthz").status == 200)
                slowest = max(slowest, Date().timeIntervalSince(started))
            }
            #expect(slowest < 1 * timingScale, "/healthz took \(slowest) s")
        }
    }
}
