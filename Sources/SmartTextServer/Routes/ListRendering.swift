import SmartTextEngine
import SmartTextJSON

/// `GET /v1/fields` and `GET /v1/forms` rendered once per registry: every entry's JSON written ahead,
/// with each of its label's texts, so that an answer is the pieces copied in order with the label the
/// request's language picks. Writing a 100,000-field list took 0.2–0.5 s per request (sorting the names,
/// resolving 100,000 labels, escaping 21 MB); copying its pieces takes milliseconds. Written with its
/// registry (``ServedRegistry``), and replaced with it on a reload.
struct ListRendering: Sendable {
    /// Every piece, one after another.
    private let bytes: [UInt8]
    /// `{"version":"…","forms":[` or `…"fields":[`.
    private let head: Range<Int>
    /// The entries in order (sorted by name).
    private let entries: [Entry]
    /// Each label text's JSON string, for every entry's label in the order of its entries.
    private let labels: [Range<Int>]
    /// The distinct lists of label tags: entries whose labels have the same tags in the same order pick
    /// the same one of them for a request.
    private let tagLists: [[String]]

    private struct Entry: Sendable {
        /// `{"name":"…","label":` (or with a comma first, for every entry but the first).
        var prefix: Range<Int>
        /// Which of ``tagLists`` the label has, and where its texts start in ``labels``.
        var tagList: Int
        var firstLabel: Int
        /// `,"hints":{…}}` or `,"fields":[…]}`.
        var suffix: Range<Int>
    }

    /// One entry of a list: its name, label and what follows the label.
    private struct Source {
        var name: String
        var label: LocalizedText
        var suffix: [UInt8]
    }

    private init(version: String, member: StaticString, sources: [Source]) {
        var bytes: [UInt8] = []
        func append(_ piece: [UInt8]) -> Range<Int> {
            let start = bytes.count
            bytes += piece
            return start..<bytes.count
        }
        func quoted(_ text: String) -> [UInt8] {
            var writer = JSONWriter(capacity: text.utf8.count + 2)
            writer.string(text)
            return writer.bytes
        }
        var headWriter = JSONWriter()
        headWriter.beginObject()
        headWriter.key("version")
        headWriter.string(version)
        headWriter.key(member)
        head = append(headWriter.bytes + [UInt8(ascii: "[")])
        var tagListIndex: [[String]: Int] = [:]
        var tagLists: [[String]] = []
        var labels: [Range<Int>] = []
        var entries: [Entry] = []
        entries.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            let prefix = append(
                (index == 0 ? [] : [UInt8(ascii: ",")]) + Array(#"{"name":"#.utf8) + quoted(source.name)
                    + Array(#","label":"#.utf8))
            let tags = source.label.entries.map(\.tag)
            let tagList: Int
            if let known = tagListIndex[tags] {
                tagList = known
            } else {
                tagList = tagLists.count
                tagListIndex[tags] = tagList
                tagLists.append(tags)
            }
            let firstLabel = labels.count
            for entry in source.label.entries { labels.append(append(quoted(entry.text))) }
            entries.append(
                Entry(prefix: prefix, tagList: tagList, firstLabel: firstLabel, suffix: append(source.suffix)))
        }
        self.bytes = bytes
        self.entries = entries
        self.labels = labels
        self.tagLists = tagLists
    }

    /// The answer for `locale`: each label as `LocalizedText.resolve` picks it.
    func render(_ locale: LocalePreference) -> [UInt8] {
        // The entry each tag list picks for this request: the same for every label with those tags.
        let picked = tagLists.map { tags in
            let label = LocalizedText(tags.map { ($0, $0) })
            let tag = label.entry(for: locale).tag
            return label.entries.firstIndex { $0.tag == tag } ?? 0
        }
        var answer: [UInt8] = []
        answer.reserveCapacity(bytes.count)
        bytes.withUnsafeBufferPointer { pieces in
            answer.append(contentsOf: pieces[head])
            for entry in entries {
                answer.append(contentsOf: pieces[entry.prefix])
                answer.append(contentsOf: pieces[labels[entry.firstLabel + picked[entry.tagList]]])
                answer.append(contentsOf: pieces[entry.suffix])
            }
        }
        answer.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "}")])
        return answer
    }

    /// `GET /v1/fields`: name, label and hints of every field, sorted by name.
    static func fields(_ registry: Registry) -> ListRendering {
        let sources = registry.fieldNames.map { name in
            let field = registry.fields[name]!
            var writer = JSONWriter(capacity: 512)
            writer.beginObject()
            writer.key("hints")
            AnswerWriter.hints(field, into: &writer)
            writer.endObject()
            // `{"hints":{…}}` → `,"hints":{…}}`.
            var suffix = writer.bytes
            suffix[0] = UInt8(ascii: ",")
            return Source(name: name, label: field.label, suffix: suffix)
        }
        return ListRendering(version: registry.version, member: "fields", sources: sources)
    }

    /// `GET /v1/forms`: name, label (the name when it has none) and field names of every form, sorted by name.
    static func forms(_ registry: Registry) -> ListRendering {
        let sources = registry.formNames.map { name in
            let form = registry.forms[name]!
            var writer = JSONWriter(capacity: 256)
            writer.beginObject()
            writer.key("fields")
            writer.beginArray()
            for field in form.fields { writer.string(field.name) }
            writer.endArray()
            writer.endObject()
            var suffix = writer.bytes
            suffix[0] = UInt8(ascii: ",")
            return Source(name: name, label: form.label ?? LocalizedText(name), suffix: suffix)
        }
        return ListRendering(version: registry.version, member: "forms", sources: sources)
    }
}

/// The registry being served, with its list renderings. They are written with the registry, where it is
/// loaded (at start-up, or on the reload's own thread), so that no request waits for them.
final class ServedRegistry: Sendable {
    let registry: Registry
    private let fieldList: ListRendering
    private let formList: ListRendering

    init(_ registry: Registry) {
        self.registry = registry
        fieldList = .fields(registry)
        formList = .forms(registry)
    }

    /// `GET /v1/fields` for `locale`.
    func fields(_ locale: LocalePreference) -> [UInt8] { fieldList.render(locale) }

    /// `GET /v1/forms` for `locale`.
    func forms(_ locale: LocalePreference) -> [UInt8] { formList.render(locale) }
}
