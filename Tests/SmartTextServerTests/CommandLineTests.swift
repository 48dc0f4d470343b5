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
        #expect(configuration.threads == CPUQuota.available)
        #expect(configuration.maxBody == 65536)
        #expect(configuration.maxText == 10000)
        #expect(configuration.maxWork == 150_000)
        #expect(configuration.maxRegistryBytes == 64 << 20)
        #expect(configuration.maxConnections == 256)
        #expect(configuration.maxConnectionsPerClient == 0)
        #expect(configuration.accessLog == false)
    }

    @Test func flagsWinOverEnvironment() throws {
        let environment = [
            "SMARTTEXT_PORT": "9000", "SMARTTEXT_HOST": "127.0.0.1", "SMARTTEXT_THREADS": "3",
            "SMARTTEXT_CONFIG": "/etc/smarttext", "SMARTTEXT_ACCESS_LOG": "yes", "SMARTTEXT_MAX_BODY": "2048",
            "SMARTTEXT_MAX_WORK": "5000", "SMARTTEXT_MAX_REGISTRY_BYTES": "4096",
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
        #expect(configuration.maxWork == 5000)
        #expect(configuration.maxRegistryBytes == 4096)
    }

    @Test func badFlagsAreUsageErrors() {
        #expect(throws: UsageError.self) { try ServerCommand.parse(arguments: ["--port", "http"]) { _ in nil } }
        #expect(throws: UsageError.self) { try ServerCommand.parse(arguments: ["--prot", "1"]) { _ in nil } }
        #expect(throws: UsageError.self) { try ServerCommand.parse(arguments: ["--threads"]) { _ in nil } }
        #expect(throws: UsageError.self) { try ServerCommand.parse(arguments: ["--max-work", "0"]) { _ in nil } }
        #expect(throws: UsageError.self) {
            try ServerCommand.parse(arguments: ["--max-registry-bytes", "64MiB"]) { _ in nil }
        }
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
            "--host", "--port", "--config", "--threads", "--max-body", "--max-text", "--max-work",
            "--max-registry-bytes", "--access-log",
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
        #expect(line.contains("registry 2026-12-01"))
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

    /// Nothing a client sends can forge, split or colour a log line: the method and the path are
    /// escaped (`\xHH` for bytes outside printable ASCII, the quote, the backslash and the space).
    @Test func accessLogLinesCannotBeForged() throws {
        let server = try ServerProcess(arguments: ["--access-log"])
        let requests = [
            "X\"\u{1B}[31mRED\u{07} /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET\rFAKE /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /x%0A2026-01-01T00:00:00.000Z%201.2.3.4%20%22GET%20/admin%22%20200 HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /%1B%5B2J%5C HTTP/1.1\r\nHost: x\r\n\r\n",
        ]
        for request in requests {
            let client = try HTTPTestClient(port: server.port, timeoutSeconds: 5)
            try client.send(request)
            _ = try? client.readResponse()
        }
        let deadline = Date().addingTimeInterval(5)
        while server.standardOutput.count < requests.count && Date() < deadline { usleep(10_000) }
        let lines = server.standardOutput
        #expect(lines.count == requests.count, "\(lines)")
        let shape = /^\S+Z 127\.0\.0\.1 "[!#-~]+ [!#-~]+" \d{3} \d+ [\d.]+ms$/
        for line in lines {
            #expect(line.wholeMatch(of: shape) != nil, "\(line.debugDescription)")
            #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(line.debugDescription)")
        }
        #expect(lines.contains { $0.contains(#""X\x22\x1B[31mRED\x07 /healthz" 400"#) })
        #expect(
            lines.contains {
                $0.contains(#"/x\x0A2026-01-01T00:00:00.000Z\x201.2.3.4\x20\x22GET\x20/admin\x22\x20200" 404"#)
            })
        #expect(lines.contains { $0.contains(#""GET /\x1B[2J\x5C" 404"#) })
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

    /// The README's table of flags names every flag of the command's one table, with its variable and
    /// default, and no other.
    @Test func theReadmeListsEveryFlagWithItsVariableAndDefault() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Flags\n").dropFirst().first)
        let rows = section.components(separatedBy: "\n\n").dropFirst().first?.split(separator: "\n") ?? []
        var documented: [String: (variable: String, defaultText: String)] = [:]
        for row in rows.dropFirst(2) {
            let cells = row.replacingOccurrences(of: "\\|", with: "/").split(
                separator: "|", omittingEmptySubsequences: false
            ).map {
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            }
            guard cells.count > 4, !cells[2].isEmpty else { continue }
            let name = String(cells[1].prefix { $0 != " " })
            documented[name] = (String(cells[2]), String(cells[3]))
        }
        let flags = ServerCommand.flags
        #expect(Set(documented.keys) == Set(flags.map(\.name)))
        for flag in flags {
            let row = try #require(documented[flag.name], "\(flag.name)")
            #expect(row.variable == flag.variable, "\(flag.name)")
            let defaultText = try #require(flag.defaultText, "\(flag.name)")
            #expect(
                row.defaultText.hasPrefix(defaultText), "\(flag.name): README \(row.defaultText), --help \(defaultText)"
            )
        }
    }

    /// The README's list of rules is what `--list-rules` prints from the catalogue.
    @Test func theReadmeListsTheRulesOfTheCatalogue() throws {
        let result = try runServerCommand(["--list-rules"])
        #expect(result.status == 0)
        #expect(result.output.contains("| `mask` | `pattern`, `patterns`, `slots`, `placeholder` |"))
        #expect(result.output.contains("| `passwordStrength` | `minScore` |"))
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- rules: generated by smarttext-server --list-rules -->\n"))
        let end = try #require(readme.range(of: "<!-- end of rules -->"))
        #expect(
            String(readme[start.upperBound..<end.lowerBound]) == result.output,
            "run `smarttext-server --list-rules` and paste its output into the README")
    }
}

