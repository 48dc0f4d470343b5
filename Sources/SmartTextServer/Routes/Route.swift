/// The service's routes; also the `route` label of the metrics.
enum Route: Int, CaseIterable, Sendable {
    case edit, format, validate, fields, field, forms, form
    case healthz, readyz, metrics, openapi, playground, webClient
    /// No route matched (404).
    case unmatched

    /// The path template, as in openapi.yaml.
    var template: String {
        switch self {
        case .edit: "/v1/edit"
        case .format: "/v1/format"
        case .validate: "/v1/validate"
        case .fields: "/v1/fields"
        case .field: "/v1/fields/{name}"
        case .forms: "/v1/forms"
        case .form: "/v1/forms/{name}"
        case .healthz: "/healthz"
        case .readyz: "/readyz"
        case .metrics: "/metrics"
        case .openapi: "/openapi.yaml"
        case .playground: "/"
        case .webClient: "/smarttext.js"
        case .unmatched: "unmatched"
        }
    }

    /// The methods the route answers (HEAD and OPTIONS come with GET and every route).
    var methods: [String] {
        switch self {
        case .edit, .format, .validate: ["POST", "OPTIONS"]
        case .unmatched: []
        default: ["GET", "HEAD", "OPTIONS"]
        }
    }

    /// The route for a path, and its `{name}` parameter.
    static func match(_ path: String) -> (Route, String?) {
        switch path {
        case "/v1/edit": return (.edit, nil)
        case "/v1/format": return (.format, nil)
        case "/v1/validate": return (.validate, nil)
        case "/v1/fields": return (.fields, nil)
        case "/v1/forms": return (.forms, nil)
        case "/healthz": return (.healthz, nil)
        case "/readyz": return (.readyz, nil)
        case "/metrics": return (.metrics, nil)
        case "/openapi.yaml": return (.openapi, nil)
        case "/": return (.playground, nil)
        case "/smarttext.js": return (.webClient, nil)
        default: break
        }
        for (prefix, route) in [("/v1/fields/", Route.field), ("/v1/forms/", Route.form)] where path.hasPrefix(prefix) {
            let name = String(path.dropFirst(prefix.count))
            if !name.isEmpty && !name.contains("/") { return (route, name) }
        }
        return (.unmatched, nil)
    }
}
