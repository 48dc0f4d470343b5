/// Where a text stands. A value this client does not know yet decodes as `other`.
public enum TextState: Sendable, Hashable {
    /// Nothing to submit.
    case empty
    /// Not valid yet, but typing more could make it valid.
    case incomplete
    /// Every validator passes.
    case valid
    /// More typing cannot make it valid.
    case invalid
    /// A state added to the API after this client.
    case other(String)

    /// The state as the API spells it.
    public init(rawValue: String) {
        switch rawValue {
        case "empty": self = .empty
        case "incomplete": self = .incomplete
        case "valid": self = .valid
        case "invalid": self = .invalid
        default: self = .other(rawValue)
        }
    }

    /// The API's name for the state.
    public var rawValue: String {
        switch self {
        case .empty: "empty"
        case .incomplete: "incomplete"
        case .valid: "valid"
        case .invalid: "invalid"
        case .other(let name): name
        }
    }
}

extension TextState: Codable {
    /// Decodes the API's name.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the API's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
