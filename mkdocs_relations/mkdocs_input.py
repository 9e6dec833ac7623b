"""What the plugin and the command line take from MkDocs' configuration: the page set, options,
display paths; and mkdocs.yml loaded for the command line. What the plugin's hooks read from
and change on MkDocs' pages is in ``mkdocs_build.py``.

One of the modules allowed to import MkDocs (with plugin.py, mkdocs_build.py, config.py and
json_schemas.py); the stages below (wiki/ and everything it calls) never do, so
``--docs-dir`` runs without it.

Long because the configuration is read three ways that share the page set and the options:
as ``mkdocs build`` reads it, leniently as Zensical reads mkdocs.yml or zensical.toml, and
from Zensical's own settings for its extension; only an adaptor may import MkDocs' config.
"""

from __future__ import annotations

import logging
import os
import posixpath
import sys
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from typing import Any, BinaryIO

import yaml
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException
from mkdocs.structure.files import File, Files, InclusionLevel, get_files, set_exclusions
from mkdocs.utils.yaml import yaml_load
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .config import RelationsConfig
from .frontmatter.block import Frontmatter
from .frontmatter.dialect import DialectSettings
from .frontmatter.nodes import mapping_items
from .model.diagnostics import Diagnostic
from .output.page_additions import Display
from .wiki.page_set import (
    DRAFT,
    EXCLUDED,
    NEVER_BUILT,
    NOT_MARKDOWN,
    PageSet,
    is_markdown,
    readme_shadowed,
)
from .wiki.pipeline import Options
from .wiki.shared_reads import Listing, SharedReads
from .wiki.wiki_config import WikiConfig, read_plugin_settings


class ConfigFileError(Exception):
    """mkdocs.yml cannot be loaded; the message says why."""


def page_set(
    files: Files, config: MkDocsConfig, exists: Callable[[str], bool] | None = None
) -> PageSet:
    """The pages this build includes, and why each other file in docs_dir is not a page.

    ``documentation_pages()`` already leaves out what ``exclude_docs`` and ``draft_docs`` do;
    a ``README.md`` beside ``index.md`` never reaches ``files`` at all, so it is looked up
    (in the docs folder, or by ``exists``: whether the docs folder holds a file of that name).
    """
    pages = PageSet()
    for file in sorted(files, key=lambda f: f.src_uri):
        if not file.is_documentation_page():
            if file.abs_src_path is not None and not file.generated_by:
                pages.not_pages[file.src_uri] = NOT_MARKDOWN
        elif file.inclusion.is_included():
            if file.abs_src_path is not None:
                pages.sources[file.src_uri] = file.abs_src_path
        else:
            pages.not_pages[file.src_uri] = _why_excluded(file)
    for path in list(pages.sources):
        folder, name = posixpath.split(path)
        if name.startswith("index.") and is_markdown(name):
            readme = posixpath.join(folder, "README.md")
            if readme not in pages.sources and (
                exists(readme)
                if exists is not None
                else os.path.isfile(os.path.join(config.docs_dir, *readme.split("/")))
            ):
                pages.not_pages[readme] = readme_shadowed(path)
    return pages


def _why_excluded(file: File) -> str:
    if file.inclusion == InclusionLevel.DRAFT:
        return DRAFT
    parts = file.src_uri.split("/")
    if any(part.startswith(".") for part in parts) or parts[0] == "templates":
        return NEVER_BUILT
    return EXCLUDED


def options_from(plugin: RelationsConfig, config: MkDocsConfig) -> Options:
    """The pipeline's options from the plugin's, with the page set's non-pages left empty."""
    types_file = "mkdocs.yml"
    if config.config_file_path:
        types_file = os.path.relpath(config.config_file_path, config.docs_dir).replace(os.sep, "/")
    return Options(
        relationship_field=plugin.field if isinstance(plugin.field, str) else None,
        config_page=plugin.config_page,
        types=list(plugin.types),
        redlinks=list(plugin.redlinks),
        severity=dict(plugin.severity),
        types_file=types_file,
        docs_dir=config.docs_dir,
        plugin_settings=_plugin_settings(config.config_file_path, types_file),
        note_keys=tuple(plugin.note_keys) if plugin.note_keys else None,
        dialect=dialect_settings(plugin),
    )


