#if canImport(Glibc)
    import Glibc
#endif

/// One line per request on standard output:
/// `2026-11-29T17:13:21.123Z 127.0.0.1 "POST /v1/edit" 200 312 0.084ms`.
/// Every field a client chose is escaped, so no request can forge or break a line.
enum AccessLog {
    static func write(client: String, method: String, path: String, status: Int, bytes: Int, seconds: Double) {
        StandardStream.write(
            line(client: client, method: method, path: path, status: status, bytes: bytes, seconds: seconds),
            to: STDOUT_FILENO)
    }

    /// The line for one request, ending with a newline.
    static func line(client: String, method: String, path: String, status: Int, bytes: Int, seconds: Double)
        -> String
    {
        let milliseconds = (seconds * 1000 * 1000).rounded() / 1000
        return
            "\(timestamp()) \(escape(client)) \"\(escape(method)) \(escape(path))\" \(status) \(bytes) \(milliseconds)ms\n"
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

    /// A field as the log shows it: bytes outside printable ASCII, the quote, the backslash
    /// and the space written as `\xHH` (the convention of nginx's and Apache's logs), so a
    /// field is one word, and a line cannot be forged, split, or colour a terminal.
    static func escape(_ field: String) -> String {
        guard !field.utf8.allSatisfy(isPlain) else { return field }
        let digits = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        escaped.reserveCapacity(field.utf8.count * 2)
        for byte in field.utf8 {
            if isPlain(byte) {
                escaped.append(byte)
            } else {
                escaped += [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Printable ASCII other than the space, the quote and the backslash.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
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
