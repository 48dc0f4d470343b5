import SmartTextJSON
import SmartTextSupport

/// A configuration mistake inside one formatter or validator, or one key.
public struct ConfigError: Error, Sendable, Equatable {
    public var message: String
    /// The mistake was already recorded in the rule's options (see `RuleOptions.problems`);
    /// thrown only to stop building the rule.
    public var isRecorded = false

    public init(_ message: String) {
        self.message = message
    }

    init(_ error: JSONShapeError) {
        self.message = error.message
    }

    static let recorded: ConfigError = {
        var error = ConfigError("")
        error.isRecorded = true
        return error
    }()
}

/// The options of one formatter or validator as written in a registry:
/// `"trim"` (no options) or `{"mask": {"pattern": "###"}}`.
public struct RuleOptions: Sendable {
    /// The formatter or validator name.
    public let name: String
    /// The options object, empty for a bare name.
    public let reader: JSONObjectReader
    /// True when written as a bare name.
    public let bare: Bool
    /// Keys every rule of this kind takes besides its own (`message` and `on` for a
    /// validator, handled by the loader), named in "expected one of".
    public let sharedKeys: [String]
    /// Mistakes found so far. Unknown keys and options of the wrong type are recorded
    /// here rather than thrown, so that one rule reports all of its mistakes at once.
    private let recorded = Locked<[String]>([])

    public init(name: String, options: JSONObject?, sharedKeys: [String] = []) {
        self.name = name
        self.reader = JSONObjectReader(options ?? JSONObject())
        self.bare = options == nil
        self.sharedKeys = sharedKeys
    }

    /// Every mistake recorded so far, in the order found.
    public var problems: [String] { recorded.withLock { $0 } }

    private func record(_ message: String) {
        recorded.withLock { $0.append(message) }
    }

    /// Runs a reader call; a mistake is recorded and reads as an absent option.
    private func read<T>(_ body: () throws(JSONShapeError) -> T?) -> T? {
        do {
            return try body()
        } catch {
            record(error.message)
            return nil
        }
    }

    /// For a required option: when the key is there, its mistake was recorded already.
    private func missing(_ key: String, _ message: String) -> ConfigError {
        reader.object[key] != nil ? .recorded : ConfigError(message)
    }

    /// Parses one element of a `formatters` or `validators` array.
    static func parse(_ value: JSONValue) throws(ConfigError) -> RuleOptions {
        switch value {
        case .string(let name):
            return RuleOptions(name: name, options: nil)
        case .object(let object):
            guard object.members.count == 1, let member = object.members.first else {
                throw ConfigError(
                    "must be a name or an object with exactly one key (the name), found keys: "
                        + object.keys.joined(separator: ", "))
            }
            guard case .object(let options) = member.value else {
                throw ConfigError(
                    "the options of \"\(member.key)\" must be an object, not \(member.value.typeDescription)")
            }
            return RuleOptions(name: member.key, options: options)
        default:
            throw ConfigError("must be a name (a string) or {\"name\": {options}}, not \(value.typeDescription)")
        }
    }

    /// Records every key outside `allowed` (and `sharedKeys`).
    public func allow(_ allowed: [String]) throws(ConfigError) {
        let expected = allowed + sharedKeys
        for key in reader.object.keys where !allowed.contains(key) {
            if expected.isEmpty {
                record("\(name) takes no options, found \"\(key)\"")
            } else {
                record("unknown key \"\(key)\"; expected one of: \(expected.joined(separator: ", "))")
            }
        }
    }

    /// A required string option.
    public func requiredString(_ key: String) throws(ConfigError) -> String {
        guard let text = try string(key) else { throw missing(key, "\(name) needs the option \"\(key)\" (a string)") }
        return text
    }

    /// An optional string option.
    public func string(_ key: String) throws(ConfigError) -> String? {
        read { () throws(JSONShapeError) in try reader.string(key) }
    }

    /// A single-character string option.
    public func character(_ key: String) throws(ConfigError) -> Unicode.Scalar? {
        guard let text = try string(key) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 1 else { throw ConfigError("\(key) must be exactly one character, not \"\(text)\"") }
        return scalars[0]
    }

    /// An optional integer option within bounds.
    public func integer(_ key: String, in bounds: ClosedRange<Int64>) throws(ConfigError) -> Int? {
        read { () throws(JSONShapeError) in try reader.integer(key, in: bounds) }.map { Int($0) }
    }

    /// A required integer option within bounds.
    public func requiredInteger(_ key: String, in bounds: ClosedRange<Int64>) throws(ConfigError) -> Int {
        guard let number = try integer(key, in: bounds) else {
            throw missing(
                key,
                "\(name) needs the option \"\(key)\" (an integer from \(bounds.lowerBound) to \(bounds.upperBound))")
        }
        return number
    }

    /// An optional number option.
    public func number(_ key: String) throws(ConfigError) -> Double? {
        read { () throws(JSONShapeError) in try reader.number(key) }
    }

    /// An optional boolean option.
    public func bool(_ key: String) throws(ConfigError) -> Bool? {
        read { () throws(JSONShapeError) in try reader.bool(key) }
    }

    /// An optional array-of-strings option.
    public func strings(_ key: String) throws(ConfigError) -> [String]? {
        read { () throws(JSONShapeError) in try reader.strings(key) }
    }

    /// An option that must be one of `choices`.
    public func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(ConfigError) -> T?
    where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            throw ConfigError(
                "\(key) must be one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
        }
        return value
    }
}