def _plugin_settings(
    config_file: str | None, shown: str
) -> tuple[WikiConfig, list[Diagnostic]] | None:
    """``types`` and ``redlinks`` read from mkdocs.yml's composed nodes, for their lines.

    MkDocs' loader keeps no positions, so the file is composed again (composing builds no
    values, so its tags such as ``!ENV`` are only carried). None when the options are not
    written in this file (``INHERIT``) or it cannot be composed: the plain values are used.
    """
    if not config_file:
        return None
    try:
        with open(config_file, encoding="utf-8-sig") as stream:
            root = yaml.compose(stream, Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    options = _relations_node(root)
    if options is None:
        return None
    fm = Frontmatter(shown, first_line=1, root=options)
    fm.keys = {name: (key, value) for name, key, value in mapping_items(options)}
    return read_plugin_settings(fm), fm.diagnostics


def _relations_node(root: object) -> MappingNode | None:
    if not isinstance(root, MappingNode):
        return None
    for name, _, plugins in mapping_items(root):
        if name != "plugins":
            continue
        items = plugins.value if isinstance(plugins, (SequenceNode, MappingNode)) else []
        for item in items:
            pair = item if isinstance(item, tuple) else None
            if pair is None and isinstance(item, MappingNode):
                pair = next(((k, v) for k, v in item.value), None)
            if pair and isinstance(pair[0], ScalarNode) and pair[0].value == "relations":
                return pair[1] if isinstance(pair[1], MappingNode) else None
    return None


def display_of(plugin: RelationsConfig) -> Display:
    """The plugin's display options as plain values for :class:`PageAdditions`."""
    return Display(
        placement=plugin.placement,
        path_finder=plugin.path_finder,
        panels=tuple(plugin.panels),
        max_hops=plugin.max_hops,
        picture_limit=plugin.picture_limit,
        labels=dict(plugin.labels),
        breadcrumbs=plugin.breadcrumbs,
    )


def display_prefix(config: MkDocsConfig) -> str:
    """The docs folder as a user sees it from the folder of mkdocs.yml (usually ``docs``)."""
    base = os.path.dirname(config.config_file_path) if config.config_file_path else os.getcwd()
    return os.path.relpath(config.docs_dir, base).replace(os.sep, "/")


def plugin_config(config: MkDocsConfig) -> RelationsConfig:
    """The relations plugin's validated options; else the Zensical extension's (a site
    Zensical builds lists only the extension); else the defaults."""
    plugin = config.plugins.get("relations")
    found = getattr(plugin, "config", None)
    if isinstance(found, RelationsConfig):
        return found
    options = RelationsConfig()
    options.load_dict(dict(config.mdx_configs.get(EXTENSION) or {}))
    errors, _ = options.validate()
    if errors:
        problems = "; ".join(f"option '{key}': {error}" for key, error in errors)
        raise ConfigFileError(f"Extension '{EXTENSION}' {problems}")
    return options


#: The Zensical extension's name under ``markdown_extensions``.
EXTENSION = "mkdocs_relations.zensical"

#: What the relations checks take from mkdocs.yml besides the plugin's own options.
_SITE_KEYS = (
    "site_name", "site_url", "docs_dir", "site_dir", "use_directory_urls", "exclude_docs",
    "draft_docs", "not_in_nav",
)  # fmt: skip


def nav_titles(config: MkDocsConfig) -> dict[str, str]:
    """The titles mkdocs.yml's ``nav`` gives pages (``- Title: page.md``), by file; MkDocs
    shows them in place of the page's own."""
    found: dict[str, str] = {}
    stack: list[object] = [config.get("nav") or []]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            for title, value in item.items():
                if isinstance(value, str) and title is not None:
                    path = posixpath.normpath(value.strip().replace("\\", "/")).lstrip("/")
                    found.setdefault(path, str(title))
                elif isinstance(value, (list, dict)):
                    stack.append(value)
    return found


def markdown_extensions(config: MkDocsConfig) -> tuple[list[Any], dict[str, Any]]:
    """The site's Markdown extensions (MkDocs adds its three built-in ones) and settings."""
    extensions = config.get("markdown_extensions") or []
    configs = config.get("mdx_configs") or {}
    if not isinstance(extensions, list) or not isinstance(configs, dict):
        return [], {}
    return list(extensions), dict(configs)


def load_lenient(
    config_file: str,
) -> tuple[MkDocsConfig, PageSet, RelationsConfig, str | None]:
    """mkdocs.yml as Zensical reads it: the site's folders and the relations options only.

    Zensical reads mkdocs.yml but ships its own theme and plugins, so a Zensical project's
    configuration may name a theme or plugins that MkDocs cannot load. The page set and the
    relations checks depend on none of them.
    """
    return lenient_config(read_settings(config_file), config_file)


def read_settings(config_file: str) -> dict[str, Any]:
    """mkdocs.yml (or zensical.toml) as read, nothing validated: for :func:`lenient_config`,
    and for the names of the Markdown extensions it lists (:func:`extension_names`)."""
    try:
        with open(config_file, "rb") as stream:
            raw = _toml(stream) if config_file.endswith(".toml") else yaml_load(stream)
    except (MkDocsException, OSError, ValueError) as exc:
        raise ConfigFileError(f"{config_file} cannot be read: {exc}") from exc
    if not isinstance(raw, dict):
        raise ConfigFileError(f"{config_file} is not usable: it holds no mapping of settings")
    return raw


def load_as_data(
    config_file: str, within: str, listing: Listing | None = None
) -> tuple[MkDocsConfig, PageSet, RelationsConfig, list[str]]:
    """A revision's mkdocs.yml, read as data (a commit's author controls every byte of it):
    :func:`load_lenient`'s reading, with YAML's safe loader and nothing MkDocs would run.

    ``!ENV`` gives its default, never the environment (a CI secret must not reach a pull
    request's comment); ``!relative`` and any other tag (``!!python/name:...``) are their
    plain values, never objects; ``INHERIT`` is followed inside ``within`` only; no plugin,
    hook, theme or Markdown extension is imported: of ``markdown_extensions`` only the names
    are kept, for whether ``mkdocs_relations.wikilinks`` is on. ``docs_dir`` must lie inside
    ``within`` before a file of it is listed. The extensions' names come last.

    ``listing``: the files ``within`` holds and where the other side of a comparison keeps
    its page sets; with the same files and the same settings, the pages are the other side's.
    """
    raw = _data_of(config_file, within, depth=0)
    docs_dir = raw.get("docs_dir", "docs")
    if isinstance(docs_dir, str):
        folder = os.path.join(os.path.dirname(os.path.abspath(config_file)), docs_dir)
        if not _inside(folder, within):
            raise ConfigFileError(
                f"docs_dir {docs_dir!r} in {os.path.basename(config_file)} is outside the "
                "repository's project folder (the folder of mkdocs.yml); a revision's pages "
                "are read only from inside it: set docs_dir to a folder below mkdocs.yml"
            )
    names = extension_names(raw)
    if not isinstance(raw.get("site_name"), str):
        # `!ENV SITE_NAME` without a default is None here; the checks never read the name.
        raw["site_name"] = "site"
    listed = _listed
    if listing is not None and isinstance(docs_dir, str):
        files, kept = listing
        docs = os.path.relpath(folder, within).replace(os.sep, "/")
        prefix = "" if docs == "." else docs + "/"
        docs_files = tuple(sorted(f[len(prefix) :] for f in files if f.startswith(prefix)))
        key = (docs_files, _settings_key(raw, config_file, within))
        listed = partial(_listed_as, kept, key, docs_files)
    try:
        config, pages, plugin, _ = lenient_config(raw, config_file, listed=listed)
    except ConfigFileError as exc:
        # The temporary folder's path means nothing to the reader: the file's name does.
        shown = str(exc).replace(config_file, os.path.basename(config_file))
        raise ConfigFileError(shown.replace(os.path.dirname(config_file) + os.sep, "")) from None
    return config, pages, plugin, names


def extension_names(raw: Mapping[str, Any]) -> list[str]:
    """The names ``markdown_extensions`` lists in settings read as data, none imported."""
    listed = raw.get("markdown_extensions")
    if not isinstance(listed, list):
        return []
    names = (item if isinstance(item, str) else next(iter(item), None) for item in listed
             if isinstance(item, (str, dict)))  # fmt: skip
    return [name for name in names if isinstance(name, str)]


def _settings_key(raw: Mapping[str, Any], config_file: str, within: str) -> Hashable:
    """Settings and the docs folder's file names decide the page set (never the files' text):
    the settings as read, in their order (two sides with the same file read alike)."""
    return (os.path.relpath(config_file, within), repr(raw))


def working_tree_key(config_file: str, pages: PageSet) -> Hashable | None:
    """The key under which the working tree's page set stands for a revision's that has the
    same files in its docs folder and the same mkdocs.yml (:func:`load_as_data`); None where
    MkDocs' own reading of the file could list other pages than its reading as data (an
    ``!ENV`` tag, an ``INHERIT``)."""
    try:
        with open(config_file, "rb") as stream:
            text = stream.read()
    except OSError:
        return None
    if b"!ENV" in text or b"INHERIT" in text:
        return None
    within = os.path.dirname(os.path.abspath(config_file))
    try:
        raw = _data_of(config_file, within, depth=0)
    except ConfigFileError:
        return None
    if not isinstance(raw.get("site_name"), str):
        raw["site_name"] = "site"  # as load_as_data reads it
    names = tuple(sorted({*pages.sources, *pages.not_pages}))
    return (names, _settings_key(raw, config_file, within))


def _inside(path: str, folder: str) -> bool:
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


class _DataLoader(yaml.SafeLoader):
    """YAML's safe loader, where a tag it does not know is its node's plain value."""


def _plain(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, MappingNode):
        return loader.construct_mapping(node, deep=True)
    if isinstance(node, SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_scalar(node)  # type: ignore[arg-type]


def _env_default(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, SequenceNode) and len(node.value) > 1:
        return loader.construct_object(node.value[-1], deep=True)
    return None


_DataLoader.add_constructor("!ENV", _env_default)
_DataLoader.add_constructor(None, _plain)


def _data_of(config_file: str, within: str, depth: int) -> dict[str, Any]:
    shown = os.path.basename(config_file)
    try:
        with open(config_file, "rb") as stream:
            raw = yaml.load(stream, Loader=_DataLoader)
    except (OSError, yaml.YAMLError, RecursionError) as exc:
        raise ConfigFileError(f"{shown} cannot be read: {exc}") from None
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ConfigFileError(f"{shown} is not usable: it holds no mapping of settings")
    parent_name = raw.pop("INHERIT", None)
    if parent_name is None:
        return raw
    parent = os.path.join(os.path.dirname(config_file), str(parent_name))
    if depth >= 10 or not _inside(parent, within) or not os.path.isfile(parent):
        raise ConfigFileError(
            f"INHERIT {str(parent_name)!r} in {shown} names no file inside the repository's "
            "project folder (or inherits more than ten deep); a revision's settings are read "
            "only from inside it"
        )
    return _merged(_data_of(parent, within, depth + 1), raw)


def _merged(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """``over`` merged into ``base`` as MkDocs merges an inherited file: mappings key by key."""
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            base[key] = _merged(dict(base[key]), value)
        else:
            base[key] = value
    return base


def _toml(stream: BinaryIO) -> Any:
    """zensical.toml's settings (its ``[project]`` table)."""
    if sys.version_info >= (3, 11):
        import tomllib

        settings = tomllib.load(stream)
        return settings.get("project", settings)
    raise ValueError("reading zensical.toml needs Python 3.11 or later")  # as Zensical does


def lenient_config(
    raw: Mapping[str, Any],
    config_file: str,
    options: Mapping[str, Any] | None = None,
    owner: str = "Plugin 'relations'",
    listed: Callable[[MkDocsConfig], PageSet] | None = None,
) -> tuple[MkDocsConfig, PageSet, RelationsConfig, str | None]:
    """:func:`load_lenient` of settings already read (Zensical's own, for its extension);
    ``options`` replace the relations plugin's, validated by the same rules."""
    config = MkDocsConfig(config_file_path=config_file)
    config.load_dict({key: raw[key] for key in _SITE_KEYS if raw.get(key) is not None})
    errors, _ = config.validate()
    plugin = RelationsConfig(config_file_path=config_file)
    plugin.load_dict(
        dict(options)
        if options
        else _options_of(raw.get("plugins"), "relations")
        or _options_of(raw.get("markdown_extensions"), EXTENSION)
    )
    plugin_errors, plugin_warnings = plugin.validate()
    problems = [f"Config value '{key}': {error}" for key, error in errors]
    problems += [f"{owner} option '{key}': {error}" for key, error in plugin_errors]
    if options:
        # An extension has no --strict: an option it does not know is an error at once.
        problems += [f"{owner} option '{key}': {error}" for key, error in plugin_warnings]
    if problems:
        raise ConfigFileError(f"{config_file} is not usable: {'; '.join(problems)}")
    theme = raw.get("theme")
    custom_dir = theme.get("custom_dir") if isinstance(theme, dict) else None
    if isinstance(custom_dir, str):
        custom_dir = os.path.join(os.path.dirname(os.path.abspath(config_file)), custom_dir)
    else:
        custom_dir = None
    return config, (listed or _listed)(config), plugin, custom_dir


def _options_of(listed: object, wanted: str) -> dict[str, Any]:
    """The options of ``wanted`` in a ``plugins`` or ``markdown_extensions`` list or mapping."""
    entries = listed.items() if isinstance(listed, dict) else (
        next(iter(item.items())) if isinstance(item, dict) and item else (item, None)
        for item in (listed if isinstance(listed, list) else [])
    )  # fmt: skip
    for name, options in entries:
        if name == wanted:
            return dict(options) if isinstance(options, dict) else {}
    return {}


def load_mkdocs(config_file: str) -> tuple[MkDocsConfig, PageSet, list[str]]:
    """Load mkdocs.yml as ``mkdocs build`` does (its loader trusts the file) and list its pages;
    and the configuration warnings MkDocs logged (an unknown option), which ``build --strict``
    fails on.

    What the loader logs is held back until the outcome is known: a file MkDocs cannot load
    may still be one Zensical reads (the caller tries that next), and MkDocs' error lines and
    "Aborted with a configuration error!" would only confuse a lint that then passes; they go
    into the :class:`ConfigFileError`'s message instead.
    """
    held = _Collected()
    # ProperDocs' loader logs under its own name, even through the mkdocs.* alias.
    loggers = [logging.getLogger(f"{name}.config") for name in ("mkdocs", "properdocs")]
    propagate = [logger.propagate for logger in loggers]
    for logger in loggers:
        logger.addHandler(held)
        logger.propagate = False
    try:
        config = load_config(config_file)
    except OSError as exc:
        raise ConfigFileError(f"cannot read {config_file}: {exc.strerror or exc}") from exc
    except (MkDocsException, SystemExit) as exc:
        said = [record.getMessage() for record in held.records if record.levelno >= logging.ERROR]
        reason = "; ".join(said) or str(exc)
        raise ConfigFileError(
            f"{config_file} is not a usable MkDocs configuration: {reason}"
        ) from exc
    finally:
        for logger, was in zip(loggers, propagate, strict=True):
            logger.removeHandler(held)
            logger.propagate = was
    warnings = [record for record in held.records if record.levelno == logging.WARNING]
    for record in warnings:
        logging.getLogger(record.name).handle(record)  # shown as MkDocs shows them
    return config, _listed(config), [record.getMessage() for record in warnings]


class _Collected(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def _listed(config: MkDocsConfig) -> PageSet:
    # MkDocs warns while listing files (a README.md beside index.md) as it builds; on the
    # command line that warning would precede every answer, and an edge to such a file is
    # told why by the page set itself.
    files_log = logging.getLogger("mkdocs.structure.files")
    level = files_log.level
    files_log.setLevel(logging.ERROR)
    try:
        return page_set(get_files(config), config)
    finally:
        files_log.setLevel(level)


def _listed_as(
    kept: SharedReads, key: Hashable, names: Sequence[str], config: MkDocsConfig
) -> PageSet:
    return kept.page_set(key, config.docs_dir, partial(_listed_names, config, names, kept.where))


def _listed_names(
    config: MkDocsConfig, names: Sequence[str], where: Callable[[str], str]
) -> PageSet:
    """:func:`_listed` of a revision's docs folder from its file names (git's listing), with
    each page read from ``where`` its bytes are: its pages need not be written for MkDocs to
    list them. MkDocs' own order and rules: a folder's files sorted with ``index`` and
    ``README`` first, a ``README.md`` beside an ``index.md`` dropped (the later wins, as
    :func:`~mkdocs.structure.files.get_files` keeps it), then ``exclude_docs``, drafts and
    ``not_in_nav`` by MkDocs' :func:`~mkdocs.structure.files.set_exclusions`."""
    by_folder: dict[str, list[str]] = {}
    for name in names:
        folder, _, base = name.rpartition("/")
        by_folder.setdefault(folder, []).append(base)
    docs_dir = config.docs_dir
    files: list[File] = []
    conflicting: list[tuple[File, File]] = []
    for folder in sorted(by_folder):
        by_dest: dict[str, File] = {}
        for base in sorted(by_folder[folder], key=_sort_key):
            file = File(
                f"{folder}/{base}" if folder else base,
                docs_dir,
                config.site_dir,
                config.use_directory_urls,
            )
            first = by_dest.setdefault(file.dest_uri, file)
            if first is not file:
                conflicting.append((first, file))
            files.append(file)
    set_exclusions(files, config)
    for first, later in conflicting:
        dropped = first if later.inclusion.is_included() else later
        if dropped in files:
            files.remove(dropped)
    listed = set(names)
    pages = page_set(Files(files), config, exists=listed.__contains__)
    top = os.path.normpath(docs_dir) + os.sep
    pages.sources = {file: where(top + file.replace("/", os.sep)) for file in pages.sources}
    return pages


def _sort_key(name: str) -> tuple[bool, str]:
    # MkDocs' own (mkdocs.structure.files._file_sort_key, private): index and README first.
    return (os.path.splitext(name)[0] not in ("index", "README"), name)


def dialect_settings(plugin: RelationsConfig) -> DialectSettings:
    """The dialect keys the plugin's options state (unset ones defer to wiki-config.md)."""
    return DialectSettings(
        fields=tuple(plugin.field) if isinstance(plugin.field, list) else None,
        type_key=plugin.type_key,
        target_key=plugin.target_key,
        targets_key=plugin.targets_key,
        relation_keys=None if plugin.relation_keys is None else tuple(plugin.relation_keys),
        id_key=plugin.id_key,
    )
