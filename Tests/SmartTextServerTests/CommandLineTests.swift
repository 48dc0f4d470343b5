import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

@Suite struct CommandLineTests {
    @Test func defaults() throws {
        let command = try ServerCommand.parse(arguments: []) { _ in nil }
        guard case .serve(let configuration) = command else {
            Issue.record("expected serve, got \(command)")
            return
        }
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 8080)
        #expect(configuration.configPath == nil)
        #expect(configuration.threads == ServerConfiguration.cores)
        #expect(configuration.maxBody == 65536)
        #expect(configuration.maxText == 10000)
        #expect(configuration.accessLog == false)
    }

    @Test func flagsWinOverEnvironment() throws {
        let environment = [
            "SMARTTEXT_PORT": "9000", "SMARTTEXT_HOST": "127.0.0.1", "SMARTTEXT_THREADS": "3",
            "SMARTTEXT_CONFIG": "/etc/smarttext", "SMARTTEXT_ACCESS_LOG": "yes", "SMARTTEXT_MAX_BODY": "2048",
        ]
        let command = try ServerCommand.parse(arguments: ["--port=9100", "--max-text", "50"]) { environment[$0] }
        guard case .serve(let configuration) = command else {
            Issue.record("expected serve")
            return
        }
        #expect(configuration.port == 9100)
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.threads == 3)
        #expect(configuration.configPath == "/etc/smarttext")
        #expect(configuration.accessLog)
        #expect(configuration.maxBody == 2048)
        #expect(configuration.maxText == 50)
    }

    @Test func badFlagsAreUsageErrors() {
        #expect(throws: UsageError.self) { try ServerCommand.parse(arguments: ["--port", "http"]) { _ in nil } }
        #expect(throws: UsageError.self) { try ServerCommand.parse(arguments: ["--prot", "1"]) { _ in nil } }
        #expect(throws: UsageError.self) { try ServerCommand.parse(arguments: ["--threads"]) { _ in nil } }
        #expect(throws: UsageError.self) {
            try ServerCommand.parse(arguments: []) { $0 == "SMARTTEXT_ACCESS_LOG" ? "maybe" : nil }
        }
    }

    @Test func checkConfigTakesAPath() throws {
        #expect(
            try ServerCommand.parse(arguments: ["--check-config", "a.json"]) { _ in nil }
                == {
                    var configuration = ServerConfiguration()
                    configuration.configPath = "a.json"
                    return .checkConfig(configuration)
                }())
        #expect(throws: UsageError.self) { try ServerCommand.parse(arguments: ["--check-config"]) { _ in nil } }
    }

    @Test func usageErrorExitsTwo() throws {
        let result = try runServerCommand(["--bogus"])
        #expect(result.status == 2)
        #expect(result.error.contains("unknown option \"--bogus\""))
    }

    @Test func helpListsEveryFlagAndVariable() throws {
        let result = try runServerCommand(["--help"])
        #expect(result.status == 0)
        for flag in [
            "--host", "--port", "--config", "--threads", "--max-body", "--max-text", "--access-log",
            "--check-config", "SMARTTEXT_PORT", "SMARTTEXT_CONFIG", "SMARTTEXT_THREADS", "SMARTTEXT_HOST",
        ] {
            #expect(result.output.contains(flag), "missing \(flag)")
        }
    }

    @Test func startupLineNamesAddressThreadsAndRegistry() throws {
        let server = try ServerProcess(arguments: ["--threads", "3"])
        let line = try #require(server.standardError.first { $0.contains("listening on") })
        #expect(line.contains("http://127.0.0.1:\(server.port)"))
        #expect(line.contains("3 threads"))
        #expect(line.contains("registry 2026-11-29"))
        #expect(line.contains("fields"))
    }

    @Test func accessLogWritesOneLinePerRequest() throws {
        let server = try ServerProcess(arguments: ["--access-log"])
        let client = try HTTPTestClient(port: server.port)
        _ = try client.get("/healthz")
        _ = try client.get("/missing")
        let deadline = Date().addingTimeInterval(5)
        while server.standardOutput.count < 2 && Date() < deadline { usleep(10_000) }
        let lines = server.standardOutput
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""GET /healthz" 200"#) == true)
        #expect(lines.last?.contains(#""GET /missing" 404"#) == true)
        #expect(lines.first?.contains("127.0.0.1") == true)
    }

    @Test func noAccessLogByDefault() throws {
        let server = try ServerProcess(arguments: [])
        _ = try HTTPTestClient(port: server.port).get("/healthz")
        usleep(100_000)
        #expect(server.standardOutput.isEmpty)
    }

    @Test func portInUseFailsClearly() throws {
        let first = try ServerProcess(arguments: [])
        let result = try runServerCommand(["--host", "127.0.0.1", "--port", "\(first.port)"])
        #expect(result.status == 1)
        #expect(result.error.contains("cannot start"))
    }
}
