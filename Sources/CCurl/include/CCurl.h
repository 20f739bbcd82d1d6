// One HTTP transfer through libcurl, which is opened with dlopen on the first transfer rather than linked: libcurl
// and the 26 libraries it needs (OpenSSL, GnuTLS, Kerberos, LDAP, ...) cost every process about 1 MB of private
// memory and part of its start when loaded up front, and most apps never make a request (docs/PERFORMANCE.md,
// "Memory after start").
#ifndef TERMINI_CCURL_H
#define TERMINI_CCURL_H

#include <stddef.h>

/// How a transfer ended, in the terms a message to the user needs (the libcurl codes behind them vary).
typedef enum termini_http_outcome {
    TERMINI_HTTP_COMPLETED = 0,
    /// A callback stopped it: the owner already knows why.
    TERMINI_HTTP_STOPPED,
    TERMINI_HTTP_CANNOT_RESOLVE_HOST,
    TERMINI_HTTP_CANNOT_CONNECT,
    TERMINI_HTTP_TIMED_OUT,
    TERMINI_HTTP_TLS_FAILED,
    TERMINI_HTTP_CONNECTION_LOST,
    TERMINI_HTTP_BAD_URL,
    /// libcurl could not be opened (termini_http_load's message says why).
    TERMINI_HTTP_UNAVAILABLE,
    TERMINI_HTTP_OTHER,
} termini_http_outcome;

/// What the transfer calls as the response arrives, on the thread that runs termini_http_perform. `header` gets
/// each header line (the status line first, a blank line last, once per response: a 100 Continue comes first) and
/// `body` each piece of the body; both return 0 to stop the transfer. `keep_going` is asked about once a second and
/// whenever data moves; it returns 0 to stop.
typedef struct termini_http_callbacks {
    int (*header)(const char *line, size_t length, void *context);
    int (*body)(const char *data, size_t length, void *context);
    int (*keep_going)(void *context);
    void *context;
} termini_http_callbacks;

/// One request: `headers` are `Name: value` lines; `body` is sent when `has_body` is non-zero.
typedef struct termini_http_request {
    const char *url;
    const char *method;
    const char *const *headers;
    size_t header_count;
    const void *body;
    size_t body_length;
    int has_body;
} termini_http_request;

/// Opens libcurl once per process; NULL when it is ready, else why not (a static string).
const char *termini_http_load(void);

/// Runs one transfer to its end, blocking, without following redirects. `detail` (at least 256 bytes) receives
/// libcurl's own words on a failure.
termini_http_outcome termini_http_perform(const termini_http_request *request, termini_http_callbacks callbacks,
                                          char *detail, size_t detail_capacity);

#endif
