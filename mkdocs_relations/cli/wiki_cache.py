"""The wiki a command read last, kept in the user's cache folder so that ``path``, ``reach``
and ``query`` answer without reading every page again when nothing changed (issue 45).

``lint`` and those commands leave the wiki they read in
``$XDG_CACHE_HOME/mkdocs-relations/<digest of the project's absolute path>/wiki.cache``
(``~/.cache`` without XDG_CACHE_HOME); never inside the project, where a pull request could
commit a file that unpickles into anything. The file is used only when its key matches what
the wiki would be read from now:

* this package (version, and each module's size and modification time) and Python's version;
* the folder the command runs in and the arguments that say where the wiki is;
* the configuration file's content (and its ``INHERIT`` parents', and the environment
  variables its ``!ENV`` tags name), for ``-f``/mkdocs.yml;
* every file under the docs folder: its path, size and modification time (nanoseconds).

The key is checked before anything is unpickled; a file that is not the current user's, is
writable by others, is unreadable or stale is ignored (and written again after the read).
Writes go to a temporary file renamed into place. ``MKDOCS_RELATIONS_CACHE=off`` (or
``--no-cache``) neither reads nor writes it.

The pages and their edges, the slow part to unpickle (half a million records at 100,000
pages), are a second part of the file, unpickled only when a command reads them: ``path``
and ``reach`` walk the path index kept beside the rest.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import re
import stat
import sys
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, BinaryIO

from .. import __version__
from ..model.graph import Graph

#: Set to ``off`` (or ``0``, ``no``, ``false``) to neither read nor write the cache.
CACHE_ENV = "MKDOCS_RELATIONS_CACHE"
_MAGIC = b"mkdocs-relations wiki cache 1\n"
_PACKAGE = Path(__file__).resolve().parent.parent
_ENV_TAG = re.compile(r"!ENV\s*\[?\s*['\"]?([A-Za-z_][A-Za-z0-9_]*)")
_INHERIT = re.compile(r"^INHERIT:\s*['\"]?([^'\"#\n]+?)['\"]?\s*(?:#.*)?$", re.MULTILINE)


def enabled(args: argparse.Namespace) -> bool:
    if getattr(args, "no_cache", False):
        return False
    return os.environ.get(CACHE_ENV, "").strip().lower() not in ("off", "0", "no", "false")


def cache_folder() -> Path:
    """The user's cache folder for this tool: XDG_CACHE_HOME's, else ~/.cache's."""
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "mkdocs-relations"


def project_of(args: argparse.Namespace, config_file: str | None) -> str:
    """The project's absolute path: the docs folder, or the configuration file."""
    return os.path.abspath(args.docs_dir or config_file or ".")


