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
    /// A header folded onto the next line (obs-fold), or a header section that did not end with an empty
    /// line after its last header (a line with an empty name, bare LF line ends) (400).
    case foldedOrCutHeaders
    /// A `Content-Length` that is not digits (400).
    case invalidContentLength
}

/// An answer libmicrohttpd would write itself, as HTML, before any handler runs; the handler writes it as
/// a problem instead (the shim's `cmhd_library_answer`).
enum LibraryAnswer: Sendable, CaseIterable {
    /// Not HTTP the library can read (400).
    case malformed
    /// A chunked body that is not well formed (400).
    case chunkedMalformed
    /// A Content-Length or chunk size larger than the library takes (413).
    case tooLarge
    /// A line of the body's framing (a chunk size and its extensions) that does not fit the connection's
    /// buffer (413).
    case lineTooLong
    /// A request target that does not fit the connection's buffer (414).
    case uriTooLong
    /// A request line and headers that do not fit the connection's buffer (431).
    case headersTooLarge
    /// An HTTP version other than 1.0 and 1.1 (505).
    case versionNotSupported

    /// The shim's value of each answer (every value below `CMHD_LIBRARY_ANSWER_COUNT` has a case:
    /// `TransportListTests` checks).
    init?(_ answer: cmhd_library_answer) {
        switch answer {
        case CMHD_LIBRARY_MALFORMED: self = .malformed
        case CMHD_LIBRARY_CHUNKED_MALFORMED: self = .chunkedMalformed
        case CMHD_LIBRARY_TOO_LARGE: self = .tooLarge
        case CMHD_LIBRARY_LINE_TOO_LONG: self = .lineTooLong
        case CMHD_LIBRARY_URI_TOO_LONG: self = .uriTooLong
        case CMHD_LIBRARY_HEADERS_TOO_LARGE: self = .headersTooLarge
        case CMHD_LIBRARY_VERSION_NOT_SUPPORTED: self = .versionNotSupported
        default: return nil
        }
    }
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

    var transportProblem: TransportProblem? { TransportProblem(cmhd_request_transport_problem(raw)) }
}

extension TransportProblem {
    /// The shim's value of each problem, nil for `CMHD_TRANSPORT_OK` (every other value below
    /// `CMHD_TRANSPORT_PROBLEM_COUNT` has a case: `TransportListTests` checks).
    init?(_ problem: cmhd_transport_problem) {
        let found: TransportProblem? =
            switch problem {
            case CMHD_TRANSPORT_BODY_TOO_LARGE: .bodyTooLarge
            case CMHD_TRANSPORT_UNSUPPORTED_TRANSFER_CODING: .unsupportedTransferCoding
            case CMHD_TRANSPORT_CONFLICTING_LENGTHS: .conflictingLengths
            case CMHD_TRANSPORT_LENGTH_AND_CODING: .lengthAndCoding
            case CMHD_TRANSPORT_CODING_IN_HTTP_1_0: .codingInHTTP10
            case CMHD_TRANSPORT_MALFORMED_HEADER: .malformedHeader
            case CMHD_TRANSPORT_HOST_NOT_ONE: .hostNotOne
            case CMHD_TRANSPORT_MALFORMED_REQUEST_LINE: .malformedRequestLine
            case CMHD_TRANSPORT_FOLDED_OR_CUT_HEADERS: .foldedOrCutHeaders
            case CMHD_TRANSPORT_INVALID_CONTENT_LENGTH: .invalidContentLength
            default: nil
            }
        guard let found else { return nil }
        self = found
    }

    /// How many values the shim has, `CMHD_TRANSPORT_OK` included.
    static let shimValueCount = Int(CMHD_TRANSPORT_PROBLEM_COUNT.rawValue)

    /// The problem the shim's value `raw` stands for.
    static func fromShim(_ raw: Int) -> TransportProblem? { TransportProblem(cmhd_transport_problem(UInt32(raw))) }
}

extension LibraryAnswer {
    /// How many values the shim has.
    static let shimValueCount = Int(CMHD_LIBRARY_ANSWER_COUNT.rawValue)

    /// The answer the shim's value `raw` stands for.
    static func fromShim(_ raw: Int) -> LibraryAnswer? { LibraryAnswer(cmhd_library_answer(UInt32(raw))) }
}

extension HTTPRequest {

    /// The client's address, for the access log.
    var client: String { String(cString: cmhd_request_client(raw)) }

    /// Calls `body` with the request body bytes.
    func withBody<T>(_ body: (UnsafeRawBufferPointer) throws(HTTPError) -> T) throws(HTTPError) -> T {
        var length = 0
        let bytes = cmhd_request_body(raw, &length)
        return try body(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
    }
}
