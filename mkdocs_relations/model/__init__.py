"""The records and the vocabulary every stage shares.

Diagnostics, the one direction type, the graph's frozen records, relationship types, target
forms, "did you mean", and the path specification. Imports nothing else from this package,
so every other stage may import it.
"""
