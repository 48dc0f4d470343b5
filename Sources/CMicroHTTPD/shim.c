// The libmicrohttpd side of the server. See include/CMicroHTTPD.h for why it exists.
#define _GNU_SOURCE
#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <errno.h>
#include <malloc.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/// A body over the cap is read and thrown away up to this many times the cap,
/// so a client sending a huge chunked body still gets its 413; past it the
/// connection is closed without an answer.
#define CMHD_DISCARD_FACTOR 16

/// How often the sweeper looks for requests past their deadline, in milliseconds.
#define CMHD_SWEEP_MILLISECONDS 100

/// libmicrohttpd's messages printed per window of CMHD_LOG_WINDOW_SECONDS; a
/// client that keeps provoking them cannot flood standard error.
#define CMHD_LOG_BURST 10
#define CMHD_LOG_WINDOW_SECONDS 10

/// One open connection, in the server's list (under `lock`).
struct cmhd_connection {
    struct cmhd_connection *previous;
    struct cmhd_connection *next;
    MHD_socket socket;
    /// When the current request's time started (monotonic nanoseconds): the
    /// connection's start, or the end of the previous answer.
    _Atomic int64_t since;
    /// A request line has arrived and its answer is not sent yet.
    atomic_int receiving;
    /// The current request arrived whole; it is being answered.
    atomic_int answering;
    /// Shut down by the shim (late, or closed for room); under `lock`.
    int shut;
};

struct cmhd_server {
    struct MHD_Daemon *daemon;
    cmhd_handler handler;
    void *context;
    size_t max_body;
    unsigned int max_connections;
    int64_t deadline_nanoseconds;
    atomic_uint connections;
    atomic_uint in_flight;
    atomic_int quiesced;
    /// The listen socket handed back by MHD_quiesce_daemon, or MHD_INVALID_SOCKET.
    MHD_socket quiesced_listener;

    /// Guards the connection list, `shut` and `shut_pending`, and the sweeper's `stopping`.
    pthread_mutex_t lock;
    pthread_cond_t wake;
    struct cmhd_connection *first;
    /// Connections shut by the shim that libmicrohttpd has not closed yet.
    unsigned int shut_pending;
    int stopping;
    pthread_t sweeper;
    int sweeper_started;
    /// Connections closed since the sweeper last returned freed memory to the system.
    atomic_uint closed_since_trim;

    _Atomic uint64_t library_answers[CMHD_LIBRARY_ANSWER_KINDS];
    _Atomic uint64_t closed_late;
    _Atomic uint64_t closed_for_room;
    _Atomic uint64_t refused;

    /// The log's rate limit (under `log_lock`).
    pthread_mutex_t log_lock;
    int64_t log_window_start;
    unsigned int log_lines;
    unsigned int log_suppressed;
};

struct cmhd_request {
    struct MHD_Connection *connection;
    struct cmhd_connection *link;
    const char *method;
    const char *path;
    uint8_t *body;
    size_t length;
    size_t capacity;
    size_t discarded;
    cmhd_transport_problem problem;
    /// The handler has been called for this request's headers (it is counted in `in_flight`).
    int started;
    /// The raw request target as libmicrohttpd first showed it, and its length as a C string.
    const char *target;
    size_t target_length;
    /// The target holds a byte other than visible ASCII, or %00 in its path.
    int bad_target;
    char client[INET6_ADDRSTRLEN];
};

struct cmhd_response {
    struct MHD_Response *response;
    unsigned int status;
};

static const unsigned int cmhd_library_statuses[CMHD_LIBRARY_ANSWER_KINDS] = {400, 413, 414, 431, 505, 0};

static int64_t cmhd_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

// MARK: - Framing

/// What the header section says about framing, gathered in one pass.
struct cmhd_headers {
    unsigned int hosts;
    unsigned int lengths;
    unsigned int codings;
    const char *length;
    size_t length_size;
    int lengths_differ;
    int coding_not_chunked;
    int malformed;
};

