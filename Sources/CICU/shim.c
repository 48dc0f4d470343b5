// The ICU side of SmartText's locale data. See include/CICU.h for why it exists.
#include "CICU.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/uidna.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumsys.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>

/// The longest language tag the shim reads; a longer one is no locale (RFC 5646 tags are short; ICU's ids
/// are at most ULOC_FULLNAME_CAPACITY).
#define CICU_MAX_TAG 64

/// ICU's available locales, sorted, and the numbering systems it knows: read once. ICU keeps what it opens
/// for every locale id it is asked about (40,000 distinct ids grew a process by 72 MiB, never returned), so
/// only these ids are ever passed to it.
static char **cicu_available;
static int32_t cicu_available_count;
static char **cicu_numbering_systems;
static int32_t cicu_numbering_system_count;
static pthread_once_t cicu_available_once = PTHREAD_ONCE_INIT;

static int cicu_compare_strings(const void *left, const void *right) {
    return strcmp(*(char *const *)left, *(char *const *)right);
}

static void cicu_load_available(void) {
    int32_t count = uloc_countAvailable();
    cicu_available = calloc((size_t)(count > 0 ? count : 1), sizeof *cicu_available);
    for (int32_t index = 0; cicu_available != NULL && index < count; index++) {
        const char *id = uloc_getAvailable(index);
        if (id != NULL && (cicu_available[cicu_available_count] = strdup(id)) != NULL) cicu_available_count++;
    }
    if (cicu_available != NULL) {
        qsort(cicu_available, (size_t)cicu_available_count, sizeof *cicu_available, cicu_compare_strings);
    }
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *names = unumsys_openAvailableNames(&status);
    if (U_SUCCESS(status) && names != NULL) {
        int32_t total = uenum_count(names, &status);
        cicu_numbering_systems = calloc((size_t)(total > 0 ? total : 1), sizeof *cicu_numbering_systems);
        const char *name;
        while (cicu_numbering_systems != NULL && U_SUCCESS(status) &&
               (name = uenum_next(names, NULL, &status)) != NULL && cicu_numbering_system_count < total) {
            if ((cicu_numbering_systems[cicu_numbering_system_count] = strdup(name)) != NULL) {
                cicu_numbering_system_count++;
            }
        }
        uenum_close(names);
    }
}

static int cicu_is_available(const char *id) {
    if (id[0] == '\0') return 0;
    return bsearch(&id, cicu_available, (size_t)cicu_available_count, sizeof *cicu_available,
                   cicu_compare_strings) != NULL;
}

static int cicu_is_numbering_system(const char *name) {
    for (int32_t index = 0; index < cicu_numbering_system_count; index++) {
        if (strcmp(cicu_numbering_systems[index], name) == 0) return 1;
    }
    return 0;
}

