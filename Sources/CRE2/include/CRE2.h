// CRE2: a plain C view of Google's RE2 (C++).
//
// Why a shim: RE2 is C++; Swift sees only opaque handles and C types here.
// Why RE2: it matches in time linear in the input, with no backtracking, so
// neither a registry's pattern nor a client's text can make validation slow.
#ifndef CRE2_H
#define CRE2_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A compiled pattern (opaque). Matching is thread-safe.
typedef struct cre2_regex cre2_regex;

/// Compiles `pattern` (UTF-8, RE2 syntax). Returns NULL on error and writes
/// RE2's message ("missing ): a(b") into `error`.
cre2_regex *_Nullable cre2_compile(const char *_Nonnull pattern, size_t length, char *_Nonnull error,
                                   size_t error_size);

/// 1 when the whole of `text` (UTF-8) matches, else 0.
int cre2_full_match(const cre2_regex *_Nonnull regex, const char *_Nullable text, size_t length);

/// 1 when some part of `text` matches, else 0.
int cre2_partial_match(const cre2_regex *_Nonnull regex, const char *_Nullable text, size_t length);

/// Frees a compiled pattern.
void cre2_free(cre2_regex *_Nullable regex);

#ifdef __cplusplus
}
#endif

#endif
