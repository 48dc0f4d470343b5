/// How a client sets up an input for a field (`nil` when the field does not say).
public struct InputHints: Sendable, Hashable, Codable {
    /// The placeholder text.
    public var placeholder: String?
    /// HTML `inputmode`.
    public var inputmode: String?
    /// HTML `autocomplete`.
    public var autocomplete: String?
    /// The `UIKeyboardType` case name (`numberPad`, `emailAddress`, …).
    public var keyboard: String?
    /// The `UITextContentType` name (`creditCardNumber`, `telephoneNumber`, …).
    public var textContentType: String?
    /// Android `inputType`.
    public var androidInputType: String?
    /// Secure (password) entry.
    public var secure: Bool
    /// The longest text the formatters produce, in characters.
    public var maxLength: Int?
    /// An example value.
    public var example: String?
}