/// The ICU id of the available locale that serves a BCP 47 tag or ICU id best ("de-DE" → "de_DE";
/// "de-AT-x-foo" → "de_AT"; "qaaaa-US" → "": ICU's root), with its `numbers` keyword when it names a
/// numbering system ICU has ("ar-EG-u-nu-latn" → "ar_EG@numbers=latn"). Nothing else reaches ICU.
static void cicu_locale_id(const char *locale, char *id, int32_t size) {
    pthread_once(&cicu_available_once, cicu_load_available);
    id[0] = '\0';
    if (locale == NULL || strlen(locale) > CICU_MAX_TAG) return;
    char parsed_id[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(locale, parsed_id, sizeof parsed_id, &parsed, &status);
    if (U_FAILURE(status) || parsed == 0 || parsed_id[0] == '\0') {
        strncpy(parsed_id, locale, sizeof parsed_id - 1);
        parsed_id[sizeof parsed_id - 1] = '\0';
    }
    char language[16] = "", script[8] = "", country[8] = "", numbers[32] = "";
    status = U_ZERO_ERROR;
    uloc_getLanguage(parsed_id, language, sizeof language, &status);
    status = U_ZERO_ERROR;
    uloc_getScript(parsed_id, script, sizeof script, &status);
    status = U_ZERO_ERROR;
    uloc_getCountry(parsed_id, country, sizeof country, &status);
    status = U_ZERO_ERROR;
    uloc_getKeywordValue(parsed_id, "numbers", numbers, sizeof numbers, &status);
    if (U_FAILURE(status)) numbers[0] = '\0';
    if (script[0] == '\0' && language[0] != '\0') {
        // The script the language is written in there (`zh_TW` is `zh_Hant_TW`, as ICU's aliases have it).
        char maximized[ULOC_FULLNAME_CAPACITY];
        char base[48];
        snprintf(base, sizeof base, "%s%s%s", language, country[0] ? "_" : "", country);
        status = U_ZERO_ERROR;
        uloc_addLikelySubtags(base, maximized, sizeof maximized, &status);
        status = U_ZERO_ERROR;
        if (U_SUCCESS(status)) uloc_getScript(maximized, script, sizeof script, &status);
        if (U_FAILURE(status)) script[0] = '\0';
    }
    // The most specific available locale: language, script and region; language and region; language and
    // script; language.
    char candidate[ULOC_FULLNAME_CAPACITY];
    const char *found = "";
    char best[ULOC_FULLNAME_CAPACITY] = "";
    const char *forms[4][3] = {{language, script, country}, {language, "", country}, {language, script, ""}, {language, "", ""}};
    for (int form = 0; form < 4 && found[0] == '\0'; form++) {
        snprintf(candidate, sizeof candidate, "%s%s%s%s%s", forms[form][0], forms[form][1][0] ? "_" : "",
                 forms[form][1], forms[form][2][0] ? "_" : "", forms[form][2]);
        if (cicu_is_available(candidate)) {
            strncpy(best, candidate, sizeof best - 1);
            found = best;
        }
    }
    if (numbers[0] != '\0' && cicu_is_numbering_system(numbers)) {
        snprintf(id, (size_t)size, "%s@numbers=%s", found, numbers);
    } else {
        snprintf(id, (size_t)size, "%s", found);
    }
}

int cicu_is_known_locale(const char *locale) {
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_locale_id(locale, id, sizeof id);
    return id[0] != '\0' && id[0] != '@';
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

/// The locale id for numbers: the locale's own numbering system (`arab` in ar-EG, `deva` in mr-IN), or Latin
/// digits when asked or when that system is not one of ten decimal digits (`jpan` writes 千 and 百).
static void cicu_number_locale(const char *locale, int latin_digits, char *id, int32_t size) {
    cicu_locale_id(locale, id, size);
    UErrorCode status = U_ZERO_ERROR;
    int latin = latin_digits;
    if (!latin) {
        UNumberingSystem *system = unumsys_open(id, &status);
        latin = U_FAILURE(status) || system == NULL || unumsys_isAlgorithmic(system) || unumsys_getRadix(system) != 10;
        if (system != NULL) unumsys_close(system);
    }
    if (latin) {
        status = U_ZERO_ERROR;
        uloc_setKeywordValue("numbers", "latn", id, size, &status);
    }
}

/// CLDR's minimum grouping digits as ICU's number formatter applies them (the `UNUM_MINIMUM_GROUPING_DIGITS`
/// attribute of ICU 72's `unum_open` answers -1, "not set", for every locale): the digits a number needs before
/// its first group separator for the formatter to write one; 2 where 1234 is written without one (es, pl).
static int32_t cicu_minimum_grouping(const char *id, int32_t primary, const UChar *group) {
    if (primary <= 0 || primary > 6 || group[0] == 0) return 1;
    UErrorCode status = U_ZERO_ERROR;
    const UChar skeleton[1] = {0};
    UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(skeleton, 0, id, &status);
    UFormattedNumber *result = unumf_openResult(&status);
    int32_t minimum = 1;
    int64_t value = 1;
    for (int32_t digit = 0; digit < primary; digit++) value *= 10;
    // 1000, then 10000, then 100000 (with groups of three): the first one written with a separator.
    for (int32_t before = 1; U_SUCCESS(status) && before <= 3; before++, value *= 10) {
        unumf_formatInt(formatter, value, result, &status);
        UChar text[64];
        int32_t length = unumf_resultToString(result, text, 63, &status);
        if (U_FAILURE(status) || length >= 63) break;
        text[length] = 0;
        if (u_strstr(text, group) != NULL) {
            minimum = before;
            break;
        }
    }
    if (result != NULL) unumf_closeResult(result);
    if (formatter != NULL) unumf_close(formatter);
    return minimum;
}

int cicu_number_symbols_for(const char *locale, int latin_digits, cicu_number_symbols *symbols) {
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_number_locale(locale, latin_digits, id, sizeof id);
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, id, NULL, &status);
    if (U_FAILURE(status) || format == NULL) return -1;
    int failed = cicu_symbol(format, UNUM_DECIMAL_SEPARATOR_SYMBOL, symbols->decimal, sizeof symbols->decimal) |
                 cicu_symbol(format, UNUM_GROUPING_SEPARATOR_SYMBOL, symbols->group, sizeof symbols->group) |
                 cicu_symbol(format, UNUM_MINUS_SIGN_SYMBOL, symbols->minus, sizeof symbols->minus) |
                 cicu_symbol(format, UNUM_ZERO_DIGIT_SYMBOL, symbols->digits[0], sizeof symbols->digits[0]);
    for (int digit = 1; digit <= 9; digit++) {
        UNumberFormatSymbol which = (UNumberFormatSymbol)(UNUM_ONE_DIGIT_SYMBOL + digit - 1);
        failed |= cicu_symbol(format, which, symbols->digits[digit], sizeof symbols->digits[digit]);
    }
    int32_t primary = unum_getAttribute(format, UNUM_GROUPING_SIZE);
    int32_t secondary = unum_getAttribute(format, UNUM_SECONDARY_GROUPING_SIZE);
    symbols->primary_grouping = primary > 0 ? primary : 0;
    symbols->secondary_grouping = secondary > 0 ? secondary : symbols->primary_grouping;
    UChar group[16];
    status = U_ZERO_ERROR;
    int32_t length = unum_getSymbol(format, UNUM_GROUPING_SEPARATOR_SYMBOL, group, 15, &status);
    group[U_SUCCESS(status) && length < 15 ? length : 0] = 0;
    symbols->minimum_grouping_digits = cicu_minimum_grouping(id, symbols->primary_grouping, group);
    char system[ULOC_KEYWORDS_CAPACITY] = "";
    status = U_ZERO_ERROR;
    UNumberingSystem *numbering = unumsys_open(id, &status);
    if (U_SUCCESS(status) && numbering != NULL) strncpy(system, unumsys_getName(numbering), sizeof system - 1);
    if (numbering != NULL) unumsys_close(numbering);
    symbols->native_digits = strcmp(system, "latn") != 0;
    unum_close(format);
    return failed ? -1 : 0;
}

int cicu_currency_format_for(const char *locale, const char *currency, int latin_digits,
                             cicu_currency_format *result) {
    if (currency == NULL || strlen(currency) != 3) return -1;
    UChar code[4];
    u_charsToUChars(currency, code, 4);
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_number_locale(locale, latin_digits, id, sizeof id);
    UErrorCode status = U_ZERO_ERROR;
    UBool choice = 0;
    int32_t length = 0;
    const UChar *symbol = ucurr_getName(code, id, UCURR_SYMBOL_NAME, &choice, &length, &status);
    // An unknown code comes back as itself, with a warning.
    if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING || symbol == NULL) return -1;
    cicu_utf8(symbol, length, result->symbol, sizeof result->symbol);
    status = U_ZERO_ERROR;
    int32_t narrowLength = 0;
    const UChar *narrow = ucurr_getName(code, id, UCURR_NARROW_SYMBOL_NAME, &choice, &narrowLength, &status);
    if (U_FAILURE(status) || narrow == NULL) {
        strncpy(result->narrow_symbol, result->symbol, sizeof result->narrow_symbol);
    } else {
        cicu_utf8(narrow, narrowLength, result->narrow_symbol, sizeof result->narrow_symbol);
    }
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
    UChar negative[64];
    int32_t negativeCount = unum_formatDouble(format, -1.0, negative, 64, NULL, &status);
    // The separators of amounts, once the currency is set (a currency may have its own, as CVE has `$`).
    int failed = cicu_symbol(format, UNUM_MONETARY_SEPARATOR_SYMBOL, result->decimal, sizeof result->decimal) |
                 cicu_symbol(format, UNUM_MONETARY_GROUPING_SEPARATOR_SYMBOL, result->group, sizeof result->group);
    unum_close(format);
    if (U_FAILURE(status) || failed || count <= 0 || count >= 64 || negativeCount <= 0 || negativeCount >= 64) {
        return -1;
    }
    int32_t digit = -1;
    int32_t at = -1;
    for (int32_t index = 0; index < count; index++) {
        if (digit < 0 && u_isdigit(formatted[index])) digit = index;
        if (at < 0 && length > 0 && index + length <= count && u_strncmp(formatted + index, symbol, length) == 0) {
            at = index;
        }
    }
    if (digit < 0 || at < 0) return -1;
    result->symbol_first = at < digit;
    // A space (any kind) between the symbol and the number.
    UChar between = result->symbol_first ? formatted[at + length] : formatted[at - 1];
    result->spaced = between == 0x20 || between == 0xA0 || between == 0x202F;
    // Where a negative amount's minus sign goes: before the symbol, or between it and the number.
    result->minus_after_symbol = 0;
    result->negative_spaced = result->spaced;
    if (result->symbol_first) {
        int32_t minus = -1;
        int32_t symbolAt = -1;
        for (int32_t index = 0; index < negativeCount; index++) {
            UChar c = negative[index];
            if (minus < 0 && (c == '-' || c == 0x2212)) minus = index;
            if (symbolAt < 0 && index + length <= negativeCount && u_strncmp(negative + index, symbol, length) == 0) {
                symbolAt = index;
            }
        }
        if (minus >= 0 && symbolAt >= 0 && minus > symbolAt) {
            result->minus_after_symbol = 1;
            UChar next = symbolAt + length < negativeCount ? negative[symbolAt + length] : 0;
            result->negative_spaced = next == 0x20 || next == 0xA0 || next == 0x202F;
        }
    }
    return 0;
}

