/// One field of a form, in order.
public struct FormField: Sendable {
    /// The name of the value in the form (`password_confirm`).
    public let name: String
    /// The field configuration used, with the form's overrides applied.
    public let field: Field
    /// The registry field it is based on (`password` for `password_confirm`).
    public let source: String
    /// A missing value is an error.
    public let required: Bool
}

/// A form: its fields in order, for `/v1/validate` and focus navigation.
public struct Form: Sendable {
    public let name: String
    public let label: LocalizedText?
    public let fields: [FormField]

    /// The form field named `name`.
    public func field(named name: String) -> FormField? { fields.first { $0.name == name } }
}

/// The field and form configurations a server answers with. Immutable: a
/// reload builds a new registry and swaps it in.
public struct Registry: Sendable {
    /// Identifies the configuration (from the files' `version`, or a hash of their content).
    public let version: String
    /// Fields by name.
    public let fields: [String: Field]
    /// Forms by name.
    public let forms: [String: Form]

    /// The currencies the fields write amounts in (ISO 4217), sorted: the locale conventions of a
    /// request say how its locale writes each.
    public let currencyCodes: [String]

    public init(version: String, fields: [String: Field], forms: [String: Form]) {
        self.version = version
        self.fields = fields
        self.forms = forms
        self.currencyCodes = Set(fields.values.flatMap { $0.formatter.formatters.compactMap(\.currencyCode) }).sorted()
    }

    /// Field names, sorted.
    public var fieldNames: [String] { fields.keys.sorted() }
    /// Form names, sorted.
    public var formNames: [String] { forms.keys.sorted() }

    /// A field, or several composed in order (formatters chained, validators concatenated).
    public func field(_ names: [String]) throws(UnknownNameError) -> Field {
        if names.count == 1 {
            guard let field = fields[names[0]] else { throw UnknownNameError(kind: "field", name: names[0]) }
            return field
        }
        var resolved: [Field] = []
        resolved.reserveCapacity(names.count)
        for name in names {
            guard let field = fields[name] else { throw UnknownNameError(kind: "field", name: name) }
            resolved.append(field)
        }
        return Field.composed(resolved)
    }
}

/// A request named a field or form the registry does not have.
public struct UnknownNameError: Error, Sendable, Equatable {
    /// "field" or "form".
    public var kind: String
    public var name: String

    public init(kind: String, name: String) {
        self.kind = kind
        self.name = name
    }
}
