import SmartTextClient

/// How a text field is set up for a field of the registry, from `GET /v1/fields/{name}`: what
/// `UISmartTextField` and `SmartTextField` apply to the platform's text field.
public struct SmartTextFieldConfiguration: Sendable, Hashable {
    /// The registry field's name.
    public var field: String
    /// Its label in the requested language.
    public var label: String
    /// The placeholder to show while the field is empty.
    public var placeholder: String?
    /// The keyboard, as UIKit's `UIKeyboardType` names it (`numberPad`, `emailAddress`, …).
    public var keyboard: String?
    /// The content type, as UIKit's `UITextContentType` names it (`creditCardNumber`, …).
    public var textContentType: String?
    /// Whether the text is hidden (a password).
    public var isSecure: Bool
    /// The most characters the text can have, when the field says.
    public var maxLength: Int?
    /// The characters typing can add; others never show.
    public var accepts: AcceptedCharacters?

    /// The configuration a field's description gives.
    public init(_ description: FieldDescription) {
        field = description.name
        label = description.label
        placeholder = description.hints.placeholder
        keyboard = description.hints.keyboard
        textContentType = description.hints.textContentType
        isSecure = description.hints.secure
        maxLength = description.hints.maxLength
        accepts = description.accepts
    }
}
