"""The wiki a command works on: the arguments that say where it is (``-f``, ``--docs-dir``,
``--field``), loading it from mkdocs.yml or a bare folder, and the page a user names.

Every command that reads the wiki shares these, and the exit statuses: 0 done; 1 the
answer is "no" (lint errors, no path, an invalid query); 2 the command could not run as
asked (a :class:`UsageError`).

Long because loading (from a folder, a mkdocs.yml or the cache) and naming a page the way
the finder does are one path every command takes.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..generators import NoGenerator, default_config_file, mkdocs_api
from ..model.natural import natural_key
from ..model.paths import DEFAULT_MAX_HOPS, PathIndex
from ..model.targets import TargetError, loose, parse_target
from ..wiki.body_links import OUR_EXTENSION
from ..wiki.page_set import as_in_revisions, folder_page_set
from ..wiki.parsed_files import FreshFiles
from ..wiki.pipeline import Options, Wiki, load_wiki
from ..wiki.shared_reads import Listing
from ..wiki.titles import HeadingTitles, Titles
from . import wiki_cache

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """Bad arguments or an unusable mkdocs.yml: exit status 2."""


@dataclass
class Loaded:
    wiki: Wiki
    #: How to show the docs folder in diagnostics (``docs`` when run next to mkdocs.yml).
    prefix: str
    options: Options
    max_hops: int = DEFAULT_MAX_HOPS
    #: Each page's docs-relative file and the path to read it from, for titles.
    sources: Mapping[str, str] = field(default_factory=dict)
    #: What MkDocs warned about while loading mkdocs.yml (printed as it loaded).
    config_warnings: list[str] = field(default_factory=list)
    #: Whether page text is read for ``[[wikilinks]]`` (the plugin's ``wikilinks``, or the
    #: extension in markdown_extensions).
    wikilinks: bool = False
    #: Titles mkdocs.yml's nav gives pages, by docs-relative file.
    nav_titles: Mapping[str, str] = field(default_factory=dict)
    #: mkdocs.yml's markdown_extensions and their settings: how headings are rendered.
    extensions: tuple[list[Any], dict[str, Any]] = ([], {})
    #: The plugin's ``labels:``, so the command line reads types in the panel's words.
    labels: Mapping[str, str] = field(default_factory=dict)
    #: The plugin's ``overview:`` page (docs-relative), which ``list: pages`` leaves out.
    overview: str | None = None

    def __post_init__(self) -> None:
        if self.wiki.outside:
            # A page linked out of the docs folder: nothing reads its text (titles, links).
            outside = self.wiki.outside
            self.sources = {f: p for f, p in self.sources.items() if f not in outside}

    @cached_property
    def path_index(self) -> PathIndex:
        """The walks' adjacency lists (kept in the cache: ``path`` needs no page records)."""
        return PathIndex.from_graph(self.wiki.graph)

    @cached_property
    def titles(self) -> Titles:
        """Pages' titles by MkDocs' rule, as the site shows them."""
        headings = HeadingTitles(*self.extensions)
        return Titles(self.wiki.graph, self.sources, self.nav_titles, headings)


def add_source_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "-f",
        "--config-file",
        metavar="FILE",
        help="mkdocs.yml to read (default: ./properdocs.yml, else ./mkdocs.yml)",
    )
    source.add_argument(
        "--docs-dir",
        metavar="DIR",
        help="read a folder of Markdown pages that has no mkdocs.yml (an Obsidian vault)",
    )
    parser.add_argument(
        "--field",
        type=_field_name,
        help="frontmatter key holding the edges (default: relationships)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor leave the wiki in the user's cache folder (also "
        f"{wiki_cache.CACHE_ENV}=off)",
    )


def _field_name(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("must be a frontmatter key such as relationships")
    if text != text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} has spaces around it; write {text.strip()!r}")
    return text


