"""What a change does to the graph: two wikis (a base and a head) compared.

Pure: both wikis are already loaded, and ``renamed`` says which files git saw moved. A renamed
page is one page: the base's ids are mapped to the head's before anything is compared, so a
moved page's edges are neither removed nor added.

- Edges are compared as multisets of (source, target, type, note, redlink), where the target
  is the page an edge resolves to, or the text it was written as when it resolves to none.
  What is left on both sides with the same source and target is *changed* (its type, note
  or redlink); the rest is removed or added.
- Diagnostics are matched by what they are: (code, file, message), not by line, and with
  the parts of a message that other edits change read as one (a line number it cites, its
  "did you mean", the list of known types), so an edit above an old problem, a new page or
  a newly declared type does not introduce it again.
- A page's panel changes when its incoming edges ("used by") gain or lose an entry.
- Reach: for each acyclic or transitive type, the pages that now reach, or no longer reach,
  another page along edges of that type; only the pages that reach a changed edge's source
  are walked.

Long because the five comparisons share the rename map and the edge records, and read best
side by side.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..frontmatter.page import page_id_for
from ..model.diagnostics import Diagnostic
from ..model.graph import Edge, Graph
from .pipeline import Wiki


@dataclass(frozen=True, order=True)
class EdgeState:
    """One edge as a diff compares it; ``target`` is a page id, or the written text when
    ``resolved`` is false."""

    source: str
    target: str
    type: str
    resolved: bool
    note: str = ""
    redlink: bool = False
    #: The line in its page's file (the head's, or the base's for a removed edge).
    line: int = 0

    @property
    def key(self) -> tuple[str, str, str, bool, str, bool]:
        return (self.source, self.target, self.type, self.resolved, self.note, self.redlink)

    def as_json(self) -> dict[str, object]:
        return {
            "source": self.source,
            "target": self.target,
            "type": self.type,
            "resolved": self.resolved,
            "line": self.line,
            **({"note": self.note} if self.note else {}),
            **({"redlink": True} if self.redlink else {}),
        }


@dataclass(frozen=True)
class PanelChange:
    page: str
    #: (source, type) of incoming edges gained and lost.
    gained: tuple[tuple[str, str], ...]
    lost: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ReachChange:
    page: str
    type: str
    gained: tuple[str, ...]
    lost: tuple[str, ...]


@dataclass
class GraphDiff:
    pages_added: list[str] = field(default_factory=list)
    pages_removed: list[str] = field(default_factory=list)
    #: (old id, new id).
    pages_renamed: list[tuple[str, str]] = field(default_factory=list)
    edges_added: list[EdgeState] = field(default_factory=list)
    edges_removed: list[EdgeState] = field(default_factory=list)
    #: (before, after).
    edges_changed: list[tuple[EdgeState, EdgeState]] = field(default_factory=list)
    introduced: list[Diagnostic] = field(default_factory=list)
    fixed: list[Diagnostic] = field(default_factory=list)
    unchanged: int = 0
    panels: list[PanelChange] = field(default_factory=list)
    reach: list[ReachChange] = field(default_factory=list)

    @property
    def suspect(self) -> list[Diagnostic]:
        """The edges this change made suspect (their target's text changed)."""
        return [d for d in self.introduced if d.code == "suspect-edge"]

    @property
    def empty(self) -> bool:
        return not (
            self.pages_added
            or self.pages_removed
            or self.pages_renamed
            or self.edges_added
            or self.edges_removed
            or self.edges_changed
            or self.introduced
            or self.fixed
        )


def page_renames(base: Graph, head: Graph, renamed_files: Mapping[str, str]) -> dict[str, str]:
    """Old page id -> new page id, for the files git saw renamed that are pages on both sides
    (and only on their own side)."""
    result = {}
    for old_file, new_file in sorted(renamed_files.items()):
        old, new = page_id_for(old_file), page_id_for(new_file)
        moved = old in base.pages and old not in head.pages
        if moved and new in head.pages and new not in base.pages:
            result[old] = new
    return result


#: What an edge is compared by: EdgeState.key.
_Key = tuple[str, str, str, bool, str, bool]


def _keyed(graph: Graph, rename: Mapping[str, str]) -> list[tuple[_Key, Edge]]:
    """Every edge of a graph with what it is compared by, ids mapped through ``rename``
    (an :class:`EdgeState` is made only of the few edges a change leaves on one side)."""
    keyed = []
    for edge in graph.edges():
        source = rename.get(edge.source, edge.source)
        if edge.target_id is not None:
            target, resolved = rename.get(edge.target_id, edge.target_id), True
        else:
            target, resolved = edge.target, False
        keyed.append(((source, target, edge.type, resolved, edge.note or "", edge.redlink), edge))
    return keyed


def diff_wikis(base: Wiki, head: Wiki, renamed_files: Mapping[str, str]) -> GraphDiff:
    result = GraphDiff()
    rename = page_renames(base.graph, head.graph, renamed_files)
    result.pages_renamed = sorted(rename.items())
    base_ids = {rename.get(page_id, page_id) for page_id in base.graph.pages}
    head_ids = set(head.graph.pages)
    result.pages_added = sorted(head_ids - base_ids)
    result.pages_removed = sorted(
        page_id for page_id in base.graph.pages if rename.get(page_id, page_id) not in head_ids
    )
    _edges(result, _keyed(base.graph, rename), _keyed(head.graph, {}))
    _problems(result, base, head, rename)
    result.panels = _panels(result, head_ids)
    result.reach = _reach(result, base.graph, head.graph, rename)
    return result


def problems_diff(base: Wiki, head: Wiki, renamed_files: Mapping[str, str]) -> GraphDiff:
    """Of :func:`diff_wikis`, the problems alone (introduced, fixed, unchanged): what
    ``lint --new-only`` reports, without comparing edges, panels and reach."""
    result = GraphDiff()
    _problems(result, base, head, page_renames(base.graph, head.graph, renamed_files))
    return result


def _problems(result: GraphDiff, base: Wiki, head: Wiki, rename: Mapping[str, str]) -> None:
    file_rename = {
        base.graph.pages[old].file: head.graph.pages[new].file for old, new in rename.items()
    }
    _diagnostics(result, base.diagnostics, head.diagnostics, file_rename)


def _edges(
    result: GraphDiff, before: list[tuple[_Key, Edge]], after: list[tuple[_Key, Edge]]
) -> None:
    before_count = Counter(key for key, _ in before)
    after_count = Counter(key for key, _ in after)
    removed = _left(before, before_count - after_count)
    added = _left(after, after_count - before_count)
    # Left on both sides between the same two ends: changed in type, note or redlink.
    by_ends: dict[tuple[str, str, bool], list[EdgeState]] = defaultdict(list)
    for edge in added:
        by_ends[(edge.source, edge.target, edge.resolved)].append(edge)
    for edge in removed:
        partners = by_ends.get((edge.source, edge.target, edge.resolved))
        if partners:
            result.edges_changed.append((edge, partners.pop(0)))
        else:
            result.edges_removed.append(edge)
    changed_after = {id(new) for _, new in result.edges_changed}
    result.edges_added = [edge for edge in added if id(edge) not in changed_after]


def _left(edges: list[tuple[_Key, Edge]], counts: Counter[_Key]) -> list[EdgeState]:
    """The edges that ``counts`` says are left over, the last ones of each key (sorted)."""
    remaining = Counter(counts)
    kept = []
    states = [EdgeState(*key, line=edge.line) for key, edge in edges if key in remaining]
    for edge in sorted(states, reverse=True):
        if remaining[edge.key] > 0:
            remaining[edge.key] -= 1
            kept.append(edge)
    return sorted(kept)


def _diagnostics(
    result: GraphDiff,
    before: Iterable[Diagnostic],
    after: Iterable[Diagnostic],
    file_rename: Mapping[str, str],
) -> None:
    def key(d: Diagnostic, files: Mapping[str, str]) -> tuple[str, str, str]:
        return (d.code, files.get(d.file, d.file), _what(d.message))

    before, after = list(before), list(after)
    before_count = Counter(key(d, file_rename) for d in before)
    after_count = Counter(key(d, {}) for d in after)
    left = before_count - after_count
    for diagnostic in after:
        k = key(diagnostic, {})
        if before_count[k] > 0:
            before_count[k] -= 1
            result.unchanged += 1
        else:
            result.introduced.append(diagnostic)
    for diagnostic in before:
        k = key(diagnostic, file_rename)
        if left[k] > 0:
            left[k] -= 1
            result.fixed.append(diagnostic)


#: What in a message follows from the rest of the wiki rather than from the problem itself.
_VOLATILE = (
    (re.compile(r"\b(lines?) \d+(?:(?:, | and )\d+)*"), r"\1 #"),
    (re.compile(r" ?Did you mean [^?]*\?"), ""),
    (re.compile(r"(Known types:) [^;]*"), r"\1 #"),
)


def _what(message: str) -> str:
    """A problem's message as what it is: its volatile parts (``_VOLATILE``) read as one."""
    for pattern, replacement in _VOLATILE:
        message = pattern.sub(replacement, message)
    return message


def _panels(result: GraphDiff, head_ids: set[str]) -> list[PanelChange]:
    gained: dict[str, list[tuple[str, str]]] = defaultdict(list)
    lost: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for edge in result.edges_added:
        if edge.resolved:
            gained[edge.target].append((edge.source, edge.type))
    for edge in result.edges_removed:
        if edge.resolved:
            lost[edge.target].append((edge.source, edge.type))
    for old, new in result.edges_changed:
        if old.type != new.type or old.resolved != new.resolved:
            if old.resolved:
                lost[old.target].append((old.source, old.type))
            if new.resolved:
                gained[new.target].append((new.source, new.type))
    return [
        PanelChange(page, tuple(sorted(gained[page])), tuple(sorted(lost[page])))
        for page in sorted(set(gained) | set(lost))
        if page in head_ids
    ]


def _reach(
    result: GraphDiff, base: Graph, head: Graph, rename: Mapping[str, str]
) -> list[ReachChange]:
    kinds = {
        name
        for graph in (base, head)
        for name, kind in graph.vocabulary.items()
        if kind.acyclic or kind.transitive
    }
    starts: dict[str, set[str]] = defaultdict(set)
    for edge in result.edges_added + result.edges_removed:
        starts[edge.type].add(edge.source)
    for old, new in result.edges_changed:
        starts[old.type].add(old.source)
        starts[new.type].add(new.source)
    changes = []
    for kind in sorted(kinds & set(starts)):
        before = _adjacency(base, kind, rename)
        after = _adjacency(head, kind, {})
        back_before, back_after = _reversed(before), _reversed(after)
        pages = _reached(back_before, starts[kind]) | _reached(back_after, starts[kind])
        # What a page reaches can only change inside the changed edges' sources and what they
        # reach (a path gained or lost takes a changed edge), so only that region is compared,
        # as bit sets made once per strongly connected part: one pass over the graph, where
        # a walk from every page that reaches a change cost the square of a chain's length.
        # A region of a page or two (an edge added at the end of a chain) is cheaper walked
        # back from each of its pages.
        region = sorted(
            starts[kind] | _descendants(before, starts[kind]) | _descendants(after, starts[kind])
        )
        index = {page: 1 << at for at, page in enumerate(region)}
        if len(region) * len(pages) <= _WALKS_PER_PASS * (len(before) + len(after)):
            was_all, now_all = _bits_back(back_before, index), _bits_back(back_after, index)
        else:
            was_all = _reach_bits(before, pages, index)
            now_all = _reach_bits(after, pages, index)
        for page in sorted(pages):
            was, now = was_all.get(page, 0), now_all.get(page, 0)
            if was != now:
                gained, lost = _names(now & ~was, region), _names(was & ~now, region)
                changes.append(ReachChange(page, kind, gained, lost))
    return changes


def _names(bits: int, region: list[str]) -> tuple[str, ...]:
    """The pages a bit set holds, in the region's (sorted) order."""
    found = []
    while bits:
        low = bits & -bits
        found.append(region[low.bit_length() - 1])
        bits ^= low
    return tuple(found)


#: How many steps of walks back cost one step of :func:`_reach_bits`' pass (measured).
_WALKS_PER_PASS = 2


def _bits_back(backward: Mapping[str, list[str]], index: Mapping[str, int]) -> dict[str, int]:
    """:func:`_reach_bits` by walking back from each page of ``index``: every page that
    reaches it in one step or more gets its bit (itself never)."""
    bits: dict[str, int] = defaultdict(int)
    for page, bit in index.items():
        seen = _reached(backward, backward.get(page, ()))
        for source in seen:
            bits[source] |= bit
    return {page: found & ~index.get(page, 0) for page, found in bits.items()}


def _reach_bits(
    forward: Mapping[str, list[str]], roots: Iterable[str], index: Mapping[str, int]
) -> dict[str, int]:
    """For each page reachable from ``roots``: the pages of ``index`` it reaches in one step or
    more (itself never), as a bit set. Tarjan's strongly connected parts, iteratively: a part
    is finished after every part it reaches, so each takes its successors' sets as they are."""
    number: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    full: dict[str, int] = {}  # per page: what its part reaches, its own members included
    for root in roots:
        if root in number:
            continue
        work = [(root, iter(forward.get(root, ())))]
        number[root] = low[root] = len(number)
        stack.append(root)
        on_stack.add(root)
        while work:
            page, successors = work[-1]
            advanced = False
            for target in successors:
                if target not in number:
                    number[target] = low[target] = len(number)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(forward.get(target, ()))))
                    advanced = True
                    break
                if target in on_stack:
                    low[page] = min(low[page], number[target])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[page])
            if low[page] != number[page]:
                continue
            members = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.append(member)
                if member == page:
                    break
            part = set(members)
            bits = 0
            if len(members) > 1:
                for member in members:
                    bits |= index.get(member, 0)
            for member in members:
                for target in forward.get(member, ()):
                    if target not in part:
                        bits |= index.get(target, 0) | full[target]
            for member in members:
                full[member] = bits
    return {page: bits & ~index.get(page, 0) for page, bits in full.items()}


def _adjacency(graph: Graph, kind: str, rename: Mapping[str, str]) -> dict[str, list[str]]:
    forward: dict[str, list[str]] = defaultdict(list)
    for edge in graph.resolved_edges():
        if edge.type == kind:
            assert edge.target_id is not None
            forward[rename.get(edge.source, edge.source)].append(
                rename.get(edge.target_id, edge.target_id)
            )
    return forward


def _reversed(forward: Mapping[str, list[str]]) -> dict[str, list[str]]:
    backward: dict[str, list[str]] = defaultdict(list)
    for source, targets in forward.items():
        for target in targets:
            backward[target].append(source)
    return backward


def _reached(steps: Mapping[str, list[str]], starts: Iterable[str]) -> set[str]:
    """``starts`` and every page reached from them along ``steps``."""
    seen = set(starts)
    stack = list(seen)
    while stack:
        for page in steps.get(stack.pop(), ()):
            if page not in seen:
                seen.add(page)
                stack.append(page)
    return seen


def _descendants(forward: Mapping[str, list[str]], pages: set[str]) -> set[str]:
    """Every page reached from ``pages`` in one step or more."""
    seen: set[str] = set()
    stack = list(pages)
    while stack:
        for target in forward.get(stack.pop(), ()):
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return seen
