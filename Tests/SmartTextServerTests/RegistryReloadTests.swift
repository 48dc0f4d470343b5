import Foundation
import SmartTextEngine
import SmartTextServer
import SmartTextSupport
import SmartTextTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

let zipField =
    #"{"version": "v1", "fields": {"zip": {"label": "ZIP", "formatters": ["digits", {"maxLength": {"max": 5}}]}}}"#
let zipAndPinFields = #"""
    {"version": "v2", "fields": {
      "zip": {"label": "ZIP", "formatters": ["digits", {"maxLength": {"max": 5}}]},
      "pin": {"label": "PIN", "formatters": ["digits", {"maxLength": {"max": 4}}]}
    }}
    """#

/// A registry of `count` fields, each extending the one before; `cycle` makes the first extend the last.
func extendsChain(_ count: Int, cycle: Bool = false) -> String {
    var members = [cycle ? #""f0": {"extends": "f\#(count - 1)"}"# : #""f0": {"formatters": ["digits"]}"#]
    for index in 1..<count { members.append(#""f\#(index)": {"extends": "f\#(index - 1)"}"#) }
    return #"{"version": "deep", "fields": {"# + members.joined(separator: ", ") + "}}"
}

@Suite struct CheckConfigTests {
    /// A 20,000-field chain crashed --check-config at 2.2 GB; it is one line now, and quick.
    @Test func aVeryLongExtendsChainOrCycleIsOneProblem() throws {
        try withTemporaryDirectory { folder in
            for (name, text) in [("chain", extendsChain(20_000)), ("cycle", extendsChain(50_000, cycle: true))] {
                try writeFile(folder + "/\(name).json", text)
                let started = Date()
                let result = try runServerCommand(["--check-config", folder + "/\(name).json"])
                #expect(Date().timeIntervalSince(started) < 10)
                #expect(result.status == 1)
                let lines = result.error.split(separator: "\n")
                #expect(lines.count == 2, "\(lines.prefix(3))")
                #expect(lines.last == "registry has 1 problem(s)")
            }
        }
    }

    @Test func aGoodRegistryExitsZero() throws {
        try withTemporaryDirectory { folder in
            try writeFile(folder + "/fields.json", zipField)
            let result = try runServerCommand(["--check-config", folder + "/fields.json"])
            #expect(result.status == 0)
            #expect(result.output.contains("registry OK: version v1+builtin.2026-12-01"))
        }
    }

    @Test func everyProblemIsPrintedOnOneLineAndTheExitIsNonZero() throws {
        try withTemporaryDirectory { folder in
            try writeFile(
                folder + "/bad.json",
                #"{"fields": {"x": {"formatters": ["trimm"]}, "y": {"extends": "nope"}, "z": {"label": 1}}}"#)
            let result = try runServerCommand(["--check-config", folder])
            #expect(result.status == 1)
            let lines = result.error.split(separator: "\n").map(String.init)
            #expect(
                lines.contains {
                    $0.hasPrefix("\(folder)/bad.json: field \"x\", formatters[0] (trimm): unknown formatter")
                })
            #expect(lines.contains("\(folder)/bad.json: field \"y\", extends: extends the unknown field \"nope\""))
            #expect(lines.contains { $0.hasPrefix("\(folder)/bad.json: field \"z\", label:") })
            #expect(lines.last == "registry has 3 problem(s)")
        }
    }

    @Test func aFolderWithADuplicateName() throws {
        try withTemporaryDirectory { folder in
            try writeFile(folder + "/a.json", zipField)
            try writeFile(folder + "/b.json", zipField)
            try writeFile(folder + "/notes.txt", "ignored: not JSON")
            let result = try runServerCommand(["--check-config", folder])
            #expect(result.status == 1)
            #expect(
                result.error.contains(
                    "\(folder)/b.json: field \"zip\": is defined twice: in \(folder)/a.json and \(folder)/b.json"))
        }
    }

    @Test func startupFailsOnABrokenRegistry() throws {
        try withTemporaryDirectory { folder in
            try writeFile(folder + "/bad.json", "{")
            let result = try runServerCommand(["--config", folder + "/bad.json", "--port", "0"])
            #expect(result.status == 1)
            #expect(result.error.contains("bad.json:1:2: invalid JSON"))
        }
    }

    @Test func noBuiltinNeedsAConfig() throws {
        let result = try runServerCommand(["--no-builtin", "--check-config", "/nonexistent.json"])
        #expect(result.status == 1)
        #expect(result.error.contains("/nonexistent.json: cannot read: No such file or directory"))
        try withTemporaryDirectory { folder in
            try writeFile(folder + "/f.json", zipField)
            let only = try runServerCommand(["--no-builtin", "--check-config", folder + "/f.json"])
            #expect(only.output.contains("registry OK: version v1, 1 fields, 0 forms"))
        }
    }
}

@Suite struct ReloadTests {
    @Test func sighupAddsAFieldWhileAClientKeepsSending() throws {
        try withTemporaryDirectory { folder in
            try writeFile(folder + "/fields.json", zipField)
            let server = try ServerProcess(arguments: ["--config", folder])
            let failures = Locked(0)
            let sent = Locked(0)
            let running = Locked(true)
            let port = server.port
            let sender = Thread {
                guard let client = try? HTTPTestClient(port: port) else { return }
                while running.withLock({ $0 }) {
                    let answer = try? client.post("/v1/format", json: #"{"field":"zip","text":"12a345"}"#)
                    sent.withLock { $0 += 1 }
                    if answer?.status != 200 || (try? answer?.json["text"] as? String) != "12345" {
                        failures.withLock { $0 += 1 }
                    }
                }
            }
            sender.start()
            let client = try HTTPTestClient(port: port)
            #expect(try client.post("/v1/format", json: #"{"field":"pin","text":"1"}"#).status == 404)
            try writeFile(folder + "/fields.json", zipAndPinFields)
            server.signal(SIGHUP)
            #expect(server.waitForError(containing: "SIGHUP: registry v2+builtin.2026-12-01 now serving"))
            #expect(
                try client.post("/v1/format", json: #"{"field":"pin","text":"1b234"}"#).json["text"] as? String
                    == "1234")
            usleep(200_000)
            running.withLock { $0 = false }
            while !sender.isFinished { usleep(10_000) }
            #expect(sent.withLock { $0 } > 10)
            #expect(failures.withLock { $0 } == 0)
            #expect(
                try client.get("/readyz").json["registry"].flatMap { ($0 as? [String: Any])?["version"] as? String }
                    == "v2+builtin.2026-12-01")
            #expect(try client.get("/metrics").text.contains(#"smarttext_registry_reloads_total{result="success"} 1"#))
        }
    }

    @Test func aBrokenReloadKeepsTheOldRegistry() throws {
        try withTemporaryDirectory { folder in
            try writeFile(folder + "/fields.json", zipField)
            let server = try ServerProcess(arguments: ["--config", folder])
            try writeFile(folder + "/fields.json", #"{"fields": {"zip": {"formatters": ["nope"]}}}"#)
            server.signal(SIGHUP)
            #expect(
                server.waitForError(
                    containing: "SIGHUP rejected (1 problem(s)); still serving registry v1+builtin.2026-12-01"))
            #expect(
                server.standardError.contains {
                    $0.contains("fields.json: field \"zip\", formatters[0] (nope): unknown formatter")
                })
            let client = try HTTPTestClient(port: server.port)
            #expect(
                try client.post("/v1/format", json: #"{"field":"zip","text":"12a345"}"#).json["text"] as? String
                    == "12345")
            #expect(try client.get("/metrics").text.contains(#"smarttext_registry_reloads_total{result="failure"} 1"#))
            // Fixed again, the next reload goes through.
            try writeFile(folder + "/fields.json", zipAndPinFields)
            server.signal(SIGHUP)
            #expect(server.waitForError(containing: "SIGHUP: registry v2"))
        }
    }

    /// A reload of a registry with a 20,000-field chain or a 50,000-field cycle, by SIGHUP or by
    /// --watch, is rejected in one line and the server keeps serving (it used to die).
    @Test func aVeryDeepRegistryIsRejectedOnReload() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, zipField)
            let server = try ServerProcess(arguments: ["--config", file, "--watch"])
            try writeFile(file, extendsChain(20_000))
            server.signal(SIGHUP)
            #expect(server.waitForError(containing: "SIGHUP rejected (1 problem(s))", timeout: 20))
            try writeFile(file, extendsChain(50_000, cycle: true))
            #expect(server.waitForError(containing: "extends cycle: f1 → f0 → f49999", timeout: 20))
            #expect(server.waitForError(containing: "registry changed on disk rejected (1 problem(s))"))
            #expect(server.process.isRunning)
            let client = try HTTPTestClient(port: server.port)
            #expect(try client.post("/v1/format", json: #"{"field":"zip","text":"123456"}"#).status == 200)
            #expect(server.standardError.contains { $0.contains("the extends chain is longer than 32 steps") })
        }
    }

    @Test func watchPicksUpAnEditedFile() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, zipField)
            let server = try ServerProcess(arguments: ["--config", file, "--watch"])
            try writeFile(file, zipAndPinFields)
            #expect(server.waitForError(containing: "registry changed on disk: registry v2", timeout: 10))
            let client = try HTTPTestClient(port: server.port)
            #expect(try client.post("/v1/format", json: #"{"field":"pin","text":"12"}"#).status == 200)
        }
    }

    @Test func watchFollowsAConfigMapStyleSymlinkSwap() throws {
        try withTemporaryDirectory { folder in
            // Kubernetes mounts ConfigMaps as ..data -> ..<timestamp>/ with file links through ..data.
            let mount = folder + "/mount"
            try FileManager.default.createDirectory(atPath: mount + "/..v1", withIntermediateDirectories: true)
            try writeFile(mount + "/..v1/fields.json", zipField)
            try FileManager.default.createSymbolicLink(atPath: mount + "/..data", withDestinationPath: "..v1")
            try FileManager.default.createSymbolicLink(
                atPath: mount + "/fields.json", withDestinationPath: "..data/fields.json")
            let server = try ServerProcess(arguments: ["--config", mount, "--watch"])
            try FileManager.default.createDirectory(atPath: mount + "/..v2", withIntermediateDirectories: true)
            try writeFile(mount + "/..v2/fields.json", zipAndPinFields)
            try FileManager.default.createSymbolicLink(atPath: mount + "/..data_tmp", withDestinationPath: "..v2")
            #expect(rename(mount + "/..data_tmp", mount + "/..data") == 0)
            #expect(server.waitForError(containing: "registry changed on disk: registry v2", timeout: 10))
        }
    }
}

/// Issue 31: `/readyz` tells a balancer whether a replica serves what was rolled out: 503 while a reload reads
/// the files and after one refused them, 200 again once one succeeds; `--ready-when-stale` keeps it 200.
@Suite struct ReadinessDuringReloadTests {
    static func readiness(_ server: ServerProcess) throws -> (status: Int, state: String?, problems: Int?) {
        let answer = try HTTPTestClient(port: server.port).get("/readyz")
        let json = try answer.json
        return (answer.status, json["status"] as? String, json["reloadProblems"] as? Int)
    }

    @Test func aRefusedReloadMakesTheReplicaUnreadyUntilOneSucceeds() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, zipField)
            let server = try ServerProcess(arguments: ["--config", file])
            #expect(try Self.readiness(server) == (200, "ready", nil))
            try writeFile(file, #"{"fields": {"zip": {"formatters": ["nope"]}}}"#)
            server.signal(SIGHUP)
            #expect(server.waitForError(containing: "SIGHUP rejected", timeout: 5 * timingScale))
            #expect(try Self.readiness(server) == (503, "stale", 1))
            // The old registry still answers.
            let answer = try HTTPTestClient(port: server.port).post(
                "/v1/format", json: #"{"field":"zip","text":"12a345"}"#)
            #expect(try answer.json["text"] as? String == "12345")
            try writeFile(file, zipAndPinFields)
            server.signal(SIGHUP)
            #expect(server.waitForError(containing: "SIGHUP: registry v2", timeout: 5 * timingScale))
            #expect(try Self.readiness(server) == (200, "ready", nil))
        }
    }

    /// Every answer that depends on the registry names its version, so a client notices a change (and a
    /// backend logs what it validated against).
    @Test func answersNameTheRegistryThatGaveThem() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, zipField)
            let server = try ServerProcess(arguments: ["--config", file])
            func versions() throws -> [String?] {
                let client = try HTTPTestClient(port: server.port)
                return try [
                    client.post("/v1/format", json: #"{"field":"zip","text":"123"}"#),
                    client.post(
                        "/v1/edit", json: #"{"field":"zip","text":"12","range":{"start":2,"end":2},"replacement":"3"}"#),
                    client.post(
                        "/v1/edit",
                        json: #"{"field":"zip","text":"1","edits":[{"range":{"start":1,"end":1},"replacement":"2"}]}"#),
                    client.post("/v1/validate", json: #"{"values":{"zip":"12345"}}"#),
                ].map { try $0.json["registry"] as? String }
            }
            #expect(try versions() == Array(repeating: "v1+builtin.2026-12-01", count: 4))
            try writeFile(file, zipAndPinFields)
            server.signal(SIGHUP)
            #expect(server.waitForError(containing: "SIGHUP: registry v2", timeout: 5 * timingScale))
            #expect(try versions() == Array(repeating: "v2+builtin.2026-12-01", count: 4))
        }
    }

    @Test func readyWhenStaleKeepsTheReplicaInThePool() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, zipField)
            let server = try ServerProcess(arguments: ["--config", file, "--ready-when-stale"])
            try writeFile(file, "{")
            server.signal(SIGHUP)
            #expect(server.waitForError(containing: "SIGHUP rejected", timeout: 5 * timingScale))
            #expect(try Self.readiness(server) == (200, "stale", 1))
        }
    }

    /// A reload of 20,000 fields takes long enough to be seen: `/readyz` says `reloading` (503) meanwhile.
    @Test func aReplicaIsUnreadyWhileAReloadReadsTheFiles() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, zipField)
            let server = try ServerProcess(arguments: ["--config", file])
            try writeFile(file, largeRegistry(20_000))
            server.signal(SIGHUP)
            var seen: [String] = []
            let deadline = Date().addingTimeInterval(120 * timingScale)
            var reloaded = false
            repeat {
                reloaded = server.standardError.contains { $0.contains("SIGHUP: registry large-20000") }
                let (status, state, _) = try Self.readiness(server)
                #expect(status == (state == "ready" ? 200 : 503), "\(state ?? "?")")
                if seen.last != state { seen.append(state ?? "?") }
                usleep(2_000)
            } while !(reloaded && seen.last == "ready") && Date() < deadline
            #expect(seen.contains("reloading"), "\(seen)")
            #expect(seen.last == "ready", "\(seen)")
        }
    }
}

/// A registry of `count` small fields (`field_000000`…), each with a label in two languages, a formatter,
/// validators and hints: about 145 bytes of JSON each.
func largeRegistry(_ count: Int) -> String {
    var members: [String] = []
    members.reserveCapacity(count)
    for index in 0..<count {
        let name = "field_" + String(repeating: "0", count: max(0, 6 - String(index).count)) + String(index)
        members.append(
            #""\#(name)": {"label": {"en": "Field \#(index)", "de": "Feld \#(index)"}, "formatters": ["digits", "#
                + #"{"maxLength": {"max": 5}}], "validators": ["notEmpty"], "hints": {"placeholder": "12345"}}"#)
    }
    return #"{"version": "large-\#(count)", "fields": {"# + members.joined(separator: ", ") + "}}"
}

/// Points the symbolic link `link` at `target` in one step (a new link renamed over the old one).
func repoint(_ link: String, to target: String) throws {
    let fresh = link + ".new"
    try? FileManager.default.removeItem(atPath: fresh)
    try FileManager.default.createSymbolicLink(atPath: fresh, withDestinationPath: target)
    guard rename(fresh, link) == 0 else { throw TestFailure("rename \(fresh): \(errno)") }
}

/// Resident memory of a process, from /proc.
func residentBytes(of pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return kilobytes * 1024
}

/// Issue 25, item 11: only regular files are read, within `--max-registry-bytes`, and a reload never keeps
/// the process from answering SIGTERM.
@Suite struct RegistryFileTests {
    /// SIGHUP with the registry at /dev/zero grew RSS by a gigabyte in seconds; at a FIFO nobody writes to, the
    /// reload blocked the signal thread and SIGTERM no longer stopped the process. Each is refused now with one
    /// line naming the path, the old registry still serving, and SIGTERM exits 0 within 5 s.
    @Test func aReloadFromADeviceAFIFOOrAFileOverTheCapIsRefused() throws {
        try withTemporaryDirectory { folder in
            try writeFile(folder + "/real.json", zipField)
            try writeFile(folder + "/big.json", zipField + String(repeating: " ", count: 5_000))
            let fifo = folder + "/fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            let link = folder + "/fields.json"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder + "/real.json")
            let server = try ServerProcess(arguments: ["--config", link, "--max-registry-bytes", "4096"])
            let cases = [
                ("/dev/zero", "\(link): is a character device, not a regular file: only regular files are read"),
                (fifo, "\(link): is a FIFO, not a regular file: only regular files are read"),
                (
                    folder + "/big.json",
                    "\(link): is \((zipField.utf8.count + 5_000).formatted(.number.grouping(.automatic))) bytes: the "
                        + "registry files may hold at most 4,096 bytes in all (--max-registry-bytes)"
                ),
            ]
            for (number, (target, line)) in cases.enumerated() {
                try repoint(link, to: target)
                let before = residentBytes(of: server.process.processIdentifier)
                server.signal(SIGHUP)
                #expect(server.waitForError(containing: line, timeout: 5 * timingScale), "\(target)")
                // This reload's own line (the same words as the earlier ones': wait until there is one more),
                // which follows the problem's line.
                let rejected = "SIGHUP rejected (1 problem(s)); still serving registry v1+builtin.2026-12-01"
                let deadline = Date().addingTimeInterval(5 * timingScale)
                while server.standardError.filter({ $0.contains(rejected) }).count < number + 1 && Date() < deadline {
                    usleep(10_000)
                }
                #expect(server.standardError.filter { $0.contains("SIGHUP rejected") }.count == number + 1)
                // A new connection each time: under a loaded CI the waits above can outlast --timeout.
                let answer = try HTTPTestClient(port: server.port).post(
                    "/v1/format", json: #"{"field":"zip","text":"12a345"}"#)
                #expect(try answer.json["text"] as? String == "12345", "after \(target)")
                // Nothing read from the device: RSS did not grow by more than a few megabytes.
                #expect(residentBytes(of: server.process.processIdentifier) < before + 16 << 20, "\(target)")
            }
            let started = Date()
            server.signal(SIGTERM)
            #expect(server.waitForExit(timeout: 5) == 0)
            #expect(Date().timeIntervalSince(started) < 5)
        }
    }

    /// In a folder, each `*.json` entry must be a regular file too (a link to one is fine).
    @Test func aFolderEntryThatIsNotARegularFileIsRefused() throws {
        try withTemporaryDirectory { folder in
            let registry = folder + "/registry"
            try FileManager.default.createDirectory(atPath: registry, withIntermediateDirectories: true)
            try writeFile(folder + "/zip.json", zipField)
            try FileManager.default.createSymbolicLink(
                atPath: registry + "/a.json", withDestinationPath: folder + "/zip.json")
            let server = try ServerProcess(arguments: ["--config", registry])
            #expect(mkfifo(registry + "/b.json", 0o600) == 0)
            server.signal(SIGHUP)
            #expect(
                server.waitForError(
                    containing: "\(registry)/b.json: is a FIFO, not a regular file", timeout: 5 * timingScale))
            try FileManager.default.removeItem(atPath: registry + "/b.json")
            try FileManager.default.createDirectory(atPath: registry + "/b.json", withIntermediateDirectories: true)
            server.signal(SIGHUP)
            #expect(
                server.waitForError(
                    containing: "\(registry)/b.json: is a folder, not a regular file", timeout: 5 * timingScale))
            try FileManager.default.removeItem(atPath: registry + "/b.json")
            try writeFile(registry + "/b.json", #"{"fields": {"pin": {"formatters": ["digits"]}}}"#)
            server.signal(SIGHUP)
            #expect(server.waitForError(containing: "SIGHUP: registry", timeout: 10 * timingScale))
            #expect(
                try HTTPTestClient(port: server.port).post("/v1/format", json: #"{"field":"pin","text":"1"}"#)
                    .status == 200)
        }
    }

    /// `--check-config` and start-up refuse the same files at once (a FIFO used to block them for good).
    @Test func checkConfigAndStartupRefuseWhatIsNotARegularFileOrTooLarge() throws {
        try withTemporaryDirectory { folder in
            let fifo = folder + "/fifo.json"
            #expect(mkfifo(fifo, 0o600) == 0)
            try writeFile(folder + "/big.json", zipField)
            let size = zipField.utf8.count
            for (arguments, line) in [
                (["--check-config", "/dev/zero"], "/dev/zero: is a character device, not a regular file"),
                (["--check-config", fifo], "\(fifo): is a FIFO, not a regular file"),
                (
                    ["--max-registry-bytes", "100", "--check-config", folder + "/big.json"],
                    "\(folder)/big.json: is \(size) bytes: the registry files may hold at most 100 bytes in all"
                ),
                (["--config", fifo, "--port", "0"], "\(fifo): is a FIFO, not a regular file"),
            ] {
                let started = Date()
                let result = try runServerCommand(arguments)
                #expect(Date().timeIntervalSince(started) < 10 * timingScale)
                #expect(result.status == 1, "\(arguments)")
                #expect(result.error.contains(line), "\(result.error)")
            }
            // Two files within the cap each, over it together.
            let both = folder + "/both"
            try FileManager.default.createDirectory(atPath: both, withIntermediateDirectories: true)
            try writeFile(both + "/a.json", zipField)
            try writeFile(
                both + "/b.json", zipAndPinFields.replacing("\"v2\"", with: "\"v3\"").replacing("zip", with: "zap"))
            let cap = size + 50
            let result = try runServerCommand(["--max-registry-bytes", "\(cap)", "--check-config", both])
            #expect(result.status == 1)
            #expect(result.error.contains("\(both)/b.json: is "), "\(result.error)")
            #expect(result.error.contains("(with \(size) in the files before it)"), "\(result.error)")
        }
    }

    /// With a 100,000-field registry, SIGTERM right after SIGHUP took 4.2–5.2 s in a release build (the reload ran
    /// on the thread that waits for signals); the reload now runs on its own thread and is abandoned.
    @Test func sigtermRightAfterSighupWithALargeRegistryExitsInTime() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, zipField)
            let server = try ServerProcess(arguments: ["--config", file])
            try writeFile(file, largeRegistry(100_000))
            server.signal(SIGHUP)
            usleep(100_000)
            let started = Date()
            server.signal(SIGTERM)
            #expect(server.waitForExit(timeout: 5) == 0)
            #expect(Date().timeIntervalSince(started) < 5)
            #expect(server.standardError.contains { $0.contains("a registry reload still running was abandoned") })
        }
    }

    /// SIGTERM while a large registry still loads at start-up: the server leaves at once (it waited for the
    /// load, seconds with 100,000 fields, before it looked at the signal).
    @Test func sigtermDuringStartUpWithALargeRegistryExitsInTime() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, largeRegistry(100_000))
            let server = try ServerProcess(arguments: ["--config", file], waitForStartup: false)
            usleep(300_000)
            let started = Date()
            server.signal(SIGTERM)
            #expect(server.waitForExit(timeout: 5) == 0)
            #expect(Date().timeIntervalSince(started) < 5)
            #expect(server.standardError.contains { $0.contains("stopped during start-up") }, "\(server.standardError)")
            #expect(!server.standardError.contains { $0.contains("listening on") })
        }
    }

    /// While a long reload runs, requests are answered on the old registry and further SIGHUPs make one more
    /// reload, not one each.
    @Test func sighupsDuringALongReloadMakeOneMore() throws {
        try withTemporaryDirectory { folder in
            let file = folder + "/fields.json"
            try writeFile(file, zipField)
            let server = try ServerProcess(arguments: ["--config", file])
            try writeFile(file, largeRegistry(20_000))
            for _ in 0..<5 {
                server.signal(SIGHUP)
                usleep(20_000)
            }
            let client = try HTTPTestClient(port: server.port)
            let started = Date()
            #expect(try client.get("/healthz").status == 200)
            #expect(Date().timeIntervalSince(started) < 1 * timingScale)
            // The reload that was running, then one for the four signals sent meanwhile.
            func reloaded() -> Int { server.standardError.filter { $0.contains("SIGHUP: registry large-20000") }.count }
            let deadline = Date().addingTimeInterval(60 * timingScale)
            while reloaded() < 2 && Date() < deadline { usleep(50_000) }
            usleep(500_000)
            #expect(reloaded() == 2)
            // A new connection: the first may have been idle past --timeout while the reloads ran.
            let after = try HTTPTestClient(port: server.port)
            #expect(try after.post("/v1/format", json: #"{"field":"field_019999","text":"12"}"#).status == 200)
        }
    }
}
