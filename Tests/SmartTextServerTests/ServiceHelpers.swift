import Foundation
import SmartTextServer
import SmartTextTestSupport

/// A configuration for tests: 127.0.0.1, a free port, two threads, then `configure`.
func testConfiguration(_ configure: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
    var configuration = ServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.threads = 2
    configure(&configuration)
    return configuration
}

/// Starts an in-process service, runs `body`, and shuts it down.
func withService<T>(
    _ configuration: ServerConfiguration = testConfiguration(), _ body: (SmartTextService) throws -> T
) throws -> T {
    let service = try SmartTextService.start(configuration)
    defer { service.shutdown(grace: 1) }
    return try body(service)
}

/// A connected client for a running service.
func client(_ service: SmartTextService) throws -> HTTPTestClient {
    try HTTPTestClient(port: service.port)
}

/// The repository's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
