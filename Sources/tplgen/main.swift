print("tplgen: not built yet")
