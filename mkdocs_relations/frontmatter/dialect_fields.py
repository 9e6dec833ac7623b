"""The frontmatter keys typed-link wikis keep their edges under, and edges under the wrong one.

A wiki written in another dialect (``relations:``, ``links:``) lints clean with no edges at
all when the field is not set: every edge is dropped without a word, and a CI check built on
the lint passes forever. So pages whose edges sit under another known key are counted while
the wiki is read, and reported once for the wiki (the fix is one setting, not one per page).

Long because it counts the links of every shape a frontmatter value takes (lists, entries,
mappings, wikilinks that look like files) and says which setting reads each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..model.diagnostics import Diagnostic, bounded, plural
from ..model.targets import MARKDOWN_EXTENSIONS
from ..model.vocabulary import CANONICAL
from .block import Frontmatter
from .dialect import Dialect
from .nodes import mapping_items, string_value

#: Frontmatter keys real wikis hold their edges under, most common first.
#: The frontmatter key edges are read from unless a wiki or the options name another.
DEFAULT_FIELD = "relationships"
FIELD_CANDIDATES = (DEFAULT_FIELD, "relations", "links", "related", "edges")
#: Keys whose values name pages without typing a link to them, or are read elsewhere.
NOT_LINKS = frozenset(
    ("title", "aliases", "alias", "tags", "tag", "cssclasses", "cssclass", "categories",
     "keywords", "superseded_by", "hide", "redlinks", "authors", "author", "status", "type")
)  # fmt: skip
#: Settings read from wiki-config.md alone: in another page they would be ignored unsaid.
CONFIG_ONLY = ("redlinks", "relationship_types")
#: The lint warns when the links no setting reads outnumber the edges read this many times.
UNREAD_RATIO = 4


def is_edge(node: Node) -> bool:
    """A mapping with a type and a target: an edge in any dialect."""
    if not isinstance(node, MappingNode):
        return False
    keys = {name for name, _, _ in mapping_items(node)}
    return {"type", "target"} <= keys


def edge_list(node: Node | None) -> bool:
    return isinstance(node, SequenceNode) and any(is_edge(entry) for entry in node.value)


class Sighting(NamedTuple):
    """What :class:`OtherFields` counts of one page: edge lists under known keys the dialect
    does not read (key, line), and other keys holding links (key, line, wikilinks, bare
    words, the value's shape)."""

    file: str
    page_id: str
    fields: tuple[tuple[str, int], ...]
    others: tuple[tuple[str, int, int, tuple[str, ...], str], ...]
    #: Settings of wiki-config.md alone written in this page (key, line).
    settings: tuple[tuple[str, int], ...] = ()


_NOTHING = Sighting("", "", (), ())
#: The shape of a list of entries of several keys.
_ENTRIES = "entries"


@dataclass
class OtherFields:
    """Pages with edges under a known key that is not the wiki's field."""

    relationship_field: str
    dialect: Dialect = field(default_factory=Dialect)
    #: key -> (first file, its line, pages)
    found: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    #: key -> (first file, its line) of links under keys the dialect does not read.
    unread_at: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: key -> wikilinks under it; key -> (page, word) for bare words that may be page ids.
    wikilinks: Counter[str] = field(default_factory=Counter)
    words: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    pages: dict[str, set[str]] = field(default_factory=dict)
    entries: set[str] = field(default_factory=set)
    #: key -> the reading shape its value has where it is not a list (``type-map``), or is a
    #: list of one-key entries (``one-key-entries``).
    mapped: dict[str, str] = field(default_factory=dict)
    #: (file, line, key) of each wiki-config.md setting written in another page.
    misplaced: list[tuple[str, int, str]] = field(default_factory=list)

    def see(self, fm: Frontmatter, page_id: str = "") -> None:
        self.add(self.sighting(fm, page_id))

    def sighting(self, fm: Frontmatter, page_id: str = "") -> Sighting:
        """What :meth:`see` counts of one page, without its YAML nodes: a serve session
        keeps it for a file whose frontmatter did not change (``wiki/parsed_files.py``)."""
        if not fm.keys:
            return _NOTHING
        read = self.dialect.read_keys
        fields = tuple(
            (key, fm.line(fm.keys[key][0]))
            for key in FIELD_CANDIDATES
            if key not in read and key in fm.keys and edge_list(fm.keys[key][1])
        )
        others = []
        for key, (key_node, value) in fm.keys.items():
            if key in read or key in NOT_LINKS or key == self.dialect.id_key:
                continue
            links, words = _links(value)
            if not links and not words:
                continue
            shape = ""
            if isinstance(value, MappingNode):
                # Under a relation's own name the keys are kinds (adrs: [...]); elsewhere
                # they are types (relations: {depends_on: [...]}).
                shape = "kind-map" if _relation_name(key) else "type-map"
            elif isinstance(value, SequenceNode) and any(
                isinstance(item, MappingNode) for item in value.value
            ):
                if all(
                    isinstance(item, MappingNode) and len(item.value) == 1 for item in value.value
                ):
                    shape = "one-key-entries"
                else:
                    shape = _ENTRIES
            others.append((key, fm.line(key_node), links, tuple(words), shape))
        settings = tuple((key, fm.line(fm.keys[key][0])) for key in CONFIG_ONLY if key in fm.keys)
        if not fields and not others and not settings:
            return _NOTHING  # most pages: one object for all of them
        return Sighting(fm.file, page_id, fields, tuple(others), settings)

    def add(self, seen: Sighting) -> None:
        """Counts a page's :meth:`sighting`."""
        file, page_id = seen.file, seen.page_id
        self.misplaced += [(file, line, key) for key, line in seen.settings]
        for key, line in seen.fields:
            first = self.found.get(key)
            if first is None:
                self.found[key] = (file, line, 1)
            else:
                self.found[key] = (first[0], first[1], first[2] + 1)
        for key, line, links, words, shape in seen.others:
            self.unread_at.setdefault(key, (file, line))
            self.wikilinks[key] += links
            self.words.setdefault(key, []).extend((page_id, word) for word in words)
            self.pages.setdefault(key, set()).add(file)
            if shape == _ENTRIES:
                self.entries.add(key)
            elif shape:
                self.mapped.setdefault(key, shape)

    def unread(
        self, names_page: Callable[[str, str], bool], edges: int, config_page: str
    ) -> list[Diagnostic]:
        """One warning when the frontmatter holds links the reading skipped, UNREAD_RATIO times
        the edges it read or more: a wiki in a dialect nobody described must not lint clean
        with nothing read. ``names_page(word, source page)`` says whether a bare word names
        a page (by id or file name; a title or an alias is no id)."""
        counts: Counter[str] = Counter()
        for key in self.unread_at:
            if key in self.found:
                continue  # told already: edges under another field
            named = sum(1 for source, word in self.words.get(key, ()) if names_page(word, source))
            if self.wikilinks[key] + named:
                counts[key] = self.wikilinks[key] + named
        total = sum(counts.values())
        # "Few or none": a wiki that reads most of its links and keeps untyped lists beside
        # them (related_entities: [EU, NL]) is fine; one that read a fifth or less is not.
        if not total or edges * UNREAD_RATIO >= total:
            return []
        keys = sorted(counts, key=lambda k: (-counts[k], k))
        listed = bounded(
            f"{key}: {counts[key]} on {plural(len(self.pages[key]), 'page')}" for key in keys
        )
        lists = [key for key in keys if key not in self.entries and key not in self.mapped]
        fix = []
        if lists:
            fix.append(f"relation_keys: [{', '.join(lists[:8])}]")
        mapped = [key for key in keys if key in self.mapped and key not in self.entries]
        if mapped:
            shapes = (f"{{field: {key}, shape: {self.mapped[key]}}}" for key in mapped[:4])
            readings = ", ".join(shapes)
            fix.append(f"readings: [{readings}]")
        entry_key = next((key for key in keys if key in self.entries), None)
        if entry_key is not None:
            fix.append(f"relationship_field: {entry_key} (with type_key and target_key)")
        file, line = self.unread_at[keys[0]]
        return [
            Diagnostic(
                file,
                line,
                "unread-links",
                f"{plural(total, 'link')} in frontmatter under keys no setting reads ({listed}), "
                f"and {plural(edges, 'edge')} read: run 'mkdocs-relations init' to read the "
                f"wiki's dialect, or set {' and '.join(fix)} in {config_page}",
            )
        ]

    def diagnostics(self, config_page: str) -> list[Diagnostic]:
        misplaced = [
            Diagnostic(
                file,
                line,
                "unread-links",
                f"'{key}:' is read from {config_page} only, so here it is ignored; move it "
                f"to {config_page}"
                + (", or mark each edge with 'redlink: true'" if key == "redlinks" else ""),
            )
            for file, line, key in self.misplaced
        ]
        return misplaced + [
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


def _relation_name(key: str) -> bool:
    """A key that is a relation's name itself: a canonical type in any spelling, or related."""
    spelt = key.lower().replace("_", "-").replace(" ", "-")
    return spelt in _RELATION_NAMES


_RELATION_NAMES = frozenset({t.name for t in CANONICAL} | {"related", "see-also"})


def attachment(text: str) -> bool:
    """``[[cover.png]]``: a file embedded or linked, not a page (Obsidian's properties hold
    images and PDFs as wikilinks too)."""
    name = _named(text).rpartition("/")[2]
    stem, dot, extension = name.rpartition(".")
    return bool(dot and stem and extension) and (
        f".{extension.lower()}" not in MARKDOWN_EXTENSIONS and extension.isalnum()
        and len(extension) <= 10 and not extension.isdigit()
    )  # fmt: skip


def _wikilink(text: str) -> tuple[int, list[str]]:
    """A wikilink, or, where it looks like a file (``[[cover.png]]``), its name as a word: a
    Dendron note is named ``proj.api.md`` and linked ``[[proj.api]]``, so the name is a link
    where a page has it."""
    if not attachment(text):
        return 1, []
    return 0, [_named(text)]


def _named(text: str) -> str:
    """What ``[[name#heading|label]]`` names."""
    return text.strip().removeprefix("[[").removesuffix("]]").split("|")[0].split("#")[0]


def _links(node: Node, depth: int = 0) -> tuple[int, list[str]]:
    """Wikilinks under a value, and bare words in it that may be page ids."""
    if isinstance(node, ScalarNode):
        text = string_value(node)
        if text is not None and text.startswith("[[") and text.rstrip().endswith("]]"):
            return _wikilink(text)
        if text and " " not in text.strip() and len(text) < 200:
            return 0, [text.strip()]  # supersedes: DEC-5-10, one id under a relation's name
        return 0, []
    if depth > 3:
        return 0, []
    if isinstance(node, SequenceNode):
        if _unquoted(node):
            return 1, []
        links, words = 0, []
        for item in node.value:
            if isinstance(item, ScalarNode):
                text = string_value(item)
                if text is not None and text.startswith("[["):
                    more, found = _wikilink(text)
                    links += more
                    words += found
                elif text and " " not in text.strip() and len(text) < 200:
                    words.append(text.strip())
            else:
                more, found = _links(item, depth + 1)
                links += more
                words += found
        return links, words
    if isinstance(node, MappingNode):
        links, words = 0, []
        for _, _, value in mapping_items(node):
            if isinstance(value, ScalarNode):
                text = string_value(value)
                if text is not None and text.startswith("[["):
                    links += 1
                elif text and " " not in text.strip() and len(text) < 200:
                    words.append(text.strip())
            else:
                more, found = _links(value, depth + 1)
                links += more
                words += found
        return links, words
    return 0, []


def _unquoted(node: SequenceNode) -> bool:
    return (
        len(node.value) == 1
        and isinstance(node.value[0], SequenceNode)
        and len(node.value[0].value) == 1
        and isinstance(node.value[0].value[0], ScalarNode)
    )
