"""The plugin's options in mkdocs.yml."""

from __future__ import annotations

import string
from collections.abc import Mapping

from mkdocs.config import base
from mkdocs.config import config_options as c

from .frontmatter.dialect import key_problem
from .model.diagnostics import SEVERITIES, check_severity_overrides
from .model.paths import DEFAULT_MAX_HOPS
from .output.labels import DEFAULT_LABELS, QUERY_LABELS
from .output.panel import DEFAULT_PICTURE_LIMIT, PANELS, PLACEMENTS
from .query.overview import DEFAULT_LABELS as OVERVIEW_LABELS
from .wiki.pipeline import DEFAULT_CONFIG_PAGE


class SeverityOption(c.DictOfItems[str]):
    """``{lint-code: error | warning | ignore}``; an unknown code is a configuration error."""

    def __init__(self) -> None:
        super().__init__(c.Choice(SEVERITIES), default={})

    def run_validation(self, value: object) -> dict[str, str]:
        result = super().run_validation(value)
        problems = check_severity_overrides(result)
        if problems:
            raise base.ValidationError("; ".join(problems))
        return result


class AtLeast(c.Type[int]):
    """An integer with a lower bound, checked where MkDocs checks every option."""

    def __init__(self, minimum: int, default: int) -> None:
        super().__init__(int, default=default)
        self.minimum = minimum

    def run_validation(self, value: object) -> int:
        if isinstance(value, bool):  # YAML's `true` is an int to Python
            raise base.ValidationError(f"expected a whole number, not {value!r}")
        number = super().run_validation(value)
        if number < self.minimum:
            raise base.ValidationError(f"must be {self.minimum} or more, not {number}")
        return number


class PlacementOption(c.Choice[str]):
    """Where something goes, or ``off``; YAML reads an unquoted ``off`` as false, so false is
    off too (the user wrote ``off``)."""

    def __init__(self) -> None:
        super().__init__(PLACEMENTS, default="bottom")

    def run_validation(self, value: object) -> str:
        if value is False:
            return "off"
        if value is True:
            raise base.ValidationError(
                f"true is not a place: write one of {', '.join(PLACEMENTS)} (YAML reads an "
                "unquoted yes or on as true)"
            )
        return str(super().run_validation(value))


class DocsPageOption(c.Type[str]):
    """A page the plugin generates or reads: a docs-relative ``.md`` path that stays in the docs.

    MkDocs writes a generated file at its path under site_dir, so ``/abs/page.md`` or
    ``../page.md`` would be written outside the site; and ``review --accept`` writes beside
    wiki-config.md, so its path must not lead out of the docs folder either.
    """

    #: The same rule for JSON Schema (ECMAScript regular expressions).
    PATTERN = r"^(?![/\\])(?![A-Za-z]:)(?!(?:.*/)?\.\.(?:/|$))[^\\]*\.md$"

    def __init__(self, default: str | None = None) -> None:
        super().__init__(str, default=default)

    def run_validation(self, value: object) -> str:
        path = super().run_validation(value)
        parts = path.split("/")
        if (
            path.startswith("/")
            or "\\" in path
            or (len(path) > 1 and path[1] == ":")
            or ".." in parts
            or not path.endswith(".md")
        ):
            raise base.ValidationError(
                f"{path!r} is not a page inside the docs folder: write a docs-relative path "
                "such as 'overview.md'"
            )
        return path


class KeyNameOption(c.Type[str]):
    """A frontmatter key's name, checked by the rule wiki-config.md's dialect keys follow."""

    def __init__(self, setting: str) -> None:
        super().__init__(str)
        self.setting = setting

    def run_validation(self, value: object) -> str:
        text = super().run_validation(value)
        problem = key_problem(text, self.setting)
        if problem:
            raise base.ValidationError(problem)
        return text


class FieldsOption(base.BaseConfigOption[str | list[str]]):
    """One frontmatter key holding edges, or a list of them."""

    def run_validation(self, value: object) -> str | list[str]:
        names = value if isinstance(value, list) and value else [value]
        for name in names:
            problem = key_problem(name, "relationship_field")
            if problem:
                raise base.ValidationError(problem.replace("relationship_field", "field", 1))
        return value  # type: ignore[return-value]


class LabelsOption(c.DictOfItems[str]):
    """Interface text; a known label may use only the placeholders its default uses."""

    def __init__(self) -> None:
        super().__init__(c.Type(str), default={})

    def run_validation(self, value: object) -> dict[str, str]:
        result = super().run_validation(value)
        problems = check_labels(result)
        if problems:
            raise base.ValidationError("; ".join(problems))
        return result


#: Every interface text with its default: the panel's and finder's, blocks' and the overview's.
KNOWN_LABELS = {**DEFAULT_LABELS, **QUERY_LABELS, **OVERVIEW_LABELS}


