import SmartTextEngine
import SmartTextJSON

/// An error a client caused, answered as `application/problem+json` (RFC 9457).
struct HTTPError: Error, Sendable {
    /// The HTTP status (4xx).
    var status: Int
    /// A URI naming the kind of problem; documented in openapi.yaml.
    var type: String
    /// A short summary of the kind of problem.
    var title: String
    /// What exactly went wrong with this request.
    var detail: String
    /// The JSON Pointer of the offending value, when there is one.
    var pointer: String?
    /// Extra headers (`Allow` for a 405).
    var headers: [(String, String)] = []

    /// The answer.
    var response: HTTPResponse {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("type")
        writer.string(type)
        writer.key("title")
        writer.string(title)
        writer.key("status")
        writer.integer(status)
        writer.key("detail")
        writer.string(detail)
        if let pointer {
            writer.key("pointer")
            writer.string(pointer)
        }
        writer.endObject()
        return HTTPResponse(
            status: status, headers: [("Content-Type", "application/problem+json")] + headers, body: writer.bytes)
    }
}

// MARK: - The problems the service reports

extension HTTPError {
    /// Problem types are URNs: stable names to match on, documented in openapi.yaml.
    private static let base = "urn:smarttext:problem:"

    static func invalidJSON(_ error: JSONSyntaxError) -> HTTPError {
        HTTPError(
            status: 400, type: base + "invalid-json", title: "The body is not valid JSON",
            detail: "\(error.message) (at byte \(error.offset))")
    }

    static func invalidRequest(_ error: JSONShapeError) -> HTTPError {
        HTTPError(
            status: 400, type: base + "invalid-request", title: "The request does not have the expected shape",
            detail: error.message, pointer: error.pointer)
    }

    static func invalidRequest(_ detail: String, pointer: String? = nil) -> HTTPError {
        HTTPError(
            status: 400, type: base + "invalid-request", title: "The request does not have the expected shape",
            detail: detail, pointer: pointer)
    }

    static func notFound(path: String) -> HTTPError {
        HTTPError(
            status: 404, type: base + "not-found", title: "No such resource",
            detail: "there is no resource at \(Echo.cleaned(path)); see /openapi.yaml for the API")
    }

    static func unknownName(_ error: UnknownNameError, pointer: String?) -> HTTPError {
        HTTPError(
            status: 404, type: base + "unknown-\(error.kind)", title: "Unknown \(error.kind)",
            detail:
                "the registry has no \(error.kind) named \"\(Echo.cleaned(error.name))\"; "
                + "GET /v1/\(error.kind)s lists them",
            pointer: pointer)
    }

    static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> HTTPError {
        HTTPError(
            status: 405, type: base + "method-not-allowed", title: "Method not allowed",
            detail:
                "\(Echo.cleaned(method)) is not allowed on \(Echo.cleaned(path)); allowed: "
                + allowed.joined(separator: ", "),
            headers: [("Allow", allowed.joined(separator: ", "))])
    }

    static func bodyTooLarge(limit: Int) -> HTTPError {
        HTTPError(
            status: 413, type: base + "body-too-large", title: "The body is too large",
            detail: "the request body is larger than \(limit) bytes (--max-body)")
    }

    static func unsupportedTransferCoding(_ coding: String) -> HTTPError {
        HTTPError(
            status: 400, type: base + "unsupported-transfer-coding", title: "The transfer coding is not supported",
            detail: "Transfer-Encoding is \"\(Echo.cleaned(coding))\"; send the body with Content-Length, or chunked")
    }

    /// A request framed two ways, or addressed ambiguously (RFC 9112 section 6.3): 400, and the
    /// connection is closed (what follows could be a request hidden in the body).
    static func ambiguousFraming(_ problem: TransportProblem) -> HTTPError {
        let detail =
            switch problem {
            case .conflictingLengths: "the request has Content-Length headers with different values"
            case .lengthAndCoding: "the request has both Content-Length and Transfer-Encoding"
            case .codingInHTTP10: "an HTTP/1.0 request cannot use Transfer-Encoding"
            case .malformedHeader:
                "a header name is not a token (whitespace before the colon?) or a header value holds a control "
                    + "character"
            default: "the request's framing is ambiguous"
            }
        return HTTPError(
            status: 400, type: base + "ambiguous-framing", title: "The request's framing is ambiguous",
            detail: detail + "; the connection is closed")
    }

    static let invalidHost = HTTPError(
        status: 400, type: base + "invalid-host", title: "The request needs exactly one Host header",
        detail: "an HTTP/1.1 request must have one Host header (RFC 9112 section 3.2), and no request may have two")

    static let invalidRequestLine = HTTPError(
        status: 400, type: base + "invalid-request-line", title: "The request line is not valid",
        detail:
            "the request line must be a method (a token), one space, a target of visible ASCII without NUL or %00 "
            + "in its path, one space and the HTTP version; the connection is closed")

    /// The service is stopping and no longer starts work: 503, retry elsewhere.
    static let shuttingDown = HTTPError(
        status: 503, type: base + "shutting-down", title: "The service is stopping",
        detail: "this instance is shutting down; send the request again (another instance will answer it)",
        headers: [("Retry-After", "1")])

    static func unsupportedMediaType(_ contentType: String?) -> HTTPError {
        HTTPError(
            status: 415, type: base + "unsupported-media-type", title: "The body must be JSON",
            detail: contentType.map { "Content-Type is \"\(Echo.cleaned($0))\"; send Content-Type: application/json" }
                ?? "the request has no Content-Type; send Content-Type: application/json")
    }

    static func unprocessable(_ detail: String, type: String, title: String, pointer: String? = nil) -> HTTPError {
        HTTPError(status: 422, type: base + type, title: title, detail: detail, pointer: pointer)
    }

    /// More field names than a request may compose.
    static func tooManyFields(_ count: Int, limit: Int) -> HTTPError {
        HTTPError(
            status: 422, type: base + "too-many-fields", title: "Too many fields composed",
            detail: "field composes \(count) fields; a request may compose at most \(limit)", pointer: "/field")
    }

    /// More values than a validation request may hold.
    static func tooManyValues(_ count: Int, limit: Int) -> HTTPError {
        HTTPError(
            status: 422, type: base + "too-many-values", title: "Too many values",
            detail: "values holds \(count) members; a request may hold at most \(limit)", pointer: "/values")
    }
}
