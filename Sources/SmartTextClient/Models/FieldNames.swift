/// The field configuration an edit uses: one name, or several composed in order
/// (formatters chained, validators concatenated). Write it as a literal: `"phone_cn"`
/// or `["full_name", "username"]`.
public enum FieldNames: Sendable, Hashable {
    /// One configuration name.
    case name(String)
    /// Several names, applied in order.
    case names([String])

    /// The names, in order.
    public var all: [String] {
        switch self {
        case .name(let name): [name]
        case .names(let names): names
        }
    }
}

extension FieldNames: ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// One name.
    public init(stringLiteral value: String) { self = .name(value) }
    /// Several names.
    public init(arrayLiteral elements: String...) { self = .names(elements) }
}

extension FieldNames: Codable {
    /// Decodes a name or an array of names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let name = try? container.decode(String.self) {
            self = .name(name)
        } else {
            self = .names(try container.decode([String].self))
        }
    }

    /// Encodes a name as a string and several as an array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .name(let name): try container.encode(name)
        case .names(let names): try container.encode(names)
        }
    }
}
