import SmartTextSupport

/// `trim`: removes leading white space; trailing white space is removed once the
/// user leaves the field (`blur`, `submit`), so that typing "John Smith" one
/// character at a time gives the same text as pasting it.
public struct TrimFormatter: TextFormatter {
    public let name = "trim"

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        guard let first = input.firstIndex(where: { !$0.isSpace }) else { return Formatted() }
        var end = input.count
        if context.final {
            while end > first && input[end - 1].isSpace { end -= 1 }
        }
        var output = Formatted()
        output.reserve(end - first)
        for index in first..<end { output.keep(input[index], from: index) }
        return output
    }
}

/// `trimStart`: removes leading white space.
public struct TrimStartFormatter: TextFormatter {
    public let name = "trimStart"

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        guard let first = input.firstIndex(where: { !$0.isSpace }) else { return Formatted() }
        var output = Formatted()
        output.reserve(input.count - first)
        for index in first..<input.count { output.keep(input[index], from: index) }
        return output
    }
}

/// `collapseWhitespace`: every run of white space becomes one space.
public struct CollapseWhitespaceFormatter: TextFormatter {
    public let name = "collapseWhitespace"

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var output = Formatted()
        output.reserve(input.count)
        var previousWasSpace = false
        for (index, scalar) in input.enumerated() {
            if scalar.isSpace {
                if !previousWasSpace { output.keep(" ", from: index) }
                previousWasSpace = true
            } else {
                output.keep(scalar, from: index)
                previousWasSpace = false
            }
        }
        return output
    }
}

/// `removeWhitespace`: drops every white-space character.
public struct RemoveWhitespaceFormatter: TextFormatter {
    public let name = "removeWhitespace"
    public var acceptedCharacters: AcceptedCharacters { .anythingButWhitespace }

    public init() {}

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var output = Formatted()
        output.reserve(input.count)
        for (index, scalar) in input.enumerated() where !scalar.isSpace {
            output.keep(scalar, from: index)
        }
        return output
    }
}
