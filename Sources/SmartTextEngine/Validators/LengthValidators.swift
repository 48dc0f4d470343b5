import SmartTextSupport

/// `minLength {min}`, `maxLength {max}` and `length {min, max}`: the value's
/// length in user-perceived characters (grapheme clusters). Too short is
/// `incomplete` (typing more fixes it); too long is invalid.
public struct LengthValidator: Validator {
    public let name: String
    public let min: Int?
    public let max: Int?

    public init(name: String, min: Int?, max: Int?) {
        self.name = name
        self.min = min
        self.max = max
    }

    public var parameters: [String: String] {
        var values: [String: String] = [:]
        if let min { values["min"] = String(min) }
        if let max { values["max"] = String(max) }
        return values
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        let count = TextUnits.clusterCount(input.valueScalars)
        if let min, count < min { return .tooShortSoFar }
        if let max, count > max { return .fail }
        return .pass
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        switch (name, min, max) {
        case ("minLength", _, _): MessageCatalog.text("minLength")
        case ("maxLength", _, _): MessageCatalog.text("maxLength")
        case (_, let min?, let max?) where min == max: MessageCatalog.text("length.exact")
        case (_, .some, .some): MessageCatalog.text("length.range")
        case (_, .some, nil): MessageCatalog.text("length.min")
        default: MessageCatalog.text("length.max")
        }
    }
}
