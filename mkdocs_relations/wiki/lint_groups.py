"""One line for a problem many edges share, told before the edges themselves: an unknown
type used throughout (a dialect, not a typo) or a target many edges name (a page still to be
written). Each is fixed by one line in wiki-config.md rather than by editing every edge."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ..model.diagnostics import Diagnostic, plural
from ..model.graph import Graph

#: An unknown type used on at least this many edges gets one grouped line before its edges.
GROUP_AT = 3


@dataclass(frozen=True)
class UnknownTypeGroup:
    """One unknown type name with how often a wiki uses it: usually a dialect, not a typo."""

    name: str
    edges: int
    files: int

    def message(self) -> str:
        return (
            f"unknown relationship type {self.name!r} is used on {plural(self.edges, 'edge')} "
            f"in {plural(self.files, 'file')} (each is listed below): declare it under "
            "relationship_types in wiki-config.md, or run 'mkdocs-relations init' to declare "
            "every type the wiki uses"
        )


def unknown_type_groups(graph: Graph) -> list[UnknownTypeGroup]:
    """Unknown types used on at least :data:`GROUP_AT` edges, most used first."""
    edges: Counter[str] = Counter()
    files: dict[str, set[str]] = defaultdict(set)
    for edge in graph.edges():
        if edge.type not in graph.vocabulary:
            edges[edge.type] += 1
            files[edge.type].add(edge.source)
    return [
        UnknownTypeGroup(name, count, len(files[name]))
        for name, count in sorted(edges.items(), key=lambda item: (-item[1], item[0]))
        if count >= GROUP_AT
    ]


@dataclass(frozen=True)
class MissingTargetGroup:
    """One target that matches no page, named by many edges: a page still to be written,
    whose one-line fix is the wiki's redlink list rather than an edit of every edge."""

    target: str
    edges: int
    files: int

    def message(self) -> str:
        return (
            f"target {self.target!r} matches no page on {plural(self.edges, 'edge')} in "
            f"{plural(self.files, 'file')} (each is listed below): create the page, or, if it "
            "is a page still to be written, list it once in wiki-config.md "
            f'(redlinks: ["[[{self.target}]]"]) instead of marking each edge'
        )


def missing_target_groups(graph: Graph, missing: Iterable[Diagnostic]) -> list[MissingTargetGroup]:
    """Targets matching no page (``missing``: their diagnostics) on at least :data:`GROUP_AT`
    edges, most named first."""
    at = {(d.file, d.line) for d in missing}
    edges: Counter[str] = Counter()
    files: dict[str, set[str]] = defaultdict(set)
    for edge in graph.edges():
        file = graph.pages[edge.source].file
        if edge.target_id is None and not edge.redlink and (file, edge.line) in at:
            edges[edge.target] += 1
            files[edge.target].add(file)
    return [
        MissingTargetGroup(target, count, len(files[target]))
        for target, count in sorted(edges.items(), key=lambda item: (-item[1], item[0]))
        if count >= GROUP_AT
    ]
