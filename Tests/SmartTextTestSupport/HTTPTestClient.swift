import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP answer as read off the socket.
public struct HTTPTestResponse: Sendable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object.
    public var json: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw TestFailure("the body is not a JSON object: \(text)")
            }
            return object
        }
    }
}

/// A failure inside a test helper.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A blocking HTTP/1.1 client over one TCP connection, with no hidden
/// behaviour: tests control exactly which bytes are sent and when.
public final class HTTPTestClient {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`.
    public init(port: Int, timeoutSeconds: Int = 10) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            // No close() here: every stored property is set, so a throwing init
            // still runs deinit, which closes the descriptor. Closing it here too
            // closed it twice, and the second close hit whatever the number had
            // been reused for meanwhile: another test's listening socket, which
            // made libmicrohttpd abort ("Close socket failed").
            throw TestFailure("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Sends raw bytes.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw TestFailure("send failed: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// Sends text as UTF-8.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends a complete request and reads the answer.
    public func request(
        _ method: String, _ path: String, body: [UInt8]? = nil, contentType: String? = "application/json",
        headers: [String: String] = [:]
    ) throws -> HTTPTestResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let body {
            if let contentType { head += "Content-Type: \(contentType)\r\n" }
            head += "Content-Length: \(body.count)\r\n"
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + (body ?? []))
        return try readResponse(headRequest: method == "HEAD")
    }

    /// POSTs a JSON text.
    public func post(_ path: String, json: String, headers: [String: String] = [:]) throws -> HTTPTestResponse {
        try request("POST", path, body: Array(json.utf8), headers: headers)
    }

    /// GETs a path.
    public func get(_ path: String, headers: [String: String] = [:]) throws -> HTTPTestResponse {
        try request("GET", path, headers: headers)
    }

    /// Reads one answer (Content-Length or chunked body).
    public func readResponse(headRequest: Bool = false) throws -> HTTPTestResponse {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw TestFailure("bad status line in: \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        var body: [UInt8] = []
        if headRequest || status == 204 || status == 304 {
            body = []
        } else if let length = headers["content-length"].flatMap(Int.init) {
            try fill(length)
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let lineEnd = try readUntil([13, 10])
                let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16) ?? 0
                buffer.removeFirst(lineEnd + 2)
                try fill(size + 2)
                body += buffer[..<size]
                buffer.removeFirst(size + 2)
                if size == 0 { break }
            }
        } else {
            while try receive() > 0 {}
            body = buffer
            buffer = []
        }
        return HTTPTestResponse(status: status, headers: headers, body: body)
    }

    /// True when the server closed or reset the connection; false when data
    /// arrived or the read timed out.
    public func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, 0)
        if count == 0 { return true }
        if count < 0 { return errno == ECONNRESET || errno == EPIPE }
        buffer.append(byte)
        return false
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= marker.count {
                for start in searchFrom...(buffer.count - marker.count)
                where buffer[start..<(start + marker.count)]
                    .elementsEqual(marker)
                {
                    return start
                }
                searchFrom = buffer.count - marker.count + 1
            }
            guard try receive() > 0 else { throw TestFailure("connection closed before a complete answer") }
        }
    }

    private func fill(_ count: Int) throws {
        while buffer.count < count {
            guard try receive() > 0 else { throw TestFailure("connection closed in the middle of a body") }
        }
    }

    @discardableResult
    private func receive() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            throw TestFailure("recv failed: \(String(cString: strerror(errno)))")
        }
        buffer += chunk[..<count]
        return count
    }
}
