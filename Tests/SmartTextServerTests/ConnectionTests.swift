import Foundation
import SmartTextServer
import SmartTextTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Slow clients, timeouts, connection limits and shutdown, over real sockets.
@Suite struct ConnectionTests {
    /// `count` connections that each sent the start of a request, and then nothing.
    func slowClients(_ count: Int, of service: SmartTextService, sending start: String) throws -> [HTTPTestClient] {
        try (0..<count).map { _ in
            let slow = try client(service)
            try slow.send(start)
            return slow
        }
    }

    @Test func slowClientsDoNotBlockOthers() throws {
        // One thread: a half-sent request must not hold it.
        try withService(
            testConfiguration {
                $0.threads = 1
                $0.timeout = 5
            }
        ) { service in
            let slow = try slowClients(
                20, of: service,
                sending: "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 100\r\n\r\n{\"field\":")
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

    /// At `--max-connections` the connection that has waited longest for a request (here an idle
    /// keep-alive one) is closed to make room: a new client is served at once, not queued or refused.
    @Test func connectionsPastTheLimitMakeRoomFromTheStalest() throws {
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
                usleep(20_000)
            }
            let started = Date()
            #expect(try client(service).get("/healthz").status == 200)
            #expect(Date().timeIntervalSince(started) < 2)
            // The oldest idle connection made room; the newest is still open.
            #expect(held[0].isClosedByServer())
            #expect(try held[3].get("/healthz").status == 200)
        }
    }

