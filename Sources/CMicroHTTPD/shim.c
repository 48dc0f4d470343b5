// The libmicrohttpd side of the server. See include/CMicroHTTPD.h for why it exists.
#define _GNU_SOURCE
#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <dlfcn.h>
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
#include <linux/sockios.h>
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

/// An answer not taken by its client within this long (its bytes wait in the socket), or with this many of
/// its bytes waiting (the kernel's send buffer grows to megabytes for a client that does not read), lets the
/// connection make room for a new one at the connection limit, like a connection waiting for its request.
#define CMHD_STALLED_ANSWER_NANOSECONDS 1000000000LL
#define CMHD_STALLED_ANSWER_BYTES (64 * 1024)

/// One open connection, in the server's list (under `lock`).
struct cmhd_connection {
    struct cmhd_connection *previous;
    struct cmhd_connection *next;
    struct cmhd_server *server;
    MHD_socket socket;
    /// When the current request's time started (monotonic nanoseconds): the
    /// connection's start, or the end of the previous answer.
    _Atomic int64_t since;
    /// A request line has arrived and its answer is not sent yet.
    atomic_int receiving;
    /// The current request arrived whole; it is being answered.
    atomic_int answering;
    /// When its answer was queued (monotonic nanoseconds; 0 while the handler runs): an answer its client
    /// does not take in within the deadline closes the connection.
    _Atomic int64_t answer_queued;
    /// Shut down by the shim (late, or closed for room); under `lock`.
    int shut;
};

struct cmhd_server {
    struct MHD_Daemon *daemon;
    cmhd_handler handler;
    cmhd_library_handler library_handler;
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

// MARK: - Locks

/// Lock, condition and thread calls that fail (a corrupt mutex, an unlock by a thread that does not hold it, a
/// lock destroyed while held) stop the process: going on would race.
static void cmhd_check(int result, const char *what) {
    if (result != 0) {
        fprintf(stderr, "smarttext-server: %s failed (%s)\n", what, strerror(result));
        abort();
    }
}
#define cmhd_lock(mutex) cmhd_check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
#define cmhd_unlock(mutex) cmhd_check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")

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
    /// A header whose name libmicrohttpd did not read in place: it joined a folded line onto it.
    int folded;
    /// The end of the last header's value (where the empty line ending the section must follow).
    const char *last_value_end;
};

/// The value without the white space RFC 9110 section 5.5 puts around a field value (libmicrohttpd keeps
/// what follows it).
static size_t cmhd_trimmed_length(const char *value, size_t size) {
    while (size > 0 && (value[size - 1] == ' ' || value[size - 1] == '\t')) size--;
    return size;
}

/// True for a Content-Length value that is one or more digits.
static int cmhd_is_length(const char *value, size_t size) {
    if (value == NULL || size == 0) return 0;
    for (size_t i = 0; i < size; i++) {
        if (value[i] < '0' || value[i] > '9') return 0;
    }
    return 1;
}

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
    // libmicrohttpd parses in place: the name, its colon, optional white space and the value lie next to
    // each other in its read buffer. A name built elsewhere is a name it joined with a folded line.
    uintptr_t name_end = (uintptr_t)key + key_size;
    if (value == NULL || (uintptr_t)value < name_end + 1 || (uintptr_t)value - name_end > 64) {
        headers->folded = 1;
    } else {
        for (const char *between = key + key_size + 1; between < value; between++) {
            if (*between != ' ' && *between != '\t') headers->folded = 1;
        }
    }
    if (value != NULL) headers->last_value_end = value + value_size;
    for (size_t i = 0; value != NULL && i < value_size; i++) {
        unsigned char c = (unsigned char)value[i];
        if ((c < 0x20 && c != '\t') || c == 0x7F) headers->malformed = 1;
    }
    if (strcasecmp(key, MHD_HTTP_HEADER_HOST) == 0) {
        headers->hosts++;
    } else if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
        value_size = value == NULL ? 0 : cmhd_trimmed_length(value, value_size);
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
    if (headers.folded) return CMHD_TRANSPORT_FOLDED_OR_CUT_HEADERS;
    // The section must end with an empty line right after the last header (or the request line):
    // libmicrohttpd has turned its CR LF CR LF into four NULs. A line it took for the end (one with an empty
    // name) leaves other bytes there, and what follows would be read as a request of its own.
    const char *end = headers.last_value_end != NULL ? headers.last_value_end : version + strlen(version);
    if (end[0] != '\0' || end[1] != '\0' || end[2] != '\0' || end[3] != '\0') {
        return CMHD_TRANSPORT_FOLDED_OR_CUT_HEADERS;
    }
    if (headers.malformed) return CMHD_TRANSPORT_MALFORMED_HEADER;
    if (headers.codings > 0 && http_1_0) return CMHD_TRANSPORT_CODING_IN_HTTP_1_0;
    if (headers.codings > 0 && headers.lengths > 0) return CMHD_TRANSPORT_LENGTH_AND_CODING;
    if (headers.lengths_differ) return CMHD_TRANSPORT_CONFLICTING_LENGTHS;
    // A transfer coding other than chunked (RFC 9112: the server cannot know where
    // the body ends): libmicrohttpd would read until the connection times out.
    if (headers.codings > 1 || headers.coding_not_chunked) return CMHD_TRANSPORT_UNSUPPORTED_TRANSFER_CODING;
    if (headers.hosts > 1 || (headers.hosts == 0 && !http_1_0)) return CMHD_TRANSPORT_HOST_NOT_ONE;
    if (headers.lengths > 0) {
        if (!cmhd_is_length(headers.length, headers.length_size)) return CMHD_TRANSPORT_INVALID_CONTENT_LENGTH;
        errno = 0;
        unsigned long long length = strtoull(headers.length, NULL, 10);
        if (errno == ERANGE || length > server->max_body) return CMHD_TRANSPORT_BODY_TOO_LARGE;
    }
    return CMHD_TRANSPORT_OK;
}

