// C implementation of CPhoneNumber.h over libphonenumber (C++).
//
// Every entry point catches everything: a C++ exception must never unwind
// into Swift. Inputs are untrusted (NULL, empty, long, non-UTF-8), so lengths
// are bounded before any std::string is built from them.

#include "CPhoneNumber.h"

#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>

#include "phonenumbers/asyoutypeformatter.h"
#include "phonenumbers/phonenumber.pb.h"
#include "phonenumbers/phonenumberutil.h"

// Declared in libphonenumber's metadata.h, which Debian does not install; the shared library
// exports both (the metadata PhoneNumberUtil itself parses).
namespace i18n {
namespace phonenumbers {
int metadata_size();
const void *metadata_get();
}  // namespace phonenumbers
}  // namespace i18n

namespace {

using i18n::phonenumbers::AsYouTypeFormatter;
using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

// Unknown region: libphonenumber treats every unsupported code like this one.
const char kUnknownRegion[] = "ZZ";

// Phone numbers are short; this bounds the per-call work of the formatter.
const size_t kMaxTypedLength = 64;

// Parse() itself rejects longer text (kMaxInputStringLength); reading one
// byte more lets it do so without us scanning an unbounded string.
const size_t kMaxParsedLength = 251;

// Matches cphone_type's numbering; kept in step by the static_asserts below.
static_assert(CPHONE_FIXED_LINE == static_cast<int>(PhoneNumberUtil::FIXED_LINE), "type");
static_assert(CPHONE_MOBILE == static_cast<int>(PhoneNumberUtil::MOBILE), "type");
static_assert(CPHONE_FIXED_LINE_OR_MOBILE == static_cast<int>(PhoneNumberUtil::FIXED_LINE_OR_MOBILE), "type");
static_assert(CPHONE_TOLL_FREE == static_cast<int>(PhoneNumberUtil::TOLL_FREE), "type");
static_assert(CPHONE_PREMIUM_RATE == static_cast<int>(PhoneNumberUtil::PREMIUM_RATE), "type");
static_assert(CPHONE_SHARED_COST == static_cast<int>(PhoneNumberUtil::SHARED_COST), "type");
static_assert(CPHONE_VOIP == static_cast<int>(PhoneNumberUtil::VOIP), "type");
static_assert(CPHONE_PERSONAL_NUMBER == static_cast<int>(PhoneNumberUtil::PERSONAL_NUMBER), "type");
static_assert(CPHONE_PAGER == static_cast<int>(PhoneNumberUtil::PAGER), "type");
static_assert(CPHONE_UAN == static_cast<int>(PhoneNumberUtil::UAN), "type");
static_assert(CPHONE_VOICEMAIL == static_cast<int>(PhoneNumberUtil::VOICEMAIL), "type");
static_assert(CPHONE_UNKNOWN == static_cast<int>(PhoneNumberUtil::UNKNOWN), "type");
static_assert(CPHONE_IS_POSSIBLE == static_cast<int>(PhoneNumberUtil::IS_POSSIBLE), "possibility");
static_assert(CPHONE_IS_POSSIBLE_LOCAL_ONLY == static_cast<int>(PhoneNumberUtil::IS_POSSIBLE_LOCAL_ONLY), "possibility");
static_assert(CPHONE_INVALID_COUNTRY_CODE == static_cast<int>(PhoneNumberUtil::INVALID_COUNTRY_CODE), "possibility");
static_assert(CPHONE_TOO_SHORT == static_cast<int>(PhoneNumberUtil::TOO_SHORT), "possibility");
static_assert(CPHONE_INVALID_LENGTH == static_cast<int>(PhoneNumberUtil::INVALID_LENGTH), "possibility");
static_assert(CPHONE_TOO_LONG == static_cast<int>(PhoneNumberUtil::TOO_LONG), "possibility");

const PhoneNumberUtil &util() {
    // The singleton is thread-safe and never destroyed.
    static const PhoneNumberUtil *const instance = PhoneNumberUtil::GetInstance();
    return *instance;
}

const std::set<std::string> &supported_regions() {
    // Function-local static: initialised once, thread-safely (C++11).
    static const std::set<std::string> regions = [] {
        std::set<std::string> s;
        util().GetSupportedRegions(&s);
        return s;
    }();
    return regions;
}

bool is_supported(const char *region) {
    if (region == nullptr) return false;
    size_t n = strnlen(region, 4);
    if (n == 0 || n > 3) return false;
    return supported_regions().count(std::string(region, n)) != 0;
}

// Maps anything unsupported to "ZZ". libphonenumber already behaves the same
// for all unsupported codes, and this keeps the formatter cache bounded by
// the number of real regions no matter what callers pass.
std::string canonical_region(const char *region) {
    if (!is_supported(region)) return kUnknownRegion;
    return std::string(region, strnlen(region, 4));
}

// Bounded copy of caller text: never reads past `limit` bytes.
bool bounded_text(const char *text, size_t limit, std::string *out) {
    if (text == nullptr) return false;
    out->assign(text, strnlen(text, limit));
    return true;
}

int put(const std::string &s, char *output, size_t capacity) {
    if (output == nullptr || capacity == 0) return -1;
    if (s.size() + 1 > capacity) {
        output[0] = '\0';  // leave the caller a valid (empty) C string
        return -1;
    }
    std::memcpy(output, s.data(), s.size());
    output[s.size()] = '\0';
    return static_cast<int>(s.size());
}

// Fixed-size struct fields: truncation would be a lie, so write "" instead.
void put_field(const std::string &s, char *field, size_t size) {
    if (put(s, field, size) < 0) field[0] = '\0';
}

AsYouTypeFormatter *formatter_for(const std::string &region) {
    // AsYouTypeFormatter is not thread-safe and costly to build (its regex
    // caches live in the instance), so each thread keeps one per region.
    // `region` is canonical, so the map holds at most ~250 entries.
    thread_local std::unordered_map<std::string, std::unique_ptr<AsYouTypeFormatter>> formatters;
    auto it = formatters.find(region);
    if (it != formatters.end()) return it->second.get();
    std::unique_ptr<AsYouTypeFormatter> created(util().GetAsYouTypeFormatter(region));
    if (!created) return nullptr;
    AsYouTypeFormatter *raw = created.get();
    formatters.emplace(region, std::move(created));
    return raw;
}

cphone_possibility possibility_for_parse_error(PhoneNumberUtil::ErrorType error) {
    switch (error) {
    case PhoneNumberUtil::INVALID_COUNTRY_CODE_ERROR:
        return CPHONE_INVALID_COUNTRY_CODE;
    case PhoneNumberUtil::TOO_SHORT_AFTER_IDD:
    case PhoneNumberUtil::TOO_SHORT_NSN:
        return CPHONE_TOO_SHORT;
    case PhoneNumberUtil::TOO_LONG_NSN:
        return CPHONE_TOO_LONG;
    default:
        return CPHONE_NOT_A_NUMBER;
    }
}

void reset_info(cphone_info *info, cphone_possibility possibility) {
    std::memset(info, 0, sizeof *info);
    info->possibility = possibility;
    // Zero would read as CPHONE_FIXED_LINE; nothing is known about the type.
    info->type = CPHONE_UNKNOWN;
}

}  // namespace

