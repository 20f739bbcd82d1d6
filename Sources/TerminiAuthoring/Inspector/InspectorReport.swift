import TerminiFrames
import TerminiRuntime
import TerminiTemplate
import TerminiUI

/// What the inspector reads: the running engine (asked on the UI thread) and the activity it logged.
struct InspectorSource {
    let engine: MiniAppEngine
    let log: InspectorLog
}

/// One part of the inspector: its name (the socket's `{"get": name}` and the pane's tab) and its JSON. The pane
/// and the socket show the same JSON, so what a tool reads is what the author sees.
struct InspectorSection: Sendable {
    let name: String
    let json: @Sendable (InspectorSource) -> JSONValue
    /// The pane's rows for the section's JSON; nil for the tree, whose rows the pane selects widgets in.
    let lines: (@Sendable (JSONValue) -> [String])?

    /// In the pane's tab order (1–5).
    static let all: [InspectorSection] = [
        InspectorSection(name: "tree", json: InspectorReport.tree, lines: nil),
        InspectorSection(name: "data", json: InspectorReport.data, lines: InspectorLines.data),
        InspectorSection(name: "bridge", json: InspectorReport.bridge, lines: InspectorLines.bridge),
        InspectorSection(name: "storage", json: InspectorReport.storage, lines: InspectorLines.storage),
        InspectorSection(name: "frames", json: InspectorReport.frames, lines: InspectorLines.frames),
    ]

    static func named(_ name: String) -> InspectorSection? { all.first { $0.name == name } }
}

/// The JSON form of each section, as docs/CLI.md ("The inspector") describes it.
enum InspectorReport {
    static func tree(_ source: InspectorSource) -> JSONValue {
        guard let page = source.engine.inspectedPage else { return .object(["page": .null, "root": .null]) }
        return .object(["page": .string(page.name), "stack": .array(page.stack.map { .string($0) }),
                        "root": widget(page.tree)])
    }

    static func widget(_ node: InspectedWidget) -> JSONValue {
        var object: [String: JSONValue] = [
            "kind": .string(node.kind), "width": .number(Double(node.width)), "height": .number(Double(node.height)),
            "focused": .bool(node.focused), "children": .array(node.children.map(widget)),
        ]
        object["id"] = node.id.map { .string($0) } ?? .null
        object["key"] = node.key.map { .string($0) } ?? .null
        object["box"] = node.box.map(rect) ?? .null
        if let component = node.component { object["component"] = .string(component) }
        if let loc = node.loc { object["loc"] = .string(loc) }
        if node.disabled { object["disabled"] = true }
        if let text = node.text { object["text"] = .string(text) }
        return .object(object)
    }

    static func rect(_ r: CellRect) -> JSONValue {
        .object(["x": .number(Double(r.x)), "y": .number(Double(r.y)), "width": .number(Double(r.width)),
                 "height": .number(Double(r.height))])
    }

    static func data(_ source: InspectorSource) -> JSONValue {
        let page = source.engine.inspectedPage
        let diffs = source.log.diffs.map { diff -> JSONValue in
            .object(["at": .number(milliseconds(diff.at)), "pageId": .number(Double(diff.pageId)),
                     "page": diff.page.map { .string($0) } ?? .null, "patches": .array(diff.patches.map(patch))])
        }
        // The engine's `$screen` goes on a line of its own: in the value it would push the diffs out of a short pane.
        var value = page?.data ?? .null
        var screen = JSONValue.null
        if case .object(var fields) = value, let size = fields[ScreenData.key] {
            screen = size
            fields[ScreenData.key] = nil
            value = .object(fields)
        }
        return .object(["page": page.map { .string($0.name) } ?? .null, "value": value, "screen": screen,
                        "diffs": .array(diffs), "diffCount": .number(Double(source.log.totals.diffs))])
    }

    static func patch(_ patch: DataPatch) -> JSONValue {
        switch patch.change {
        case .set(let value): return .object(["path": .string(patch.path.description), "value": value])
        case .splice(let index, let removing, let inserting):
            return .object(["path": .string(patch.path.description), "splice": .object([
                "index": .number(Double(index)), "removing": .number(Double(removing)), "inserting": .array(inserting),
            ])])
        }
    }

    static func bridge(_ source: InspectorSource) -> JSONValue {
        let calls = source.log.calls.map { call -> JSONValue in
            .object(["at": .number(milliseconds(call.at)), "command": .string(call.command), "params": call.params,
                     "answer": call.answer ?? .null, "ok": call.ok.map { .bool($0) } ?? .null,
                     "ms": call.milliseconds.map { .number(milliseconds($0)) } ?? .null])
        }
        return .object(["calls": .array(calls), "callCount": .number(Double(source.log.totals.calls))])
    }

    static func storage(_ source: InspectorSource) -> JSONValue {
        do {
            guard let storage = try source.engine.inspectedStorage() else { return .object(["app": .null, "entries": .object([:])]) }
            var entries: [String: JSONValue] = [:]
            for entry in storage.entries { entries[entry.key] = entry.value }
            return .object(["app": .string(storage.app), "entries": .object(entries),
                            "bytes": .number(Double(storage.bytes)), "limitBytes": .number(Double(storage.limitBytes))])
        } catch {
            return .object(["app": .string(source.engine.bundle.storageId), "error": .string(error.reason)])
        }
    }

    static func frames(_ source: InspectorSource) -> JSONValue {
        let frames = source.log.frames
        let budget = source.engine.frameBudgetNanoseconds
        let list = frames.map { frame -> JSONValue in
            let t = frame.timing
            return .object(["at": .number(milliseconds(frame.at)), "buildMs": .number(milliseconds(Double(t.buildNanoseconds) / 1e6)),
                            "rasterMs": .number(milliseconds(Double(t.rasterNanoseconds) / 1e6)),
                            "totalMs": .number(milliseconds(Double(t.totalSpanNanoseconds) / 1e6)),
                            "cells": .number(Double(t.cells)), "bytes": .number(Double(t.bytes)),
                            "janky": .bool(t.isJanky(budgetNanoseconds: budget))])
        }
        return .object(["frames": .array(list), "frameCount": .number(Double(source.log.totals.frames)),
                        "budgetMs": .number(milliseconds(Double(budget) / 1e6))])
    }

    /// Every section in one object, keyed by name.
    static func all(_ source: InspectorSource) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for section in InspectorSection.all { object[section.name] = section.json(source) }
        return .object(object)
    }

    /// Milliseconds to a tenth of a microsecond: enough to tell frames apart, short enough to read.
    static func milliseconds(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
