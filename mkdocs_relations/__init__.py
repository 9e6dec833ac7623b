"""mkdocs-relations: typed relationships between MkDocs pages.

The public API is what this module exports; everything else is private and may change.
"""

from __future__ import annotations

from .model.diagnostics import CODES, DEFAULT_SEVERITY, Diagnostic
from .model.graph import DeclaredEdge, Edge, Graph, Page
from .model.vocabulary import CANONICAL, RelationType, Vocabulary
from .wiki.lookup import Resolution, Resolver
from .wiki.pipeline import Options, Wiki, load_wiki

__version__ = "0.1.0"

__all__ = [
    "CANONICAL",
    "CODES",
    "DEFAULT_SEVERITY",
    "DeclaredEdge",
    "Diagnostic",
    "Edge",
    "Graph",
    "Options",
    "Page",
    "RelationType",
    "Resolution",
    "Resolver",
    "Vocabulary",
    "Wiki",
    "__version__",
    "load_wiki",
]
