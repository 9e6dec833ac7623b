"""``init``'s count of the shapes only ``readings:`` describes, and of the target forms.

A mapping from type to targets (``relations: {depends_on: [DH-1]}``), from kind to targets
under a field named for the type (``related: {adrs: [DEC-5-01]}``), and a list of one-key
entries (``- relates_to: "[[x]]"``) are counted per key, as the dialect survey counts entry
lists; a key is read only where most of its values are links, and never where a wiki that
keeps its typed edges in a relationship field would gain errors from it.

What a target is, beyond a wikilink or an id: a scheme prefix before an id
(``urn:mif:adr-0003`` for ``id: adr-0003``) and a path from the linking page's folder
(``result.md`` beside the page), counted where a value resolves only in that form.

Plain Python: no MkDocs import.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from yaml.nodes import MappingNode, Node, SequenceNode

from ..frontmatter.edges import is_wikilink, target_text
from ..frontmatter.nodes import mapping_items
from ..frontmatter.readings import Reading
from ..model.diagnostics import plural
from ..model.targets import TargetError, parse_target
from ..wiki.lookup import NEAREST_STEP, Resolver
from .type_plans import relation_like

#: ``urn:mif:`` before ``adr-0003``: a scheme and its parts, ending in a colon.
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9._-]+:)*)(?=[^:/\s])")

Check = Callable[[Node, str], bool]


@dataclass
class Mapped:
    """Counts over one key's values in one mapped shape."""

    pages: set[str] = field(default_factory=set)
    items: int = 0
    links: int = 0
    wikilinks: int = 0
    unresolved: int = 0
    #: The keys inside the mapping (types, or kinds), by how often they appear.
    keys: Counter[str] = field(default_factory=Counter)


@dataclass
class Forms:
    """How the values that are links were written under each key: prefixes, and paths from
    the page. ``key`` is the frontmatter key being counted."""

    key: str = ""
    prefixes: dict[str, Counter[str]] = field(default_factory=dict)
    #: Values that resolve only from the linking page's folder / paths from the docs folder.
    beside: Counter[str] = field(default_factory=Counter)
    from_docs: Counter[str] = field(default_factory=Counter)

    def link(self, resolver: Resolver, text: str, source_id: str) -> bool:
        """Whether ``text`` (not a wikilink) names a page in some form; counts the form."""
        try:
            path = parse_target(text).path
        except TargetError:
            return False
        found = resolver.resolve(path, source_id)
        relative = path.startswith(("./", "../", "/"))
        if not relative:
            near = resolver.resolve(f"./{path}", source_id)
            # Beside the page, where the name alone is another page, several, or one only
            # a rule for shared names picks.
            if (
                near.page_id is not None
                and near.step == "page id"
                and (found.page_id != near.page_id or found.step == NEAREST_STEP)
            ):
                self.beside[self.key] += 1
                return True
        if found.page_id is not None or found.ambiguous:
            if "/" in path and not relative and found.step == "page id":
                self.from_docs[self.key] += 1
            return True
        scheme = _SCHEME.match(path)
        if scheme is not None:
            bare = resolver.resolve(path[scheme.end() :], source_id)
            if bare.page_id is not None:
                self.prefixes.setdefault(self.key, Counter())[scheme.group(1)] += 1
                return True
        return False

    def reading(self, field_name: str, shape: str, targets: str = "any") -> Reading:
        """A reading of ``field_name`` with the target form most of the links need."""
        prefixes = self.prefixes.get(field_name)
        prefix = prefixes.most_common(1)[0][0] if prefixes else None
        paths = "page" if self.beside[field_name] > self.from_docs[field_name] else "docs"
        return Reading(field_name, shape, targets, prefix, paths)

    def special(self, field_name: str) -> bool:
        """Whether targets under the key need a form beyond the default (a prefix, paths from
        the page)."""
        return self.reading(field_name, "entries") != Reading(field_name)


def see_mapped(
    counts: dict[tuple[str, str], Mapped], key: str, value: Node, file: str, link: Check,
    resolves: Check,
) -> bool:  # fmt: skip
    """Count ``value`` under ``key`` when it is a mapping or a list of one-key entries."""
    if isinstance(value, MappingNode):
        shape, pairs = "map", list(mapping_items(value))
    elif (
        isinstance(value, SequenceNode)
        and value.value
        and all(isinstance(item, MappingNode) for item in value.value)
        # Mostly one key: a malformed entry among them is the lint's to report.
        and sum(len(item.value) == 1 for item in value.value) * 5 >= len(value.value) * 4
    ):
        shape = "one-key-entries"
        pairs = [next(iter(mapping_items(i))) for i in value.value if len(i.value) == 1]
    else:
        return False
    seen = counts.setdefault((key, shape), Mapped())
    for name, _, inner in pairs:
        seen.keys[name] += 1
        items = (
            inner.value
            if isinstance(inner, SequenceNode) and target_text(inner) is None
            else [inner]
        )
        for item in items:
            if isinstance(item, MappingNode) or target_text(item) is None:
                continue
            seen.items += 1
            if link(item, file):
                seen.links += 1
                seen.pages.add(file)
                if is_wikilink(item):
                    seen.wikilinks += 1
                    seen.unresolved += 0 if resolves(item, file) else 1
    return True


def mapped_readings(
    counts: Mapping[tuple[str, str], Mapped], field_read: bool, forms: Forms
) -> tuple[list[tuple[Reading, int, set[str]]], dict[str, str]]:
    """The mapped readings to read, each with its links and pages; and the keys held back."""
    found: list[tuple[Reading, int, set[str]]] = []
    held: dict[str, str] = {}
    for (key, shape), seen in sorted(counts.items()):
        if not seen.links or seen.links * 2 < seen.items:
            continue
        if field_read and seen.unresolved:
            held[key] = (
                f"{plural(seen.unresolved, 'wikilink')} in it match no page, and the "
                "relationship field already holds the typed edges"
            )
            continue
        # The keys inside name relations (depends_on, parent), or kinds under a relation's
        # name (related: {adrs}); keys of neither kind (owner, team) are metadata unless
        # the author wrote its values as wikilinks.
        named = sum(count for name, count in seen.keys.items() if relation_like(name)) * 2
        types = named >= sum(seen.keys.values())
        wikilinks = seen.wikilinks * 2 >= seen.items
        if shape == "map" and not types and relation_like(key):
            shape = "kind-map"
        elif not types and not wikilinks:
            continue
        elif shape == "map":
            shape = "type-map"
        links = seen.wikilinks if wikilinks else seen.links
        reading = forms.reading(key, shape, "wikilinks" if wikilinks else "any")
        found.append((reading, links, seen.pages))
    return found, held
