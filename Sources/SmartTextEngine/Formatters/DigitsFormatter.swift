import SmartTextSupport

/// `digits`: keeps decimal digits only, any script's digits normalized to ASCII
/// (full-width `１３８` from a Chinese IME becomes `138`). Separators and white
/// space are dropped as formatting; anything else dropped (`1a2`) is reported
/// as unexpected.
public struct DigitsFormatter: TextFormatter {
    public let name = "digits"
    public var acceptedCharacters: AcceptedCharacters { AcceptedCharacters(digits: true) }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var output = Formatted()
        output.reserve(input.count)
        for (index, scalar) in input.enumerated() {
            if let digit = scalar.asciiDigit {
                output.keep(digit, from: index)
            } else if !Separators.contains(scalar) {
                output.markUnexpected(index)
            }
        }
        return output
    }
}
