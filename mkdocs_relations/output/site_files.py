"""The files the plugin adds to a built site: where they go and how they are written."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from ..model.graph import Graph
from ..model.suggest import NAME_CUTOFF
from ..resources import ASSETS
from ..wiki.lookup import SUGGESTIONS
from . import export
from .export import json_file, site_graph, to_script
from .finder_files import NAMES_FILE, SHARD_FILE, finder_texts, shard_json_script, shard_script
from .labels import Labels

ASSET_DIR = "assets/mkdocs-relations"
#: The one stylesheet a page links when a panel or the finder shows, written for the site
#: (:func:`site_stylesheet`): the panel's and finder's styles, then the blocks' (a block's
#: answer is page content, so its styles are on every page too). One link a page, not two.
CSS = f"{ASSET_DIR}/relations.css"
#: Styles for relations blocks and the overview, copied alone into a site whose pages show
#: no panel nor finder (only the pages with answers link it).
QUERY_CSS = f"{ASSET_DIR}/relations-query.css"
#: Every script a page loads, one file the build writes (one tag a page, one request a
#: site): the picture's, with each type's words in front (when panels show it), then the path
#: finder's search and widget, started with its form (rendered from
#: ``relations/pathfinder.html``; each page holds a placeholder the widget fills from it)
#: when it shows.
SCRIPT = f"{ASSET_DIR}/relations.js"
#: The packaged scripts it is made of, in the order it holds them.
PICTURE_JS, PATHS_JS, FINDER_JS = (
    "relations-picture.js",
    "relations-paths.js",
    "relations-finder.js",
)
#: What every picture shares, a global its first part assigns; and the finder's script's own
#: name, under which the site's script starts it with the form (said once a site, not on
#: every page's placeholder).
PICTURE_VARIABLE = "__mkdocsRelationsPicture"
FINDER_API = "MkDocsRelationsFinder"
GRAPH_JSON = f"{ASSET_DIR}/graph.json"
GRAPH_SCRIPT = f"{ASSET_DIR}/graph.js"
#: How a file being written is named until it is renamed into place: a run killed in between
#: leaves one of these, never a half-written page (the next ``inject`` removes them).
TEMP_PREFIX = ".mkdocs-relations-"
TEMP_SUFFIX = ".tmp"


class OutsideSite(Exception):
    """A write that would land outside the site folder (through a link); nothing is written."""


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


def site_script(
    picture: tuple[Mapping[str, tuple[str, bool]], list[str]] | None, form: str | None
) -> dict[str, str]:
    """:data:`SCRIPT` by its site path. ``picture``: each type's words and whether it is
    symmetric, and the picture's accessible name around its title, said once a site rather
    than on every page; ``form``: the finder's markup, as a string in a global. A script, not
    a fetched file, so that it also loads from disk (file://). Empty where neither shows."""
    parts = []
    if picture is not None:
        types, label = picture
        shared: dict[str, object] = {
            "types": {name: list(words) for name, words in sorted(types.items())},
            "label": label,
        }
        parts += [
            f"window.{PICTURE_VARIABLE} = {json.dumps(shared, ensure_ascii=True)};\n",
            _packaged(PICTURE_JS),
        ]
    if form is not None:
        parts += [
            _packaged(PATHS_JS),
            _packaged(FINDER_JS),
            "/* mkdocs-relations: the path finder's form, rendered once a build from "
            "relations/pathfinder.html. */\n"
            f"window.{FINDER_API}.start({json.dumps(form, ensure_ascii=True)});\n",
        ]
    return {SCRIPT: "".join(parts)} if parts else {}


def site_stylesheet() -> dict[str, str]:
    """:data:`CSS` by its site path: the packaged panel sheet and the blocks' sheet, joined."""
    name = CSS.rsplit("/", 1)[1]
    return {CSS: _packaged(name) + "\n" + _packaged(QUERY_CSS.rsplit("/", 1)[1])}


def _packaged(name: str) -> str:
    with open(os.path.join(ASSETS, name), encoding="utf-8") as source:
        return source.read()


def asset_source(asset: str) -> str:
    """The packaged file behind a site path such as ``assets/mkdocs-relations/relations.css``."""
    return os.path.join(ASSETS, asset.rsplit("/", 1)[1])


def graph_files(
    graph: Graph,
    pages: Mapping[str, tuple[str, str]],
    max_hops: int,
    labels: Labels | None = None,
) -> dict[str, bytes]:
    """graph.json (the whole graph, for tools) and the finder's files, by site path: graph.js
    (its manifest, a script so that it loads from file:// too) and, past a size, its shards
    and the names' text for a browser that cannot inflate the manifest's."""
    data = site_graph(graph, pages, max_hops, labels)
    manifest, shards, names = finder_texts(data)
    # Each file's data let go once it is text, graph.json's last: a build's peak memory is
    # reached here (issue 45), with every page written and the finder's lists all held.
    finder = {GRAPH_SCRIPT: to_script(manifest).encode("utf-8")}
    del manifest
    folder = GRAPH_SCRIPT.rsplit("/", 1)[0]
    for number in range(len(shards)):
        name = f"{folder}/{SHARD_FILE.format(number)}"
        shard, shards[number] = shards[number], ""
        finder[name] = shard_json_script(number, shard).encode("utf-8")
        del shard
    if names is not None:
        finder[f"{folder}/{NAMES_FILE}"] = shard_script("names", names).encode("utf-8")
        del names
    return {GRAPH_JSON: json_file(data), **finder}


def write_graph_files(
    site_dir: str,
    graph: Graph,
    pages: Mapping[str, tuple[str, str]],
    max_hops: int,
    labels: Labels | None = None,
    make: Callable[..., Mapping[str, bytes]] = graph_files,
) -> None:
    """graph.json and graph.js into the site; :class:`OutsideSite` where a link leads out.
    ``make``: what writes their bytes, :func:`graph_files` or a serve session's copy of it."""
    root = os.path.realpath(site_dir)
    files = make(graph, pages, max_hops, labels)
    targets = {name: site_path(root, name) for name in files}
    for name, data in files.items():
        replace_file(targets[name], data)


def asset_files(assets: list[str]) -> dict[str, bytes]:
    """The packaged CSS and scripts by site path, for a site built without the plugin."""
    files = {}
    for asset in assets:
        with open(asset_source(asset), "rb") as stream:
            files[asset] = stream.read()
    return files


def site_path(root: str, path: str) -> str:
    """Where the site path ``path`` (``/``-separated) is written in the site at ``root`` (a
    real path): its folder through every link, checked to lie inside the site.

    The file itself may be a link (symbolic or hard): :func:`replace_file` replaces it rather
    than writing through it, but a symbolic link that leads out of the site is refused too, so
    a site that points outside is reported, not quietly cut off from what it pointed at.
    """
    parts = [part for part in path.split("/") if part]
    if not parts or any(part in (".", "..") for part in parts):
        raise OutsideSite(f"{path} is not a file inside the site folder; nothing is written")
    folder = os.path.realpath(os.path.join(root, *parts[:-1]))
    if not _within(root, folder):
        # Name the link itself, the first folder on the way that leads out.
        link = next(
            (
                n
                for n in range(1, len(parts))
                if not _within(root, os.path.realpath(os.path.join(root, *parts[:n])))
            ),
            len(parts) - 1,
        )
        real = os.path.realpath(os.path.join(root, *parts[:link]))
        raise OutsideSite(
            f"{'/'.join(parts[:link])} leads outside the site folder (a link to {real}); "
            "nothing is written: replace the link with a real folder, or rebuild the site"
        )
    target = os.path.join(folder, parts[-1])
    if os.path.islink(target):
        real = os.path.realpath(target)
        if not _within(root, real):
            raise OutsideSite(
                f"{path} is a link to {real}, outside the site folder; nothing is written: "
                "delete the link, or rebuild the site"
            )
    elif os.path.isdir(target):
        raise OutsideSite(f"{path} is a folder in the site; nothing is written")
    return target


def _within(root: str, path: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def replace_file(target: str, data: bytes) -> None:
    """``target`` holds ``data``, or (if the process dies first) what it held before.

    The bytes go to a temporary file beside it, which is renamed over it: the rename replaces
    a link (symbolic or hard) instead of writing through it, and a kill leaves the old file
    whole, plus at most one temporary file that :func:`leftovers` finds.
    """
    folder, name = os.path.split(target)
    os.makedirs(folder, exist_ok=True)
    mode = _mode_for(target)
    descriptor, temporary = tempfile.mkstemp(
        prefix=TEMP_PREFIX + name[:64] + ".", suffix=TEMP_SUFFIX, dir=folder
    )
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, mode)  # mkstemp makes it private; the site's files are not
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _mode_for(target: str) -> int:
    """The permissions the file has (a regular file's), else those a new file gets."""
    try:
        info = os.lstat(target)
    except OSError:
        info = None
    if info is not None and stat.S_ISREG(info.st_mode):
        return stat.S_IMODE(info.st_mode)
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def leftovers(root: str) -> Iterator[str]:
    """Site paths of the temporary files a killed run left, in a stable order."""
    for folder, folders, names in os.walk(root):
        folders.sort()
        for name in sorted(names):
            if name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX):
                yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
