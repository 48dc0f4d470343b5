import SmartTextSupport

/// `cardExpiry`: `MM/YY`. A first digit from 2 to 9 can only be a month's
/// second digit, so `4` becomes `04/`; `1` waits for the next digit (or a typed
/// `/`, giving `01/`). Impossible months (`13`, `00`) are refused. The year
/// has two digits: a pasted `12/2026` keeps `12/20` and says `truncated`, as
/// typing it would (formatting never depends on how the text arrived).
public struct CardExpiryFormatter: TextFormatter {
    public let name = "cardExpiry"
    public var maximumLength: Int? { 5 }
    /// Digits, the `/`, and what a typed separator after a `1` may be.
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(digits: true, characters: ["/", "-", ".", " "])
    }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var significant: [Significant] = []
        var overflow = false
        var index = 0
        var yearDigits: [Int] = []
        // Month.
        while index < input.count && significant.count < 2 {
            let scalar = input[index].halfWidth
            defer { index += 1 }
            guard let digit = scalar.asciiDigit else {
                if significant.count == 1 && significant[0].scalar == "1" && Self.isSeparator(scalar) {
                    significant.insert(Significant(scalar: "0", inputIndex: nil), at: 0)
                }
                continue
            }
            if significant.isEmpty {
                if digit.value >= 0x32 {
                    significant = [
                        Significant(scalar: "0", inputIndex: nil), Significant(scalar: digit, inputIndex: index),
                    ]
                } else {
                    significant = [Significant(scalar: digit, inputIndex: index)]
                }
            } else {
                let first = significant[0].scalar
                let valid = (first == "0" && digit != "0") || (first == "1" && digit.value <= 0x32)
                if valid { significant.append(Significant(scalar: digit, inputIndex: index)) }
            }
        }
        // Year.
        while index < input.count {
            if input[index].asciiDigit != nil { yearDigits.append(index) }
            index += 1
        }
        for (position, inputIndex) in yearDigits.enumerated() {
            if position == 2 {
                overflow = true
                break
            }
            significant.append(Significant(scalar: input[inputIndex].asciiDigit!, inputIndex: inputIndex))
        }
        let layout = GroupLayout(
            separator: { $0 == 2 ? GroupLayout.slash : [] }, trailing: significant.count == 2 ? GroupLayout.slash : [])
        var output = layout.render(significant, input: input)
        output.overflow = overflow
        output.complete = significant.count == 4
        return output
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "/" || scalar == "-" || scalar == "." || scalar == " "
    }
}
