import SmartTextJSON

/// `mask {patterns}`: one of several patterns, chosen by what is typed (CPF `###.###.###-##` or CNPJ
/// `##.###.###/####-##` by length; a plate of letters or digits by the kind of its first character; a card
/// number by its first digits, with `startsWith`). The text is laid out in the pattern that keeps what is typed
/// as typing it one character at a time would (``MaskFormatter/bestLayout(_:)``, as optional parts choose), the
/// first listed among those that do as well, and re-laid as it changes; `meta.mask` names the pattern.
public struct MaskAlternatives: TextFormatter {
    /// One pattern of the list.
    public struct Choice: Sendable {
        public var mask: MaskFormatter
        /// What `meta.mask` says when the text is laid out in it (its pattern when not named).
        public var name: String
        /// The beginnings of the value it takes (`["34", "37"]`), empty for any: while what is typed is not
        /// one of them nor the start of one, the pattern is not chosen.
        public var startsWith: [String]

        public init(mask: MaskFormatter, name: String? = nil, startsWith: [String] = []) {
            self.mask = mask
            self.name = name ?? mask.pattern
            self.startsWith = startsWith
        }
    }

    public let name = "mask"
    public let choices: [Choice]
    public var laysOutWholeText: Bool { true }
    public var maximumLength: Int? { choices.compactMap(\.mask.maximumLength).max() }

    public init(_ choices: [Choice]) {
        self.choices = choices
    }

    /// What any of the patterns accepts.
    public var acceptedCharacters: AcceptedCharacters {
        let all = choices.map(\.mask.acceptedCharacters)
        return AcceptedCharacters(
            digits: all.contains(where: \.digits), letters: all.contains(where: \.letters),
            characters: all.flatMap(\.characters))
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var candidates: [Formatted] = []
        var owners: [Int] = []
        for (index, choice) in choices.enumerated() {
            let formatted = choice.mask.format(input, context: context)
            if Self.admits(choice, formatted) {
                candidates.append(formatted)
                owners.append(index)
            }
        }
        if candidates.isEmpty {
            // No pattern's beginning fits what is typed: the first pattern's layout, as without `startsWith`.
            candidates = [choices[0].mask.format(input, context: context)]
            owners = [0]
        }
        let best = MaskFormatter.bestLayout(candidates, context: context)
        var formatted = candidates[best]
        if !formatted.scalars.isEmpty { formatted.meta["mask"] = .string(choices[owners[best]].name) }
        return formatted
    }

    /// True when `choice` may lay out `formatted` (its own formatting): it has no `startsWith`, or the value so
    /// far and one of them begin alike.
    static func admits(_ choice: Choice, _ formatted: Formatted) -> Bool {
        guard !choice.startsWith.isEmpty else { return true }
        var value: [Unicode.Scalar] = []
        for (scalar, source) in zip(formatted.scalars, formatted.sources) where source.isKept { value.append(scalar) }
        return choice.startsWith.contains { prefix in
            let prefix = Array(prefix.unicodeScalars)
            let common = min(prefix.count, value.count)
            return value[..<common].elementsEqual(prefix[..<common])
        }
    }
}
