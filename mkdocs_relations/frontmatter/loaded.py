"""What PyYAML's safe loader builds from a frontmatter block, from the nodes already composed.

MkDocs loads every page's frontmatter with ``yaml.load`` once more after the plugin has read
it. Building the same objects from the nodes the plugin holds spares MkDocs that parse; this
walk does it without the safe constructor's generators and per-node dispatch for the three
kinds real frontmatter is made of (text, lists, mappings), and hands every other scalar to
the safe constructor itself, so a number, a date or ``NO`` is what YAML makes of it.

Unlike the safe constructor it never changes a node (that one rewrites a mapping's nodes
where it merges ``<<`` keys, and the plugin reads the nodes again). Where the answer would
differ in any way (merge keys, recursive aliases, ``!!set`` and the other tagged
collections) it gives up and MkDocs loads the block itself.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .nodes import MAP_TAG, MERGE_TAG, SEQ_TAG, STR_TAG, YAML_TAG

#: The key ``=`` (a "value" key): the safe constructor retags it as it builds.
_VALUE_TAG = YAML_TAG + "value"


class _Differs(Exception):
    """This block is one the walk does not build as the safe loader does."""


def loaded(root: Node) -> dict[str, Any] | None:
    """``yaml.load`` of the text ``root`` was composed from, with the same loader; None
    where it would fail or where this walk would build anything differently."""
    try:
        built = _Builder().build(root)
    except Exception:  # _Differs, a scalar the safe constructor refuses, RecursionError
        return None
    return built if isinstance(built, dict) else None


class _Builder:
    def __init__(self) -> None:
        self.scalars = SafeConstructor()
        # An alias is the very object its anchor built, as YAML builds it.
        self.built: dict[int, Any] = {}
        self.building: set[int] = set()

    def build(self, node: Node) -> Any:
        tag = node.tag
        if tag == STR_TAG and type(node) is ScalarNode:
            return node.value
        found = self.built.get(id(node), self)
        if found is not self:
            return found
        if id(node) in self.building:
            raise _Differs  # a recursive alias: the safe constructor's generators handle it
        self.building.add(id(node))
        if tag == SEQ_TAG and isinstance(node, SequenceNode):
            value: Any = [self.build(item) for item in node.value]
        elif tag == MAP_TAG and isinstance(node, MappingNode):
            value = {}
            for key_node, value_node in node.value:
                if key_node.tag in (MERGE_TAG, _VALUE_TAG):
                    raise _Differs
                key = self.build(key_node)
                if not isinstance(key, Hashable):
                    raise _Differs
                value[key] = self.build(value_node)
        elif isinstance(node, ScalarNode):
            value = self.scalars.construct_object(node)
        else:
            raise _Differs  # !!set, !!omap, !!pairs: collections the constructor builds
        self.building.discard(id(node))
        self.built[id(node)] = value
        return value
