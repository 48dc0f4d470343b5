import SmartTextEngine
import SmartTextJSON
import SmartTextSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The registry being served; a reload swaps it atomically, and requests in
/// flight finish on the one they started with.
final class RegistryStore: Sendable {
    private let registry: Locked<Registry>

    init(_ registry: Registry) {
        self.registry = Locked(registry)
    }

    var current: Registry { registry.withLock { $0 } }

    func replace(_ new: Registry) {
        registry.withLock { $0 = new }
    }
}

/// Answers one request: routing, limits, problem answers, metrics, access log.
/// Runs on libmicrohttpd's threads; everything it touches is immutable or
/// behind a lock.
final class RequestHandler: Sendable {
    let configuration: ServerConfiguration
    let store: RegistryStore
    let metrics: Metrics
    /// The listener's connection counters, for `/metrics` (set once the listener runs).
    let listenerStatistics: Locked<(@Sendable () -> ListenerStatistics)?> = Locked(nil)
    /// Set when the service stops: from then on requests are answered 503 without work,
    /// so that every request already sent gets an answer before the process exits.
    let shedding = Atomic(false)

    init(configuration: ServerConfiguration, store: RegistryStore, metrics: Metrics) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics
    }

    func handle(_ request: some HTTPRequestSource) -> HTTPResponse {
        let started = Self.monotonicSeconds()
        let method = request.method
        let path = request.path
        let (route, parameter) = Route.match(path)
        var response: HTTPResponse
        do {
            response = try dispatch(request, route: route, parameter: parameter, method: method, path: path)
        } catch {
            response = error.response
        }
        response.headers.append(("X-Content-Type-Options", "nosniff"))
        if !configuration.corsOrigins.isEmpty {
            addCORSHeaders(to: &response, request: request, route: route, method: method)
        }
        if let cacheControl = route.cache.header { response.headers.append(("Cache-Control", cacheControl)) }
        let elapsed = Self.monotonicSeconds() - started
        metrics.record(route: route, method: method, status: response.status, seconds: elapsed)
        if configuration.accessLog {
            AccessLog.write(
                client: request.client, method: method, path: path, status: response.status,
                bytes: response.body.count, seconds: elapsed)
        }
        return response
    }

    /// The transport's verdict, the route's methods, the JSON body, then the route's handler.
    private func dispatch(
        _ request: some HTTPRequestSource, route: Route, parameter: String?, method: String, path: String
    ) throws(HTTPError) -> HTTPResponse {
        switch request.transportProblem {
        case .bodyTooLarge?: throw .bodyTooLarge(limit: configuration.maxBody)
        case .unsupportedTransferCoding?: throw .unsupportedTransferCoding(request.header("Transfer-Encoding") ?? "")
        case .hostNotOne?: throw .invalidHost
        case .malformedRequestLine?: throw .invalidRequestLine
        case let problem?: throw .ambiguousFraming(problem)
        case nil: break
        }
        guard !route.isUnmatched else { throw .notFound(path: path) }
        if shedding.load(ordering: .relaxed) { throw .shuttingDown }
        if method == "OPTIONS" {
            return .noContent(headers: [("Allow", route.methods.joined(separator: ", "))])
        }
        guard route.methods.contains(method) else {
            throw .methodNotAllowed(method, path: path, allowed: route.methods)
        }
        let routeRequest = RouteRequest(
            parameter: parameter, body: route.takesJSON ? try jsonBody(request) : .null,
            acceptLanguage: request.header("Accept-Language"), ifNoneMatch: request.header("If-None-Match"))
        return try route.handle(self, routeRequest)
    }

    /// CORS (closed unless `--cors-origin` is given): an allowed `Origin` gets
    /// `Access-Control-Allow-Origin`; a preflight also gets the methods and
    /// headers it may use. `Vary: Origin` keeps caches from mixing answers.
    private func addCORSHeaders(
        to response: inout HTTPResponse, request: some HTTPRequestSource, route: Route, method: String
    ) {
        response.headers.append(("Vary", "Origin"))
        guard let origin = request.header("Origin"),
            configuration.corsOrigins.contains(origin) || configuration.corsOrigins.contains("*")
        else { return }
        response.headers.append(("Access-Control-Allow-Origin", origin))
        response.headers.append(("Access-Control-Expose-Headers", "ETag"))
        if method == "OPTIONS" && request.header("Access-Control-Request-Method") != nil && !route.isUnmatched {
            response.headers.append(("Access-Control-Allow-Methods", route.methods.joined(separator: ", ")))
            response.headers.append(("Access-Control-Allow-Headers", "Content-Type, Accept-Language, If-None-Match"))
            response.headers.append(("Access-Control-Max-Age", "600"))
        }
    }

    /// The body parsed as JSON, after checking its media type.
    private func jsonBody(_ request: some HTTPRequestSource) throws(HTTPError) -> JSONValue {
        let contentType = request.header("Content-Type")
        guard let contentType, Self.isJSON(contentType) else { throw .unsupportedMediaType(contentType) }
        return try request.withBody { bytes throws(HTTPError) in
            do throws(JSONSyntaxError) {
                return try JSONParser.parse(bytes)
            } catch {
                throw .invalidJSON(error)
            }
        }
    }

    /// `application/json`, with or without parameters such as `charset=utf-8`.
    static func isJSON(_ contentType: String) -> Bool {
        if contentType == "application/json" { return true }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { String($0).trimmingSpaces() } ?? ""
        return mediaType.lowercased() == "application/json"
    }

    // MARK: - Operations

    func readiness() -> HTTPResponse {
        let registry = store.current
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("status")
        writer.string("ready")
        writer.key("registry")
        writer.beginObject()
        writer.key("version")
        writer.string(registry.version)
        writer.key("fields")
        writer.integer(registry.fields.count)
        writer.key("forms")
        writer.integer(registry.forms.count)
        writer.endObject()
        writer.endObject()
        return .json(writer.bytes)
    }

    func metricsText() -> HTTPResponse {
        let registry = store.current
        let listener = listenerStatistics.withLock { $0 }?() ?? ListenerStatistics()
        let text = metrics.render(
            registryVersion: registry.version, fields: registry.fields.count, forms: registry.forms.count,
            listener: listener, residentBytes: Self.residentBytes())
        return .text(text, contentType: "text/plain; version=0.0.4; charset=utf-8")
    }

    // MARK: - Helpers

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Resident memory from /proc/self/statm, or nil where it is not available.
    static func residentBytes() -> Int? {
        guard let fields = SystemFile.text("/proc/self/statm")?.split(separator: " "), fields.count > 1,
            let pages = Int(fields[1])
        else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
