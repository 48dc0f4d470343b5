import SmartTextEngine
import SmartTextSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the command line asks for.
public enum ServerCommand: Sendable, Equatable {
    case serve(ServerConfiguration)
    /// Validate a registry and exit.
    case checkConfig(ServerConfiguration)
    /// Print the formatters and validators a registry can name.
    case listRules
    case help
    case version
}

/// A flag or variable that cannot be used, with the reason.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

/// One flag of the server, as `--help` and the README describe it.
public struct Flag {
    /// `--max-body`.
    public let name: String
    /// What the flag sets, for `--help`.
    public let help: String
    /// The default as `--help` shows it, read from ``ServerConfiguration``'s own default unless the
    /// default is computed at start-up (the CPUs, the built-in registry).
    public let defaultText: String?
    fileprivate let setting: Setting

    /// What a flag's value sets, and how it is read.
    fileprivate enum Setting {
        case text(WritableKeyPath<ServerConfiguration, String>)
        case optionalText(WritableKeyPath<ServerConfiguration, String?>)
        case integer(WritableKeyPath<ServerConfiguration, Int>, ClosedRange<Int>)
        /// A flag without a value; `inverted` when the flag turns the setting off (`--no-builtin`).
        case boolean(WritableKeyPath<ServerConfiguration, Bool>, inverted: Bool)
        /// A repeatable flag of comma-separated values.
        case list(WritableKeyPath<ServerConfiguration, [String]>)
    }

    fileprivate init(_ name: String, _ setting: Setting, _ help: String, default defaultText: String? = nil) {
        self.name = name
        self.setting = setting
        self.help = help
        self.defaultText = defaultText ?? Self.describe(setting, in: ServerConfiguration())
    }

    /// The environment variable: `--max-body` → `SMARTTEXT_MAX_BODY`.
    public var variable: String {
        "SMARTTEXT_" + name.dropFirst(2).uppercased().replacing("-", with: "_")
    }

    /// Whether the flag is followed by a value (a boolean flag may still take `--watch=false`).
    public var takesValue: Bool {
        if case .boolean = setting { return false }
        return true
    }

    /// Applies one value of the flag.
    fileprivate func apply(_ value: String, to config: inout ServerConfiguration) throws(UsageError) {
        switch setting {
        case .text(let path): config[keyPath: path] = value
        case .optionalText(let path): config[keyPath: path] = value
        case .integer(let path, let range):
            guard let number = Int(value), range.contains(number) else {
                throw UsageError(
                    description:
                        "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound), not \"\(value)\"")
            }
            config[keyPath: path] = number
        case .boolean(let path, let inverted): config[keyPath: path] = try Self.boolean(value, name) != inverted
        case .list(let path):
            config[keyPath: path] += value.split(separator: ",").map { String($0).trimmingSpaces() }.filter {
                !$0.isEmpty
            }
        }
    }

    fileprivate static func boolean(_ text: String, _ name: String) throws(UsageError) -> Bool {
        switch text.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off", "": return false
        default: throw UsageError(description: "\(name) must be true or false, not \"\(text)\"")
        }
    }

    private static func describe(_ setting: Setting, in config: ServerConfiguration) -> String? {
        switch setting {
        case .text(let path): config[keyPath: path]
        case .optionalText(let path): config[keyPath: path]
        case .integer(let path, _): String(config[keyPath: path])
        case .boolean(let path, let inverted): config[keyPath: path] != inverted ? "on" : "off"
        case .list(let path): config[keyPath: path].isEmpty ? nil : config[keyPath: path].joined(separator: ",")
        }
    }
}

