public import SmartTextEngine

/// `regex {pattern}`: the whole value matches the RE2 pattern (as HTML's
/// `pattern` attribute does). RE2 has no look-arounds or back-references; use
/// the `includes…` validators for "must contain a digit" rules.
public struct RegexValidator: Validator {
    public let name = "regex"
    public let expression: RegularExpression

    public init(_ expression: RegularExpression) {
        self.expression = expression
    }

    public var parameters: [String: String] { ["pattern": expression.pattern] }

    public func check(_ input: ValidationInput) -> RuleCheck {
        expression.matchesWhole(input.value) ? .pass : .fail
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.nativeRules.text("regex")
    }
}
