// The ICU side of SmartText's locale data. See include/CICU.h for why it exists.
#include "CICU.h"

#include <string.h>
#include <stdlib.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

/// The ICU locale id of a BCP 47 tag or ICU id ("de-DE" → "de_DE").
static void cicu_locale_id(const char *locale, char *id, int32_t size) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(locale, id, size, &parsed, &status);
    if (U_FAILURE(status) || parsed == 0 || id[0] == '\0') {
        strncpy(id, locale, (size_t)size - 1);
        id[size - 1] = '\0';
    }
}

/// UTF-16 to UTF-8 into a fixed buffer (cut at a whole character when too long).
static void cicu_utf8(const UChar *text, int32_t length, char *out, size_t size) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strToUTF8(out, (int32_t)size - 1, &written, text, length, &status);
    if (U_FAILURE(status) || written >= (int32_t)size) {
        out[0] = '\0';
        return;
    }
    out[written] = '\0';
}

static int cicu_symbol(UNumberFormat *format, UNumberFormatSymbol which, char *out, size_t size) {
    UChar buffer[16];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_getSymbol(format, which, buffer, 16, &status);
    if (U_FAILURE(status)) return -1;
    cicu_utf8(buffer, length, out, size);
    return 0;
}

/// The locale id with Latin digits: SmartText writes ASCII digits, so it wants the separators that go
/// with them (Arabic's default digits come with `٫` and `٬`).
static void cicu_latin_digits(const char *locale, char *id, int32_t size) {
    cicu_locale_id(locale, id, size);
    UErrorCode status = U_ZERO_ERROR;
    uloc_setKeywordValue("numbers", "latn", id, size, &status);
}

int cicu_number_symbols_for(const char *locale, cicu_number_symbols *symbols) {
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_latin_digits(locale, id, sizeof id);
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, id, NULL, &status);
    if (U_FAILURE(status) || format == NULL) return -1;
    int failed = cicu_symbol(format, UNUM_DECIMAL_SEPARATOR_SYMBOL, symbols->decimal, sizeof symbols->decimal) |
                 cicu_symbol(format, UNUM_GROUPING_SEPARATOR_SYMBOL, symbols->group, sizeof symbols->group) |
                 cicu_symbol(format, UNUM_MINUS_SIGN_SYMBOL, symbols->minus, sizeof symbols->minus);
    int32_t primary = unum_getAttribute(format, UNUM_GROUPING_SIZE);
    int32_t secondary = unum_getAttribute(format, UNUM_SECONDARY_GROUPING_SIZE);
    symbols->primary_grouping = primary > 0 ? primary : 0;
    symbols->secondary_grouping = secondary > 0 ? secondary : symbols->primary_grouping;
    unum_close(format);
    return failed ? -1 : 0;
}

int cicu_currency_format_for(const char *locale, const char *currency, cicu_currency_format *result) {
    if (currency == NULL || strlen(currency) != 3) return -1;
    UChar code[4];
    u_charsToUChars(currency, code, 4);
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_latin_digits(locale, id, sizeof id);
    UErrorCode status = U_ZERO_ERROR;
    UBool choice = 0;
    int32_t length = 0;
    const UChar *symbol = ucurr_getName(code, id, UCURR_SYMBOL_NAME, &choice, &length, &status);
    // An unknown code comes back as itself, with a warning.
    if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING || symbol == NULL) return -1;
    cicu_utf8(symbol, length, result->symbol, sizeof result->symbol);
    status = U_ZERO_ERROR;
    result->fraction_digits = ucurr_getDefaultFractionDigits(code, &status);
    if (U_FAILURE(status)) return -1;
    // Where the symbol goes: format 1 and look.
    status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_CURRENCY, NULL, 0, id, NULL, &status);
    if (U_FAILURE(status) || format == NULL) return -1;
    unum_setTextAttribute(format, UNUM_CURRENCY_CODE, code, 3, &status);
    UChar formatted[64];
    int32_t count = unum_formatDouble(format, 1.0, formatted, 64, NULL, &status);
    unum_close(format);
    if (U_FAILURE(status) || count <= 0) return -1;
    int32_t digit = -1;
    int32_t at = -1;
    for (int32_t index = 0; index < count; index++) {
        if (digit < 0 && formatted[index] >= '0' && formatted[index] <= '9') digit = index;
        if (at < 0 && length > 0 && index + length <= count && u_strncmp(formatted + index, symbol, length) == 0) {
            at = index;
        }
    }
    if (digit < 0 || at < 0) return -1;
    result->symbol_first = at < digit;
    // A space (any kind) between the symbol and the number.
    UChar between = result->symbol_first ? formatted[at + length] : formatted[at - 1];
    result->spaced = between == 0x20 || between == 0xA0 || between == 0x202F;
    return 0;
}

int cicu_currency_of(const char *locale, char *buffer, size_t size) {
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_locale_id(locale, id, sizeof id);
    UChar code[4];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = ucurr_forLocale(id, code, 4, &status);
    if (U_FAILURE(status) || length != 3 || size < 4) return -1;
    u_UCharsToChars(code, buffer, 3);
    buffer[3] = '\0';
    return 0;
}

