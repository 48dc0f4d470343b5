import SmartTextEngine
import SmartTextNativeRules
import SmartTextSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A running SmartText HTTP service: listener, handler and registry.
///
/// Start it with ``start(_:)``, stop it with ``shutdown(grace:)``.
public final class SmartTextService: Sendable {
    private let listener: HTTPListener
    private let handler: RequestHandler
    private let reloading = Locked(())
    private let watcher = Locked<RegistryWatcher?>(nil)

    /// The configuration it runs with.
    public var configuration: ServerConfiguration { handler.configuration }
    /// The port it listens on.
    public var port: Int { listener.port }
    /// The registry being served.
    public var registry: Registry { handler.store.current }

    private init(listener: HTTPListener, handler: RequestHandler) {
        self.listener = listener
        self.handler = handler
    }

    /// Loads the registry and starts listening.
    public static func start(_ configuration: ServerConfiguration) throws(ServiceError) -> SmartTextService {
        let registry: Registry
        do {
            registry = try loadRegistry(configuration)
        } catch {
            throw .registry(error)
        }
        EnginePreparation.warmUp()
        let handler = RequestHandler(
            configuration: configuration, store: RegistryStore(registry), metrics: Metrics())
        let started: HTTPListener
        do {
            started = try HTTPListener(
                ListenerConfiguration(
                    host: configuration.host, port: configuration.port, threads: configuration.threads,
                    maxBody: configuration.maxBody, timeoutSeconds: configuration.timeout,
                    maxConnections: configuration.maxConnections,
                    maxConnectionsPerClient: configuration.maxConnectionsPerClient)
            ) { request in handler.handle(request) }
        } catch {
            throw .listen(error.description)
        }
        let listener = started
        // Requests (the only readers) run on the listener's own threads, so it is alive.
        handler.listenerStatistics.withLock { statistics in
            statistics = { [unowned listener] in listener.statistics }
        }
        let service = SmartTextService(listener: listener, handler: handler)
        if configuration.watch, let path = configuration.configPath {
            service.watcher.withLock {
                $0 = RegistryWatcher(path: path) { [weak service] in
                    service?.reload(reason: "registry changed on disk")
                }
            }
        }
        return service
    }

    /// The registry a configuration names: the built-in one (unless `--no-builtin`)
    /// plus the `--config` file or folder.
    public static func loadRegistry(_ configuration: ServerConfiguration) throws(RegistryError) -> Registry {
        var sources: [RegistrySource] = configuration.builtin ? [.builtin] : []
        if let path = configuration.configPath {
            sources += try RegistryLoader.sources(at: path)
        }
        guard !sources.isEmpty else {
            throw RegistryError(problems: [
                RegistryProblem(
                    file: "(none)", subject: nil, rule: nil,
                    message: "nothing to serve: --no-builtin needs --config FILE|DIR")
            ])
        }
        return try RegistryLoader.load(sources, catalog: .standard)
    }

    /// Loads the registry again and swaps it in when it is valid; a broken one
    /// is reported on standard error and the old one keeps serving. Reloads
    /// run one at a time, away from the request threads.
    @discardableResult
    public func reload(reason: String = "reload") -> Result<Registry, RegistryError> {
        reloading.withLock { _ in
            do throws(RegistryError) {
                let registry = try Self.loadRegistry(handler.configuration)
                handler.store.replace(registry)
                handler.metrics.recordReload(success: true)
                StandardStream.error(
                    "smarttext-server: \(reason): registry \(registry.version) now serving "
                        + "(\(registry.fields.count) fields, \(registry.forms.count) forms)")
                return .success(registry)
            } catch {
                handler.metrics.recordReload(success: false)
                StandardStream.error(error.description)
                StandardStream.error(
                    "smarttext-server: \(reason) rejected (\(error.problems.count) problem(s)); "
                        + "still serving registry \(handler.store.current.version)")
                return .failure(error)
            }
        }
    }

    /// Stops accepting connections and answers every request already sent: for
    /// the first half of `grace` seconds as usual, then with a 503 that does no
    /// work, so that a backlog of requests is answered before the deadline. Then
    /// closes everything.
    public func shutdown(grace: Double = 4.5) {
        watcher.withLock { watcher in
            watcher?.stop()
            watcher = nil
        }
        // Clients waiting in the listen backlog are taken in; answers now say `Connection: close`.
        listener.quiesce()
        // Stop once no request has been begun or unread for a quarter of a second (a
        // keep-alive client may still be sending one it started before reading that
        // header), or when every connection is closed, or at the deadline.
        let start = RequestHandler.monotonicSeconds()
        var lastBusy = start
        while true {
            let now = RequestHandler.monotonicSeconds()
            if now - start > grace / 2 { handler.shedding.store(true, ordering: .relaxed) }
            if listener.requestsInFlight > 0 || listener.pendingConnections > 0 { lastBusy = now }
            if now - lastBusy > 0.25 || listener.connections == 0 || now - start > grace { break }
            usleep(5_000)
        }
        listener.stop()
    }

    /// The start-up line: address, threads, registry version and size.
    public var startupLine: String {
        let registry = self.registry
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "smarttext-server \(SmartTextVersion.current) listening on http://\(host):\(port) "
            + "(\(configuration.threads) threads, registry \(registry.version): \(registry.fields.count) fields, "
            + "\(registry.forms.count) forms)"
    }
}
