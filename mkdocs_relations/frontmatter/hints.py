"""Frontmatter that reads without an error but would not do what its author meant: an ``id``
that targets cannot name, edges under a key that is almost the relationship field."""

from __future__ import annotations

from yaml.nodes import SequenceNode

from ..model.diagnostics import clip
from .block import Frontmatter


def unreachable_id(value: str) -> str | None:
    """Why targets cannot (or cannot reliably) name a page by this ``id``, or None."""
    text = value.strip()
    if not text:
        return "id is empty, so nothing can link to it; write the id, or remove the key"
    value, text = clip(value), clip(text)
    if text != value:
        return f"id {value!r} has spaces around it, which targets never have; write id: {text!r}"
    for prefix, reading in (
        (
            "../",
            "a path out of the linking page's folder (outside the docs folder from a page at "
            "the top)",
        ),
        (
            "/",
            "a path from the docs root first, so the id is found only while no page is at "
            "that path",
        ),
        ("~", "a path in a home folder, outside the docs folder, so no target can name it"),
    ):
        if text.startswith(prefix) or text == "..":
            return (
                f"id {value!r} starts with {prefix!r}, which a target reads as {reading}; "
                f"drop the {prefix!r}"
            )
    if "|" in text:
        return (
            f"id {value!r} contains '|', which a target reads as the start of its link text, "
            "so nothing can link to this page by it; write the id without it"
        )
    if text.startswith("[[") or text.endswith("]]"):
        return f"id {value!r} is written as a link; write the bare id: id: {text.strip('[]')!r}"
    return None


def misnamed_field(field: str, fm: Frontmatter) -> None:
    """Edges under a key that is almost the field (``Relationships``, ``relationship``) would be
    dropped without a word: say so where they are."""
    wanted = _key_shape(field)
    for key, (key_node, value_node) in fm.keys.items():
        if not isinstance(value_node, SequenceNode) or not value_node.value:
            continue
        shape = _key_shape(key)
        if shape != wanted and shape.rstrip("s") != wanted.rstrip("s"):
            continue
        fm.error(
            fm.line(key_node),
            "malformed-relationship",
            f"key {clip(key)!r} is not the relationship field {field!r} (keys are case-sensitive), "
            f"so {_entries(len(value_node.value))} not read; rename it to {field}",
        )


def _entries(count: int) -> str:
    return "the edge under it is" if count == 1 else f"the {count} edges under it are"


def _key_shape(key: str) -> str:
    return key.casefold().replace("-", "").replace("_", "").replace(" ", "")


def misnamed_settings(known: tuple[str, ...], fm: Frontmatter) -> None:
    """A ``wiki-config.md`` key that is almost a setting (``relationship_type``,
    ``Redlinks``) would leave the setting unset without a word: say so where it is."""
    shapes = {_key_shape(name).rstrip("s"): name for name in known}
    for key, (key_node, _) in fm.keys.items():
        if key in known:
            continue
        name = shapes.get(_key_shape(key).rstrip("s"))
        if name is not None:
            fix = f"merge it into {name}" if name in fm.keys else f"rename it to {name}"
            fm.error(
                fm.line(key_node),
                "invalid-vocabulary",
                f"key {clip(key)!r} is not a setting wiki-config.md reads (keys are "
                f"case-sensitive), so it is ignored; {fix}",
            )