extension ServerCommand {
    /// Every flag: its name, what it sets and how, its help line; its variable and default follow.
    public static var flags: [Flag] {
        [
            Flag("--host", .text(\.host), "address to bind"),
            Flag("--port", .integer(\.port, 0...65535), "port, 0 for any free one"),
            Flag(
                "--config", .optionalText(\.configPath), "registry FILE or DIR", default: "the built-in registry"),
            Flag(
                "--threads", .integer(\.threads, 1...256), "HTTP threads",
                default: "the CPUs the container may use"),
            Flag("--max-body", .integer(\.maxBody, 64...(64 << 20)), "largest request body in bytes"),
            Flag("--max-text", .integer(\.maxText, 1...10_000_000), "longest text in UTF-16 code units"),
            Flag(
                "--max-work", .integer(\.maxWork, 1...Int(Int32.max)),
                "most work one request may ask for: fields x passes x characters"),
            Flag(
                "--timeout", .integer(\.timeout, 1...3600),
                "seconds an idle connection stays open, and a request has to arrive whole"),
            Flag("--max-connections", .integer(\.maxConnections, 1...1_000_000), "most simultaneous connections"),
            Flag(
                "--max-connections-per-client", .integer(\.maxConnectionsPerClient, 0...1_000_000),
                "most simultaneous connections from one address, 0 for no limit"),
            Flag(
                "--access-log", .boolean(\.accessLog, inverted: false), "write one line per request to standard output"),
            Flag("--no-builtin", .boolean(\.builtin, inverted: true), "do not include the built-in registry"),
            Flag("--watch", .boolean(\.watch, inverted: false), "reload when the registry file or folder changes"),
            Flag(
                "--ready-when-stale", .boolean(\.readyWhenStale, inverted: false),
                "/readyz stays 200 after a reload was refused (the old registry serving)"),
            Flag(
                "--max-registry-bytes", .integer(\.maxRegistryBytes, 1...(1 << 40)),
                "most bytes the registry files may hold in all"),
            Flag(
                "--cors-origin", .list(\.corsOrigins), "an origin allowed by CORS, repeatable; * allows any",
                default: "none"),
        ]
    }

    /// The usage text for `--help`.
    public static var usage: String {
        var text = """
            smarttext-server: as-you-type formatting and validation for form fields, over HTTP.

            Usage: smarttext-server [options]
                   smarttext-server --check-config FILE|DIR

            Options (each also as an environment variable):

            """
        for flag in flags {
            let shown = flag.takesValue ? "\(flag.name) VALUE" : flag.name
            let help = flag.defaultText.map { "\(flag.help) (default: \($0))" } ?? flag.help
            text += "  \(shown.padding(28))\(help) [\(flag.variable)]\n"
        }
        text += "  \("--check-config [FILE|DIR]".padding(28))validate a registry (or --config) and exit\n"
        text += "  \("--list-rules".padding(28))list the formatters and validators a registry can name\n"
        text += "  \("--help".padding(28))show this text\n"
        text += "  \("--version".padding(28))show the version\n"
        return text
    }

    /// Parses flags and environment variables.
    public static func parse(arguments: [String], environment: (String) -> String?) throws(UsageError)
        -> ServerCommand
    {
        var config = ServerConfiguration()
        let flags = flags
        for flag in flags {
            if let value = environment(flag.variable) {
                // A boolean variable's value is checked under the variable's name.
                try flag.apply(flag.takesValue ? value : String(Flag.boolean(value, flag.variable)), to: &config)
            }
        }
        // Environment values of a repeatable flag are replaced, not extended, by flags.
        var repeatedFlagsSeen: Set<String> = []
        var check = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--version" { return .version }
            if argument == "--list-rules" { return .listRules }
            if argument == "--check-config" {
                check = true
                if index < arguments.count, !arguments[index].hasPrefix("--") {
                    config.configPath = arguments[index]
                    index += 1
                }
                continue
            }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let flag = flags.first(where: { $0.name == name }) else {
                throw UsageError(description: "unknown option \"\(argument)\" (see --help)")
            }
            var value: String
            if flag.takesValue {
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError(description: "\(name) needs a value (see --help)")
                    }
                    value = arguments[index]
                    index += 1
                }
            } else {
                value = inlineValue ?? "true"
            }
            if case .list(let path) = flag.setting, repeatedFlagsSeen.insert(name).inserted {
                config[keyPath: path] = []
            }
            try flag.apply(value, to: &config)
        }
        if check {
            guard config.configPath != nil else {
                throw UsageError(description: "--check-config needs a FILE or DIR (or --config)")
            }
            return .checkConfig(config)
        }
        return .serve(config)
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
