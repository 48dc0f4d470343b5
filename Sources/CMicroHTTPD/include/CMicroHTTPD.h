// CMicroHTTPD: the thin C layer between libmicrohttpd and Swift.
//
// Why a shim: MHD_start_daemon is variadic (Swift cannot call it), MHD calls
// the access handler several times per request (headers, body chunks, end),
// and its types should not leak into Swift. The shim owns the daemon,
// accumulates each request body up to a cap, and calls Swift exactly once per
// complete request. It holds no business logic: it checks how the request is
// framed (the transport), and every answer, including the problem answers for
// a framing it refused and those libmicrohttpd would write itself (431, 505, ...), is built by the Swift
// handlers. It also owns what
// libmicrohttpd leaves to the application about connections: a deadline for a
// request to arrive whole, room at the connection limit (the stalest
// connection waiting for a request is closed for a new one), the requests
// still waiting in the listen backlog at shutdown, and returning freed memory
// to the system.
#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A running daemon (opaque).
typedef struct cmhd_server cmhd_server;
/// One complete request; valid only during the handler call (opaque).
typedef struct cmhd_request cmhd_request;
/// An answer built by the handler; the shim queues and frees it (opaque).
typedef struct cmhd_response cmhd_response;

/// Daemon settings, all required.
typedef struct cmhd_config {
    /// Numeric IPv4 or IPv6 address or a host name to bind; "" or NULL binds every address.
    const char *_Nullable host;
    /// TCP port; 0 picks a free one (see cmhd_server_port).
    uint16_t port;
    /// Threads in the polling pool (at least 1).
    unsigned int threads;
    /// Largest request body kept, in bytes; a larger body is flagged, not stored.
    size_t max_body;
    /// Seconds of inactivity before a connection is closed, and seconds a request
    /// has to arrive whole (its headers and body) from the connection's start or
    /// the end of the previous answer (slow clients).
    unsigned int timeout_seconds;
    /// Most simultaneous connections; at the limit, the connection that has waited
    /// longest for a request is closed to make room, else a new one is refused.
    unsigned int max_connections;
    /// Most simultaneous connections from one address (0: no per-address limit).
    unsigned int max_connections_per_client;
} cmhd_config;

/// Called once per request on one of the daemon's threads, when the request is
/// complete or as soon as its body is known to exceed `max_body`. Must return
/// a response made with cmhd_response_create (never NULL).
typedef cmhd_response *_Nonnull (*cmhd_handler)(void *_Nullable context, const cmhd_request *_Nonnull request);

/// The answers libmicrohttpd would write itself, as HTML, before any handler runs: the shim has the Swift
/// side write them as problems instead (see cmhd_library_handler).
typedef enum cmhd_library_answer {
    /// The request is not HTTP the library can read (400).
    CMHD_LIBRARY_MALFORMED = 0,
    /// The chunked body is not well formed (400).
    CMHD_LIBRARY_CHUNKED_MALFORMED = 1,
    /// Content-Length or a chunk size is larger than the library takes (413).
    CMHD_LIBRARY_TOO_LARGE = 2,
    /// A line of the body's framing (a chunk size with its extensions) does not fit the connection's buffer
    /// (413; libmicrohttpd says 500).
    CMHD_LIBRARY_LINE_TOO_LONG = 3,
    /// The request target does not fit the connection's buffer (414).
    CMHD_LIBRARY_URI_TOO_LONG = 4,
    /// The request line and headers do not fit the connection's buffer (431).
    CMHD_LIBRARY_HEADERS_TOO_LARGE = 5,
    /// An HTTP version other than 1.0 and 1.1 (505).
    CMHD_LIBRARY_VERSION_NOT_SUPPORTED = 6,
    /// How many values there are (not an answer): the Swift side checks that it knows each one.
    CMHD_LIBRARY_ANSWER_COUNT = 7,
} cmhd_library_answer;

/// Builds the problem answer for one of the answers libmicrohttpd would write itself, with the status it
/// should have. Called on one of the daemon's threads; must return a response made with
/// cmhd_response_create (never NULL).
typedef cmhd_response *_Nonnull (*cmhd_library_handler)(
    void *_Nullable context, cmhd_library_answer answer, unsigned int status);

/// Starts a daemon. `library` builds the answers libmicrohttpd would otherwise write itself. On failure
/// returns NULL and writes a message into `error`.
cmhd_server *_Nullable cmhd_server_start(const cmhd_config *_Nonnull config, cmhd_handler _Nonnull handler,
                                         cmhd_library_handler _Nonnull library, void *_Nullable context,
                                         char *_Nonnull error, size_t error_size);
/// The port the daemon listens on (useful after binding port 0).
uint16_t cmhd_server_port(const cmhd_server *_Nonnull server);
/// Stops accepting new connections; connections already open keep being served
/// and every later answer carries `Connection: close`. Connections already
/// waiting in the listen backlog (clients that have sent a request the busy
/// threads did not accept yet) are taken in and served, not reset.
void cmhd_server_quiesce(cmhd_server *_Nonnull server);
/// Requests whose headers have arrived and whose answer is not yet fully sent.
unsigned int cmhd_server_requests_in_flight(const cmhd_server *_Nonnull server);
/// Open connections with a request begun and not yet answered, or with bytes
/// not yet read: what a graceful stop waits for.
unsigned int cmhd_server_pending_connections(cmhd_server *_Nonnull server);

