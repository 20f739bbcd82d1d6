import TerminiTemplate

/// One widget kind as the engine sees it: its behaviour type and traits, resolved once per template node so that
/// hot paths read stored flags instead of asking the behaviour.
final class WidgetKind: Sendable {
    /// Position in the registry; the reconciler's identity compares kinds by it.
    let id: Int
    let className: String
    let behavior: any WidgetBehavior.Type
    let traits: WidgetTraits

    init(id: Int, behavior: any WidgetBehavior.Type) {
        self.id = id
        self.behavior = behavior
        className = behavior.className
        traits = behavior.traits
    }

    var isFragment: Bool { traits.contains(.fragment) }
    var isFocusable: Bool { traits.contains(.focusable) }

    func makeState() -> WidgetState? { behavior.makeState() }

    /// Decodes evaluated props into this kind's configuration.
    func decode(_ props: [String: JSONValue]) throws(PropDecodingError) -> any WidgetBehavior {
        var props = props
        behavior.prepare(&props)
        return try behavior.init(props: props)
    }
}

/// Finds widget kinds by the class names templates use. The list comes from the catalogue (`catalogWidgetKinds`,
/// generated), plus the engine's own kinds: `Component` (a component's use, which templates name) and the synthetic
/// ones templates cannot name.
enum WidgetRegistry {
    static let kinds: [WidgetKind] = {
        let all: [any WidgetBehavior.Type] = catalogWidgetKinds + [ComponentUse.self, ItemScope.self, ErrorBox.self]
        return all.enumerated().map { WidgetKind(id: $0.offset, behavior: $0.element) }
    }()

    private static let byClassName: [String: WidgetKind] = {
        var map: [String: WidgetKind] = [:]
        for kind in kinds where !kind.className.hasPrefix("#") { map[kind.className] = kind }
        return map
    }()

    /// The kind a template's `cls` names, or nil for an unknown class.
    static func kind(named className: String) -> WidgetKind? { byClassName[className] }

    /// The kind of a behaviour type.
    static func kind(of behavior: any WidgetBehavior.Type) -> WidgetKind {
        kinds.first { $0.behavior == behavior }!
    }

    static let item = kind(of: ItemScope.self)
    static let error = kind(of: ErrorBox.self)
}

/// Public questions about the widget set, for tools and tests outside the engine.
public enum WidgetCatalogInfo {
    /// Every class name a template node may use, in catalogue order.
    public static var classNames: [String] { catalogWidgetKinds.map { $0.className } }

    /// Decodes `props` for the class `cls` as the engine would, throwing the error a template author would see.
    public static func validate(cls: String, props: [String: JSONValue]) throws(PropDecodingError) {
        guard let kind = WidgetRegistry.kind(named: cls) else {
            throw PropDecodingError(owner: cls, prop: "cls", expected: "a widget class", found: PropReader.describe(.string(cls)))
        }
        _ = try kind.decode(props)
    }
}
