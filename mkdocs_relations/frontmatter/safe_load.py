"""What PyYAML's safe loader builds from a frontmatter block, from the nodes already composed.

Kept for one reason: a block this walk builds has nothing for :func:`.unbuildable.problems`
to find, so that slower walk is skipped for it (about 4 µs a page, 7 % of reading a
page's frontmatter, measured once MkDocs read pages itself again). It walks without
the safe constructor's generators and per-node dispatch for the three kinds real frontmatter
is made of (text, lists, mappings), and hands every other scalar to the safe constructor
itself, so a number, a date or ``NO`` is what YAML makes of it.

Unlike the safe constructor it never changes a node (that one rewrites a mapping's nodes
where it merges ``<<`` keys, and the plugin reads the nodes again). Where the answer would
differ in any way (merge keys, recursive aliases, ``!!set`` and the other tagged
collections) it gives up and MkDocs loads the block itself.

It also gives up wherever :func:`.unbuildable.problems` would find anything (a tag the safe
loader refuses, a value it cannot build, a list or mapping as a key, nesting deeper than the
plugin reads): a block it builds has no problem to look for, and that walk is skipped.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .nodes import MAP_TAG, MAX_DEPTH, MERGE_TAG, SEQ_TAG, STR_TAG, YAML_TAG

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

    def build(self, node: Node, depth: int = 0) -> Any:
        tag = node.tag
        if tag == STR_TAG and type(node) is ScalarNode:
            return node.value
        found = self.built.get(id(node), self)
        if found is not self:
            return found
        if depth > MAX_DEPTH:
            # Deeper than the plugin reads: the problems walk reports it, at the same node
            # (both walk depth first, keys before values, each node where it is first met).
            raise _Differs
        if id(node) in self.building:
            raise _Differs  # a recursive alias: the safe constructor's generators handle it
        self.building.add(id(node))
        # Text, nearly every key and value, is taken where it is listed, without a call.
        if tag == SEQ_TAG and isinstance(node, SequenceNode):
            value: Any = [
                item.value
                if item.tag == STR_TAG and type(item) is ScalarNode
                else self.build(item, depth + 1)
                for item in node.value
            ]
        elif tag == MAP_TAG and isinstance(node, MappingNode):
            value = {}
            for key_node, value_node in node.value:
                if key_node.tag == STR_TAG and type(key_node) is ScalarNode:
                    key = key_node.value
                else:
                    if key_node.tag in (MERGE_TAG, _VALUE_TAG):
                        raise _Differs
                    key = self.build(key_node, depth + 1)
                    if not isinstance(key, Hashable):
                        raise _Differs
                if value_node.tag == STR_TAG and type(value_node) is ScalarNode:
                    value[key] = value_node.value
                else:
                    value[key] = self.build(value_node, depth + 1)
        elif isinstance(node, ScalarNode):
            # construct_document, not construct_object: a collection tag on a scalar
            # (`!!seq x`) fails only when the constructor runs its generator to the end.
            value = self.scalars.construct_document(node)
        else:
            raise _Differs  # !!set, !!omap, !!pairs: collections the constructor builds
        self.building.discard(id(node))
        self.built[id(node)] = value
        return value