/// RFC 9110 `tchar`: what a header name may hold.
static int cmhd_is_token(const char *name, size_t size) {
    // The characters RFC 9110 allows in a token, besides letters and digits.
    if (size == 0) return 0;
    for (size_t i = 0; i < size; i++) {
        unsigned char c = (unsigned char)name[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) continue;
        if (c == 0 || strchr("!#$%&'*+-.^_`|~", c) == NULL) return 0;
    }
    return 1;
}

/// A transfer coding list that is exactly `chunked`, in any case. libmicrohttpd
/// drops the whitespace before a value but keeps the whitespace after it, and
/// reads `chunked ` as another coding (then waits for the body's end until the
/// timeout): such a value is refused, not read two ways.
static int cmhd_is_chunked(const char *value, size_t size) {
    return size == 7 && strncasecmp(value, "chunked", 7) == 0;
}

static enum MHD_Result cmhd_scan_header(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                        const char *value, size_t value_size) {
    (void)kind;
    struct cmhd_headers *headers = cls;
    if (!cmhd_is_token(key, key_size)) headers->malformed = 1;
    for (size_t i = 0; value != NULL && i < value_size; i++) {
        unsigned char c = (unsigned char)value[i];
        if ((c < 0x20 && c != '\t') || c == 0x7F) headers->malformed = 1;
    }
    if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) {
        headers->hosts++;
    } else if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
        if (headers->lengths > 0 &&
            (value_size != headers->length_size || memcmp(value, headers->length, value_size) != 0)) {
            headers->lengths_differ = 1;
        }
        headers->lengths++;
        headers->length = value;
        headers->length_size = value_size;
    } else if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
        headers->codings++;
        if (value == NULL || !cmhd_is_chunked(value, value_size)) headers->coding_not_chunked = 1;
    }
    return MHD_YES;
}

/// True when the request line was `METHOD SP TARGET SP VERSION` with nothing
/// hidden: libmicrohttpd parses it in place, so the method, the raw target and
/// the version lie one space apart in its buffer unless a NUL cut one of them
/// short or extra spaces stood between them.
static int cmhd_is_plain_request_line(const cmhd_request *request, const char *method, const char *version) {
    if (request->bad_target || request->target == NULL || method == NULL || version == NULL) return 0;
    size_t method_length = strlen(method);
    if (!cmhd_is_token(method, method_length)) return 0;
    return (uintptr_t)request->target == (uintptr_t)method + method_length + 1 &&
           (uintptr_t)version == (uintptr_t)request->target + request->target_length + 1;
}

/// Checks how a request is framed and addressed once its headers are in
/// (RFC 9112 sections 3 and 6): a plain request line, one way to find where
/// the body ends, one Host.
static cmhd_transport_problem cmhd_check_framing(cmhd_server *server, struct MHD_Connection *connection,
                                                 const char *method, const char *version,
                                                 const cmhd_request *request) {
    if (!cmhd_is_plain_request_line(request, method, version)) return CMHD_TRANSPORT_MALFORMED_REQUEST_LINE;
    struct cmhd_headers headers = {0};
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, cmhd_scan_header, &headers);
    int http_1_0 = version != NULL && strcmp(version, MHD_HTTP_VERSION_1_0) == 0;
    if (headers.malformed) return CMHD_TRANSPORT_MALFORMED_HEADER;
    if (headers.codings > 0 && http_1_0) return CMHD_TRANSPORT_CODING_IN_HTTP_1_0;
    if (headers.codings > 0 && headers.lengths > 0) return CMHD_TRANSPORT_LENGTH_AND_CODING;
    if (headers.lengths_differ) return CMHD_TRANSPORT_CONFLICTING_LENGTHS;
    // A transfer coding other than chunked (RFC 9112: the server cannot know where
    // the body ends): libmicrohttpd would read until the connection times out.
    if (headers.codings > 1 || headers.coding_not_chunked) return CMHD_TRANSPORT_UNSUPPORTED_TRANSFER_CODING;
    if (headers.hosts > 1 || (headers.hosts == 0 && !http_1_0)) return CMHD_TRANSPORT_HOST_NOT_ONE;
    if (headers.lengths == 1) {
        errno = 0;
        char *end = NULL;
        unsigned long long length = strtoull(headers.length, &end, 10);
        if (errno == ERANGE || length > server->max_body) return CMHD_TRANSPORT_BODY_TOO_LARGE;
    }
    return CMHD_TRANSPORT_OK;
}

