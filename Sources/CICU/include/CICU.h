// CICU: the locale data SmartText reads from ICU (Debian's libicu-dev), in plain C types.
//
// Why a shim: ICU's C API renames every function with its version (unum_open_72) through macros
// Swift cannot see, its handles must be opened and closed in pairs, and its strings are UTF-16.
// Each call here opens what it needs, copies the answer out as UTF-8, and closes it again. Only
// CLDR data is read; no ICU type reaches Swift.
#ifndef CICU_H
#define CICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How a locale writes numbers (CLDR), as UTF-8 strings.
typedef struct cicu_number_symbols {
    char decimal[16];
    char group[16];
    char minus[16];
    /// Digits in the group nearest the decimal separator (3), and in the groups before it (3; 2 in India).
    int32_t primary_grouping;
    int32_t secondary_grouping;
} cicu_number_symbols;

/// Fills `symbols` for `locale` (a BCP 47 tag or ICU id: "de-DE", "en_IN"). Returns 0 on success.
int cicu_number_symbols_for(const char *locale, cicu_number_symbols *symbols);

/// How a locale writes an amount of `currency` (ISO 4217, "EUR"), as UTF-8.
typedef struct cicu_currency_format {
    /// The symbol in that locale ("€", "US$", "¥").
    char symbol[32];
    /// Digits after the decimal separator the currency uses (2; 0 for JPY).
    int32_t fraction_digits;
    /// 1 when the symbol comes before the number ("$1.00"), 0 after ("1,00 €").
    int32_t symbol_first;
    /// 1 when a space separates the symbol and the number.
    int32_t spaced;
} cicu_currency_format;

/// Fills `format` for `currency` in `locale`. Returns 0 on success, -1 for an unknown currency.
int cicu_currency_format_for(const char *locale, const char *currency, cicu_currency_format *format);

/// The locale's own currency (ISO 4217) into `buffer` ("EUR" for de-DE); 0 on success.
int cicu_currency_of(const char *locale, char *buffer, size_t size);

/// The order of day, month and year in the locale's short date ("dmy", "mdy", "ymd") and its separator
/// (UTF-8, "." "/" "-"), from CLDR's short date pattern. Returns 0 on success.
int cicu_date_order(const char *locale, char order[4], char *separator, size_t size);

/// 1 when the locale's short time pattern uses a 12-hour clock (with AM/PM), 0 for 24 hours.
int cicu_uses_12_hour_clock(const char *locale);

/// The name of `region` (ISO 3166, "GB") in `locale`'s language ("Vereinigtes Königreich" in "de"), as UTF-8.
/// Returns 0, or -1 when ICU has no name for it (it would answer the code itself).
int cicu_region_name(const char *locale, const char *region, char *buffer, size_t size);

/// Sorts `count` UTF-8 strings as `locale`'s collation orders them: `order` receives their indices,
/// first to last. Returns 0, or -1 when no collator opens (`order` is then 0, 1, 2...).
int cicu_sort(const char *locale, const char *const *strings, int32_t count, int32_t *order);

#ifdef __cplusplus
}
#endif

#endif
