/// The unit that request and answer offsets count.
public enum OffsetUnit: String, Sendable, CaseIterable {
    /// UTF-16 code units: a browser's `selectionStart`, iOS `NSRange`, Android.
    case utf16
    /// Unicode scalars.
    case scalars
}

/// The engine works on arrays of Unicode scalars; these helpers convert
/// between scalar indices and the offsets clients send. `@inlinable`: called
/// for every character from the engine and the native rules, another module,
/// where a generic or opaque call per character cost more than the work
/// (BENCHMARKS.md item 10).
public enum TextUnits {
    /// The scalars of a string.
    @inlinable public static func scalars(_ text: String) -> [Unicode.Scalar] {
        // One pass into room for the worst case (one scalar per UTF-8 byte);
        // `append(contentsOf:)` walked the string twice, once only to count.
        // `reserveCapacity` and `append`, not `init(unsafeUninitializedCapacity:)`,
        // which allocates unspecialized (see `Array.filled(with:count:)`).
        let capacity = text.utf8.count
        // The empty text has nothing to reserve: the shared empty array.
        guard capacity > 0 else { return [] }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(capacity)
        for scalar in text.unicodeScalars { scalars.append(scalar) }
        return scalars
    }

    /// A string from scalars, encoded to UTF-8 straight into the string's own
    /// storage (appending to a `String.UnicodeScalarView` one scalar at a time
    /// is several times slower, and an intermediate byte array is one more
    /// allocation; BENCHMARKS.md item 9).
    @inlinable public static func string<S: Collection<Unicode.Scalar>>(_ scalars: S) -> String {
        var capacity = 0
        for scalar in scalars { capacity += UTF8.width(scalar) }
        return String(unsafeUninitializedCapacity: capacity) { bytes in
            var count = 0
            for scalar in scalars {
                let value = scalar.value
                if value < 0x80 {
                    bytes[count] = UInt8(value)
                    count += 1
                } else if value < 0x800 {
                    bytes[count] = UInt8(0xC0 | (value >> 6))
                    bytes[count + 1] = UInt8(0x80 | (value & 0x3F))
                    count += 2
                } else if value < 0x10000 {
                    bytes[count] = UInt8(0xE0 | (value >> 12))
                    bytes[count + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    bytes[count + 2] = UInt8(0x80 | (value & 0x3F))
                    count += 3
                } else {
                    bytes[count] = UInt8(0xF0 | (value >> 18))
                    bytes[count + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
                    bytes[count + 2] = UInt8(0x80 | ((value >> 6) & 0x3F))
                    bytes[count + 3] = UInt8(0x80 | (value & 0x3F))
                    count += 4
                }
            }
            return count
        }
    }

    /// The length of `scalars` in `unit`.
    @inlinable public static func length(_ scalars: some Collection<Unicode.Scalar>, in unit: OffsetUnit) -> Int {
        switch unit {
        case .scalars: return scalars.count
        case .utf16:
            var count = 0
            for scalar in scalars { count += scalar.value > 0xFFFF ? 2 : 1 }
            return count
        }
    }

    /// The offset in `unit` of scalar index `index`.
    @inlinable public static func offset(ofScalarIndex index: Int, in scalars: [Unicode.Scalar], unit: OffsetUnit)
        -> Int
    {
        switch unit {
        case .scalars: return index
        case .utf16: return length(scalars[..<index], in: .utf16)
        }
    }

    /// The UTF-16 offset of an offset in `unit` into `text`; an offset past the
    /// end gives the text's UTF-16 length plus what lies past it.
    @inlinable public static func utf16Offset(of offset: Int, in text: String, unit: OffsetUnit) -> Int {
        guard unit == .scalars else { return offset }
        var units = 0
        var remaining = offset
        for scalar in text.unicodeScalars {
            guard remaining > 0 else { return units }
            units += scalar.value > 0xFFFF ? 2 : 1
            remaining -= 1
        }
        return units + remaining
    }

    /// Where an offset lands among the scalars.
    @frozen public enum Position: Equatable {
        case index(Int)
        case outOfBounds
        case insideSurrogatePair
    }

    /// The scalar index of an offset in `unit`.
    @inlinable public static func scalarIndex(ofOffset offset: Int, in scalars: [Unicode.Scalar], unit: OffsetUnit)
        -> Position
    {
        guard offset >= 0 else { return .outOfBounds }
        switch unit {
        case .scalars:
            return offset <= scalars.count ? .index(offset) : .outOfBounds
        case .utf16:
            var units = 0
            var index = 0
            while units < offset {
                guard index < scalars.count else { return .outOfBounds }
                units += scalars[index].value > 0xFFFF ? 2 : 1
                index += 1
            }
            return units == offset ? .index(index) : .insideSurrogatePair
        }
    }

    /// The scalar indices that start a grapheme cluster, plus the end index.
    /// Nil when every scalar boundary is a cluster boundary (the common case).
    @inlinable public static func clusterBoundaries(_ scalars: [Unicode.Scalar]) -> [Bool]? {
        if scalars.allSatisfy({ $0.value < 0x300 }) && !containsCRLF(scalars) { return nil }
        var boundaries = [Bool](repeating: false, count: scalars.count + 1)
        var index = 0
        for character in string(scalars) {
            boundaries[index] = true
            index += character.unicodeScalars.count
        }
        boundaries[scalars.count] = true
        return boundaries
    }

    /// The smallest cluster boundary at or after `index`.
    @inlinable public static func snapToCluster(_ index: Int, boundaries: [Bool]?) -> Int {
        guard let boundaries else { return index }
        var position = index
        while position < boundaries.count - 1 && !boundaries[position] { position += 1 }
        return position
    }

    /// The number of user-perceived characters (grapheme clusters).
    @inlinable public static func clusterCount(_ scalars: some Collection<Unicode.Scalar>) -> Int {
        if scalars.allSatisfy({ $0.value < 0x300 && $0 != "\r" }) { return scalars.count }
        return string(scalars).count
    }

    @usableFromInline static func containsCRLF(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.count > 1 else { return false }
        for index in 1..<scalars.count where scalars[index] == "\n" && scalars[index - 1] == "\r" {
            return true
        }
        return false
    }
}

extension Unicode.Scalar {
    /// The ASCII digit for any Unicode decimal digit (full-width `５`, Arabic-Indic `٥`, ...), else nil.
    @inlinable public var asciiDigit: Unicode.Scalar? {
        if value >= 0x30 && value <= 0x39 { return self }
        if value < 0x80 { return nil }
        guard properties.numericType == .decimal, let number = properties.numericValue,
            number >= 0, number <= 9
        else { return nil }
        return Unicode.Scalar(UInt8(0x30 + Int(number)))
    }

    /// Full-width ASCII forms (U+FF01...U+FF5E, as Chinese and Japanese IMEs type them) mapped to ASCII.
    @inlinable public var halfWidth: Unicode.Scalar {
        if value >= 0xFF01 && value <= 0xFF5E { return Unicode.Scalar(value - 0xFF01 + 0x21)! }
        if value == 0x3000 { return " " }
        return self
    }

    /// An ASCII letter or digit (after `halfWidth`).
    @inlinable public var isASCIIAlphanumeric: Bool {
        (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
    }

    /// A letter in any script.
    @inlinable public var isLetter: Bool {
        if value < 0x80 { return (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) }
        return properties.isAlphabetic && properties.numericType == nil
    }

    /// Unicode white space.
    @inlinable public var isSpace: Bool {
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        return properties.isWhitespace
    }
}

extension Array {
    /// `count` copies of `value`, as `init(repeating:count:)` makes them, allocated through the path the
    /// compiler specializes: `init(repeating:count:)` and `init(unsafeUninitializedCapacity:)` allocate
    /// through the standard library's unspecialized `_allocateBufferUninitialized`, which looks the storage
    /// class's metadata up at run time, about 600 instructions a call (BENCHMARKS.md item 19).
    @inlinable public static func filled(with value: Element, count: Int) -> [Element] {
        var array: [Element] = []
        guard count > 0 else { return array }
        array.reserveCapacity(count)
        array.append(contentsOf: repeatElement(value, count: count))
        return array
    }
}