def load(
    args: argparse.Namespace,
    cache: str = "",
    as_in_git: bool = False,
    read: FreshFiles | None = None,
) -> Loaded:
    """The wiki the arguments name. ``cache``: ``write`` leaves what was read in the user's
    cache folder for the next command (``lint``); ``use`` answers from it when nothing
    changed since (``path``, ``reach``, ``query``), else reads and leaves it (wiki_cache.py).
    ``as_in_git`` leaves out what a git revision cannot hold (linked pages, submodules), for
    a comparison with one; such a read is never cached. ``read`` reads each page (a
    comparison's two sides share one)."""
    if as_in_git or not cache or not wiki_cache.enabled(args):
        return _read(args, as_in_git, read)
    config_file = None if args.docs_dir else args.config_file or default_config_file()
    if cache == "use":
        kept = wiki_cache.read(args, config_file)
        if isinstance(kept, Loaded):
            return kept
    before = wiki_cache.key(args, None, [os.path.abspath(args.docs_dir)]) if args.docs_dir else None
    loaded = _read(args)
    wiki_cache.write(args, config_file, loaded, before)
    return loaded


def _read(
    args: argparse.Namespace, as_in_git: bool = False, read: FreshFiles | None = None
) -> Loaded:
    if args.docs_dir:
        if not os.path.isdir(args.docs_dir):
            raise UsageError(f"--docs-dir {args.docs_dir!r} is not a folder")
        pages = folder_page_set(args.docs_dir)
        if as_in_git:
            as_in_revisions(pages, args.docs_dir)
        options = Options(
            relationship_field=args.field, docs_dir=args.docs_dir, not_pages=pages.not_pages
        )
        wiki = load_wiki(pages.sources, options, pages.diagnostics, read)
        prefix = os.path.relpath(args.docs_dir).replace(os.sep, "/")
        return Loaded(wiki, prefix, options, sources=pages.sources)
    config_file = args.config_file or default_config_file()
    if config_file is None or not os.path.isfile(config_file):
        raise UsageError(
            f"no {config_file or 'mkdocs.yml or properdocs.yml'} here; pass -f "
            "path/to/mkdocs.yml, or --docs-dir for a folder of pages"
        )
    return load_mkdocs_wiki(config_file, args.field, as_in_git=as_in_git, read=read)


def require_mkdocs_api() -> None:
    """MkDocs 1.x or ProperDocs loaded for the configuration file; else exit 2 with one line."""
    try:
        mkdocs_api()
    except NoGenerator as exc:
        raise UsageError(str(exc)) from None


def load_mkdocs_wiki(
    config_file: str,
    field: str | None,
    within: str | None = None,
    as_in_git: bool = False,
    read: FreshFiles | None = None,
    listing: Listing | None = None,
) -> Loaded:
    """The wiki of a MkDocs project, with the plugin's options from its mkdocs.yml; with
    ``within`` (the folder a revision is read into), its mkdocs.yml is read as data only.
    ``read`` and ``listing``: what the two sides of a comparison share (shared_reads.py)."""
    require_mkdocs_api()
    # Imported here so that `--docs-dir` works on a vault without touching MkDocs' machinery.
    from ..mkdocs_input import (
        ConfigFileError,
        display_prefix,
        extension_names,
        lenient_config,
        load_as_data,
        load_lenient,
        load_mkdocs,
        markdown_extensions,
        nav_titles,
        options_from,
        plugin_config,
        read_settings,
    )
    from ..wikilinks import read_as_the_site

    named: list[str] | None = None
    try:
        if within is not None:
            # A revision's settings are a commit's data: nothing in them may run.
            if config_file.endswith(".toml"):
                config, pages, plugin, _ = load_lenient(config_file)
                named = []
            else:
                config, pages, plugin, named = load_as_data(config_file, within, listing)
            config_warnings: list[str] = []
        elif config_file.endswith(".toml"):
            raise ConfigFileError(f"{config_file} is Zensical's own configuration")
        else:
            config, pages, config_warnings = load_mkdocs(config_file)
            plugin = plugin_config(config)
    except ConfigFileError as exc:
        if within is not None:
            raise UsageError(str(exc)) from None
        config_warnings = []
        # A Zensical project's mkdocs.yml may name a theme or plugins MkDocs cannot load;
        # the relations checks need only the folders and the plugin's options.
        try:
            settings = read_settings(config_file)
            config, pages, plugin, _ = lenient_config(settings, config_file)
            # Page text is read with the extensions it lists, by name, none imported.
            named = extension_names(settings)
        except ConfigFileError:
            raise UsageError(str(exc)) from exc
        if importlib.util.find_spec("zensical") is None:
            # With Zensical installed this is the expected case, and the lint stays quiet.
            print(
                f"mkdocs-relations: note: {config_file} does not load in MkDocs ({exc}); read "
                "as Zensical reads it, for its folders and the relations options only",
                file=sys.stderr,
            )
    if as_in_git:
        as_in_revisions(pages, config.docs_dir)
    options = options_from(plugin, config)
    options.not_pages = pages.not_pages
    if field:
        options.relationship_field = field
    base = os.path.dirname(os.path.abspath(config_file))
    prefix = os.path.relpath(os.path.join(base, display_prefix(config))).replace(os.sep, "/")
    wiki = load_wiki(pages.sources, options, read=read)
    extensions = (
        named
        if named is not None
        else [str(e) for e in getattr(config, "markdown_extensions", None) or []]
    )
    loaded = Loaded(
        wiki,
        prefix,
        options,
        int(plugin.max_hops),
        pages.sources,
        config_warnings,
        nav_titles=nav_titles(config),
        # A revision's extensions are never imported, but those that only change which text
        # is read (math, HTML blocks...), so both sides of a comparison read page text alike.
        extensions=markdown_extensions(config) if named is None else (read_as_the_site(named), {}),
    )
    loaded.wikilinks = bool(plugin.wikilinks) or OUR_EXTENSION in extensions
    loaded.labels = dict(plugin.labels)
    loaded.overview = plugin.overview or None
    return loaded