def check_labels(labels: Mapping[str, str]) -> list[str]:
    """Problems with a user's ``labels``, as sentences (empty when they are all usable).

    ``transitive: "{0}"`` would fail every page of the build with a KeyError, and the path
    finder would show ``{0}`` as is; both are caught here, with the placeholders to use.
    """
    problems = []
    for key, text in labels.items():
        default = KNOWN_LABELS.get(key)
        if default is None:
            continue  # a type's label (``depends-on``, ``depends-on.inverse``): plain text
        allowed = placeholders(default)
        try:
            used = placeholders(text)
            text.format(**{name: "x" for name in allowed})
            # labels.fill (and the finder's script) fill {name} only: "{n:>3}" or "{n!r}"
            # would be shown as written.
            plain = all(not spec and not conversion for *_, spec, conversion in _fields(text))
        except (ValueError, KeyError, IndexError, AttributeError):
            used, plain = None, False
        if used is None or not plain or not used <= allowed:
            named = ", ".join(f"{{{name}}}" for name in sorted(allowed)) or "no placeholders"
            problems.append(
                f"label {key!r} ({text!r}) can use {named}; write literal braces as {{{{ and }}}}"
            )
    return problems


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in _fields(text) if field is not None}


def _fields(text: str) -> list[tuple[str, str | None, str | None, str | None]]:
    return [item for item in string.Formatter().parse(text) if item[1] is not None]


class RelationsConfig(base.Config):
    # Each ``#:`` comment is the option's description in the JSON Schemas (json_schemas.py).
    #: Set to false to turn the plugin off (handy with ``!ENV``).
    enabled = c.Type(bool, default=True)
    #: Frontmatter key holding the edges, or a list of such keys; unset means wiki-config.md's
    #: ``relationship_field``, else ``relationships``.
    field = c.Optional(FieldsOption())
    #: Docs-relative path of the page whose frontmatter describes the graph.
    config_page = DocsPageOption(default=DEFAULT_CONFIG_PAGE)
    #: Extra edge types, in the same form as ``relationship_types`` in wiki-config.md.
    types = c.ListOfItems(c.Type((dict, str)), default=[])
    #: Deliberate redlinks, in the same form as ``redlinks`` in wiki-config.md.
    redlinks = c.ListOfItems(c.Type((dict, str)), default=[])
    #: Severity per lint code: error, warning, info or ignore.
    severity = SeverityOption()
    #: Stop the build when an error-severity diagnostic exists.
    fail_on_error = c.Type(bool, default=True)
    #: Where the relationships panel goes in each page's content.
    placement = PlacementOption()
    #: Where the path finder goes in each page's content.
    path_finder = PlacementOption()
    #: Which parts of the panel to show.
    panels = c.ListOfItems(c.Choice(PANELS), default=list(PANELS))
    #: Bound on transitive reach and path queries.
    max_hops = AtLeast(1, default=DEFAULT_MAX_HOPS)
    #: Past this many neighbours the picture shows one node per type and direction.
    picture_limit = AtLeast(0, default=DEFAULT_PICTURE_LIMIT)
    #: Docs-relative path of a generated overview page (types, wanted pages, orphans, hubs,
    #: superseded pages); unset: none. A page of your own can hold the overview instead: put
    #: ``<!-- relations/overview -->`` on a line of it.
    overview = c.Optional(DocsPageOption())
    #: Interface text and type labels (``depends-on``, ``depends-on.inverse``) for other languages.
    labels = LabelsOption()
    #: Edge keys shown as an edge's note, first found wins; unset means wiki-config.md's
    #: ``note_keys``, else note, description, via.
    note_keys = c.Optional(c.ListOfItems(c.Type(str)))
    #: A trail of the page's part-of chain above its content ("Platform › Checkout › Ledger").
    breadcrumbs = c.Type(bool, default=False)
    #: Render ``[[wikilinks]]`` in page text as links, resolved as edge targets are; a broken
    #: one is reported as ``broken-wikilink``.
    wikilinks = c.Type(bool, default=False)
    #: With ``wikilinks``: under the panel, the pages whose text links to this page. Untyped
    #: mentions never enter the graph, paths, reach, queries or the lint of edges.
    mentions = c.Type(bool, default=False)
    #: The key of an edge entry that names its type; unset means wiki-config.md's
    #: ``type_key``, else ``type``.
    type_key = c.Optional(KeyNameOption("type_key"))
    #: The key of an edge entry that names its target; unset means wiki-config.md's
    #: ``target_key``, else ``target``.
    target_key = c.Optional(KeyNameOption("target_key"))
    #: The key of an edge entry holding a list of targets of its type (``links``); unset
    #: means wiki-config.md's ``targets_key``, else none.
    targets_key = c.Optional(KeyNameOption("targets_key"))
    #: Frontmatter keys that are type names, each holding a list of targets
    #: (``supports: ["[[a]]"]``); unset means wiki-config.md's ``relation_keys``, else none.
    relation_keys = c.Optional(c.ListOfItems(KeyNameOption("relation_keys")))
    #: The frontmatter key holding a page's own id; unset means wiki-config.md's
    #: ``id_key``, else ``id``.
    id_key = c.Optional(KeyNameOption("id_key"))
