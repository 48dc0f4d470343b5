/// A whole form, or several loose fields, to check at once: the body of `POST /v1/validate`.
public struct ValidateRequest: Sendable, Hashable, Codable {
    /// A form name; without one, each key of `values` is a field name.
    public var form: String?
    /// The texts, by form field (or field) name.
    public var values: [String: String]
    /// Which validators report; `submit` when unset.
    public var event: EditEvent?
    /// The language of the messages; wins over the client's.
    public var locale: String?
    /// The phone region (`GB`) of fields without one, over the locale's (a country picker's choice).
    public var region: String?

    /// A request to check `values`.
    public init(
        form: String? = nil, values: [String: String], event: EditEvent? = nil, locale: String? = nil,
        region: String? = nil
    ) {
        self.form = form
        self.values = values
        self.event = event
        self.locale = locale
        self.region = region
    }
}
