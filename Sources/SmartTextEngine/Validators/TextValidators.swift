import SmartTextSupport

/// `digits`: the value has only the digits 0 to 9.
public struct DigitsValidator: Validator {
    public let name = "digits"

    public init() {}

    public func check(_ input: ValidationInput) -> RuleCheck {
        input.valueScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 } ? .pass : .fail
    }

    public func message(for check: RuleCheck) -> LocalizedText { MessageCatalog.text("digits") }
}

/// `oneOf {values}`: the value is one of a list. A prefix of an allowed value
/// is `incomplete`.
public struct OneOfValidator: Validator {
    public let name = "oneOf"
    public let values: [String]

    public init(values: [String]) {
        self.values = values
    }

    public var parameters: [String: String] { ["values": values.joined(separator: ", ")] }

    public func check(_ input: ValidationInput) -> RuleCheck {
        if values.contains(input.value) { return .pass }
        return values.contains { $0.hasPrefix(input.value) } ? .tooShortSoFar : .fail
    }

    public func message(for check: RuleCheck) -> LocalizedText { MessageCatalog.text("oneOf") }
}

/// `includesLowercase`, `includesUppercase`, `includesLowerAndUppercase`,
/// `includesDigit`, `includesSymbol`: what a password must contain. Missing
/// characters can still be typed, so a failure is `incomplete`.
public struct IncludesValidator: Validator {
    /// What must be included.
    public enum Kind: String, Sendable, CaseIterable {
        case includesLowercase, includesUppercase, includesLowerAndUppercase, includesDigit, includesSymbol

        /// One line for the catalogue.
        var summary: String {
            switch self {
            case .includesLowercase: "at least one lower-case letter"
            case .includesUppercase: "at least one upper-case letter"
            case .includesLowerAndUppercase: "lower-case and upper-case letters"
            case .includesDigit: "at least one digit"
            case .includesSymbol: "at least one character that is not a letter, a digit or a space"
            }
        }
    }

    public let kind: Kind
    public var name: String { kind.rawValue }

    public init(_ kind: Kind) {
        self.kind = kind
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        let scalars = input.valueScalars
        // ASCII answered without Unicode's property tables (a–z and A–Z are its only cased letters).
        let lower = {
            scalars.contains { $0.value < 0x80 ? $0.value >= 0x61 && $0.value <= 0x7A : $0.properties.isLowercase }
        }
        let upper = {
            scalars.contains { $0.value < 0x80 ? $0.value >= 0x41 && $0.value <= 0x5A : $0.properties.isUppercase }
        }
        let passes: Bool
        switch kind {
        case .includesLowercase: passes = lower()
        case .includesUppercase: passes = upper()
        case .includesLowerAndUppercase: passes = lower() && upper()
        case .includesDigit: passes = scalars.contains { $0.asciiDigit != nil }
        case .includesSymbol:
            passes = scalars.contains {
                !$0.isLetter && $0.asciiDigit == nil && !$0.isSpace && $0.properties.numericType == nil
            }
        }
        return passes ? .pass : .tooShortSoFar
    }

    public func message(for check: RuleCheck) -> LocalizedText { MessageCatalog.text(kind.rawValue) }
}

/// `matchesField {field}` (forms only): the value equals another field's
/// value. While it is still a beginning of the other value it is `incomplete`
/// (typing a confirmation does not shout at every keystroke).
public struct MatchesFieldValidator: Validator {
    public let name = "matchesField"
    public var usesFormValues: Bool { true }
    /// The other field's name in the form.
    public let field: String
    /// The other field's label, for the message.
    public let otherLabel: LocalizedText

    public init(field: String, otherLabel: LocalizedText) {
        self.field = field
        self.otherLabel = otherLabel
    }

    public var localizedParameters: [String: LocalizedText] { ["field": otherLabel] }

    public func check(_ input: ValidationInput) -> RuleCheck {
        let other = input.formValues[field] ?? ""
        if input.value == other { return .pass }
        return other.hasPrefix(input.value) ? .tooShortSoFar : .fail
    }

    public func message(for check: RuleCheck) -> LocalizedText { MessageCatalog.text("matchesField") }
}