// MARK: - Requests

static enum MHD_Result cmhd_answer(cmhd_server *server, struct MHD_Connection *connection,
                                   cmhd_request *request) {
    if (request->link != NULL) atomic_store_explicit(&request->link->answering, 1, memory_order_relaxed);
    cmhd_response *answer = server->handler(server->context, request);
    if (request->problem != CMHD_TRANSPORT_OK || atomic_load_explicit(&server->quiesced, memory_order_relaxed)) {
        // After a framing problem nothing more on this connection can be trusted.
        MHD_add_response_header(answer->response, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    enum MHD_Result queued = MHD_queue_response(connection, answer->status, answer->response);
    MHD_destroy_response(answer->response);
    free(answer);
    return queued;
}

/// Appends a body chunk, or flags the body as too large once it passes the cap.
/// Returns 0 when the connection should be dropped.
static int cmhd_accumulate(cmhd_server *server, cmhd_request *request, const char *data, size_t size) {
    if (request->problem == CMHD_TRANSPORT_BODY_TOO_LARGE) {
        request->discarded += size;
        return request->discarded <= server->max_body * CMHD_DISCARD_FACTOR;
    }
    if (size > server->max_body - request->length) {
        request->problem = CMHD_TRANSPORT_BODY_TOO_LARGE;
        request->discarded = request->length + size;
        free(request->body);
        request->body = NULL;
        request->length = 0;
        request->capacity = 0;
        return 1;
    }
    size_t needed = request->length + size;
    if (needed > request->capacity) {
        size_t capacity = request->capacity ? request->capacity : 1024;
        while (capacity < needed) capacity *= 2;
        if (capacity > server->max_body) capacity = server->max_body;
        uint8_t *grown = realloc(request->body, capacity);
        if (grown == NULL) return 0;
        request->body = grown;
        request->capacity = capacity;
    }
    memcpy(request->body + request->length, data, size);
    request->length = needed;
    return 1;
}

/// Called once the request line has arrived, before the headers: creates the
/// request (libmicrohttpd passes it on as `con_cls`) and marks the connection
/// busy. `uri` is the raw target, noted here before libmicrohttpd decodes it in
/// place (a %00 would become a NUL that ends the path as a C string).
static void *cmhd_on_request_line(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)cls;
    cmhd_request *request = calloc(1, sizeof *request);
    if (request == NULL) return NULL;
    request->connection = connection;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    request->link = info ? info->socket_context : NULL;
    if (request->link != NULL) atomic_store_explicit(&request->link->receiving, 1, memory_order_relaxed);
    request->target = uri;
    request->target_length = strlen(uri);
    size_t path_length = strcspn(uri, "?");
    for (size_t i = 0; i < request->target_length; i++) {
        unsigned char c = (unsigned char)uri[i];
        if (c <= 0x20 || c >= 0x7F) request->bad_target = 1;
        if (c == '%' && i + 2 < path_length && uri[i + 1] == '0' && uri[i + 2] == '0') request->bad_target = 1;
    }
    return request;
}

static enum MHD_Result cmhd_on_request(void *cls, struct MHD_Connection *connection, const char *url,
                                       const char *method, const char *version, const char *upload_data,
                                       size_t *upload_data_size, void **con_cls) {
    cmhd_server *server = cls;
    cmhd_request *request = *con_cls;
    if (request == NULL) return MHD_NO;  // out of memory at the request line
    if (!request->started) {
        // First call: the headers are in, no body yet.
        request->started = 1;
        request->method = method;
        request->path = url;
        atomic_fetch_add_explicit(&server->in_flight, 1, memory_order_relaxed);
        request->problem = cmhd_check_framing(server, connection, method, version, request);
        // Answer a framing problem before reading any body; MHD then closes the connection.
        if (request->problem != CMHD_TRANSPORT_OK) return cmhd_answer(server, connection, request);
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        size_t size = *upload_data_size;
        *upload_data_size = 0;
        return cmhd_accumulate(server, request, upload_data, size) ? MHD_YES : MHD_NO;
    }
    request->method = method;
    request->path = url;
    return cmhd_answer(server, connection, request);
}

static void cmhd_on_completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                              enum MHD_RequestTerminationCode code) {
    (void)connection;
    (void)code;
    cmhd_server *server = cls;
    cmhd_request *request = *con_cls;
    if (request == NULL) return;
    if (request->link != NULL) {
        // The next request's time starts now.
        atomic_store_explicit(&request->link->since, cmhd_now(), memory_order_relaxed);
        atomic_store_explicit(&request->link->answering, 0, memory_order_relaxed);
        atomic_store_explicit(&request->link->receiving, 0, memory_order_relaxed);
    }
    if (request->started) atomic_fetch_sub_explicit(&server->in_flight, 1, memory_order_relaxed);
    free(request->body);
    free(request);
    *con_cls = NULL;
}