def resolve_page(loaded: Loaded, text: str) -> str:
    """A page id for what the user typed: an id, or any target form; else exit 2."""
    wiki = loaded.wiki
    try:
        target = parse_target(text)
    except TargetError as exc:
        raise UsageError(str(exc)) from None
    resolution = wiki.resolver.resolve(target.path)
    if resolution.page_id is not None:
        return resolution.page_id
    if resolution.ambiguous:
        raise UsageError(
            f"{text!r} matches {len(resolution.candidates)} pages: "
            f"{', '.join(resolution.candidates)}; use the page id"
        )
    by_name = _by_name(loaded, text)
    if by_name is not None:
        return by_name
    if wiki.config.redlink_for(target.path) is not None or any(
        edge.redlink and loose(edge.target) == loose(target.path) for edge in wiki.graph.edges()
    ):
        raise UsageError(
            f"{text!r} is a deliberate redlink (a page not written yet), so it has no "
            "relationships to follow"
        )
    near = wiki.resolver.suggest(target.path)
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    raise UsageError(f"no page matches {text!r}{hint}")


#: Pages a name that several match is told with, as the finder lists them.
CHOICES = 10


def _by_name(loaded: Loaded, text: str) -> str | None:
    """The page the path finder would take for ``text``: the one page with a title, id or
    alias equal to it (case ignored), else the one page whose names hold it; several are
    the finder's choice list, as an error. A target form is tried first, so this reads only
    what no target names: a title ("Shipping service")."""
    query = text.strip().lower()
    if not query:
        return None
    title = loaded.titles
    scored: list[tuple[int, str, str]] = []
    for page in loaded.wiki.graph.pages.values():
        shown = title(page.id)
        names = [shown.lower(), page.id.lower(), *(alias.lower() for alias in page.aliases)]
        scores = [0 if n == query else 1 if n.startswith(query) else 2 for n in names if query in n]
        if scores:
            scored.append((min(scores), shown, page.id))
    exact = [page for score, _, page in scored if score == 0]
    if len(exact) == 1:
        return exact[0]
    if not exact and len(scored) == 1:
        return scored[0][2]
    if not scored:
        return None
    ranked = sorted(scored, key=lambda s: (s[0], natural_key(s[1]), s[2]))
    listed = [f"{shown} ({page})" for _, shown, page in ranked[:CHOICES]]
    more = f" and {len(ranked) - CHOICES} more" if len(ranked) > CHOICES else ""
    raise UsageError(
        f"{text!r} matches {len(ranked)} pages by title, id or alias: "
        f"{', '.join(listed)}{more}; name one by its id"
    )
