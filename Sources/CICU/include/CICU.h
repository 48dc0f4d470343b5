// CICU: the locale data SmartText reads from ICU (Debian's libicu-dev), and ICU's UTS 46 processing of
// internationalized domain names, in plain C types.
//
// Why a shim: ICU's C API renames every function with its version (unum_open_72) through macros
// Swift cannot see, its handles must be opened and closed in pairs, and its strings are UTF-16.
// Each call here opens what it needs, copies the answer out as UTF-8, and closes it again (the one UTS 46
// processor, immutable and thread-safe in ICU, is opened once). No ICU type reaches Swift.
#ifndef CICU_H
#define CICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How a locale writes numbers (CLDR), as UTF-8 strings, in its default numbering system (Arabic-Indic
/// digits with `٫` and `٬` in ar-EG), or in Latin digits when asked or when that system is not a decimal one.
typedef struct cicu_number_symbols {
    char decimal[16];
    char group[16];
    char minus[16];
    /// The ten digits, zero first ("0"…"9", "٠"…"٩").
    char digits[10][8];
    /// Digits in the group nearest the decimal separator (3), and in the groups before it (3; 2 in India).
    int32_t primary_grouping;
    int32_t secondary_grouping;
    /// CLDR's minimum grouping digits, as ICU's own formatter applies them: 2 when `1234` is written without a
    /// separator and `12.345` with one (es, pl), else 1.
    int32_t minimum_grouping_digits;
    /// 1 when these are the symbols of a numbering system other than the Latin digits.
    int32_t native_digits;
} cicu_number_symbols;

/// Fills `symbols` for `locale` (a BCP 47 tag or ICU id: "de-DE", "en_IN"); with `latin_digits`, for its
/// Latin digits (as `-u-nu-latn` would). Returns 0 on success.
int cicu_number_symbols_for(const char *locale, int latin_digits, cicu_number_symbols *symbols);

/// How a locale writes an amount of `currency` (ISO 4217, "EUR"), as UTF-8.
typedef struct cicu_currency_format {
    /// The symbol in that locale ("€", "US$", "¥").
    char symbol[32];
    /// The narrow symbol ("$" for "US$", "E£" for "EGP"); may equal `symbol`.
    char narrow_symbol[32];
    /// The decimal and group separators of amounts (CLDR's monetary separators: "." in fr-CH, where numbers
    /// take ","), in the numbering system `cicu_number_symbols_for` reads with the same `latin_digits`.
    char decimal[16];
    char group[16];
    /// Digits after the decimal separator the currency uses (2; 0 for JPY).
    int32_t fraction_digits;
    /// 1 when the symbol comes before the number ("$1.00"), 0 after ("1,00 €").
    int32_t symbol_first;
    /// 1 when a space separates the symbol and the number.
    int32_t spaced;
    /// For a symbol before the number: 1 when a negative amount has its minus sign after the symbol
    /// ("EUR-1’234.50" in de-CH, "€ -1.234,50" in nl-NL), 0 before it ("-€1,234.50").
    int32_t minus_after_symbol;
    /// 1 when a space separates the symbol and the rest in a negative amount (0 in de-CH, 1 in nl-NL).
    int32_t negative_spaced;
} cicu_currency_format;

/// Fills `format` for `currency` in `locale`; with `latin_digits`, for its Latin digits. Returns 0 on success, -1
/// for an unknown currency.
int cicu_currency_format_for(const char *locale, const char *currency, int latin_digits,
                             cicu_currency_format *format);

/// ICU's own formatting of `value` in `locale` (its number formatter, `unumf`, with the locale's defaults), as
/// UTF-8; with `currency` (ISO 4217, or NULL), as an amount of it. For checking SmartText's number formatter
/// against ICU's (tests). Returns 0, or -1.
int cicu_format_number(const char *locale, const char *currency, double value, char *buffer, size_t size);

/// The locale's own currency (ISO 4217) into `buffer` ("EUR" for de-DE); 0 on success.
int cicu_currency_of(const char *locale, char *buffer, size_t size);

/// The order of day, month and year in the locale's short date ("dmy", "mdy", "ymd") and its separator
/// (UTF-8, "." "/" "-"), from CLDR's short date pattern. Returns 0 on success.
int cicu_date_order(const char *locale, char order[4], char *separator, size_t size);

/// The locale's month names in the Gregorian calendar, January first, as UTF-8 into `names`: 12 rows of
/// CICU_MONTH_NAME_SIZE bytes, each NUL-terminated. `standalone` 0: as a date writes them (CLDR's format
/// context: "мар." in "ru", "Dez." in "de"); 1: as they stand alone ("март", "Dez"). `wide` 0: abbreviated;
/// 1: in full ("Dezember"). Returns 0 on success.
enum { CICU_MONTH_NAME_SIZE = 64 };
int cicu_month_names(const char *locale, int standalone, int wide, char *names);

