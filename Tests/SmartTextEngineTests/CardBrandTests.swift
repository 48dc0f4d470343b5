import Testing

@testable import SmartTextEngine

@Suite struct CardBrandTests {
    /// The definition, read straight from the brand table: among the prefixes
    /// that match the number's first digits in full, the longest wins, and
    /// among equally long ones the brand listed first.
    static func reference(_ digits: String) -> String? {
        let head = Array(digits.prefix(6))
        var best: (brand: String, digits: Int)? = nil
        for brand in CardBrand.all {
            for prefix in brand.prefixes where prefix.digits <= head.count {
                let value = Int(String(head[..<prefix.digits]))!
                if value >= prefix.low && value <= prefix.high && prefix.digits > (best?.digits ?? 0) {
                    best = (brand.id, prefix.digits)
                }
            }
        }
        return best?.brand
    }

    @Test func detectionMatchesTheDefinitionForEveryHeadUpToFiveDigits() {
        var checked = 0
        for length in 1...5 {
            var upper = 1
            for _ in 0..<length { upper *= 10 }
            for number in 0..<upper {
                var digits = String(number)
                digits = String(repeating: "0", count: length - digits.count) + digits
                let detected = CardBrand.detect(Array(digits.unicodeScalars))?.id
                if detected != Self.reference(digits) {
                    Issue.record("\(digits): \(detected ?? "nil"), expected \(Self.reference(digits) ?? "nil")")
                    return
                }
                checked += 1
            }
        }
        #expect(checked == 111_110)
    }

    @Test func detectionMatchesTheDefinitionAtTheEdgesOfEverySixDigitRange() {
        for brand in CardBrand.all {
            for prefix in brand.prefixes {
                var scale = 1
                for _ in prefix.digits..<6 { scale *= 10 }
                for head in [
                    prefix.low * scale - 1, prefix.low * scale, prefix.low * scale + 1, (prefix.high + 1) * scale - 2,
                    (prefix.high + 1) * scale - 1, (prefix.high + 1) * scale,
                ] where head >= 100_000 && head <= 999_999 {
                    let digits = String(head) + "1234567890"
                    #expect(CardBrand.detect(Array(digits.unicodeScalars))?.id == Self.reference(digits), "\(digits)")
                }
            }
        }
    }
}
