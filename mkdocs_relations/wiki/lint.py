"""Graph-level lint rules. Each rule returns diagnostics; none of them logs or raises."""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable
from operator import attrgetter

from ..model.diagnostics import Diagnostic
from ..model.graph import Edge, Graph

#: Pages named in a cycle message; a longer loop shows its start, a count and its end.
MAX_CHAIN = 12


def check(graph: Graph) -> list[Diagnostic]:
    """Every structural rule over a resolved graph: pure, no lookups of its own."""
    return [
        *unknown_types(graph),
        *self_references(graph),
        *duplicate_edges(graph),
        *cycles(graph),
        *supersession(graph),
        *mirror_mismatches(graph),
    ]


#: An unknown-type message names at most this many known types.
LISTED_TYPES = 12


def unknown_types(graph: Graph) -> Iterable[Diagnostic]:
    vocabulary = graph.vocabulary
    known = ", ".join(list(vocabulary)[:LISTED_TYPES])
    if len(vocabulary) > LISTED_TYPES:
        known += f" and {len(vocabulary) - LISTED_TYPES} more"
    for edge in graph.edges():
        if edge.type in vocabulary:
            continue
        hint = vocabulary.suggester().hint(edge.type).text(edge.type)
        yield Diagnostic(
            graph.pages[edge.source].file,
            edge.type_line,
            "unknown-type",
            f"unknown relationship type {edge.type!r}.{hint} Known types: {known}; declare "
            "new ones under relationship_types in wiki-config.md",
        )


def self_references(graph: Graph) -> Iterable[Diagnostic]:
    for edge in graph.resolved_edges():
        if edge.target_id == edge.source:
            yield Diagnostic(
                graph.pages[edge.source].file,
                edge.line,
                "self-reference",
                f"this {edge.type} edge points at its own page; remove it or point it at "
                "another page",
            )


def duplicate_edges(graph: Graph) -> Iterable[Diagnostic]:
    for page in graph.pages.values():
        first_line: dict[tuple[str, str], int] = {}
        # By line: a page may hold edges under several keys, read one key after another,
        # and the copy to remove is the one further down the page.
        for edge in sorted(page.edges, key=attrgetter("line")):
            key = (edge.type, edge.target_id or edge.target)
            if key in first_line:
                yield Diagnostic(
                    page.file,
                    edge.line,
                    "duplicate-edge",
                    f"{edge.type} {edge.target!r} is already declared on line {first_line[key]}; "
                    "remove this copy",
                )
            else:
                first_line[key] = edge.line


def cycles(graph: Graph) -> Iterable[Diagnostic]:
    """One diagnostic per strongly connected component of an acyclic type's edges.

    One pass over the edges sorts them by type, so the cost is the same whether a wiki
    declares six acyclic types or a thousand it never uses.
    """
    vocabulary = graph.vocabulary
    by_type: dict[str, dict[str, list[Edge]]] = {}
    for edge in graph.resolved_edges():
        if edge.target_id == edge.source:
            continue
        successors = by_type.get(edge.type)
        if successors is None:
            relation_type = vocabulary.get(edge.type)
            if relation_type is None or not relation_type.acyclic:
                continue
            successors = by_type[edge.type] = defaultdict(list)
        successors[edge.source].append(edge)
    for type_name in sorted(by_type):
        successors = by_type[type_name]
        for component in _components(successors):
            if len(component) > 1:
                yield _cycle_diagnostic(graph, type_name, component, successors)


