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
