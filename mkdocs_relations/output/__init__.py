"""What a reader sees: panels, reach, the picture, words, rendering and the site's files.

Also the graph's exports and the data schemas published with them. May import
:mod:`~mkdocs_relations.model`, :mod:`~mkdocs_relations.frontmatter` and
:mod:`~mkdocs_relations.wiki`.
"""
