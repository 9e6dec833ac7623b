"""What YAML's safe loader cannot build, found node by node, in words that say how to fix it.

MkDocs loads a page's frontmatter with PyYAML's safe loader and, when any value cannot be
built (``title: 2023-09-31``, a 5,000-digit number, a local tag such as ``!Ref x``), drops the
whole block and shows it as page text. The plugin composes nodes instead of loading, so it
finds the very node that fails and reports its line; every other page is read as usual.
"""

from __future__ import annotations

from dataclasses import dataclass

from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from ..model.diagnostics import clip
from .nodes import (
    MAP_TAG,
    MAX_DEPTH,
    MERGE_TAG,
    SAFE_TAGS,
    SEQ_TAG,
    STR_TAG,
    YAML_TAG,
    unbuildable_reason,
)

_RESOLVER = Resolver()


@dataclass(frozen=True)
class Problem:
    """A node YAML's safe loader would refuse, and why, in words that say how to fix it."""

    node: Node
    message: str
    #: False when MkDocs reads the value and only the plugin refuses it (nesting depth).
    breaks_mkdocs: bool = True


#: What a refused node means, for the frontmatter (the default) and for other YAML.
FRONTMATTER = "so MkDocs cannot read this frontmatter either and shows it as page text"
BLOCK = "so this relations block cannot be read"
FLAG = "so this value cannot be read"


def problems(root: Node, limit: int = 20, *, consequence: str = FRONTMATTER) -> list[Problem]:
    """Nodes under ``root`` that the safe loader cannot build; each distinct node is seen once.

    ``consequence`` ends each message's first half (what the refusal means where the YAML
    was written: :data:`FRONTMATTER`, :data:`BLOCK`, :data:`FLAG`).

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
        problem = _check(node, depth, key, constructor, consequence)
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


def _check(
    node: Node, depth: int, key: str | None, constructor: SafeConstructor, consequence: str
) -> Problem | None:
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
            f"runs code), {consequence}; remove the tag{_quote_hint(node, key)}",
        )
    if tag == STR_TAG and isinstance(node, ScalarNode):
        return None
    if tag == SEQ_TAG and isinstance(node, SequenceNode):
        return None
    if tag == MAP_TAG and isinstance(node, MappingNode):
        return _check_keys(node, where, consequence)
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
            f"{where}YAML cannot build {shown} ({unbuildable_reason(exc, tag)}), "
            f"{consequence}; {_quote_hint(node, key, first=True)}",
        )
    return None


def _reset(constructor: SafeConstructor) -> None:
    """Forget what a failed construction left behind (construct_document only resets on
    success), so it is not blamed on the next node."""
    constructor.constructed_objects = {}
    constructor.recursive_objects = {}
    constructor.state_generators = []
    constructor.deep_construct = False


def _check_keys(node: MappingNode, where: str, consequence: str) -> Problem | None:
    for key_node, value_node in node.value:
        if key_node.tag == MERGE_TAG:
            sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
            if not all(isinstance(source, MappingNode) for source in sources):
                return Problem(
                    value_node,
                    f"'<<' merges a mapping (or a list of mappings) into this one, not "
                    f"{kind(value_node)}, {consequence.split(' and shows')[0]}; merge "
                    "a mapping such as <<: *defaults, or rename the key",
                )
        elif not isinstance(key_node, ScalarNode):
            return Problem(
                key_node,
                f"{where}{kind(key_node)} cannot be a key (YAML's safe loader refuses "
                f"it), {consequence}; write the key as text",
            )
    return None


def _explicit(node: Node) -> bool:
    """Whether the tag was written (``!!bool maybe``) rather than inferred from the value."""
    if not isinstance(node, ScalarNode):
        return True
    implicit = _RESOLVER.resolve(ScalarNode, node.value, (True, False))  # type: ignore[no-untyped-call]
    return bool(node.tag != implicit)


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
