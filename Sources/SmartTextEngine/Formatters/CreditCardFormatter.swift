import SmartTextSupport

/// `creditCard`: digits grouped as the brand prints them (`4242 4242 4242 4242`,
/// `4716 9895 8000 1715 211`, American Express `3782 822463 10005`, Diners Club
/// `3056 930902 5904`), at most the brand's longest length (``CardBrand/all``:
/// 19 for Visa), and `meta.brand` once the prefix tells.
///
/// `complete` (a client may move on) at the brand's longest length, or at a
/// length the brand issues from its usual length on (16 for Visa) when the
/// number passes the Luhn check: a Luhn-valid 13-digit Visa number is valid but
/// not complete, since its digits are also the start of a 16-digit one. A digit
/// typed past the brand's length is refused; when an edit elsewhere changes the
/// brand (deleting the `6` of a 19-digit UnionPay number leaves a Mastercard
/// prefix), the digits past the new brand's length stay, out of place, and the
/// number is invalid.
public struct CreditCardFormatter: TextFormatter {
    public let name = "creditCard"
    public var laysOutWholeText: Bool { true }
    /// 19 digits and four spaces.
    public var maximumLength: Int? { 23 }
    public var acceptedCharacters: AcceptedCharacters { AcceptedCharacters(digits: true, characters: [" "]) }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var digits: [Significant] = []
        digits.reserveCapacity(19)
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(19)
        var unexpected: [Int] = []
        for (index, scalar) in input.enumerated() {
            guard let digit = scalar.asciiDigit else {
                if !Separators.contains(scalar) { unexpected.append(index) }
                continue
            }
            digits.append(Significant(scalar: digit, inputIndex: index))
            scalars.append(digit)
        }
        let detected = CardBrand.detect(scalars)
        let brand = CardBrand.layoutBrand(scalars, detected: detected)
        var overflow = false
        var misfits = 0
        if digits.count > brand.maxLength {
            let extra = digits[brand.maxLength...].compactMap(\.inputIndex)
            if context.hasFresh {
                // More digits than the brand has: the insertion overflows.
                overflow = true
                digits.removeLast(digits.count - brand.maxLength)
                scalars.removeLast(scalars.count - brand.maxLength)
            } else {
                // An edit elsewhere changed the brand (deleting the 6 of a 19-digit UnionPay number): the
                // digits past its length stay, out of place.
                misfits = extra.count
            }
            unexpected = (unexpected + extra).sorted()
        }
        let gaps = brand.gaps
        var output = GroupLayout(separator: { gaps.contains($0) ? GroupLayout.space : [] }).render(digits, input: input)
        output.overflow = overflow
        output.unexpected = unexpected
        let count = scalars.count
        output.complete =
            misfits == 0
            && (count == brand.maxLength
                || (count >= brand.usualLength && brand.lengths.contains(count) && CardBrand.luhn(scalars)))
        if let detected { output.meta["brand"] = .string(detected.id) }
        return output
    }
}
