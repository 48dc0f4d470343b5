internal import CPhoneNumber
internal import SmartTextSupport

/// One region a phone field can take, for a client's country picker.
public struct PhoneRegion: Sendable, Equatable {
    /// ISO 3166 (`GB`), as the `phone` rules' `region` option and the request's `region` take it.
    public var code: String
    /// The region's name in the language asked for (`United Kingdom`, `Vereinigtes Königreich`).
    public var name: String
    /// The country calling code (44).
    public var callingCode: Int
    /// The national (trunk) prefix (`0`), "" when the region has none.
    public var nationalPrefix: String
    /// An example mobile number (a fixed-line one where the region lists no mobile example), written
    /// as a national number (`07400 123456`) and as an international one (`+44 7400 123456`).
    public var exampleNational: String
    public var exampleInternational: String
}

/// The regions libphonenumber knows, with names from CLDR (ICU).
public enum PhoneRegions {
    /// Every supported two-letter region code, sorted.
    public static let codes: [String] = {
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = cphone_supported_regions(&buffer, buffer.count)
        guard count > 0 else { return [] }
        let letters = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return stride(from: 0, to: letters.count, by: 2).map { String(decoding: letters[$0..<$0 + 2], as: UTF8.self) }
    }()

    /// True when `code` is one of ``codes`` (a binary search: they are sorted by their bytes, as
    /// `<` compares two-letter codes).
    public static func contains(_ code: String) -> Bool {
        var low = 0
        var high = codes.count
        while low < high {
            let middle = (low + high) / 2
            if codes[middle] < code { low = middle + 1 } else { high = middle }
        }
        return low < codes.count && codes[low] == code
    }

    private static let lists = BoundedCache<String, [PhoneRegion]>(limit: 64, maxKeyBytes: 64)

    /// Every region, named in `language` (a BCP 47 tag) and in the order its collation sorts names.
    public static func all(in language: String) -> [PhoneRegion] {
        lists.value(for: language) {
            var regions: [String: PhoneRegion] = [:]
            for code in codes {
                let national =
                    PhoneLibrary.example(region: code, type: .mobile)
                    ?? PhoneLibrary.example(region: code, type: .fixedLine) ?? ""
                regions[code] = PhoneRegion(
                    code: code, name: LocaleData.regionName(code, in: language) ?? code,
                    callingCode: PhoneLibrary.countryCode(region: code),
                    nationalPrefix: PhoneLibrary.nationalPrefix(region: code) ?? "",
                    exampleNational: PhoneLibrary.format(national, region: code, style: 0) ?? "",
                    exampleInternational: PhoneLibrary.format(national, region: code, style: 1) ?? "")
            }
            // Names can repeat across regions only in principle; the code breaks ties.
            let byName = Dictionary(grouping: regions.values, by: \.name)
            return LocaleData.sorted(Array(byName.keys), in: language).flatMap { name in
                byName[name, default: []].sorted { $0.code < $1.code }
            }
        }
    }
}
