"""``mkdocs-relations init``: write what an existing vault lacks, never overwrite, then lint.

Long because it sequences every judgement of adopt/ (dialect, resolution, types, templates,
the panel's title, notes, untyped keys) and says each in the order a user reads them; the
judgements themselves live in adopt/, this module only orders, writes and prints them.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import posixpath
import sys
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..adopt.dialect_survey import (
    Untyped,
    dialect_lines,
    dialect_stated,
    one_line,
    reading_lines,
    settings_of,
    survey,
)
from ..adopt.resolution_plan import resolution_choices
from ..adopt.site_notes import (
    home_page_note,
    own_headings,
    panel_labels,
    panel_title_note,
    theme_source_note,
)
from ..adopt.spelling_offers import spelling_offers
from ..adopt.template_folders import TemplateFolder, default_templates, template_folders
from ..adopt.type_plans import TypePlan, types_to_declare, unnamed_note, wiki_config_md
from ..adopt.untyped_advice import untyped_lines
from ..adopt.vault_files import (
    excluded_folders,
    mkdocs_yml,
    not_pages_to_exclude,
    site_name,
    without_excluded,
)
from ..adopt.wikilink_survey import pages_with_wikilinks
from ..frontmatter.block import read_frontmatter
from ..frontmatter.dialect import DialectSettings
from ..generators import NoGenerator, mkdocs_api
from ..model.diagnostics import plural
from ..wiki.body_links import OUR_EXTENSION, other_renderers
from ..wiki.page_set import PageSet, folder_page_set
from ..wiki.pipeline import DEFAULT_CONFIG_PAGE, Options
from ..wiki.wiki_config import read_wiki_config
from .report import report_lint
from .shared import EXIT_USAGE, load


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
    written: list[str] = []
    try:
        return _init(args, written)
    except InitError as exc:
        # All or nothing: a mkdocs.yml without its wiki-config.md is a half set-up wiki
        # that a second run would not finish (it never overwrites).
        for path in reversed(written):
            with contextlib.suppress(OSError):
                os.unlink(path)
        undone = f"; removed {', '.join(written)}, which this run wrote" if written else ""
        print(f"mkdocs-relations: {exc}{undone}", file=sys.stderr)
        return EXIT_USAGE


def _init(args: argparse.Namespace, written: list[str]) -> int:
    config_file = args.config_file or "mkdocs.yml"
    plugin_types: list[Any] = []
    plugin_field: str | None = None
    plugin_dialect = DialectSettings()
    config_page = DEFAULT_CONFIG_PAGE
    templates: list[TemplateFolder] = []
    plugin_labels: Any = {}
    notes_stated = False
    if os.path.isfile(config_file):
        try:
            mkdocs_api()
        except NoGenerator as exc:
            raise InitError(str(exc)) from None
        from ..mkdocs_input import ConfigFileError, dialect_settings, load_mkdocs, plugin_config

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
        plugin_types, config_page = list(plugin.types), plugin.config_page
        plugin_field = plugin.field if isinstance(plugin.field, str) else None
        plugin_labels = plugin.labels or {}
        notes_stated = bool(plugin.note_keys)
        has_plugin = "relations" in config.plugins
        extensions = [str(e) for e in config.markdown_extensions]
        # Another renderer of [[links]], or ours as an extension: the text's links are served.
        unrendered = not (
            plugin.wikilinks
            or OUR_EXTENSION in extensions
            or other_renderers(list(config.plugins), extensions)
        )
        write_config = False
        plugin_dialect = dialect_settings(plugin)
        theme_name = str(config.theme.name or "")
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
        pages = folder_page_set(docs_dir)
        templates = template_folders(docs_dir, pages.sources)
        exclude = excluded_folders(templates)
        pages = without_excluded(pages, exclude)
        exclude += not_pages_to_exclude(pages.not_pages, pages.sources)
        has_plugin = write_config = True
        unrendered = False  # the written mkdocs.yml sets wikilinks where the text uses them

    config_path = os.path.join(docs_dir, *config_page.split("/"))
    existing_field = None
    existing = DialectSettings()
    if os.path.isfile(config_path):
        existing_config = read_wiki_config(read_frontmatter(config_path, config_page))
        existing_field = existing_config.relationship_field
        existing = existing_config.dialect
        notes_stated = notes_stated or bool(existing_config.note_keys)
    read = survey(pages.sources, config_page)
    if notes_stated:  # the user's choice of notes stands: nothing to propose or say
        read.note_keys, read.notes = None, {}
    stated = plugin_dialect.over(existing)
    # A dialect stated anywhere is the user's: init reads with it and proposes nothing else.
    detected = not (stated.lines or plugin_field or args.field or dialect_stated(plugin_dialect))
    field = args.field or plugin_field or existing_field or read.chosen.dialect.fields[0]
    dialect = settings_of(read) if detected else DialectSettings()

    options = Options(
        relationship_field=args.field or plugin_field,
        config_page=config_page,
        types=plugin_types,
        docs_dir=docs_dir,
        dialect=dialect,
    )
    choices, wiki = resolution_choices(pages.sources, options, stated, docs_dir)
    resolution_text = [line for choice in choices for line in choice.config_lines()]
    found = dialect_lines(wiki.dialect, read.note_keys if detected else None)
    used = Counter(edge.type for edge in wiki.graph.edges())
    plans, typos = types_to_declare(used, wiki.graph.vocabulary)
    shown_docs = os.path.relpath(docs_dir).replace(os.sep, "/")
    titled = panel_labels(own_headings(pages.sources), len(pages.sources))

    if write_config:
        relative_docs = os.path.relpath(
            docs_dir, os.path.dirname(os.path.abspath(config_file))
        ).replace(os.sep, "/")
        theme = theme_name = "material" if importlib.util.find_spec("material") else "mkdocs"
        if not os.path.exists(config_path):
            _writable(config_path)
        linked = pages_with_wikilinks(pages.sources)
        labels = titled[1] if titled else None
        _write(
            config_file,
            mkdocs_yml(site_name(docs_dir), relative_docs, exclude, theme, bool(linked), labels),
        )
        written.append(config_file)
        print(f"wrote {config_file}: docs_dir {relative_docs}, theme {theme}, plugins search and "
              f"relations, exclude_docs {', '.join(exclude)}")  # fmt: skip
        if linked:
            print(f"  wikilinks: true ([[wikilinks]] in the text of {plural(len(linked), 'page')})")
        if titled:
            print(panel_title_note(titled[0], titled[1], True, config_file))
        if theme != "material":
            print("  (install mkdocs-material and set theme: material for the Material theme)")
        else:
            print(
                "  (no site_url: set it to the site's address; Material's instant navigation "
                "and the sitemap need it)"
            )
        for folder in templates:
            print(folder.said(shown_docs))
    else:
        print(f"{config_file} exists: left as it is")
        if not has_plugin:
            print(
                f"  add '- relations' under plugins: in {config_file} to check edges in the build"
            )
        if titled and "title" not in plugin_labels:
            print(panel_title_note(titled[0], titled[1], False, config_file))
        if has_plugin and unrendered and (linked := pages_with_wikilinks(pages.sources)):
            print(
                f"  [[wikilinks]] in the text of {plural(len(linked), 'page')} show as written: "
                f"add 'wikilinks: true' under the relations plugin in {config_file} to make "
                "them links"
            )
    if write_config and (hidden := default_templates(docs_dir)) is not None:
        print(hidden)

    shown = posixpath.join(os.path.relpath(docs_dir).replace(os.sep, "/"), config_page)
    if detected:
        print("\n".join(reading_lines(read, wiki.graph.edge_count)))
    for choice in choices:
        print(f"resolved as the wiki's own tool does, {choice.said(shown)}")
    dialect_text = read.lines() if detected else []
    if not os.path.exists(config_path):
        _write(config_path, wiki_config_md(field, plans, dialect_text + resolution_text))
        written.append(config_path)
        listed = ", ".join(plan.said for plan in plans) or "none needed"
        said = f"the dialect ({one_line(found)}), " if found and detected else ""
        print(f"wrote {shown}: {said}{len(plans)} type(s) declared: {listed}")
    else:
        additions = (dialect_text if found else []) + resolution_text
        _print_additions(shown, config_path, additions, plans)
    _notes(
        docs_dir,
        pages,
        wiki.dialect.read_keys,
        plans,
        shown,
        read.untyped,
        field,
        (wiki.dialect.type_key, wiki.dialect.target_key),
    )
    for offer in spelling_offers(used, wiki.graph.vocabulary, plans):
        print(offer.line(shown))
    metas = ((page.file, page.meta) for page in wiki.graph.pages.values())
    if (sourced := theme_source_note(theme_name, metas, shown_docs)) is not None:
        print(sourced)
    for name, meant, count in typos:
        print(
            f"note: {name} ({plural(count, 'edge')}) is not declared: it reads like a typo of "
            f"{meant}; correct those edges (the lint below lists them)"
        )

    # The lint at the end is the lint command's own.
    lint_args = argparse.Namespace(
        config_file=config_file, docs_dir=None, field=None, format="text", strict=False
    )
    return report_lint(lint_args, load(lint_args))


def _print_additions(
    shown: str, config_path: str, dialect: list[str], plans: list[TypePlan]
) -> None:
    """What to add to an existing wiki-config.md, in a form that pastes where it goes.

    A second ``relationship_types:`` key would silently replace the first (YAML keeps the
    last), and lines without fences are not frontmatter at all.
    """
    if not plans and not dialect:
        print(f"{shown} exists and declares every type in use: left as it is")
        return
    fm = read_frontmatter(config_path, shown)
    entries = [line for plan in plans for line in plan.yaml()]
    if fm.root is None:
        print(f"{shown} exists without frontmatter: left as it is; put these lines at its top:")
        block = ["---", *dialect]
        block += (["relationship_types:", *entries] if entries else []) + ["---"]
        print("\n".join(block))
        return
    if dialect:
        print(f"{shown} exists: left as it is; add to its frontmatter:")
        print("\n".join(dialect))
    if entries and fm.get("relationship_types") is not None:
        print(f"{shown} exists: left as it is; add these entries under its relationship_types:")
        print("\n".join(entries))
    elif entries:
        print(f"{shown} exists: left as it is; add to its frontmatter:")
        print("\n".join(["relationship_types:", *entries]))


def _notes(
    docs_dir: str,
    pages: PageSet,
    read_keys: frozenset[str],
    plans: list[TypePlan],
    shown: str,
    untyped: Mapping[str, Untyped],
    field: str,
    keys: tuple[str, str],
) -> None:
    """What init noticed and cannot do for the user."""
    if (unnamed := unnamed_note(plans, shown)) is not None:
        print(unnamed)
    shown_docs = os.path.relpath(docs_dir).replace(os.sep, "/")
    if (home := home_page_note(pages.sources, shown_docs)) is not None:
        print(home)
    reviews = [plan.name for plan in plans if plan.review and not plan.placeholder]
    if reviews:
        print(
            f"note: check the inverse label of {', '.join(reviews)} in {shown}: init guessed it "
            "(the comment beside each says why)"
        )
    for line in untyped_lines(untyped, read_keys, shown_docs, field, keys):
        print(line)


def _writable(path: str) -> None:
    """Refuse before anything is written when ``path`` cannot be (a read-only folder)."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.lexists(path) or not os.access(folder, os.W_OK | os.X_OK):
        reason = "something is in the way" if os.path.lexists(path) else "its folder is read-only"
        raise InitError(f"cannot write {path}: {reason}")


def _write(path: str, text: str) -> None:
    # "x": never overwrite, even if the file appeared since we looked.
    try:
        with open(path, "x", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
    except OSError as exc:
        raise InitError(f"cannot write {path}: {exc.strerror or exc}") from exc
