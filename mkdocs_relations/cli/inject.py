"""``mkdocs-relations inject``: the plugin's output for a site another generator built."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..generators import default_config_file
from ..inject.built_site import InjectError, inject
from ..model.diagnostics import apply_severity, display_path, summary
from ..query.page_blocks import collect_files
from ..query.rule_checks import rule_report
from ..wiki.pipeline import load_wiki
from .shared import EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError, require_mkdocs_api


def add_inject_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "inject",
        help="add panels, the path finder and the graph files to a built site (Zensical)",
        description="Add to every page of a site built without the plugin (for instance by "
        "Zensical, which reads mkdocs.yml but runs no MkDocs plugins) what the plugin adds "
        "under MkDocs. Lints first and stops on errors, as the build does.",
    )
    parser.add_argument(
        "-f",
        "--config-file",
        metavar="FILE",
        help="mkdocs.yml (default: ./properdocs.yml, else ./mkdocs.yml)",
    )
    parser.add_argument(
        "--site-dir", metavar="DIR", help="the built site (default: site_dir from mkdocs.yml)"
    )
    parser.set_defaults(handler=run_inject, needs_wiki=False)


def run_inject(args: argparse.Namespace, _: object) -> int:
    config_file = args.config_file or default_config_file()
    if config_file is None or not os.path.isfile(config_file):
        shown = config_file or "mkdocs.yml or properdocs.yml"
        print(f"mkdocs-relations: no {shown} here; pass -f path/to/mkdocs.yml",
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    try:
        require_mkdocs_api()
    except UsageError as exc:
        print(f"mkdocs-relations: {exc}", file=sys.stderr)
        return EXIT_USAGE
    from ..mkdocs_input import (
        ConfigFileError,
        display_of,
        display_prefix,
        load_lenient,
        options_from,
    )

    try:
        config, pages, plugin, custom_dir = load_lenient(config_file)
    except ConfigFileError as exc:
        print(f"mkdocs-relations: {exc}", file=sys.stderr)
        return EXIT_USAGE
    options = options_from(plugin, config)
    options.not_pages = pages.not_pages
    wiki = load_wiki(pages.sources, options)
    display = display_of(plugin)
    # The relations blocks are checked as the build checks them, and answered below.
    blocks = collect_files(wiki, sorted(pages.sources.items()), display.max_hops, display.labels)
    # And the rules of wiki-config.md, as the build checks them (the overview lists them too).
    rules = rule_report(
        wiki, pages.sources.get(options.config_page), options.config_page, display.max_hops
    )
    found = blocks.diagnostics + rules.diagnostics
    diagnostics = wiki.diagnostics + apply_severity(found, options.severity)
    base = os.path.dirname(os.path.abspath(config_file))
    prefix = os.path.relpath(os.path.join(base, display_prefix(config))).replace(os.sep, "/")
    for diagnostic in diagnostics:
        print(diagnostic.format(display_path(prefix, diagnostic.file)))
    if plugin.fail_on_error and any(d.severity == "error" for d in diagnostics):
        print(f"mkdocs-relations: {summary(diagnostics)}; the site is left as it is",
              file=sys.stderr)  # fmt: skip
        return EXIT_FAILED
    site_dir = args.site_dir or config.site_dir
    if not os.path.isdir(site_dir):
        print(f"mkdocs-relations: {site_dir} is not a folder; build the site first",
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    try:
        result = inject(
            site_dir,
            wiki,
            display,
            use_directory_urls=bool(config.use_directory_urls),
            template_dirs=[custom_dir] if custom_dir else [],
            blocks=blocks,
            rules=rules,
        )
    except InjectError as exc:
        print(f"mkdocs-relations: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:
        print(f"mkdocs-relations: cannot write the site: {exc}; every page written is whole "
              "(old or new), run inject again once this is fixed", file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    if result.leftovers:
        shown = ", ".join(result.leftovers[:3]) + (
            f" and {len(result.leftovers) - 3} more" if len(result.leftovers) > 3 else ""
        )
        print(f"mkdocs-relations: removed {len(result.leftovers)} temporary files an "
              f"interrupted inject left ({shown}); no page was half written",
              file=sys.stderr)  # fmt: skip
    if result.finished:
        print("mkdocs-relations: an earlier inject stopped part way: "
              f"{len(result.changed)} pages it had not reached are done now",
              file=sys.stderr)  # fmt: skip
    print(
        f"mkdocs-relations: {len(result.changed)} of {len(wiki.graph.pages)} pages changed "
        f"(panel, path finder, block answers), {len(result.unchanged)} left as they were",
        file=sys.stderr,
    )
    for file, line in result.lost:
        where = f"{display_path(prefix, file)}:{line}"
        print(f"{where}: the answer of this relations block has no place in the page: its "
              "listing is not in the built page", file=sys.stderr)  # fmt: skip
    if result.older:
        print(f"mkdocs-relations: {len(result.older)} pages already link the plugin's styles "
              f"or scripts (another version of inject, or a MkDocs build with the plugin; "
              f"first: {result.older[0]}); left as they were: rebuild the site, then run "
              "inject", file=sys.stderr)  # fmt: skip
    for dest in result.no_content:
        print(f"mkdocs-relations: {dest}: no content element found (an unknown theme); "
              "left as it was", file=sys.stderr)  # fmt: skip
    return EXIT_OK
