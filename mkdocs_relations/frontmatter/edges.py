"""One page's relationship list to :class:`~mkdocs_relations.model.graph.DeclaredEdge` records.

Each entry is checked for its shape (a mapping with a type and a target that is text, keys
written once); every problem is a diagnostic at the line of the key or value at fault, and
an entry with one is left out rather than guessed at.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..model.diagnostics import clip
from ..model.graph import DeclaredEdge
from ..model.targets import TargetError, parse_target
from .block import Frontmatter
from .nodes import build, describe, merged_items, plain_text, repeated_keys, string_value

#: Edge keys read as an edge's note, first found wins (``note_keys`` in wiki-config.md or
#: mkdocs.yml replaces them).
DEFAULT_NOTE_KEYS = ("note", "description", "via")
#: Keys that make an edge; every other key (``note``, ``via``, ``evidence``...) is kept in
#: ``Edge.extra`` as written, for the panel's note and for the exports.
EDGE_KEYS = ("type", "target", "redlink")

_EXAMPLE = '- {type: depends-on, target: "[[page-slug]]"}'


def read_edges(
    source: str, field: str, node: Node, fm: Frontmatter, note_keys: Sequence[str]
) -> tuple[DeclaredEdge, ...]:
    """The entries of ``field`` that make an edge; the others are reported and left out."""
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
    edges = (_edge(source, field, entry, fm, note_keys) for entry in node.value)
    return tuple(edge for edge in edges if edge is not None)


def _edge(
    source: str, field: str, entry: Node, fm: Frontmatter, note_keys: Sequence[str]
) -> DeclaredEdge | None:
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
    extra = {}
    for key, (key_node, value_node) in usable.items():
        if key not in EDGE_KEYS:
            try:
                extra[key] = build(value_node)
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
        note=next(filter(None, (note_text(extra.get(key)) for key in note_keys)), None),
        redlink=redlink,
        redlink_reason=reason,
        extra=extra,
    )


def note_text(value: object) -> str | None:
    """An edge attribute as a one-line note: text, a number or a date; nothing else."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (str, int, float, datetime.date)):
        return " ".join(str(value).split()) or None
    return None


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
            return bool(build(node)), None
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
    return f'target is {what}, not a page; quote it: target: "{raw_value(node)}"'


def raw_value(node: Node) -> str:
    """A scalar's text as written, clipped for a message."""
    return clip(str(node.value)) if isinstance(node, ScalarNode) else "..."
