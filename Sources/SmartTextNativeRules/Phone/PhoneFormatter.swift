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
/// (`+86 138-0013-8000`, `0086…`) is shown in national form once it is complete
/// (valid, and no digit can follow), so a paste gives the same text as typing the
/// national number, and typing it gives what pasting it gives. Partial
/// numbers are laid out as the number they can become, without reflow (see
/// ``PhoneLayout``). `meta` carries the number's `region`, and its `type` and
/// `e164` once it is valid; `value` is the digits as shown (trunk prefix
/// included), with a leading `+` when a country code is shown.
///
/// A digit is refused only when no number of any type of the region can continue with it: after
/// a complete number (one no longer number starts with), or past the longest number of any type in
/// any written form (national prefix, carrier code, calling code). So typing a valid number key by
/// key gives what pasting it gives. A number that an edit elsewhere makes longer than that
/// (deleting a digit of its country code) keeps every digit and is invalid until it is fixed; a
/// submitted value (`/v1/validate`) keeps every digit too, and those after a complete number are
/// reported as unexpected.
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
        let region = self.region ?? context.conventions.region
        var raw: [Significant] = []
        var unexpected: [Int] = []
        for (index, scalar) in input.enumerated() {
            let scalar = scalar.halfWidth
            if scalar == "+" && raw.isEmpty {
                raw.append(Significant(scalar: "+", inputIndex: index))
            } else if let digit = scalar.asciiDigit {
                raw.append(Significant(scalar: digit, inputIndex: index))
            } else if !Separators.contains(scalar) {
                unexpected.append(index)
            }
        }
        // A typed or pasted digit that does not fit (after a complete number, past the longest number
        // of the region, past 18 digits) is dropped and reported, not the rest of a paste with it, as
        // typing would. A submitted value keeps what `/v1/format` shows, and what typing it would refuse
        // (what follows a complete number) is reported (edit rule 11).
        var (significant, normalized) = Self.prepared(raw, region: region)
        var whole: PhoneAnalysis?
        if significant.count <= Self.maximumSignificant {
            whole = PhoneLayout.analyze(significant.map(\.scalar), region: region)
        }
        if context.hasFresh && !context.submitted && (whole.map { $0.fits < significant.count } ?? true) {
            let fitting = Self.fitting(raw, context: context, region: region)
            for (item, fits) in zip(raw, fitting) where !fits { unexpected += [item.inputIndex].compactMap { $0 } }
            raw = zip(raw, fitting).filter(\.1).map(\.0)
            (significant, normalized) = Self.prepared(raw, region: region)
            whole = nil
        }
        var extra: ArraySlice<Significant> = []
        if significant.count > Self.maximumSignificant {
            // More than any phone number holds: kept out of place.
            extra = significant[Self.maximumSignificant...]
            significant.removeLast(significant.count - Self.maximumSignificant)
            whole = nil
        }
        let analysis = whole ?? PhoneLayout.analyze(significant.map(\.scalar), region: region)
        if analysis.fits < significant.count {
            if context.submitted {
                // What typing the value would refuse is reported (rule 11); the text shows it, as
                // `/v1/format` does.
                let fitting = Self.fitting(raw, context: context, region: region)
                for (item, fits) in zip(raw, fitting) where !fits { unexpected += [item.inputIndex].compactMap { $0 } }
            } else {
                // Digits an edit elsewhere left where no number goes on (after a complete number, past the
                // longest one) stay, out of place, and are reported (rule 10), as on submit.
                unexpected += significant[analysis.fits...].compactMap(\.inputIndex)
            }
        }
        let shown: [Significant]
        if let source = analysis.source {
            // Brought to national form: some characters added, some (a country code) not shown.
            let scalars = analysis.display.filter(PhoneLayout.isSignificant)
            shown = zip(source, scalars).map { index, scalar in
                index.map { significant[$0] } ?? Significant(scalar: scalar, inputIndex: nil)
            }
            var used = [Bool](repeating: false, count: significant.count)
            for index in source { if let index { used[index] = true } }
            normalized += significant.indices.filter { !used[$0] }.compactMap { significant[$0].inputIndex }
        } else {
            shown = significant
        }
        var output = Self.render(analysis.display, shown: shown, input: input)
        for item in extra {
            guard let index = item.inputIndex else { continue }
            output.keep(item.scalar, from: index)
            unexpected.append(index)
        }
        output.complete = analysis.complete && extra.isEmpty
        output.meta = analysis.meta
        output.unexpected = unexpected.sorted()
        output.normalized = normalized.sorted()
        return output
    }

    /// The significant characters laid out: international input's prefix written out becomes the
    /// `+`; the characters that became it are normalized.
    private static func prepared(_ raw: [Significant], region: String?) -> ([Significant], [Int]) {
        var significant = raw
        var normalized: [Int] = []
        if region == nil { internationalPrefix(&significant, normalized: &normalized) }
        return (significant, normalized)
    }

    /// Which characters fit: those already in the text, and each fresh one, in order, that fits where
    /// it is in the text made of those and the fresh ones before it that fit (every one of them laid
    /// out, in a number of the region). So a paste keeps what typing its characters one by one keeps:
    /// `+0` refused and `5` taken make `+5` either way.
    private static func fitting(_ raw: [Significant], context: FormatContext, region: String?) -> [Bool] {
        func fits(_ raw: [Significant]) -> Bool {
            let significant = prepared(raw, region: region).0
            guard significant.count <= maximumSignificant else { return false }
            return PhoneLayout.analyze(significant.map(\.scalar), region: region).fits == significant.count
        }
        func isFresh(_ item: Significant) -> Bool { item.inputIndex.map(context.isFresh) ?? false }
        var fitting = raw.map { !isFresh($0) }
        for index in raw.indices where isFresh(raw[index]) {
            fitting[index] = true
            if !fits(zip(raw, fitting).filter(\.1).map(\.0)) { fitting[index] = false }
        }
        return fitting
    }

    /// International input: an international prefix before the country code is the `+` written out
    /// (no country code starts with 0): `00` becomes the `+` (`0044…` is `+44…`), and `011` (North
    /// America) and `010` (Japan) after the `+` go (`011 44…` is `+44…`), normalized, not lost. Without
    /// either, a `+` is supplied. A prefix is taken only once a digit follows it: `00` alone stays
    /// `+00`, so formatting the text again (or a chain whose earlier formatter drops the `+`) gives it back.
    private static func internationalPrefix(_ significant: inout [Significant], normalized: inout [Int]) {
        if significant.count > 2, significant.prefix(2).map(\.scalar) == ["0", "0"] {
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
            guard length > 0, significant.count > 1 + length else { break }
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
