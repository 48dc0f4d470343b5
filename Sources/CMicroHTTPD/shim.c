// The libmicrohttpd side of the server. See include/CMicroHTTPD.h for why it exists.
#define _GNU_SOURCE
#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

/// A body over the cap is read and thrown away up to this many times the cap,
/// so a client sending a huge chunked body still gets its 413; past it the
/// connection is closed without an answer.
#define CMHD_DISCARD_FACTOR 16

struct cmhd_server {
    struct MHD_Daemon *daemon;
    cmhd_handler handler;
    void *context;
    size_t max_body;
    unsigned int max_connections;
    atomic_uint connections;
    atomic_uint in_flight;
    atomic_int quiesced;
    /// The listen socket handed back by MHD_quiesce_daemon, or MHD_INVALID_SOCKET.
    MHD_socket quiesced_listener;
};

struct cmhd_request {
    struct MHD_Connection *connection;
    const char *method;
    const char *path;
    uint8_t *body;
    size_t length;
    size_t capacity;
    size_t discarded;
    cmhd_transport_problem problem;
    char client[INET6_ADDRSTRLEN];
};

struct cmhd_response {
    struct MHD_Response *response;
    unsigned int status;
};

// MARK: - Requests

static enum MHD_Result cmhd_answer(cmhd_server *server, struct MHD_Connection *connection,
                                   cmhd_request *request) {
    cmhd_response *answer = server->handler(server->context, request);
    if (atomic_load_explicit(&server->quiesced, memory_order_relaxed)) {
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

static enum MHD_Result cmhd_on_request(void *cls, struct MHD_Connection *connection, const char *url,
                                       const char *method, const char *version, const char *upload_data,
                                       size_t *upload_data_size, void **con_cls) {
    (void)version;
    cmhd_server *server = cls;
    cmhd_request *request = *con_cls;
    if (request == NULL) {
        // First call: the headers are in, no body yet.
        request = calloc(1, sizeof *request);
        if (request == NULL) return MHD_NO;
        request->connection = connection;
        request->method = method;
        request->path = url;
        *con_cls = request;
        atomic_fetch_add_explicit(&server->in_flight, 1, memory_order_relaxed);
        // A transfer coding other than chunked (RFC 9112: the server cannot know where
        // the body ends): libmicrohttpd would read until the connection times out, so
        // the handler answers now (400) and MHD closes the connection.
        const char *coding = MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                                         MHD_HTTP_HEADER_TRANSFER_ENCODING);
        if (coding != NULL && strcasecmp(coding, "chunked") != 0) {
            request->problem = CMHD_TRANSPORT_UNSUPPORTED_TRANSFER_CODING;
            return cmhd_answer(server, connection, request);
        }
        const char *declared = MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                                           MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (declared != NULL) {
            errno = 0;
            char *end = NULL;
            unsigned long long length = strtoull(declared, &end, 10);
            if (errno == ERANGE || length > server->max_body) {
                // Answer before reading the body; MHD then closes the connection.
                request->problem = CMHD_TRANSPORT_BODY_TOO_LARGE;
                return cmhd_answer(server, connection, request);
            }
        }
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
    free(request->body);
    free(request);
    *con_cls = NULL;
    atomic_fetch_sub_explicit(&server->in_flight, 1, memory_order_relaxed);
}

/// Refuses a new connection at once when the limit is reached. (libmicrohttpd's
/// own limit stops polling the listening socket instead, so clients past it
/// wait in the kernel's backlog: "queued forever", not refused.)
static enum MHD_Result cmhd_on_accept(void *cls, const struct sockaddr *address, socklen_t length) {
    (void)address;
    (void)length;
    cmhd_server *server = cls;
    return atomic_load_explicit(&server->connections, memory_order_relaxed) < server->max_connections ? MHD_YES
                                                                                                      : MHD_NO;
}

static void cmhd_on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                               enum MHD_ConnectionNotificationCode code) {
    (void)connection;
    (void)socket_context;
    cmhd_server *server = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        atomic_fetch_add_explicit(&server->connections, 1, memory_order_relaxed);
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        atomic_fetch_sub_explicit(&server->connections, 1, memory_order_relaxed);
    }
}

static void cmhd_log(void *cls, const char *format, va_list arguments) {
    (void)cls;
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = '\0';
    fprintf(stderr, "smarttext-server: libmicrohttpd: %s\n", line);
}

// MARK: - Daemon

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
    atomic_init(&server->connections, 0);
    atomic_init(&server->in_flight, 0);
    atomic_init(&server->quiesced, 0);
    server->quiesced_listener = MHD_INVALID_SOCKET;

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
        // Headroom over our own limit (cmhd_on_accept), which refuses connections fast.
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)(config->max_connections + 64 * threads), NULL},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)cmhd_on_connection, server},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)cmhd_on_completed, server},
        {threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    // The logger must be the first option, or MHD logs earlier problems its own way.
    server->daemon = MHD_start_daemon(flags, 0, cmhd_on_accept, server, cmhd_on_request, server, MHD_OPTION_EXTERNAL_LOGGER,
                                      cmhd_log, NULL, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
    freeaddrinfo(addresses);
    if (server->daemon == NULL) {
        snprintf(error, error_size, "cannot listen on %s port %u (address in use, or not allowed?)",
                 host ? host : "0.0.0.0", (unsigned)config->port);
        free(server);
        return NULL;
    }
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

unsigned int cmhd_server_connections(const cmhd_server *server) {
    return atomic_load_explicit(&((cmhd_server *)server)->connections, memory_order_relaxed);
}

void cmhd_server_stop(cmhd_server *server) {
    MHD_stop_daemon(server->daemon);
    if (server->quiesced_listener != MHD_INVALID_SOCKET) close(server->quiesced_listener);
    free(server);
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
