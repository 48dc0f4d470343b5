import Dispatch
import SmartTextEngine
import SmartTextNativeRules
import SmartTextSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The `smarttext-server` command.
public enum SmartTextServerMain {
    /// Runs the command and returns its exit status: 0 ok, 1 failure, 2 usage error.
    public static func run(arguments: [String]) -> Int32 {
        let command: ServerCommand
        do {
            command = try ServerCommand.parse(arguments: arguments) { name in
                getenv(name).map { String(cString: $0) }
            }
        } catch {
            StandardStream.error("smarttext-server: \(error.description)")
            return 2
        }
        switch command {
        case .help:
            StandardStream.write(ServerCommand.usage, to: STDOUT_FILENO)
            return 0
        case .version:
            StandardStream.write("smarttext-server \(SmartTextVersion.current)\n", to: STDOUT_FILENO)
            return 0
        case .listRules:
            StandardStream.write(RuleCatalog.standard.markdownTable, to: STDOUT_FILENO)
            return 0
        case .checkConfig(let configuration):
            return checkConfig(configuration)
        case .serve(let configuration):
            return serve(configuration)
        }
    }

    private static func checkConfig(_ configuration: ServerConfiguration) -> Int32 {
        do {
            let registry = try SmartTextService.loadRegistry(configuration)
            StandardStream.write(
                "registry OK: version \(registry.version), \(registry.fields.count) fields, "
                    + "\(registry.forms.count) forms\n", to: STDOUT_FILENO)
            return 0
        } catch {
            StandardStream.error(error.description)
            StandardStream.error("registry has \(error.problems.count) problem(s)")
            return 1
        }
    }

    /// Where start-up is, for the thread that waits for signals.
    private enum StartUp: Sendable {
        case loading
        case serving(SmartTextService)
        case failed
    }

    private static func serve(_ configuration: ServerConfiguration) -> Int32 {
        // Block the signals before any thread starts, so that libmicrohttpd's
        // threads inherit the mask and only `sigwait` below sees them. SIGUSR1 is
        // start-up's own: the thread that loads the registry sends it when it is done.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGUSR1] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        // The registry is loaded on a thread of its own, so that this one answers SIGTERM at once even
        // while a large registry loads (100,000 fields take seconds).
        let state = Locked(StartUp.loading)
        DispatchQueue(label: "smarttext.start-up").async {
            do throws(ServiceError) {
                let service = try SmartTextService.start(configuration)
                state.withLock { $0 = .serving(service) }
                StandardStream.error(service.startupLine)
                if configuration.watch && configuration.configPath == nil {
                    StandardStream.error("smarttext-server: --watch has no effect without --config")
                }
            } catch {
                StandardStream.error("smarttext-server: cannot start: \(error.description)")
                state.withLock { $0 = .failed }
            }
            kill(getpid(), SIGUSR1)
        }

        var reloadWhenServing = false
        while true {
            var received: Int32 = 0
            guard sigwait(&signals, &received) == 0 else { continue }
            let current = state.withLock { $0 }
            switch (received, current) {
            case (SIGUSR1, .failed):
                return 1
            case (SIGUSR1, .serving(let service)):
                if reloadWhenServing { service.requestReload(reason: "SIGHUP") }
                reloadWhenServing = false
            case (SIGUSR1, .loading):
                continue
            case (SIGHUP, .serving(let service)):
                // On the reload's own thread: this one goes on answering signals, so that SIGTERM
                // during a long reload is answered in time.
                service.requestReload(reason: "SIGHUP")
            case (SIGHUP, _):
                // The files may have changed after start-up read them: read them again once it serves.
                reloadWhenServing = true
            case (_, .serving(let service)):
                StandardStream.error("smarttext-server: stopping (finishing requests in flight)")
                service.shutdown()
                if service.isReloading {
                    // The reload is abandoned. Leave without running exit handlers and C++ static
                    // destructors while its thread may still use the libraries they tear down (every
                    // line is written).
                    StandardStream.error(
                        "smarttext-server: stopped (a registry reload still running was abandoned)")
                    _exit(0)
                }
                StandardStream.error("smarttext-server: stopped")
                return 0
            case (_, .loading):
                // Nothing is served yet: the load is abandoned, as a reload would be.
                StandardStream.error("smarttext-server: stopped during start-up (the registry was still loading)")
                _exit(0)
            case (_, .failed):
                return 1
            }
        }
    }
}
