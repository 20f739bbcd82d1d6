/// A regular expression, written as a string (Swift `Regex` syntax: `^[A-Z]{2}-[0-9]+$`). `tplgen` checks it, so a
/// pattern that does not compile is an error at its file:line:col.
public typealias RegularExpression = String

/// A check on a `TextField`'s value. The field shows the first failing rule's message under itself, in the theme's
/// `error` style, when the user leaves it and when its `Form` is submitted; not on every key.
public enum ValidationRule: Sendable {
    /// Not empty: spaces alone count as empty.
    case required(message: String? = nil)
    /// The whole value matches `regex`. An empty value passes (add `.required` to refuse it).
    case pattern(_ regex: RegularExpression, message: String? = nil)
    /// At least `min` and at most `max` characters. An empty value passes.
    case length(min: Int? = nil, max: Int? = nil, message: String? = nil)
    /// A whole number from `min` to `max`. An empty value passes.
    case integer(min: Int? = nil, max: Int? = nil, message: String? = nil)
    /// A number (decimals allowed) from `min` to `max`. An empty value passes.
    case number(min: Double? = nil, max: Double? = nil, message: String? = nil)
}

/// What a `TextField` holds: it restricts typing and pasting to what can become such a value, and checks it.
public enum TextFieldKind: Sendable {
    /// Any text.
    case text
    /// A whole number: digits, with an optional leading `-`.
    case integer
    /// A number: digits, one `.`, an optional leading `-`.
    case number
    /// An email address, checked as `name@domain.tld` when the user leaves the field.
    case email
}

/// What a `Button` inside a `Form` does to the form besides its own `onTap`.
public enum FormAction: Sendable {
    /// Checks every field and calls the form's `onSubmit`.
    case submit
    /// Puts every field back to its bound value and clears the messages.
    case reset
}
