/// A configuration mistake inside one formatter or validator, or one key.
public struct ConfigError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    init(_ error: JSONShapeError) {
        self.message = error.message
    }
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

    public init(name: String, options: JSONObject?) {
        self.name = name
        self.reader = JSONObjectReader(options ?? JSONObject())
        self.bare = options == nil
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

    /// Fails on keys outside `allowed`.
    public func allow(_ allowed: [String]) throws(ConfigError) {
        if allowed.isEmpty, let first = reader.object.keys.first {
            throw ConfigError("\(name) takes no options, found \"\(first)\"")
        }
        do {
            try reader.rejectUnknownKeys(allowed)
        } catch {
            throw ConfigError(error)
        }
    }

    /// A required string option.
    public func requiredString(_ key: String) throws(ConfigError) -> String {
        guard let text = try string(key) else {
            throw ConfigError("\(name) needs the option \"\(key)\" (a string)")
        }
        return text
    }

    /// An optional string option.
    public func string(_ key: String) throws(ConfigError) -> String? {
        do { return try reader.string(key) } catch { throw ConfigError(error) }
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
        do { return try reader.integer(key, in: bounds).map { Int($0) } } catch { throw ConfigError(error) }
    }

    /// A required integer option within bounds.
    public func requiredInteger(_ key: String, in bounds: ClosedRange<Int64>) throws(ConfigError) -> Int {
        guard let number = try integer(key, in: bounds) else {
            throw ConfigError(
                "\(name) needs the option \"\(key)\" (an integer from \(bounds.lowerBound) to \(bounds.upperBound))")
        }
        return number
    }

    /// An optional number option.
    public func number(_ key: String) throws(ConfigError) -> Double? {
        do { return try reader.number(key) } catch { throw ConfigError(error) }
    }

    /// An optional boolean option.
    public func bool(_ key: String) throws(ConfigError) -> Bool? {
        do { return try reader.bool(key) } catch { throw ConfigError(error) }
    }

    /// An optional array-of-strings option.
    public func strings(_ key: String) throws(ConfigError) -> [String]? {
        do { return try reader.strings(key) } catch { throw ConfigError(error) }
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