/// How many kinds of answer libmicrohttpd writes itself (see cmhd_library_answer_status).
#define CMHD_LIBRARY_ANSWER_KINDS 6
/// The status of a kind of answer libmicrohttpd writes itself, before any
/// handler runs (400, 413, 414, 431, 505), or 0 for the last kind: any other.
unsigned int cmhd_library_answer_status(unsigned int kind);

/// What happened to connections and requests that never reached the handler.
typedef struct cmhd_counters {
    /// Answers libmicrohttpd wrote itself, by kind (see cmhd_library_answer_status).
    uint64_t library_answers[CMHD_LIBRARY_ANSWER_KINDS];
    /// Connections closed because a request did not arrive whole in time, or its answer was not taken in
    /// time (a client that does not read).
    uint64_t closed_late;
    /// Connections closed at the connection limit to make room for a new one.
    uint64_t closed_for_room;
    /// New connections refused at the connection limit (none could make room).
    uint64_t refused;
} cmhd_counters;

/// A snapshot of the counters.
void cmhd_server_counters(cmhd_server *_Nonnull server, cmhd_counters *_Nonnull counters);
/// Open client connections.
unsigned int cmhd_server_connections(const cmhd_server *_Nonnull server);
/// Closes every connection, joins the threads and frees the server.
void cmhd_server_stop(cmhd_server *_Nonnull server);

/// The request method ("GET", "POST", ...).
const char *_Nonnull cmhd_request_method(const cmhd_request *_Nonnull request);
/// The request path without the query string (of an absolute-form target, the path after its authority).
const char *_Nonnull cmhd_request_path(const cmhd_request *_Nonnull request);
/// A request header (case-insensitive name), or NULL when absent.
const char *_Nullable cmhd_request_header(const cmhd_request *_Nonnull request, const char *_Nonnull name);
/// The body bytes (NULL when empty) and their count.
const uint8_t *_Nullable cmhd_request_body(const cmhd_request *_Nonnull request, size_t *_Nonnull length);
/// What the shim found wrong with how a request is framed or addressed; the
/// handler answers it with a problem, and the connection is closed after such
/// an answer (a request framed two ways may hide another one in its body:
/// RFC 9112 section 6.3).
typedef enum cmhd_transport_problem {
    CMHD_TRANSPORT_OK = 0,
    /// The body is larger than `max_body` (it was not stored): 413.
    CMHD_TRANSPORT_BODY_TOO_LARGE = 1,
    /// A Transfer-Encoding other than chunked: where the body ends is unknown (400).
    CMHD_TRANSPORT_UNSUPPORTED_TRANSFER_CODING = 2,
    /// Content-Length headers with different values (400).
    CMHD_TRANSPORT_CONFLICTING_LENGTHS = 3,
    /// Content-Length and Transfer-Encoding together (400).
    CMHD_TRANSPORT_LENGTH_AND_CODING = 4,
    /// Transfer-Encoding in an HTTP/1.0 request, which has no chunked coding (400).
    CMHD_TRANSPORT_CODING_IN_HTTP_1_0 = 5,
    /// A header name that is not a token (whitespace before the colon, ...) or a
    /// header value holding a control character other than tab (a bare CR, NUL) (400).
    CMHD_TRANSPORT_MALFORMED_HEADER = 6,
    /// An HTTP/1.1 request without Host, or any request with several (400).
    CMHD_TRANSPORT_HOST_NOT_ONE = 7,
    /// A request line that is not `METHOD SP TARGET SP VERSION` with a token for the
    /// method and visible ASCII for the target: a NUL (raw, or %00 in the path),
    /// spaces or control characters (400).
    CMHD_TRANSPORT_MALFORMED_REQUEST_LINE = 8,
    /// A header line folded onto the next one (obs-fold, RFC 9112 section 5.2), or a header section that
    /// did not end with an empty line after its last header (a line with an empty name, bare LF line ends):
    /// libmicrohttpd reads such a section differently from other parsers (400).
    CMHD_TRANSPORT_FOLDED_OR_CUT_HEADERS = 9,
    /// A Content-Length that is not digits (white space around it aside) (400).
    CMHD_TRANSPORT_INVALID_CONTENT_LENGTH = 10,
    /// How many values there are (not a problem): the Swift side checks that it knows each one.
    CMHD_TRANSPORT_PROBLEM_COUNT = 11,
} cmhd_transport_problem;


/// The framing problem of a request, or CMHD_TRANSPORT_OK.
cmhd_transport_problem cmhd_request_transport_problem(const cmhd_request *_Nonnull request);
/// The client's address as text ("127.0.0.1"), for access logs.
const char *_Nonnull cmhd_request_client(const cmhd_request *_Nonnull request);

/// Creates an answer; the body bytes are copied.
cmhd_response *_Nonnull cmhd_response_create(unsigned int status, const void *_Nullable body, size_t length);
/// Adds a header to an answer.
void cmhd_response_add_header(cmhd_response *_Nonnull response, const char *_Nonnull name,
                              const char *_Nonnull value);

#ifdef __cplusplus
}
#endif

#endif
