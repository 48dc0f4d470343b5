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
            for mapped in Self.map(scalar, direction) { output.keep(mapped, from: index) }
        }
        return output
    }

    static func map(_ scalar: Unicode.Scalar, _ direction: Direction) -> [Unicode.Scalar] {
        if scalar.value < 0x80 {
            let value = scalar.value
            switch direction {
            case .lower where value >= 0x41 && value <= 0x5A: return [Unicode.Scalar(value + 32)!]
            case .upper where value >= 0x61 && value <= 0x7A: return [Unicode.Scalar(value - 32)!]
            default: return [scalar]
            }
        }
        let mapping = direction == .lower ? scalar.properties.lowercaseMapping : scalar.properties.uppercaseMapping
        return Array(mapping.unicodeScalars)
    }
}
