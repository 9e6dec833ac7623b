"""The pipeline shared by the plugin and the command line: files in, graph and diagnostics out.

Long because the one read every caller shares holds each stage's order in one place.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..frontmatter.block import Frontmatter
from ..frontmatter.dialect import Dialect, DialectSettings, field_overlap
from ..frontmatter.dialect_fields import DEFAULT_FIELD, OtherFields
from ..frontmatter.edges import DEFAULT_NOTE_KEYS
from ..frontmatter.page import ReadOptions, page_id_for
from ..model.diagnostics import Diagnostic, apply_severity
from ..model.graph import Graph, Page
from ..model.vocabulary import merge
from . import lint, lint_groups, suspect
from .lookup import Resolver
from .name_clashes import shadowed_aliases, shared_ids
from .parsed_files import FreshFiles, read_record
from .resolution import NO_PAGE, NotPages, page_addresses, resolve_targets
from .suspect import Confirmations
from .wiki_config import Redlink, WikiConfig, plugin_settings_from_values, read_wiki_config

#: Steps by which a bare word in frontmatter names a page: exact ones, never a title or alias.
_ID_STEPS = frozenset(("page id", "frontmatter id", "file name"))
DEFAULT_CONFIG_PAGE = "wiki-config.md"


@dataclass
class Options:
    """Settings from mkdocs.yml (or the command line); every field has the plugin's default."""

    relationship_field: str | None = None
    config_page: str = DEFAULT_CONFIG_PAGE
    types: list[Any] = field(default_factory=list)
    redlinks: list[Any] = field(default_factory=list)
    severity: Mapping[str, str] = field(default_factory=dict)
    #: Name of the file ``types`` came from, relative to the docs folder, for diagnostics.
    types_file: str = "mkdocs.yml"
    #: The docs folder: a page whose file resolves outside it (a symbolic link) is not read.
    docs_dir: str | None = None
    #: Files in the docs folder that are not pages, with the reason (see sources.PageSet).
    not_pages: Mapping[str, str] = field(default_factory=dict)
    #: ``types`` and ``redlinks`` already read from mkdocs.yml with their lines (and the
    #: problems found there); when set, the plain ``types`` and ``redlinks`` are not used.
    plugin_settings: tuple[WikiConfig, list[Diagnostic]] | None = None
    #: Edge keys read as an edge's note (mkdocs.yml's ``note_keys``); None: wiki-config.md's,
    #: else the default.
    note_keys: tuple[str, ...] | None = None
    #: The dialect keys set in mkdocs.yml (``type_key``, ``relation_keys``...); each wins over
    #: wiki-config.md's.
    dialect: DialectSettings = field(default_factory=DialectSettings)


@dataclass
class Wiki:
    graph: Graph
    diagnostics: list[Diagnostic]
    config: WikiConfig
    resolver: Resolver
    #: Edges whose target changed since they were confirmed, as (source page id, line).
    suspect: frozenset[tuple[str, int]] = frozenset()
    #: The reviewed-edges file, as read (see wiki/suspect.py).
    confirmations: Confirmations | None = None
    #: How the pages were read.
    dialect: Dialect = field(default_factory=Dialect)
    #: The page id of wiki-config.md when it is a page: the wiki's settings, not its content
    #: (``list: pages`` leaves it out).
    config_page_id: str | None = None
    #: wiki-config.md's frontmatter as read (None when it is not read), for its other readers.
    config_frontmatter: Frontmatter | None = None
    #: Pages linked to a file outside the docs folder: told once, their text never read.
    outside: frozenset[str] = frozenset()

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "warning"]

    def unknown_type_groups(self) -> tuple[str, list[lint_groups.UnknownTypeGroup]]:
        """(severity, groups) for unknown types used on many edges; nothing when silenced."""
        level = next((d.severity for d in self.diagnostics if d.code == "unknown-type"), None)
        if level is None:
            return "", []
        return level, lint_groups.unknown_type_groups(self.graph)

    def grouped(self) -> list[tuple[str, str]]:
        """(severity, line) told before the diagnostics: an unknown type or a missing target
        on many edges, whose fix is one line in wiki-config.md rather than each edge."""
        level, groups = self.unknown_type_groups()
        lines = [(level, group.message()) for group in groups]
        level, missing = self.missing_target_groups()
        lines.extend((level, group.message()) for group in missing)
        return lines

    def missing_target_groups(self) -> tuple[str, list[lint_groups.MissingTargetGroup]]:
        """(severity, groups) for targets matching no page on many edges."""
        missing = [
            d for d in self.diagnostics if d.code == "missing-target" and NO_PAGE in d.message
        ]
        if not missing:
            return "", []
        return missing[0].severity, lint_groups.missing_target_groups(self.graph, missing)


