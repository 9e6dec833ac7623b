"""The files the plugin adds to a built site: where they go and how they are written."""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from dataclasses import dataclass

from . import export
from .export import site_graph, to_json, to_script
from .graph import Graph
from .labels import Labels
from .resolve import SUGGESTIONS
from .suggest import NAME_CUTOFF

ASSETS = os.path.join(os.path.dirname(__file__), "assets")
ASSET_DIR = "assets/mkdocs-relations"
CSS = f"{ASSET_DIR}/relations.css"
#: Styles for relations blocks and the overview: page content, so on every page.
QUERY_CSS = f"{ASSET_DIR}/relations-query.css"
SCRIPTS = (f"{ASSET_DIR}/relations-paths.js", f"{ASSET_DIR}/relations-finder.js")
GRAPH_JSON = f"{ASSET_DIR}/graph.json"
GRAPH_SCRIPT = f"{ASSET_DIR}/graph.js"


@dataclass(frozen=True)
class GraphScript:
    """What the path finder needs to load the site graph. Every finder widget carries it as
    data attributes, so the script holds no copy of a path, a format or a version."""

    #: Site-relative; the widget turns it into a link from its own page.
    path: str
    format: str
    version: int
    #: The global the script assigns.
    variable: str
    #: How near a name must be, and how many to name, for the finder's "did you mean"
    #: (the command line's: suggest.NAME_CUTOFF, Resolver.suggest's limit).
    near_cutoff: float = NAME_CUTOFF
    near_limit: int = SUGGESTIONS


def graph_script() -> GraphScript:
    """The graph script of this version, as :func:`write_graph_files` writes it."""
    return GraphScript(
        GRAPH_SCRIPT,
        export.SITE_GRAPH_FORMAT,
        export.SITE_GRAPH_VERSION,
        export.SITE_GRAPH_VARIABLE,
    )


def asset_source(asset: str) -> str:
    """The packaged file behind a site path such as ``assets/mkdocs-relations/relations.css``."""
    return os.path.join(ASSETS, asset.rsplit("/", 1)[1])


def write_graph_files(
    site_dir: str,
    graph: Graph,
    pages: Mapping[str, tuple[str, str]],
    max_hops: int,
    labels: Labels | None = None,
) -> None:
    """graph.json and graph.js (the same data, loadable from file:// too) into the site."""
    data = site_graph(graph, pages, max_hops, labels)
    # The path finder's copy leaves out edge attributes: it never shows them, and in real
    # wikis they are most of the file (descriptions, evidence).
    finder = {key: value for key, value in data.items() if key != "extra"}
    for name, text in ((GRAPH_JSON, to_json(data) + "\n"), (GRAPH_SCRIPT, to_script(finder))):
        target = os.path.join(site_dir, *name.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as out:
            out.write(text)


def copy_assets(site_dir: str, assets: list[str]) -> None:
    """The packaged CSS and scripts, for a site built without the plugin."""
    for asset in assets:
        target = os.path.join(site_dir, *asset.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(asset_source(asset), target)
