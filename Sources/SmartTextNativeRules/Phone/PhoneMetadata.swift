internal import CPhoneNumber

/// libphonenumber's own metadata (the `PhoneMetadataCollection` the C++ library parses at
/// start-up), decoded from its protocol buffer bytes into plain values: per region the
/// number patterns of each type, the possible lengths, the prefixes and the formats.
/// ``PhoneNumbering`` compiles what it needs from it. Only the fields libphonenumber reads
/// when it parses, validates and formats a number nationally are kept.
struct PhoneMetadata: Sendable {
    /// `PhoneNumberDesc`: the numbers of one type.
    struct NumberDescription: Sendable {
        /// The national number pattern, "" when absent.
        var pattern = ""
        var possibleLengths: [Int] = []
        var possibleLengthsLocalOnly: [Int] = []
    }

    /// `NumberFormat`: how the numbers that match `pattern` are written.
    struct NumberFormat: Sendable {
        var pattern = ""
        var format = ""
        var leadingDigitsPatterns: [String] = []
        var nationalPrefixFormattingRule = ""
        var nationalPrefixOptionalWhenFormatting = false
        var hasDomesticCarrierCodeFormattingRule = false
    }

    /// `PhoneMetadata`: one region (or a non-geographic entity, id `001`).
    struct Region: Sendable {
        var id = ""
        var countryCode = 0
        /// "" when absent (libphonenumber then uses the empty pattern).
        var internationalPrefix = ""
        /// nil when absent (the as-you-type formatter checks presence).
        var nationalPrefix: String?
        /// "" when absent (`hasNationalPrefixForParsing` tells).
        var nationalPrefixForParsing = ""
        var hasNationalPrefixForParsing = false
        var nationalPrefixTransformRule = ""
        var sameMobileAndFixedLinePattern = false
        var mainCountryForCode = false
        /// nil when absent (presence, not emptiness, is what libphonenumber checks).
        var leadingDigits: String?
        /// By ``PhoneType`` (general description at `.unknown`); absent ones are empty.
        var descriptions: [PhoneType: NumberDescription] = [:]
        var numberFormats: [NumberFormat] = []
        /// The formats of the international format, when they differ (the as-you-type formatter's
        /// after a country code or a national prefix).
        var internationalNumberFormats: [NumberFormat] = []

        func description(_ type: PhoneType) -> NumberDescription { descriptions[type] ?? NumberDescription() }
    }

    var regions: [Region]

    /// The metadata compiled into the installed libphonenumber, nil when it cannot be read.
    static func library() -> PhoneMetadata? {
        var pointer: UnsafePointer<UInt8>?
        let size = cphone_metadata(&pointer)
        guard size > 0, let pointer else { return nil }
        var reader = WireReader(UnsafeBufferPointer(start: pointer, count: size))
        var regions: [Region] = []
        while let (field, value) = reader.next() {
            guard field == 1, case .bytes(let bytes) = value, let region = decodeRegion(bytes) else {
                if case .invalid = value { return nil }
                continue
            }
            regions.append(region)
        }
        return reader.failed ? nil : PhoneMetadata(regions: regions)
    }

    // MARK: Protocol buffer fields (phonemetadata.proto)

    private static func decodeRegion(_ bytes: UnsafeBufferPointer<UInt8>) -> Region? {
        var region = Region()
        var reader = WireReader(bytes)
        while let (field, value) = reader.next() {
            switch (field, value) {
            case (9, .bytes(let b)): region.id = string(b)
            case (10, .varint(let v)): region.countryCode = Int(truncatingIfNeeded: v)
            case (11, .bytes(let b)): region.internationalPrefix = string(b)
            case (12, .bytes(let b)): region.nationalPrefix = string(b)
            case (15, .bytes(let b)):
                region.nationalPrefixForParsing = string(b)
                region.hasNationalPrefixForParsing = true
            case (16, .bytes(let b)): region.nationalPrefixTransformRule = string(b)
            case (18, .varint(let v)): region.sameMobileAndFixedLinePattern = v != 0
            case (22, .varint(let v)): region.mainCountryForCode = v != 0
            case (23, .bytes(let b)): region.leadingDigits = string(b)
            case (19, .bytes(let b)): region.numberFormats.append(decodeFormat(b))
            case (20, .bytes(let b)): region.internationalNumberFormats.append(decodeFormat(b))
            case (let field, .bytes(let b)):
                if let type = descriptionType(field) { region.descriptions[type] = decodeDescription(b) }
            case (_, .invalid): return nil
            default: break
            }
        }
        return reader.failed ? nil : region
    }

