import SmartTextSupport

/// The characters a formatter can take from what is typed: keep as part of
/// the value, or consume as one of its literals. Typing a character outside
/// the set never changes the text (the edit is refused), so a client may drop
/// such a character at once, without waiting for the service.
///
/// A character is classified once, after mapping a full-width ASCII form to
/// ASCII (`１` → `1`, `＋` → `+`): a **digit** is any Unicode decimal digit
/// (`Nd`), a **letter** any other alphabetic character, **white space** any
/// other `White_Space` character, and **other** everything else. It is
/// accepted when its class is, or when it is one of ``characters``. The set
/// errs on the side of accepting: a client must never refuse what the service
/// would keep.
public struct AcceptedCharacters: Sendable, Equatable {
    public var digits: Bool
    public var letters: Bool
    public var whitespace: Bool
    public var others: Bool
    /// Accepted whatever their class (literals of a layout, a sign, a decimal point), sorted.
    public var characters: [Unicode.Scalar]

    public init(
        digits: Bool = false, letters: Bool = false, whitespace: Bool = false, others: Bool = false,
        characters: [Unicode.Scalar] = []
    ) {
        self.digits = digits
        self.letters = letters
        self.whitespace = whitespace
        self.others = others
        self.characters = Array(Set(characters.map(\.halfWidth))).sorted { $0.value < $1.value }
    }

    /// Every character.
    public static let anything = AcceptedCharacters(digits: true, letters: true, whitespace: true, others: true)
    /// Every character but white space.
    public static let anythingButWhitespace = AcceptedCharacters(digits: true, letters: true, others: true)

    /// True when every character is accepted.
    public var isEverything: Bool { digits && letters && whitespace && others }

    /// True when typing `scalar` can change the text.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        let character = scalar.halfWidth
        if characters.contains(character) { return true }
        if character.properties.numericType == .decimal { return digits }
        if character.properties.isAlphabetic { return letters }
        if character.properties.isWhitespace { return whitespace }
        return others
    }

    /// What a pipeline accepts: a character must get through this formatter and the next.
    public func intersection(_ other: AcceptedCharacters) -> AcceptedCharacters {
        let explicit = (characters + other.characters).filter { contains($0) && other.contains($0) }
        return AcceptedCharacters(
            digits: digits && other.digits, letters: letters && other.letters,
            whitespace: whitespace && other.whitespace, others: others && other.others, characters: explicit)
    }
}
