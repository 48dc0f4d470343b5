/// A value of the wrong type or shape, named by its path ("range.start must be an integer").
public struct JSONShapeError: Error, Sendable, Equatable {
    /// The whole message, starting with the path.
    public var message: String
    /// The JSON Pointer (RFC 6901) of the offending value ("/range/start").
    public var pointer: String
}

/// Reads the members of one JSON object by key, producing errors that name the
/// key's path and what was expected.
public struct JSONObjectReader: Sendable {
    /// The object being read.
    public let object: JSONObject
    /// Where the object is: the path and pointer of the place it hangs from, and its last step (kept
    /// apart, and joined only when an error names the place: a request's readers cost no strings).
    private let basePath: String
    private let basePointer: String
    private let step: Step?

    /// The last step to the object from its base: a member, or an element of an array member.
    private enum Step: Sendable {
        case member(String)
        case element(Int, of: String)
    }

    public init(_ object: JSONObject, path: String = "", pointer: String = "") {
        self.init(object, basePath: path, basePointer: pointer, step: nil)
    }

    private init(_ object: JSONObject, basePath: String, basePointer: String, step: Step?) {
        self.object = object
        self.basePath = basePath
        self.basePointer = basePointer
        self.step = step
    }

    /// A reader over `value`, which must be an object.
    public init(_ value: JSONValue, path: String = "", pointer: String = "") throws(JSONShapeError) {
        guard case .object(let object) = value else {
            throw JSONShapeError(
                message: path.isEmpty
                    ? "the body must be a JSON object, not \(value.typeDescription)"
                    : "\(path) must be an object, not \(value.typeDescription)",
                pointer: pointer)
        }
        self.init(object, path: path, pointer: pointer)
    }

    /// A reader over element `index` of the array member `key` of `parent`, which must be an object
    /// (`edits[2]`, `/edits/2`).
    public init(_ value: JSONValue, element index: Int, of key: String, in parent: JSONObjectReader)
        throws(JSONShapeError)
    {
        guard case .object(let object) = value else {
            throw JSONShapeError(
                message: "\(parent.path(of: key))[\(index)] must be an object, not \(value.typeDescription)",
                pointer: "\(parent.pointer(of: key))/\(index)")
        }
        self.init(object, basePath: parent.path, basePointer: parent.pointer, step: .element(index, of: key))
    }

    /// The dotted path of the object ("" at the root, "range", "edits[2]").
    public var path: String {
        switch step {
        case nil: basePath
        case .member(let key): Self.path(of: key, in: basePath)
        case .element(let index, let key): "\(Self.path(of: key, in: basePath))[\(index)]"
        }
    }

    /// The JSON Pointer of the object ("" at the root).
    public var pointer: String {
        switch step {
        case nil: basePointer
        case .member(let key): JSONPointer.appending(key, to: basePointer)
        case .element(let index, let key): "\(JSONPointer.appending(key, to: basePointer))/\(index)"
        }
    }

    /// The dotted path of a member, its key echoed as ``Echo`` says.
    public func path(of key: String) -> String { Self.path(of: key, in: path) }

    private static func path(of key: String, in path: String) -> String {
        let shown = Echo.cleaned(key)
        return path.isEmpty ? shown : "\(path).\(shown)"
    }

    /// The JSON Pointer of a member (see ``JSONPointer/appending(_:to:)``).
    public func pointer(of key: String) -> String { JSONPointer.appending(key, to: pointer) }

    /// An error about a member.
    public func error(_ key: String, _ problem: String) -> JSONShapeError {
        JSONShapeError(message: "\(path(of: key)) \(problem)", pointer: pointer(of: key))
    }

    /// Fails on the first key not in `allowed`, naming it and the keys allowed.
    public func rejectUnknownKeys(_ allowed: [String]) throws(JSONShapeError) {
        for member in object.members where !allowed.contains(member.key) {
            let place = path.isEmpty ? "" : " in \(path)"
            throw JSONShapeError(
                message:
                    "unknown key \"\(Echo.cleaned(member.key))\"\(place); expected one of: "
                    + allowed.joined(separator: ", "),
                pointer: pointer(of: member.key))
        }
    }

    /// Fails when `key` is absent.
    public func require(_ key: String) throws(JSONShapeError) -> JSONValue {
        guard let value = object[key] else { throw error(key, "is required") }
        return value
    }

    /// A string member, nil when absent; an error when present with another type.
    public func string(_ key: String) throws(JSONShapeError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else { throw error(key, "must be a string, not \(value.typeDescription)") }
        return text
    }

    /// A string member that must be present.
    public func requiredString(_ key: String) throws(JSONShapeError) -> String {
        guard let text = try string(key) else { throw error(key, "is required (a string)") }
        return text
    }

    /// A boolean member, nil when absent.
    public func bool(_ key: String) throws(JSONShapeError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value else {
            throw error(key, "must be true or false, not \(value.typeDescription)")
        }
        return flag
    }

    /// An integer member within `bounds`, nil when absent.
    public func integer(_ key: String, in bounds: ClosedRange<Int64> = Int64.min...Int64.max) throws(JSONShapeError)
        -> Int64?
    {
        guard let value = object[key] else { return nil }
        let number: Int64
        switch value {
        case .integer(let exact): number = exact
        case .number(let double) where double.rounded() == double && abs(double) < 9.2e18: number = Int64(double)
        case .number: throw error(key, "must be an integer between \(bounds.lowerBound) and \(bounds.upperBound)")
        default: throw error(key, "must be an integer, not \(value.typeDescription)")
        }
        guard bounds.contains(number) else {
            throw error(key, "must be an integer between \(bounds.lowerBound) and \(bounds.upperBound)")
        }
        return number
    }

    /// A number member, nil when absent.
    public func number(_ key: String) throws(JSONShapeError) -> Double? {
        guard let value = object[key] else { return nil }
        switch value {
        case .integer(let exact): return Double(exact)
        case .number(let double): return double
        default: throw error(key, "must be a number, not \(value.typeDescription)")
        }
    }

    /// An object member, nil when absent.
    public func object(_ key: String) throws(JSONShapeError) -> JSONObjectReader? {
        guard let value = object[key] else { return nil }
        guard case .object(let inner) = value else {
            throw error(key, "must be an object, not \(value.typeDescription)")
        }
        // The base is this object's place: free at the root, where requests' objects are.
        return step == nil
            ? JSONObjectReader(inner, basePath: basePath, basePointer: basePointer, step: .member(key))
            : JSONObjectReader(inner, basePath: path, basePointer: pointer, step: .member(key))
    }

    /// An array of strings, nil when absent.
    public func strings(_ key: String) throws(JSONShapeError) -> [String]? {
        guard let value = object[key] else { return nil }
        guard case .array(let elements) = value else {
            throw error(key, "must be an array of strings, not \(value.typeDescription)")
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw JSONShapeError(
                    message: "\(path(of: key))[\(position)] must be a string, not \(element.typeDescription)",
                    pointer: "\(pointer(of: key))/\(position)")
            }
            result.append(text)
        }
        return result
    }
}

/// JSON Pointers (RFC 6901) of the members a client sent.
public enum JSONPointer {
    /// The pointer of the member `key` of the object at `base`: `~` and `/` escaped as `~0`
    /// and `~1`. A key that ``Echo`` would not give back verbatim (too long, or holding
    /// control characters) is not echoed: the pointer is then the object's, `base`.
    public static func appending(_ key: String, to base: String) -> String {
        guard Echo.isVerbatim(key) else { return base }
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return base + "/" + key
        }
        var escaped = ""
        for character in key.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return base + "/" + escaped
    }
}
