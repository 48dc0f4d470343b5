import SmartTextSupport

/// `email`: removes white space and lower-cases the domain (everything after
/// the first `@`, so that typing and pasting agree even while a second `@` is
/// typed by mistake); nothing else is touched, so non-ASCII local parts and
/// internationalized domains survive. White space inside the address
/// (`user name@example.com`) is dropped and reported as unexpected.
public struct EmailFormatter: TextFormatter {
    public let name = "email"
    public var laysOutWholeText: Bool { true }
    public var acceptedCharacters: AcceptedCharacters { .anythingButWhitespace }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        let at = input.firstIndex(of: "@")
        var output = Formatted()
        output.reserve(input.count)
        let first = input.firstIndex { !$0.isSpace } ?? input.count
        let last = input.lastIndex { !$0.isSpace } ?? 0
        for (index, scalar) in input.enumerated() {
            if scalar.isSpace {
                // Around the address, white space is formatting; inside it, it cannot be part of it.
                if index > first && index < last { output.markUnexpected(index) }
                continue
            }
            if let at, index > at {
                CaseFormatter.map(scalar, .lower) { output.keep($0, from: index) }
            } else {
                output.keep(scalar, from: index)
            }
        }
        return output
    }
}
