/// The keys a focused text input keeps for itself, so that a binding on them cannot fire while it has focus and the
/// footer leaves them out: everything printable, and the editing keys of `TextEditingKeymap`, INPUT.md's table.
public enum TextEditingKeys {
    /// Whether a focused text input (`multiline`: a TextArea) takes `key`.
    public static func takes(_ key: Key, multiline: Bool) -> Bool {
        TextEditingKeymap.command(for: key, multiline: multiline) != nil
    }
}
