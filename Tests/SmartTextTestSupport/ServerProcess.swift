import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `smarttext-server` executable built next to the test bundle.
public func serverExecutablePath() -> String {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    // The test runner lives in .build/<config>/ (or inside an .xctest bundle there).
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("smarttext-server").path),
        directory.path != "/"
    {
        directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("smarttext-server").path
}

/// A `smarttext-server` child process, with its standard error collected.
public final class ServerProcess: @unchecked Sendable {
    public let process: Process
    /// The port from the start-up line.
    public private(set) var port = 0
    private let errorLines = Lines()
    private let outputLines = Lines()

    /// Lines collected from a pipe (behind an NSLock, which ThreadSanitizer sees).
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [String] = []
        private var pending: [UInt8] = []

        var lines: [String] {
            lock.lock()
            defer { lock.unlock() }
            return collected
        }

        func receive(_ data: Data) {
            lock.lock()
            defer { lock.unlock() }
            pending += data
            while let newline = pending.firstIndex(of: 10) {
                collected.append(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeFirst(newline + 1)
            }
        }
    }

    /// Everything written to standard error so far.
    public var standardError: [String] { errorLines.lines }
    /// Everything written to standard output so far.
    public var standardOutput: [String] { outputLines.lines }

    /// Starts the server with `arguments` (plus `--host 127.0.0.1 --port 0` unless given)
    /// and waits for its start-up line, at most `startupTimeout` seconds.
    public init(
        arguments: [String], environment: [String: String] = [:], waitForStartup: Bool = true,
        startupTimeout: Double = 20
    ) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: serverExecutablePath())
        var arguments = arguments
        if !arguments.contains(where: { $0.hasPrefix("--port") }) { arguments += ["--port", "0"] }
        if !arguments.contains(where: { $0.hasPrefix("--host") }) { arguments += ["--host", "127.0.0.1"] }
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SMARTTEXT_") }
        env.merge(environment) { $1 }
        process.environment = env
        let errorPipe = Pipe()
        let outputPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = outputPipe
        Self.collect(errorPipe, into: errorLines)
        Self.collect(outputPipe, into: outputLines)
        try process.run()
        if waitForStartup {
            let deadline = Date().addingTimeInterval(startupTimeout)
            while Date() < deadline {
                if let line = standardError.first(where: { $0.contains("listening on http://") }),
                    let address = line.split(separator: "http://").last?.split(separator: " ").first,
                    let port = address.split(separator: ":").last.flatMap({ Int($0) })
                {
                    self.port = port
                    return
                }
                if !process.isRunning {
                    throw TestFailure("the server exited: \(standardError.joined(separator: "\n"))")
                }
                usleep(10_000)
            }
            process.terminate()
            throw TestFailure("no start-up line: \(standardError.joined(separator: "\n"))")
        }
    }

    /// Sends a signal.
    public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to exit and returns its status, or nil after `timeout` seconds.
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        // Let the pipe readers catch up with the last lines.
        usleep(50_000)
        return process.terminationStatus
    }

    /// Waits until a line of standard error contains `text`.
    public func waitForError(containing text: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if standardError.contains(where: { $0.contains(text) }) { return true }
            usleep(10_000)
        }
        return false
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    private static func collect(_ pipe: Pipe, into target: Lines) {
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            target.receive(data)
        }
    }
}

/// Runs the server executable to completion (for `--check-config`, `--help`) and returns
/// its exit status, standard output and standard error.
public func runServerCommand(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: serverExecutablePath())
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SMARTTEXT_") }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // A command that should exit but serves instead must not hang the suite.
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
    defer { watchdog.cancel() }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outputData, as: UTF8.self),
        String(decoding: errorData, as: UTF8.self)
    )
}

/// Creates a temporary folder, runs `body` with its path, and removes it.
public func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = NSTemporaryDirectory() + "smarttext-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// Writes a text file.
public func writeFile(_ path: String, _ text: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}
