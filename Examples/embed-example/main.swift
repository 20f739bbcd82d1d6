import TerminiRuntime
print(TerminiEngine.version)
