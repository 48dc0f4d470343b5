import SmartTextJSON
import SmartTextSupport

/// The text of one registry file.
public struct RegistrySource: Sendable {
    /// The file's path, as shown in error messages.
    public var name: String
    public var bytes: [UInt8]
    /// The built-in registry: user files may redefine its names.
    public var isBuiltin: Bool

    public init(name: String, bytes: [UInt8], isBuiltin: Bool = false) {
        self.name = name
        self.bytes = bytes
        self.isBuiltin = isBuiltin
    }
}

/// One mistake in a registry, located by file, field or form, and rule.
public struct RegistryProblem: Sendable, Equatable, CustomStringConvertible {
    /// The file (with `:line:column` for a syntax error).
    public var file: String
    /// `field "phone_de"` or `form "signup"`, when the mistake is inside one.
    public var subject: String?
    /// `validators[1] (phone)`, when the mistake is inside one rule or key.
    public var rule: String?
    public var message: String

    public init(file: String, subject: String? = nil, rule: String? = nil, message: String) {
        self.file = file
        self.subject = subject
        self.rule = rule
        self.message = message
    }

    /// One line: `file: field "x", validators[1] (phone): message`.
    public var description: String {
        var place = file
        if let subject { place += ": \(subject)" }
        if let rule { place += subject == nil ? ": \(rule)" : ", \(rule)" }
        return "\(place): \(message)"
    }
}

/// A registry that cannot be used, with every problem found (not only the first).
public struct RegistryError: Error, Sendable, CustomStringConvertible {
    public var problems: [RegistryProblem]

    public init(problems: [RegistryProblem]) {
        self.problems = problems
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Builds a ``Registry`` from registry files, in two phases: the files are
/// decoded into a typed model (`RegistryDecoder`: shape, names, keys), then
/// `extends` is resolved and fields and forms are built (`RegistryBuilder`:
/// option values, references). Every problem of both phases is reported, in
/// the order of the definitions it is about.
public enum RegistryLoader {
    /// Loads and validates sources (the built-in one, when wanted, first),
    /// building their rules from `catalog`.
    public static func load(_ sources: [RegistrySource], catalog: RuleCatalog) throws(RegistryError) -> Registry {
        var decoder = RegistryDecoder(catalog: catalog)
        let document = decoder.decode(sources)
        var builder = RegistryBuilder(catalog: catalog, diagnostics: decoder.diagnostics)
        let registry = builder.build(document, version: version(of: sources, declared: document.declaredVersions))
        guard let registry else { throw RegistryError(problems: builder.diagnostics.problems) }
        return registry
    }

    /// The registry version: the files' own `version`s when every user file
    /// has one, else a hash of their content; the built-in version is appended
    /// when the built-in registry is part of it.
    static func version(of sources: [RegistrySource], declared: [String: String]) -> String {
        let user = sources.filter { !$0.isBuiltin }
        let builtin = sources.first(where: \.isBuiltin).map { declared[$0.name] ?? "builtin" }
        guard !user.isEmpty else { return builtin ?? "empty" }
        var userVersion: String
        let versions = user.compactMap { declared[$0.name] }
        if versions.count == user.count {
            userVersion = versions.joined(separator: "+")
        } else {
            var hash = FNV1a()
            for source in user {
                hash.add(Array(source.name.utf8))
                hash.add(source.bytes)
            }
            userVersion = "sha-\(hash.hex)"
        }
        if let builtin { userVersion += "+builtin.\(builtin)" }
        return userVersion
    }
}

/// FNV-1a, 64 bits: a content hash for registry versions (not for security).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
