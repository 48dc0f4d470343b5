import SmartTextEngine
import SmartTextJSON
import SmartTextTestSupport
import Testing

@Suite struct JSONWriterTests {
    /// JSON string escaping by the definition, one scalar at a time.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func written(_ text: String) -> String {
        var writer = JSONWriter()
        writer.string(text)
        return writer.string
    }

    @Test func everyCharacterThatMustBeEscapedIsEscapedAtEveryPositionOfALongString() {
        // The scan for characters to escape reads eight bytes at a time: try each
        // one at every offset of the words and in the tail.
        let special: [Unicode.Scalar] = ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\t"]
        let harmless: [Unicode.Scalar] = [" ", "!", "#", "[", "]", "~", "\u{7F}", "é", "中", "😀", "\u{80}"]
        for length in 0...19 {
            for position in 0..<max(length, 1) {
                for scalar in special + harmless {
                    var scalars = String.UnicodeScalarView(repeating: "a", count: length)
                    if length > 0 {
                        let index = scalars.index(scalars.startIndex, offsetBy: position)
                        scalars.replaceSubrange(index...index, with: [scalar])
                    }
                    let text = String(scalars)
                    #expect(Self.written(text) == Self.reference(text), "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func randomTextsAreEscapedByTheDefinition() {
        var random = SplitMix64(state: 20_261_129)
        let alphabet: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{20}",
            "\u{21}", "\u{22}", "\u{5B}", "\u{5C}", "\u{5D}", "\u{7F}", "\u{A0}", "ü", "中", "😀",
        ]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &random)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<count { scalars.append(alphabet.randomElement(using: &random)!) }
            let text = String(scalars)
            #expect(Self.written(text) == Self.reference(text), "\(text.debugDescription)")
        }
    }

    @Test func keysFromLiteralsAndFromStrings() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("text")
        writer.string("4242")
        writer.key(string: "with \"quote\"")
        writer.integer(1)
        writer.endObject()
        #expect(writer.string == #"{"text":"4242","with \"quote\"":1}"#)
    }
}
