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
        var (formatted, owner) = choose(input, context: context)
        // A layout that drops characters or keeps some out of place may not be the one its own text chooses
        // (without the characters it dropped, another pattern may keep the rest in place): its text is laid
        // out again until it chooses itself, so that formatting the answer gives it back (rule 9).
        for _ in 0..<2 where !formatted.unexpected.isEmpty {
            var again = context
            again.fresh = formatted.freshOutput(of: context.fresh)
            let (next, nextOwner) = choose(formatted.scalars, context: again)
            guard next.scalars != formatted.scalars else { break }
            // What this layout dropped stays dropped; what it kept out of place, the next one places.
            var kept = Set<Int>()
            for source in formatted.sources { if let index = source.inputIndex { kept.insert(index) } }
            formatted.unexpected.removeAll(where: kept.contains)
            formatted = formatted.followed(by: next)
            owner = nextOwner
        }
        if !formatted.scalars.isEmpty { formatted.meta["mask"] = .string(choices[owner].name) }
        return formatted
    }

    /// The layout to show of `input` and the index of its pattern.
    private func choose(_ input: [Unicode.Scalar], context: FormatContext) -> (Formatted, Int) {
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
        return (candidates[best], owners[best])
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
