import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client for a SmartText service: edits, formatting, validation and discovery over HTTP.
///
/// ```swift
/// let client = SmartTextClient(baseURL: URL(string: "https://smarttext.example.com")!, locale: "zh-CN")
/// let answer = try await client.format(field: "phone_cn", text: "13800138000")
/// print(answer.text)  // 138 0013 8000
/// ```
///
/// Every method throws only ``SmartTextError``.
public struct SmartTextClient: Sendable {
    /// The service's address (`https://host/` or a prefix such as `https://host/smarttext/`).
    public let baseURL: URL
    /// The session requests go through.
    public let session: URLSession
    /// The language of the messages (`en`, `zh-CN`, …), sent as `Accept-Language`; `nil` for the
    /// service's default (English). A request's own `locale` wins over it.
    public let locale: String?

    /// A client for the service at `baseURL`.
    public init(baseURL: URL, session: URLSession = .shared, locale: String? = nil) {
        self.baseURL = baseURL
        self.session = session
        self.locale = locale
    }

    // MARK: - Editing

    /// Sends one user edit (`POST /v1/edit`).
    public func edit(_ edit: SmartTextEdit) async throws -> EditAnswer {
        try await post(["v1", "edit"], edit)
    }

    /// Sends the edits a client made while waiting (`POST /v1/edit` with `edits`).
    public func edit(_ edits: TypedEditsRequest) async throws -> EditAnswer {
        try await post(["v1", "edit"], edits)
    }

    /// Formats and validates a whole text (`POST /v1/format`).
    public func format(_ request: FormatRequest) async throws -> EditAnswer {
        try await post(["v1", "format"], request)
    }

    /// Formats and validates a whole text (`POST /v1/format`): for a paste, a prefill or a blur.
    public func format(field: FieldNames, text: String, event: EditEvent? = nil) async throws -> EditAnswer {
        try await format(FormatRequest(field: field, text: text, event: event))
    }

    /// Checks a form, or several loose fields (`POST /v1/validate`).
    public func validate(_ request: ValidateRequest) async throws -> ValidateAnswer {
        try await post(["v1", "validate"], request)
    }

    /// Checks a form, or, without `form`, each key of `values` as a field name (`POST /v1/validate`).
    /// The event is `submit` unless given.
    public func validate(form: String? = nil, values: [String: String], event: EditEvent? = nil) async throws
        -> ValidateAnswer
    {
        try await validate(ValidateRequest(form: form, values: values, event: event))
    }

    // MARK: - Discovery

    /// A field's configuration and input hints (`GET /v1/fields/{name}`).
    public func field(_ name: String) async throws -> FieldDescription {
        try await send(request(["v1", "fields", name], method: "GET"))
    }

    /// A form's fields in order, with previous/next navigation and return keys (`GET /v1/forms/{name}`).
    public func form(_ name: String) async throws -> FormDescription {
        try await send(request(["v1", "forms", name], method: "GET"))
    }

    // MARK: - HTTP

    /// The URL of a route below `baseURL`, each segment percent-encoded.
    func url(_ segments: [String]) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let path = segments.map { $0.addingPercentEncoding(withAllowedCharacters: unreserved) ?? $0 }
        return URL(string: base + "/" + path.joined(separator: "/"))!
    }

    private func request(_ segments: [String], method: String) -> URLRequest {
        var request = URLRequest(url: url(segments))
        request.httpMethod = method
        request.setValue("application/json, application/problem+json", forHTTPHeaderField: "Accept")
        if let locale { request.setValue(locale, forHTTPHeaderField: "Accept-Language") }
        return request
    }

    private func post<Answer: Decodable>(_ segments: [String], _ body: some Encodable) async throws -> Answer {
        var request = request(segments, method: "POST")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // The request types hold only strings, integers and Booleans: encoding them cannot fail.
        request.httpBody = try! JSONEncoder().encode(body)
        return try await send(request)
    }

    private func send<Answer: Decodable>(_ request: URLRequest) async throws -> Answer {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw SmartTextError.transport(error)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw Self.problem(status: status, data: data) }
        do {
            return try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw SmartTextError.decoding(error)
        }
    }

    /// The error for a failed answer: its problem document, or the status and body.
    static func problem(status: Int, data: Data) -> SmartTextError {
        let document = try? JSONDecoder().decode(ProblemDocument.self, from: data)
        return .problem(
            status: document?.status ?? status,
            type: document?.type ?? "about:blank",
            title: document?.title ?? HTTPURLResponse.localizedString(forStatusCode: status),
            detail: document?.detail ?? String(decoding: data.prefix(500), as: UTF8.self))
    }
}
