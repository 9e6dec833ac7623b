"""The MkDocs adaptor: hooks only. The work happens in plain modules shared with the CLI."""

from __future__ import annotations

import os

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import Files

from .config import RelationsConfig
from .diagnostics import display_path, summary
from .wiki import Options, Wiki, load_wiki

log = get_plugin_logger(__name__)


class RelationsPlugin(BasePlugin[RelationsConfig]):
    """Reads typed relationships from frontmatter and fails the build on broken edges."""

    def __init__(self) -> None:
        self.wiki: Wiki | None = None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        # State from a previous `mkdocs serve` rebuild must never leak into this one.
        self.wiki = None
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        sources = {
            file.src_uri: file.abs_src_path
            for file in files.documentation_pages()
            if file.abs_src_path is not None
        }
        self.wiki = load_wiki(sources, mkdocs_options(self.config, config))
        report(self.wiki, display_prefix(config), fail=self.config.fail_on_error)
        return files


def mkdocs_options(plugin: RelationsConfig, config: MkDocsConfig) -> Options:
    """Translate the plugin's options into the pipeline's, locating mkdocs.yml for diagnostics."""
    config_file = config.config_file_path
    types_file = "mkdocs.yml"
    text = ""
    if config_file:
        types_file = os.path.relpath(config_file, config.docs_dir).replace(os.sep, "/")
        try:
            with open(config_file, encoding="utf-8-sig") as stream:
                text = stream.read()
        except OSError:
            text = ""
    lines = text.splitlines()

    def types_line(name: str) -> int:
        # Best effort: the first line that names the type; mkdocs.yml arrives already parsed.
        for number, line in enumerate(lines, start=1):
            if name and name in line:
                return number
        return 1

    return Options(
        relationship_field=plugin.field,
        config_page=plugin.config_page,
        types=list(plugin.types),
        redlinks=list(plugin.redlinks),
        severity=dict(plugin.severity),
        types_file=types_file,
        types_line=types_line,
    )


def display_prefix(config: MkDocsConfig) -> str:
    """The docs folder as a user sees it from the folder of mkdocs.yml (usually ``docs``)."""
    base = os.path.dirname(config.config_file_path) if config.config_file_path else os.getcwd()
    return os.path.relpath(config.docs_dir, base).replace(os.sep, "/")


def report(wiki: Wiki, prefix: str, *, fail: bool) -> None:
    """Log every diagnostic; raise one PluginError summarising them when any is an error."""
    for diagnostic in wiki.diagnostics:
        shown = diagnostic.format(display_path(prefix, diagnostic.file))
        if diagnostic.severity == "error":
            log.error(shown)
        else:
            log.warning(shown)
    if fail and wiki.errors:
        raise PluginError(
            f"relations: {summary(wiki.diagnostics)}; the build stops so broken edges do not "
            "reach the site (each one is listed above with its file and line)"
        )
