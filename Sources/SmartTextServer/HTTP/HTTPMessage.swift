internal import CMicroHTTPD

/// What a handler reads of a request, wherever it came from.
protocol HTTPRequestSource {
    var method: String { get }
    var path: String { get }
    /// A header value (case-insensitive name), or nil.
    func header(_ name: StaticString) -> String?
    /// True when the body was larger than the cap and was not kept.
    var bodyTooLarge: Bool { get }
    /// The client's address, for the access log.
    var client: String { get }
    /// Calls `body` with the request body bytes.
    func withBody<T>(_ body: (UnsafeRawBufferPointer) throws(HTTPError) -> T) throws(HTTPError) -> T
}

/// One complete HTTP request from libmicrohttpd, valid only while its handler
/// runs (the body is the C shim's buffer, read without a copy).
struct HTTPRequest: HTTPRequestSource {
    private let raw: OpaquePointer

    init(raw: OpaquePointer) {
        self.raw = raw
    }

    var method: String { String(cString: cmhd_request_method(raw)) }
    var path: String { String(cString: cmhd_request_path(raw)) }

    /// A header value (case-insensitive name), or nil.
    func header(_ name: StaticString) -> String? {
        name.withUTF8Buffer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmhd_request_header(raw, chars.baseAddress!).map { String(cString: $0) }
            }
        }
    }

    /// True when the body was larger than the cap and was not kept.
    var bodyTooLarge: Bool { cmhd_request_body_too_large(raw) != 0 }

    /// The client's address, for the access log.
    var client: String { String(cString: cmhd_request_client(raw)) }

    /// Calls `body` with the request body bytes.
    func withBody<T>(_ body: (UnsafeRawBufferPointer) throws(HTTPError) -> T) throws(HTTPError) -> T {
        var length = 0
        let bytes = cmhd_request_body(raw, &length)
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
    }
}

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

    /// A plain-text answer.
    static func text(_ text: String, contentType: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// An empty answer.
    static func noContent(headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: 204, headers: headers)
    }
}

/// The reason phrases of the statuses the service answers.
enum HTTPStatus {
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}