extern "C" int cphone_format_as_you_type(const char *region, const char *text, char *output,
                                         size_t capacity) {
    try {
        if (text == nullptr || output == nullptr || capacity == 0) return -1;
        size_t n = strnlen(text, kMaxTypedLength + 1);
        if (n > kMaxTypedLength) return -1;
        // Validate everything before touching the formatter, so a rejected
        // input costs nothing and leaves no state behind.
        for (size_t i = 0; i < n; i++) {
            char c = text[i];
            bool digit = c >= '0' && c <= '9';
            if (!digit && !(c == '+' && i == 0)) return -1;
        }
        AsYouTypeFormatter *formatter = formatter_for(canonical_region(region));
        if (formatter == nullptr) return -1;
        formatter->Clear();
        std::string result;
        for (size_t i = 0; i < n; i++) {
            formatter->InputDigit(static_cast<i18n::phonenumbers::char32>(static_cast<unsigned char>(text[i])), &result);
        }
        return put(result, output, capacity);
    } catch (...) {
        return -1;
    }
}

extern "C" int cphone_format_number(const char *region, const char *text, int style, char *output,
                                    size_t capacity) {
    try {
        if (output == nullptr || capacity == 0) return -1;
        PhoneNumberUtil::PhoneNumberFormat format;
        switch (style) {
        case 0: format = PhoneNumberUtil::NATIONAL; break;
        case 1: format = PhoneNumberUtil::INTERNATIONAL; break;
        case 2: format = PhoneNumberUtil::E164; break;
        default: return -1;
        }
        std::string input;
        if (!bounded_text(text, kMaxParsedLength, &input)) return -1;
        PhoneNumber number;
        if (util().Parse(input, canonical_region(region), &number) != PhoneNumberUtil::NO_PARSING_ERROR) {
            return -1;
        }
        std::string formatted;
        util().Format(number, format, &formatted);
        return put(formatted, output, capacity);
    } catch (...) {
        return -1;
    }
}

