import SmartTextSupport

/// A significant scalar chosen by a formatter, with where it came from.
package struct Significant: Sendable {
    package var scalar: Unicode.Scalar
    /// The input index, or nil for a synthesized scalar.
    package var inputIndex: Int?

    package init(scalar: Unicode.Scalar, inputIndex: Int?) {
        self.scalar = scalar
        self.inputIndex = inputIndex
    }
}

/// Lays significant scalars out with literals between them, matching each
/// literal to the same character where the input already has it (so a typed
/// or pasted separator is consumed, not duplicated, and the caret can pass it).
///
/// Card numbers, IBANs, expiry dates and number grouping all share this.
package struct GroupLayout {
    /// Literals before the first significant scalar (the `(` of `(201) 555`).
    var leading: [Unicode.Scalar]
    /// Literals placed before significant scalar `k` (k ≥ 1), e.g. a space every four digits.
    var separator: (Int) -> [Unicode.Scalar]
    /// Literals after the last significant scalar (a completed `MM` gets its `/`).
    var trailing: [Unicode.Scalar]

    /// One space, one slash: separators shared rather than allocated per position.
    package static let space: [Unicode.Scalar] = [" "]
    package static let slash: [Unicode.Scalar] = ["/"]

    package init(
        leading: [Unicode.Scalar] = [], separator: @escaping (Int) -> [Unicode.Scalar], trailing: [Unicode.Scalar] = []
    ) {
        self.leading = leading
        self.separator = separator
        self.trailing = trailing
    }

    package func render(_ significant: [Significant], input: [Unicode.Scalar]) -> Formatted {
        var output = Formatted()
        output.reserve(significant.count * 2)
        var searchFrom = 0
        if let first = significant.first {
            placeLiterals(
                leading, into: &output, input: input, from: &searchFrom, before: first.inputIndex ?? input.count)
        }
        for (position, item) in significant.enumerated() {
            if position > 0 {
                // Only input before the next character that has a place in it (a padding `0` has none: the
                // separator after `21` in `216/0`, laid out `21/06/0`, is not the `/` typed after the `6`).
                var limit = input.count
                var next = position
                while next < significant.count {
                    if let index = significant[next].inputIndex {
                        limit = index
                        break
                    }
                    next += 1
                }
                placeLiterals(separator(position), into: &output, input: input, from: &searchFrom, before: limit)
            }
            if let index = item.inputIndex {
                output.keep(item.scalar, from: index)
                searchFrom = max(searchFrom, index + 1)
            } else {
                output.synthesize(item.scalar)
            }
        }
        if !significant.isEmpty {
            placeLiterals(trailing, into: &output, input: input, from: &searchFrom, before: input.count)
        }
        return output
    }

    /// Appends `literals`, each consuming the first equal input scalar in `searchFrom..<limit`.
    private func placeLiterals(
        _ literals: [Unicode.Scalar], into output: inout Formatted, input: [Unicode.Scalar], from searchFrom: inout Int,
        before limit: Int
    ) {
        for literal in literals {
            var match: Int? = nil
            var cursor = searchFrom
            while cursor < limit {
                if input[cursor].halfWidth == literal {
                    match = cursor
                    break
                }
                cursor += 1
            }
            if let match {
                output.consume(literal, from: match)
                searchFrom = match + 1
            } else {
                output.insertLiteral(literal)
            }
        }
    }
}
