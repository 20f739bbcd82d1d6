import Foundation
import Testing
import TestSupport
import TerminiTemplate
@testable import TerminiBridge

/// `request` against a real HTTP server on 127.0.0.1 started by each test.
@Suite struct RequestCommandTests {
    @Test func getJSONIsParsed() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let outcome = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/json")])
        #expect(outcome.ok, "\(outcome.envelope)")
        #expect(outcome.envelope["errMsg"] == "request:ok")
        #expect(outcome.envelope["statusCode"] == 200)
        #expect(outcome.envelope["data"] == ["hello": "world", "n": 3])
        #expect(outcome.envelope["header"]?["Content-Type"] == "application/json; charset=utf-8")
    }

    @Test func nonJSONBodyIsAString() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let outcome = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/text")])
        #expect(outcome.envelope["data"] == "plain text")
        let missing = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/nothing-here")])
        #expect(missing.ok)  // an HTTP error status is still a completed request, as in WeChat
        #expect(missing.envelope["statusCode"] == 404)
    }

    @Test func postSendsObjectsAsJSONAndStringsAsIs() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let url = JSONValue.string("http://127.0.0.1:\(server.port)/echo")
        let json = await h.call("request", ["url": url, "method": "post", "data": ["a": [1, 2], "b": "c"],
                                            "header": ["X-Custom": "yes"]])
        #expect(json.envelope["statusCode"] == 201)
        #expect(json.envelope["data"] == ["a": [1, 2], "b": "c"])
        #expect(json.envelope["header"]?["Content-Type"] == "application/json")
        #expect(json.envelope["header"]?["X-Method"] == "POST")
        #expect(json.envelope["header"]?["X-Seen-Custom"] == "yes")

        let text = await h.call("request", ["url": url, "method": "PUT", "data": "{not json",
                                            "header": ["content-type": "text/plain"]])
        #expect(text.envelope["data"] == "{not json")
        #expect(text.envelope["header"]?["X-Method"] == "PUT")

        // A header the page sets to "" reaches the server empty; it is not dropped.
        let empty = await h.call("request", ["url": url, "method": "POST", "data": "x", "header": ["X-Custom": ""]])
        #expect(empty.envelope["header"]?["X-Has-Custom"] == "yes")
        #expect(empty.envelope["header"]?["X-Seen-Custom"] == "")
    }

    @Test func getObjectDataBecomesTheQueryString() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let outcome = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/query?z=0"),
                                               "data": ["a": 1, "b": "x y"]])
        #expect(outcome.envelope["data"] == "z=0&a=1&b=x%20y")
    }

    @Test func disallowedHostIsRefusedNamingTheHost() async throws {
        let h = try ServiceHarness(requestDomains: ["127.0.0.1", "https://api.example.com"])
        defer { h.remove() }
        let outcome = await h.call("request", ["url": "http://evil.example.org/steal"])
        #expect(outcome.code == .permissionDenied)
        #expect(outcome.message == "request:fail host 'evil.example.org' is not in the manifest's requestDomains")
        // The origin entry pins the scheme: plain http to the same host is refused too.
        #expect(await h.call("request", ["url": "http://api.example.com/"]).code == .permissionDenied)
    }

    @Test func redirectsAreFollowedOnlyToAllowedHosts() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let allowed = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/redirect?to=127.0.0.1")])
        #expect(allowed.envelope["data"] == ["hello": "world", "n": 3])
        // `localhost` is the same server, but not in requestDomains: a redirect must not smuggle the page past it.
        let refused = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/redirect?to=localhost")])
        #expect(refused.code == .permissionDenied)
        #expect(refused.message == "request:fail redirect to host 'localhost' is not in the manifest's requestDomains")
    }

    /// After a POST, a 303 is followed with a GET and no body, as browsers do; a 307 repeats the POST with its body.
    @Test func aRedirectAfterAPostKeepsOrDropsTheMethodByItsStatus() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let seeOther = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/submit?status=303"),
                                                "method": "POST", "data": "form=1"])
        #expect(seeOther.envelope["statusCode"] == 200)
        #expect(seeOther.envelope["header"]?["X-Method"] == "GET")
        #expect(seeOther.envelope["data"] == "")
        let temporary = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/submit?status=307"),
                                                 "method": "POST", "data": "form=1"])
        #expect(temporary.envelope["header"]?["X-Method"] == "POST")
        #expect(temporary.envelope["data"] == "form=1")
    }

    @Test func missingRequestPermissionIsRefused() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let outcome = await h.call("request", ["url": "http://127.0.0.1:1/"], context: ServiceHarness.context(permissions: []))
        #expect(outcome.code == .permissionDenied)
        #expect(outcome.message == "request:fail permission 'request' is not granted in the manifest")
    }

    @Test func badParametersAreInvalid() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        #expect(await h.call("request", [:]).message == "request:fail missing required parameter 'url'")
        #expect(await h.call("request", ["url": 42]).message == "request:fail parameter 'url' must be a string, got number")
        #expect(await h.call("request", ["url": "ftp://127.0.0.1/x"]).message
            == "request:fail parameter 'url' must be http or https, got 'ftp'")
        #expect(await h.call("request", ["url": "http://127.0.0.1/", "method": "BREW"]).code == .invalidParameter)
        #expect(await h.call("request", ["url": "http://127.0.0.1/", "timeout": "soon"]).message
            == "request:fail parameter 'timeout' must be a number, got string")
        #expect(await h.call("request", ["url": "http://127.0.0.1/", "timeout": -5]).code == .invalidParameter)
        #expect(await h.call("request", ["url": "http://127.0.0.1/", "header": "x"]).message
            == "request:fail parameter 'header' must be an object, got string")
        #expect(await h.call("request", ["url": "http://127.0.0.1/", "header": ["X": "a\r\nInjected: 1"]]).code
            == .invalidParameter)
    }

    @Test func closedPortIsANetworkErrorWithTheReason() async throws {
        let h = try ServiceHarness()
        defer { h.remove() }
        let port = try LoopbackListener.closedPort()
        let outcome = await h.call("request", ["url": .string("http://127.0.0.1:\(port)/")])
        #expect(outcome.code == .network)
        #expect(outcome.message == "request:fail could not connect to 127.0.0.1:\(port): connection refused")
    }

    @Test func slowEndpointTimesOut() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        // /slow answers only when the server stops: a success here would mean the 200 ms timeout never fired.
        let outcome = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/slow"), "timeout": 200])
        #expect(outcome.code == .timeout)
        #expect(outcome.message == "request:fail timeout after 200 ms")
    }

    @Test func defaultTimeoutApplies() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness(limits: RequestLimits(defaultTimeout: 0.3))
        defer { h.remove(); server.stop() }
        let outcome = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/slow")])
        #expect(outcome.message == "request:fail timeout after 300 ms")
        #expect(RequestLimits().defaultTimeout == 10)
    }

    @Test func oversizedResponsesAreRefused() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let announced = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/big")])
        #expect(announced.code == .limitReached)
        #expect(announced.message.hasPrefix("request:fail response is over the 10 MB limit"))
        let streamed = await h.call("request", ["url": .string("http://127.0.0.1:\(server.port)/big-stream")])
        #expect(streamed.code == .limitReached)
        #expect(streamed.message == "request:fail response is over the 10 MB limit (more than 10485760 bytes received)")
    }

    @Test func pageUnloadCancelsTheHTTPRequestAndDropsTheCallback() async throws {
        let server = try LoopbackHTTPServer()
        let h = try ServiceHarness()
        defer { h.remove(); server.stop() }
        let box = OutcomeBox()
        // A timeout far past any wait for a thread of the pool: the cancel, not the timeout, must end it.
        h.router.invoke("request", params: ["url": .string("http://127.0.0.1:\(server.port)/slow"), "timeout": 600_000],
                        context: ServiceHarness.context(page: 9)) { box.add($0) }
        try await waitUntil("the server got the request") { server.slowCounts.started == 1 }
        #expect(h.router.inFlightCount == 1)
        h.router.cancelAll(pageId: 9)
        // The server sees the client hang up (it never answers): the HTTP transfer itself was cancelled.
        try await waitUntil("the server saw the client hang up") { server.slowCounts.abandoned == 1 }
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(box.all.isEmpty)
        #expect(h.router.inFlightCount == 0)
    }

    @Test func domainEntriesMatchHostPortAndScheme() throws {
        let domains = RequestDomains(["API.example.com", "127.0.0.1:8080", "https://secure.example.com", "[::1]"])
        #expect(domains.allows(URL(string: "https://api.example.com/x")!))
        #expect(domains.allows(URL(string: "http://api.EXAMPLE.com.:81/x")!))
        #expect(!domains.allows(URL(string: "http://sub.api.example.com/")!))
        #expect(domains.allows(URL(string: "http://127.0.0.1:8080/")!))
        #expect(!domains.allows(URL(string: "http://127.0.0.1:8081/")!))
        #expect(domains.allows(URL(string: "https://secure.example.com/")!))
        #expect(!domains.allows(URL(string: "http://secure.example.com/")!))
        #expect(domains.allows(URL(string: "http://[::1]:9/")!))
        #expect(!RequestDomains([]).allows(URL(string: "http://127.0.0.1/")!))
    }

    private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        // Generous: in the full parallel run on 2 cores a test can wait a minute for a thread of the cooperative
        // pool. The deadline only stops a broken test from hanging.
        let deadline = Date().addingTimeInterval(120)
        while !condition() {
            guard Date() < deadline else { throw ServerError("not within 120 s: \(what)") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}

/// The URL patterns of `--mock request=` fixtures.
@Suite struct RequestFixturePatternTests {
    @Test func starMatchesAnyRunAndTheRestIsLiteral() {
        #expect(RequestFixtures.matches("https://a.com/items", "https://a.com/items"))
        #expect(!RequestFixtures.matches("https://a.com/items?x=1", "https://a.com/items"))
        #expect(RequestFixtures.matches("https://a.com/items?x=1", "https://a.com/items*"))
        #expect(RequestFixtures.matches("https://a.com/v2/items/7", "https://a.com/*/items/*"))
        #expect(!RequestFixtures.matches("https://b.com/items", "https://a.com/*"))
        #expect(RequestFixtures.matches("https://a.com/x.json", "*.json"))
        #expect(!RequestFixtures.matches("https://a.com/x.jsonp", "*.json"))
        #expect(!RequestFixtures.matches("ab", "a*b*b"))
    }
}
