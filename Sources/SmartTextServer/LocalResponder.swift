import SmartTextEngine

/// Answers HTTP requests without a network: the same routing, decoding, engine
/// and answers as the server, for tests, fuzzing and embedding.
public struct LocalResponder: Sendable {
    /// An answer.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        /// The value of a header (case-insensitive name).
        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    private let handler: RequestHandler

    /// A responder serving `registry` with the limits of `configuration`.
    public init(configuration: ServerConfiguration = ServerConfiguration(), registry: Registry) {
        var configuration = configuration
        configuration.accessLog = false
        handler = RequestHandler(configuration: configuration, store: RegistryStore(registry), metrics: Metrics())
    }

    /// Answers one request. Framing is the listener's job (the C shim checks it): the body
    /// arrives whole, and `bodyTooLarge` says it passed `--max-body`.
    public func respond(
        method: String, path: String, headers: [String: String] = [:], body: [UInt8] = [], bodyTooLarge: Bool = false
    ) -> Response {
        let request = InMemoryRequest(
            method: method, path: path, headers: Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { $1 },
            body: body, transportProblem: bodyTooLarge ? .bodyTooLarge : nil)
        let response = handler.handle(request)
        return Response(status: response.status, headers: response.headers, body: response.body)
    }
}

/// A request held in memory.
struct InMemoryRequest: HTTPRequestSource {
    var method: String
    var path: String
    /// Lower-cased names.
    var headers: [String: String]
    var body: [UInt8]
    var transportProblem: TransportProblem?
    var client: String { "local" }

    /// Compares ASCII case-insensitively in place (no lower-cased copy of
    /// `name` per lookup, which the instruction counts would include).
    func header(_ name: StaticString) -> String? {
        let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for (key, value) in headers where key.utf8.count == wanted.count {
            if zip(key.utf8, wanted).allSatisfy({ $0 == ($1 >= 0x41 && $1 <= 0x5A ? $1 | 0x20 : $1) }) {
                return value
            }
        }
        return nil
    }

    func withBody<T>(_ body: (UnsafeRawBufferPointer) throws(HTTPError) -> T) throws(HTTPError) -> T {
        let result: Result<T, HTTPError> = self.body.withUnsafeBytes { bytes in
            do throws(HTTPError) {
                return .success(try body(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
