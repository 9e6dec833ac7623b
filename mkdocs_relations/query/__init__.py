"""``relations`` blocks: fences, parsing, the engine, rows, views and the overview page.

Views render through :mod:`~mkdocs_relations.output`, so this stage sits above it: it may
import :mod:`~mkdocs_relations.model`, :mod:`~mkdocs_relations.frontmatter`,
:mod:`~mkdocs_relations.wiki` and :mod:`~mkdocs_relations.output`.
"""