extern "C" int cphone_inspect(const char *region, const char *text, cphone_info *info) {
    if (info == nullptr) return -1;
    try {
        reset_info(info, CPHONE_NOT_A_NUMBER);
        std::string input;
        if (!bounded_text(text, kMaxParsedLength, &input)) return -1;
        const std::string region_code = canonical_region(region);
        const PhoneNumberUtil &pu = util();

        // Keeping the raw input is what records country_code_source.
        PhoneNumber number;
        PhoneNumberUtil::ErrorType error = pu.ParseAndKeepRawInput(input, region_code, &number);
        if (error != PhoneNumberUtil::NO_PARSING_ERROR) {
            reset_info(info, possibility_for_parse_error(error));
            return -1;
        }

        // A number dialled with another country's code is judged on its own,
        // not against the caller's region.
        bool valid;
        if (region_code != kUnknownRegion &&
            number.country_code() == pu.GetCountryCodeForRegion(region_code)) {
            valid = pu.IsValidNumberForRegion(number, region_code);
        } else {
            valid = pu.IsValidNumber(number);
        }

        // Whether the number is valid where it belongs, whatever region it was parsed for.
        const bool valid_number = pu.IsValidNumber(number);
        const bool known = valid || valid_number;
        info->valid = valid ? 1 : 0;
        info->valid_number = valid_number ? 1 : 0;
        info->possibility = static_cast<cphone_possibility>(pu.IsPossibleNumberWithReason(number));
        info->type = known ? static_cast<cphone_type>(pu.GetNumberType(number)) : CPHONE_UNKNOWN;
        info->country_code = number.country_code();

        std::string number_region;
        pu.GetRegionCodeForNumber(number, &number_region);
        if (number_region != kUnknownRegion) put_field(number_region, info->region, sizeof info->region);

        switch (number.country_code_source()) {
        case PhoneNumber::FROM_NUMBER_WITH_PLUS_SIGN:
        case PhoneNumber::FROM_NUMBER_WITH_IDD:
        case PhoneNumber::FROM_NUMBER_WITHOUT_PLUS_SIGN:
            info->had_country_code = 1;
            break;
        default:
            info->had_country_code = 0;
            break;
        }

        if (known) {
            std::string e164;
            pu.Format(number, PhoneNumberUtil::E164, &e164);
            put_field(e164, info->e164, sizeof info->e164);
            // Formatting does not read what ParseAndKeepRawInput keeps on top of
            // Parse, so this equals cphone_format_number(region, text, 0): one parse, not two.
            std::string national;
            pu.Format(number, PhoneNumberUtil::NATIONAL, &national);
            put_field(national, info->national, sizeof info->national);
        }

        std::string nsn;
        pu.GetNationalSignificantNumber(number, &nsn);
        put_field(nsn, info->national_number, sizeof info->national_number);
        return 0;
    } catch (...) {
        reset_info(info, CPHONE_NOT_A_NUMBER);
        return -1;
    }
}

