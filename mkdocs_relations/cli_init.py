"""``mkdocs-relations init``: write what an existing vault lacks, never overwrite, then lint."""

from __future__ import annotations

import argparse
import importlib.util
import os
import posixpath
import sys
from collections import Counter
from typing import Any

from .adopt import detect_field, excluded_folders, mkdocs_yml, not_pages_to_exclude, site_name
from .cli_lint import run_lint
from .cli_wiki import EXIT_USAGE, load
from .diagnostics import plural
from .frontmatter import read_frontmatter
from .sources import PageSet, folder_page_set
from .type_plans import TypePlan, types_to_declare, wiki_config_md
from .wiki import DEFAULT_CONFIG_PAGE, Options, load_wiki
from .wikiconfig import read_wiki_config


class InitError(Exception):
    """init cannot go on; the message says what to do (exit 2)."""


def add_init_parser(commands: Any) -> None:
    init = commands.add_parser(
        "init",
        help="set up an existing wiki: mkdocs.yml and wiki-config.md for the types it uses",
        description="Write mkdocs.yml (where none exists) and a wiki-config.md declaring every "
        "relationship type the pages use that the vocabulary lacks, then lint. Never "
        "overwrites a file; running it again changes nothing.",
    )
    init.add_argument("--docs-dir", metavar="DIR", help="the folder of pages (the vault)")
    init.add_argument(
        "-f",
        "--config-file",
        metavar="FILE",
        help="mkdocs.yml to read, or to write where none exists (default: ./mkdocs.yml)",
    )
    init.add_argument("--field", help="frontmatter key holding the edges (default: detected)")
    init.set_defaults(handler=run_init, needs_wiki=False)


def run_init(args: argparse.Namespace, _: object) -> int:
    try:
        return _init(args)
    except InitError as exc:
        print(f"mkdocs-relations: {exc}", file=sys.stderr)
        return EXIT_USAGE


def _init(args: argparse.Namespace) -> int:
    config_file = args.config_file or "mkdocs.yml"
    plugin_types: list[Any] = []
    plugin_field: str | None = None
    config_page = DEFAULT_CONFIG_PAGE
    if os.path.isfile(config_file):
        from .mkdocs_input import ConfigFileError, load_mkdocs, plugin_config

        try:
            config, pages, _ = load_mkdocs(config_file)
        except ConfigFileError as exc:
            raise InitError(str(exc)) from exc
        docs_dir = config.docs_dir
        if args.docs_dir and os.path.realpath(args.docs_dir) != os.path.realpath(docs_dir):
            raise InitError(
                f"{config_file} builds {os.path.relpath(docs_dir)}, not {args.docs_dir}; "
                "drop --docs-dir, or pass -f with a new mkdocs.yml for that folder"
            )
        plugin = plugin_config(config)
        plugin_types, plugin_field, config_page = (
            list(plugin.types),
            plugin.field,
            plugin.config_page,
        )
        has_plugin = "relations" in config.plugins
        write_config = False
    else:
        if not args.docs_dir:
            raise InitError(
                f"no {config_file} here; pass --docs-dir with the folder of pages to write one"
            )
        docs_dir = args.docs_dir
        if not os.path.isdir(docs_dir):
            raise InitError(f"--docs-dir {docs_dir!r} is not a folder")
        config_dir = os.path.dirname(os.path.abspath(config_file))
        real_docs = os.path.realpath(docs_dir)
        if os.path.realpath(config_dir) == real_docs or os.path.realpath(config_dir).startswith(
            real_docs.rstrip(os.sep) + os.sep
        ):
            raise InitError(
                "mkdocs.yml cannot live inside the docs folder; run init from the folder above "
                f"it, or pass -f with a path outside {docs_dir}"
            )
        exclude = excluded_folders(docs_dir)
        pages = _without(folder_page_set(docs_dir), exclude)
        exclude += not_pages_to_exclude(pages.not_pages, pages.sources)
        has_plugin = write_config = True

    config_path = os.path.join(docs_dir, *config_page.split("/"))
    existing_field = None
    if os.path.isfile(config_path):
        existing_field = read_wiki_config(
            read_frontmatter(config_path, config_page)
        ).relationship_field
    survey = detect_field(pages.sources)
    field = args.field or plugin_field or existing_field or survey.name

    options = Options(
        relationship_field=field, config_page=config_page, types=plugin_types, docs_dir=docs_dir
    )
    wiki = load_wiki(pages.sources, options)
    used = Counter(edge.type for edge in wiki.graph.edges())
    plans, typos = types_to_declare(used, wiki.graph.vocabulary)

    if write_config:
        relative_docs = os.path.relpath(
            docs_dir, os.path.dirname(os.path.abspath(config_file))
        ).replace(os.sep, "/")
        theme = "material" if importlib.util.find_spec("material") else "mkdocs"
        _write(config_file, mkdocs_yml(site_name(docs_dir), relative_docs, exclude, theme))
        print(f"wrote {config_file}: docs_dir {relative_docs}, theme {theme}, plugins search and "
              f"relations, exclude_docs {', '.join(exclude)}")  # fmt: skip
        if theme != "material":
            print("  (install mkdocs-material and set theme: material for the Material theme)")
        print(
            "  (no site_url: set it to the site's address; Material's instant navigation "
            "and the sitemap need it)"
        )
    else:
        print(f"{config_file} exists: left as it is")
        if not has_plugin:
            print(
                f"  add '- relations' under plugins: in {config_file} to check edges in the build"
            )

    shown = posixpath.join(os.path.relpath(docs_dir).replace(os.sep, "/"), config_page)
    declares = f"relationship_field {field}, " if field != "relationships" else ""
    if not os.path.exists(config_path):
        _write(config_path, wiki_config_md(field, plans))
        listed = ", ".join(f"{p.name} ({p.edges})" for p in plans) or "none needed"
        print(f"wrote {shown}: {declares}{len(plans)} type(s) declared: {listed}")
    else:
        _print_additions(shown, config_path, field, existing_field, plugin_field, plans)
    _notes(docs_dir, pages, field, plans, shown, survey.untyped)
    for name, meant, count in typos:
        print(
            f"note: {name} ({plural(count, 'edge')}) is not declared: it reads like a typo of "
            f"{meant}; correct those edges (the lint below lists them)"
        )

    # The lint at the end is the lint command's own.
    lint_args = argparse.Namespace(
        config_file=config_file, docs_dir=None, field=None, format="text", strict=False
    )
    return run_lint(lint_args, load(lint_args))


