/// How client input is echoed in answers and messages: one rule for every
/// echo, so that none can forge lines, hide text or grow with the input.
public enum Echo {
    /// The most Unicode scalars echoed; longer input is cut and ends with `…`.
    public static let limit = 64

    /// `text` with control characters, line and paragraph separators and
    /// bidirectional formatting characters replaced by U+FFFD, cut after
    /// ``limit`` scalars.
    public static func cleaned(_ text: some StringProtocol) -> String {
        if isVerbatim(text) { return String(text) }
        var cleaned = String.UnicodeScalarView()
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == limit {
                cleaned.append("…")
                break
            }
            cleaned.append(isReplaced(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(cleaned)
    }

    /// True when ``cleaned(_:)`` gives `text` back unchanged.
    public static func isVerbatim(_ text: some StringProtocol) -> Bool {
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            if count > limit || isReplaced(scalar) { return false }
        }
        return true
    }

    private static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0 and C1 controls, DEL
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional controls
        default: return false
        }
    }
}
