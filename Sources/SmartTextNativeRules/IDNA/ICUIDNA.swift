internal import CICU
public import SmartTextEngine

/// UTS 46 processing of internationalized domain names by ICU (`uidna_openUTS46`: non-transitional, STD3
/// rules, CheckHyphens, CheckBidi, CheckJoiners and ContextO), for the `email` rules of
/// `RuleCatalog.standard`. ICU keeps the Unicode data (the mapping table, bidi classes, joining types,
/// scripts); the engine decides what the errors mean and adds IDNA2008's repertoire (`IDNA2008`).
public struct ICUIDNA: IDNAProcessing {
    public init() {}

    public func map(_ scalar: Unicode.Scalar) -> IDNAMapping {
        // UTS 46 maps the capital sharp s to `ß` since Unicode 15.1 (it was `ss`); Debian's ICU 72 has
        // Unicode 15.0's table.
        if scalar == "\u{1E9E}" { return .mapped(["ß"]) }
        var out = [UInt32](repeating: 0, count: 32)
        let count = cicu_idna_map(scalar.value, &out, 32)
        if count < 0 { return .disallowed }
        if count == 0 { return .ignored }
        if count == 1 && out[0] == scalar.value { return .valid }
        return .mapped(out[..<Int(count)].compactMap(Unicode.Scalar.init))
    }

    public func convert(_ domain: [Unicode.Scalar]) -> IDNAConversion {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(domain.count * 3)
        for scalar in domain { utf8.append(contentsOf: UTF8.encode(scalar)!) }
        // A valid A-label form has at most 253 characters; mapping may lengthen the U-label form (U+FDFA
        // stands for 18 scalars), which only matters for names far too long to be valid.
        var ascii = [CChar](repeating: 0, count: 1024)
        var unicode = [CChar](repeating: 0, count: 4096)
        let errors = utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cicu_idna_convert(chars.baseAddress, Int32(chars.count), &ascii, 1024, &unicode, 4096)
            }
        }
        return IDNAConversion(
            ascii: String(decoding: ascii.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            unicode: Array(
                String(decoding: unicode.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).unicodeScalars
            ),
            errors: IDNAErrors(rawValue: errors))
    }
}
