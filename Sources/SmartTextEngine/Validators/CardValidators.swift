import SmartTextSupport

/// `luhn`: a card number: the Luhn (mod 10) check passes at a length its
/// brand issues (12 to 19 digits when the brand is not known), so a prefix that
/// happens to pass is not taken for a number. Shorter than the brand's longest
/// length is `incomplete`.
public struct LuhnValidator: Validator {
    public let name = "luhn"

    public init() {}

    public func check(_ input: ValidationInput) -> RuleCheck {
        let digits = input.valueScalars
        guard digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) else { return .fail }
        let brand = CardBrand.detect(digits) ?? .unknown
        if brand.lengths.contains(digits.count) && CardBrand.luhn(digits) { return .pass }
        return digits.count < brand.maxLength ? .tooShortSoFar : .fail
    }

    public func message(for check: RuleCheck) -> LocalizedText { MessageCatalog.text("luhn") }
}

/// `cardBrand {allowed}`: the card's brand (from its prefix) is one of those
/// accepted. A number too short to tell is `incomplete`.
public struct CardBrandValidator: Validator {
    public let name = "cardBrand"
    public let allowed: [String]

    /// The brand names an `allowed` list may use.
    public static var brandNames: [String] { CardBrand.all.map(\.id) }

    public init(allowed: [String]) {
        self.allowed = allowed
    }

    public var parameters: [String: String] { ["allowed": allowed.joined(separator: ", ")] }

    public func check(_ input: ValidationInput) -> RuleCheck {
        guard let brand = CardBrand.detect(input.valueScalars) else {
            return input.valueScalars.count < 6 ? .tooShortSoFar : .fail
        }
        return allowed.contains(brand.id) ? .pass : RuleCheck(valid: false, details: ["brand": .string(brand.id)])
    }

    public func message(for check: RuleCheck) -> LocalizedText { MessageCatalog.text("cardBrand") }
}

/// `cardExpiry`: `MM/YY` with a real month, not in the past (a card is valid
/// to the end of its month) and not more than 20 years ahead.
public struct CardExpiryValidator: Validator {
    public let name = "cardExpiry"

    public init() {}

    public func check(_ input: ValidationInput) -> RuleCheck {
        let digits = input.valueScalars.compactMap { $0.asciiDigit.map { Int($0.value - 0x30) } }
        if input.valueScalars.count == digits.count + 1, input.valueScalars.count >= 2, input.valueScalars[1] == "/",
            digits.count <= 3
        {
            // A month that is not whole yet, held before the year by its `/` (`4/30` after a deletion).
            return .tooShortSoFar
        }
        guard digits.count == input.valueScalars.count else { return .fail }
        guard digits.count == 4 else { return digits.count < 4 ? .tooShortSoFar : .fail }
        let month = digits[0] * 10 + digits[1]
        let year = 2000 + digits[2] * 10 + digits[3]
        guard (1...12).contains(month) else { return .fail }
        let today = input.today
        if (year, month) < (today.year, today.month) { return RuleCheck(valid: false, variant: "past") }
        if year > today.year + 20 { return .fail }
        return .pass
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.text(check.variant == "past" ? "cardExpiry.past" : "cardExpiry")
    }
}

/// `cvc {cardField}`: the card security code. In a form whose `cardField`
/// (default `credit_card`) holds a number, its brand decides: 4 digits for
/// American Express, else 3. Outside such a form, 3 digits.
public struct CVCValidator: Validator {
    public let name = "cvc"
    public var usesFormValues: Bool { true }
    public let cardField: String

    public init(cardField: String = "credit_card") {
        self.cardField = cardField
    }

    public func check(_ input: ValidationInput) -> RuleCheck {
        let digits = input.valueScalars
        guard digits.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) else { return .fail }
        // 3 digits, unless the form's card number says American Express (4).
        var length = 3
        if let card = input.formValues[cardField], let brand = CardBrand.detect(Array(card.unicodeScalars)) {
            length = brand.securityCodeLength
        }
        if digits.count == length { return .pass }
        return RuleCheck(valid: false, incomplete: digits.count < length, variant: String(length))
    }

    public func message(for check: RuleCheck) -> LocalizedText {
        MessageCatalog.text(check.variant == "4" ? "cvc.4" : "cvc")
    }
}
