import SmartTextEngine
import SmartTextSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Every setting of the server, from flags and `SMARTTEXT_*` environment
/// variables (a flag wins over its variable).
public struct ServerConfiguration: Sendable, Equatable {
    /// Address to bind.
    public var host = "0.0.0.0"
    /// Port to listen on; 0 picks a free one.
    public var port = 8080
    /// A registry file or folder; nil serves the built-in registry only.
    public var configPath: String?
    /// Threads of the HTTP polling pool: by default the CPUs the container may use.
    public var threads = CPUQuota.available
    /// Largest request body in bytes (413 past it).
    public var maxBody = 65_536
    /// Longest text in UTF-16 code units (422 past it).
    public var maxText = 10_000
    /// The most work one request may ask for, in units of one field's pass over one character (422
    /// `work-budget` past it): fields composed × passes over the text × its length.
    public var maxWork = ServerConfiguration.defaultMaxWork
    /// Seconds a connection may stay idle, and seconds a request has to arrive whole
    /// (slow clients are dropped).
    public var timeout = 10
    /// Most simultaneous connections (at the limit the stalest idle or slow one makes room).
    public var maxConnections = 256
    /// Most simultaneous connections from one client address; 0: no per-address limit.
    public var maxConnectionsPerClient = 0
    /// Write one line per request to standard output.
    public var accessLog = false
    /// Include the built-in registry.
    public var builtin = true
    /// Reload when the registry file or folder changes.
    public var watch = false
    /// `/readyz` answers 200 after a reload was refused (the old registry serving): off, a replica whose
    /// files are broken takes no traffic while the others serve what was rolled out.
    public var readyWhenStale = false
    /// The most bytes the registry files may hold in all; only regular files are read.
    public var maxRegistryBytes = RegistryLoader.defaultMaxBytes
    /// Origins allowed by CORS; empty: same origin only.
    public var corsOrigins: [String] = []

    public init() {}

    /// The default of ``maxWork``.
    public static let defaultMaxWork = 150_000
}
