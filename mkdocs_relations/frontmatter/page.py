"""Turns one page's frontmatter into the declared half of a
:class:`~mkdocs_relations.model.graph.Page`.

Shape problems (a field that is not a list, an entry without a type, a target YAML read as a
date) become diagnostics here; whether targets exist is decided later, once every page is known.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from yaml.nodes import ScalarNode, SequenceNode

from ..model.graph import DeclaredEdge, Page
from ..model.targets import MARKDOWN_EXTENSIONS
from .block import Frontmatter
from .dialect import Dialect
from .dialect_fields import DEFAULT_FIELD
from .edges import (
    DEFAULT_NOTE_KEYS,
    Unquoted,
    raw_value,
    read_edges,
    read_mapped,
    read_relation_key,
    target_text,
)
from .hints import misnamed_field, unreachable_id
from .nodes import STR_TAG, build, describe, plain_text, string_value

#: Value in Material's ``hide:`` list that hides the relationships panel on a page.
HIDE_VALUE = "relations"


@dataclass(frozen=True)
class ReadOptions:
    field: str = DEFAULT_FIELD
    note_keys: tuple[str, ...] = DEFAULT_NOTE_KEYS
    #: How the wiki writes edges; None: entries of ``field`` with type and target.
    dialect: Dialect | None = None

    @property
    def reading(self) -> Dialect:
        return self.dialect or Dialect(fields=(self.field,))


def page_id_for(file: str) -> str:
    """``platform/checkout.md`` -> ``platform/checkout``."""
    if file.endswith(".md"):  # nearly every page (the first extension tried), without lower()
        return file[:-3]
    lowered = file.lower()
    for extension in MARKDOWN_EXTENSIONS:
        if lowered.endswith(extension):
            return file[: -len(extension)]
    return file


def read_page(file: str, frontmatter: Frontmatter, options: ReadOptions) -> Page:
    """The declared half of a page; problems are appended to ``frontmatter.diagnostics``."""
    page_id = page_id_for(file)
    fm = frontmatter
    if fm.root is None:
        return Page(page_id, file)
    title = fm.get("title")
    # In the order the keys are checked, so their problems are listed in that order.
    dialect = options.reading
    frontmatter_id = _frontmatter_id(fm, dialect.id_key)
    aliases = _aliases(fm)
    superseded_by = _superseded_by(fm)
    hide_panel = _hidden(fm)
    declared: tuple[DeclaredEdge, ...] = ()
    unquoted = Unquoted()
    for name in dialect.fields:
        field_node = fm.get(name)
        if field_node is not None:
            declared += read_edges(
                page_id, name, field_node, fm, options.note_keys, dialect, unquoted
            )
        elif name not in fm.keys and name == dialect.fields[0]:
            misnamed_field(name, fm)
    for name in dialect.relation_keys:
        node = fm.get(name)
        if node is not None:
            declared += read_relation_key(
                page_id, name, node, fm, options.note_keys, dialect, unquoted
            )
    for form in dialect.mapped:
        node = fm.get(form.field)
        if node is not None:
            declared += read_mapped(page_id, form, node, fm, options.note_keys, dialect, unquoted)
    unquoted.report(fm)
    return Page(
        page_id,
        file,
        title=None if title is None else plain_text(title),
        frontmatter_id=frontmatter_id,
        aliases=aliases,
        declared=declared,
        superseded_by=superseded_by,
        hide_panel=hide_panel,
        meta=_meta(fm, dialect.read_keys),
    )


def _frontmatter_id(fm: Frontmatter, key: str) -> str | None:
    id_node = fm.get(key)
    if id_node is None:
        return None
    text = string_value(id_node)
    if text is None:
        fm.error(
            fm.line(id_node),
            "invalid-frontmatter",
            f"{key} is {describe(id_node)}, not text, so nothing can link to it; quote it: "
            f'{key}: "{raw_value(id_node)}"',
        )
        return None
    problem = unreachable_id(text)
    if problem is not None:  # reported, and resolution is left as it was
        fm.error(fm.line(id_node), "invalid-frontmatter", problem)
    return text


def _superseded_by(fm: Frontmatter) -> tuple[str, int] | None:
    node = fm.get("superseded_by")
    if node is None or fm.spoiled(node):
        return None
    text = target_text(node)
    if text is None:
        fm.error(
            fm.line(node),
            "malformed-relationship",
            f"superseded_by is {describe(node)}; write it as a page, e.g. "
            'superseded_by: "[[new-page]]"',
        )
        return None
    return text, fm.line(node)


def _meta(fm: Frontmatter, read: frozenset[str]) -> dict[str, str | list[str] | None]:
    """Scalar and list-of-scalar values as text; cheap, because strings need no construction."""
    meta: dict[str, str | list[str] | None] = {}
    for key, (_, node) in fm.keys.items():
        if key in read:
            continue
        if isinstance(node, ScalarNode):
            meta[key] = meta_text(node)
        elif isinstance(node, SequenceNode):
            items = [meta_text(item) for item in node.value if isinstance(item, ScalarNode)]
            meta[key] = [item for item in items if item is not None]
    return meta


def meta_text(node: ScalarNode) -> str | None:
    """A frontmatter scalar as the text queries compare: ``true``/``false`` for booleans."""
    if node.tag == STR_TAG:
        return str(node.value)
    if node.tag.endswith(":null"):
        return None
    try:
        value = build(node)
    except (ValueError, TypeError):
        return str(node.value)
    return query_text(value)


def query_text(value: object) -> str | None:
    """The text form shared by frontmatter values and the values a query compares them with."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    return str(value)


def _aliases(fm: Frontmatter) -> tuple[str, ...]:
    node = fm.get("aliases")
    if node is None:
        return ()
    items = node.value if isinstance(node, SequenceNode) else [node]
    aliases = []
    for item in items:
        if fm.spoiled(item):
            continue
        text = plain_text(item) if isinstance(item, ScalarNode) else None
        if text is None or not text.strip():
            fm.error(
                fm.line(item),
                "invalid-frontmatter",
                f"alias is {describe(item)}; each alias must be text",
            )
            continue
        aliases.append(text.strip())
    return tuple(aliases)


def _hidden(fm: Frontmatter) -> bool:
    node = fm.get("hide")
    if isinstance(node, SequenceNode):
        return any(string_value(item) == HIDE_VALUE for item in node.value)
    return False
