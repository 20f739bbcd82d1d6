// Opens libcurl at the first transfer (see CCurl.h for why) and runs transfers through its easy interface. curl.h
// gives the types and option numbers; the functions come from dlsym, so nothing here links libcurl.
#include "CCurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    void (*easy_cleanup)(CURL *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*global_init)(long);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error = "libcurl was not opened";

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        load_error = "cannot open libcurl.so.4 (install libcurl4)";
        return;
    }
#define TERMINI_SYMBOL(field, name)                                                   \
    *(void **)(&curl.field) = dlsym(library, name);                                    \
    if (!curl.field) {                                                                 \
        load_error = "libcurl.so.4 lacks " name;                                       \
        return;                                                                        \
    }
    TERMINI_SYMBOL(easy_init, "curl_easy_init")
    TERMINI_SYMBOL(easy_setopt, "curl_easy_setopt")
    TERMINI_SYMBOL(easy_perform, "curl_easy_perform")
    TERMINI_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    TERMINI_SYMBOL(slist_append, "curl_slist_append")
    TERMINI_SYMBOL(slist_free_all, "curl_slist_free_all")
    TERMINI_SYMBOL(easy_strerror, "curl_easy_strerror")
    TERMINI_SYMBOL(global_init, "curl_global_init")
#undef TERMINI_SYMBOL
    // Once, before any handle, and before other threads use libcurl: pthread_once gives both.
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        load_error = "libcurl's global initialisation failed";
        return;
    }
    load_error = NULL;
}

const char *termini_http_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

static size_t on_header(char *line, size_t size, size_t count, void *context) {
    termini_http_callbacks *callbacks = context;
    return callbacks->header(line, size * count, callbacks->context) ? size * count : 0;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    termini_http_callbacks *callbacks = context;
    return callbacks->body(data, size * count, callbacks->context) ? size * count : 0;
}

static int on_progress(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
    (void)dltotal; (void)dlnow; (void)ultotal; (void)ulnow;
    termini_http_callbacks *callbacks = context;
    return callbacks->keep_going(callbacks->context) ? 0 : 1;
}

static termini_http_outcome outcome_of(CURLcode code) {
    switch (code) {
    case CURLE_OK: return TERMINI_HTTP_COMPLETED;
    case CURLE_WRITE_ERROR:
    case CURLE_ABORTED_BY_CALLBACK: return TERMINI_HTTP_STOPPED;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY: return TERMINI_HTTP_CANNOT_RESOLVE_HOST;
    case CURLE_COULDNT_CONNECT: return TERMINI_HTTP_CANNOT_CONNECT;
    case CURLE_OPERATION_TIMEDOUT: return TERMINI_HTTP_TIMED_OUT;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_INVALIDCERTSTATUS: return TERMINI_HTTP_TLS_FAILED;
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM: return TERMINI_HTTP_CONNECTION_LOST;
    case CURLE_URL_MALFORMAT:
    case CURLE_UNSUPPORTED_PROTOCOL: return TERMINI_HTTP_BAD_URL;
    default: return TERMINI_HTTP_OTHER;
    }
}

termini_http_outcome termini_http_perform(const termini_http_request *request, termini_http_callbacks callbacks,
                                          char *detail, size_t detail_capacity) {
    if (detail_capacity > 0) detail[0] = 0;
    const char *why = termini_http_load();
    if (why) {
        snprintf(detail, detail_capacity, "%s", why);
        return TERMINI_HTTP_UNAVAILABLE;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        snprintf(detail, detail_capacity, "libcurl could not make a transfer");
        return TERMINI_HTTP_OTHER;
    }
    char error[CURL_ERROR_SIZE] = {0};
    struct curl_slist *headers = NULL;
    // An empty Expect stops libcurl from waiting for a 100 Continue before a large body; the owners' deadlines
    // count from the request, not from a server's answer to that.
    headers = curl.slist_append(headers, "Expect:");
    for (size_t i = 0; i < request->header_count; i++) headers = curl.slist_append(headers, request->headers[i]);

    curl.easy_setopt(handle, CURLOPT_URL, request->url);
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
    // No signals: transfers run on their own threads, and a SIGALRM for a DNS timeout would reach the whole process.
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    // The owners follow redirects themselves, each one checked against the app's or the registry's rule first.
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    // gzip, deflate, brotli or zstd, decoded here, as URLSession did before.
    curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, &callbacks);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, &callbacks);
    curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, CURLOPT_XFERINFODATA, &callbacks);
    if (strcmp(request->method, "HEAD") == 0) {
        curl.easy_setopt(handle, CURLOPT_NOBODY, 1L);
    } else if (!request->has_body && strcmp(request->method, "GET") == 0) {
        curl.easy_setopt(handle, CURLOPT_HTTPGET, 1L);
    } else {
        if (request->has_body || strcmp(request->method, "POST") == 0) {
            curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
            curl.easy_setopt(handle, CURLOPT_POSTFIELDS, request->body_length > 0 ? request->body : "");
        }
        curl.easy_setopt(handle, CURLOPT_CUSTOMREQUEST, request->method);
    }

    CURLcode code = curl.easy_perform(handle);
    if (code != CURLE_OK) snprintf(detail, detail_capacity, "%s", error[0] ? error : curl.easy_strerror(code));
    curl.easy_cleanup(handle);
    curl.slist_free_all(headers);
    return outcome_of(code);
}
