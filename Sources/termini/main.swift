print("termini: not built yet")