    /// The `PhoneMetadata` field numbers of the descriptions libphonenumber's number types read.
    private static func descriptionType(_ field: Int) -> PhoneType? {
        switch field {
        case 1: .unknown
        case 2: .fixedLine
        case 3: .mobile
        case 4: .tollFree
        case 5: .premiumRate
        case 6: .sharedCost
        case 7: .personalNumber
        case 8: .voip
        case 21: .pager
        case 25: .uan
        case 28: .voicemail
        default: nil
        }
    }

    private static func decodeDescription(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberDescription {
        var description = NumberDescription()
        var reader = WireReader(bytes)
        while let (field, value) = reader.next() {
            switch (field, value) {
            case (2, .bytes(let b)): description.pattern = string(b)
            case (9, .varint(let v)): description.possibleLengths.append(Int(Int32(truncatingIfNeeded: v)))
            case (9, .bytes(let b)): description.possibleLengths += packed(b)
            case (10, .varint(let v)): description.possibleLengthsLocalOnly.append(Int(Int32(truncatingIfNeeded: v)))
            case (10, .bytes(let b)): description.possibleLengthsLocalOnly += packed(b)
            default: break
            }
        }
        return description
    }

    private static func decodeFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberFormat {
        var format = NumberFormat()
        var reader = WireReader(bytes)
        while let (field, value) = reader.next() {
            switch (field, value) {
            case (1, .bytes(let b)): format.pattern = string(b)
            case (2, .bytes(let b)): format.format = string(b)
            case (3, .bytes(let b)): format.leadingDigitsPatterns.append(string(b))
            case (4, .bytes(let b)): format.nationalPrefixFormattingRule = string(b)
            case (5, .bytes): format.hasDomesticCarrierCodeFormattingRule = true
            case (6, .varint(let v)): format.nationalPrefixOptionalWhenFormatting = v != 0
            default: break
            }
        }
        return format
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var reader = WireReader(bytes)
        var values: [Int] = []
        while let value = reader.varint() { values.append(Int(Int32(truncatingIfNeeded: value))) }
        return values
    }
}

/// The protocol buffer wire format, as much of it as the metadata uses.
private struct WireReader {
    enum Value {
        case varint(UInt64)
        case bytes(UnsafeBufferPointer<UInt8>)
        case fixed
        case invalid
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var failed = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func varint() -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        if position < bytes.count || shift > 0 { failed = true }
        return nil
    }

    /// The next field's number and value; nil at the end (or after an error: `failed`).
    mutating func next() -> (Int, Value)? {
        guard position < bytes.count, !failed, let key = varint() else { return nil }
        let field = Int(key >> 3)
        switch key & 7 {
        case 0:
            guard let value = varint() else { return (field, .invalid) }
            return (field, .varint(value))
        case 1, 5:
            let width = key & 7 == 1 ? 8 : 4
            guard position + width <= bytes.count else {
                failed = true
                return (field, .invalid)
            }
            position += width
            return (field, .fixed)
        case 2:
            guard let length = varint(), length <= UInt64(bytes.count - position) else {
                failed = true
                return (field, .invalid)
            }
            let start = position
            position += Int(length)
            return (field, .bytes(UnsafeBufferPointer(rebasing: bytes[start..<position])))
        default:
            failed = true
            return (field, .invalid)
        }
    }
}
