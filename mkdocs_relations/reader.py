"""Turns one page's frontmatter into the declared half of a :class:`~mkdocs_relations.graph.Page`.

Shape problems (a field that is not a list, an entry without a type, a target YAML read as a
date) become diagnostics here; whether targets exist is decided later, once every page is known.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .diagnostics import clip
from .frontmatter import (
    Frontmatter,
    construct,
    describe,
    plain_text,
    string_value,
)
from .frontmatter_hints import misnamed_field, unreachable_id
from .graph import DeclaredEdge, Page
from .targets import MARKDOWN_EXTENSIONS, TargetError, parse_target
from .yamlvalues import STR_TAG, merged_items, repeated_keys

NOTE_KEYS = ("note", "description")
#: Keys that make an edge; every other key (``note``, ``via``, ``evidence``...) is kept in
#: ``Edge.extra`` as written, for the panel's note and for the exports.
EDGE_KEYS = ("type", "target", "redlink")
#: Value in Material's ``hide:`` list that hides the relationships panel on a page.
HIDE_VALUE = "relations"

_EXAMPLE = '- {type: depends-on, target: "[[page-slug]]"}'


@dataclass(frozen=True)
class ReadOptions:
    field: str = "relationships"


def page_id_for(file: str) -> str:
    """``platform/checkout.md`` -> ``platform/checkout``."""
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
    frontmatter_id = _frontmatter_id(fm)
    aliases = _aliases(fm)
    superseded_by = _superseded_by(fm)
    hide_panel = _hidden(fm)
    field_node = fm.get(options.field)
    declared: tuple[DeclaredEdge, ...] = ()
    if field_node is not None:
        declared = _edges(page_id, options.field, field_node, fm)
    elif options.field not in fm.keys:
        misnamed_field(options.field, fm)
    return Page(
        page_id,
        file,
        title=None if title is None else plain_text(title),
        frontmatter_id=frontmatter_id,
        aliases=aliases,
        declared=declared,
        superseded_by=superseded_by,
        hide_panel=hide_panel,
        meta=_meta(fm, options.field),
    )


def _frontmatter_id(fm: Frontmatter) -> str | None:
    id_node = fm.get("id")
    if id_node is None:
        return None
    text = string_value(id_node)
    if text is None:
        fm.error(
            fm.line(id_node),
            "invalid-frontmatter",
            f"id is {describe(id_node)}, not text, so nothing can link to it; quote it: "
            f'id: "{_raw(id_node)}"',
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


def _meta(fm: Frontmatter, field: str) -> dict[str, str | list[str] | None]:
    """Scalar and list-of-scalar values as text; cheap, because strings need no construction."""
    meta: dict[str, str | list[str] | None] = {}
    for key, (_, node) in fm.keys.items():
        if key == field:
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
        value = construct(node)
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


def _edges(source: str, field: str, node: Node, fm: Frontmatter) -> tuple[DeclaredEdge, ...]:
    if isinstance(node, ScalarNode) and node.tag.endswith(":null"):
        return ()  # `relationships:` with nothing under it: no edges, as with `[]`
    if not isinstance(node, SequenceNode):
        fm.error(
            fm.key_line(field),
            "malformed-relationship",
            f"{field} must be a list of entries, not {describe(node)}; write one list item per "
            f"edge, e.g. {_EXAMPLE}",
        )
        return ()
    edges = (_edge(source, field, entry, fm) for entry in node.value)
    return tuple(edge for edge in edges if edge is not None)


def _edge(source: str, field: str, entry: Node, fm: Frontmatter) -> DeclaredEdge | None:
    line = fm.line(entry)
    if not isinstance(entry, MappingNode):
        fm.error(
            line,
            "malformed-relationship",
            f"each entry of {field} must be a mapping with type and target, not "
            f"{describe(entry)}; write it as {_EXAMPLE}",
        )
        return None
    for key, _, again in repeated_keys(entry):
        fm.error(
            fm.line(again),
            "malformed-relationship",
            f"key {clip(key)!r} appears twice in this entry; YAML keeps only the last one, "
            "so keep one (one edge per entry)",
        )
    keys = merged_items(entry)
    type_pair = keys.get("type")
    target_pair = keys.get("target")
    if any(fm.spoiled(pair[1]) for pair in (type_pair, target_pair) if pair is not None):
        return None  # the value YAML cannot build is reported at its own line
    problems = False
    if type_pair is None:
        fm.error(line, "malformed-relationship", "entry has no type; add e.g. 'type: depends-on'")
        problems = True
    elif string_value(type_pair[1]) is None or not str(type_pair[1].value).strip():
        fm.error(
            fm.line(type_pair[0]),
            "malformed-relationship",
            f"type is {_describe_empty(type_pair[1])}; write a type name such as depends-on",
        )
        problems = True
    if target_pair is None:
        fm.error(
            line,
            "malformed-relationship",
            "entry has no target; add e.g. 'target: \"[[page-slug]]\"'",
        )
        return None
    target_line = fm.line(target_pair[0])
    text = target_text(target_pair[1])
    if text is None:
        fm.error(target_line, "malformed-relationship", _bad_target(target_pair[1]))
        return None
    try:
        target = parse_target(text)
    except TargetError as exc:
        fm.error(target_line, "malformed-relationship", str(exc))
        return None
    if problems or type_pair is None:
        return None
    usable = {key: pair for key, pair in keys.items() if not fm.spoiled(pair[1])}
    redlink, reason = _redlink(usable.get("redlink"), fm)
    note = None
    for note_key in NOTE_KEYS:
        if note_key in usable:
            note = plain_text(usable[note_key][1])
            if note:
                break
    extra = {}
    for key, (key_node, value_node) in usable.items():
        if key not in EDGE_KEYS:
            try:
                extra[key] = construct(value_node)
            except ValueError as exc:  # too large, or refers to itself: said, not dropped
                extra[key] = None
                fm.error(
                    fm.line(key_node),
                    "invalid-frontmatter",
                    f"{clip(key)}: {exc}, so this edge attribute is left out; write it out "
                    "without aliases",
                )
    return DeclaredEdge(
        source=source,
        type=str(type_pair[1].value).strip(),
        target=target.path,
        line=target_line,
        type_line=fm.line(type_pair[0]),
        alias=target.alias,
        whole=target.whole if target.heading is not None else None,
        note=note,
        redlink=redlink,
        redlink_reason=reason,
        extra=extra,
    )


def target_text(node: Node) -> str | None:
    """A target as text; an unquoted ``[[slug]]`` (a list in a list to YAML) counts as written."""
    text = string_value(node)
    if text is not None:
        return text
    if (
        isinstance(node, SequenceNode)
        and len(node.value) == 1
        and isinstance(node.value[0], SequenceNode)
        and len(node.value[0].value) == 1
    ):
        inner = plain_text(node.value[0].value[0])
        if inner is not None:
            return f"[[{inner}]]"
    return None


def _redlink(pair: tuple[Node, Node] | None, fm: Frontmatter) -> tuple[bool, str | None]:
    if pair is None:
        return False, None
    node = pair[1]
    if isinstance(node, ScalarNode) and node.tag.endswith(":bool"):
        try:
            return bool(construct(node)), None
        except ValueError:
            return False, None  # reported where the frontmatter was read
    text = plain_text(node)
    if text:
        return True, text
    fm.error(
        fm.line(pair[0]),
        "malformed-relationship",
        "redlink must be true or a reason such as 'planned page'",
    )
    return False, None


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


def _describe_empty(node: Node) -> str:
    if isinstance(node, ScalarNode) and node.tag.endswith(":str"):
        return "empty"
    return describe(node)


def _bad_target(node: Node) -> str:
    what = describe(node)
    if isinstance(node, SequenceNode):
        return f"target is {what}, not a page; write one edge per target"
    if isinstance(node, MappingNode) or node.tag.endswith(":null"):
        return f'target is {what}, not a page; write the page, e.g. target: "[[page-slug]]"'
    return f'target is {what}, not a page; quote it: target: "{_raw(node)}"'


def _raw(node: Node) -> str:
    return clip(str(node.value)) if isinstance(node, ScalarNode) else "..."