// MARK: - Requests

/// The path of a request target: an absolute-form target (`http://host/healthz`, RFC 9112 section 3.2.2,
/// which a server must accept) stands for its path after the authority; any other target is its own.
static const char *cmhd_origin_path(const char *url) {
    if (url == NULL) return "";
    const char *rest = NULL;
    if (strncasecmp(url, "http://", 7) == 0) rest = url + 7;
    if (strncasecmp(url, "https://", 8) == 0) rest = url + 8;
    if (rest == NULL) return url;
    const char *slash = strchr(rest, '/');
    return slash != NULL ? slash : "/";
}

/// Set while the shim itself queues an answer; any other answer queued is one libmicrohttpd wrote itself.
static _Thread_local int cmhd_queuing_own_answer;

/// Queues an answer of the shim's (a handler's).
static enum MHD_Result cmhd_queue(struct MHD_Connection *connection, cmhd_response *answer) {
    cmhd_queuing_own_answer = 1;
    enum MHD_Result queued = MHD_queue_response(connection, answer->status, answer->response);
    cmhd_queuing_own_answer = 0;
    MHD_destroy_response(answer->response);
    free(answer);
    return queued;
}

static enum MHD_Result cmhd_answer(cmhd_server *server, struct MHD_Connection *connection,
                                   cmhd_request *request) {
    if (request->link != NULL) {
        atomic_store_explicit(&request->link->answer_queued, 0, memory_order_relaxed);
        atomic_store_explicit(&request->link->answering, 1, memory_order_relaxed);
    }
    cmhd_response *answer = server->handler(server->context, request);
    if (request->problem != CMHD_TRANSPORT_OK || atomic_load_explicit(&server->quiesced, memory_order_relaxed)) {
        // After a framing problem nothing more on this connection can be trusted.
        MHD_add_response_header(answer->response, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    if (request->link != NULL) atomic_store_explicit(&request->link->answer_queued, cmhd_now(), memory_order_relaxed);
    return cmhd_queue(connection, answer);
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
        request->path = cmhd_origin_path(url);
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
    request->path = cmhd_origin_path(url);
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

// MARK: - libmicrohttpd's own answers
//
// libmicrohttpd 0.9.75 answers some requests itself, before any handler runs, with HTML and no Content-Type
// (a header section larger than the connection's buffer: 431; an HTTP version it does not serve: 505; a
// Content-Length it cannot read: 400, written twice), and it offers no hook to change them. Its own calls
// to its public functions go through its procedure linkage table, so the definitions below, in the
// executable, take their place (ELF symbol interposition): an answer queued by anyone but the shim is
// replaced by the problem the Swift side writes, and the Content-Length libmicrohttpd reads is the value
// without the white space RFC 9110 allows after it. Each calls the library's own function through dlsym.

/// The library's message of the answer being built on this thread (the last buffer it made a response of).
static _Thread_local const char *cmhd_library_message;

typedef struct MHD_Response *(*cmhd_create_function)(size_t, void *, enum MHD_ResponseMemoryMode);
typedef enum MHD_Result (*cmhd_queue_function)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
typedef enum MHD_Result (*cmhd_lookup_function)(struct MHD_Connection *, enum MHD_ValueKind, const char *, size_t,
                                                const char **, size_t *);

static cmhd_create_function cmhd_library_create;
static cmhd_queue_function cmhd_library_queue;
static cmhd_lookup_function cmhd_library_lookup;
static pthread_once_t cmhd_library_once = PTHREAD_ONCE_INIT;

static void cmhd_find_library_functions(void) {
    cmhd_library_create = (cmhd_create_function)dlsym(RTLD_NEXT, "MHD_create_response_from_buffer");
    cmhd_library_queue = (cmhd_queue_function)dlsym(RTLD_NEXT, "MHD_queue_response");
    cmhd_library_lookup = (cmhd_lookup_function)dlsym(RTLD_NEXT, "MHD_lookup_connection_value_n");
    if (cmhd_library_create == NULL || cmhd_library_queue == NULL || cmhd_library_lookup == NULL) abort();
}

struct MHD_Response *MHD_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    pthread_once(&cmhd_library_once, cmhd_find_library_functions);
    cmhd_library_message = mode == MHD_RESPMEM_PERSISTENT ? buffer : NULL;
    return cmhd_library_create(size, buffer, mode);
}

/// Which of its own answers libmicrohttpd is writing, from its status and message.
static cmhd_library_answer cmhd_classify(unsigned int status, const char *message, unsigned int *answer_status) {
    *answer_status = status;
    switch (status) {
    case 413: return CMHD_LIBRARY_TOO_LARGE;
    case 414: return CMHD_LIBRARY_URI_TOO_LONG;
    case 431: return CMHD_LIBRARY_HEADERS_TOO_LARGE;
    case 505: return CMHD_LIBRARY_VERSION_NOT_SUPPORTED;
    case 500:
        // Its only 500: a line of the body's framing did not fit the buffer while the body was read.
        *answer_status = 413;
        return CMHD_LIBRARY_LINE_TOO_LONG;
    default:
        *answer_status = 400;
        return message != NULL && strstr(message, "chunked") != NULL ? CMHD_LIBRARY_CHUNKED_MALFORMED
                                                                     : CMHD_LIBRARY_MALFORMED;
    }
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status,
                                   struct MHD_Response *response) {
    pthread_once(&cmhd_library_once, cmhd_find_library_functions);
    if (cmhd_queuing_own_answer) return cmhd_library_queue(connection, status, response);
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    struct cmhd_connection *link = info ? info->socket_context : NULL;
    if (link == NULL || link->server == NULL) return cmhd_library_queue(connection, status, response);
    unsigned int answer_status = status;
    cmhd_library_answer answer = cmhd_classify(status, cmhd_library_message, &answer_status);
    cmhd_response *replacement = link->server->library_handler(link->server->context, answer, answer_status);
    MHD_add_response_header(replacement->response, MHD_HTTP_HEADER_CONNECTION, "close");
    // The library destroys its own response after this call; the replacement is queued in its place.
    enum MHD_Result queued = cmhd_library_queue(connection, replacement->status, replacement->response);
    MHD_destroy_response(replacement->response);
    free(replacement);
    return queued;
}

enum MHD_Result MHD_lookup_connection_value_n(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                              const char *key, size_t key_size, const char **value,
                                              size_t *value_size) {
    pthread_once(&cmhd_library_once, cmhd_find_library_functions);
    size_t size = 0;
    const char *found = NULL;
    enum MHD_Result result = cmhd_library_lookup(connection, kind, key, key_size, &found, &size);
    if (result == MHD_YES && found != NULL && kind == MHD_HEADER_KIND && key != NULL &&
        key_size == strlen(MHD_HTTP_HEADER_CONTENT_LENGTH) && strncasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH, key_size) == 0) {
        size = cmhd_trimmed_length(found, size);
        // A length that is not digits is refused by the shim (400) once the headers are in; to
        // libmicrohttpd it is 0, so that it reaches the shim instead of answering (twice) itself.
        if (!cmhd_is_length(found, size)) {
            found = "0";
            size = 1;
        }
    }
    if (value != NULL) *value = found;
    if (value_size != NULL) *value_size = size;
    return result;
}

// MARK: - Connections

/// How many bytes of answers wait in the connection's socket for its client to read them.
static int cmhd_unsent(struct cmhd_connection *connection) {
    int unsent = 0;
    return ioctl(connection->socket, SIOCOUTQ, &unsent) == 0 ? unsent : 0;
}

/// The connection that has waited longest for its request to arrive, not shut
/// yet and not being answered (or whose answers its client does not read: unread for a second, or 64 KiB of
/// them waiting); NULL when every connection is busy. Under `lock`.
static struct cmhd_connection *cmhd_stalest(cmhd_server *server) {
    struct cmhd_connection *stalest = NULL;
    int64_t oldest = INT64_MAX;
    int64_t now = cmhd_now();
    for (struct cmhd_connection *c = server->first; c != NULL; c = c->next) {
        if (c->shut) continue;
        int64_t since = atomic_load_explicit(&c->since, memory_order_relaxed);
        if (atomic_load_explicit(&c->answering, memory_order_relaxed)) {
            // Being answered: it waits on its client only when its answer has stood unread for a while.
            int64_t queued = atomic_load_explicit(&c->answer_queued, memory_order_relaxed);
            if (queued == 0) continue;
            int unsent = cmhd_unsent(c);
            if (unsent < CMHD_STALLED_ANSWER_BYTES && (unsent == 0 || now - queued < CMHD_STALLED_ANSWER_NANOSECONDS)) {
                continue;
            }
            since = queued;
        }
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
    cmhd_lock(&server->lock);
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
    cmhd_unlock(&server->lock);
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
            link->server = server;
            atomic_init(&link->since, cmhd_now());
            atomic_init(&link->answer_queued, 0);
            atomic_init(&link->receiving, 0);
            atomic_init(&link->answering, 0);
            cmhd_lock(&server->lock);
            link->next = server->first;
            if (server->first != NULL) server->first->previous = link;
            server->first = link;
            atomic_fetch_add_explicit(&server->connections, 1, memory_order_relaxed);
            cmhd_unlock(&server->lock);
        } else {
            atomic_fetch_add_explicit(&server->connections, 1, memory_order_relaxed);
        }
        *socket_context = link;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        struct cmhd_connection *link = *socket_context;
        cmhd_lock(&server->lock);
        if (link != NULL) {
            if (link->previous != NULL) link->previous->next = link->next;
            if (link->next != NULL) link->next->previous = link->previous;
            if (server->first == link) server->first = link->next;
            if (link->shut) server->shut_pending--;
        }
        atomic_fetch_sub_explicit(&server->connections, 1, memory_order_relaxed);
        cmhd_unlock(&server->lock);
        free(link);
        *socket_context = NULL;
        atomic_fetch_add_explicit(&server->closed_since_trim, 1, memory_order_relaxed);
    }
}