/// The locale's short date or time pattern.
static int32_t cicu_pattern(const char *locale, UDateFormatStyle time, UDateFormatStyle date, UChar *pattern,
                            int32_t size) {
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_locale_id(locale, id, sizeof id);
    UErrorCode status = U_ZERO_ERROR;
    UDateFormat *format = udat_open(time, date, id, NULL, 0, NULL, 0, &status);
    if (U_FAILURE(status) || format == NULL) return -1;
    int32_t length = udat_toPattern(format, 0, pattern, size, &status);
    udat_close(format);
    return U_FAILURE(status) ? -1 : length;
}

int cicu_date_order(const char *locale, char order[4], char *separator, size_t size) {
    UChar pattern[64];
    int32_t length = cicu_pattern(locale, UDAT_NONE, UDAT_SHORT, pattern, 64);
    if (length <= 0) return -1;
    int count = 0;
    UChar last = 0;
    int32_t separatorStart = -1;
    int32_t separatorEnd = -1;
    int quoted = 0;
    for (int32_t index = 0; index < length; index++) {
        UChar c = pattern[index];
        if (c == '\'') {
            quoted = !quoted;
            continue;
        }
        if (quoted) continue;
        char field = c == 'd' ? 'd' : c == 'M' || c == 'L' ? 'm' : c == 'y' || c == 'Y' || c == 'u' ? 'y' : 0;
        if (field && c != last && count < 3) {
            int seen = 0;
            for (int i = 0; i < count; i++) seen |= order[i] == field;
            if (!seen) order[count++] = field;
        } else if (!field && count == 1 && separatorStart < 0) {
            separatorStart = index;
        }
        if (!field && count == 1 && separatorStart >= 0) separatorEnd = index + 1;
        last = c;
    }
    order[count] = '\0';
    if (count != 3) return -1;
    if (separatorStart < 0) {
        separator[0] = '\0';
    } else {
        cicu_utf8(pattern + separatorStart, separatorEnd - separatorStart, separator, size);
    }
    return 0;
}

int cicu_uses_12_hour_clock(const char *locale) {
    UChar pattern[64];
    int32_t length = cicu_pattern(locale, UDAT_SHORT, UDAT_NONE, pattern, 64);
    int quoted = 0;
    for (int32_t index = 0; index < length; index++) {
        if (pattern[index] == '\'') quoted = !quoted;
        if (!quoted && (pattern[index] == 'h' || pattern[index] == 'K')) return 1;
    }
    return 0;
}

int cicu_region_name(const char *locale, const char *region, char *buffer, size_t size) {
    if (region == NULL || strlen(region) != 2 || size == 0) return -1;
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_locale_id(locale, id, sizeof id);
    char subject[8] = "und_";
    strncat(subject, region, 2);
    UChar name[128];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_getDisplayCountry(subject, id, name, 128, &status);
    // Without data ICU answers the code itself, with a warning.
    if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING || length <= 0) return -1;
    cicu_utf8(name, length, buffer, size);
    return buffer[0] == '\0' ? -1 : 0;
}

/// One string to sort: its collation key and where it was.
typedef struct cicu_sort_entry {
    uint8_t *key;
    int32_t index;
} cicu_sort_entry;

static int cicu_compare_keys(const void *left, const void *right) {
    const cicu_sort_entry *a = left;
    const cicu_sort_entry *b = right;
    int order = strcmp((const char *)a->key, (const char *)b->key);
    return order != 0 ? order : (a->index > b->index) - (a->index < b->index);
}

int cicu_sort(const char *locale, const char *const *strings, int32_t count, int32_t *order) {
    for (int32_t index = 0; index < count; index++) order[index] = index;
    if (count <= 1) return 0;
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_locale_id(locale, id, sizeof id);
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(id, &status);
    if (U_FAILURE(status) || collator == NULL) return -1;
    cicu_sort_entry *entries = calloc((size_t)count, sizeof *entries);
    int failed = entries == NULL;
    for (int32_t index = 0; !failed && index < count; index++) {
        UChar text[256];
        int32_t length = 0;
        status = U_ZERO_ERROR;
        u_strFromUTF8(text, 256, &length, strings[index], -1, &status);
        if (U_FAILURE(status)) length = 0;
        int32_t size = ucol_getSortKey(collator, text, length, NULL, 0);
        entries[index].index = index;
        entries[index].key = malloc((size_t)size + 1);
        failed = entries[index].key == NULL;
        if (!failed) ucol_getSortKey(collator, text, length, entries[index].key, size + 1);
    }
    if (!failed) {
        // Sort keys are NUL-terminated byte strings ordered as strcmp orders them.
        qsort(entries, (size_t)count, sizeof *entries, cicu_compare_keys);
        for (int32_t index = 0; index < count; index++) order[index] = entries[index].index;
    }
    if (entries != NULL) {
        for (int32_t index = 0; index < count; index++) free(entries[index].key);
        free(entries);
    }
    ucol_close(collator);
    return failed ? -1 : 0;
}
