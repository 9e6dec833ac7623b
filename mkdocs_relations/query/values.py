"""The values of a ``relations`` block's keys, read from YAML nodes so a bad one names its line."""

from __future__ import annotations

import difflib

from yaml.nodes import Node, ScalarNode, SequenceNode

from ..frontmatter.nodes import build, describe
from ..frontmatter.page import query_text


class Problem(Exception):
    """A bad value; ``node`` is where it was written (None: the block itself)."""

    def __init__(self, node: Node | None, message: str) -> None:
        super().__init__(message)
        self.node = node
        self.message = message


def choice(node: Node, key: str, choices: tuple[str, ...]) -> str:
    text = one_text(node, key, " or ".join(choices))
    if text not in choices:
        near = difflib.get_close_matches(text, choices, n=1)
        hint = f"; did you mean {near[0]}?" if near else ""
        raise Problem(node, f"{key}: {text!r} is not one of {', '.join(choices)}{hint}")
    return text


def one_text(node: Node, key: str, what: str) -> str:
    if isinstance(node, ScalarNode) and node.tag.endswith(":str") and str(node.value).strip():
        return str(node.value).strip()
    raise Problem(node, f"{key}: is {describe(node)}; write {what}")


def texts(node: Node, key: str, what: str) -> list[tuple[Node, str]]:
    """One text or a list of texts, each with its node (for the line of a bad one)."""
    items = node.value if isinstance(node, SequenceNode) else [node]
    if isinstance(node, SequenceNode) and not items:
        raise Problem(node, f"{key}: is an empty list; write {what}, or remove the key")
    return [(item, one_text(item, key, what)) for item in items]


def integer(node: Node, key: str) -> int:
    if isinstance(node, ScalarNode) and node.tag.endswith(":int"):
        try:
            value = build(node)
        except ValueError as exc:
            raise Problem(node, f"{key}: {exc}; write a whole number, 1 or more") from None
        if isinstance(value, int) and value >= 1:
            return value
    raise Problem(node, f"{key}: is {describe(node)}; write a whole number, 1 or more")


def meta_values(node: Node, key: str) -> tuple[str | None, ...]:
    items = node.value if isinstance(node, SequenceNode) else [node]
    values: list[str | None] = []
    for item in items:
        if not isinstance(item, ScalarNode):
            raise Problem(
                item, f"where: {key}: is {describe(item)}; compare with a value or a list of values"
            )
        try:
            values.append(query_text(build(item)))
        except ValueError as exc:
            raise Problem(item, f"where: {key}: {exc}; quote the value") from None
    return tuple(values)
