/// One user edit, the body of `POST /v1/edit`: the text before the edit, the range replaced and
/// the replacement. It encodes only the keys the server accepts (unset options are left out).
public struct SmartTextEdit: Sendable, Hashable, Codable {
    /// The field configuration.
    public var field: FieldNames
    /// The text before the edit.
    public var text: String
    /// The part of `text` being replaced (`start == end` for an insertion).
    public var range: TextRange
    /// What replaces the range; empty for a deletion.
    public var replacement: String
    /// What the user did; the server assumes `insertText`, or `deleteContentBackward` for an empty replacement.
    public var inputType: EditInputType?
    /// Which validators report; `change` when unset.
    public var event: EditEvent?
    /// What offsets count; UTF-16 code units when unset.
    public var units: OffsetUnits?
    /// The language of the messages (`en`, `zh-CN`, …); wins over the client's.
    public var locale: String?
    /// The phone region (`GB`) of fields without one, over the locale's (a country picker's choice).
    public var region: String?
    /// Echoed in the answer, so that answers older than the newest request can be dropped.
    public var seq: Int?

    /// An edit of `text` replacing `range` with `replacement`.
    public init(
        field: FieldNames, text: String, range: TextRange, replacement: String = "", inputType: EditInputType? = nil,
        event: EditEvent? = nil, units: OffsetUnits? = nil, locale: String? = nil, region: String? = nil,
        seq: Int? = nil
    ) {
        self.field = field
        self.text = text
        self.range = range
        self.replacement = replacement
        self.inputType = inputType
        self.event = event
        self.units = units
        self.locale = locale
        self.region = region
        self.seq = seq
    }
}
