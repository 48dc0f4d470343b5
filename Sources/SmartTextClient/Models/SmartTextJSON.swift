/// Any JSON value: the `meta` of an answer, a rule's extra members, a field's formatters and validators.
public enum SmartTextJSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SmartTextJSON])
    /// An object.
    case object([String: SmartTextJSON])

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number, when this is one.
    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The Boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> SmartTextJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension SmartTextJSON: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([SmartTextJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: SmartTextJSON].self))
        }
    }

    /// Encodes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }
}

extension SmartTextJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// An array.
    public init(arrayLiteral elements: SmartTextJSON...) { self = .array(elements) }
    /// An object.
    public init(dictionaryLiteral elements: (String, SmartTextJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}
