internal import CMicroHTTPD
import SmartTextEngine
import SmartTextSupport

/// Settings of the HTTP listener.
struct ListenerConfiguration: Sendable {
    var host: String
    var port: Int
    var threads: Int
    var maxBody: Int
    var timeoutSeconds: Int
    var maxConnections: Int
    var maxConnectionsPerClient: Int
}

/// What the listener did with connections and requests that never reached the handler.
struct ListenerStatistics: Sendable {
    /// Open client connections.
    var connections = 0
    /// Answers libmicrohttpd wrote itself, by status (0: any other status).
    var libraryAnswers: [(status: Int, count: UInt64)] = []
    /// Connections closed because a request did not arrive whole within `--timeout`.
    var closedLate: UInt64 = 0
    /// Connections closed at `--max-connections` to make room for a new one.
    var closedForRoom: UInt64 = 0
    /// Connections refused at `--max-connections`.
    var refused: UInt64 = 0
}

/// Why the listener did not start.
struct ListenerStartError: Error, CustomStringConvertible {
    var description: String
}

/// Owns a libmicrohttpd daemon and calls `handler` on its threads, once per
/// request.
///
/// `@unchecked Sendable`: the C server is only touched through the shim's
/// thread-safe calls (port, counters, quiesce), and `stop()` runs at most once
/// under `stopped`'s lock; `deinit` checks that it did.
final class HTTPListener: @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse
    /// Writes an answer libmicrohttpd would write itself (before any request reaches `Handler`).
    typealias LibraryHandler = @Sendable (LibraryAnswer, Int) -> HTTPResponse

    private final class HandlerBox {
        let handler: Handler
        let library: LibraryHandler
        init(_ handler: @escaping Handler, library: @escaping LibraryHandler) {
            self.handler = handler
            self.library = library
        }
    }

    private let server: OpaquePointer
    private let context: Unmanaged<HandlerBox>
    private let stopped = Locked(false)

    init(
        _ configuration: ListenerConfiguration, library: @escaping LibraryHandler, handler: @escaping Handler
    ) throws(ListenerStartError) {
        let context = Unmanaged.passRetained(HandlerBox(handler, library: library))
        var error = [CChar](repeating: 0, count: 256)
        let started: OpaquePointer? = configuration.host.withCString { host in
            var config = cmhd_config(
                host: host, port: UInt16(configuration.port), threads: UInt32(configuration.threads),
                max_body: configuration.maxBody, timeout_seconds: UInt32(configuration.timeoutSeconds),
                max_connections: UInt32(configuration.maxConnections),
                max_connections_per_client: UInt32(configuration.maxConnectionsPerClient))
            return cmhd_server_start(
                &config, HTTPListener.trampoline, HTTPListener.libraryTrampoline, context.toOpaque(), &error,
                error.count)
        }
        guard let started else {
            context.release()
            let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw ListenerStartError(description: message)
        }
        self.server = started
        self.context = context
    }

    deinit {
        precondition(stopped.withLock { $0 }, "HTTPListener released without stop()")
    }

    /// The bound port.
    var port: Int { Int(cmhd_server_port(server)) }

    /// Requests received and not yet fully answered.
    var requestsInFlight: Int { Int(cmhd_server_requests_in_flight(server)) }

    /// Open client connections.
    var connections: Int { Int(cmhd_server_connections(server)) }

    /// Connections with a request begun and not answered, or with bytes not read yet.
    var pendingConnections: Int { Int(cmhd_server_pending_connections(server)) }

    /// The connection and library counters.
    var statistics: ListenerStatistics {
        var counters = cmhd_counters()
        cmhd_server_counters(server, &counters)
        var statistics = ListenerStatistics(
            connections: connections, closedLate: counters.closed_late, closedForRoom: counters.closed_for_room,
            refused: counters.refused)
        withUnsafeBytes(of: counters.library_answers) { raw in
            for (kind, count) in raw.bindMemory(to: UInt64.self).enumerated() {
                statistics.libraryAnswers.append((Int(cmhd_library_answer_status(UInt32(kind))), count))
            }
        }
        return statistics
    }

    /// Stops accepting connections; open ones are still served, with `Connection: close`.
    func quiesce() {
        stopped.withLock { isStopped in
            if !isStopped { cmhd_server_quiesce(server) }
        }
    }

    /// Closes every connection and joins the daemon's threads.
    func stop() {
        stopped.withLock { isStopped in
            guard !isStopped else { return }
            isStopped = true
            cmhd_server_stop(server)
            context.release()
        }
    }

    /// The C callback: finds the handler, runs it, hands the answer to the shim.
    private static let trampoline: cmhd_handler = { context, request in
        let box = Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue()
        return answer(box.handler(HTTPRequest(raw: request)))
    }

    /// The C callback for the answers libmicrohttpd would write itself.
    private static let libraryTrampoline: cmhd_library_handler = { context, kind, status in
        let box = Unmanaged<HandlerBox>.fromOpaque(context!).takeUnretainedValue()
        return answer(box.library(LibraryAnswer(kind) ?? .malformed, Int(status)))
    }

    /// The shim's answer for `response`.
    private static func answer(_ response: HTTPResponse) -> OpaquePointer {
        let answer = response.body.withUnsafeBytes { body in
            cmhd_response_create(UInt32(response.status), body.baseAddress, body.count)
        }
        for (name, value) in response.headers {
            // withCString, not the implicit conversion, which copies each string into a new array.
            name.withCString { name in value.withCString { value in cmhd_response_add_header(answer, name, value) } }
        }
        return answer
    }
}
