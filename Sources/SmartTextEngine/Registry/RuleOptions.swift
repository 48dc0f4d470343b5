import SmartTextJSON

/// A configuration mistake found outside a registry's own options reader (a
/// mask pattern or a regular expression that cannot be used).
public struct ConfigError: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// The options of one formatter or validator as written in a registry
/// (`"trim"`, or `{"mask": {"pattern": "###"}}`), read by the rule's builder.
///
/// Every reader records a mistake (wrong type, out of range, missing) in
/// ``problems`` and answers nil, so that a builder reads all of its options
/// and one rule reports all of its mistakes at once. A builder that cannot
/// build answers nil; the loader reports the problems recorded.
public struct RuleOptions: Sendable {
    /// The formatter or validator name.
    public let name: String
    /// The options object, empty for a bare name.
    public let object: JSONObject
    /// The mistakes recorded so far, in the order found.
    public private(set) var problems: [String] = []

    private let reader: JSONObjectReader

    public init(name: String, object: JSONObject = JSONObject()) {
        self.name = name
        self.object = object
        self.reader = JSONObjectReader(object)
    }

    /// Records a mistake that is not about one option's type (`min` is greater than `max`).
    public mutating func problem(_ message: String) {
        problems.append(message)
    }

    /// Runs a reader call; a mistake is recorded and reads as an absent option.
    private mutating func read<T>(_ body: (JSONObjectReader) throws(JSONShapeError) -> T?) -> T? {
        do {
            return try body(reader)
        } catch {
            problems.append(error.message)
            return nil
        }
    }

    /// Records `message` for a required option that is absent (when it is present
    /// but unreadable, its mistake is already recorded).
    private mutating func requireValue<T>(_ value: T?, _ key: String, _ message: String) -> T? {
        if value == nil && object[key] == nil { problems.append(message) }
        return value
    }

    /// An optional string option.
    public mutating func string(_ key: String) -> String? {
        read { reader throws(JSONShapeError) in try reader.string(key) }
    }

    /// A required string option.
    public mutating func requiredString(_ key: String) -> String? {
        let value = string(key)
        return requireValue(value, key, "\(name) needs the option \"\(key)\" (a string)")
    }

    /// A single-character string option.
    public mutating func character(_ key: String) -> Unicode.Scalar? {
        guard let text = string(key) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 1 else {
            problem("\(key) must be exactly one character, not \"\(text)\"")
            return nil
        }
        return scalars[0]
    }

    /// An optional integer option within bounds.
    public mutating func integer(_ key: String, in bounds: ClosedRange<Int64>) -> Int? {
        read { reader throws(JSONShapeError) in try reader.integer(key, in: bounds) }.map { Int($0) }
    }

    /// A required integer option within bounds.
    public mutating func requiredInteger(_ key: String, in bounds: ClosedRange<Int64>) -> Int? {
        let value = integer(key, in: bounds)
        return requireValue(
            value, key,
            "\(name) needs the option \"\(key)\" (an integer from \(bounds.lowerBound) to \(bounds.upperBound))")
    }

    /// An optional number option.
    public mutating func number(_ key: String) -> Double? {
        read { reader throws(JSONShapeError) in try reader.number(key) }
    }

    /// An optional boolean option.
    public mutating func bool(_ key: String) -> Bool? {
        read { reader throws(JSONShapeError) in try reader.bool(key) }
    }

    /// An optional array-of-strings option.
    public mutating func strings(_ key: String) -> [String]? {
        read { reader throws(JSONShapeError) in try reader.strings(key) }
    }

    /// An option that must be one of a type's cases.
    public mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) -> T?
    where T.RawValue == String {
        guard let text = string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            problem("\(key) must be one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(text)\"")
            return nil
        }
        return value
    }
}
