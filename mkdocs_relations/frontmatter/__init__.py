"""One file's YAML frontmatter to a declared page, every problem at its line.

The block and its nodes, what the safe loader cannot build, hints for frontmatter that would
not do what its author meant, a page's declared half, its edge entries and the dialect
fields. May import :mod:`mkdocs_relations.model` only.
"""
