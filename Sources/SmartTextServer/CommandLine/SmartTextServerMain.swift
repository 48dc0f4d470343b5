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

    private static func serve(_ configuration: ServerConfiguration) -> Int32 {
        // Block the signals before any thread starts, so that libmicrohttpd's
        // threads inherit the mask and only `sigwait` below sees them.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let service: SmartTextService
        do {
            service = try SmartTextService.start(configuration)
        } catch {
            StandardStream.error("smarttext-server: cannot start: \(error.description)")
            return 1
        }
        StandardStream.error(service.startupLine)
        if configuration.watch && configuration.configPath == nil {
            StandardStream.error("smarttext-server: --watch has no effect without --config")
        }
        while true {
            var received: Int32 = 0
            guard sigwait(&signals, &received) == 0 else { continue }
            if received == SIGHUP {
                service.reload(reason: "SIGHUP")
                continue
            }
            StandardStream.error("smarttext-server: stopping (finishing requests in flight)")
            service.shutdown()
            StandardStream.error("smarttext-server: stopped")
            return 0
        }
    }
}