/// The sweeper thread: closes connections whose request has not arrived whole
/// within the deadline, or whose answer its client has not taken in within it
/// (libmicrohttpd's own timeout only closes idle ones, so a client sending or
/// reading one byte every few seconds kept its connection for ever), and
/// hands memory freed by closed connections back to the system (glibc keeps
/// freed blocks in its arenas; without it, RSS stayed at its peak after a burst
/// of connections holding large bodies).
static void *cmhd_sweep(void *argument) {
    cmhd_server *server = argument;
    int64_t last_trim = cmhd_now();
    cmhd_lock(&server->lock);
    while (!server->stopping) {
        struct timespec wake;
        clock_gettime(CLOCK_MONOTONIC, &wake);
        wake.tv_nsec += CMHD_SWEEP_MILLISECONDS * 1000000L;
        if (wake.tv_nsec >= 1000000000L) {
            wake.tv_sec += 1;
            wake.tv_nsec -= 1000000000L;
        }
        int waited = pthread_cond_timedwait(&server->wake, &server->lock, &wake);
        if (waited != 0 && waited != ETIMEDOUT) cmhd_check(waited, "pthread_cond_timedwait");
        if (server->stopping) break;
        int64_t now = cmhd_now();
        for (struct cmhd_connection *c = server->first; c != NULL; c = c->next) {
            if (c->shut) continue;
            int64_t since = atomic_load_explicit(&c->since, memory_order_relaxed);
            if (atomic_load_explicit(&c->answering, memory_order_relaxed)) {
                // An answer its client does not take in within the deadline (a client that does not read).
                since = atomic_load_explicit(&c->answer_queued, memory_order_relaxed);
                if (since == 0) continue;
            }
            if (now - since > server->deadline_nanoseconds) {
                cmhd_shut(server, c);
                atomic_fetch_add_explicit(&server->closed_late, 1, memory_order_relaxed);
            }
        }
        if (now - last_trim >= 1000000000LL &&
            atomic_load_explicit(&server->closed_since_trim, memory_order_relaxed) > 0) {
            atomic_store_explicit(&server->closed_since_trim, 0, memory_order_relaxed);
            last_trim = now;
            cmhd_unlock(&server->lock);
            malloc_trim(0);
            cmhd_lock(&server->lock);
        }
    }
    cmhd_unlock(&server->lock);
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
    cmhd_lock(&server->log_lock);
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
    cmhd_unlock(&server->log_lock);
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
    // Destroying a lock still held, or a condition still waited on, would free memory another thread uses.
    cmhd_check(pthread_cond_destroy(&server->wake), "pthread_cond_destroy");
    cmhd_check(pthread_mutex_destroy(&server->lock), "pthread_mutex_destroy");
    cmhd_check(pthread_mutex_destroy(&server->log_lock), "pthread_mutex_destroy");
    free(server);
}

