public import SmartTextEngine
internal import SmartTextSupport

/// `phone {region}`: as-you-type phone number formatting through
/// libphonenumber, for one region (`CN`, `US`, …). Without a region of its
/// own, the field takes the request's (`region` in the body, else the region of
/// its locale: `en-GB` is `GB`); with neither, it is for international input
/// with `+` and a country code (a `+` is supplied when the first digit is typed
/// without one; an international prefix written out, `00`, `011` or `010`,
/// becomes the `+`).
///
/// Digits of any script are accepted; a leading `+` starts international
/// input. In a regional field, a number typed with that region's country code
/// (`+86 138-0013-8000`, `0086…`) is shown in national form once it is valid,
/// so a paste gives the same text as typing the national number. Partial
/// numbers are laid out as the number they can become, without reflow (see
/// ``PhoneLayout``). `meta` carries the number's `region`, and its `type` and
/// `e164` once it is valid; `value` is the digits as shown (trunk prefix
/// included), with a leading `+` when a country code is shown.
///
/// A digit typed after a complete number, or past the longest fixed-line or
/// mobile number of its country, is refused. A number that an edit elsewhere
/// makes longer than that (deleting a digit of its country code) keeps every
/// digit and is invalid until it is fixed.
public struct PhoneFormatter: TextFormatter {
    public let name = "phone"
    public var laysOutWholeText: Bool { true }
    /// The region (upper case), or nil for international input.
    public let region: String?
    /// `+`, 17 digits (a trunk or international prefix and 15), and separators.
    public var maximumLength: Int? { 26 }
    /// Digits, `+`, and the separators a region's layout may consume.
    public var acceptedCharacters: AcceptedCharacters {
        AcceptedCharacters(digits: true, whitespace: true, characters: ["+", "(", ")", "-", ".", "/"])
    }

    /// Most significant characters considered: E.164 allows 15 digits, plus an
    /// international or trunk prefix.
    static let maximumSignificant = 18

    public init(region: String?) {
        self.region = region
    }

    /// Without a region of its own, the field takes the request's.
    public var readsLocale: Bool { region == nil }

    /// Separators (`(`, `)`, `-`, spaces…) are never significant here: only digits and a leading `+`
    /// are kept (`format` drops every other character or lays it out as a literal).
    public func neverKeeps(_ scalar: Unicode.Scalar) -> Bool { Separators.contains(scalar) }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        // The request's region stands for its whole calling code (see PhoneLibrary).
        let region = self.region ?? context.conventions.region.map { $0 + "*" }
        var significant: [Significant] = []
        var unexpected: [Int] = []
        var normalized: [Int] = []
        for (index, raw) in input.enumerated() {
            let scalar = raw.halfWidth
            if scalar == "+" && significant.isEmpty {
                significant.append(Significant(scalar: "+", inputIndex: index))
            } else if let digit = scalar.asciiDigit {
                significant.append(Significant(scalar: digit, inputIndex: index))
            } else if !Separators.contains(scalar) {
                unexpected.append(index)
            }
        }
        if region == nil {
            Self.internationalPrefix(&significant, normalized: &normalized)
        }
        var overflow = false
        var extra: ArraySlice<Significant> = []
        if significant.count > Self.maximumSignificant {
            // More than any phone number holds.
            extra = significant[Self.maximumSignificant...]
            significant.removeLast(significant.count - Self.maximumSignificant)
            if context.hasFresh {
                overflow = true
                unexpected += extra.compactMap(\.inputIndex)
                extra = []
            }
        }
        var analysis = PhoneLayout.analyze(significant.map(\.scalar), region: region)
        if analysis.fits < significant.count && context.hasFresh {
            // Digits typed after a complete number, or past the longest number of the country: they do not fit.
            unexpected += significant[analysis.fits...].compactMap(\.inputIndex)
            significant.removeLast(significant.count - analysis.fits)
            overflow = true
            analysis = PhoneLayout.analyze(significant.map(\.scalar), region: region)
        }
        normalized += significant[..<analysis.dropped].compactMap(\.inputIndex)
        let shown =
            analysis.synthesized.map { Significant(scalar: $0, inputIndex: nil) } + significant[analysis.dropped...]
        var output = Self.render(analysis.display, shown: shown, input: input)
        for item in extra {
            // Kept past the longest number, out of place.
            guard let index = item.inputIndex else { continue }
            output.keep(item.scalar, from: index)
            unexpected.append(index)
        }
        output.overflow = overflow
        output.complete = analysis.complete && extra.isEmpty
        output.meta = analysis.meta
        output.unexpected = unexpected.sorted()
        output.normalized = normalized.sorted()
        return output
    }

    /// International input: an international prefix before the country code is the `+` written out
    /// (no country code starts with 0): `00` becomes the `+` (`0044…` is `+44…`), and `011` (North
    /// America) and `010` (Japan) after the `+` go (`011 44…` is `+44…`), normalized, not lost. Without
    /// either, a `+` is supplied.
    private static func internationalPrefix(_ significant: inout [Significant], normalized: inout [Int]) {
        if significant.prefix(2).map(\.scalar) == ["0", "0"] {
            significant[0].scalar = "+"
            normalized += [significant[1].inputIndex].compactMap { $0 }
            significant.remove(at: 1)
        } else if let first = significant.first, first.scalar != "+" {
            significant.insert(Significant(scalar: "+", inputIndex: nil), at: 0)
        }
        while significant.count > 1 {
            let next = significant[1...].prefix(3).map(\.scalar)
            let length =
                next.starts(with: ["0", "0"]) ? 2 : next == ["0", "1", "1"] || next == ["0", "1", "0"] ? 3 : 0
            guard length > 0 else { break }
            normalized += significant[1...length].compactMap(\.inputIndex)
            significant.removeSubrange(1...length)
        }
    }

    /// Maps libphonenumber's display onto the shown characters: its digits and
    /// `+` are theirs, in order; everything else is a literal (consumed where
    /// the input has the same character there).
    static func render(_ display: [Unicode.Scalar], shown: [Significant], input: [Unicode.Scalar]) -> Formatted {
        var leading: [Unicode.Scalar] = []
        var separators: [[Unicode.Scalar]] = []
        var pending: [Unicode.Scalar] = []
        var count = 0
        for scalar in display {
            if PhoneLayout.isSignificant(scalar) {
                guard count < shown.count, shown[count].scalar == scalar else {
                    // libphonenumber changed the characters: show them plainly.
                    return GroupLayout(separator: { _ in [] }).render(shown, input: input)
                }
                if count == 0 { leading = pending } else { separators.append(pending) }
                pending = []
                count += 1
            } else {
                pending.append(scalar)
            }
        }
        guard count == shown.count else { return GroupLayout(separator: { _ in [] }).render(shown, input: input) }
        let layout = GroupLayout(leading: leading, separator: { separators[$0 - 1] }, trailing: pending)
        return layout.render(shown, input: input)
    }
}