/// The default thread count follows the container's CPU quota, read from the cgroup file system.
@Suite struct CPUQuotaTests {
    /// A cgroup tree in a temporary folder: `cpu.max` (or v1's files) at each level given.
    func withCgroups(
        _ files: [String: String], version: Int = 2, _ body: (_ mountInfo: String) throws -> Void
    ) throws {
        try withTemporaryDirectory { root in
            for (path, text) in files {
                let folder = (root + "/" + path).split(separator: "/").dropLast().joined(separator: "/")
                try FileManager.default.createDirectory(atPath: "/" + folder, withIntermediateDirectories: true)
                try writeFile(root + "/" + path, text)
            }
            let type = version == 2 ? "cgroup2 cgroup2 rw" : "cgroup cgroup rw,cpu,cpuacct"
            try body("30 25 0:26 / \(root) rw,nosuid - \(type)\n")
        }
    }

    @Test func cgroupV2QuotaRoundsUpAndTheTightestLevelWins() throws {
        try withCgroups(["kubepods/pod1/cpu.max": "150000 100000\n", "kubepods/cpu.max": "max 100000\n"]) { mounts in
            #expect(CPUQuota.quota(mountInfo: mounts, cgroups: "0::/kubepods/pod1\n") == 2)
        }
        try withCgroups(["a/b/cpu.max": "max 100000\n", "a/cpu.max": "50000 100000\n"]) { mounts in
            #expect(CPUQuota.quota(mountInfo: mounts, cgroups: "0::/a/b\n") == 1)
        }
        // A container with its own cgroup namespace sees its cgroup as the root.
        try withCgroups(["cpu.max": "400000 100000\n"]) { mounts in
            #expect(CPUQuota.quota(mountInfo: mounts, cgroups: "0::/\n") == 4)
        }
        try withCgroups(["cpu.max": "max 100000\n"]) { mounts in
            #expect(CPUQuota.quota(mountInfo: mounts, cgroups: "0::/\n") == nil)
        }
    }

    @Test func cgroupV1QuotaIsReadToo() throws {
        try withCgroups(
            ["docker/c1/cpu.cfs_quota_us": "250000\n", "docker/c1/cpu.cfs_period_us": "100000\n"], version: 1
        ) { mounts in
            #expect(CPUQuota.quota(mountInfo: mounts, cgroups: "4:cpu,cpuacct:/docker/c1\n1:name=systemd:/\n") == 3)
        }
    }

    @Test func theDefaultNeverExceedsTheCores() {
        #expect(CPUQuota.available >= 1)
        #expect(CPUQuota.available <= ProcessInfo.processInfo.activeProcessorCount)
    }
}

/// ARCHITECTURE.md names every target, and every source file it names exists.
@Suite struct ArchitectureDocumentTests {
    @Test func theMapMatchesTheSources() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        for target in targets where !target.hasPrefix(".") {
            #expect(text.contains("`\(target)`"), "ARCHITECTURE.md does not name the target \(target)")
        }
        var files: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let path = walker?.nextObject() as? String { files.insert((path as NSString).lastPathComponent) }
        let named = text.split(whereSeparator: { "`( ,".contains($0) }).filter {
            $0.hasSuffix(".swift") || $0.hasSuffix(".c")
        }
        #expect(!named.isEmpty)
        for path in named {
            let name = String(path.split(separator: "/").last ?? path)
            let atRoot = FileManager.default.fileExists(
                atPath: repositoryRoot.appendingPathComponent(String(path)).path)
            #expect(files.contains(name) || atRoot, "ARCHITECTURE.md names \(path), which is not in Sources/")
        }
    }
}
