"""``wiki-config.md``: the one page where a wiki describes its graph.

Its frontmatter may hold:

```yaml
relationship_field: relations        # the frontmatter key that holds edges
relationship_types:                  # types beyond the six canonical ones
  - name: governed-by
    inverse: governs
    description: The source follows rules set by the target.
    acyclic: true
redlinks:                            # deliberate redlinks: pages that are wanted, not broken
  - "[[fraud-scoring]]"
  - target: "[[tax-engine]]"
    reason: planned for Q3
note_keys: [via, note]               # edge keys shown as the edge's note in panels
```
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yaml.nodes import MappingNode, Node, SequenceNode

from .frontmatter import Frontmatter, construct, describe, mapping_items, plain_text, string_value
from .reader import target_text
from .targets import TargetError, loose, parse_target
from .vocabulary import RelationType, parse_types

KEYS = ("relationship_field", "relationship_types", "redlinks", "note_keys")


@dataclass(frozen=True)
class Redlink:
    target: str
    reason: str | None
    line: int


@dataclass
class WikiConfig:
    file: str | None = None
    relationship_field: str | None = None
    field_line: int = 1
    types: list[tuple[RelationType, str, int]] = field(default_factory=list)
    redlinks: dict[str, Redlink] = field(default_factory=dict)
    #: Edge keys shown as an edge's note, first found wins; None: the plugin's default.
    note_keys: tuple[str, ...] | None = None

    def redlink_for(self, target: str) -> Redlink | None:
        return self.redlinks.get(loose(target)) if self.redlinks else None


def read_wiki_config(fm: Frontmatter) -> WikiConfig:
    """Read the graph settings from ``wiki-config.md``; problems go to ``fm.diagnostics``."""
    config = WikiConfig(file=fm.file)
    if fm.root is None:
        return config
    field_node = fm.get("relationship_field")
    if field_node is not None:
        config.relationship_field = string_value(field_node)
        config.field_line = fm.line(field_node)
        if not config.relationship_field:
            fm.error(
                fm.line(field_node),
                "invalid-vocabulary",
                "relationship_field must be a key name such as relations, not "
                f"{describe(field_node)}",
            )
    types_node = fm.get("relationship_types")
    if types_node is not None:
        _read_types(types_node, fm, config)
    redlinks_node = fm.get("redlinks")
    if redlinks_node is not None:
        _read_redlinks(redlinks_node, fm, config)
    notes_node = fm.get("note_keys")
    if notes_node is not None:
        config.note_keys = _note_keys(notes_node, fm)
    return config


def _note_keys(node: Node, fm: Frontmatter) -> tuple[str, ...] | None:
    items = node.value if isinstance(node, SequenceNode) else [node]
    keys = tuple(string_value(item) or "" for item in items)
    if not keys or not all(keys):
        fm.error(
            fm.line(node),
            "invalid-vocabulary",
            "note_keys must be a list of edge keys such as [via, note], not " + describe(node),
        )
        return None
    return keys


def _read_types(node: Node, fm: Frontmatter, config: WikiConfig) -> None:
    def locate(index: int, key: str | None) -> int:
        if index < 0 or not isinstance(node, SequenceNode):
            return fm.line(node) if index >= 0 else fm.key_line("relationship_types")
        entry = node.value[index]
        if key is not None and isinstance(entry, MappingNode):
            for name, key_node, _ in mapping_items(entry):
                if name == key:
                    return fm.line(key_node)
        return fm.line(entry)

    try:
        data = construct(node)
    except ValueError as exc:
        fm.error(fm.line(node), "invalid-vocabulary", f"relationship_types: {exc}")
        return
    types, problems = parse_types(data, fm.file, locate, fm.file)
    fm.diagnostics.extend(problems)
    for relation_type in types:
        index = next(i for i, entry in enumerate(data) if _name_of(entry) == relation_type.name)
        config.types.append((relation_type, fm.file, locate(index, "name")))


def _name_of(entry: object) -> object:
    return entry.get("name") if isinstance(entry, dict) else entry


def _read_redlinks(node: Node, fm: Frontmatter, config: WikiConfig) -> None:
    if not isinstance(node, SequenceNode):
        fm.error(
            fm.line(node),
            "invalid-vocabulary",
            f"redlinks must be a list of targets, not {describe(node)}",
        )
        return
    for item in node.value:
        reason = None
        target_node: Node | None = item
        if isinstance(item, MappingNode):
            target_node = None
            for key, _, value in mapping_items(item):
                if key == "target":
                    target_node = value
                elif key == "reason":
                    reason = plain_text(value)
        text = target_text(target_node) if target_node is not None else None
        if text is None:
            fm.error(
                fm.line(item),
                "invalid-vocabulary",
                'each redlink must be a target such as "[[page-slug]]" or '
                '{target: "[[page-slug]]", reason: ...}',
            )
            continue
        try:
            target = parse_target(text)
        except TargetError as exc:
            fm.error(fm.line(item), "invalid-vocabulary", str(exc))
            continue
        config.redlinks.setdefault(loose(target.path), Redlink(target.path, reason, fm.line(item)))
