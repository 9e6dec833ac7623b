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
note_keys: [via, note]               # edge keys read as an edge's note (panels, queries, export)
relation_keys: [supports, part-of]   # and the rest of the dialect (dialect.DIALECT_KEYS)
kind_prefixes: true                  # and how targets resolve (dialect.RESOLUTION_KEYS)
```

Long because every one of those settings is read here, each with its own messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, SequenceNode

from ..frontmatter.block import Frontmatter
from ..frontmatter.dialect import SETTING_KEYS, DialectSettings, read_dialect, read_field_list
from ..frontmatter.edges import target_text
from ..frontmatter.hints import misnamed_settings
from ..frontmatter.nodes import (
    build,
    describe,
    mapping_items,
    plain_text,
    repeated_keys,
    string_value,
)
from ..model.diagnostics import Diagnostic, clip
from ..model.targets import TargetError, loose, parse_target
from ..model.type_declarations import parse_types
from ..model.vocabulary import RelationType

KEYS = ("relationship_field", "relationship_types", "redlinks", "note_keys", *SETTING_KEYS)
RULES_KEY = "rules"  # read by query/rules.py; a build without one loads no query language


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
    #: How pages write their edges, as far as this page says.
    dialect: DialectSettings = field(default_factory=DialectSettings)

    def redlink_for(self, target: str) -> Redlink | None:
        return self.redlinks.get(loose(target)) if self.redlinks else None


def read_wiki_config(fm: Frontmatter) -> WikiConfig:
    """Read the graph settings from ``wiki-config.md``; problems go to ``fm.diagnostics``."""
    config = WikiConfig(file=fm.file)
    if fm.root is None:
        return config
    field_node = fm.get("relationship_field")
    fields = None if field_node is None else read_field_list(field_node, fm, "relationship_field")
    if field_node is not None and fields is not None:
        config.relationship_field = fields[0] if fields else None
        config.field_line = fm.line(field_node)
        config.dialect.fields = fields or None
        if not field_node.value:
            fm.error(
                fm.line(field_node),
                "invalid-vocabulary",
                "relationship_field is an empty list; name the key that holds edges, e.g. "
                "relationship_field: relations, or a list of them",
            )
    elif field_node is not None:
        config.relationship_field = string_value(field_node)
        config.field_line = fm.line(field_node)
        if not config.relationship_field or not config.relationship_field.strip():
            config.relationship_field = None
            fm.error(
                fm.line(field_node),
                "invalid-vocabulary",
                "relationship_field must be a key name such as relations, not "
                f"{_describe_empty(field_node)}",
            )
        elif config.relationship_field != config.relationship_field.strip():
            # No page key has spaces or a line break around it: every edge would be dropped.
            name = config.relationship_field.strip()
            config.relationship_field = None
            fm.error(
                fm.line(field_node),
                "invalid-vocabulary",
                f"relationship_field {clip(repr(string_value(field_node)))} has spaces or a "
                f"line break around it, which no frontmatter key has; write {clip(name)!r}",
            )
    if config.relationship_field is not None and config.dialect.fields is None:
        config.dialect.fields = (config.relationship_field,)
    dialect = read_dialect(fm)
    config.dialect = DialectSettings(fields=config.dialect.fields).over(dialect)
    if field_node is not None:
        config.dialect.lines["fields"] = config.field_line
    misnamed_settings(KEYS, fm)
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


def read_plugin_settings(fm: Frontmatter) -> WikiConfig:
    """The relations plugin's ``types`` and ``redlinks`` in mkdocs.yml, read by the same
    parser as wiki-config.md's, so their diagnostics carry mkdocs.yml's own lines.

    ``fm`` holds the plugin's options mapping, composed from mkdocs.yml with positions.
    """
    config = WikiConfig(file=fm.file)
    types_node = fm.get("types")
    if types_node is not None:
        _read_types(types_node, fm, config, setting="types")
    redlinks_node = fm.get("redlinks")
    if redlinks_node is not None:
        _read_redlinks(redlinks_node, fm, config)
    return config


def plugin_settings_from_values(
    types: Any, redlinks: Any, file: str
) -> tuple[WikiConfig, list[Diagnostic]]:
    """``types`` and ``redlinks`` given as plain values (inherited by mkdocs.yml with
    ``INHERIT``, or set from Python), read by the same parser, every problem at line 1: the
    values carry no lines. They are written out as YAML and composed again, so nothing but
    YAML data gets through."""
    values = {"types": types, "redlinks": redlinks}
    try:
        text = yaml.safe_dump({k: v for k, v in values.items() if v is not None}, sort_keys=False)
    except yaml.YAMLError:
        problem = Diagnostic(
            file, 1, "invalid-vocabulary", "types and redlinks must be YAML data (lists of "
            "mappings and text)"
        )  # fmt: skip
        return WikiConfig(file=file), [problem]
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    # An empty line map puts every node at first_line.
    fm = Frontmatter(file, first_line=1, line_map=[])
    if isinstance(root, MappingNode):
        fm.root = root
        fm.keys = {name: (key, value) for name, key, value in mapping_items(root)}
    return read_plugin_settings(fm), fm.diagnostics


def _read_types(
    node: Node, fm: Frontmatter, config: WikiConfig, setting: str = "relationship_types"
) -> None:
    if fm.spoiled(node) and not isinstance(node, SequenceNode):
        return  # reported where the frontmatter was read
    if node.tag.endswith(":null"):
        return
    if not isinstance(node, SequenceNode):
        fm.error(
            fm.key_line(setting),
            "invalid-vocabulary",
            f"{setting} must be a list of types, each a mapping with a name",
        )
        return
    # Each entry is built on its own: an entry YAML cannot build (reported at its line) costs
    # that entry only, and the bound on values unfolded by aliases applies per type, so a
    # vocabulary of thousands of types is read.
    nodes: list[Node] = []
    entries: list[object] = []
    for entry in node.value:
        _duplicate_keys(entry, fm, "relationship type")
        if fm.spoiled(entry):
            continue
        try:
            entries.append(build(entry))
        except ValueError as exc:
            fm.error(fm.line(entry), "invalid-vocabulary", f"relationship type: {exc}")
            continue
        nodes.append(entry)

    def locate(index: int, key: str | None) -> int:
        if index < 0:
            return fm.key_line(setting)
        entry = nodes[index]
        if key is not None and isinstance(entry, MappingNode):
            for name, key_node, _ in mapping_items(entry):
                if name == key:
                    return fm.line(key_node)
        return fm.line(entry)

    types, problems = parse_types(entries, fm.file, locate)
    fm.diagnostics.extend(problems)
    # Each type at its own entry's line: a name declared twice is reported where the second
    # definition is, not at the first one again.
    at: dict[str, list[int]] = {}
    for index, entry in enumerate(entries):
        name = entry.get("name") if isinstance(entry, dict) else entry
        if isinstance(name, str):
            at.setdefault(name, []).append(index)
    seen: dict[str, int] = {}
    for relation_type in types:
        indexes = at[relation_type.name]
        index = indexes[min(seen.get(relation_type.name, 0), len(indexes) - 1)]
        seen[relation_type.name] = seen.get(relation_type.name, 0) + 1
        config.types.append((relation_type, fm.file, locate(index, "name")))


def _describe_empty(node: Node) -> str:
    return "empty text" if string_value(node) is not None else describe(node)


def _duplicate_keys(entry: Node, fm: Frontmatter, what: str) -> None:
    if not isinstance(entry, MappingNode):
        return
    for key, _, again in repeated_keys(entry):
        fm.error(
            fm.line(again),
            "invalid-vocabulary",
            f"key {clip(key)!r} appears twice in this {what}; YAML keeps only the last one, so "
            "keep one",
        )


def _read_redlinks(node: Node, fm: Frontmatter, config: WikiConfig) -> None:
    if not isinstance(node, SequenceNode):
        fm.error(
            fm.line(node),
            "invalid-vocabulary",
            f"redlinks must be a list of targets, not {describe(node)}",
        )
        return
    for item in node.value:
        if fm.spoiled(item):
            continue  # reported where the frontmatter was read
        _duplicate_keys(item, fm, "redlink")
        reason = None
        target_node: Node | None = item
        if isinstance(item, MappingNode):
            target_node = None
            for key, key_node, value in mapping_items(item):
                if key == "target":
                    target_node = value
                elif key == "reason":
                    reason = plain_text(value)
                else:
                    fm.error(
                        fm.line(key_node),
                        "invalid-vocabulary",
                        f"a redlink has a target and a reason, not {clip(key)!r}; "
                        "remove it or correct its name",
                    )
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
