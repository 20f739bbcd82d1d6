import SwiftSyntax

/// One argument as written in a call: `label: value`, a closure, or a (labeled) trailing closure.
struct CallArgument {
    var label: String?
    var expression: ExprSyntax
    /// Where errors about this argument point.
    var position: AbsolutePosition
    var isTrailingClosure: Bool

    /// Every argument of a call in source order, trailing closures last.
    static func all(of call: FunctionCallExprSyntax) -> [CallArgument] {
        var result = call.arguments.map { a in
            CallArgument(label: a.label?.text, expression: a.expression, position: a.positionAfterSkippingLeadingTrivia,
                         isTrailingClosure: false)
        }
        if let closure = call.trailingClosure {
            result.append(CallArgument(label: nil, expression: ExprSyntax(closure),
                                       position: closure.positionAfterSkippingLeadingTrivia, isTrailingClosure: true))
        }
        for extra in call.additionalTrailingClosures {
            result.append(CallArgument(label: extra.label.text, expression: ExprSyntax(extra.closure),
                                       position: extra.positionAfterSkippingLeadingTrivia, isTrailingClosure: true))
        }
        return result
    }
}

/// Matches call arguments to catalogue parameters with Swift's rules: labels must match and keep declaration order,
/// unlabeled arguments fill unlabeled parameters in order, the first trailing closure fills the next builder.
struct ArgumentMatcher {
    struct Match {
        var parameter: CatalogParameter
        var argument: CallArgument
    }

    struct Problem {
        var position: AbsolutePosition
        var message: String
    }

    /// `owner` names the callee in messages, e.g. `Text` or `.symmetric`.
    static func match(_ arguments: [CallArgument], to parameters: [CatalogParameter], owner: String,
                      callPosition: AbsolutePosition) -> (matches: [Match], problems: [Problem])
    {
        var assigned = [Bool](repeating: false, count: parameters.count)
        var matches: [Match] = []
        var problems: [Problem] = []
        var lastIndex = -1
        let labels = parameters.compactMap { $0.isBuilder ? nil : $0.label }

        for argument in arguments {
            var found: Int?
            if argument.isTrailingClosure && argument.label == nil {
                found = parameters.indices.first { $0 > lastIndex && !assigned[$0] && parameters[$0].isBuilder }
                if found == nil {
                    problems.append(Problem(position: argument.position,
                                            message: "\(owner) does not take a trailing { ... } block"))
                    continue
                }
            } else if let label = argument.label {
                let candidates = parameters.indices.filter { parameters[$0].label == label }
                guard let index = candidates.first else {
                    let pool = argument.isTrailingClosure
                        ? parameters.filter(\.isBuilder).compactMap(\.label) : labels
                    let kind = argument.isTrailingClosure ? "trailing closure" : "argument"
                    problems.append(Problem(position: argument.position, message:
                        "\(owner) has no \(kind) '\(label):'" + NameSuggestion.hint(for: label, among: pool) { "'\($0):'" }))
                    continue
                }
                if assigned[index] {
                    problems.append(Problem(position: argument.position, message: "duplicate argument '\(label):'"))
                    continue
                }
                if index < lastIndex {
                    let previous = parameters[lastIndex].label.map { "'\($0):'" } ?? "the unlabeled argument"
                    problems.append(Problem(position: argument.position,
                                            message: "argument '\(label):' must come before \(previous)"))
                    continue
                }
                found = index
            } else {
                let isClosure = argument.expression.is(ClosureExprSyntax.self)
                found = parameters.indices.first { i in
                    i > lastIndex && !assigned[i] && parameters[i].label == nil
                        && (parameters[i].isBuilder ? isClosure : true)
                }
                if found == nil {
                    let expected = parameters.indices.first { $0 > lastIndex && !assigned[$0] && parameters[$0].label != nil }
                    let hint = expected.flatMap { parameters[$0].label }.map { "; did you mean '\($0):'?" } ?? ""
                    problems.append(Problem(position: argument.position,
                                            message: "extra unlabeled argument to \(owner)" + hint))
                    continue
                }
            }
            guard let index = found else { continue }
            assigned[index] = true
            lastIndex = index
            matches.append(Match(parameter: parameters[index], argument: argument))
        }

        var unlabeledNumber = 0
        for (i, p) in parameters.enumerated() {
            if p.label == nil && !p.isBuilder { unlabeledNumber += 1 }
            guard !assigned[i], p.isRequired else { continue }
            let message: String
            if p.isBuilder {
                message = p.key == "children"
                    ? "\(owner) needs a trailing { ... } block with its content"
                    : "missing trailing closure '\(p.key):' for \(owner)"
            } else if let label = p.label {
                message = "missing argument '\(label):' (\(p.type)) for \(owner)"
            } else {
                message = "missing unlabeled argument #\(unlabeledNumber) '\(p.name)' (\(p.type)) for \(owner)"
            }
            problems.append(Problem(position: callPosition, message: message))
        }
        return (matches, problems)
    }
}
