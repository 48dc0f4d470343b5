// CMicroHTTPD: the thin C layer between libmicrohttpd and Swift.
//
// Why a shim: MHD_start_daemon is variadic (Swift cannot call it), MHD calls
// the access handler several times per request (headers, body chunks, end),
// and its types should not leak into Swift. The shim owns the daemon,
// accumulates each request body up to a cap, and calls Swift exactly once per
// complete request. It holds no business logic: it checks how the request is
// framed (the transport), and every answer, including the problem answers for
// a framing it refused, is built by the Swift handler.
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
    /// Threads in the epoll polling pool (at least 1).
    unsigned int threads;
    /// Largest request body kept, in bytes; a larger body is flagged, not stored.
    size_t max_body;
    /// Seconds of inactivity before a connection is closed (slow clients).
    unsigned int timeout_seconds;
    /// Most simultaneous connections; past it new connections are refused.
    unsigned int max_connections;
} cmhd_config;

/// Called once per request on one of the daemon's threads, when the request is
/// complete or as soon as its body is known to exceed `max_body`. Must return
/// a response made with cmhd_response_create (never NULL).
typedef cmhd_response *_Nonnull (*cmhd_handler)(void *_Nullable context, const cmhd_request *_Nonnull request);

/// Starts a daemon. On failure returns NULL and writes a message into `error`.
cmhd_server *_Nullable cmhd_server_start(const cmhd_config *_Nonnull config, cmhd_handler _Nonnull handler,
                                         void *_Nullable context, char *_Nonnull error, size_t error_size);
/// The port the daemon listens on (useful after binding port 0).
uint16_t cmhd_server_port(const cmhd_server *_Nonnull server);
/// Stops accepting new connections; connections already open keep being served
/// and every later answer carries `Connection: close`.
void cmhd_server_quiesce(cmhd_server *_Nonnull server);
/// Requests whose headers have arrived and whose answer is not yet fully sent.
unsigned int cmhd_server_requests_in_flight(const cmhd_server *_Nonnull server);
/// Open client connections.
unsigned int cmhd_server_connections(const cmhd_server *_Nonnull server);
/// Closes every connection, joins the threads and frees the server.
void cmhd_server_stop(cmhd_server *_Nonnull server);

/// The request method ("GET", "POST", ...).
const char *_Nonnull cmhd_request_method(const cmhd_request *_Nonnull request);
/// The request path without the query string.
const char *_Nonnull cmhd_request_path(const cmhd_request *_Nonnull request);
/// A request header (case-insensitive name), or NULL when absent.
const char *_Nullable cmhd_request_header(const cmhd_request *_Nonnull request, const char *_Nonnull name);
/// The body bytes (NULL when empty) and their count.
const uint8_t *_Nullable cmhd_request_body(const cmhd_request *_Nonnull request, size_t *_Nonnull length);
/// What the shim found wrong with how a request is framed; the handler answers
/// it with a problem, and MHD closes the connection after such an answer.
typedef enum cmhd_transport_problem {
    CMHD_TRANSPORT_OK = 0,
    /// The body is larger than `max_body` (it was not stored): 413.
    CMHD_TRANSPORT_BODY_TOO_LARGE = 1,
    /// A Transfer-Encoding other than chunked: where the body ends is unknown (400).
    CMHD_TRANSPORT_UNSUPPORTED_TRANSFER_CODING = 2,
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
