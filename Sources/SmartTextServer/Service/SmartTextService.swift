import Dispatch
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
    /// Reloads asked for with ``requestReload(reason:)``: one runs at a time on `reloadQueue`.
    private let reloads = Locked(ReloadRequests())
    private let reloadQueue = DispatchQueue(label: "smarttext.registry-reload")

    private struct ReloadRequests {
        /// A reload runs (or is about to) on the reload queue.
        var running = false
        /// Asked for while one ran: the reason of the latest, run once it is done.
        var pending: String?
        /// The service is stopping: no reload starts.
        var stopping = false
    }

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
                    maxConnectionsPerClient: configuration.maxConnectionsPerClient),
                library: { answer, status in handler.libraryAnswer(answer, status: status) },
                handler: { request in handler.handle(request) })
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
                    service?.requestReload(reason: "registry changed on disk")
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
            sources += try RegistryLoader.sources(at: path, maxBytes: configuration.maxRegistryBytes)
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

    /// Asks for a reload and returns at once: ``reload(reason:)`` runs on a thread of its own, so that the
    /// thread that asked (the one answering signals, the file watcher) goes on. Reloads run one at a time;
    /// asked for while one runs, one more runs after it (one, however often it was asked meanwhile). Once the
    /// service stops, none starts.
    public func requestReload(reason: String) {
        let start: Bool = reloads.withLock { state in
            guard !state.stopping else { return false }
            if state.running {
                state.pending = reason
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        reloadQueue.async { [self] in
            var reason = reason
            while true {
                reload(reason: reason)
                let next: String? = reloads.withLock { state in
                    if let pending = state.pending, !state.stopping {
                        state.pending = nil
                        return pending
                    }
                    state.running = false
                    return nil
                }
                guard let next else { return }
                reason = next
            }
        }
    }

    /// True while a reload asked for with ``requestReload(reason:)`` runs.
    public var isReloading: Bool { reloads.withLock { $0.running } }

    /// Loads the registry again and swaps it in when it is valid; a broken one
    /// is reported on standard error and the old one keeps serving. Reloads
    /// run one at a time, away from the request threads.
    @discardableResult
    public func reload(reason: String = "reload") -> Result<Registry, RegistryError> {
        defer { Self.returnFreedMemory() }
        return reloading.withLock { _ in
            handler.store.reloads.withLock { $0.running = true }
            do throws(RegistryError) {
                let registry = try Self.loadRegistry(handler.configuration)
                handler.store.replace(registry)
                handler.store.reloads.withLock { $0 = .init() }
                handler.metrics.recordReload(success: true)
                StandardStream.error(
                    "smarttext-server: \(reason): registry \(registry.version) now serving "
                        + "(\(registry.fields.count) fields, \(registry.forms.count) forms)")
                return .success(registry)
            } catch {
                handler.store.reloads.withLock { $0 = .init(running: false, refusedProblems: error.problems.count) }
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
        // A reload running now is abandoned: it finishes on its own thread, or the process exits before.
        reloads.withLock { $0.stopping = true }
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

    /// Gives the heap's free pages back to the system: the registry a reload replaced (or the one it
    /// refused) was freed in the middle of it, where glibc keeps them (a 100,000-field registry's
    /// hundreds of megabytes).
    private static func returnFreedMemory() {
        #if canImport(Glibc)
            // glibc's own (malloc.h, which the Glibc module does not bring in).
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
        #endif
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