    /// `--timeout` also bounds how long a request may take to arrive: a header trickling in one byte
    /// at a time (each byte resets an idle timer) is cut off once the request's time is up.
    @Test func aRequestTricklingInIsCutOffAtTheTimeout() throws {
        try withService(testConfiguration { $0.timeout = 2 }) { service in
            let slow = try client(service)
            let request = Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 100))
            let started = Date()
            var closed = false
            for byte in request {
                guard (try? slow.send(String(byte))) != nil else {
                    closed = true
                    break
                }
                usleep(250_000)
                if Date().timeIntervalSince(started) > 8 { break }
            }
            closed = closed || slow.isClosedByServer()
            let lasted = Date().timeIntervalSince(started)
            #expect(closed)
            #expect(lasted >= 1.5 && lasted < 4, "the connection lasted \(lasted) s")
            #expect(
                try client(service).get("/metrics").text.contains(
                    #"smarttext_http_connections_closed_total{reason="late"} 1"#))
        }
    }

    /// Slow clients holding every connection do not lock a real client out: the stalest makes room.
    @Test func slowClientsAtTheLimitDoNotLockOthersOut() throws {
        try withService(
            testConfiguration {
                $0.maxConnections = 16
                $0.timeout = 30
            }
        ) { service in
            let slow = try slowClients(16, of: service, sending: "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: a")
            usleep(100_000)
            var served: [HTTPTestClient] = []
            for _ in 0..<5 {
                let started = Date()
                let client = try client(service)
                #expect(try client.get("/healthz").status == 200)
                #expect(Date().timeIntervalSince(started) < 1)
                served.append(client)
            }
            // The five oldest slow connections made room, one for each new client kept open.
            #expect(slow.prefix(5).allSatisfy { $0.isClosedByServer() })
            #expect(served.count == 5)
        }
    }

    /// `--max-connections-per-client`: one address cannot take every connection.
    @Test func aPerClientLimitRefusesTheExtraConnection() throws {
        try withService(testConfiguration { $0.maxConnectionsPerClient = 2 }) { service in
            let first = try client(service)
            let second = try client(service)
            #expect(try first.get("/healthz").status == 200)
            #expect(try second.get("/healthz").status == 200)
            let third = try client(service)
            try? third.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(third.isClosedByServer())
            #expect(try first.get("/healthz").status == 200)
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

    /// Requests sent while every thread was busy wait in the listen backlog; SIGTERM takes them in and
    /// answers them (closing the listening socket used to reset them).
    @Test func sigtermAnswersRequestsWaitingInTheBacklog() throws {
        let server = try ServerProcess(arguments: ["--threads", "1"])
        // Keep the only thread busy: heavy requests pipelined on one connection.
        let digits = String(repeating: "1", count: 10_000)
        let eight = Array(repeating: #""amount""#, count: 8).joined(separator: ",")
        let heavy = #"{"field":[\#(eight)],"text":"\#(digits)"}"#
        let busy = try HTTPTestClient(port: server.port)
        let one =
            "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(heavy.utf8.count)\r\n\r\n" + heavy
        try busy.send(String(repeating: one, count: 20))
        usleep(50_000)
        var waiting: [HTTPTestClient] = []
        for _ in 0..<20 {
            let client = try HTTPTestClient(port: server.port)
            try client.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            waiting.append(client)
        }
        server.signal(SIGTERM)
        var statuses: [Int] = []
        for client in waiting {
            statuses.append((try? client.readResponse())?.status ?? 0)
        }
        #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
        #expect(server.waitForExit(timeout: 8) == 0)
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

    /// A socket with a small receive buffer that pipelines requests for a large answer and never reads it:
    /// its answers stall in the server's send queue.
    func nonReadingClient(_ service: SmartTextService, requests: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var size: Int32 = 1024
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(service.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw TestFailure("cannot connect")
        }
        let request = Array(String(repeating: "GET /openapi.yaml HTTP/1.1\r\nHost: x\r\n\r\n", count: requests).utf8)
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        return descriptor
    }

    /// Issue 25.2: connections whose answers are never read do not hold every slot. At
    /// `--max-connections`, a connection whose answer has stood unread for a second makes room for a new
    /// client, like one waiting for its request; and an answer not taken within `--timeout` closes its
    /// connection (the sweeper).
    @Test func connectionsThatDoNotReadTheirAnswersMakeRoomAndTimeOut() throws {
        try withService(
            testConfiguration {
                $0.maxConnections = 6
                $0.threads = 1
                $0.timeout = 3
            }
        ) { service in
            let stalled = try (0..<6).map { _ in try nonReadingClient(service, requests: 100) }
            // They read 64 bytes every half second: enough to keep libmicrohttpd's idle timer going, far too
            // little to take an answer within the timeout.
            let reading = Atomic(true)
            let reader = Thread {
                var buffer = [UInt8](repeating: 0, count: 64)
                while reading.load(ordering: .relaxed) {
                    for descriptor in stalled { _ = recv(descriptor, &buffer, 64, Int32(MSG_DONTWAIT)) }
                    usleep(500_000)
                }
            }
            reader.start()
            defer {
                reading.store(false, ordering: .relaxed)
                for descriptor in stalled { close(descriptor) }
            }
            // Their answers fill the sockets and stand unread.
            usleep(1_500_000)
            // Three new clients, each making room; the three stalled connections left are closed late.
            for attempt in 0..<3 {
                let started = Date()
                let answer = try HTTPTestClient(port: service.port, timeoutSeconds: 5).get("/healthz")
                #expect(answer.status == 200, "new client \(attempt)")
                #expect(Date().timeIntervalSince(started) < 2, "new client \(attempt) waited")
            }
            // Past the timeout every stalled connection is closed late: the server holds none of them.
            var open: Substring? = nil
            var late = 0
            for _ in 0..<20 {
                usleep(500_000)
                let metrics = try HTTPTestClient(port: service.port).get("/metrics").text
                let lines = metrics.split(separator: "\n")
                open = lines.first { $0.hasPrefix("smarttext_http_connections ") }
                let closed = lines.first { $0.hasPrefix("smarttext_http_connections_closed_total{reason=\"late\"}") }
                late = closed.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
                if open == "smarttext_http_connections 1" { break }
            }
            // Closed by the sweeper (`late`) or, when no byte at all has moved for the timeout, by
            // libmicrohttpd's own idle timer, whichever comes first.
            #expect(open == "smarttext_http_connections 1", "\(open ?? "no gauge"); \(late) closed late")
        }
    }
}

/// Graceful stop while connections come and go: libmicrohttpd's epoll loop and its
/// `MHD_quiesce_daemon` both remove the listen socket from the epoll set, without a lock,
/// and the loser of that race aborted the process ("Failed to remove listen FD from epoll
/// set", once in a CI run). The shim polls with poll(2), where quiescing is a message to
/// the polling threads.
///
/// The race needs many rounds (with epoll, 3 runs of 10 aborted), and beside the rest of the suite
/// each round waits for CPU (191 s in the parallel run, 669 s under AddressSanitizer, 4 s alone):
/// `scripts/test` runs it alone, in both tiers, with `SMARTTEXT_TEST_STRESS=1`.
@Suite struct QuiesceTests {
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["SMARTTEXT_TEST_STRESS"] == "1",
            "runs alone: SMARTTEXT_TEST_STRESS=1 swift test --filter QuiesceTests (scripts/test)"))
    func stoppingWhileClientsConnectNeverAborts() throws {
        for _ in 0..<150 {
            let service = try SmartTextService.start(testConfiguration { $0.threads = 4 })
            let port = service.port
            let running = Atomic<Bool>(true)
            let answered = Atomic<Int>(0)
            let group = DispatchGroup()
            for _ in 0..<6 {
                DispatchQueue.global().async(group: group) {
                    while running.load(ordering: .relaxed) {
                        guard let client = try? HTTPTestClient(port: port, timeoutSeconds: 2),
                            let answer = try? client.get("/healthz")
                        else { continue }
                        if answer.status == 200 { answered.add(1, ordering: .relaxed) }
                    }
                }
            }
            while answered.load(ordering: .relaxed) < 5 { usleep(1_000) }
            service.shutdown(grace: 0.3)
            running.store(false, ordering: .relaxed)
            group.wait()
        }
    }
}
