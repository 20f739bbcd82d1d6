extension Expression {
    /// The absolute data paths this expression reads, resolved through the scope's local aliases.
    /// A computed index (`xs[i]`) is resolved by evaluating it in the scope; if it cannot be resolved, the path is cut
    /// before it. A path is also cut before `length`: inserting an element at `xs[5]` changes `xs.length` but does
    /// not overlap the path `xs.length`, while it does overlap `xs`. (An object's own `length` member is then
    /// over-reported as the whole object, which costs a spurious update, never a missed one.)
    /// Both branches of `?:`, `&&` and `||` count: a change to the condition can switch which one is shown.
    public func readPaths(in scope: ExpressionScope) -> [DataPath] {
        var paths: [DataPath] = []
        collectReadPaths(into: &paths, scope: scope)
        return paths
    }

    /// The data paths read, without a scope (for the compiler's `deps`): local names are NOT resolved, computed
    /// indices cut the path, and so does `.length`.
    public var staticReadPaths: [DataPath] {
        var paths: [DataPath] = []
        collectReadPaths(into: &paths, scope: nil)
        return paths
    }

    func collectReadPaths(into paths: inout [DataPath], scope: ExpressionScope?) {
        switch self {
        case .literal:
            return
        case .path(let root, let steps):
            collectPathReads(root: root, steps: steps, into: &paths, scope: scope)
        case .unary(_, let operand):
            operand.collectReadPaths(into: &paths, scope: scope)
        case .binary(_, let lhs, let rhs):
            lhs.collectReadPaths(into: &paths, scope: scope)
            rhs.collectReadPaths(into: &paths, scope: scope)
        case .call(_, let arguments):
            for argument in arguments { argument.collectReadPaths(into: &paths, scope: scope) }
        case .conditional(let condition, let whenTrue, let whenFalse):
            condition.collectReadPaths(into: &paths, scope: scope)
            whenTrue.collectReadPaths(into: &paths, scope: scope)
            whenFalse.collectReadPaths(into: &paths, scope: scope)
        }
    }

    private func collectPathReads(root: String, steps: [PathStep], into paths: inout [DataPath], scope: ExpressionScope?) {
        // `components == nil` means the root names no data (a bound index number). Once `cut`, the path stops
        // growing; later index expressions are still visited because they read data of their own.
        var components: [DataPath.Component]?
        var cut = false
        var value: JSONValue = .null
        if let scope {
            if let local = scope.local(named: root) {
                components = local.path?.components
                value = local.value
            } else {
                components = scope.dataPath + [.key(root)]
                value = scope.data[root] ?? .null
            }
        } else {
            components = [.key(root)]
        }
        for step in steps {
            switch step {
            case .key(let key):
                guard components != nil, !cut else { continue }
                if key == "length" { cut = true; continue }
                if scope != nil {
                    components?.append(arrayAwareComponent(forKey: key, in: value))
                    value = value.isNull ? .null : ExpressionMember.member(of: value, key: key)
                } else {
                    components?.append(.key(key))
                }
            case .index(let index):
                index.collectReadPaths(into: &paths, scope: scope)
                guard components != nil, !cut else { continue }
                let indexValue: JSONValue?
                if let scope {
                    indexValue = index.evaluate(in: scope)
                } else if case .literal(let literal) = index {
                    indexValue = literal
                } else {
                    indexValue = nil
                }
                switch indexValue {
                case .number(let n)?:
                    guard let i = ExpressionMember.integerIndex(n) else { cut = true; continue }
                    if case .object = value {
                        components?.append(.key(JSONValue.formatNumber(n)))
                    } else {
                        components?.append(.index(i))
                    }
                case .string(let key)?:
                    if key == "length" { cut = true; continue }
                    components?.append(scope == nil ? .key(key) : arrayAwareComponent(forKey: key, in: value))
                default:
                    cut = true
                    continue
                }
                if scope != nil, let indexValue {
                    value = value.isNull ? .null : ExpressionMember.element(of: value, at: indexValue)
                }
            }
        }
        if let components {
            let path = DataPath(components)
            if !paths.contains(path) { paths.append(path) }
        }
    }

    /// `xs["2"]` on an array is element 2, and data paths spell that `[2]`.
    private func arrayAwareComponent(forKey key: String, in value: JSONValue) -> DataPath.Component {
        if case .array = value, let i = Int(key), i >= 0, String(i) == key { return .index(i) }
        return .key(key)
    }
}
