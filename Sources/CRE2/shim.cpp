// The RE2 side of CRE2.h.
#include "CRE2.h"

#include <re2/re2.h>

#include <cstdio>
#include <new>

struct cre2_regex {
    re2::RE2 compiled;
    cre2_regex(re2::StringPiece pattern, const re2::RE2::Options &options) : compiled(pattern, options) {}
};

extern "C" cre2_regex *cre2_compile(const char *pattern, size_t length, char *error, size_t error_size) {
    re2::RE2::Options options;
    options.set_encoding(re2::RE2::Options::EncodingUTF8);
    // Compile errors come back to the caller; RE2 must not print them on stderr.
    options.set_log_errors(false);
    cre2_regex *regex = new (std::nothrow) cre2_regex(re2::StringPiece(pattern, length), options);
    if (regex == nullptr) {
        snprintf(error, error_size, "out of memory");
        return nullptr;
    }
    if (!regex->compiled.ok()) {
        snprintf(error, error_size, "%s", regex->compiled.error().c_str());
        delete regex;
        return nullptr;
    }
    return regex;
}

extern "C" int cre2_full_match(const cre2_regex *regex, const char *text, size_t length) {
    return re2::RE2::FullMatch(re2::StringPiece(text ? text : "", text ? length : 0), regex->compiled) ? 1 : 0;
}

extern "C" int cre2_partial_match(const cre2_regex *regex, const char *text, size_t length) {
    return re2::RE2::PartialMatch(re2::StringPiece(text ? text : "", text ? length : 0), regex->compiled) ? 1 : 0;
}

extern "C" void cre2_free(cre2_regex *regex) { delete regex; }
