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
    private let registry: Locked<ServedRegistry>
    /// Where the reloads stand, for `/readyz`.
    let reloads = Locked(ReloadStatus())

    init(_ registry: Registry) {
        self.registry = Locked(ServedRegistry(registry))
    }

    var current: Registry { registry.withLock { $0.registry } }

    /// The registry with its list renderings.
    var served: ServedRegistry { registry.withLock { $0 } }

    /// The reloads' state as `/readyz` tells it: one runs, or the last one was refused.
    struct ReloadStatus {
        /// A reload reads and checks the files now.
        var running = false
        /// The problems of the last reload, when it was refused (the registry served is older than the files).
        var refusedProblems: Int?
    }

    func replace(_ new: Registry) {
        let served = ServedRegistry(new)
        registry.withLock { $0 = served }
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

    /// An answer libmicrohttpd would write itself, as the problem it is.
    func libraryAnswer(_ answer: LibraryAnswer, status: Int) -> HTTPResponse {
        var response = HTTPError.library(answer, status: status).response
        response.headers.append(("X-Content-Type-Options", "nosniff"))
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
        let (body, direct) = route.takesJSON ? try jsonBody(request, direct: route.direct) : (.null, nil)
        let routeRequest = RouteRequest(
            served: store.served, parameter: parameter, body: body, direct: direct,
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

    /// The body, after checking its media type: read straight into its type when the route reads its
    /// common shape so and it has that shape, else parsed as JSON.
    private func jsonBody(
        _ request: some HTTPRequestSource, direct kind: DirectBody.Kind?
    ) throws(HTTPError) -> (JSONValue, DirectBody?) {
        let contentType = request.header("Content-Type")
        guard let contentType, Self.isJSON(contentType) else { throw .unsupportedMediaType(contentType) }
        return try request.withBody { bytes throws(HTTPError) in
            if let kind, let direct = DirectBody.read(kind, bytes) { return (.null, direct) }
            do throws(JSONSyntaxError) {
                return (try JSONParser.parse(bytes), nil)
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

    /// 200 when the registry served is the one the files hold; 503 while a reload reads them, and after one
    /// refused them unless `--ready-when-stale` (a balancer then sends the requests to replicas that serve
    /// what was rolled out).
    func readiness(_ request: RouteRequest) -> HTTPResponse {
        let status = store.reloads.withLock { $0 }
        let state: AnswerWriter.Readiness =
            status.running ? .reloading : status.refusedProblems.map { .stale(problems: $0) } ?? .ready
        let ready = state == .ready || (configuration.readyWhenStale && !status.running)
        let body = AnswerWriter.readiness(request.registry, state)
        return ready ? .json(body) : .json(body, status: 503, headers: [("Retry-After", "1")])
    }

    func metricsText(_ request: RouteRequest) -> HTTPResponse {
        let registry = request.registry
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
