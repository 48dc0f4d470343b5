import SmartTextSupport

/// `notEmpty`: the value has at least one character that is not white space.
public struct NotEmptyValidator: Validator {
    public let name = "notEmpty"

    public init() {}

    public func check(_ input: ValidationInput) -> RuleCheck {
        input.valueScalars.contains { !$0.isSpace } ? .pass : .fail
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.text("notEmpty")
    }
}
