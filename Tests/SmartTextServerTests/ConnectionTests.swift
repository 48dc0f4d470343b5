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
