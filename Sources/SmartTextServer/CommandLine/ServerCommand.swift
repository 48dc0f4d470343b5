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

extension ServerCommand {
    /// One flag: its name, whether it takes a value, and its help line.
    private struct Option: Sendable {
        var name: String
        var takesValue: Bool
        var help: String

        /// The environment variable: `--max-body` → `SMARTTEXT_MAX_BODY`.
        var variable: String {
            "SMARTTEXT_" + name.dropFirst(2).uppercased().replacing("-", with: "_")
        }
    }

    private static let options: [Option] = [
        Option(name: "--host", takesValue: true, help: "address to bind (default 0.0.0.0)"),
        Option(name: "--port", takesValue: true, help: "port, 0 for any free one (default 8080)"),
        Option(name: "--config", takesValue: true, help: "registry FILE or DIR (default: the built-in registry)"),
        Option(name: "--threads", takesValue: true, help: "HTTP threads (default: the CPUs the container may use)"),
        Option(name: "--max-body", takesValue: true, help: "largest request body in bytes (default 65536)"),
        Option(name: "--max-text", takesValue: true, help: "longest text in UTF-16 code units (default 10000)"),
        Option(
            name: "--timeout", takesValue: true,
            help: "seconds an idle connection stays open, and a request has to arrive whole (default 10)"),
        Option(name: "--max-connections", takesValue: true, help: "most simultaneous connections (default 256)"),
        Option(
            name: "--max-connections-per-client", takesValue: true,
            help: "most simultaneous connections from one address (default 0: no limit)"),
        Option(name: "--access-log", takesValue: false, help: "write one line per request to standard output"),
        Option(name: "--no-builtin", takesValue: false, help: "do not include the built-in registry"),
        Option(name: "--watch", takesValue: false, help: "reload when the registry file or folder changes"),
        Option(
            name: "--cors-origin", takesValue: true,
            help: "an origin allowed by CORS, repeatable; * allows any (default: none)"),
    ]

    /// Applies one flag's value.
    private static func apply(_ name: String, _ value: String, to config: inout ServerConfiguration)
        throws(UsageError)
    {
        switch name {
        case "--host": config.host = value
        case "--port": config.port = try integer(value, name, 0...65535)
        case "--config": config.configPath = value
        case "--threads": config.threads = try integer(value, name, 1...256)
        case "--max-body": config.maxBody = try integer(value, name, 64...(64 << 20))
        case "--max-text": config.maxText = try integer(value, name, 1...10_000_000)
        case "--timeout": config.timeout = try integer(value, name, 1...3600)
        case "--max-connections": config.maxConnections = try integer(value, name, 1...1_000_000)
        case "--max-connections-per-client": config.maxConnectionsPerClient = try integer(value, name, 0...1_000_000)
        case "--access-log": config.accessLog = try boolean(value, name)
        case "--no-builtin": config.builtin = !(try boolean(value, name))
        case "--watch": config.watch = try boolean(value, name)
        case "--cors-origin":
            config.corsOrigins += value.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        default: throw UsageError(description: "unknown option \"\(name)\" (see --help)")
        }
    }

    /// The usage text for `--help`.
    public static var usage: String {
        var text = """
            smarttext-server: as-you-type formatting and validation for form fields, over HTTP.

            Usage: smarttext-server [options]
                   smarttext-server --check-config FILE|DIR

            Options (each also as an environment variable):

            """
        for option in options {
            let flag = option.takesValue ? "\(option.name) VALUE" : option.name
            text += "  \(flag.padding(28))\(option.help) [\(option.variable)]\n"
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
        for option in options {
            if let value = environment(option.variable) {
                try apply(
                    option.name, option.takesValue ? value : normalizedBoolean(value, option.variable), to: &config)
            }
        }
        // Environment values of a repeatable flag are replaced, not extended, by flags.
        var corsOriginFlagSeen = false
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
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(description: "unknown option \"\(argument)\" (see --help)")
            }
            var value: String
            if option.takesValue {
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
            if name == "--cors-origin" && !corsOriginFlagSeen {
                corsOriginFlagSeen = true
                config.corsOrigins = []
            }
            try apply(option.name, value, to: &config)
        }
        if check {
            guard config.configPath != nil else {
                throw UsageError(description: "--check-config needs a FILE or DIR (or --config)")
            }
            return .checkConfig(config)
        }
        return .serve(config)
    }

    private static func integer(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                description:
                    "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return value
    }

    private static func boolean(_ text: String, _ name: String) throws(UsageError) -> Bool {
        switch text.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off", "": return false
        default: throw UsageError(description: "\(name) must be true or false, not \"\(text)\"")
        }
    }

    private static func normalizedBoolean(_ value: String, _ name: String) throws(UsageError) -> String {
        try boolean(value, name) ? "true" : "false"
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