// MARK: - Connections

/// The connection that has waited longest for its request to arrive, not shut
/// yet and not being answered; NULL when every connection is busy. Under `lock`.
static struct cmhd_connection *cmhd_stalest(cmhd_server *server) {
    struct cmhd_connection *stalest = NULL;
    int64_t oldest = INT64_MAX;
    for (struct cmhd_connection *c = server->first; c != NULL; c = c->next) {
        if (c->shut || atomic_load_explicit(&c->answering, memory_order_relaxed)) continue;
        int64_t since = atomic_load_explicit(&c->since, memory_order_relaxed);
        if (since < oldest) {
            oldest = since;
            stalest = c;
        }
    }
    return stalest;
}

/// Shuts a connection's socket down; libmicrohttpd then sees it end and closes
/// it on its own thread. Under `lock`, so the descriptor is still open.
static void cmhd_shut(cmhd_server *server, struct cmhd_connection *connection) {
    shutdown(connection->socket, SHUT_RDWR);
    connection->shut = 1;
    server->shut_pending++;
}

/// Admits a new connection. At the limit, the connection that has waited
/// longest for a request (a slow or idle client) is closed to make room, so
/// slow clients cannot lock everyone out; when every connection is being
/// answered the new one is refused at once. (libmicrohttpd's own limit stops
/// polling the listening socket instead, so clients past it would wait in the
/// kernel's backlog: "queued forever", not refused.)
static enum MHD_Result cmhd_on_accept(void *cls, const struct sockaddr *address, socklen_t length) {
    (void)address;
    (void)length;
    cmhd_server *server = cls;
    enum MHD_Result admitted = MHD_YES;
    pthread_mutex_lock(&server->lock);
    unsigned int open = atomic_load_explicit(&server->connections, memory_order_relaxed);
    if (open - (server->shut_pending < open ? server->shut_pending : open) >= server->max_connections) {
        struct cmhd_connection *stalest = cmhd_stalest(server);
        if (stalest != NULL) {
            cmhd_shut(server, stalest);
            atomic_fetch_add_explicit(&server->closed_for_room, 1, memory_order_relaxed);
        } else {
            atomic_fetch_add_explicit(&server->refused, 1, memory_order_relaxed);
            admitted = MHD_NO;
        }
    }
    pthread_mutex_unlock(&server->lock);
    return admitted;
}

