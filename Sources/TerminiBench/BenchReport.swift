import Foundation

/// Percentiles and the output lines of `termini bench`: a table for people, one JSON object per operation for tools.
public enum BenchReport {
    /// The nearest-rank percentile `q` (0...1) of `values`; 0 for none.
    public static func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    public static func round(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    /// The JSON line for one operation: end-to-end p50/p90/worst as `p50_ms`…, then every stage's p50/p90/worst,
    /// the median bytes, cells and reconciler counts, and the RSS after the last run.
    public static func jsonLine(_ result: KeyedListBench.Result) -> String {
        let s = result.samples
        var fields: [(String, String)] = [("op", "\"\(result.op)\""), ("runs", "\(s.count)")]
        func add(_ key: String, _ value: Double) { fields.append((key, String(round(value)))) }
        let e2e = s.map(\.endToEnd)
        add("p50_ms", percentile(e2e, 0.5))
        add("p90_ms", percentile(e2e, 0.9))
        add("p99_ms", percentile(e2e, 0.99))
        add("worst_ms", e2e.max() ?? 0)
        let stages: [(String, KeyPath<KeyedListBench.Sample, Double>)] = [
            ("script", \.script), ("apply", \.apply), ("build", \.build), ("raster", \.raster),
        ]
        for (name, path) in stages {
            let v = s.map { $0[keyPath: path] }
            add("\(name)_p50_ms", percentile(v, 0.5))
            add("\(name)_p90_ms", percentile(v, 0.9))
            add("\(name)_worst_ms", v.max() ?? 0)
        }
        let counts: [(String, KeyPath<KeyedListBench.Sample, Int>)] = [
            ("bytes", \.bytes), ("cells", \.cells), ("moves", \.moved), ("inserts", \.inserted), ("removals", \.removed),
        ]
        for (name, path) in counts {
            fields.append((name, String(Int(percentile(s.map { Double($0[keyPath: path]) }, 0.5)))))
        }
        fields.append(("bytes_worst", String(s.map(\.bytes).max() ?? 0)))
        add("rss_mb", s.last?.rssMegabytes ?? 0)
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// The human table: one line per operation.
    public static func table(_ results: [KeyedListBench.Result]) -> String {
        func cell(_ text: String, _ width: Int, left: Bool = false) -> String {
            let pad = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + pad : pad + text
        }
        let headers = ["p50 ms", "p90 ms", "worst", "script", "apply", "build", "raster", "bytes", "cells", "moves", "ins",
                       "rem", "rss MB"]
        var out = cell("op", 22, left: true) + headers.map { cell($0, 8) }.joined() + "\n"
        for r in results {
            let s = r.samples
            let e2e = s.map(\.endToEnd)
            func p50(_ path: KeyPath<KeyedListBench.Sample, Double>) -> String {
                String(format: "%.3f", percentile(s.map { $0[keyPath: path] }, 0.5))
            }
            func m(_ path: KeyPath<KeyedListBench.Sample, Int>) -> String {
                String(Int(percentile(s.map { Double($0[keyPath: path]) }, 0.5)))
            }
            let values = [
                String(format: "%.3f", percentile(e2e, 0.5)), String(format: "%.3f", percentile(e2e, 0.9)),
                String(format: "%.3f", e2e.max() ?? 0), p50(\.script), p50(\.apply), p50(\.build), p50(\.raster),
                m(\.bytes), m(\.cells), m(\.moved), m(\.inserted), m(\.removed),
                String(format: "%.1f", s.last?.rssMegabytes ?? 0),
            ]
            out += cell(r.op, 22, left: true) + values.map { cell($0, 8) }.joined() + "\n"
        }
        return out
    }
}
