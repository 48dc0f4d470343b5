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

    static func unknownCountry(_ country: String) -> HTTPError {
        HTTPError(
            status: 404, type: base + "unknown-country", title: "Unknown country",
            detail:
                "no identifier or postal code is known for \"\(Echo.cleaned(country))\"; GET /v1/identifiers lists the "
                + "countries (two-letter codes: BR, DE, GB)")
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
            case .foldedOrCutHeaders:
                "a header is folded onto the next line (obs-fold, RFC 9112 section 5.2), or the header section does "
                    + "not end with an empty line after its last header (a line with an empty name, bare LF line ends)"
            case .invalidContentLength: "Content-Length is not a number of bytes"
            default: "the request's framing is ambiguous"
            }
        return HTTPError(
            status: 400, type: base + "ambiguous-framing", title: "The request's framing is ambiguous",
            detail: detail + "; the connection is closed")
    }

    /// An answer libmicrohttpd would write itself (as HTML), as a problem with the status it should have.
    static func library(_ answer: LibraryAnswer, status: Int) -> HTTPError {
        switch answer {
        case .malformed:
            HTTPError(
                status: status, type: base + "malformed-request", title: "The request is not valid HTTP/1.1",
                detail: "the request line or headers cannot be read (RFC 9112); the connection is closed")
        case .chunkedMalformed:
            HTTPError(
                status: status, type: base + "malformed-request", title: "The request is not valid HTTP/1.1",
                detail: "the chunked body is not well formed (RFC 9112 section 7.1); the connection is closed")
        case .tooLarge:
            HTTPError(
                status: status, type: base + "body-too-large", title: "The body is too large",
                detail: "the request's Content-Length or a chunk size is larger than any body this service takes")
        case .lineTooLong:
            HTTPError(
                status: status, type: base + "body-too-large", title: "The body is too large",
                detail:
                    "a chunk size line with its extensions is longer than the connection's buffer (16 KiB); "
                    + "the connection is closed")
        case .uriTooLong:
            HTTPError(
                status: status, type: base + "uri-too-long", title: "The request target is too long",
                detail: "the request line does not fit the connection's buffer (16 KiB)")
        case .headersTooLarge:
            HTTPError(
                status: status, type: base + "header-fields-too-large", title: "The request's headers are too large",
                detail: "the request line and headers together must fit in 16 KiB")
        case .versionNotSupported:
            HTTPError(
                status: status, type: base + "http-version-not-supported", title: "The HTTP version is not supported",
                detail: "this service speaks HTTP/1.1 (and HTTP/1.0)")
        }
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

    /// A request that would cost more work than `--max-work` allows.
    static func workBudget(_ cost: WorkCost, budget: Int) -> HTTPError {
        HTTPError(
            status: 422, type: base + "work-budget", title: "The request would cost more work than one request may",
            detail: cost.detail(budget: budget))
    }

    /// A text longer than `--max-text` allows, as sent or as an edit would make it (edit `afterEdit` of a
    /// batch).
    static func textTooLong(_ length: Int, limit: Int, pointer: String, afterEdit index: Int? = nil) -> HTTPError {
        let text = index.map { "after edit \($0) the text" } ?? "the text"
        return unprocessable(
            "\(text) would be \(length) UTF-16 code units long; the limit is \(limit) (--max-text)",
            type: "text-too-long", title: "The text is too long", pointer: pointer)
    }

    /// An edit whose range cannot be applied to its text.
    static func invalidRange(_ error: EditError?, pointer: String) -> HTTPError {
        unprocessable(
            error?.message ?? "the edit cannot be applied", type: "invalid-range",
            title: "The range cannot be applied to the text", pointer: pointer)
    }

    /// One edit of a batch (`edits`) that cannot be applied, or gives a text past `--max-text`.
    static func typing(_ error: TypingError, limit: Int) -> HTTPError {
        if error.index < 0 { return invalidRange(error.error, pointer: "/caret") }
        if let length = error.length {
            return textTooLong(length, limit: limit, pointer: "/edits/\(error.index)", afterEdit: error.index)
        }
        return invalidRange(error.error, pointer: "/edits/\(error.index)/range")
    }

    /// More edits in one request than are applied.
    static func tooManyEdits(_ count: Int, limit: Int) -> HTTPError {
        unprocessable(
            "the request has \(count) edits; at most \(limit) are applied in one request "
                + "(send the text as it is with one edit, or in several requests)",
            type: "too-many-edits", title: "Too many edits in one request", pointer: "/edits")
    }

    /// A `region` phone numbers do not know.
    static func unknownRegion(_ region: String) -> HTTPError {
        unprocessable(
            "region must be a two-letter region code phone numbers know (GB, DE, US; GET /v1/regions lists "
                + "them), not \"\(Echo.cleaned(region))\"",
            type: "unknown-region", title: "Unknown region", pointer: "/region")
    }

    /// A body `locale` that is not a language tag.
    static func invalidLocale(_ tag: String) -> HTTPError {
        invalidRequest(
            "locale must be a language tag of at most \(LocalePreference.maximumTagLength) characters "
                + "(de-DE, zh-Hant-TW, ar-EG-u-nu-latn), not \"\(Echo.cleaned(tag))\"",
            pointer: "/locale")
    }

    /// More values than a validation request may hold.
    static func tooManyValues(_ count: Int, limit: Int) -> HTTPError {
        HTTPError(
            status: 422, type: base + "too-many-values", title: "Too many values",
            detail: "values holds \(count) members; a request may hold at most \(limit)", pointer: "/values")
    }
}
