// TerminiHost: see docs/ARCHITECTURE.md for this module's role. Filled in by its issue.