static void cmhd_on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                               enum MHD_ConnectionNotificationCode code) {
    cmhd_server *server = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        struct cmhd_connection *link = calloc(1, sizeof *link);
        if (link != NULL) {
            const union MHD_ConnectionInfo *info =
                MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
            link->socket = info ? info->connect_fd : MHD_INVALID_SOCKET;
            atomic_init(&link->since, cmhd_now());
            atomic_init(&link->receiving, 0);
            atomic_init(&link->answering, 0);
            pthread_mutex_lock(&server->lock);
            link->next = server->first;
            if (server->first != NULL) server->first->previous = link;
            server->first = link;
            atomic_fetch_add_explicit(&server->connections, 1, memory_order_relaxed);
            pthread_mutex_unlock(&server->lock);
        } else {
            atomic_fetch_add_explicit(&server->connections, 1, memory_order_relaxed);
        }
        *socket_context = link;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        struct cmhd_connection *link = *socket_context;
        pthread_mutex_lock(&server->lock);
        if (link != NULL) {
            if (link->previous != NULL) link->previous->next = link->next;
            if (link->next != NULL) link->next->previous = link->previous;
            if (server->first == link) server->first = link->next;
            if (link->shut) server->shut_pending--;
        }
        atomic_fetch_sub_explicit(&server->connections, 1, memory_order_relaxed);
        pthread_mutex_unlock(&server->lock);
        free(link);
        *socket_context = NULL;
        atomic_fetch_add_explicit(&server->closed_since_trim, 1, memory_order_relaxed);
    }
}

/// The sweeper thread: closes connections whose request has not arrived whole
/// within the deadline (libmicrohttpd's own timeout only closes idle ones, so a
/// client sending one byte every few seconds kept its connection for ever), and
/// hands memory freed by closed connections back to the system (glibc keeps
/// freed blocks in its arenas; without it, RSS stayed at its peak after a burst
/// of connections holding large bodies).
static void *cmhd_sweep(void *argument) {
    cmhd_server *server = argument;
    int64_t last_trim = cmhd_now();
    pthread_mutex_lock(&server->lock);
    while (!server->stopping) {
        struct timespec wake;
        clock_gettime(CLOCK_MONOTONIC, &wake);
        wake.tv_nsec += CMHD_SWEEP_MILLISECONDS * 1000000L;
        if (wake.tv_nsec >= 1000000000L) {
            wake.tv_sec += 1;
            wake.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&server->wake, &server->lock, &wake);
        if (server->stopping) break;
        int64_t now = cmhd_now();
        for (struct cmhd_connection *c = server->first; c != NULL; c = c->next) {
            if (c->shut || atomic_load_explicit(&c->answering, memory_order_relaxed)) continue;
            if (now - atomic_load_explicit(&c->since, memory_order_relaxed) > server->deadline_nanoseconds) {
                cmhd_shut(server, c);
                atomic_fetch_add_explicit(&server->closed_late, 1, memory_order_relaxed);
            }
        }
        if (now - last_trim >= 1000000000LL &&
            atomic_load_explicit(&server->closed_since_trim, memory_order_relaxed) > 0) {
            atomic_store_explicit(&server->closed_since_trim, 0, memory_order_relaxed);
            last_trim = now;
            pthread_mutex_unlock(&server->lock);
            malloc_trim(0);
            pthread_mutex_lock(&server->lock);
        }
    }
    pthread_mutex_unlock(&server->lock);
    return NULL;
}

// MARK: - Log

