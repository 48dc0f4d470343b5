import SmartTextEngine
import SmartTextJSON

/// How shared and browser caches may keep a route's answers.
enum CachePolicy: Sendable {
    /// No `Cache-Control` header.
    case unspecified
    /// `no-store`: answers can hold what users typed (passwords).
    case noStore
    /// `no-cache`: cacheable, revalidated with the registry version as `ETag`.
    case revalidate

    var header: String? {
        switch self {
        case .unspecified: nil
        case .noStore: "no-store"
        case .revalidate: "no-cache"
        }
    }
}

/// What a route's handler is given, made once per request by the handler: the registry it is answered
/// from, the path parameter, the headers routes read, and the JSON body of a route that takes one (its
/// media type checked, parsed). Every read of the registry in a request goes through ``registry``: a
/// reload while the request runs cannot mix two registries in one answer.
struct RouteRequest {
    /// The registry snapshot, with its list renderings, taken when the request was routed.
    var served: ServedRegistry
    /// The `{name}` of the path, for a route with one.
    var parameter: String?
    /// The body, for a route that takes JSON; `null` otherwise, and when it was read directly (`direct`).
    var body: JSONValue
    /// The body read straight into its type, for a route that reads its common shape so.
    var direct: DirectBody?
    var acceptLanguage: String?
    var ifNoneMatch: String?

    var registry: Registry { served.registry }
}

/// One route of the service, everything about it in one place: its path, the
/// methods it answers, how its answers may be cached, and its handler.
struct Route: Sendable {
    typealias Handler = @Sendable (RequestHandler, RouteRequest) throws(HTTPError) -> HTTPResponse

    /// The position in ``all`` (the metrics' slot).
    let index: Int
    /// The path template, as in openapi.yaml; also the metrics' `route` label.
    let template: String
    /// The methods it answers. OPTIONS is answered on every route; HEAD with GET.
    let methods: [String]
    let cache: CachePolicy
    /// The body is JSON: 415 unless the media type says so, 400 unless it parses.
    let takesJSON: Bool
    /// The body's common shape is read straight into its type (``DirectBody``), the rest parsed as JSON.
    let direct: DirectBody.Kind?
    let handle: Handler

    private init(
        _ template: String, _ methods: [String], cache: CachePolicy, takesJSON: Bool = false,
        direct: DirectBody.Kind? = nil, index: Int = -1, _ handle: @escaping Handler
    ) {
        self.index = index
        self.template = template
        self.methods = methods
        self.cache = cache
        self.takesJSON = takesJSON
        self.direct = direct
        self.handle = handle
    }

    private static let post = ["POST", "OPTIONS"]
    private static let get = ["GET", "HEAD", "OPTIONS"]

    /// Every route, the most requested first (matching tries them in order).
    static let all: [Route] = [Route]([
        Route("/v1/edit", post, cache: .noStore, takesJSON: true, direct: .edit) { handler, request throws(HTTPError) in
            try handler.edit(request)
        },
        Route("/v1/format", post, cache: .noStore, takesJSON: true, direct: .format) {
            handler, request throws(HTTPError) in
            try handler.format(request)
        },
        Route("/v1/validate", post, cache: .noStore, takesJSON: true) { handler, request throws(HTTPError) in
            try handler.validate(request)
        },
        Route("/v1/fields", get, cache: .revalidate) { handler, request throws(HTTPError) in
            try handler.fieldList(request)
        },
        Route("/v1/fields/{name}", get, cache: .revalidate) { handler, request throws(HTTPError) in
            try handler.field(request)
        },
        Route("/v1/forms", get, cache: .revalidate) { handler, request throws(HTTPError) in
            try handler.formList(request)
        },
        Route("/v1/forms/{name}", get, cache: .revalidate) { handler, request throws(HTTPError) in
            try handler.form(request)
        },
        Route("/v1/languages", get, cache: .unspecified) { handler, request throws(HTTPError) in
            handler.languages(request)
        },
        Route("/v1/regions", get, cache: .unspecified) { handler, request throws(HTTPError) in
            handler.regions(request)
        },
        Route("/v1/identifiers", get, cache: .unspecified) { handler, request throws(HTTPError) in
            try handler.identifiers(request)
        },
        Route("/v1/identifiers/{country}", get, cache: .unspecified) { handler, request throws(HTTPError) in
            try handler.identifiers(request)
        },
        Route("/healthz", get, cache: .unspecified) { _, _ throws(HTTPError) in .json(AnswerWriter.healthy) },
        Route("/readyz", get, cache: .unspecified) { handler, request throws(HTTPError) in
            handler.readiness(request)
        },
        Route("/metrics", get, cache: .unspecified) { handler, request throws(HTTPError) in
            handler.metricsText(request)
        },
        Route("/openapi.yaml", get, cache: .unspecified) { _, _ throws(HTTPError) in
            .text(EmbeddedResources.openAPIDocument, contentType: "application/yaml; charset=utf-8")
        },
        Route("/", get, cache: .unspecified) { _, _ throws(HTTPError) in
            var page = HTTPResponse.text(EmbeddedResources.playgroundPage, contentType: "text/html; charset=utf-8")
            page.headers.append(
                (
                    "Content-Security-Policy",
                    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; "
                        + "frame-ancestors 'none'"
                ))
            return page
        },
        Route("/smarttext.js", get, cache: .unspecified) { _, _ throws(HTTPError) in
            .text(EmbeddedResources.webClient, contentType: "text/javascript; charset=utf-8")
        },
    ]).enumerated().map { index, route in
        Route(
            route.template, route.methods, cache: route.cache, takesJSON: route.takesJSON, direct: route.direct,
            index: index, route.handle)
    }

    /// No route has the path (404); counted in the metrics as `unmatched`.
    static let unmatched = Route("unmatched", [], cache: .unspecified, index: all.count) { _, _ throws(HTTPError) in
        throw .notFound(path: "")
    }

    /// Every metrics slot: the routes, then `unmatched`.
    static let slots = all + [unmatched]

    var isUnmatched: Bool { index == Route.unmatched.index }

    /// The route for a path, and its `{name}` parameter.
    static func match(_ path: String) -> (Route, String?) {
        for route in all {
            guard let brace = route.template.utf8.firstIndex(of: UInt8(ascii: "{")) else {
                if path == route.template { return (route, nil) }
                continue
            }
            let prefix = route.template.utf8[..<brace]
            guard path.utf8.starts(with: prefix) else { continue }
            let name = path.utf8.dropFirst(prefix.count)
            if !name.isEmpty && !name.contains(UInt8(ascii: "/")) { return (route, String(Substring(name))) }
        }
        return (unmatched, nil)
    }
}
