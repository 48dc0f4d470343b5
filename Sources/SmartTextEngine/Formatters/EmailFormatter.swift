import SmartTextSupport

/// `email`: removes white space and lower-cases the domain (everything after
/// the first `@`, so that typing and pasting agree even while a second `@` is
/// typed by mistake); nothing else is touched, so non-ASCII local parts and
/// internationalized domains survive.
public struct EmailFormatter: TextFormatter {
    public let name = "email"
    public var acceptedCharacters: AcceptedCharacters { .anythingButWhitespace }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        let at = input.firstIndex(of: "@")
        var output = Formatted()
        output.reserve(input.count)
        for (index, scalar) in input.enumerated() where !scalar.isSpace {
            if let at, index > at {
                CaseFormatter.map(scalar, .lower) { output.keep($0, from: index) }
            } else {
                output.keep(scalar, from: index)
            }
        }
        return output
    }
}
