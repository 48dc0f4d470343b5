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
        switch (min, max) {
        case (let min?, let max?) where min == max:
            LocalizedText([("en", "{label} must be {min} characters long"), ("zh-Hans", "{label}须为{min}个字符")])
        case (.some, .some):
            LocalizedText([
                ("en", "{label} must be {min} to {max} characters long"), ("zh-Hans", "{label}须为{min}-{max}个字符"),
            ])
        case (.some, nil):
            LocalizedText([
                ("en", "{label} must be at least {min} characters long"), ("zh-Hans", "{label}至少需要{min}个字符"),
            ])
        default:
            LocalizedText([("en", "{label} must be at most {max} characters long"), ("zh-Hans", "{label}最多{max}个字符")])
        }
    }
}
