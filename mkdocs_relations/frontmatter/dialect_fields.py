"""The frontmatter keys typed-link wikis keep their edges under, and edges under the wrong one.

A wiki written in another dialect (``relations:``, ``links:``) lints clean with no edges at
all when the field is not set: every edge is dropped without a word, and a CI check built on
the lint passes forever. So pages whose edges sit under another known key are counted while
the wiki is read, and reported once for the wiki (the fix is one setting, not one per page).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yaml.nodes import MappingNode, Node, SequenceNode

from ..model.diagnostics import Diagnostic, plural
from .block import Frontmatter
from .nodes import mapping_items

#: Frontmatter keys real wikis hold their edges under, most common first.
#: The frontmatter key edges are read from unless a wiki or the options name another.
DEFAULT_FIELD = "relationships"
FIELD_CANDIDATES = (DEFAULT_FIELD, "relations", "links", "related", "edges")


def is_edge(node: Node) -> bool:
    """A mapping with a type and a target: an edge in any dialect."""
    if not isinstance(node, MappingNode):
        return False
    keys = {name for name, _, _ in mapping_items(node)}
    return {"type", "target"} <= keys


def edge_list(node: Node | None) -> bool:
    return isinstance(node, SequenceNode) and any(is_edge(entry) for entry in node.value)


@dataclass
class OtherFields:
    """Pages with edges under a known key that is not the wiki's field."""

    relationship_field: str
    #: key -> (first file, its line, pages)
    found: dict[str, tuple[str, int, int]] = field(default_factory=dict)

    def see(self, fm: Frontmatter) -> None:
        if not fm.keys:
            return
        for key in FIELD_CANDIDATES:
            if key == self.relationship_field or key not in fm.keys:
                continue
            key_node, value = fm.keys[key]
            if edge_list(value):
                first = self.found.get(key)
                if first is None:
                    self.found[key] = (fm.file, fm.line(key_node), 1)
                else:
                    self.found[key] = (first[0], first[1], first[2] + 1)

    def diagnostics(self, config_page: str) -> list[Diagnostic]:
        return [
            Diagnostic(
                file,
                line,
                "malformed-relationship",
                f"{plural(pages, 'page')} {'keeps' if pages == 1 else 'keep'} typed edges under "
                f"'{key}:', but the relationship field is '{self.relationship_field}', so none "
                f"of them is read; set relationship_field: {key} in {config_page} (or run "
                "'mkdocs-relations init')",
            )
            for key, (file, line, pages) in sorted(self.found.items())
        ]
