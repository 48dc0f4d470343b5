/// A rule that failed and reports on the request's event.
public struct RuleFailure: Sendable, Hashable, Codable {
    /// The rule's name (`notEmpty`, `luhn`, `matchesField`, …).
    public var rule: String
    /// The message to show, in the requested language.
    public var message: String
}

/// One evaluated rule, passing or not. Members some rules add (a password's `score` and
/// `feedback`) and members added to the API later are kept in `extra`.
public struct RuleOutcome: Sendable, Hashable {
    /// The rule's name.
    public var rule: String
    /// The rule passes.
    public var valid: Bool
    /// The rule's message, in the requested language.
    public var message: String
    /// Every other member.
    public var extra: [String: SmartTextJSON]
}

extension RuleOutcome: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static let known: Set<String> = ["rule", "valid", "message"]

    /// Decodes the known members and keeps the others in `extra`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        rule = try container.decode(String.self, forKey: Key(stringValue: "rule"))
        valid = try container.decode(Bool.self, forKey: Key(stringValue: "valid"))
        message = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "message")) ?? ""
        var extra: [String: SmartTextJSON] = [:]
        for key in container.allKeys where !Self.known.contains(key.stringValue) {
            extra[key.stringValue] = try container.decode(SmartTextJSON.self, forKey: key)
        }
        self.extra = extra
    }

    /// Encodes the members as the API spells them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in extra where !Self.known.contains(key) {
            try container.encode(value, forKey: Key(stringValue: key))
        }
        try container.encode(rule, forKey: Key(stringValue: "rule"))
        try container.encode(valid, forKey: Key(stringValue: "valid"))
        try container.encode(message, forKey: Key(stringValue: "message"))
    }
}
