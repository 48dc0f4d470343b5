/// Where the caret was when the user made an edit, in terms the service can replay on the
/// formatted text: where the previous edit left it, the start (Home), the end (End), or the whole
/// text selected. A caret put anywhere else (a tap, an arrow key) has no anchor.
public enum CaretAnchor: String, Sendable, Hashable, Codable, CaseIterable {
    case caret, start, end, all
}

/// One edit a client made on the text it shows, without waiting for an answer.
public struct TypedEdit: Sendable, Hashable, Codable {
    /// The part of the shown text replaced, with the previous edits applied as typed.
    public var range: TextRange
    /// What replaces it; empty for a deletion.
    public var replacement: String
    /// What the user did.
    public var inputType: EditInputType?
    /// Where the caret was, when known.
    public var anchor: CaretAnchor?

    /// An edit replacing `range` with `replacement`.
    public init(range: TextRange, replacement: String, inputType: EditInputType? = nil, anchor: CaretAnchor? = nil) {
        self.range = range
        self.replacement = replacement
        self.inputType = inputType
        self.anchor = anchor
    }
}

/// The body of `POST /v1/edit` with `edits`: the edits a client made on its own text while an
/// answer was on its way, applied by the service one after another.
public struct TypedEditsRequest: Sendable, Hashable, Codable {
    /// The field configuration.
    public var field: FieldNames
    /// The text the first edit was made on (the last answer's text).
    public var text: String
    /// Where the caret was in `text` before the first edit.
    public var caret: Int?
    /// The edits, in order (at most 100).
    public var edits: [TypedEdit]
    /// Which validators report; `change` when unset.
    public var event: EditEvent?
    /// The language of the messages.
    public var locale: String?
    /// The phone region (`GB`) of fields without one, over the locale's (a country picker's choice).
    public var region: String?
    /// Echoed in the answer.
    public var seq: Int?

    /// A batch of `edits` made on `text`.
    public init(
        field: FieldNames, text: String, caret: Int? = nil, edits: [TypedEdit], event: EditEvent? = nil,
        locale: String? = nil, region: String? = nil, seq: Int? = nil
    ) {
        self.field = field
        self.text = text
        self.caret = caret
        self.edits = edits
        self.event = event
        self.locale = locale
        self.region = region
        self.seq = seq
    }
}

/// The characters typing can add to a field (`accepts` in its description): a client drops the
/// others before they show, as the service would refuse them.
public struct AcceptedCharacters: Sendable, Hashable, Codable {
    public var digits: Bool
    public var letters: Bool
    public var whitespace: Bool
    public var others: Bool
    /// Accepted whatever their class.
    public var characters: String

    /// A set of classes and characters.
    public init(digits: Bool, letters: Bool, whitespace: Bool, others: Bool, characters: String) {
        self.digits = digits
        self.letters = letters
        self.whitespace = whitespace
        self.others = others
        self.characters = characters
    }

    /// The characters of `text` the field can take, classified as the service does: a full-width
    /// ASCII form as ASCII, then a decimal digit, else a letter, else white space, else other.
    public func filter(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            var ascii = scalar
            if scalar.value >= 0xFF01 && scalar.value <= 0xFF5E {
                ascii = Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
            } else if scalar.value == 0x3000 {
                ascii = " "
            }
            let accepted: Bool
            if characters.unicodeScalars.contains(ascii) {
                accepted = true
            } else if ascii.properties.numericType == .decimal {
                accepted = digits
            } else if ascii.properties.isAlphabetic {
                accepted = letters
            } else if ascii.properties.isWhitespace {
                accepted = whitespace
            } else {
                accepted = others
            }
            if accepted { kept.append(scalar) }
        }
        return String(kept)
    }
}
