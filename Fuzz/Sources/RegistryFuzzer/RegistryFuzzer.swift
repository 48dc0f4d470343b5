// libFuzzer target over the registry loader: the input is the bytes of a
// registry file, loaded after the built-in registry (as `--config` does, so
// `extends` and redefinitions of built-in names are reached) and on its own.
//
// Contract (a violation is a crash, which libFuzzer reports with the input):
//   - loading either succeeds or throws `RegistryError` with at least one
//     problem — never crashes or hangs (`load` is `throws(RegistryError)`, so
//     the error type is checked by the compiler);
//   - a loaded registry is usable: a short text goes through every field's
//     formatters and validators, every form validates a submission, and the
//     discovery answers (`/v1/fields`, `/v1/fields/{name}`, `/v1/forms`,
//     `/v1/forms/{name}`) are 200 with a body that parses as JSON.

import SmartTextEngine
import SmartTextJSON
import SmartTextNativeRules
import SmartTextServer

#if canImport(Glibc)
    import Glibc
#endif

/// `SMARTTEXT_FUZZ_DEBUG=1`: print whether each input loads, and its problems (to see what a seed does).
private let debug = getenv("SMARTTEXT_FUZZ_DEBUG") != nil

/// Text that every kind of formatter has something to do with: digits,
/// separators, letters, an email, a date, a surrogate pair, a combining mark.
private let sampleText = " +86 (138) 0013-8000 ab@Example.COM 2026-11-29 DE89 ß é😀\u{301} "

@_cdecl("LLVMFuzzerTestOneInput")
public func registryFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let source = RegistrySource(name: "fuzz.json", bytes: bytes, isBuiltin: false)
    for sources in [[RegistrySource.builtin, source], [source]] {
        do {
            let registry = try RegistryLoader.load(sources, catalog: .standard)
            if debug { print("loaded \(sources.count) file(s): version \(registry.version), \(registry.fieldNames)") }
            exercise(registry)
        } catch {
            if error.problems.isEmpty { fatalError("RegistryError without any problem") }
            let description = error.description
            if debug { print("rejected \(sources.count) file(s):\n\(description)") }
        }
    }
    return 0
}

/// Uses every field and form of a registry once.
private func exercise(_ registry: Registry) {
    for name in registry.fieldNames {
        let field = registry.fields[name]!
        let outcome = field.format(sampleText, event: .blur)
        let length = outcome.text.utf16.count
        if outcome.caret < 0 || outcome.caret > length {
            fatalError("field \(name): caret \(outcome.caret) outside the formatted text (\(length) UTF-16 units)")
        }
        _ = field.format("", event: .submit)
    }
    for name in registry.formNames {
        let form = registry.forms[name]!
        _ = form.validate(form.fields.map { (name: $0.name, text: sampleText) }, locale: .init(tags: ["zh-Hans"]))
    }

    let responder = LocalResponder(registry: registry)
    var paths = ["/v1/fields", "/v1/forms"]
    paths += registry.fieldNames.map { "/v1/fields/" + $0 }
    paths += registry.formNames.map { "/v1/forms/" + $0 }
    for path in paths {
        // Names with "/" cannot be reached by a path; "%" or "?" need no escaping here (no URL decoding).
        if path.split(separator: "/", omittingEmptySubsequences: false).count > 4 { continue }
        let response = responder.respond(method: "GET", path: path, headers: ["Accept-Language": "zh-Hans"])
        guard response.status == 200 else {
            fatalError("GET \(path) answered \(response.status) for a registry that loaded")
        }
        do {
            _ = try JSONParser.parse(response.body)
        } catch {
            let answer = String(decoding: response.body.prefix(2000), as: UTF8.self)
            fatalError("GET \(path): the answer is not valid JSON: \(error.message) at byte \(error.offset)\n\(answer)")
        }
    }
}