def _print_additions(
    shown: str,
    config_path: str,
    field: str,
    existing_field: str | None,
    plugin_field: str | None,
    plans: list[TypePlan],
) -> None:
    """What to add to an existing wiki-config.md, in a form that pastes where it goes.

    A second ``relationship_types:`` key would silently replace the first (YAML keeps the
    last), and lines without fences are not frontmatter at all.
    """
    field_line = field != (existing_field or "relationships") and not plugin_field
    if not plans and not field_line:
        print(f"{shown} exists and declares every type in use: left as it is")
        return
    fm = read_frontmatter(config_path, shown)
    entries = [line for plan in plans for line in plan.yaml()]
    if fm.root is None:
        print(f"{shown} exists without frontmatter: left as it is; put these lines at its top:")
        block = ["---", *([f"relationship_field: {field}"] if field_line else [])]
        block += (["relationship_types:", *entries] if entries else []) + ["---"]
        print("\n".join(block))
        return
    if field_line:
        print(f"{shown} exists: left as it is; add to its frontmatter:")
        print(f"relationship_field: {field}")
    if entries and fm.get("relationship_types") is not None:
        print(f"{shown} exists: left as it is; add these entries under its relationship_types:")
        print("\n".join(entries))
    elif entries:
        print(f"{shown} exists: left as it is; add to its frontmatter:")
        print("\n".join(["relationship_types:", *entries]))


def _notes(
    docs_dir: str,
    pages: PageSet,
    field: str,
    plans: list[TypePlan],
    shown: str,
    untyped: dict[str, list[str]],
) -> None:
    """What init noticed and cannot do for the user."""
    placeholders = [plan.name for plan in plans if plan.placeholder]
    if placeholders:
        print(
            f"note: reword the inverse label of {', '.join(placeholders)} in {shown}: readers "
            "see it as the heading on the target page, '(inverse)' is a placeholder"
        )
    roots = {path.lower() for path in pages.sources if "/" not in path}
    if not roots & {"index.md", "readme.md"}:
        print(
            "note: the docs folder has no index.md, so the site will have no home page; "
            "add one (or rename the vault's home page to index.md)"
        )
    for key, files in untyped.items():
        if key != field:  # under the field itself, lint reports each entry
            example = posixpath.join(os.path.relpath(docs_dir).replace(os.sep, "/"), files[0])
            print(
                f"note: {len(files)} page(s) list links under '{key}:' without a type (e.g. "
                f"{example}); only typed edges are read: write them as "
                '- {type: relates-to, target: "[[page]]"}'
            )


def _without(pages: PageSet, exclude: list[str]) -> PageSet:
    """The page set less the folders init excludes (MkDocs applies the patterns after init)."""
    prefixes = tuple(p.strip("/") + "/" for p in exclude if p.startswith("/"))
    if prefixes:
        pages.sources = {k: v for k, v in pages.sources.items() if not k.startswith(prefixes)}
    return pages


def _write(path: str, text: str) -> None:
    # "x": never overwrite, even if the file appeared since we looked.
    try:
        with open(path, "x", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
    except OSError as exc:
        raise InitError(f"cannot write {path}: {exc.strerror or exc}") from exc