def load_wiki(
    sources: Mapping[str, str],
    options: Options | None = None,
    found: Iterable[Diagnostic] = (),
    read: FreshFiles | None = None,
) -> Wiki:
    """Read the frontmatter of every page and lint the graph.

    ``sources`` maps each page's docs-relative, ``/``-separated path to the file to read;
    ``found`` holds what listing them reported (a folder link that loops); ``read`` reads each
    file, and may hand back what it read before (:class:`~.parsed_files.ParsedFiles`, under
    ``mkdocs serve``).
    """
    return _load(sources, options or Options(), list(found), read or FreshFiles())


def _load(
    sources: Mapping[str, str],
    options: Options,
    diagnostics: list[Diagnostic],
    read: FreshFiles,
) -> Wiki:
    files = sorted(sources)

    inside = _Containment(options.docs_dir, read.written)
    config_fm: Frontmatter | None = None
    if options.config_page in sources and inside(sources[options.config_page]):
        config_fm = read(sources[options.config_page], options.config_page)
        wiki_config = read_wiki_config(config_fm)
    else:
        wiki_config = WikiConfig()
    field_name = _field(options, wiki_config, diagnostics)
    dialect = _dialect(options, wiki_config, field_name, diagnostics)

    declared = list(wiki_config.types)
    settings, problems = options.plugin_settings or plugin_settings_from_values(
        options.types, options.redlinks, options.types_file
    )
    diagnostics.extend(problems)
    declared += settings.types
    for key, redlink in settings.redlinks.items():
        # Line 0: a stale redlink is reported in wiki-config.md only (by its line there).
        wiki_config.redlinks.setdefault(key, Redlink(redlink.target, redlink.reason, 0))
    vocabulary, problems = merge(declared)
    diagnostics.extend(problems)

    pages: dict[str, Page] = {}
    note_keys = options.note_keys or wiki_config.note_keys or DEFAULT_NOTE_KEYS
    read_options = ReadOptions(field=field_name, note_keys=note_keys, dialect=dialect)
    other_fields = OtherFields(field_name, dialect)
    outside: set[str] = set()
    for file in files:
        if file == options.config_page and config_fm is not None:
            record = read_record(file, config_fm, read_options, other_fields)
        elif not inside(sources[file]):
            outside.add(file)
            fm = Frontmatter(file)
            fm.diagnostics.append(
                Diagnostic(
                    file,
                    1,
                    "outside-docs",
                    "this page is a symbolic link to a file outside the docs folder, so its "
                    "frontmatter is not read; move the file into the docs folder",
                )
            )
            record = read_record(file, fm, read_options, other_fields)
        else:
            record = read.page(sources[file], file, read_options, other_fields)
        pages[record.page.id] = record.page
        diagnostics.extend(record.diagnostics)
        if file != options.config_page:
            other_fields.add(record.seen)
    diagnostics.extend(other_fields.diagnostics(options.config_page))

    if vocabulary.spelled:
        # A spelling a type declares (depends_on) is that type from here on: one type, so a
        # loop through two spellings is still a loop.
        for page in list(pages.values()):
            if any(edge.type in vocabulary.spelled for edge in page.declared):
                declared_edges = tuple(
                    replace(edge, type=vocabulary.spelled.get(edge.type, edge.type))
                    for edge in page.declared
                )
                pages[page.id] = replace(page, declared=declared_edges)
    resolver = read.resolver(
        tuple(
            (page.id, page.frontmatter_id, page.aliases, page.title, _kind(page))
            for page in pages.values()
        ),
        (dialect.kind_prefixes, dialect.shared_names == "nearest", dialect.vault_folder),
    )
    diagnostics.extend(shadowed_aliases(pages.values(), resolver, sources))
    diagnostics.extend(shared_ids(pages.values(), dialect.id_key, resolver, sources))
    addresses = page_addresses(pages.values())  # before _released empties pages
    resolved, problems = resolve_targets(
        _released(pages),
        resolver,
        wiki_config,
        NotPages(options.not_pages, options.docs_dir),
        read.resolutions((resolver, wiki_config.redlinks, options.not_pages, files)),
        addresses,
    )
    diagnostics.extend(problems)
    graph = Graph.of(vocabulary, resolved)
    diagnostics.extend(lint.check(graph))
    diagnostics.extend(
        other_fields.unread(
            lambda word, source: resolver.resolve(word, source).step in _ID_STEPS,
            graph.edge_count,
            options.config_page,
        )
    )
    reviewed = suspect.reviewed_file(options.docs_dir, options.config_page, sources)
    confirmations = suspect.read_confirmations(
        reviewed,
        suspect.reviewed_path(options.config_page),
        # Its folder may be a link out of the docs; the file's own link is never followed.
        outside=reviewed is not None and not inside.holds(os.path.dirname(reviewed)),
    )
    found, suspects = suspect.check(graph, sources, confirmations)
    diagnostics.extend(found)
    if options.severity.get("suspect-edge") == "ignore":
        # Silenced: no panel marks what the lint does not report.
        suspects = frozenset()
    config_id = page_id_for(options.config_page)
    return Wiki(
        graph,
        apply_severity(diagnostics, options.severity),
        wiki_config,
        resolver,
        suspects,
        confirmations,
        dialect,
        config_id if config_id in graph.pages else None,
        config_fm,
        frozenset(outside),
    )


