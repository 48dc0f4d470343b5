import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Slow clients, timeouts, connection limits and shutdown, over real sockets.
@Suite struct ConnectionTests {
    @Test func slowClientsDoNotBlockOthers() throws {
        // One thread: a half-sent request must not hold it.
        try withService(
            testConfiguration {
                $0.threads = 1
                $0.timeout = 5
            }
        ) { service in
            var slow: [HTTPTestClient] = []
            for _ in 0..<20 {
                let client = try client(service)
                try client.send("POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
                try client.send("Content-Length: 100\r\n\r\n{\"field\":")
                slow.append(client)
            }
            let started = Date()
            let answer = try client(service).get("/healthz")
            #expect(answer.status == 200)
            #expect(Date().timeIntervalSince(started) < 2, "a real client waited behind slow ones")
            #expect(slow.count == 20)
        }
    }

    @Test func idleConnectionsAreClosedAfterTheTimeout() throws {
        try withService(testConfiguration { $0.timeout = 1 }) { service in
            let client = try client(service)
            try client.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
            let started = Date()
            #expect(client.isClosedByServer())
            let waited = Date().timeIntervalSince(started)
            #expect(waited >= 0.5 && waited < 5, "closed after \(waited) s")
        }
    }

    @Test func connectionsPastTheLimitAreRefusedFast() throws {
        try withService(
            testConfiguration {
                $0.maxConnections = 4
                $0.threads = 1
            }
        ) { service in
            var held: [HTTPTestClient] = []
            for _ in 0..<4 {
                let client = try client(service)
                #expect(try client.get("/healthz").status == 200)
                held.append(client)
            }
            let extra = try client(service)
            let started = Date()
            try? extra.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(extra.isClosedByServer())
            #expect(Date().timeIntervalSince(started) < 2)
            held.removeAll()
        }
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        try withService { service in
            let client = try client(service)
            for index in 0..<50 {
                let answer = try client.post("/v1/format", json: #"{"field":"date","text":"\#(index)"}"#)
                #expect(answer.status == 200)
            }
        }
    }

    @Test func sigtermFinishesTheRequestInFlightAndExitsZero() throws {
        let server = try ServerProcess(arguments: [])
        let client = try HTTPTestClient(port: server.port)
        let body = #"{"field":"date","text":"20261129"}"#
        try client.send("POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
        try client.send("Content-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(10))
        usleep(200_000)
        server.signal(SIGTERM)
        #expect(server.waitForError(containing: "stopping"))
        usleep(200_000)
        // While the request is still in flight, new clients are refused at once, not queued.
        #expect(throws: (any Error).self) { _ = try HTTPTestClient(port: server.port, timeoutSeconds: 2) }
        try client.send(String(body.dropFirst(10)))
        let answer = try client.readResponse()
        #expect(answer.status == 200)
        #expect(try answer.json["text"] as? String == "2026-11-29")
        #expect(answer.headers["connection"]?.lowercased() == "close")
        #expect(server.waitForExit(timeout: 5) == 0)
        // After the signal the listener is closed.
        #expect(throws: (any Error).self) { _ = try HTTPTestClient(port: server.port).get("/healthz") }
    }

    @Test func sigintStopsAnIdleServerQuickly() throws {
        let server = try ServerProcess(arguments: [])
        let started = Date()
        server.signal(SIGINT)
        #expect(server.waitForExit(timeout: 5) == 0)
        #expect(Date().timeIntervalSince(started) < 5)
    }
}

/// SIGTERM while clients keep sending: every request the server read is answered.
@Suite struct ShutdownUnderLoadTests {
    final class Tally: @unchecked Sendable {
        let lock = NSLock()
        var answered = 0
        var lost = 0
        func add(answered: Int = 0, lost: Int = 0) {
            lock.lock()
            self.answered += answered
            self.lost += lost
            lock.unlock()
        }

        /// Both counts, read under the lock.
        var counts: (answered: Int, lost: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (answered, lost)
        }
    }

    @Test func sigtermUnderLoadAnswersEveryAcceptedRequest() throws {
        let server = try ServerProcess(arguments: ["--threads", "2"])
        let port = server.port
        let tally = Tally()
        let body =
            #"{"field":"credit_card","text":"4242 4242 4242 424","range":{"start":18,"end":18},"replacement":"2"}"#
        let request = Array(
            ("POST /v1/edit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
        var threads: [Thread] = []
        for _ in 0..<8 {
            let thread = Thread {
                clientLoop: while true {
                    // A refused connection means the server stopped accepting: this client is done.
                    guard let client = try? HTTPTestClient(port: port, timeoutSeconds: 10) else { break }
                    while true {
                        guard (try? client.send(request)) != nil else { continue clientLoop }
                        guard let answer = try? client.readResponse() else {
                            // Sent, and the connection ended without an answer.
                            tally.add(lost: 1)
                            continue clientLoop
                        }
                        guard answer.status == 200 else {
                            tally.add(lost: 1)
                            continue clientLoop
                        }
                        tally.add(answered: 1)
                        if answer.headers["connection"]?.lowercased() == "close" { continue clientLoop }
                    }
                }
            }
            threads.append(thread)
            thread.start()
        }
        // Signal once the clients are busy (however slow the build, e.g. under a sanitizer).
        let busy = Date().addingTimeInterval(20)
        while tally.counts.answered < 100 && Date() < busy { usleep(10_000) }
        server.signal(SIGTERM)
        #expect(server.waitForExit(timeout: 6) == 0)
        let deadline = Date().addingTimeInterval(10)
        while threads.contains(where: { !$0.isFinished }) && Date() < deadline { usleep(10_000) }
        #expect(threads.allSatisfy { $0.isFinished })
        let (answered, lost) = tally.counts
        #expect(answered >= 100, "only \(answered) answers")
        #expect(lost == 0, "\(lost) requests lost of \(answered + lost)")
    }
}