extern "C" int cphone_example_number(const char *region, cphone_type type, char *output,
                                     size_t capacity) {
    try {
        if (output == nullptr || capacity == 0) return -1;
        // C lets any int through an enum parameter.
        int t = static_cast<int>(type);
        if (t < CPHONE_FIXED_LINE || t > CPHONE_UNKNOWN) return -1;
        if (!is_supported(region)) return -1;
        PhoneNumber number;
        if (!util().GetExampleNumberForType(canonical_region(region),
                                            static_cast<PhoneNumberUtil::PhoneNumberType>(t), &number)) {
            return -1;
        }
        std::string nsn;
        util().GetNationalSignificantNumber(number, &nsn);
        if (nsn.empty()) return -1;
        return put(nsn, output, capacity);
    } catch (...) {
        return -1;
    }
}

extern "C" int cphone_national_prefix(const char *region, char *output, size_t capacity) {
    try {
        if (output == nullptr || capacity == 0) return -1;
        // Unknown regions have no metadata; "none" (0) would be a guess.
        if (!is_supported(region)) return -1;
        std::string prefix;
        util().GetNddPrefixForRegion(canonical_region(region), true, &prefix);
        return put(prefix, output, capacity);
    } catch (...) {
        return -1;
    }
}

extern "C" int cphone_country_code(const char *region) {
    try {
        if (!is_supported(region)) return 0;
        return util().GetCountryCodeForRegion(canonical_region(region));
    } catch (...) {
        return 0;
    }
}

extern "C" int cphone_is_supported_region(const char *region) {
    try {
        return is_supported(region) ? 1 : 0;
    } catch (...) {
        return 0;
    }
}

extern "C" int cphone_supported_regions(char *output, size_t capacity) {
    try {
        if (output == nullptr) return -1;
        std::set<std::string> regions;
        util().GetSupportedRegions(&regions);
        std::string all;
        for (const std::string &region : regions) {
            if (region.size() == 2) all += region;
        }
        if (put(all, output, capacity) < 0) return -1;
        return static_cast<int>(all.size() / 2);
    } catch (...) {
        return -1;
    }
}

extern "C" cphone_possibility cphone_possibility_for_type(const char *region, const char *text, cphone_type type) {
    try {
        if (type < CPHONE_FIXED_LINE || type > CPHONE_UNKNOWN) return CPHONE_NOT_A_NUMBER;
        std::string input;
        if (!bounded_text(text, kMaxParsedLength, &input)) return CPHONE_NOT_A_NUMBER;
        PhoneNumber number;
        PhoneNumberUtil::ErrorType error = util().Parse(input, canonical_region(region), &number);
        if (error != PhoneNumberUtil::NO_PARSING_ERROR) return possibility_for_parse_error(error);
        return static_cast<cphone_possibility>(util().IsPossibleNumberForTypeWithReason(
            number, static_cast<PhoneNumberUtil::PhoneNumberType>(type)));
    } catch (...) {
        return CPHONE_NOT_A_NUMBER;
    }
}

extern "C" size_t cphone_metadata(const unsigned char **bytes) {
    try {
        if (bytes == nullptr) return 0;
        int size = i18n::phonenumbers::metadata_size();
        const void *data = i18n::phonenumbers::metadata_get();
        if (size <= 0 || data == nullptr) return 0;
        *bytes = static_cast<const unsigned char *>(data);
        return static_cast<size_t>(size);
    } catch (...) {
        return 0;
    }
}
