"""What YAML's safe loader can build from composed nodes, checked one node at a time.

MkDocs loads a page's frontmatter with PyYAML's safe loader and, when any value cannot be
built (``title: 2023-09-31``, a 5,000-digit number, a local tag such as ``!Ref x``), drops the
whole block and shows it as page text. The plugin composes nodes instead of loading, so it
finds the very node that fails and reports its line; every other page is read as usual.

Merge keys (``<<: *base``) are applied by PyYAML's own code, on copies: it rewrites the nodes
it is given, and a node reached through two aliases must read the same both times.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from .diagnostics import clip

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
_RESOLVER = Resolver()


@dataclass(frozen=True)
class Problem:
    """A node YAML's safe loader would refuse, and why, in words that say how to fix it."""

    node: Node
    message: str
    #: False when MkDocs reads the value and only the plugin refuses it (nesting depth).
    breaks_mkdocs: bool = True


def problems(root: Node, limit: int = 20) -> list[Problem]:
    """Nodes under ``root`` that the safe loader cannot build; each distinct node is seen once.

    Plain strings, nearly every node of real frontmatter, are passed over where they are
    listed, without a stack entry: this walk runs for every page of every build.
    """
    found: list[Problem] = []
    constructor = SafeConstructor()
    seen: set[int] = set()
    stack: list[tuple[Node, int, str | None]] = [(root, 0, None)]
    while stack and len(found) < limit:
        node, depth, key = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        problem = _check(node, depth, key, constructor)
        if problem is not None:
            found.append(problem)
            continue
        children: list[tuple[Node, int, str | None]] = []
        if node.tag == SEQ_TAG and isinstance(node, SequenceNode):
            for item in node.value:
                if item.tag != STR_TAG or type(item) is not ScalarNode:
                    children.append((item, depth + 1, key))
        elif node.tag == MAP_TAG and isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                if key_node.tag == STR_TAG and type(key_node) is ScalarNode:
                    name: str | None = key_node.value
                else:
                    name = str(key_node.value) if isinstance(key_node, ScalarNode) else key
                    if key_node.tag != MERGE_TAG:  # a merge key is checked with its mapping
                        children.append((key_node, depth + 1, key))
                if value_node.tag != STR_TAG or type(value_node) is not ScalarNode:
                    children.append((value_node, depth + 1, name))
        stack.extend(reversed(children))
    return found


def _check(node: Node, depth: int, key: str | None, constructor: SafeConstructor) -> Problem | None:
    where = f"{key}: " if key else ""
    if depth > MAX_DEPTH:
        return Problem(
            node,
            f"{where}the value nests lists or mappings more than {MAX_DEPTH} levels deep, more "
            "than the plugin reads; flatten it",
            breaks_mkdocs=False,
        )
    tag = node.tag
    if tag not in SAFE_TAGS:
        return Problem(
            node,
            f"{where}the tag {shorthand(tag)} is not one YAML's safe loader builds (no tag ever "
            "runs code), so MkDocs cannot read this frontmatter either and shows it as page "
            f"text; remove the tag{_quote_hint(node, key)}",
        )
    if tag == STR_TAG and isinstance(node, ScalarNode):
        return None
    if tag == SEQ_TAG and isinstance(node, SequenceNode):
        return None
    if tag == MAP_TAG and isinstance(node, MappingNode):
        return _check_keys(node, where)
    try:
        constructor.construct_document(node)
    except Exception as exc:  # any failure is the finding (RecursionError included)
        _reset(constructor)
        value = clip(str(node.value))
        shown = f"{shorthand(tag)} {value}" if _explicit(node) else value
        if not isinstance(node, ScalarNode):
            shown = f"this {shorthand(tag)} value"
        return Problem(
            node,
            f"{where}YAML cannot build {shown} ({_reason(exc, tag)}), so MkDocs cannot read "
            f"this frontmatter either and shows it as page text; "
            f"{_quote_hint(node, key, first=True)}",
        )
    return None


def _reset(constructor: SafeConstructor) -> None:
    """Forget what a failed construction left behind (construct_document only resets on
    success), so it is not blamed on the next node."""
    constructor.constructed_objects = {}
    constructor.recursive_objects = {}
    constructor.state_generators = []
    constructor.deep_construct = False


def _check_keys(node: MappingNode, where: str) -> Problem | None:
    for key_node, value_node in node.value:
        if key_node.tag == MERGE_TAG:
            sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
            if not all(isinstance(source, MappingNode) for source in sources):
                return Problem(
                    value_node,
                    f"'<<' merges a mapping (or a list of mappings) into this one, not "
                    f"{kind(value_node)}, so MkDocs cannot read this frontmatter either; merge "
                    "a mapping such as <<: *defaults, or rename the key",
                )
        elif not isinstance(key_node, ScalarNode):
            return Problem(
                key_node,
                f"{where}{kind(key_node)} cannot be a key (YAML's safe loader refuses "
                "it), so MkDocs cannot read this frontmatter either and shows it as page text; "
                "write the key as text",
            )
    return None


def _explicit(node: Node) -> bool:
    """Whether the tag was written (``!!bool maybe``) rather than inferred from the value."""
    if not isinstance(node, ScalarNode):
        return True
    implicit = _RESOLVER.resolve(ScalarNode, node.value, (True, False))  # type: ignore[no-untyped-call]
    return bool(node.tag != implicit)


def _reason(exc: BaseException, tag: str) -> str:
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


def _quote_hint(node: Node, key: str | None, first: bool = False) -> str:
    prefix = "" if first else " and "
    if isinstance(node, ScalarNode) and node.value and clip(str(node.value)) == node.value:
        raw = str(node.value).replace("\\", "\\\\").replace('"', '\\"')
        return f'{prefix}quote the value if it is text: {key or "key"}: "{raw}"'
    if isinstance(node, ScalarNode) and node.value:
        return f"{prefix}quote the value if it is text"
    if first:
        return "write the value as plain text, lists and mappings"
    return ""


def shorthand(tag: str) -> str:
    """``tag:yaml.org,2002:python/name:x`` -> ``!!python/name:x``; local tags stay as written."""
    return "!!" + tag[len(YAML_TAG) :] if tag.startswith(YAML_TAG) else tag


def kind(node: Node) -> str:
    if isinstance(node, SequenceNode):
        return "a list"
    if isinstance(node, MappingNode):
        return "a mapping"
    return "a single value"


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
        raise ValueError(_reason(exc, node.tag)) from None


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
