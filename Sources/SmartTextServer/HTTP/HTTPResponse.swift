import SmartTextEngine

/// An answer: status, headers and body.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer.
    static func json(_ body: [UInt8], status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        var all: [(String, String)] = []
        // Room for the headers every answer gets later (nosniff, Cache-Control): appending them does not grow it.
        all.reserveCapacity(headers.count + 3)
        all.append(("Content-Type", "application/json"))
        all.append(contentsOf: headers)
        return HTTPResponse(status: status, headers: all, body: body)
    }

    /// A JSON answer whose messages are in the language `locale` negotiates: it says which
    /// (`Content-Language`), and that it depends on `Accept-Language` (`Vary`).
    static func localizedJSON(_ body: [UInt8], _ locale: LocalePreference) -> HTTPResponse {
        json(body, headers: [("Content-Language", MessageCatalog.language(for: locale)), ("Vary", "Accept-Language")])
    }

    /// A plain-text answer.
    static func text(_ text: String, contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// An empty answer.
    static func noContent(headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: 204, headers: headers)
    }
}
