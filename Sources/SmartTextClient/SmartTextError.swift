import Foundation

/// Why a SmartText request failed. Every method of ``SmartTextClient`` throws only this.
///
/// A text that fails validation is not an error: it is an answer with `valid: false`.
public enum SmartTextError: Error, CustomStringConvertible {
    /// The service answered with an error (`application/problem+json`, RFC 9457). `type` is one of
    /// the `urn:smarttext:problem:…` names of the API (`unknown-field`, `invalid-range`, …).
    case problem(status: Int, type: String, title: String, detail: String)
    /// The request did not get an answer (no connection, a time-out, cancellation).
    case transport(any Error)
    /// The answer could not be read as the expected JSON.
    case decoding(any Error)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .problem(let status, let type, let title, let detail):
            "SmartText \(status) \(type): \(title)\(detail.isEmpty ? "" : " (\(detail))")"
        case .transport(let error): "SmartText service unreachable: \(error)"
        case .decoding(let error): "SmartText answer not understood: \(error)"
        }
    }
}

extension SmartTextError: LocalizedError {
    /// The same line as `description`.
    public var errorDescription: String? { description }
}

/// The members of an `application/problem+json` body that the client reads.
struct ProblemDocument: Decodable {
    var type: String?
    var title: String?
    var status: Int?
    var detail: String?
}
