import TerminiTemplate

/// One live instance of a component: where its data lives in the page's data (`$c.<id>`: its properties and its
/// script's data, merged), and which handlers of the enclosing page or component its events call.
///
/// Keeping instance data inside the page's data tree lets everything that works for pages work for instances
/// unchanged: bindings read it, the read index dirties exactly the instance's elements when it changes, and a
/// keyed list that moves a row moves the instance with it.
final class ComponentInstance {
    /// Unique within the page, never reused.
    let id: Int
    let name: String
    /// `$c.<id>` in the page's data.
    let path: DataPath
    /// The use site's property values, bound as names in the body.
    var properties: [String: JSONValue]
    /// Whether the component has a script (`Component()`), which hears of this instance.
    var hasScript = false

    init(id: Int, name: String, properties: [String: JSONValue]) {
        self.id = id
        self.name = name
        self.properties = properties
        path = DataPath([.key(ComponentInstance.dataRoot), .key(String(id))])
    }

    /// The page-data key under which instances keep their data; no page data path can be written to it from
    /// JavaScript without its `$`, which `setData` paths allow but apps have no reason to use.
    static let dataRoot = "$c"
}

/// What the UI thread reports about component instances, for the engine to pass to the instances' scripts in order.
public enum ComponentLifecycleEvent: Equatable, Sendable {
    /// A new instance: its component, its property values, the instance whose body it is in (nil: the page's own
    /// template), and the handler its use site names for each event.
    case attached(id: Int, component: String, properties: JSONValue, owner: Int?, events: [String: String], useLoc: String?)
    /// Property values the use site changed.
    case propertiesChanged(id: Int, changes: JSONValue)
    /// The instance left the page (its row was removed, its branch hidden, the page unloaded).
    case detached(id: Int)

    /// The form `ScriptRuntime.componentEvents` takes.
    public var scriptForm: JSONValue {
        switch self {
        case .attached(let id, let component, let properties, let owner, let events, let useLoc):
            .array(["attach", .number(Double(id)), .string(component), properties, owner.map { .number(Double($0)) } ?? .null,
                    .object(events.mapValues { .string($0) }), useLoc.map { .string($0) } ?? .null])
        case .propertiesChanged(let id, let changes): .array(["properties", .number(Double(id)), changes])
        case .detached(let id): .array(["detach", .number(Double(id))])
        }
    }
}
