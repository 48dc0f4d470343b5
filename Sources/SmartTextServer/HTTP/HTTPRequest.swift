internal import CMicroHTTPD

/// What a handler reads of a request, wherever it came from.
protocol HTTPRequestSource {
    var method: String { get }
    var path: String { get }
    /// A header value (case-insensitive name), or nil.
    func header(_ name: StaticString) -> String?
    /// What the transport layer (the C shim) refused about the request's framing, if anything.
    var transportProblem: TransportProblem? { get }
    /// The client's address, for the access log.
    var client: String { get }
    /// Calls `body` with the request body bytes.
    func withBody<T>(_ body: (UnsafeRawBufferPointer) throws(HTTPError) -> T) throws(HTTPError) -> T
}

/// A request whose framing the transport refused. The C shim checks framing
/// (one layer decides it); the handler only answers it as a problem, and the
/// connection is closed after it.
enum TransportProblem: Sendable, CaseIterable {
    /// The body passed `--max-body` and was not kept (413).
    case bodyTooLarge
    /// A `Transfer-Encoding` other than chunked (400).
    case unsupportedTransferCoding
    /// `Content-Length` headers with different values (400).
    case conflictingLengths
    /// `Content-Length` and `Transfer-Encoding` together (400).
    case lengthAndCoding
    /// `Transfer-Encoding` in an HTTP/1.0 request (400).
    case codingInHTTP10
    /// A header name that is not a token (whitespace before the colon), or a control character in a value (400).
    case malformedHeader
    /// An HTTP/1.1 request without `Host`, or a request with several (400).
    case hostNotOne
    /// A request line with a NUL (raw, or `%00` in the path), extra spaces or control characters (400).
    case malformedRequestLine
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

    var transportProblem: TransportProblem? {
        switch cmhd_request_transport_problem(raw) {
        case CMHD_TRANSPORT_BODY_TOO_LARGE: .bodyTooLarge
        case CMHD_TRANSPORT_UNSUPPORTED_TRANSFER_CODING: .unsupportedTransferCoding
        case CMHD_TRANSPORT_CONFLICTING_LENGTHS: .conflictingLengths
        case CMHD_TRANSPORT_LENGTH_AND_CODING: .lengthAndCoding
        case CMHD_TRANSPORT_CODING_IN_HTTP_1_0: .codingInHTTP10
        case CMHD_TRANSPORT_MALFORMED_HEADER: .malformedHeader
        case CMHD_TRANSPORT_HOST_NOT_ONE: .hostNotOne
        case CMHD_TRANSPORT_MALFORMED_REQUEST_LINE: .malformedRequestLine
        default: nil
        }
    }

    /// The client's address, for the access log.
    var client: String { String(cString: cmhd_request_client(raw)) }

    /// Calls `body` with the request body bytes.
    func withBody<T>(_ body: (UnsafeRawBufferPointer) throws(HTTPError) -> T) throws(HTTPError) -> T {
        var length = 0
        let bytes = cmhd_request_body(raw, &length)
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
    }
}
