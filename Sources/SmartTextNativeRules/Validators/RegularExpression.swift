internal import CRE2
public import SmartTextEngine

/// A pattern compiled by RE2: matching takes time linear in the text, whatever
/// the pattern and the text (no look-arounds, no back-references).
///
/// `@unchecked Sendable`: RE2 objects are immutable after compilation and
/// RE2 documents matching as thread-safe; the handle is freed in `deinit`,
/// when nothing can use it any more.
public final class RegularExpression: @unchecked Sendable {
    /// The pattern as written.
    public let pattern: String
    private let handle: OpaquePointer

    /// Compiles a pattern; throws RE2's message when it is not valid.
    public init(_ pattern: String) throws(ConfigError) {
        var error = [CChar](repeating: 0, count: 256)
        let length = pattern.utf8.count
        let compiled = pattern.withCString { cre2_compile($0, length, &error, error.count) }
        guard let compiled else {
            let message = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw ConfigError("RE2 rejects the pattern \(pattern.debugDescription): \(message)")
        }
        self.pattern = pattern
        self.handle = compiled
    }

    deinit { cre2_free(handle) }

    /// True when the whole text matches (like HTML's `pattern` attribute).
    public func matchesWhole(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cre2_full_match(handle, $0.baseAddress, $0.count) == 1 }
        }
    }
}