/// libmicrohttpd's messages. The answers it writes itself (400, 413, 414, 431,
/// 505) are counted, not printed: clients cause them. Other messages are
/// printed with control characters escaped, at most CMHD_LOG_BURST per window.
static void cmhd_log(void *cls, const char *format, va_list arguments) {
    cmhd_server *server = cls;
    static const char answered[] = "Error processing request (HTTP response code is %u";
    if (strncmp(format, answered, sizeof answered - 1) == 0) {
        va_list copy;
        va_copy(copy, arguments);
        unsigned int status = va_arg(copy, unsigned int);
        va_end(copy);
        unsigned int kind = CMHD_LIBRARY_ANSWER_KINDS - 1;
        for (unsigned int i = 0; i + 1 < CMHD_LIBRARY_ANSWER_KINDS; i++) {
            if (cmhd_library_statuses[i] == status) kind = i;
        }
        atomic_fetch_add_explicit(&server->library_answers[kind], 1, memory_order_relaxed);
        return;
    }
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = '\0';
    char escaped[sizeof line * 4];
    size_t out = 0;
    for (size_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c < 0x20 || c == 0x7F || c == '\\') {
            out += (size_t)snprintf(escaped + out, sizeof escaped - out, "\\x%02x", c);
        } else {
            escaped[out++] = (char)c;
        }
    }
    escaped[out] = '\0';
    int64_t now = cmhd_now();
    unsigned int suppressed = 0;
    int print;
    pthread_mutex_lock(&server->log_lock);
    if (now - server->log_window_start > (int64_t)CMHD_LOG_WINDOW_SECONDS * 1000000000) {
        suppressed = server->log_suppressed;
        server->log_window_start = now;
        server->log_lines = 0;
        server->log_suppressed = 0;
    }
    print = server->log_lines < CMHD_LOG_BURST;
    if (print) {
        server->log_lines++;
    } else {
        server->log_suppressed++;
    }
    pthread_mutex_unlock(&server->log_lock);
    if (suppressed > 0) {
        fprintf(stderr, "smarttext-server: libmicrohttpd: %u more messages in the last %d s not shown\n",
                suppressed, CMHD_LOG_WINDOW_SECONDS);
    }
    if (print) fprintf(stderr, "smarttext-server: libmicrohttpd: %s\n", escaped);
}

// MARK: - Daemon

unsigned int cmhd_library_answer_status(unsigned int kind) {
    return kind < CMHD_LIBRARY_ANSWER_KINDS ? cmhd_library_statuses[kind] : 0;
}

static void cmhd_server_free(cmhd_server *server) {
    pthread_cond_destroy(&server->wake);
    pthread_mutex_destroy(&server->lock);
    pthread_mutex_destroy(&server->log_lock);
    free(server);
}

