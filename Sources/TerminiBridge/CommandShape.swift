/// What a command takes and gives back, as JavaScript sees it. Every registration carries one, so the editor types
/// (`termini.d.ts`) and `termini check` are made from the registry itself and cannot drift from what runs.
///
/// Types are written in TypeScript's notation (`string`, `number`, `'GET' | 'POST'`, `unknown`), the language the
/// declarations are read in.
public struct CommandShape: Sendable, Equatable {
    /// One sentence for the editor's hover.
    public var summary: String
    /// The members of the params object; nil when the command did not describe them (any object is accepted).
    public var parameters: [CommandField]?
    /// The members of the success envelope besides `errMsg`; nil when not described.
    public var result: [CommandField]?

    public init(_ summary: String, parameters: [CommandField]? = [], result: [CommandField]? = []) {
        self.summary = summary
        self.parameters = parameters
        self.result = result
    }

    /// A host command registered without a description: any params, any result.
    public static let undescribed = CommandShape("", parameters: nil, result: nil)
}

/// One member of a command's params or result.
public struct CommandField: Sendable, Equatable {
    public var name: String
    /// A TypeScript type expression.
    public var type: String
    public var isOptional: Bool
    public var summary: String

    public init(_ name: String, _ type: String, optional: Bool = false, _ summary: String = "") {
        self.name = name
        self.type = type
        self.isOptional = optional
        self.summary = summary
    }

    /// A member that may be left out.
    public static func optional(_ name: String, _ type: String, _ summary: String = "") -> CommandField {
        CommandField(name, type, optional: true, summary)
    }
}

/// A registered command as the tools see it: its name, the permission it needs and its shape.
public struct CommandSignature: Sendable, Equatable {
    public var name: String
    public var permission: String?
    public var shape: CommandShape

    public init(name: String, permission: String?, shape: CommandShape) {
        self.name = name
        self.permission = permission
        self.shape = shape
    }
}
