import Foundation
import SmartTextClient
import SmartTextServer

/// Starts an in-process service on 127.0.0.1 and a free port, runs `body` with a client for it
/// (on the caller's actor), and shuts the service down.
func withClient<T>(
    locale: String? = nil, isolation: isolated (any Actor)? = #isolation,
    _ body: (SmartTextClient) async throws -> T
) async throws -> T {
    var configuration = ServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.threads = 2
    let service = try SmartTextService.start(configuration)
    defer { service.shutdown(grace: 1) }
    let client = SmartTextClient(baseURL: URL(string: "http://127.0.0.1:\(service.port)")!, locale: locale)
    return try await body(client)
}

/// The problem a call failed with, or `nil` when it did not fail with one.
func problem<T>(
    isolation: isolated (any Actor)? = #isolation, _ call: () async throws -> T
) async -> (status: Int, type: String, title: String, detail: String)? {
    do {
        _ = try await call()
        return nil
    } catch SmartTextError.problem(let status, let type, let title, let detail) {
        return (status, type, title, detail)
    } catch {
        return nil
    }
}

/// The top-level keys of an encoded request.
func encodedKeys(_ value: some Encodable) throws -> Set<String> {
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
    return Set(object?.keys.map { $0 } ?? [])
}
