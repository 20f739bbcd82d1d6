// script-bench: measures the TerminiScript runtime and prints `<name> <value>` lines.
//   js_start_p50_ms          context + prelude, on the JS thread
//   setdata_roundtrip_p50_us one-path setData, JS call -> delegate (interval between consecutive calls)
//   invoke_roundtrip_p50_us  bridge.invoke no-op, JS -> Swift -> resolved in JS (await loop)
//   invoke_calls_per_s       the same loop, sustained
//   setdata_parse_1k_rows_us the Swift side of a 1,000-row setData: JSONValue.parse(utf8:) of its payload
//   setdata_<op>_hot_p50_us  the keyed bench's update every 10th row / select as one setData, back to back
//   setdata_<op>_after_<N>ms_idle_p50_us  the same, one call after N ms idle: dispatch -> delegate, JS thread wake included
import TerminiClock
import Glibc
import TerminiScript
import TerminiTemplate

/// Records a timestamp per delegate call; answers every bridge call at once.
final class BenchDelegate: ScriptRuntimeDelegate {
    let setDataTimes = Locked<[UInt64]>([])
    let invokeTimes = Locked<[UInt64]>([])
    let runtime = Locked<ScriptRuntime?>(nil)
    let failures = Locked<[String]>([])

    func pageCreated(pageId: Int, name: String, initialData: JSONValue) {}
    func setData(pageId: Int, patches: [DataPatch], sequence: Int, answersInput: Bool) {
        let now = MonotonicClock.now()
        setDataTimes.withLock { $0.append(now) }
    }
    func invoke(_ call: BridgeCall) {
        let now = MonotonicClock.now()
        invokeTimes.withLock { $0.append(now) }
        runtime.withLock { $0 }?.resolveInvoke(callbackId: call.callbackId, result: ["errMsg": "noop:ok"], ok: true)
    }
    func scriptError(_ error: ScriptError) { failures.withLock { $0.append(error.description) } }
    func log(level: ScriptLogLevel, message: String) {}
    func warning(_ message: String) { failures.withLock { $0.append(message) } }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

func intervals(_ times: [UInt64]) -> [Double] {
    zip(times.dropFirst(), times).map { Double($0 - $1) / 1000 }
}

func format(_ value: Double) -> String {
    let scaled = (value * 1000).rounded() / 1000
    return String(scaled)
}

// Start-up: fresh runtimes, each measured on its own JS thread.
var startups: [Double] = []
for _ in 0..<30 {
    let runtime = ScriptRuntime(delegate: BenchDelegate())
    runtime.waitUntilIdle(timeout: .seconds(5))
    if let d = runtime.startupDuration {
        startups.append(Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
    }
    runtime.shutdown()
}
print("js_start_p50_ms", format(percentile(startups, 0.5)))
print("js_start_p90_ms", format(percentile(startups, 0.9)))

let delegate = BenchDelegate()
let runtime = ScriptRuntime(configuration: .init(scriptLimit: .seconds(30)), delegate: delegate)
delegate.runtime.withLock { $0 = runtime }
runtime.load(script: """
    Page('bench', {
      data: { n: 0, title: 'bench', items: [{ id: 1, done: false }] },
      setDataLoop(e) { for (let i = 1; i <= e.detail.count; i++) this.setData({ 'items[0].done': i % 2 === 1 }) },
      fill(e) {
        const rows = []
        for (let i = 0; i < 1000; i++) rows.push({ id: i + 1, label: 'pretty red table ' + i, tag: String(i + 1).padStart(6, ' ') })
        this.setData({ rows })
      },
      updateLoop(e) {
        for (let n = 0; n < e.detail.count; n++) {
          const rows = this.data.rows, patch = {}
          for (let i = 0; i < rows.length; i += 10) patch[`rows[${i}].label`] = n % 2 ? 'pretty red table ' + i : rows[i].label + ' !!!'
          this.setData(patch)
        }
      },
      selectLoop(e) { for (let n = 0; n < e.detail.count; n++) this.setData({ selected: (this.data.selected || 0) + 1 }) },
      async invokeLoop(e) { for (let i = 0; i < e.detail.count; i++) await bridge.invoke('noop', { i }) },
    })
    """, fileName: "bench.js")
runtime.createPage(pageId: 1, name: "bench")
runtime.waitUntilIdle(timeout: .seconds(5))

let setDataCount = 20_000
runtime.dispatchEvent(pageId: 1, handler: "setDataLoop", event: ["type": "tap", "detail": ["count": .number(Double(setDataCount))]], loc: nil)
runtime.waitUntilIdle(timeout: .seconds(60))
let setDataIntervals = intervals(delegate.setDataTimes.withLock { $0 })
print("setdata_calls", setDataIntervals.count + 1)
print("setdata_roundtrip_p50_us", format(percentile(setDataIntervals, 0.5)))
print("setdata_roundtrip_p90_us", format(percentile(setDataIntervals, 0.9)))

// The keyed bench's update and select as setData calls: back to back (everything hot), then one at a time after
// a fresh 1,000 rows and an idle pause, as a key press meets them. The gap between the two is what idle costs.
runtime.dispatchEvent(pageId: 1, handler: "fill", event: [:], loc: nil)
runtime.waitUntilIdle(timeout: .seconds(60))
for (name, handler) in [("update_every_10th", "updateLoop"), ("select", "selectLoop")] {
    delegate.setDataTimes.withLock { $0.removeAll() }
    runtime.dispatchEvent(pageId: 1, handler: handler, event: ["type": "tap", "detail": ["count": 2000]], loc: nil)
    runtime.waitUntilIdle(timeout: .seconds(60))
    print("setdata_\(name)_hot_p50_us", format(percentile(intervals(delegate.setDataTimes.withLock { $0 }), 0.5)))
    for pauseMilliseconds in [1, 20] {
        var times: [Double] = []
        for _ in 0..<45 {
            runtime.dispatchEvent(pageId: 1, handler: "fill", event: [:], loc: nil)
            runtime.waitUntilIdle(timeout: .seconds(60))
            usleep(UInt32(pauseMilliseconds * 1000))
            delegate.setDataTimes.withLock { $0.removeAll() }
            let start = MonotonicClock.now()
            runtime.dispatchEvent(pageId: 1, handler: handler, event: ["type": "tap", "detail": ["count": 1]], loc: nil)
            runtime.waitUntilIdle(timeout: .seconds(60))
            if let end = delegate.setDataTimes.withLock({ $0.first }) { times.append(Double(end - start) / 1000) }
        }
        print("setdata_\(name)_after_\(pauseMilliseconds)ms_idle_p50_us", format(percentile(Array(times.dropFirst(5)), 0.5)))
    }
}

let invokeCount = 50_000
let invokeStart = MonotonicClock.now()
runtime.dispatchEvent(pageId: 1, handler: "invokeLoop", event: ["type": "tap", "detail": ["count": .number(Double(invokeCount))]], loc: nil)
runtime.waitUntilIdle(timeout: .seconds(120))
let invokeEnd = MonotonicClock.now()
let invokeTimes = delegate.invokeTimes.withLock { $0 }
let invokeIntervals = intervals(invokeTimes)
print("invoke_calls", invokeTimes.count)
print("invoke_roundtrip_p50_us", format(percentile(invokeIntervals, 0.5)))
print("invoke_roundtrip_p90_us", format(percentile(invokeIntervals, 0.9)))
print("invoke_roundtrip_p99_us", format(percentile(invokeIntervals, 0.99)))
print("invoke_roundtrip_max_us", format(invokeIntervals.max() ?? .nan))
print("invoke_intervals_over_1ms", invokeIntervals.filter { $0 > 1000 }.count)
print("invoke_time_in_intervals_over_1ms_ms", format(invokeIntervals.filter { $0 > 1000 }.reduce(0, +) / 1000))
print("invoke_roundtrip_mean_us", format(invokeIntervals.reduce(0, +) / Double(max(1, invokeIntervals.count))))
print("invoke_calls_per_s", Int(Double(invokeTimes.count) / (Double(invokeEnd - invokeStart) / 1e9)))
// The payload of the keyed bench's create 1k, parsed as the script engine parses it (median of 200).
do {
    let rows = (1...1000).map { id in
        #"{"id":\#(id),"label":"pretty red table \#(id % 7)","tag":"\#(String(repeating: " ", count: 6 - String(id).count))\#(id)"}"#
    }
    let payload = Array(#"[["rows",["#.utf8) + Array(rows.joined(separator: ",").utf8) + Array("]]]".utf8)
    var parses: [Double] = []
    for _ in 0..<220 {
        let start = MonotonicClock.now()
        let value = payload.withUnsafeBufferPointer { try? JSONValue.parse(utf8: $0) }
        parses.append(Double(MonotonicClock.now() - start) / 1000)
        precondition(value?.arrayValue?.first?.arrayValue?[1].arrayValue?.count == 1000, "the payload did not parse")
    }
    print("setdata_parse_1k_rows_us", format(percentile(Array(parses.dropFirst(20)), 0.5)))
}

let failures = delegate.failures.withLock { $0 }
if !failures.isEmpty { print("failures", failures.count, failures.first ?? "") }
runtime.shutdown()
