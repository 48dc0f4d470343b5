/// A form's fields in order with focus navigation, from `GET /v1/forms/{name}`.
public struct FormDescription: Sendable, Hashable, Codable {
    /// The keyboard's return key for a field.
    public enum ReturnKey: Sendable, Hashable {
        /// Move to the next field.
        case next
        /// The last field: submit or dismiss the keyboard.
        case done
        /// A key added to the API after this client.
        case other(String)
    }

    /// One field of the form.
    public struct Field: Sendable, Hashable, Codable {
        /// The name of the value in the form (a key of `/v1/validate`'s `values`).
        public var name: String
        /// The registry field it uses (what to send as an edit's `field`).
        public var field: String
        /// The label in the requested language.
        public var label: String
        /// A value is required.
        public var required: Bool
        /// The previous field's name, `nil` for the first.
        public var previous: String?
        /// The next field's name, `nil` for the last.
        public var next: String?
        /// The return key to show.
        public var returnKey: ReturnKey
        /// How to set up the input.
        public var hints: InputHints
    }

    /// The form's name.
    public var name: String
    /// The label in the requested language.
    public var label: String
    /// The fields, in order.
    public var fields: [Field]

    /// The field named `name`.
    public func field(named name: String) -> Field? {
        fields.first { $0.name == name }
    }
}

extension FormDescription.ReturnKey: Codable {
    /// The key as the API spells it.
    public var rawValue: String {
        switch self {
        case .next: "next"
        case .done: "done"
        case .other(let name): name
        }
    }

    /// Decodes the API's name.
    public init(from decoder: any Decoder) throws {
        switch try decoder.singleValueContainer().decode(String.self) {
        case "next": self = .next
        case "done": self = .done
        case let name: self = .other(name)
        }
    }

    /// Encodes the API's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
