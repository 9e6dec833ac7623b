"""How a wiki writes its typed links: the dialect description, from wiki-config.md or mkdocs.yml.

Real wikis keep edges in more shapes than ``relationships: [{type, target}]``: other key
names inside the entries (``{rel, target_object_id}``, ``{relation, to}``), one entry holding
a list of targets (``{type: implements, links: [...]}``), or the relation's name as the
frontmatter key itself (``supports: ["[[a]]", "[[b]]"]``), and ids under another key than
``id`` (``object_id: PAT_x``). Reading a wiki in the wrong dialect reads nothing, so the
description is one record every reader shares: the build, every command and ``inject``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from yaml.nodes import Node, ScalarNode, SequenceNode

from ..model.diagnostics import clip
from .block import Frontmatter
from .nodes import describe, string_value
from .readings import RESOLUTION_KEYS, Reading, read_resolution

#: wiki-config.md keys (and plugin options) that describe the dialect, besides
#: ``relationship_field`` (``field`` in mkdocs.yml) and ``note_keys``.
DIALECT_KEYS = ("type_key", "target_key", "targets_key", "relation_keys", "id_key")
SETTING_KEYS = (*DIALECT_KEYS, *RESOLUTION_KEYS)


@dataclass(frozen=True)
class Dialect:
    """Where a page's edges are, and what each key of an entry means."""

    #: Frontmatter keys holding lists of edge entries.
    fields: tuple[str, ...] = ("relationships",)
    #: The key of an entry that names its type.
    type_key: str = "type"
    #: The key of an entry that names its one target.
    target_key: str = "target"
    #: The key of an entry that holds a list of targets, each an edge of the entry's type.
    targets_key: str | None = None
    #: Frontmatter keys that are type names, each holding a list of targets.
    relation_keys: tuple[str, ...] = ()
    #: The frontmatter key holding a page's own id, which targets may name.
    id_key: str = "id"
    #: What a value under a relation key is: ``any`` (a wikilink, an id or a file name) or
    #: ``wikilinks`` (only ``[[links]]`` are targets; other text there is metadata, not read).
    relation_targets: str = "any"
    #: true: a target may name a page by its kind and its name (``concept/grounding`` for a
    #: page with ``type: concept``, or in a ``concepts/`` folder), where the kind names no
    #: folder of pages.
    kind_prefixes: bool = False
    #: The docs folder's path from the vault root (``knowledge_base``), for targets written
    #: from the vault root (``[[knowledge_base/maths/x]]``).
    vault_folder: str | None = None
    #: ``nearest``: a bare name several pages share is the one in the linking page's folder,
    #: else the one with the shortest path (Obsidian's rule); ``ambiguous``: an error.
    shared_names: str = "ambiguous"
    #: The readings ``readings:`` lists: places and target forms beyond the keys above.
    readings: tuple[Reading, ...] = ()

    def reading(self, key: str, shape: str) -> Reading:
        """How targets under ``key`` read (a listed reading, else the keys above say)."""
        for reading in self.readings:
            if reading.field == key and reading.shape == shape:
                return reading
        targets = self.relation_targets if shape == "relation-key" else "any"
        return Reading(key, shape, targets)

    @property
    def mapped(self) -> tuple[Reading, ...]:
        """The readings of shapes only ``readings:`` describes (the mappings, one-key entries)."""
        return tuple(r for r in self.readings if r.shape not in ("entries", "relation-key"))

    @property
    def entry_keys(self) -> tuple[str, ...]:
        """Keys that make an edge; every other key of an entry is an attribute."""
        keys = (self.type_key, self.target_key, *([self.targets_key] if self.targets_key else []))
        return (*keys, "redlink")

    @property
    def read_keys(self) -> frozenset[str]:
        """Frontmatter keys this dialect reads edges from."""
        return frozenset((*self.fields, *self.relation_keys, *(r.field for r in self.readings)))


@dataclass
class DialectSettings:
    """The dialect as one place states it; None: not stated there. Lines for diagnostics."""

    fields: tuple[str, ...] | None = None
    type_key: str | None = None
    target_key: str | None = None
    targets_key: str | None = None
    relation_keys: tuple[str, ...] | None = None
    id_key: str | None = None
    relation_targets: str | None = None
    kind_prefixes: bool | None = None
    vault_folder: str | None = None
    shared_names: str | None = None
    readings: tuple[Reading, ...] | None = None
    lines: dict[str, int] = field(default_factory=dict)

    def over(self, other: DialectSettings) -> DialectSettings:
        """These settings where stated, ``other``'s elsewhere."""
        values = {
            f.name: getattr(self, f.name)
            if getattr(self, f.name) is not None
            else getattr(other, f.name)
            for f in fields(self)
            if f.name != "lines"
        }
        return DialectSettings(**values, lines={**other.lines, **self.lines})

    def dialect(self, default_field: str = "relationships") -> Dialect:
        base = Dialect(fields=self.fields or (default_field,))
        stated = {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name not in ("lines", "fields") and getattr(self, f.name) is not None
        }
        dialect = replace(base, **stated)
        listed = dialect.readings

        def keys(have: tuple[str, ...], shape: str) -> tuple[str, ...]:
            return tuple(dict.fromkeys((*have, *(r.field for r in listed if r.shape == shape))))

        # A field a reading of another shape names is read in that shape: the reading is
        # the more exact statement (and relationship_field's default names a field too).
        mapped = {r.field for r in dialect.mapped}
        return replace(
            dialect,
            fields=keys(tuple(f for f in dialect.fields if f not in mapped), "entries"),
            relation_keys=keys(dialect.relation_keys, "relation-key"),
        )


