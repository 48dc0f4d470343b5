/// A field's configuration and client hints, from `GET /v1/fields/{name}`.
public struct FieldDescription: Sendable, Hashable, Codable {
    /// The field's name.
    public var name: String
    /// The label in the requested language.
    public var label: String
    /// The label by language tag.
    public var labels: [String: String]
    /// The formatters, as in the registry.
    public var formatters: [SmartTextJSON]
    /// The validators, as in the registry.
    public var validators: [SmartTextJSON]
    /// `first` (stop at the first failing rule) or `all`.
    public var report: String
    /// `deletePrevious` or `moveCaret`: what backspace after a separator does.
    public var backspace: String
    /// How to set up the input.
    public var hints: InputHints
    /// The characters typing can add (nil from a service older than this client).
    public var accepts: AcceptedCharacters?
}
