/// `lowercase` and `uppercase`: full Unicode case mapping (`ß` → `SS`); every
/// output scalar keeps the provenance of the input scalar it came from.
public struct CaseFormatter: TextFormatter {
    /// Which way to map.
    public enum Direction: Sendable {
        case lower, upper
    }

    public let direction: Direction
    public var name: String { direction == .lower ? "lowercase" : "uppercase" }

    public init(_ direction: Direction) {
        self.direction = direction
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var output = Formatted()
        output.reserve(input.count)
        for (index, scalar) in input.enumerated() {
            Self.map(scalar, direction) { output.keep($0, from: index) }
        }
        return output
    }

    /// The scalars `scalar` maps to.
    static func map(_ scalar: Unicode.Scalar, _ direction: Direction) -> [Unicode.Scalar] {
        var mapped: [Unicode.Scalar] = []
        map(scalar, direction) { mapped.append($0) }
        return mapped
    }

    /// Calls `body` with each scalar `scalar` maps to: one for ASCII (no array
    /// is made per character), any number for Unicode's full case mappings.
    @inline(__always) static func map(
        _ scalar: Unicode.Scalar, _ direction: Direction, _ body: (Unicode.Scalar) -> Void
    ) {
        let value = scalar.value
        if value < 0x80 {
            switch direction {
            case .lower where value >= 0x41 && value <= 0x5A: body(Unicode.Scalar(UInt8(value + 32)))
            case .upper where value >= 0x61 && value <= 0x7A: body(Unicode.Scalar(UInt8(value - 32)))
            default: body(scalar)
            }
            return
        }
        let mapping = direction == .lower ? scalar.properties.lowercaseMapping : scalar.properties.uppercaseMapping
        for mapped in mapping.unicodeScalars { body(mapped) }
    }
}