def key_problem(value: object, setting: str) -> str | None:
    """Why ``value`` cannot be a frontmatter key name for ``setting``, or None."""
    if not isinstance(value, str) or isinstance(value, _Described) or not value.strip():
        return f"{setting} must be a key name such as {_EXAMPLES[setting]}, not {_shown(value)}"
    if value != value.strip():
        return (
            f"{setting} {clip(repr(value))} has spaces or a line break around it, which no "
            f"frontmatter key has; write {clip(value.strip())!r}"
        )
    return None


_EXAMPLES = {
    "type_key": "rel",
    "target_key": "to",
    "targets_key": "links",
    "relation_keys": "supports",
    "id_key": "object_id",
    "relationship_field": "relations",
}


def _shown(value: object) -> str:
    if isinstance(value, _Described):
        return str(value)
    return "empty text" if isinstance(value, str) else clip(repr(value))


def read_dialect(fm: Frontmatter) -> DialectSettings:
    """The dialect keys of a settings mapping (wiki-config.md's frontmatter, or the plugin's
    options in mkdocs.yml), each problem a diagnostic at its line in ``fm.diagnostics``."""
    settings = DialectSettings()
    for key in ("type_key", "target_key", "targets_key", "id_key"):
        node = fm.get(key)
        if node is None or fm.spoiled(node):
            continue
        text = string_value(node)
        problem = key_problem(text if text is not None else _value(node), key)
        if problem:
            fm.error(fm.line(node), "invalid-vocabulary", problem)
            continue
        setattr(settings, key, text)
        settings.lines[key] = fm.line(node)
    node = fm.get("relation_keys")
    if node is not None and not fm.spoiled(node):
        settings.relation_keys = _key_list(node, fm, "relation_keys")
        settings.lines["relation_keys"] = fm.line(node)
    _conflicts(settings, fm)
    _read_resolution(fm, settings)
    return settings


def _read_resolution(fm: Frontmatter, settings: DialectSettings) -> None:
    values, lines = read_resolution(fm)
    for key, value in values.items():
        setattr(settings, key, value)
    settings.lines.update(lines)


def read_field_list(node: Node, fm: Frontmatter, setting: str) -> tuple[str, ...] | None:
    """``relationship_field: relations`` or ``relationship_field: [relations, links]``."""
    if isinstance(node, SequenceNode):
        return _key_list(node, fm, setting)
    return None


def _key_list(node: Node, fm: Frontmatter, setting: str) -> tuple[str, ...] | None:
    items = node.value if isinstance(node, SequenceNode) else [node]
    if isinstance(node, ScalarNode) and node.tag.endswith(":null"):
        return ()
    names: list[str] = []
    for item in items:
        text = string_value(item)
        problem = key_problem(text if text is not None else _value(item), setting)
        if problem:
            fm.error(fm.line(item), "invalid-vocabulary", f"{problem}; write a list of keys")
            continue
        assert text is not None
        names.append(text)
    return tuple(dict.fromkeys(names))


def _value(node: Node) -> object:
    """A value that is not text, as ``key_problem`` words it."""
    return _Described(describe(node))


class _Described(str):
    """A node's description, shown as it is (not quoted) in a message."""


def _conflicts(settings: DialectSettings, fm: Frontmatter) -> None:
    """Two settings naming one entry key would read one value two ways."""
    effective = {
        "type_key": settings.type_key or "type",
        "target_key": settings.target_key or "target",
        "targets_key": settings.targets_key,
    }
    seen: dict[str, str] = {}
    for key, value in effective.items():
        if value is None:
            continue
        if value not in seen:
            seen[value] = key
            continue
        stated = key if getattr(settings, key) is not None else seen[value]
        fm.error(
            settings.lines.get(stated, 1),
            "invalid-vocabulary",
            f"{seen[value]} and {key} both name the entry key {value!r}; give each its own key",
        )
        setattr(settings, stated, None)


def field_overlap(dialect: Dialect) -> str | None:
    """A key read in two shapes (a field and a relation key, or a reading of another shape):
    its value cannot be both."""
    both = sorted(set(dialect.fields) & set(dialect.relation_keys))
    if both:
        return (
            f"{clip(both[0])!r} is both a relationship field and a relation key; keep it in "
            "one of them"
        )
    seen = dict.fromkeys(dialect.relation_keys, "relation-key")
    for reading in dialect.mapped:
        if reading.field in seen:
            return (
                f"{clip(reading.field)!r} is read as {seen[reading.field]} and as "
                f"{reading.shape}; keep one reading of it"
            )
        seen[reading.field] = reading.shape
    return None
