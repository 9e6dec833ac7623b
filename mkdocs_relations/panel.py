"""What a page's relationships panel shows: grouped edges, transitive reach, the picture.

Plain data for the Jinja templates; nothing here knows about MkDocs or HTML. The templates
decide the markup, so a theme can override them without touching this logic.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from .graph import Edge, Graph
from .paths import DEFAULT_MAX_HOPS, PathIndex, Step

PANELS = ("direct", "transitive", "picture")
PLACEMENTS = ("bottom", "top", "off")
DEFAULT_LABELS: dict[str, str] = {
    "title": "Relationships",
    "transitive": "{label}, transitively",
    "impact": "Would be affected by a change here",
    "hop": "1 hop",
    "hops": "{n} hops",
    "redlink": "This page does not exist yet",
    "missing": "No page matches this target",
    "picture": "Pages directly related to {title}",
    "more": "and {n} more",
    "finder": "How is this page connected to another?",
    "finder_to": "Page",
    "finder_placeholder": "Type a title, id or alias",
    "finder_type": "Edge type",
    "finder_any_type": "any type",
    "finder_hops": "At most hops",
    "finder_directed": "Declared direction only",
    "finder_submit": "Find path",
    "finder_no_path": "No path between “{from}” and “{to}” within {n} hops.",
    "finder_no_path_one": "No path between “{from}” and “{to}” within 1 hop.",
    "finder_same_page": "That is this page (0 hops).",
    "finder_hops_found": "{n} hops:",
    "finder_hop_found": "1 hop:",
    "finder_pick": "No single page is called “{text}”; pick one from the list.",
    "finder_empty": "Type a page name.",
    "finder_not_in_graph": "This page is not in the graph.",
    "finder_declared_on": "declared on {title}",
}
#: The labels the path finder's script shows; they reach it as JSON in a data attribute.
FINDER_MESSAGES = tuple(k for k in DEFAULT_LABELS if k.startswith("finder_"))
#: Transitive lists longer than this show a count for the rest (the list is still computed).
MAX_REACH_ENTRIES = 50

Direction = Literal["out", "in"]


@dataclass(frozen=True)
class PageRef:
    """A page as the reader sees it: its title and its URL relative to the current page."""

    title: str
    url: str


@dataclass
class Entry:
    title: str
    url: str | None
    type: str
    direction: Direction
    note: str | None = None
    redlink: bool = False
    reason: str | None = None
    page: str | None = None


@dataclass
class Group:
    label: str
    entries: list[Entry] = field(default_factory=list)


@dataclass
class ReachEntry:
    title: str
    url: str
    hops: int
    chain: str


@dataclass
class ReachHop:
    hops: int
    label: str
    entries: list[ReachEntry]


@dataclass
class ReachList:
    type: str
    reverse: bool
    label: str
    count: int
    hops: list[ReachHop]
    more: str | None = None


@dataclass
class Node:
    x: float
    y: float
    label: str
    full: str
    url: str | None
    anchor: str
    redlink: bool = False
    group: bool = False


@dataclass
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    label: str
    lx: float
    ly: float
    #: Arrow heads: at the neighbour's end for an edge declared here, at the centre for one
    #: declared on the neighbour; both when edges run both ways.
    arrow_out: bool
    arrow_in: bool


@dataclass
class Picture:
    width: int
    height: int
    cx: float
    cy: float
    title: str
    label: str
    nodes: list[Node]
    lines: list[Line]


@dataclass
class Panel:
    groups: list[Group]
    reach: list[ReachList]
    picture: Picture | None
    labels: Mapping[str, str]


class PanelBuilder:
    """Builds panels for the pages of one build. ``ref(page_id)`` gives title and URL."""

    def __init__(
        self,
        graph: Graph,
        index: PathIndex,
        *,
        labels: Mapping[str, str] | None = None,
        panels: tuple[str, ...] = PANELS,
        max_hops: int = DEFAULT_MAX_HOPS,
        picture_limit: int = 12,
    ) -> None:
        self.graph = graph
        self.index = index
        self.labels = {**DEFAULT_LABELS, **(labels or {})}
        self.panels = panels
        self.max_hops = max_hops
        self.picture_limit = picture_limit
        self._order = {name: i for i, name in enumerate(graph.vocabulary)}

    def label(self, relation: str, direction: Direction) -> str:
        """Heading for a type read from one side: "Depends on" / "Used by"."""
        kind = self.graph.vocabulary.get_or_unknown(relation)
        key = relation if direction == "out" else f"{relation}.inverse"
        text = self.labels.get(key) or (kind.label if direction == "out" else kind.inverse)
        return text[:1].upper() + text[1:]

    def build(self, page_id: str, ref: Callable[[str], PageRef]) -> Panel | None:
        page = self.graph.pages[page_id]
        outgoing = [e for e in page.edges if e.target_id != page_id]
        incoming = [e for e in self.graph.incoming.get(page_id, ()) if e.source != page_id]
        if not outgoing and not incoming:
            return None
        groups = self._groups(outgoing, incoming, ref) if "direct" in self.panels else []
        reach = self._reach(page_id, ref) if "transitive" in self.panels else []
        picture = None
        if "picture" in self.panels:
            picture = self._picture(page_id, outgoing, incoming, ref)
        return Panel(groups, reach, picture, self.labels)

    def _entry(self, edge: Edge, direction: Direction, ref: Callable[[str], PageRef]) -> Entry:
        other = edge.target_id if direction == "out" else edge.source
        if other is None:
            reason = edge.redlink_reason or (
                self.labels["redlink"] if edge.redlink else self.labels["missing"]
            )
            return Entry(
                edge.alias or edge.target,
                None,
                edge.type,
                direction,
                edge.note,
                redlink=True,
                reason=reason,
            )
        target = ref(other)
        return Entry(target.title, target.url, edge.type, direction, edge.note, page=other)

    def _groups(
        self, outgoing: list[Edge], incoming: list[Edge], ref: Callable[[str], PageRef]
    ) -> list[Group]:
        keyed: list[tuple[tuple[int, int], str, Entry]] = []
        for edge in outgoing:
            entry = self._entry(edge, "out", ref)
            keyed.append(((self._rank(edge.type), 0), self.label(edge.type, "out"), entry))
        for edge in incoming:
            entry = self._entry(edge, "in", ref)
            keyed.append(((self._rank(edge.type), 1), self.label(edge.type, "in"), entry))
        groups: dict[str, Group] = {}
        first: dict[str, tuple[int, int]] = {}
        # One set for the whole panel: a hub's group can hold thousands of entries.
        seen: set[tuple[str, str, str, str]] = set()
        for key, label, entry in keyed:
            folded = label.casefold()
            group = groups.setdefault(folded, Group(label))
            first[folded] = min(first.get(folded, key), key)
            identity = (folded, entry.page or entry.title, entry.direction, entry.type)
            if identity not in seen:
                seen.add(identity)
                group.entries.append(entry)
        for group in groups.values():
            group.entries.sort(key=lambda e: (e.title.casefold(), e.page or "", e.direction))
        return [groups[k] for k in sorted(groups, key=lambda k: first[k])]

    def _rank(self, relation: str) -> int:
        return self._order.get(relation, len(self._order))

    def _reach(self, page_id: str, ref: Callable[[str], PageRef]) -> list[ReachList]:
        lists = []
        for kind in self.graph.vocabulary.values():
            if not kind.transitive:
                continue
            for reverse in (False, True):
                found = self.index.reach(
                    page_id, kind.name, reverse=reverse, max_hops=self.max_hops
                )
                if not found or max(r.hops for r in found) < 2:
                    continue  # nothing beyond the direct edges already listed
                if reverse and kind.name == "depends-on":
                    label = self.labels["impact"]
                else:
                    base = self.label(kind.name, "in" if reverse else "out")
                    label = self.labels["transitive"].format(label=base)
                shown = found[:MAX_REACH_ENTRIES]
                hops: dict[int, list[ReachEntry]] = {}
                for reached in shown:
                    target = ref(reached.page)
                    hops.setdefault(reached.hops, []).append(
                        ReachEntry(
                            target.title,
                            target.url,
                            reached.hops,
                            self._chain_text(reached.chain, ref),
                        )
                    )
                more = None
                if len(found) > len(shown):
                    more = self.labels["more"].format(n=len(found) - len(shown))
                lists.append(
                    ReachList(
                        kind.name,
                        reverse,
                        label,
                        len(found),
                        [ReachHop(n, self._hops_label(n), entries) for n, entries in hops.items()],
                        more,
                    )
                )
        return lists

    def _hops_label(self, n: int) -> str:
        return self.labels["hop"] if n == 1 else self.labels["hops"].format(n=n)

    def _chain_text(self, chain: tuple[Step, ...], ref: Callable[[str], PageRef]) -> str:
        """ "Payments → depends on → Ledger → depends on → Storage", for a tooltip."""
        if not chain:
            return ""
        parts = [ref(chain[0].source).title]
        for step in chain:
            arrow = "→" if step.direction == "forward" else "←"
            parts.append(f"{arrow} {step.type} {arrow}")
            parts.append(ref(step.target).title)
        return " ".join(parts)

    def _picture(
        self,
        page_id: str,
        outgoing: list[Edge],
        incoming: list[Edge],
        ref: Callable[[str], PageRef],
    ) -> Picture:
        neighbours: dict[str, Neighbour] = {}
        sides: list[tuple[Edge, bool]] = [(e, True) for e in outgoing] + [
            (e, False) for e in incoming
        ]
        for edge, out in sides:
            other = edge.target_id if out else edge.source
            if other is None:
                key, title, url = f"~{edge.target}", edge.alias or edge.target, None
            else:
                target = ref(other)
                key, title, url = other, target.title, target.url
            item = neighbours.setdefault(key, Neighbour(title, url, redlink=other is None))
            item.add(edge.type, out)
        center = ref(page_id)
        if len(neighbours) > self.picture_limit:
            # Too many to read: one node per (type, direction), with its count.
            groups: dict[tuple[int, int, str], set[str]] = {}
            for key, item in neighbours.items():
                for relation, out in item.pairs:
                    groups.setdefault((self._rank(relation), 0 if out else 1, relation), set()).add(
                        key
                    )
            ordered = []
            for (_, inward, relation), members in sorted(groups.items()):
                direction: Direction = "in" if inward else "out"
                group = Neighbour(
                    f"{self.label(relation, direction)} ({len(members)})", None, group=True
                )
                group.add(relation, not inward)
                ordered.append(group)
        else:
            ordered = [
                neighbours[key]
                for key in sorted(neighbours, key=lambda k: (neighbours[k].title.casefold(), k))
            ]
        return _layout(center, ordered, self.labels["picture"].format(title=center.title))


@dataclass
class Neighbour:
    """A page next to the current one in the picture, or a group of them."""

    title: str
    url: str | None
    redlink: bool = False
    group: bool = False
    pairs: list[tuple[str, bool]] = field(default_factory=list)

    def add(self, relation: str, out: bool) -> None:
        if (relation, out) not in self.pairs:
            self.pairs.append((relation, out))


def _layout(center: PageRef, neighbours: list[Neighbour], label: str) -> Picture:
    width, height = 640, 360
    cx, cy = width / 2, height / 2
    rx, ry = 215.0, 130.0
    count = max(len(neighbours), 1)
    nodes: list[Node] = []
    lines: list[Line] = []
    for i, item in enumerate(neighbours):
        # Start at the top and go clockwise, so one neighbour sits above the page.
        angle = -math.pi / 2 + 2 * math.pi * i / count
        x = cx + rx * math.cos(angle)
        y = cy + ry * math.sin(angle)
        anchor = "end" if x < cx - 1 else ("start" if x > cx + 1 else "middle")
        nodes.append(
            Node(
                round(x, 1),
                round(y, 1),
                _truncate(item.title),
                item.title,
                item.url,
                anchor,
                redlink=item.redlink,
                group=item.group,
            )
        )
        dx, dy = x - cx, y - cy
        distance = math.hypot(dx, dy) or 1.0
        ux, uy = dx / distance, dy / distance
        inner, outer = 14.0, 9.0  # stop short of the circles so arrow heads stay visible
        lines.append(
            Line(
                round(cx + ux * inner, 1),
                round(cy + uy * inner, 1),
                round(x - ux * outer, 1),
                round(y - uy * outer, 1),
                ", ".join(dict.fromkeys(relation for relation, _ in item.pairs)),
                round(cx + dx * 0.5, 1),
                round(cy + dy * 0.5 - 4, 1),
                any(out for _, out in item.pairs),
                any(not out for _, out in item.pairs),
            )
        )
    return Picture(width, height, cx, cy, _truncate(center.title, 28), label, nodes, lines)


def _truncate(text: str, limit: int = 22) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
