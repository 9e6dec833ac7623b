"""One page's relationship list to :class:`~mkdocs_relations.model.graph.DeclaredEdge` records.

Each entry is checked for its shape (a mapping with a type and a target that is text, keys
written once); every problem is a diagnostic at the line of the key or value at fault, and
an entry with one is left out rather than guessed at.

Long because the three shapes a dialect gives an edge (an entry with one target, an entry
with a list of targets, a relation key holding targets) are read by one reader, so each
problem is worded and placed the same way in all three.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..model.diagnostics import clip
from ..model.graph import DeclaredEdge
from ..model.targets import TargetError, parse_target
from .block import Frontmatter
from .dialect import Dialect
from .nodes import (
    STR_TAG,
    build,
    describe,
    mapping_items,
    merged_items,
    plain_text,
    repeated_keys,
    string_value,
)
from .readings import Reading

#: Edge keys read as an edge's note, first found wins (``note_keys`` in wiki-config.md or
#: mkdocs.yml replaces them).
DEFAULT_NOTE_KEYS = ("note", "description", "via")
#: Keys that make an edge; every other key (``note``, ``via``, ``evidence``...) is kept in
#: ``Edge.extra`` as written, for the panel's note and for the exports.
EDGE_KEYS = Dialect().entry_keys


@dataclass
class Unquoted:
    """Targets written ``- [[page]]`` unquoted on one page, which YAML reads as a list in a
    list: read as the link meant, and told once per page, at the first one."""

    lines: list[tuple[int, str]] = field(default_factory=list)

    def report(self, fm: Frontmatter) -> None:
        if not self.lines:
            return
        line, inner = self.lines[0]
        more = len(self.lines) - 1
        others = f" ({more} more on this page)" if more else ""  # not "2 mores"
        fm.error(
            line,
            "unquoted-link",
            f"[[{clip(inner)}]] is unquoted, so YAML reads it as a list in a list{others}; it is "
            f'read as the link, but Obsidian does not link it: quote it, "[[{clip(inner)}]]"',
        )


def read_edges(
    source: str,
    field_name: str,
    node: Node,
    fm: Frontmatter,
    note_keys: Sequence[str],
    dialect: Dialect | None = None,
    unquoted: Unquoted | None = None,
) -> tuple[DeclaredEdge, ...]:
    """The entries of ``field_name`` that make an edge; the others are reported and left out."""
    dialect = dialect or Dialect(fields=(field_name,))
    if isinstance(node, ScalarNode) and node.tag.endswith(":null"):
        return ()  # `relationships:` with nothing under it: no edges, as with `[]`
    if not isinstance(node, SequenceNode):
        # A mapping from type to targets is the commonest shape in the wild: it can be read
        # as written, and init finds the line that says so.
        as_written = (
            "; or read it as written: 'mkdocs-relations init' says the readings: line for "
            "wiki-config.md"
            if isinstance(node, MappingNode)
            else ""
        )
        fm.error(
            fm.key_line(field_name),
            "malformed-relationship",
            f"{field_name} must be a list of entries, not {describe(node)}; write one list item "
            f"per edge, e.g. {_example(dialect)}{as_written}",
        )
        return ()
    form = dialect.reading(field_name, "entries")
    if form.type_key or form.target_key or form.targets_key:
        dialect = replace(
            dialect,
            type_key=form.type_key or dialect.type_key,
            target_key=form.target_key or dialect.target_key,
            targets_key=form.targets_key or dialect.targets_key,
        )
    reading = _Entries(source, field_name, fm, note_keys, dialect, unquoted or Unquoted(), form)
    return tuple(edge for entry in node.value for edge in reading.edges(entry))


def read_relation_key(
    source: str,
    key: str,
    node: Node,
    fm: Frontmatter,
    note_keys: Sequence[str],
    dialect: Dialect,
    unquoted: Unquoted,
    form: Reading | None = None,
    type_line: int | None = None,
) -> tuple[DeclaredEdge, ...]:
    """``supports: ["[[a]]", "[[b]]"]``: the key is the type, each item a target (or an
    entry with a target and attributes). ``form`` is the reading the targets are in (a
    relation key's own by default); ``type_line`` where the type is written, if not at
    ``key`` at the top level."""
    if isinstance(node, ScalarNode) and node.tag.endswith(":null"):
        return ()
    form = form or dialect.reading(key, "relation-key")
    reading = _Entries(source, key, fm, note_keys, dialect, unquoted, form)
    type_line = type_line or fm.key_line(key)
    # A list of targets, or one target (`supports: "[[a]]"`, or an unquoted `[[a]]`).
    items = node.value if isinstance(node, SequenceNode) and target_text(node) is None else [node]
    edges = []
    for item in items:
        if fm.spoiled(item):
            continue
        if isinstance(item, MappingNode):
            edges += reading.edges(item, key, type_line)
            continue
        if form.targets == "wikilinks" and not is_wikilink(item):
            continue  # text beside the links (a name, "Wiley (for [[x]])"): metadata
        edge = reading.edge(item, key, type_line, {})
        if edge is not None:
            edges.append(edge)
    return tuple(edges)


def read_mapped(
    source: str,
    form: Reading,
    node: Node,
    fm: Frontmatter,
    note_keys: Sequence[str],
    dialect: Dialect,
    unquoted: Unquoted,
) -> tuple[DeclaredEdge, ...]:
    """The shapes ``readings:`` describes beyond entries and relation keys: a mapping from
    type to targets (``type-map``), from kind to the targets of the field's own type
    (``kind-map``), or a list of one-key entries, ``- relates_to: "[[x]]"``."""
    if isinstance(node, ScalarNode) and node.tag.endswith(":null"):
        return ()
    name = form.field
    one_key = form.shape == "one-key-entries"
    if not isinstance(node, SequenceNode if one_key else MappingNode):
        example = '- relates_to: "[[page]]"' if one_key else 'depends_on: ["[[page]]"]'
        fm.error(
            fm.key_line(name),
            "malformed-relationship",
            f"{name} must be {_MAPPED[form.shape]}, not {describe(node)}; write e.g. {example}",
        )
        return ()
    pairs: list[tuple[str, Node, Node]] = []
    for item in node.value if one_key else [node]:
        entry = list(mapping_items(item)) if isinstance(item, MappingNode) else []
        if one_key and len(entry) != 1:
            fm.error(
                fm.line(item),
                "malformed-relationship",
                f"each entry of {name} has one key, the type, holding its target(s), not "
                f'{describe(item)}; write it as - relates_to: "[[page-slug]]"',
            )
            continue
        pairs += entry
    edges: list[DeclaredEdge] = []
    for key, key_node, value in pairs:
        if fm.spoiled(value):
            continue
        # kind-map: the field names the type; its keys (adrs, stories) say what the targets
        # are, which resolution does not need.
        kind, line = (name, fm.key_line(name)) if form.shape == "kind-map" else (key, 0)
        line = line or fm.line(key_node)
        edges += read_relation_key(
            source, kind, value, fm, note_keys, dialect, unquoted, form, line
        )
    return tuple(edges)


_MAPPED = {
    "type-map": "a mapping from type to targets",
    "kind-map": "a mapping from kind to targets",
    "one-key-entries": "a list of one-key entries",
}


class _Entries:
    """Edges from the entries of one key, in one dialect."""

    def __init__(
        self,
        source: str,
        field_name: str,
        fm: Frontmatter,
        note_keys: Sequence[str],
        dialect: Dialect,
        unquoted: Unquoted,
        form: Reading,
    ) -> None:
        self.form = form
        self.source = source
        self.field = field_name
        self.fm = fm
        self.note_keys = note_keys
        self.dialect = dialect
        self.unquoted = unquoted

    def edges(self, entry: Node, kind: str | None = None, kind_line: int = 0) -> list[DeclaredEdge]:
        """An entry's edges: one per target; ``kind`` is the type when the key names it."""
        fm, dialect = self.fm, self.dialect
        if kind is None and not fm.bad:
            plain = self._plain(entry)
            if plain is not None:
                return plain
        line = fm.line(entry)
        type_key, target_key, many_key = dialect.type_key, dialect.target_key, dialect.targets_key
        if not isinstance(entry, MappingNode):
            fm.error(
                line,
                "malformed-relationship",
                f"each entry of {self.field} must be a mapping with {type_key} and "
                f"{target_key}, not {describe(entry)}; write it as {_example(dialect)}",
            )
            return []
        for key, _, again in repeated_keys(entry):
            fm.error(
                fm.line(again),
                "malformed-relationship",
                f"key {clip(key)!r} appears twice in this entry; YAML keeps only the last one, "
                "so keep one (one edge per entry)",
            )
        keys = merged_items(entry)
        type_pair = None if kind is not None else keys.get(type_key)
        target_pair = keys.get(target_key)
        many_pair = keys.get(many_key) if many_key else None
        if target_pair is None and many_pair is None:
            many_pair = None
        if any(
            fm.spoiled(pair[1]) for pair in (type_pair, target_pair, many_pair) if pair is not None
        ):
            return []  # the value YAML cannot build is reported at its own line
        problems = False
        if kind is None and type_pair is None:
            fm.error(
                line, "malformed-relationship", f"entry has no {type_key}; add e.g. "
                f"'{type_key}: depends-on'"
            )  # fmt: skip
            problems = True
        elif type_pair is not None and (
            string_value(type_pair[1]) is None or not str(type_pair[1].value).strip()
        ):
            fm.error(
                fm.line(type_pair[0]),
                "malformed-relationship",
                f"{type_key} is {_describe_empty(type_pair[1])}; write a type name such as "
                "depends-on",
            )
            problems = True
        if target_pair is None and many_pair is None:
            fm.error(
                line,
                "malformed-relationship",
                f"entry has no {target_key}"
                + (f" or {many_key}" if many_key else "")
                + f"; add e.g. '{target_key}: \"[[page-slug]]\"'",
            )
            return []
        if problems:
            return []
        if kind is None:
            assert type_pair is not None
            kind, kind_line = str(type_pair[1].value).strip(), fm.line(type_pair[0])
        usable = {key: pair for key, pair in keys.items() if not fm.spoiled(pair[1])}
        extra = self._extra(usable)
        found = []
        if target_pair is not None:
            edge = self.edge(target_pair[1], kind, kind_line, extra, target_pair[0], usable)
            if edge is not None:
                found.append(edge)
        if many_pair is not None:
            items = many_pair[1]
            if isinstance(items, SequenceNode) and target_text(items) is None:
                nodes = items.value
            elif isinstance(items, ScalarNode) and items.tag.endswith(":null"):
                nodes = []
            else:
                nodes = [items]
            for item in nodes:
                edge = self.edge(item, kind, kind_line, extra, None, usable)
                if edge is not None:
                    found.append(edge)
        return found

    def _plain(self, entry: Node) -> list[DeclaredEdge] | None:
        """The edge of an entry written the common way, ``{type: t, target: x}`` (two keys of
        text, a type of text): what :meth:`edges` makes of it, without the checks that find
        nothing there (keys written twice, merged or unbuildable, attributes); None for any
        other entry. Called only on a page with no unbuildable value."""
        if type(entry) is not MappingNode or len(entry.value) != 2:
            return None
        (first, first_value), (second, second_value) = entry.value
        if not (type(first) is ScalarNode and type(second) is ScalarNode):
            return None
        if first.tag != STR_TAG or second.tag != STR_TAG:
            return None
        dialect = self.dialect
        type_key, target_key = dialect.type_key, dialect.target_key
        if type_key == target_key or dialect.targets_key in (type_key, target_key):
            return None
        pairs: dict[str, tuple[Node, Node]] = {
            first.value: (first, first_value),
            second.value: (second, second_value),
        }
        type_pair, target_pair = pairs.get(type_key), pairs.get(target_key)
        if type_pair is None or target_pair is None:
            return None  # another key, or one written twice
        type_value = type_pair[1]
        if type(type_value) is not ScalarNode or type_value.tag != STR_TAG:
            return None
        kind = str(type_value.value).strip()
        if not kind:
            return None
        line = self.fm.line(type_pair[0])
        edge = self.edge(target_pair[1], kind, line, {}, target_pair[0], pairs)
        return [] if edge is None else [edge]

    def edge(
        self,
        value: Node,
        kind: str,
        kind_line: int,
        extra: dict[str, Any],
        key_node: Node | None = None,
        usable: dict[str, tuple[Node, Node]] | None = None,
    ) -> DeclaredEdge | None:
        """One target's edge; ``key_node`` is the target key, for the line (else the value's)."""
        fm = self.fm
        target_line = fm.line(key_node if key_node is not None else value)
        text = target_text(value)
        if text is None:
            fm.error(target_line, "malformed-relationship", _bad_target(value, usable is not None))
            return None
        if string_value(value) is None:
            self.unquoted.lines.append((fm.line(value), text[2:-2]))
        try:
            target = parse_target(self.form.target(text))
        except TargetError as exc:
            fm.error(target_line, "malformed-relationship", str(exc))
            return None
        redlink, reason = _redlink((usable or {}).get("redlink"), fm)
        return DeclaredEdge(
            source=self.source,
            type=kind,
            target=target.path,
            line=target_line,
            type_line=kind_line,
            alias=target.alias,
            whole=target.whole if target.heading is not None else None,
            note=next(filter(None, (note_text(extra.get(key)) for key in self.note_keys)), None)
            if extra
            else None,
            redlink=redlink,
            redlink_reason=reason,
            extra=extra,
            entry=usable is not None,
        )

    def _extra(self, usable: dict[str, tuple[Node, Node]]) -> dict[str, Any]:
        extra = {}
        for key, (key_node, value_node) in usable.items():
            if key in self.dialect.entry_keys:
                continue
            try:
                extra[key] = build(value_node)
            except ValueError as exc:  # too large, or refers to itself: said, not dropped
                extra[key] = None
                self.fm.error(
                    self.fm.line(key_node),
                    "invalid-frontmatter",
                    f"{clip(key)}: {exc}, so this edge attribute is left out; write it out "
                    "without aliases",
                )
        return extra


def _example(dialect: Dialect) -> str:
    return f'- {{{dialect.type_key}: depends-on, {dialect.target_key}: "[[page-slug]]"}}'


def note_text(value: object) -> str | None:
    """An edge attribute as a one-line note: text, a number or a date; nothing else."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (str, int, float, datetime.date)):
        return " ".join(str(value).split()) or None
    return None


def is_wikilink(node: Node) -> bool:
    """Whether the value is one ``[[link]]``, quoted or not, and nothing else."""
    text = target_text(node)
    if text is None:
        return False
    text = text.strip()
    return text.startswith("[[") and text.endswith("]]") and text.count("[[") == 1


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


def _bad_target(node: Node, entry: bool) -> str:
    """``entry``: the target sits under a target key; else it is a bare value under a key
    that names the type (``date: 2024-01-01`` in a type map), where ``target:`` is no fix."""
    what = describe(node)
    key = "target: " if entry else ""
    if isinstance(node, SequenceNode):
        return f"target is {what}, not a page; write one edge per target"
    if isinstance(node, MappingNode) or node.tag.endswith(":null"):
        return f'target is {what}, not a page; write the page, e.g. {key}"[[page-slug]]"'
    return f'target is {what}, not a page; quote it: {key}"{raw_value(node)}"'


def raw_value(node: Node) -> str:
    """A scalar's text as written, clipped for a message."""
    return clip(str(node.value)) if isinstance(node, ScalarNode) else "..."
