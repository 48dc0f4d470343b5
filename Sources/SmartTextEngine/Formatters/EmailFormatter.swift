import SmartTextJSON
import SmartTextSupport

/// `email`: removes white space and maps the domain (everything after the
/// first `@`, so that typing and pasting agree even while a second `@` is
/// typed by mistake) as Unicode TS 46 maps it: lower case, full-width and other
/// compatibility forms folded (`ｇｍａｉｌ.com` becomes `gmail.com`, `。` a dot),
/// ignorable characters (the soft hyphen) removed as a normalization. A
/// character UTS 46 disallows stays as typed (the `email` validator refuses the
/// address); the local part is kept as typed, non-ASCII included. White space
/// inside the address (`user name@example.com`) is dropped and reported as
/// unexpected.
///
/// Once the domain is a valid IDNA2008 name, `meta.asciiDomain` holds its
/// A-label form (`jane@bücher.example`: `xn--bcher-kva.example`), what a backend
/// stores and sends mail to. Without `idna` (``IDNAProcessing``) the domain is
/// only lower-cased, and only an ASCII domain gets `asciiDomain`.
public struct EmailFormatter: TextFormatter {
    public let name = "email"
    public var laysOutWholeText: Bool { true }
    public var acceptedCharacters: AcceptedCharacters { .anythingButWhitespace }
    /// UTS 46 processing for internationalized domains; nil for ASCII domains only.
    public let idna: (any IDNAProcessing)?

    public init(idna: (any IDNAProcessing)? = nil) {
        self.idna = idna
    }

    public func format(_ input: [Unicode.Scalar], context: FormatContext) -> Formatted {
        let at = input.firstIndex(of: "@")
        var output = Formatted()
        output.reserve(input.count)
        let first = input.firstIndex { !$0.isSpace } ?? input.count
        let last = input.lastIndex { !$0.isSpace } ?? 0
        var domainStart: Int? = nil
        for (index, scalar) in input.enumerated() {
            if scalar.isSpace {
                // Around the address, white space is formatting; inside it, it cannot be part of it.
                if index > first && index < last { output.markUnexpected(index) }
                continue
            }
            guard let at, index > at else {
                output.keep(scalar, from: index)
                if index == at { domainStart = output.scalars.count }
                continue
            }
            if scalar.isASCII || idna == nil {
                CaseFormatter.map(scalar, .lower) { output.keep($0, from: index) }
                continue
            }
            switch idna!.map(scalar) {
            case .valid, .disallowed: output.keep(scalar, from: index)
            case .mapped(let scalars): for mapped in scalars { output.keep(mapped, from: index) }
            case .ignored: output.markNormalized(index)
            }
        }
        if let domainStart {
            let domain = output.scalars[domainStart...]
            if case (let verdict, let ascii?) = EmailDomain.check(domain, idna: idna, ascii: true), verdict.valid {
                output.meta["asciiDomain"] = .string(ascii)
            }
        }
        return output
    }
}
