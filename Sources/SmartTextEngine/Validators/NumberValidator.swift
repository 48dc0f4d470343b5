/// `number {min, max}`: the value is a number within bounds. The bounds never
/// block typing and never clamp the value: a number outside them is reported.
/// While more integer digits can still bring it within them — below a positive
/// minimum (`1` on the way to `15` with `min` 10), above a negative maximum
/// (`-1` on the way to `-15` with `max` -10) — it is `incomplete`.
public struct NumberValidator: Validator {
    public let name = "number"
    public let min: Double?
    public let max: Double?

    public init(min: Double? = nil, max: Double? = nil) {
        self.min = min
        self.max = max
    }

    public var parameters: [String: String] {
        var values: [String: String] = [:]
        if let min { values["min"] = Self.text(min) }
        if let max { values["max"] = Self.text(max) }
        return values
    }

    static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        let value = input.value
        // Nothing typed yet, or a sign or point alone: quiet while typing, as every rule is on an empty text.
        if value.isEmpty || value == "-" || value == "." || value == "-." { return .tooShortSoFar }
        guard let number = Double(value), number.isFinite,
            value.unicodeScalars.allSatisfy({ ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "." || $0 == "-" })
        else { return .fail }
        if let min, number < min {
            // More digits make a non-negative number larger (a full fraction aside).
            return RuleCheck(valid: false, incomplete: number >= 0 && !value.contains("."), variant: "min")
        }
        if let max, number > max {
            // More digits make a negative number smaller.
            return RuleCheck(valid: false, incomplete: number < 0 && max < 0 && !value.contains("."), variant: "max")
        }
        return .pass
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        switch (check.variant, min, max) {
        case (_, .some, .some): MessageCatalog.text("number.range")
        case ("min", _, _): MessageCatalog.text("number.min")
        case ("max", _, _): MessageCatalog.text("number.max")
        default: MessageCatalog.text("number")
        }
    }
}
