"""Two sides of a change, for ``diff`` and ``lint --new-only``: the wiki at a git revision
(read from git's objects into a temporary folder, never a checkout), in the working tree, or
in a folder; and which files git saw renamed between them."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass

from ..frontmatter.block import open_regular
from ..generators import default_config_file
from ..wiki.page_set import NOT_IN_REVISIONS, PageSet
from ..wiki.revisions import (
    Repository,
    RevisionError,
    folder_renames,
    repository,
    scratch_folder,
)
from ..wiki.shared_reads import SharedReads
from .report import lint_blocks, lint_wikilinks
from .shared import Loaded, UsageError, load, load_mkdocs_wiki

MKDOCS_YML = "mkdocs.yml"


@dataclass
class Side:
    loaded: Loaded
    #: The docs folder relative to the project folder (``docs``; '' for a bare docs folder).
    docs: str
    #: What the user named it (a revision, a folder, or "the working tree").
    name: str


@dataclass
class Sides:
    base: Side
    head: Side
    #: Renamed files, old -> new, relative to the docs folder.
    renamed: dict[str, str]


def _project(args: argparse.Namespace) -> tuple[str, str | None]:
    """The project folder in the working tree, and the config file's name in it (None for
    ``--docs-dir``)."""
    if args.docs_dir:
        if not os.path.isdir(args.docs_dir):
            raise UsageError(f"--docs-dir {args.docs_dir!r} is not a folder")
        return args.docs_dir, None
    config_file = args.config_file or MKDOCS_YML
    if not os.path.isfile(config_file):
        raise UsageError(
            f"no {config_file} here; pass -f path/to/mkdocs.yml, "
            "or --docs-dir for a folder of pages"
        )
    return os.path.dirname(os.path.abspath(config_file)), os.path.basename(config_file)


def _load_at(
    args: argparse.Namespace,
    folder: str,
    config: str | None,
    home: str,
    name: str,
    read: SharedReads,
    listing: tuple[str, ...] | None = None,
) -> Side:
    """The wiki of a project folder; its files are shown as under ``home`` (the project's
    folder in the working tree), as the user sees them. A revision's (``listing``: the files
    written of it) settings are read as data only (see :func:`load_mkdocs_wiki`)."""
    ns = argparse.Namespace(**vars(args))
    if config is None:
        ns.docs_dir, ns.config_file = folder, None
    else:
        path = os.path.join(folder, config)
        if not os.path.isfile(path):
            raise UsageError(f"{config} does not exist in {name}")
        ns.docs_dir, ns.config_file = None, path
    if listing is not None and ns.config_file:
        try:
            loaded = load_mkdocs_wiki(
                ns.config_file, ns.field, within=folder, read=read, listing=(listing, read)
            )
        except UsageError as exc:
            raise UsageError(f"{name}: {exc}") from None
    else:
        loaded = load(ns, read=read)
    lint_blocks(loaded, read.file_bytes)
    if loaded.wikilinks:
        # Broken body links are problems a change introduces or fixes, as edges' are.
        lint_wikilinks(loaded)
    docs_dir = loaded.options.docs_dir or folder
    docs = os.path.relpath(docs_dir, folder).replace(os.sep, "/")
    docs = "" if docs == "." else docs
    loaded.prefix = os.path.relpath(os.path.join(home, *docs.split("/"))).replace(os.sep, "/")
    return Side(loaded, docs, name)


@contextlib.contextmanager
def sides(args: argparse.Namespace, base: str, head: str | None) -> Iterator[Sides]:
    """Both sides of a change: two revisions, a revision and the working tree (``head`` None),
    or two folders."""
    # A change leaves most pages as they were: each side reads them, only one parses them.
    read = SharedReads()
    if head is not None and os.path.isdir(base) and os.path.isdir(head):
        both = _folders(args, base, head, read)
        read.forget()
        yield both
        return
    folder, config = _project(args)
    try:
        scratch = scratch_folder()
    except RevisionError as exc:
        raise UsageError(str(exc)) from None
    with scratch as temporary:
        try:
            repo = repository(folder)
            inside = repo.relative(folder)
            base_commit = repo.commit(base)
            head_commit = repo.commit(head) if head is not None else None
        except RevisionError as exc:
            raise UsageError(str(exc)) from None
        if head_commit is None:
            # The working tree first: where the base has its files and settings, MkDocs'
            # listing of them is the working tree's.
            now = load_here(args, read)
            head_side = Side(now, _docs_of(now, folder), "the working tree")
        base_side = _materialised(
            args, repo, base_commit, inside, config, temporary, "base", folder, base, read
        )
        if head_commit is not None:
            head_side = _materialised(
                args,
                repo,
                head_commit,
                inside,
                config,
                temporary,
                "head",
                folder,
                head or "",
                read,
            )
        try:
            if head_commit is None:
                # Git's index knows nothing of files not added yet; comparing the base's
                # folder with the working tree's sees every rename without touching the index.
                renamed = _renamed(
                    (os.path.join(temporary, "base", *base_side.docs.split("/")), base_side),
                    (os.path.join(folder, *head_side.docs.split("/")), head_side),
                    os.path.join(temporary, "renames"),
                )
            elif all(_gone_and_come(base_side, head_side)):
                docs = "/".join(p for p in (inside, head_side.docs) if p)
                renamed = repo.renames(base_commit, head_commit, docs)
            else:
                renamed = {}  # a rename pairs a file gone with a file come: git is not asked
        except RevisionError as exc:
            raise UsageError(str(exc)) from None
        read.forget()
        yield Sides(base_side, head_side, renamed)


def load_here(args: argparse.Namespace, read: SharedReads | None = None) -> Loaded:
    loaded = load(args, as_in_git=True, read=read)
    config_file = None if args.docs_dir else args.config_file or default_config_file()
    if read is not None and config_file is not None:
        from ..mkdocs_input import working_tree_key  # MkDocs' side: not for --docs-dir

        pages = PageSet(dict(loaded.sources), dict(loaded.options.not_pages))
        key = working_tree_key(config_file, pages)
        if key is not None:
            read.keep_page_set(key, pages)
    lint_blocks(loaded)
    if loaded.wikilinks:
        # Broken body links are problems a change introduces or fixes, as edges' are.
        lint_wikilinks(loaded)
    return loaded


def _docs_of(loaded: Loaded, folder: str) -> str:
    docs = os.path.relpath(loaded.options.docs_dir or folder, folder).replace(os.sep, "/")
    return "" if docs == "." else docs


def _materialised(
    args: argparse.Namespace,
    repo: Repository,
    commit: str,
    inside: str,
    config: str | None,
    temporary: str,
    label: str,
    home: str,
    name: str,
    read: SharedReads,
) -> Side:
    destination = os.path.join(temporary, label)
    os.makedirs(destination)
    # mkdocs.yml's pages are listed from their names (mkdocs_input._listed_names), so a page
    # whose bytes are on disk already is read there; a docs folder or a zensical.toml is
    # walked, so all its files are written.
    elsewhere = config is not None and not config.endswith(".toml")
    try:
        files = repo.write_tree(commit, inside, destination, pages_elsewhere=elsewhere)
    except RevisionError as exc:
        raise UsageError(f"{name}: {exc}") from None
    read.revision(destination, files, repo.blobs)
    listing = tuple(relative for relative, _, _ in files)
    return _load_at(args, destination, config, home, name, read, listing)


def _folders(args: argparse.Namespace, base: str, head: str, read: SharedReads) -> Sides:
    sides = []
    for folder in (base, head):
        config = MKDOCS_YML if os.path.isfile(os.path.join(folder, MKDOCS_YML)) else None
        sides.append(_load_at(args, folder, config, folder, folder, read))
    old, new = (os.path.join(f, s.docs) for f, s in zip((base, head), sides, strict=True))
    try:
        with scratch_folder() as temporary:
            renamed = _renamed((old, sides[0]), (new, sides[1]), temporary)
    except RevisionError as exc:
        raise UsageError(str(exc)) from None
    return Sides(sides[0], sides[1], renamed)


def _gone_and_come(base: Side, head: Side) -> tuple[list[str], list[str]]:
    """The files only the base has and those only the head has (docs-relative)."""
    # What a revision cannot hold (a linked page or folder, a submodule) is never a rename.
    files = [
        {
            *s.loaded.sources,
            *(f for f, why in s.loaded.options.not_pages.items() if why != NOT_IN_REVISIONS),
        }
        for s in (base, head)
    ]
    return sorted(files[0] - files[1]), sorted(files[1] - files[0])


def _renamed(base: tuple[str, Side], head: tuple[str, Side], scratch: str) -> dict[str, str]:
    """Renames between two docs folders (each with its side), by git's rename detection on
    the files only one side has: a rename pairs a file gone with a file come, so the files
    both sides hold are never handed to git (which read and hashed every one of them: a
    quarter of ``lint``'s time at 8,000 pages). Those few are copied into ``scratch``."""
    gone, come = _gone_and_come(base[1], head[1])
    if not gone or not come:
        return {}
    copies = []
    for (docs, side), names, label in ((base, gone, "old"), (head, come, "new")):
        copy = os.path.join(scratch, label)
        sources = side.loaded.sources
        for name in names:
            path = sources.get(name) or os.path.join(docs, *name.split("/"))
            try:
                stream = open_regular(path, follow=False)
            except OSError:
                stream = None
            if stream is None:
                continue  # a link, a pipe, unreadable: never followed or read, as git reads none
            target = os.path.join(copy, *name.split("/"))
            with stream:
                try:
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with open(target, "xb") as out:
                        shutil.copyfileobj(stream, out)
                except OSError as exc:
                    raise UsageError(
                        f"cannot copy {name!r} into the temporary folder {scratch} to find "
                        f"renamed pages: {exc.strerror or exc}; free some space there, or set "
                        "TMPDIR to a folder with room"
                    ) from None
        copies.append(copy)
    return folder_renames(*copies) if all(os.path.isdir(c) for c in copies) else {}
