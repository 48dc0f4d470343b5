import SmartTextSupport

/// `maxLength {max}`: keeps at most `max` user-perceived characters (grapheme
/// clusters). Typed or pasted characters past the limit are reported as
/// overflow, so that an edit is refused or truncated instead of losing text at
/// the end; a text already longer than `max` (that no edit made longer) keeps
/// its characters, those past the limit reported as unexpected. A value submitted at once that is too long
/// is cut at the limit, white space left at the cut's end with it.
public struct MaxLengthFormatter: TextFormatter {
    public let name = "maxLength"
    /// Most characters kept.
    public let max: Int
    public var maximumLength: Int? { max }

    public init(max: Int) {
        self.max = max
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        var keptCount = input.count
        if TextUnits.clusterCount(input) > max {
            keptCount = 0
            var clusters = 0
            for character in TextUnits.string(input) {
                if clusters == max { break }
                clusters += 1
                keptCount += character.unicodeScalars.count
            }
        }
        if context.submitted {
            // A value submitted too long is cut at the limit, and white space the cut leaves at its end goes
            // with what is cut (a `trim` before this formatter would take it on the next formatting).
            while keptCount > 0 && keptCount < input.count && input[keptCount - 1].isSpace { keptCount -= 1 }
        }
        let past = keptCount..<input.count
        if !context.hasFresh { keptCount = input.count }
        var output = Formatted()
        output.reserve(keptCount)
        for index in 0..<keptCount { output.keep(input[index], from: index) }
        output.overflow = keptCount < input.count
        output.unexpected = past.filter { !input[$0].isSpace }
        return output
    }
}