def _cycle_diagnostic(
    graph: Graph, type_name: str, component: set[str], successors: dict[str, list[Edge]]
) -> Diagnostic:
    start = min(component)
    # Shortest way back to `start` inside the component, trying neighbours in id order so
    # the reported chain is the same on every build.
    previous: dict[str, Edge] = {}
    queue = deque([start])
    closing: Edge | None = None
    while queue and closing is None:
        node = queue.popleft()
        for edge in sorted(successors.get(node, ()), key=lambda e: (e.target_id or "", e.line)):
            target = edge.target_id
            if target is None or target not in component:
                continue
            if target == start:
                closing = edge
                break
            if target not in previous:
                previous[target] = edge
                queue.append(target)
    assert closing is not None  # a strongly connected component of size > 1 has a cycle
    chain = [closing]
    while chain[-1].source != start:
        chain.append(previous[chain[-1].source])
    chain.reverse()
    loop = [start, *[edge.target_id or "" for edge in chain]]
    if len(loop) > MAX_CHAIN:
        # A loop through thousands of pages would be one line of hundreds of kilobytes.
        hidden = len(loop) - MAX_CHAIN
        loop = [*loop[: MAX_CHAIN - 3], f"… {hidden:,} more …", *loop[-3:]]
    names = " → ".join(loop)
    more = len(component) - len(chain)
    extra = f" ({more} more page(s) take part in loops with these)" if more > 0 else ""
    first = chain[0]
    return Diagnostic(
        graph.pages[first.source].file,
        first.line,
        "cycle",
        f"{type_name} edges form a cycle: {names}{extra}; {type_name} cannot loop back on "
        "itself, so remove or retype one of these edges",
    )


def _components(successors: dict[str, list[Edge]]) -> list[set[str]]:
    """Strongly connected components (iterative Tarjan; recursion would overflow on long chains)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[set[str]] = []
    counter = 0
    for root in sorted(successors):
        if root in index:
            continue
        work = [(root, iter(successors.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            advanced = False
            for edge in edges:
                target = edge.target_id
                assert target is not None
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(successors.get(target, ()))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components


def supersession(graph: Graph) -> Iterable[Diagnostic]:
    """``superseded_by: [[B]]`` on A needs B to declare ``supersedes`` A.

    The target was resolved with the edges (wiki.py), which reported it when it matched no
    page or several; here only the agreement of the two ends is checked.
    """
    for page in graph.pages.values():
        successor = page.superseded_by_id
        if successor is None or page.superseded_by is None:
            continue
        declared = any(
            edge.type == "supersedes" and edge.target_id == page.id
            for edge in graph.pages[successor].edges
        )
        if not declared:
            yield Diagnostic(
                page.file,
                page.superseded_by[1],
                "supersession-mismatch",
                f"this page says it is superseded by {successor!r}, but "
                f"{graph.pages[successor].file} "
                f"has no supersedes edge to it; add to that page: "
                f'- {{type: supersedes, target: "[[{page.id}]]"}}',
            )


def mirror_mismatches(graph: Graph) -> Iterable[Diagnostic]:
    """A pair of pages that state one relationship from both ends in two different ways.

    ``A relates-to B`` beside ``B depends-on A``: one end calls it a loose, two-way link, the
    other a directed one, so each page lists the other twice, under headings that disagree.
    Two directed types both ways (``A part-of B``, ``B depends-on A``) can both be true and
    are left alone; mirrored declarations that agree (``A uses B``, ``B used-by A``) are one
    relationship and the panels show them once.
    """
    vocabulary = graph.vocabulary
    between: dict[tuple[str, str], list[Edge]] = defaultdict(list)
    for edge in graph.resolved_edges():
        if edge.target_id != edge.source and edge.type in vocabulary:
            between[(edge.source, edge.target_id or "")].append(edge)
    for (source, target), edges in between.items():
        back = between.get((target, source))
        if not back:
            continue
        for edge in edges:
            if not vocabulary[edge.type].symmetric:
                continue
            other = next((b for b in back if not vocabulary[b.type].symmetric), None)
            if other is None:
                continue
            yield Diagnostic(
                graph.pages[source].file,
                edge.line,
                "mirror-mismatch",
                # The other end by its page id: a file path here would be docs-relative
                # beside this diagnostic's path as shown (with the docs folder).
                f"this {edge.type} edge and the {other.type} edge on [[{target}]] (its line "
                f"{other.line}) state one pair of pages two ways, a two-way link "
                f"here and a directed one there; keep the {other.type} edge and remove this "
                "one, or make the two agree",
            )
