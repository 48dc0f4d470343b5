import SmartTextEngine
import SmartTextSupport

/// Request counters and latency histograms, rendered in the Prometheus text format.
final class Metrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let buckets: [Double] = [
        0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1,
    ]

    private struct Histogram {
        var counts = [UInt64](repeating: 0, count: Metrics.buckets.count)
        var sum = 0.0
        var count: UInt64 = 0
    }

    /// The methods counted by name; others share `other`.
    static let methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"]
    /// The statuses counted by value; others share the last slot (`other`).
    static let statuses = [200, 204, 304, 400, 404, 405, 413, 414, 415, 422, 431, 500, 503, 505]

    private struct State {
        /// Requests by [route][method][status], flat; no hashing on the request path (BENCHMARKS.md item 3).
        var requests = [UInt64](
            repeating: 0, count: Route.slots.count * Metrics.methods.count * (Metrics.statuses.count + 1))
        var latency = [Histogram](repeating: Histogram(), count: Route.slots.count)
        var reloads: [String: UInt64] = ["success": 0, "failure": 0]
    }

    private static func slot(route: Int, method: Int, status: Int) -> Int {
        (route * methods.count + method) * (statuses.count + 1) + status
    }

    private let state = Locked(State())

    init() {}

    /// Counts one answered request.
    func record(route: Route, method: String, status: Int, seconds: Double) {
        let bucket = Metrics.buckets.firstIndex { seconds <= $0 }
        let methodIndex = Metrics.methods.firstIndex(of: method) ?? Metrics.methods.count - 1
        let statusIndex = Metrics.statuses.firstIndex(of: status) ?? Metrics.statuses.count
        let slot = Metrics.slot(route: route.index, method: methodIndex, status: statusIndex)
        state.withLock { state in
            state.requests[slot] += 1
            if let bucket { state.latency[route.index].counts[bucket] += 1 }
            state.latency[route.index].sum += seconds
            state.latency[route.index].count += 1
        }
    }

    /// Counts a registry reload.
    func recordReload(success: Bool) {
        state.withLock { $0.reloads[success ? "success" : "failure", default: 0] += 1 }
    }

    /// The Prometheus text exposition (format 0.0.4).
    func render(
        registryVersion: String, fields: Int, forms: Int, listener: ListenerStatistics, residentBytes: Int?
    ) -> String {
        let snapshot = state.withLock { $0 }
        var out = ""
        out += "# HELP smarttext_http_requests_total HTTP requests answered, by route, method and status.\n"
        out += "# TYPE smarttext_http_requests_total counter\n"
        for route in Route.slots {
            for (methodIndex, method) in Metrics.methods.enumerated() {
                for statusIndex in 0...Metrics.statuses.count {
                    let count = snapshot.requests[
                        Metrics.slot(route: route.index, method: methodIndex, status: statusIndex)]
                    guard count > 0 else { continue }
                    let status = statusIndex < Metrics.statuses.count ? String(Metrics.statuses[statusIndex]) : "other"
                    out += "smarttext_http_requests_total{route=\"\(route.template)\",method=\"\(method)\","
                    out += "status=\"\(status)\"} \(count)\n"
                }
            }
        }
        // Answers libmicrohttpd wrote itself (a malformed request line or header, headers over the
        // connection's memory, an HTTP version other than 1.x): the request never reached a route.
        for (status, count) in listener.libraryAnswers where count > 0 {
            out += "smarttext_http_requests_total{route=\"unparsed\",method=\"other\","
            out += "status=\"\(status == 0 ? "other" : String(status))\"} \(count)\n"
        }
        out += "# HELP smarttext_http_request_duration_seconds Time to answer a request, by route.\n"
        out += "# TYPE smarttext_http_request_duration_seconds histogram\n"
        for route in Route.slots {
            let histogram = snapshot.latency[route.index]
            guard histogram.count > 0 else { continue }
            let label = "route=\"\(route.template)\""
            var cumulative: UInt64 = 0
            for (index, bound) in Metrics.buckets.enumerated() {
                cumulative += histogram.counts[index]
                out += "smarttext_http_request_duration_seconds_bucket{\(label),le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "smarttext_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(histogram.count)\n"
            out += "smarttext_http_request_duration_seconds_sum{\(label)} \(histogram.sum)\n"
            out += "smarttext_http_request_duration_seconds_count{\(label)} \(histogram.count)\n"
        }
        out += "# HELP smarttext_http_connections Open client connections.\n"
        out += "# TYPE smarttext_http_connections gauge\n"
        out += "smarttext_http_connections \(listener.connections)\n"
        out += "# HELP smarttext_http_connections_closed_total Connections the server closed, by reason: a request "
        out += "that did not arrive whole within --timeout (late), or room made for a new connection at "
        out += "--max-connections (room).\n"
        out += "# TYPE smarttext_http_connections_closed_total counter\n"
        out += "smarttext_http_connections_closed_total{reason=\"late\"} \(listener.closedLate)\n"
        out += "smarttext_http_connections_closed_total{reason=\"room\"} \(listener.closedForRoom)\n"
        out += "# HELP smarttext_http_connections_refused_total New connections refused at --max-connections.\n"
        out += "# TYPE smarttext_http_connections_refused_total counter\n"
        out += "smarttext_http_connections_refused_total \(listener.refused)\n"
        out += "# HELP smarttext_registry_info The registry being served.\n"
        out += "# TYPE smarttext_registry_info gauge\n"
        out += "smarttext_registry_info{version=\"\(escapeLabel(registryVersion))\"} 1\n"
        out += "# HELP smarttext_registry_fields Fields in the registry.\n"
        out += "# TYPE smarttext_registry_fields gauge\n"
        out += "smarttext_registry_fields \(fields)\n"
        out += "# HELP smarttext_registry_forms Forms in the registry.\n"
        out += "# TYPE smarttext_registry_forms gauge\n"
        out += "smarttext_registry_forms \(forms)\n"
        out += "# HELP smarttext_registry_reloads_total Registry reloads, by result.\n"
        out += "# TYPE smarttext_registry_reloads_total counter\n"
        for result in ["success", "failure"] {
            out += "smarttext_registry_reloads_total{result=\"\(result)\"} \(snapshot.reloads[result] ?? 0)\n"
        }
        if let residentBytes {
            out += "# HELP process_resident_memory_bytes Resident memory size in bytes.\n"
            out += "# TYPE process_resident_memory_bytes gauge\n"
            out += "process_resident_memory_bytes \(residentBytes)\n"
        }
        return out
    }

    private func escapeLabel(_ value: String) -> String {
        value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
    }
}
