// CPhoneNumber: a plain C view of Google's libphonenumber (C++).
//
// Why a shim: Swift's C++ interop crashes the compiler on libphonenumber's
// protobuf headers, so Swift sees only these functions with plain C types.
// PhoneNumberUtil is thread-safe and shared; an AsYouTypeFormatter is not, so
// the shim keeps one per thread and region and reuses it with Clear() (a new
// one per call costs about ten times more: its regular expression caches live
// in the instance). No policy lives here: choosing what to format and how the
// caret moves is the Swift engine's job.
#ifndef CPHONENUMBER_H
#define CPHONENUMBER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Number types, as libphonenumber's PhoneNumberUtil::PhoneNumberType.
typedef enum cphone_type {
    CPHONE_FIXED_LINE = 0,
    CPHONE_MOBILE = 1,
    CPHONE_FIXED_LINE_OR_MOBILE = 2,
    CPHONE_TOLL_FREE = 3,
    CPHONE_PREMIUM_RATE = 4,
    CPHONE_SHARED_COST = 5,
    CPHONE_VOIP = 6,
    CPHONE_PERSONAL_NUMBER = 7,
    CPHONE_PAGER = 8,
    CPHONE_UAN = 9,
    CPHONE_VOICEMAIL = 10,
    CPHONE_UNKNOWN = 11,
} cphone_type;

/// Why a number is or is not possible, as PhoneNumberUtil::ValidationResult.
typedef enum cphone_possibility {
    CPHONE_IS_POSSIBLE = 0,
    CPHONE_IS_POSSIBLE_LOCAL_ONLY = 1,
    CPHONE_INVALID_COUNTRY_CODE = 2,
    CPHONE_TOO_SHORT = 3,
    CPHONE_INVALID_LENGTH = 4,
    CPHONE_TOO_LONG = 5,
    /// The text could not be parsed at all (no digits, or only an international prefix).
    CPHONE_NOT_A_NUMBER = 6,
} cphone_possibility;

/// What libphonenumber says about one number.
typedef struct cphone_info {
    /// 1 when IsValidNumber (for the region when one was given, see cphone_inspect).
    int valid;
    /// 1 when IsValidNumber: valid in the region the number belongs to (GetRegionCodeForNumber),
    /// whatever region it was parsed for (a Jersey number parsed for "GB").
    int valid_number;
    /// IsPossibleNumberWithReason, or CPHONE_NOT_A_NUMBER when parsing failed.
    cphone_possibility possibility;
    /// GetNumberType (CPHONE_UNKNOWN when neither valid nor valid_number).
    cphone_type type;
    /// The country calling code (86 for China), 0 when unknown.
    int country_code;
    /// The region of the number ("CN"; "001" for non-geographic entities; "" when unknown).
    char region[4];
    /// 1 when the parsed text carried its country code (a leading '+' or the region's international prefix).
    int had_country_code;
    /// The E.164 form ("+8613800138000"), "" when neither valid nor valid_number.
    char e164[24];
    /// The national significant number, digits only ("13800138000"), "" when parsing failed.
    char national_number[24];
    /// The national format ("138 0013 8000", as cphone_format_number style 0
    /// gives), from the same parse; "" when neither valid nor valid_number.
    char national[48];
} cphone_info;

/// Replays `text` (ASCII digits, optionally one leading '+'; at most 64
/// characters) through an AsYouTypeFormatter for `region` ("CN", "US", ...;
/// region codes are upper case; "ZZ", "" or an unsupported code for
/// international input, where the text should start with '+') and writes the
/// formatter's output after the last character. Returns the output's length in
/// bytes (without the terminating NUL), or -1 when it does not fit in
/// `capacity` (NUL included; 256 bytes is always enough) or the input has other
/// characters or is too long.
int cphone_format_as_you_type(const char *region, const char *text, char *output, size_t capacity);

/// Formats a complete number: `style` 0 national ("138 0013 8000"), 1
/// international ("+86 138 0013 8000"), 2 E.164. `text` is parsed for
/// `region` (digits, '+', and the usual punctuation are accepted). Returns the
/// output's length, or -1 when the text cannot be parsed or the output does not fit.
int cphone_format_number(const char *region, const char *text, int style, char *output, size_t capacity);

/// Parses `text` for `region` ("ZZ" or "" when the text starts with '+') and
/// fills `info`. `valid` is IsValidNumberForRegion when `region` is a real
/// region and the number has no other country code, else IsValidNumber.
/// Returns 0, or -1 when `text` could not be parsed: info->possibility is then
/// CPHONE_NOT_A_NUMBER, CPHONE_INVALID_COUNTRY_CODE, CPHONE_TOO_SHORT or
/// CPHONE_TOO_LONG, info->type CPHONE_UNKNOWN and the rest zeroed.
int cphone_inspect(const char *region, const char *text, cphone_info *info);

/// IsPossibleNumberForTypeWithReason: whether `text` has a possible length for
/// numbers of `type` in its region (TOO_SHORT while more digits could fit).
/// CPHONE_NOT_A_NUMBER (or the parse error's possibility) when it cannot be parsed.
cphone_possibility cphone_possibility_for_type(const char *region, const char *text, cphone_type type);

/// The national significant number of the region's example number of `type`
/// (digits only, e.g. "13123456789" for CN mobile). Returns its length, or -1
/// when the region has no example of that type.
int cphone_example_number(const char *region, cphone_type type, char *output, size_t capacity);

/// The region's national (trunk) prefix ("0" for CN and GB, "1" for US), written
/// into `output`. Returns its length (0 when the region has none), or -1 for an
/// unknown region or an output that does not fit.
int cphone_national_prefix(const char *region, char *output, size_t capacity);

/// The country calling code of `region` (86 for "CN"), or 0 when unknown.
int cphone_country_code(const char *region);

/// 1 when `region` is a region libphonenumber supports ("CN", "US", ...), else 0.
int cphone_is_supported_region(const char *region);

/// Every region libphonenumber supports, sorted, as two-letter codes one after another with no
/// separator ("ADAEAF..."), NUL-terminated. Returns the number of regions, or -1 when they do not
/// fit in `capacity` (1024 bytes is always enough: there are about 245).
int cphone_supported_regions(char *output, size_t capacity);

/// libphonenumber's compiled-in metadata: the serialized PhoneMetadataCollection (protocol
/// buffer wire format, phonemetadata.proto) that the library parses at start-up, with every
/// region's number patterns, formats and possible lengths. Points `bytes` at it (static data,
/// never freed) and returns its size, or 0 when it is not available. The engine compiles the
/// patterns it needs from it (PhoneNumbering.swift), so a new number costs no ICU regex.
size_t cphone_metadata(const unsigned char **bytes);

#ifdef __cplusplus
}
#endif

#endif
