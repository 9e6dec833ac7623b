"""Composed YAML nodes read as PyYAML's safe loader reads them, without loading the document.

MkDocs loads a page's frontmatter with PyYAML's safe loader; the plugin composes nodes instead
(frontmatter.py), so every key and value keeps its line. This module reads those nodes as the
loader would: a mapping's keys (merge keys applied, keys as written, keys written twice), a
value built within bounds, a scalar as display text, and a node described in words a user
recognises. Which nodes the loader refuses, and why, is
:mod:`mkdocs_relations.frontmatter.unbuildable`.

Merge keys (``<<: *base``) are applied by PyYAML's own code, on copies: it rewrites the nodes
it is given, and a node reached through two aliases must read the same both times.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..model.diagnostics import clip

#: Tags the safe loader builds; any other tag (``!Ref``, ``!!python/...``) is refused.
SAFE_TAGS = frozenset(tag for tag in SafeConstructor.yaml_constructors if tag is not None)
YAML_TAG = "tag:yaml.org,2002:"
STR_TAG = YAML_TAG + "str"
SEQ_TAG = YAML_TAG + "seq"
MAP_TAG = YAML_TAG + "map"
MERGE_TAG = YAML_TAG + "merge"
#: Lists and mappings nested deeper than this are not read: no real frontmatter comes close,
#: and Python's recursion limit (about 1,000) is within reach of libyaml's own (1,000).
MAX_DEPTH = 100
#: Upper bound on the nodes of one value, counted as a tree: YAML aliases can make a small
#: document describe an exponentially large tree ("billion laughs").
MAX_NODES = 10_000


def merged_items(node: MappingNode) -> dict[str, tuple[Node, Node]]:
    """The scalar keys of a mapping as PyYAML reads them: key -> (key node, value node).

    Merge keys are applied by PyYAML's own ``flatten_mapping`` (its precedence rules have
    changed between releases), on copies of the merged mappings, because it rewrites the
    nodes it is given and one anchor may be read from several places.
    """
    if not any(key.tag == MERGE_TAG for key, _ in node.value):
        return {str(k.value): (k, v) for k, v in node.value if isinstance(k, ScalarNode)}
    try:
        copy = _merge_copy(node, {}, 0)
        SafeConstructor().flatten_mapping(copy)
        pairs = copy.value
    except Exception:  # a merge of something that is not a mapping, reported by problems()
        pairs = [(k, v) for k, v in node.value if k.tag != MERGE_TAG]
    return {str(k.value): (k, v) for k, v in pairs if isinstance(k, ScalarNode)}


def _merge_copy(node: MappingNode, copies: dict[int, MappingNode], depth: int) -> MappingNode:
    """A copy of a mapping and of every mapping merged into it, sharing everything else."""
    if depth > MAX_DEPTH:
        raise ValueError("merges nested too deep")
    found = copies.get(id(node))
    if found is not None:
        return found
    copy = copies[id(node)] = MappingNode(node.tag, [], node.start_mark, node.end_mark)
    for key, value in node.value:
        if key.tag == MERGE_TAG and isinstance(value, MappingNode):
            value = _merge_copy(value, copies, depth + 1)
        elif key.tag == MERGE_TAG and isinstance(value, SequenceNode):
            items = [
                _merge_copy(item, copies, depth + 1) if isinstance(item, MappingNode) else item
                for item in value.value
            ]
            value = SequenceNode(value.tag, items, value.start_mark, value.end_mark)
        copy.value.append((key, value))
    return copy


def written_pairs(node: MappingNode) -> Iterator[tuple[str, Node, Node]]:
    """(key text, key node, value node) as written, merge keys left out: for duplicate checks."""
    for key_node, value_node in node.value:
        if isinstance(key_node, ScalarNode) and key_node.tag != MERGE_TAG:
            yield str(key_node.value), key_node, value_node


def repeated_keys(node: MappingNode) -> Iterator[tuple[str, Node, Node]]:
    """(key text, its previous key node, this key node) each time a key is written again."""
    previous: dict[str, Node] = {}
    for key, key_node, _ in written_pairs(node):
        if key in previous:
            yield key, previous[key], key_node
        previous[key] = key_node


def contains(node: Node, wanted: set[int]) -> bool:
    """Whether ``node`` or a node under it is in ``wanted`` (ids); bounded like :func:`build`."""
    if not wanted:
        return False
    stack = [node]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in wanted:
            return True
        if id(current) in seen or len(seen) > MAX_NODES:
            continue
        seen.add(id(current))
        if isinstance(current, SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, MappingNode):
            for key, value in current.value:
                stack.append(key)
                stack.append(value)
    return False


def build(node: Node) -> Any:
    """The Python value of a node as the safe loader builds it; ValueError when it cannot be
    built or would unfold into more than :data:`MAX_NODES` items."""
    if tree_size(node) > MAX_NODES:
        raise ValueError(f"the value unfolds into more than {MAX_NODES:,} items (YAML aliases)")
    try:
        # construct_document builds lists and mappings with a work list, not recursion.
        return SafeConstructor().construct_document(node)
    except Exception as exc:  # reported at its line by problems()
        raise ValueError(unbuildable_reason(exc, node.tag)) from None


def tree_size(node: Node) -> int:
    """Nodes of a value counted as the tree it unfolds to, stopping past MAX_NODES."""
    count = 0
    stack = [(node, 0)]
    while stack:
        current, depth = stack.pop()
        count += 1
        if count > MAX_NODES or depth > MAX_DEPTH:
            return MAX_NODES + 1
        if isinstance(current, SequenceNode):
            stack.extend((item, depth + 1) for item in current.value)
        elif isinstance(current, MappingNode):
            for key, value in current.value:
                stack.append((key, depth + 1))
                stack.append((value, depth + 1))
    return count


def unbuildable_reason(exc: BaseException, tag: str) -> str:
    """Why YAML could not build a value of ``tag``, from what its constructor raised."""
    name = tag.removeprefix(YAML_TAG)
    if isinstance(exc, ConstructorError):
        return str(exc.problem or exc.context or "not buildable")
    if isinstance(exc, RecursionError):
        return "it refers to itself"
    if name == "bool":
        return "a boolean is true or false"
    if name == "timestamp":
        text = str(exc)
        return f"not a valid date: {text}" if isinstance(exc, ValueError) else "not a date"
    if name == "int" and "digits" in str(exc):
        return "a number with more than 4,300 digits"
    return str(exc).split(";")[0] or type(exc).__name__


def mapping_items(node: MappingNode) -> Iterator[tuple[str, Node, Node]]:
    """(key text, key node, value node) for the scalar keys of a mapping, as YAML reads them
    (merge keys applied)."""
    for key, (key_node, value_node) in merged_items(node).items():
        yield key, key_node, value_node


def string_value(node: Node | None) -> str | None:
    """The text of a scalar that YAML reads as a string, else None."""
    if isinstance(node, ScalarNode) and node.tag == STR_TAG:
        return str(node.value)
    return None


def scalar_texts(node: Node, max_depth: int, depth: int = 0) -> list[str]:
    """Every string scalar under ``node`` (stripped of spaces and of the brackets around a
    wikilink), nested at most ``max_depth`` levels below it: what a value may name."""
    if isinstance(node, ScalarNode):
        text = string_value(node)
        return [text.strip().strip("[]")] if text else []
    if depth > max_depth:
        return []
    if isinstance(node, SequenceNode):
        return [s for item in node.value for s in scalar_texts(item, max_depth, depth + 1)]
    if isinstance(node, MappingNode):
        return [
            s
            for _, _, value in mapping_items(node)
            for s in scalar_texts(value, max_depth, depth + 1)
        ]
    return []


def describe(node: Node) -> str:
    """What YAML made of a node, in words a user recognises (for 'quote it' hints)."""
    if isinstance(node, SequenceNode):
        return "a list"
    if isinstance(node, MappingNode):
        return "a mapping"
    tag = str(node.tag).rsplit(":", 1)[-1]
    raw = clip(str(node.value))
    if tag == "bool":
        value = SafeConstructor.bool_values.get(raw.lower())
        if value is None:
            return f"a !!bool value that is neither true nor false ({raw})"
        return f"the boolean {str(value).lower()} (YAML reads an unquoted {raw} that way)"
    if tag == "null":
        return "empty (null)"
    if tag == "timestamp":
        return f"a date (YAML reads an unquoted {raw} that way)"
    if tag in ("int", "float"):
        return f"a number ({raw})"
    if tag == "str":
        return f"the text {raw!r}"
    return f"a {tag} value"


def plain_text(node: Node) -> str | None:
    """A scalar as display text: strings as is, numbers and dates as written; else None."""
    if not isinstance(node, ScalarNode) or node.tag.endswith(":null"):
        return None
    if node.tag == STR_TAG:
        return str(node.value)
    try:
        value = build(node)
    except ValueError:
        return None
    if isinstance(value, (datetime.date, datetime.datetime, bool, bytes)):
        return str(node.value)
    if isinstance(value, (str, int, float)):
        return str(value)
    return None
