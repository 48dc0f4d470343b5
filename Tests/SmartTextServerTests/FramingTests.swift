import Foundation
import SmartTextServer
import SmartTextTestSupport
import Testing

/// How requests are framed and addressed, over raw sockets: a request that could be read two ways
/// (RFC 9112 section 6.3) is refused with a 400 and the connection closed, so that nothing hidden in
/// its body is ever answered as a request of its own.
@Suite struct FramingTests {
    static let body = #"{"field":"date","text":"20261129"}"#
    /// A request hidden in the body: answered on its own if the server framed the first one differently.
    static let smuggled = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"

    /// Sends `request` on a fresh connection; expects one 400 problem of `type`, then the connection closed.
    func expectRefused(
        _ request: String, type: String, _ comment: Comment, service: SmartTextService,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let client = try HTTPTestClient(port: service.port, timeoutSeconds: 5)
        try client.send(request)
        let answer = try client.readResponse()
        #expect(answer.status == 400, comment, sourceLocation: sourceLocation)
        #expect(answer.headers["content-type"] == "application/problem+json", comment, sourceLocation: sourceLocation)
        #expect(answer.headers["connection"]?.lowercased() == "close", comment, sourceLocation: sourceLocation)
        #expect(
            (try? answer.json["type"] as? String) == "urn:smarttext:problem:" + type, comment,
            sourceLocation: sourceLocation)
        #expect(client.isClosedByServer(), "\(comment): a second answer followed", sourceLocation: sourceLocation)
    }

    @Test func ambiguousFramingIsRefusedAndTheConnectionClosed() throws {
        let body = Self.body
        let length = body.utf8.count
        let post = "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        let chunked = String(length, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n"
        let cases: [(String, String)] = [
            (
                "two different Content-Lengths",
                post + "Content-Length: \(length)\r\nContent-Length: \(length + Self.smuggled.utf8.count)\r\n\r\n"
                    + body + Self.smuggled
            ),
            (
                "two Content-Lengths, the longer first",
                post + "Content-Length: \(length + Self.smuggled.utf8.count)\r\nContent-Length: \(length)\r\n\r\n"
                    + body + Self.smuggled
            ),
            (
                "Content-Length with Transfer-Encoding",
                post + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked + Self.smuggled
            ),
            (
                "Transfer-Encoding with Content-Length",
                post + "Transfer-Encoding: chunked\r\nContent-Length: \(chunked.utf8.count)\r\n\r\n" + chunked
                    + Self.smuggled
            ),
            ("a space before the colon", post + "Content-Length : \(length)\r\n\r\n" + body + Self.smuggled),
            ("a tab before the colon", post + "Content-Length\t: \(length)\r\n\r\n" + body + Self.smuggled),
            (
                "HTTP/1.0 with chunked",
                "POST /v1/format HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n" + chunked + Self.smuggled
            ),
            (
                "a bare CR in a header value",
                post + "X-Note: a\rTransfer-Encoding: chunked\r\nContent-Length: \(length)\r\n\r\n" + body
                    + Self.smuggled
            ),
        ]
        try withService { service in
            for (name, request) in cases {
                try expectRefused(request, type: "ambiguous-framing", "\(name)", service: service)
            }
            // Transfer-Encoding twice, a coding list, or whitespace after `chunked` (which libmicrohttpd
            // reads as another coding) is not plain chunked either.
            for codings in [
                "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", "Transfer-Encoding: gzip, chunked",
                "Transfer-Encoding: chunked ", "Transfer-Encoding: chunked\t",
            ] {
                try expectRefused(
                    "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\(codings)\r\n\r\n"
                        + chunked + Self.smuggled,
                    type: "unsupported-transfer-coding", "\(codings)", service: service)
            }
            // The same Content-Length twice is one framing, and chunked in any case after any whitespace is
            // chunked: answered, and the connection kept.
            let client = try HTTPTestClient(port: service.port)
            try client.send(post + "Transfer-Encoding: \tCHUNKED\r\n\r\n" + chunked)
            #expect(try client.readResponse().status == 200)
            try client.send(post + "Content-Length: \(length)\r\nContent-Length: \(length)\r\n\r\n" + body)
            #expect(try client.readResponse().status == 200)
            #expect(try client.get("/healthz").status == 200)
        }
    }

    @Test func http11NeedsExactlyOneHost() throws {
        try withService { service in
            try expectRefused("GET /healthz HTTP/1.1\r\n\r\n", type: "invalid-host", "no Host", service: service)
            try expectRefused(
                "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", type: "invalid-host", "two Hosts",
                service: service)
            try expectRefused(
                "GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", type: "invalid-host", "two Hosts in HTTP/1.0",
                service: service)
            // HTTP/1.0 has no Host requirement.
            let client = try HTTPTestClient(port: service.port)
            try client.send("GET /healthz HTTP/1.0\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    /// A NUL never reaches routing (libmicrohttpd's C strings would end at it: `/metrics%00.css` served
    /// the metrics); nor do spaces, control characters or a method that is not a token.
    @Test func aRequestLineWithNULOrStrayCharactersMatchesNoRoute() throws {
        try withService { service in
            for line in [
                "GET /metrics%00.css", "GET /metrics\0.css", "GET /v1/fields/email%00x", "GE\0T /metrics",
                "GET /a b", "GET  /healthz", "GET /healthz\u{1B}[31m", "X\"\u{1B}[31mRED\u{07} /healthz",
            ] {
                try expectRefused(
                    line + " HTTP/1.1\r\nHost: x\r\n\r\n", type: "invalid-request-line", "\(line.debugDescription)",
                    service: service)
            }
            // %00 in the query is not part of the path; an encoded slash or letter is fine.
            let client = try HTTPTestClient(port: service.port)
            #expect(try client.get("/healthz?x=%00").status == 200)
            #expect(try client.get("/v1/fields/%65mail").status == 200)
        }
    }

    /// Answers libmicrohttpd would write itself, before any route (a version it does not speak, headers
    /// over the connection's memory, a chunk line longer than it), are problems like every other answer
    /// (issue 25.10: they were its own HTML without a Content-Type), close the connection, and are counted
    /// in /metrics.
    @Test func answersTheLibraryWritesItselfAreProblemsAndCounted() throws {
        try withService { service in
            let chunkedPost =
                "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            for (request, status, type) in [
                ("GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", 505, "http-version-not-supported"),
                (
                    "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n",
                    431, "header-fields-too-large"
                ),
                (
                    "GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414,
                    "uri-too-long"
                ),
                // A 100 KB chunk extension: libmicrohttpd said 500 and reset the connection (issue 25.7).
                (
                    chunkedPost + "5;" + String(repeating: "e", count: 100_000) + "\r\nhello\r\n0\r\n\r\n", 413,
                    "body-too-large"
                ),
                (chunkedPost + "zz\r\nhello\r\n0\r\n\r\n", 400, "malformed-request"),
            ] {
                let client = try HTTPTestClient(port: service.port, timeoutSeconds: 5)
                try? client.send(request)
                let answer = try? client.readResponse()
                #expect(answer?.status == status, "\(request.prefix(40))")
                #expect(answer?.headers["content-type"] == "application/problem+json", "\(request.prefix(40))")
                #expect(answer?.headers["connection"]?.lowercased() == "close", "\(request.prefix(40))")
                #expect(answer?.headers["x-content-type-options"] == "nosniff", "\(request.prefix(40))")
                #expect(
                    (try? answer?.json["type"] as? String) == "urn:smarttext:problem:" + type, "\(request.prefix(40))")
                #expect((try? answer?.json["status"] as? Int) == status, "\(request.prefix(40))")
                #expect(client.isClosedByServer(), "\(request.prefix(40)): the connection stayed open")
            }
            let metrics = try HTTPTestClient(port: service.port).get("/metrics").text
            for status in [505, 431, 414] {
                #expect(
                    metrics.contains(
                        #"smarttext_http_requests_total{route="unparsed",method="other",status="\#(status)"} 1"#),
                    "\(status) not counted")
            }
        }
    }

    /// Issue 25.5 and 25.6: a folded header (obs-fold) and a line with an empty name, which libmicrohttpd
    /// reads differently from other parsers (the folded `Content-Length` was no length at all, and `: z` ended
    /// the headers), are refused and the connection closed: nothing after them is answered as a request.
    @Test func foldedHeadersAndHeaderSectionsCutShortAreRefused() throws {
        let hidden = Self.smuggled
        try withService { service in
            for (name, request) in [
                (
                    "a folded Content-Length",
                    "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length:\r\n \(hidden.utf8.count)\r\n\r\n"
                        + hidden
                ),
                (
                    "a header folded with a space",
                    "GET /healthz HTTP/1.1\r\nHost: x\r\nAccept-Lang: de\r\n uage\r\n\r\n" + hidden
                ),
                ("a header folded with a tab", "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: b\r\n\tc\r\n\r\n" + hidden),
                ("a line with an empty name", "GET /healthz HTTP/1.1\r\nHost: x\r\n: z\r\n" + hidden),
                (
                    "a line with an empty name after others",
                    "GET /healthz HTTP/1.1\r\nHost: x\r\nX: y\r\n: z\r\nX-B: c\r\n\r\n" + hidden
                ),
                ("an empty name in HTTP/1.0", "GET /healthz HTTP/1.0\r\n: z\r\n\r\n" + hidden),
            ] {
                try expectRefused(request, type: "ambiguous-framing", "\(name)", service: service)
            }
            // A Content-Length that is not a number is one problem, written once (libmicrohttpd wrote its own
            // 400 twice).
            try expectRefused(
                "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n" + hidden,
                type: "ambiguous-framing",
                "Content-Length 12abc", service: service)
        }
    }

    /// Issue 25.9: white space around a Content-Length value is allowed (RFC 9110 section 5.5): the request
    /// is answered once and the connection kept (libmicrohttpd wrote a 400 twice).
    @Test func aContentLengthWithWhiteSpaceAfterItIsALength() throws {
        try withService { service in
            let body = Self.body
            let client = try HTTPTestClient(port: service.port)
            for spaces in [" ", "\t", "  \t"] {
                try client.send(
                    "POST /v1/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\(spaces)\r\n\r\n"
                        + body)
                let answer = try client.readResponse()
                #expect(answer.status == 200, "\(spaces.debugDescription)")
                #expect((try? answer.json["text"] as? String) == "2026-11-29")
            }
            #expect(try client.get("/healthz").status == 200)
        }
    }

    /// Issue 25.8: an absolute-form target (RFC 9112 section 3.2.2, which a server must accept) is the path
    /// after its authority.
    @Test func absoluteFormTargetsAreServed() throws {
        try withService { service in
            let client = try HTTPTestClient(port: service.port)
            for target in [
                "http://127.0.0.1/healthz", "HTTP://smarttext.internal:8080/healthz?x=1", "https://x/healthz",
            ] {
                try client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                let answer = try client.readResponse()
                #expect(answer.status == 200, "\(target)")
                #expect(answer.text.contains("\"ok\""), "\(target)")
            }
            try client.send("GET http://x/v1/fields/email HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }
}