def cache_file(project: str) -> Path:
    digest = hashlib.sha256(project.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return cache_folder() / digest / "wiki.cache"


def _files(root: str) -> Iterator[tuple[str, int, int]]:
    """(path, size, mtime_ns) of every file under ``root``, following folder links once."""
    seen: set[tuple[int, int]] = set()
    stack = [root]
    while stack:
        folder = stack.pop()
        try:
            status = os.stat(folder)
            if (status.st_dev, status.st_ino) in seen:
                continue
            seen.add((status.st_dev, status.st_ino))
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            yield folder, -1, -1
            continue
        for entry in entries:
            try:
                status = entry.stat()
            except OSError:
                yield entry.path, -1, -1
                continue
            if stat.S_ISDIR(status.st_mode):
                stack.append(entry.path)
            else:
                yield entry.path, status.st_size, status.st_mtime_ns


def _config_files(config_file: str) -> Iterator[str]:
    """The configuration file and the files it ``INHERIT``s, nearest first."""
    seen: set[str] = set()
    path: str | None = os.path.abspath(config_file)
    while path is not None and path not in seen and len(seen) < 16:
        seen.add(path)
        yield path
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return
        found = _INHERIT.search(text)
        path = os.path.join(os.path.dirname(path), found.group(1).strip()) if found else None


def key(args: argparse.Namespace, config_file: str | None, roots: list[str]) -> str:
    """What the wiki was read from, as one digest."""
    digest = hashlib.blake2b(digest_size=32)

    def add(*parts: object) -> None:
        digest.update(repr(parts).encode("utf-8", "surrogateescape") + b"\n")

    add(__version__, sys.version, os.getcwd(), args.docs_dir, config_file, args.field)
    for module in sorted(_PACKAGE.rglob("*.py")):
        status = module.stat()
        add(str(module), status.st_size, status.st_mtime_ns)
    if config_file is not None:
        for path in _config_files(config_file):
            try:
                content = Path(path).read_bytes()
            except OSError:
                content = b""
            add(path, hashlib.sha256(content).hexdigest())
            for name in sorted(set(_ENV_TAG.findall(content.decode("utf-8", "replace")))):
                add("env", name, os.environ.get(name))
    for root in roots:
        add("root", root)
        listing = "\n".join(f"{path}\0{size}\0{mtime}" for path, size, mtime in _files(root))
        digest.update(listing.encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


class _Pages:
    """The second part of the file, read and unpickled the first time the pages are read.

    Read from the file opened for the first part: a command that writes the cache again
    meanwhile renames a new file into place, and this one is still the one checked.
    """

    def __init__(self, stream: BinaryIO, offset: int, length: int) -> None:
        self._stream: BinaryIO | None = stream
        self._offset = offset
        self._length = length
        self._parts: tuple[dict[str, Any], dict[str, Any]] | None = None

    def parts(self) -> tuple[dict[str, Any], dict[str, Any]]:
        if self._parts is None:
            assert self._stream is not None
            with self._stream as stream:
                stream.seek(self._offset)
                data = stream.read(self._length)
            self._stream = None
            self._parts = pickle.loads(data)
        return self._parts


class _Lazy(Mapping[str, Any]):
    """``Graph.pages`` or ``Graph.incoming`` from the cache, read when first used."""

    def __init__(self, pages: _Pages, part: int) -> None:
        self._pages = pages
        self._part = part

    @property
    def _map(self) -> dict[str, Any]:
        return self._pages.parts()[self._part]

    def __getitem__(self, page_id: str) -> Any:
        return self._map[page_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._map)

    def __len__(self) -> int:
        return len(self._map)

    def __contains__(self, page_id: object) -> bool:
        return page_id in self._map

    def values(self) -> Any:
        return self._map.values()

    def items(self) -> Any:
        return self._map.items()

    def keys(self) -> Any:
        return self._map.keys()

    def get(self, page_id: str, default: Any = None) -> Any:
        return self._map.get(page_id, default)


def _safe(path: Path) -> bool:
    """The file and its folder are the current user's and nobody else may write them."""
    getuid = getattr(os, "getuid", None)
    for each in (path.parent, path):
        status = os.lstat(each)
        if stat.S_ISLNK(status.st_mode) or status.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return False
        if getuid is not None and status.st_uid != getuid():
            return False
    return True


def read(args: argparse.Namespace, config_file: str | None) -> Any | None:
    """The ``Loaded`` left by the last read of this project, or None when there is none
    that matches what the wiki would be read from now."""
    path = cache_file(project_of(args, config_file))
    stream = None
    try:
        if not _safe(path):
            return None
        stream = path.open("rb")
        line = stream.readline(1 << 16)
        if line != _MAGIC:
            raise ValueError("not a cache file")
        header = json.loads(stream.readline(1 << 20))
        roots = [str(root) for root in header["roots"]]
        if header["key"] != key(args, config_file, roots):
            raise ValueError("stale")
        first, second = int(header["first"]), int(header["second"])
        start = stream.tell()
        if os.fstat(stream.fileno()).st_size != start + first + second:
            raise ValueError("cut short (a full disk), or more than was written")
        part = stream.read(first)
        loaded, vocabulary, index = pickle.loads(part)
        pages = _Pages(stream, start + first, second)
    except Exception:  # a cache that fails to load in any way is read afresh and rewritten
        if stream is not None:
            stream.close()
        return None
    graph = Graph(vocabulary, _Lazy(pages, 0), _Lazy(pages, 1))
    loaded.wiki = replace(loaded.wiki, graph=graph)
    loaded.__dict__["path_index"] = index
    return loaded


def write(
    args: argparse.Namespace, config_file: str | None, loaded: Any, before: str | None = None
) -> None:
    """Leave ``loaded`` for the next command, under ``before`` (the key taken before the read,
    where the docs folder was known: a page saved during the read makes it stale), else the
    key now; a failure to write is not an error."""
    docs_dir = loaded.options.docs_dir or args.docs_dir
    if docs_dir is None:
        return
    roots = [os.path.abspath(docs_dir)]
    path = cache_file(project_of(args, config_file))
    graph = loaded.wiki.graph
    try:
        header: dict[str, object] = {"key": before or key(args, config_file, roots)}
        header["roots"] = roots
        light = replace(loaded, wiki=replace(loaded.wiki, graph=Graph(graph.vocabulary)))
        first = pickle.dumps((light, graph.vocabulary, loaded.path_index), protocol=5)
        second = pickle.dumps((dict(graph.pages), dict(graph.incoming)), protocol=5)
        header.update(first=len(first), second=len(second))
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".wiki-")
        try:
            with os.fdopen(descriptor, "wb") as stream:
                stream.write(_MAGIC + json.dumps(header).encode() + b"\n")
                stream.write(first)
                stream.write(second)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return
