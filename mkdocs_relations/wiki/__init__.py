"""The pipeline: a page set to a resolved, linted graph.

Which files are pages, ``wiki-config.md``, titles, target lookup and resolution, the lint
rules, and :func:`~mkdocs_relations.wiki.pipeline.load_wiki` that runs them in order. May
import :mod:`~mkdocs_relations.model` and :mod:`~mkdocs_relations.frontmatter`.
"""
