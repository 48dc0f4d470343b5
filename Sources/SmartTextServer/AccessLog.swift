#if canImport(Glibc)
    import Glibc
#endif

/// One line per request on standard output:
/// `2026-11-29T17:13:21.123Z 127.0.0.1 "POST /v1/edit" 200 312 0.084ms`.
enum AccessLog {
    static func write(client: String, method: String, path: String, status: Int, bytes: Int, seconds: Double) {
        let milliseconds = (seconds * 1000 * 1000).rounded() / 1000
        let line = "\(timestamp()) \(client) \"\(method) \(sanitize(path))\" \(status) \(bytes) \(milliseconds)ms\n"
        StandardStream.write(line, to: STDOUT_FILENO)
    }

    /// The current UTC time in ISO 8601 with milliseconds.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(now.tv_nsec / 1_000_000)
        let millisText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millisText)Z"
    }

    /// Control characters and quotes from a client must not forge log lines.
    private static func sanitize(_ path: String) -> String {
        String(
            String.UnicodeScalarView(
                path.unicodeScalars.map { $0.value < 0x20 || $0 == "\"" || $0.value == 0x7F ? "?" : $0 }))
    }
}

/// Whole-line writes to a file descriptor (the C `stdout`/`stderr` globals are
/// not usable from Swift 6 concurrent code).
enum StandardStream {
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Writes a line to standard error.
    static func error(_ line: String) {
        write(line.hasSuffix("\n") ? line : line + "\n", to: STDERR_FILENO)
    }
}