cmhd_server *cmhd_server_start(const cmhd_config *config, cmhd_handler handler, void *context, char *error,
                               size_t error_size) {
    struct addrinfo hints = {0};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    char port[8];
    snprintf(port, sizeof port, "%u", (unsigned)config->port);
    const char *host = (config->host != NULL && config->host[0] != '\0') ? config->host : NULL;
    struct addrinfo *addresses = NULL;
    int resolved = getaddrinfo(host, port, &hints, &addresses);
    if (resolved != 0 || addresses == NULL) {
        snprintf(error, error_size, "cannot resolve host '%s': %s", host ? host : "", gai_strerror(resolved));
        return NULL;
    }
    // Prefer IPv4 when a name resolves to both; "::" binds both families.
    struct addrinfo *chosen = addresses;
    for (struct addrinfo *a = addresses; a != NULL; a = a->ai_next) {
        if (a->ai_family == AF_INET) {
            chosen = a;
            break;
        }
    }
    if (host != NULL && strchr(host, ':') != NULL) chosen = addresses;

    cmhd_server *server = calloc(1, sizeof *server);
    if (server == NULL) {
        freeaddrinfo(addresses);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    server->handler = handler;
    server->context = context;
    server->max_body = config->max_body;
    server->max_connections = config->max_connections;
    server->deadline_nanoseconds = (int64_t)config->timeout_seconds * 1000000000;
    atomic_init(&server->connections, 0);
    atomic_init(&server->in_flight, 0);
    atomic_init(&server->quiesced, 0);
    atomic_init(&server->closed_since_trim, 0);
    server->quiesced_listener = MHD_INVALID_SOCKET;
    pthread_mutex_init(&server->lock, NULL);
    pthread_mutex_init(&server->log_lock, NULL);
    pthread_condattr_t condition;
    pthread_condattr_init(&condition);
    pthread_condattr_setclock(&condition, CLOCK_MONOTONIC);
    pthread_cond_init(&server->wake, &condition);
    pthread_condattr_destroy(&condition);
    server->log_window_start = cmhd_now();

    // Request bodies grow by doubling up to --max-body. From 32 KiB on they are
    // mapped pages of their own, given back to the system when the connection is
    // done with them: glibc's default threshold starts at 128 KiB and rises after
    // each free, so large bodies came from the heap, where small long-lived blocks
    // allocated among them kept pages from being trimmed (RSS after a burst of
    // large bodies stayed 4-8 MiB above where it was before it, by chance).
    mallopt(M_MMAP_THRESHOLD, 32 * 1024);

    // MHD_USE_TURBO: read and write before asking epoll whether the socket is
    // ready (most answers fit in one send), which saves a round through epoll per request
    // (BENCHMARKS.md item 4).
    unsigned int flags =
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_USE_TURBO;
    if (chosen->ai_family == AF_INET6) {
        flags |= (host != NULL && strcmp(host, "::") == 0) ? MHD_USE_DUAL_STACK : MHD_USE_IPv6;
    }
    unsigned int threads = config->threads ? config->threads : 1;
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_SOCK_ADDR, 0, chosen->ai_addr},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)config->timeout_seconds, NULL},
        // Each connection's memory pool holds the request line and headers and the
        // answer's headers (bodies live in our own buffer); MHD clears the used part
        // per request, so a smaller pool than the 32 KiB default costs less (BENCHMARKS.md item 4).
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, 16 * 1024, NULL},
        // Headroom over our own limit (cmhd_on_accept), which makes room or refuses fast.
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)(config->max_connections + 64 * threads), NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)config->max_connections_per_client, NULL},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)cmhd_on_request_line, server},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)cmhd_on_connection, server},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)cmhd_on_completed, server},
        {threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    // The logger must be the first option, or MHD logs earlier problems its own way.
    server->daemon = MHD_start_daemon(flags, 0, cmhd_on_accept, server, cmhd_on_request, server, MHD_OPTION_EXTERNAL_LOGGER,
                                      cmhd_log, server, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    freeaddrinfo(addresses);
    if (server->daemon == NULL) {
        snprintf(error, error_size, "cannot listen on %s port %u (address in use, or not allowed?)",
                 host ? host : "0.0.0.0", (unsigned)config->port);
        cmhd_server_free(server);
        return NULL;
    }
    int started = pthread_create(&server->sweeper, NULL, cmhd_sweep, server);
    if (started != 0) {
        MHD_stop_daemon(server->daemon);
        snprintf(error, error_size, "cannot start the connection sweeper: %s", strerror(started));
        cmhd_server_free(server);
        return NULL;
    }
    server->sweeper_started = 1;
    return server;
}

uint16_t cmhd_server_port(const cmhd_server *server) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void cmhd_server_quiesce(cmhd_server *server) {
    atomic_store(&server->quiesced, 1);
    MHD_socket listener = MHD_quiesce_daemon(server->daemon);
    if (listener == MHD_INVALID_SOCKET) return;
    // Clients already in the backlog connected before the stop and may have sent a
    // request while every thread was busy: take them in, to be answered (closing
    // the listener would reset them).
    for (;;) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        int client = accept4(listener, (struct sockaddr *)&address, &length, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (client < 0) {
            if (errno == EINTR) continue;
            break;
        }
        // MHD closes the socket itself when it cannot take it.
        MHD_add_connection(server->daemon, client, (struct sockaddr *)&address, length);
    }
    // MHD's polling thread may still remove this socket from its epoll set, so the
    // descriptor must stay open until MHD_stop_daemon (closing it here made MHD
    // panic under ThreadSanitizer's timing). shutdown() stops accepting at once:
    // new clients are refused rather than left waiting in the backlog.
    shutdown(listener, SHUT_RDWR);
    server->quiesced_listener = listener;
}

unsigned int cmhd_server_requests_in_flight(const cmhd_server *server) {
    return atomic_load_explicit(&((cmhd_server *)server)->in_flight, memory_order_relaxed);
}

unsigned int cmhd_server_pending_connections(cmhd_server *server) {
    unsigned int pending = 0;
    pthread_mutex_lock(&server->lock);
    for (struct cmhd_connection *c = server->first; c != NULL; c = c->next) {
        if (c->shut) continue;
        int unread = 0;
        if (atomic_load_explicit(&c->receiving, memory_order_relaxed) ||
            (ioctl(c->socket, FIONREAD, &unread) == 0 && unread > 0)) {
            pending++;
        }
    }
    pthread_mutex_unlock(&server->lock);
    return pending;
}

unsigned int cmhd_server_connections(const cmhd_server *server) {
    return atomic_load_explicit(&((cmhd_server *)server)->connections, memory_order_relaxed);
}

void cmhd_server_counters(cmhd_server *server, cmhd_counters *counters) {
    for (unsigned int i = 0; i < CMHD_LIBRARY_ANSWER_KINDS; i++) {
        counters->library_answers[i] = atomic_load_explicit(&server->library_answers[i], memory_order_relaxed);
    }
    counters->closed_late = atomic_load_explicit(&server->closed_late, memory_order_relaxed);
    counters->closed_for_room = atomic_load_explicit(&server->closed_for_room, memory_order_relaxed);
    counters->refused = atomic_load_explicit(&server->refused, memory_order_relaxed);
}

void cmhd_server_stop(cmhd_server *server) {
    if (server->sweeper_started) {
        pthread_mutex_lock(&server->lock);
        server->stopping = 1;
        pthread_cond_signal(&server->wake);
        pthread_mutex_unlock(&server->lock);
        pthread_join(server->sweeper, NULL);
    }
    MHD_stop_daemon(server->daemon);
    if (server->quiesced_listener != MHD_INVALID_SOCKET) close(server->quiesced_listener);
    cmhd_server_free(server);
}

// MARK: - Request accessors

const char *cmhd_request_method(const cmhd_request *request) { return request->method; }

const char *cmhd_request_path(const cmhd_request *request) { return request->path; }

const char *cmhd_request_header(const cmhd_request *request, const char *name) {
    return MHD_lookup_connection_value(request->connection, MHD_HEADER_KIND, name);
}

const uint8_t *cmhd_request_body(const cmhd_request *request, size_t *length) {
    *length = request->length;
    return request->body;
}

cmhd_transport_problem cmhd_request_transport_problem(const cmhd_request *request) { return request->problem; }

const char *cmhd_request_client(const cmhd_request *request) {
    cmhd_request *mutable = (cmhd_request *)request;
    if (mutable->client[0] != '\0') return mutable->client;
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(request->connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *address = info ? info->client_addr : NULL;
    const char *text = NULL;
    if (address != NULL && address->sa_family == AF_INET) {
        text = inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, mutable->client,
                         sizeof mutable->client);
    } else if (address != NULL && address->sa_family == AF_INET6) {
        text = inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, mutable->client,
                         sizeof mutable->client);
    }
    if (text == NULL) snprintf(mutable->client, sizeof mutable->client, "-");
    return mutable->client;
}

// MARK: - Responses

cmhd_response *cmhd_response_create(unsigned int status, const void *body, size_t length) {
    cmhd_response *answer = malloc(sizeof *answer);
    if (answer == NULL) abort();
    answer->status = status;
    answer->response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (answer->response == NULL) abort();
    return answer;
}

void cmhd_response_add_header(cmhd_response *response, const char *name, const char *value) {
    MHD_add_response_header(response->response, name, value);
}