int cicu_format_number(const char *locale, const char *currency, double value, char *buffer, size_t size) {
    if (size == 0) return -1;
    buffer[0] = '\0';
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_locale_id(locale, id, sizeof id);
    char skeleton[32] = "";
    if (currency != NULL) {
        if (strlen(currency) != 3) return -1;
        strcpy(skeleton, "currency/");
        strcat(skeleton, currency);
    }
    UChar text[32];
    u_charsToUChars(skeleton, text, (int32_t)strlen(skeleton) + 1);
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(text, -1, id, &status);
    UFormattedNumber *result = unumf_openResult(&status);
    UChar formatted[128];
    int32_t length = 0;
    if (U_SUCCESS(status)) {
        unumf_formatDouble(formatter, value, result, &status);
        length = unumf_resultToString(result, formatted, 128, &status);
    }
    if (result != NULL) unumf_closeResult(result);
    if (formatter != NULL) unumf_close(formatter);
    if (U_FAILURE(status) || length <= 0 || length >= 128) return -1;
    cicu_utf8(formatted, length, buffer, size);
    return buffer[0] == '\0' ? -1 : 0;
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

/// `count` of ICU's Gregorian date symbols of `type` from index `first` into `names`, rows of
/// CICU_MONTH_NAME_SIZE bytes.
static int cicu_date_symbols(const char *locale, UDateFormatSymbolType type, int32_t first, int32_t count,
                             char *names) {
    char id[ULOC_FULLNAME_CAPACITY];
    cicu_locale_id(locale, id, sizeof id);
    UErrorCode status = U_ZERO_ERROR;
    // The Gregorian calendar's names whatever the locale's own calendar (ar-SA's is the Islamic one, whose
    // months the date patterns do not count).
    uloc_setKeywordValue("calendar", "gregorian", id, sizeof id, &status);
    if (U_FAILURE(status)) return -1;
    UDateFormat *format = udat_open(UDAT_NONE, UDAT_MEDIUM, id, NULL, 0, NULL, 0, &status);
    if (U_FAILURE(status) || format == NULL) return -1;
    int result = 0;
    for (int32_t row = 0; row < count && result == 0; row++) {
        UChar name[CICU_MONTH_NAME_SIZE];
        status = U_ZERO_ERROR;
        int32_t length = udat_getSymbols(format, type, first + row, name, CICU_MONTH_NAME_SIZE, &status);
        if (U_FAILURE(status) || length <= 0 || length >= CICU_MONTH_NAME_SIZE) {
            result = -1;
        } else {
            char *written = names + row * CICU_MONTH_NAME_SIZE;
            cicu_utf8(name, length, written, CICU_MONTH_NAME_SIZE);
            if (written[0] == '\0') result = -1;
        }
    }
    udat_close(format);
    return result;
}

int cicu_month_names(const char *locale, int standalone, int wide, char *names) {
    UDateFormatSymbolType symbols = standalone ? (wide ? UDAT_STANDALONE_MONTHS : UDAT_STANDALONE_SHORT_MONTHS)
                                               : (wide ? UDAT_MONTHS : UDAT_SHORT_MONTHS);
    return cicu_date_symbols(locale, symbols, 0, 12, names);
}

int cicu_weekday_names(const char *locale, int wide, char *names) {
    // ICU counts weekdays from 1, Sunday.
    return cicu_date_symbols(locale, wide ? UDAT_WEEKDAYS : UDAT_SHORT_WEEKDAYS, 1, 7, names);
}

int cicu_decompose(uint32_t scalar, uint32_t *out, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    if (U_FAILURE(status) || capacity < 1) return 0;
    UChar decomposition[32];
    int32_t length = unorm2_getDecomposition(nfd, (UChar32)scalar, decomposition, 32, &status);
    if (U_FAILURE(status)) return 0;
    if (length < 0) {
        out[0] = scalar;
        return 1;
    }
    int count = 0;
    for (int32_t index = 0; index < length && count < capacity;) {
        UChar32 next;
        U16_NEXT(decomposition, index, length, next);
        out[count++] = (uint32_t)next;
    }
    return count;
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

// MARK: Internationalized domain names

_Static_assert(CICU_IDNA_EMPTY_LABEL == UIDNA_ERROR_EMPTY_LABEL, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_LABEL_TOO_LONG == UIDNA_ERROR_LABEL_TOO_LONG, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_DOMAIN_NAME_TOO_LONG == UIDNA_ERROR_DOMAIN_NAME_TOO_LONG, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_LEADING_HYPHEN == UIDNA_ERROR_LEADING_HYPHEN, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_TRAILING_HYPHEN == UIDNA_ERROR_TRAILING_HYPHEN, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_HYPHEN_3_4 == UIDNA_ERROR_HYPHEN_3_4, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_LEADING_COMBINING_MARK == UIDNA_ERROR_LEADING_COMBINING_MARK, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_DISALLOWED == UIDNA_ERROR_DISALLOWED, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_PUNYCODE == UIDNA_ERROR_PUNYCODE, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_LABEL_HAS_DOT == UIDNA_ERROR_LABEL_HAS_DOT, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_INVALID_ACE_LABEL == UIDNA_ERROR_INVALID_ACE_LABEL, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_BIDI == UIDNA_ERROR_BIDI, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_CONTEXTJ == UIDNA_ERROR_CONTEXTJ, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_CONTEXTO_PUNCTUATION == UIDNA_ERROR_CONTEXTO_PUNCTUATION, "mirrored ICU error bit");
_Static_assert(CICU_IDNA_CONTEXTO_DIGITS == UIDNA_ERROR_CONTEXTO_DIGITS, "mirrored ICU error bit");

/// The UTS 46 processor, opened once: ICU's UIDNA is immutable after opening and safe to share between threads.
static UIDNA *cicu_uts46 = NULL;
static pthread_once_t cicu_uts46_once = PTHREAD_ONCE_INIT;

static void cicu_open_uts46(void) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = uidna_openUTS46(
        UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
            UIDNA_CHECK_CONTEXTO | UIDNA_USE_STD3_RULES,
        &status);
    cicu_uts46 = U_SUCCESS(status) ? idna : NULL;
}

int32_t cicu_idna_map(uint32_t scalar, uint32_t *out, int32_t capacity) {
    if (scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    // ICU's "uts46" normalization data is UTS 46's mapping table (its disallowed characters map to U+FFFD).
    const UNormalizer2 *mapping = unorm2_getInstance(NULL, "uts46", UNORM2_COMPOSE, &status);
    if (U_FAILURE(status) || mapping == NULL) return -2;
    UChar source[2];
    int32_t sourceLength = 0;
    U16_APPEND_UNSAFE(source, sourceLength, (UChar32)scalar);
    UChar mapped[64];
    int32_t length = unorm2_normalize(mapping, source, sourceLength, mapped, 64, &status);
    if (U_FAILURE(status)) return -2;
    int32_t count = 0;
    for (int32_t index = 0; index < length;) {
        UChar32 c;
        U16_NEXT(mapped, index, length, c);
        if (c == 0xFFFD) return -1;  // U+FFFD itself is disallowed too
        if (count == capacity) return -2;
        out[count++] = (uint32_t)c;
    }
    return count;
}

uint32_t cicu_idna_convert(
    const char *domain, int32_t length, char *ascii, int32_t ascii_capacity, char *unicode, int32_t unicode_capacity) {
    pthread_once(&cicu_uts46_once, cicu_open_uts46);
    if (cicu_uts46 == NULL || ascii_capacity < 1 || unicode_capacity < 1) return CICU_IDNA_OVERFLOW;
    uint32_t errors = 0;
    UErrorCode status = U_ZERO_ERROR;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t written = uidna_nameToASCII_UTF8(cicu_uts46, domain, length, ascii, ascii_capacity - 1, &info, &status);
    if (U_FAILURE(status) || written >= ascii_capacity) {
        errors |= CICU_IDNA_OVERFLOW;
        written = 0;
    }
    ascii[written] = '\0';
    errors |= (uint32_t)info.errors;
    status = U_ZERO_ERROR;
    UIDNAInfo unicodeInfo = UIDNA_INFO_INITIALIZER;
    written = uidna_nameToUnicodeUTF8(cicu_uts46, domain, length, unicode, unicode_capacity - 1, &unicodeInfo, &status);
    if (U_FAILURE(status) || written >= unicode_capacity) {
        errors |= CICU_IDNA_OVERFLOW;
        written = 0;
    }
    unicode[written] = '\0';
    return errors | (uint32_t)unicodeInfo.errors;
}
