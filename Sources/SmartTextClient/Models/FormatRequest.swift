/// A whole text to format and validate, the body of `POST /v1/format` (paste, prefill, blur).
public struct FormatRequest: Sendable, Hashable, Codable {
    /// The field configuration.
    public var field: FieldNames
    /// The text.
    public var text: String
    /// Which validators report; `change` when unset.
    public var event: EditEvent?
    /// What offsets count; UTF-16 code units when unset.
    public var units: OffsetUnits?
    /// The language of the messages; wins over the client's.
    public var locale: String?
    /// The phone region (`GB`) of fields without one, over the locale's (a country picker's choice).
    public var region: String?
    /// Echoed in the answer.
    public var seq: Int?

    /// A request to format `text`.
    public init(
        field: FieldNames, text: String, event: EditEvent? = nil, units: OffsetUnits? = nil, locale: String? = nil,
        region: String? = nil, seq: Int? = nil
    ) {
        self.field = field
        self.text = text
        self.event = event
        self.units = units
        self.locale = locale
        self.region = region
        self.seq = seq
    }
}