/// The locale's weekday names as a date writes them (CLDR's format context), Sunday first, as UTF-8 into
/// `names`: 7 rows of CICU_MONTH_NAME_SIZE bytes. `wide` 0: abbreviated ("Tue", "Di.", "вт"); 1: in full
/// ("Tuesday", "Dienstag"). Returns 0 on success.
int cicu_weekday_names(const char *locale, int wide, char *names);

/// The canonical decomposition of `scalar` (NFD: `ΐ` is `ι` U+0308 U+0301) into `out`, at most `capacity`
/// scalars. Returns how many, 1 (the scalar itself) when it has none, 0 on failure.
int cicu_decompose(uint32_t scalar, uint32_t *out, int capacity);

/// 1 when the locale's short time pattern uses a 12-hour clock (with AM/PM), 0 for 24 hours.
int cicu_uses_12_hour_clock(const char *locale);

/// The name of `region` (ISO 3166, "GB") in `locale`'s language ("Vereinigtes Königreich" in "de"), as UTF-8.
/// Returns 0, or -1 when ICU has no name for it (it would answer the code itself).
int cicu_region_name(const char *locale, const char *region, char *buffer, size_t size);

/// Sorts `count` UTF-8 strings as `locale`'s collation orders them: `order` receives their indices,
/// first to last. Returns 0, or -1 when no collator opens (`order` is then 0, 1, 2...).
int cicu_sort(const char *locale, const char *const *strings, int32_t count, int32_t *order);

// MARK: Internationalized domain names (UTS 46 with IDNA2008's rules)
//
// Why here: UTS 46's mapping table, Punycode and the Bidi and context rules need Unicode data (bidi classes,
// joining types, scripts) that the Swift standard library does not expose; ICU has them, and its UTS 46
// processor is the one browsers use. The policy (which errors make an address invalid or unfinished, and
// IDNA2008's stricter repertoire, RFC 5892) stays in Swift.

/// Errors of `cicu_idna_convert`, the values of ICU's UIDNA_ERROR_* bits (shim.c asserts they agree).
enum {
    CICU_IDNA_EMPTY_LABEL = 0x1,
    CICU_IDNA_LABEL_TOO_LONG = 0x2,
    CICU_IDNA_DOMAIN_NAME_TOO_LONG = 0x4,
    CICU_IDNA_LEADING_HYPHEN = 0x8,
    CICU_IDNA_TRAILING_HYPHEN = 0x10,
    CICU_IDNA_HYPHEN_3_4 = 0x20,
    CICU_IDNA_LEADING_COMBINING_MARK = 0x40,
    CICU_IDNA_DISALLOWED = 0x80,
    CICU_IDNA_PUNYCODE = 0x100,
    CICU_IDNA_LABEL_HAS_DOT = 0x200,
    CICU_IDNA_INVALID_ACE_LABEL = 0x400,
    CICU_IDNA_BIDI = 0x800,
    CICU_IDNA_CONTEXTJ = 0x1000,
    CICU_IDNA_CONTEXTO_PUNCTUATION = 0x2000,
    CICU_IDNA_CONTEXTO_DIGITS = 0x4000,
    /// Not ICU's: the answer did not fit the buffers given, or ICU failed.
    CICU_IDNA_OVERFLOW = 0x40000000,
};

/// The UTS 46 mapping of one code point, non-transitional (ß, ς, ZWJ and ZWNJ stay): writes the code points
/// it stands for into `out` (at most `capacity`) and returns how many (0 when UTS 46 ignores it, as the soft
/// hyphen), -1 when UTS 46 disallows it (unassigned, private use, …), -2 when ICU fails. ASCII characters that
/// STD3 rules disallow (`_`) map to themselves: `cicu_idna_convert` reports them.
int32_t cicu_idna_map(uint32_t scalar, uint32_t *out, int32_t capacity);

/// UTS 46 processing of a domain name (UTF-8): non-transitional, STD3 rules, CheckHyphens, CheckBidi,
/// CheckJoiners (ContextJ) and ContextO. Writes its A-label form (ToASCII) into `ascii` and its U-label
/// form (ToUnicode) into `unicode`, both UTF-8 and NUL-terminated, and returns the errors of both (the
/// CICU_IDNA_* bits; 0 when the name is valid).
uint32_t cicu_idna_convert(
    const char *domain, int32_t length, char *ascii, int32_t ascii_capacity, char *unicode, int32_t unicode_capacity);

/// 1 when ICU has data for `locale`'s language (a BCP 47 tag or ICU id of at most 64 characters), 0 otherwise.
/// Every call of this shim passes ICU only the available locale that serves a tag best (or its root), so that
/// ICU's caches, which keep what they open, stay bounded whatever tags clients send.
int cicu_is_known_locale(const char *locale);

#ifdef __cplusplus
}
#endif

#endif