def _released(pages: dict[str, Page]) -> Iterator[Page]:
    """Each declared page, dropped from ``pages`` as it is handed on: its resolved copy
    replaces it, and the wiki never holds both halves of every page at once."""
    for page_id in list(pages):  # by key: the first of a dict emptied from its front is
        yield pages.pop(page_id)  # found past every slot emptied before it


class _Containment:
    """Whether a file really lies inside the docs folder, following symbolic links.

    MkDocs follows links while it walks the docs folder. Resolving every path would cost a
    system call per path component per page, so folders are resolved once and files only
    when they are links themselves.
    """

    def __init__(self, docs_dir: str | None, written: Callable[[str], bool]) -> None:
        self.root = os.path.realpath(docs_dir) if docs_dir else None
        self._folders: dict[str, bool] = {}
        #: Whether a file is one this command wrote (a revision's): never a link.
        self._written = written

    def _within(self, path: str) -> bool:
        assert self.root is not None
        return path == self.root or path.startswith(self.root.rstrip(os.sep) + os.sep)

    def __call__(self, path: str) -> bool:
        if self._written(path):
            return True  # listed inside the docs folder, and no link is ever written
        if not self.holds(os.path.dirname(path)):
            return False
        return not os.path.islink(path) or self._within(os.path.realpath(path))

    def holds(self, folder: str) -> bool:
        """Whether ``folder`` really lies inside the docs folder."""
        if self.root is None:
            return True
        inside = self._folders.get(folder)
        if inside is None:
            inside = self._folders[folder] = self._within(os.path.realpath(folder))
        return inside


def _field(options: Options, config: WikiConfig, diagnostics: list[Diagnostic]) -> str:
    if (
        options.relationship_field
        and config.relationship_field
        and options.relationship_field != config.relationship_field
        and config.file
    ):
        diagnostics.append(
            Diagnostic(
                config.file,
                config.field_line,
                "invalid-vocabulary",
                f"relationship_field is {config.relationship_field!r} here but "
                f"{options.relationship_field!r} in mkdocs.yml; set it in one place",
            )
        )
    return options.relationship_field or config.relationship_field or DEFAULT_FIELD


def _dialect(
    options: Options, config: WikiConfig, field_name: str, diagnostics: list[Diagnostic]
) -> Dialect:
    """mkdocs.yml's dialect keys over wiki-config.md's; a field named in mkdocs.yml (or on the
    command line) replaces wiki-config.md's list of fields."""
    settings = options.dialect.over(config.dialect)
    if options.relationship_field or not settings.fields:
        settings.fields = (field_name,)
    dialect = settings.dialect(field_name)
    problem = field_overlap(dialect)
    if problem is not None:
        line = config.dialect.lines.get("relation_keys", config.dialect.lines.get("readings", 1))
        diagnostics.append(
            Diagnostic(config.file or options.types_file, line, "invalid-vocabulary", problem)
        )
        # Each key read once: as a field, else as a relation key, else by its first reading.
        keys = tuple(k for k in dialect.relation_keys if k not in dialect.fields)
        first = {r.field: r for r in reversed(dialect.mapped) if r.field not in keys}
        dialect = replace(
            dialect,
            relation_keys=keys,
            readings=tuple(r for r in dialect.readings if r not in dialect.mapped)
            + tuple(dict.fromkeys(first[r.field] for r in dialect.mapped if r.field in first)),
        )
    return dialect


def _kind(page: Page) -> str | None:
    """The page's ``type:`` in its frontmatter, when it is text: what kind of page it is."""
    kind = page.meta.get("type")
    return kind if isinstance(kind, str) and kind.strip() else None