cmhd_server *cmhd_server_start(const cmhd_config *config, cmhd_handler handler, cmhd_library_handler library,
                               void *context, char *error, size_t error_size) {
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
    server->library_handler = library;
    server->context = context;
    server->max_body = config->max_body;
    server->max_connections = config->max_connections;
    server->deadline_nanoseconds = (int64_t)config->timeout_seconds * 1000000000;
    atomic_init(&server->connections, 0);
    atomic_init(&server->in_flight, 0);
    atomic_init(&server->quiesced, 0);
    atomic_init(&server->closed_since_trim, 0);
    server->quiesced_listener = MHD_INVALID_SOCKET;
    cmhd_check(pthread_mutex_init(&server->lock, NULL), "pthread_mutex_init");
    cmhd_check(pthread_mutex_init(&server->log_lock, NULL), "pthread_mutex_init");
    pthread_condattr_t condition;
    cmhd_check(pthread_condattr_init(&condition), "pthread_condattr_init");
    cmhd_check(pthread_condattr_setclock(&condition, CLOCK_MONOTONIC), "pthread_condattr_setclock");
    cmhd_check(pthread_cond_init(&server->wake, &condition), "pthread_cond_init");
    cmhd_check(pthread_condattr_destroy(&condition), "pthread_condattr_destroy");
    server->log_window_start = cmhd_now();

    // Request bodies grow by doubling up to --max-body. From 32 KiB on they are
    // mapped pages of their own, given back to the system when the connection is
    // done with them: glibc's default threshold starts at 128 KiB and rises after
    // each free, so large bodies came from the heap, where small long-lived blocks
    // allocated among them kept pages from being trimmed (RSS after a burst of
    // large bodies stayed 4-8 MiB above where it was before it, by chance).
    mallopt(M_MMAP_THRESHOLD, 32 * 1024);

    // MHD_USE_TURBO: read and write before asking whether the socket is ready (most
    // answers fit in one send), which saves a round through poll per request
    // (BENCHMARKS.md item 4).
    // poll(2), not epoll: with epoll, MHD_quiesce_daemon and the polling threads both
    // remove the listen socket from the epoll set, unlocked, and the loser of that race
    // aborts the process ("Failed to remove listen FD from epoll set", libmicrohttpd
    // 0.9.75; QuiesceTests). With poll, quiescing is a message to the polling threads.
    unsigned int flags =
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_USE_TURBO;
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
    // MHD's polling threads may still be polling this socket, so the descriptor
    // must stay open until MHD_stop_daemon (closing it here made MHD panic under
    // ThreadSanitizer's timing). shutdown() stops accepting at once:
    // new clients are refused rather than left waiting in the backlog.
    shutdown(listener, SHUT_RDWR);
    server->quiesced_listener = listener;
}

unsigned int cmhd_server_requests_in_flight(const cmhd_server *server) {
    return atomic_load_explicit(&((cmhd_server *)server)->in_flight, memory_order_relaxed);
}

unsigned int cmhd_server_pending_connections(cmhd_server *server) {
    unsigned int pending = 0;
    cmhd_lock(&server->lock);
    for (struct cmhd_connection *c = server->first; c != NULL; c = c->next) {
        if (c->shut) continue;
        int unread = 0;
        if (atomic_load_explicit(&c->receiving, memory_order_relaxed) ||
            (ioctl(c->socket, FIONREAD, &unread) == 0 && unread > 0)) {
            pending++;
        }
    }
    cmhd_unlock(&server->lock);
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
        cmhd_lock(&server->lock);
        server->stopping = 1;
        cmhd_check(pthread_cond_signal(&server->wake), "pthread_cond_signal");
        cmhd_unlock(&server->lock);
        cmhd_check(pthread_join(server->sweeper, NULL), "pthread_join");
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
