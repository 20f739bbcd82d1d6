// What a host program needs besides this module, so that depending on the `TerminiRuntime` product and writing
// `import TerminiRuntime` is enough: commands and their replies (TerminiBridge), JSON values (TerminiTemplate), and
// the terminal backends (TerminiTerminal).
@_exported import TerminiBridge
@_exported import TerminiTemplate
@_exported import TerminiTerminal
