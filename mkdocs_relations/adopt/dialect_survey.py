"""``init``'s reading of a vault's dialect: which keys hold its typed links, counted from the pages.

Every way the frontmatter could be read is counted: lists of entries under any key (with
whichever entry keys hold the type and the target, or a list of targets), keys that are
relation names holding lists of links, and the key holding page ids. The reading that
explains the most links wins; one close behind it is reported and written commented out, so
the user sees both and keeps the right one.

Plain Python: no MkDocs import.

Long because counting the pages and choosing a reading share private counters (_Entries,
_Lists) that nothing else should see; split in two, each half would have to export them.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..frontmatter.block import Frontmatter, read_frontmatter
from ..frontmatter.dialect import DIALECT_KEYS, Dialect, DialectSettings
from ..frontmatter.dialect_fields import NOT_LINKS, attachment
from ..frontmatter.edges import DEFAULT_NOTE_KEYS, is_wikilink, target_text
from ..frontmatter.nodes import mapping_items, plain_text, scalar_texts, string_value
from ..frontmatter.page import page_id_for
from ..frontmatter.readings import Reading as ReadingForm
from ..model.diagnostics import plural
from ..model.targets import TargetError, fold, parse_target
from ..wiki.lookup import INDEX_STEMS, PageKeys, Resolution, Resolver
from .mapped_survey import Forms, Mapped, mapped_readings, see_mapped
from .note_plan import notes_off
from .type_plans import relation_like, yaml_str

#: Entry keys that name a type in real wikis, most common first.
TYPE_NAMES = ("type", "rel", "relation", "kind", "predicate", "relationship", "relation_type")
#: Entry keys that name a target, most common first.
TARGET_NAMES = ("target", "to", "page", "object", "target_id", "target_object_id", "ref", "id")
#: A runner-up reading this close to the chosen one (its share of the chosen one's links) is
#: reported and written commented out.
CLOSE = 0.5


@dataclass(frozen=True)
class Reading:
    """One way to read the vault, and how many links it reads."""

    dialect: Dialect
    edges: int
    pages: int
    #: Of ``edges``, those in entry lists (the rest are under relation keys).
    in_entries: int = 0

    def describe(self) -> str:
        parts = []
        d = self.dialect
        if self.in_entries or not d.relation_keys:
            many = f", {d.targets_key}: [...]" if d.targets_key else ""
            keys = f"{{{d.type_key}, {d.target_key}{many}}}"
            parts.append(f"entries {keys} under {', '.join(d.fields)}")
        if d.relation_keys:
            parts.append(f"relation names as keys ({', '.join(d.relation_keys)})")
        parts += [f"{r.shape} under {r.field}" for r in d.mapped]
        if d.id_key != "id":
            parts.append(f"page ids under {d.id_key}")
        return "; ".join(parts) or "nothing"


@dataclass(frozen=True)
class Untyped:
    """A key holding plain lists of values that name pages, without a type."""

    pages: list[str]
    #: The first page linking elsewhere: (file, the value, the page's own id).
    example: tuple[str, str, str] | None
    #: Why its values are no evidence of links (None: they are).
    not_links: str | None


@dataclass
class Survey:
    """What init read from the pages."""

    chosen: Reading
    close: Reading | None = None
    #: Keys holding plain lists of links that do not read as relation names.
    untyped: dict[str, Untyped] = field(default_factory=dict)
    #: Entry keys holding prose (``rationale``), to show as an edge's note.
    note_keys: tuple[str, ...] | None = None
    #: Keys that look like relations, left unread: key -> why.
    held: dict[str, str] = field(default_factory=dict)
    #: Relation keys read as wikilinks: key -> values in it left as text.
    text: dict[str, int] = field(default_factory=dict)
    #: Entry keys of prose besides the default note keys: key -> (edges holding it, why it
    #: is left off as a note, or None where note_keys shows it).
    notes: dict[str, tuple[int, str | None]] = field(default_factory=dict)

    def lines(self) -> list[str]:
        """wiki-config.md lines describing the chosen dialect (and the close one, commented)."""
        d = self.chosen.dialect
        lines = [f"# Dialect read by init: {plural(self.chosen.edges, 'link')}."]
        lines += dialect_lines(d, self.note_keys)
        off = [key for key, (_, why) in self.notes.items() if why is not None]
        if off:
            lines.append(
                f"# Notes not shown from {', '.join(off)} (paragraphs repeated across edges); "
                "to show them, uncomment:"
            )
            lines.append(
                f"# note_keys: [{', '.join(yaml_str(k) for k in (*off, *DEFAULT_NOTE_KEYS))}]"
            )
        if self.close is not None:
            lines.append(
                f"# A close second reading ({plural(self.close.edges, 'link')}); to use it, "
                "replace the lines above with these:"
            )
            lines += [f"# {line}" for line in dialect_lines(self.close.dialect, None)]
        return lines if len(lines) > 1 else []


def reading_yaml(reading: ReadingForm) -> str:
    """One reading as a YAML flow mapping, only the keys that differ from the default."""
    default = ReadingForm(reading.field)
    parts = [f"field: {yaml_str(reading.field)}", f"shape: {reading.shape}"]
    for key in ("targets", "prefix", "paths"):
        value = getattr(reading, key)
        if value != getattr(default, key):
            parts.append(f"{key}: {yaml_str(value)}")
    return "{" + ", ".join(parts) + "}"


def one_line(lines: list[str]) -> str:
    """wiki-config.md lines said in one line: ``readings:`` with its entries after it."""
    return "; ".join(lines).replace(":;   - ", ": ").replace(";   - ", ", ")


def dialect_lines(dialect: Dialect, note_keys: tuple[str, ...] | None) -> list[str]:
    """wiki-config.md keys for a dialect, only those that differ from the default."""
    lines = []
    fields = dialect.fields
    if len(fields) > 1:
        lines.append(f"relationship_field: [{', '.join(yaml_str(f) for f in fields)}]")
    elif fields and fields[0] != "relationships":
        lines.append(f"relationship_field: {yaml_str(fields[0])}")
    for key, default in (("type_key", "type"), ("target_key", "target"), ("id_key", "id")):
        if getattr(dialect, key) != default:
            lines.append(f"{key}: {yaml_str(getattr(dialect, key))}")
    if dialect.targets_key:
        lines.append(f"targets_key: {yaml_str(dialect.targets_key)}")
    if dialect.relation_keys:
        lines.append(f"relation_keys: [{', '.join(yaml_str(k) for k in dialect.relation_keys)}]")
        if dialect.relation_targets != "any":
            lines.append(f"relation_targets: {dialect.relation_targets}")
    if dialect.readings:
        lines.append("readings:")
        lines += [f"  - {reading_yaml(r)}" for r in dialect.readings]
    if note_keys:
        lines.append(f"note_keys: [{', '.join(yaml_str(k) for k in note_keys)}]")
    return lines


@dataclass
class _Entries:
    """Counts over the mapping entries under one frontmatter key."""

    entries: int = 0
    pages: set[str] = field(default_factory=set)
    #: entry key -> entries where it holds a link / a list of links / a short word / prose
    links: Counter[str] = field(default_factory=Counter)
    link_lists: Counter[str] = field(default_factory=Counter)
    list_items: Counter[str] = field(default_factory=Counter)
    words: Counter[str] = field(default_factory=Counter)
    values: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    prose: Counter[str] = field(default_factory=Counter)
    #: entry key -> the prose values themselves (for note_plan.py)
    prose_texts: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    present: Counter[str] = field(default_factory=Counter)


@dataclass
class _Lists:
    """Counts over plain lists of links under one frontmatter key."""

    links: int = 0
    #: Of ``links``, those written as wikilinks: the author made them links on purpose.
    wikilinks: int = 0
    #: Of ``items``, those written as one ``[[link]]`` whatever they name (``[[proj.ops]]``, a
    #: Dendron stub): the wikilinks reading takes each for a target, never for text.
    bracketed: int = 0
    #: Of ``wikilinks``, those that match no page (each an error if the key were read).
    unresolved: int = 0
    items: int = 0
    pages: set[str] = field(default_factory=set)
    empty: int = 0
    #: Of ``links``, those naming the page they sit on (``name: UN Data Commons``).
    self_links: int = 0
    #: Of ``links``, those to a page the page's typed edges link to already, and the pages
    #: with links that are not (what init's advice counts).
    typed_already: int = 0
    untyped_pages: set[str] = field(default_factory=set)
    #: The other links' values, and how many of them name a folder's index page.
    values: Counter[str] = field(default_factory=Counter)
    to_index_pages: int = 0
    #: The first page linking elsewhere: (file, the value, the page's own id).
    example: tuple[str, str, str] | None = None
    #: The links the last page held under the key (for _see_elsewhere).
    last: list[Node] = field(default_factory=list)

    def typed(self, key: str) -> bool:
        """Whether the key holds typed links: mostly wikilinks under any name (an Obsidian
        property such as ``author: "[[x]]"``), or ids under a relation's name.

        A key whose author wrote wikilinks links with wikilinks: its plain values are names
        (``first_author: Wujiang Xu``) even where a page has that name, so they are never
        evidence, and a key of mostly plain text is metadata with a few links in it.
        """
        if self.wikilinks:
            return self.wikilinks * 2 >= self.items
        return bool(self.links) and self.links * 2 >= self.items and relation_like(key)

    @property
    def text(self) -> int:
        """Values of a wikilink key that are not one wikilink: left as text, never targets."""
        return self.items - self.bracketed if self.wikilinks else 0

    def not_links(self, key: str) -> str | None:
        """Why the values that resolve under an untyped key are no evidence of links, or None.

        A value naming its own page is the page's name; a key of names (``alternative_names:
        [UN]``) or of mostly text matches pages by coincidence; a category (a handful of
        values repeated on many pages, ``level: international``) that resolves to folders'
        index pages names a section, not a page the author linked.
        """
        elsewhere = self.links - self.self_links
        if not elsewhere:
            return "each value names the page it sits on"
        if not self.wikilinks and _NAMES.search(key):
            return "names, not links"
        # A link the page's typed edges make already is no example of one to type; the
        # values and index pages counted below leave them out too.
        elsewhere -= self.typed_already
        if not elsewhere:
            return "each value is a typed edge on its page already"
        items = self.items - self.typed_already
        distinct = len(self.values)
        if distinct * _CATEGORY <= elsewhere and self.to_index_pages * 10 >= elsewhere * 9:
            return (
                f"a category: {plural(distinct, 'value')} on {plural(elsewhere, 'page')}, "
                "naming folders' index pages"
            )
        if elsewhere * 2 < items:
            return f"mostly text: {elsewhere} of {items} values name another page"
        return None


#: Keys that hold a page's own names, never links to others (without wikilinks).
_NAMES = re.compile(
    r"(^|_)(name|names|title|titles|alias|aliases|acronym|acronyms|abbreviation|label)$",
    re.IGNORECASE,
)
#: A key whose values repeat this many times on average is a category.
_CATEGORY = 5


def survey(sources: Mapping[str, str], config_page: str = "wiki-config.md") -> Survey:
    """Read every page's frontmatter once and choose the reading that explains the most."""
    pages: dict[str, Frontmatter] = {}
    for file in sorted(sources):
        if file == config_page:
            continue
        fm = read_frontmatter(sources[file], file)
        if fm.keys:
            pages[file] = fm
    id_key = _id_key(pages)
    # Pages without frontmatter are targets too.
    # Liberal: evidence that a value names a page, before init knows how the wiki resolves.
    known = Resolver(
        [PageKeys(page_id_for(file)) for file in sources if file not in pages]
        + [
            PageKeys(
                page_id_for(file),
                string_value(fm.get(id_key)) if fm.get(id_key) else None,
                kind=string_value(fm.get("type")) if fm.get("type") else None,
            )
            for file, fm in pages.items()
        ],
        kind_prefixes=True,
        nearest_names=True,
    )

    def found(node: Node, source: str) -> Resolution:
        try:
            target = parse_target(target_text(node) or "")
        except TargetError:
            return Resolution(None)
        return known.resolve(target.path, page_id_for(source))

    def resolves(node: Node, source: str) -> bool:
        return found(node, source).page_id is not None

    def link(node: Node, source: str) -> bool:
        text = target_text(node)
        if text is None:
            return False
        if text.startswith("[["):
            # [[proj.api]] looks like a file's extension, but Dendron names every note so:
            # a name that resolves to a page is a page.
            return not attachment(text) or resolves(node, source)
        if len(text) > 200 or "\n" in text:
            return False
        return forms.link(known, text.strip(), page_id_for(source))

    forms = Forms()
    entries: dict[str, _Entries] = defaultdict(_Entries)
    lists: dict[str, _Lists] = defaultdict(_Lists)
    maps: dict[tuple[str, str], Mapped] = {}
    for file, fm in pages.items():
        typed: set[str] | None = None  # what the page's entries link to, read on first need
        for key, (_, value) in fm.keys.items():
            if key in NOT_LINKS or key == id_key:
                continue
            forms.key = key
            if see_mapped(maps, key, value, file, link, resolves):
                continue
            if isinstance(value, SequenceNode) and any(
                isinstance(item, MappingNode) for item in value.value
            ):
                _see_entries(entries[key], value, file, link)
                continue
            own = string_value(fm.get(id_key)) if fm.get(id_key) else None
            _see_list(lists[key], value, file, link, resolves)
            if typed is None:
                typed = _entry_targets(fm, file, found)
            _see_elsewhere(lists[key], lists[key].last, file, own, found, typed)

    readings = _entry_readings(entries, id_key)
    candidates = [
        key
        for key, seen in sorted(lists.items(), key=lambda kv: (-kv[1].links, kv[0]))
        if seen.typed(key) and key not in (readings[0].dialect.fields if readings else ())
    ]
    held = _held(candidates, lists, bool(readings and readings[0].edges))
    relation_keys = tuple(key for key in candidates if key not in held)
    wikilinks_only = bool(relation_keys) and all(lists[k].wikilinks for k in relation_keys)
    untyped = {
        key: Untyped(sorted(seen.untyped_pages), seen.example, seen.not_links(key))
        for key, seen in sorted(lists.items())
        if seen.links and key not in relation_keys and key not in held
    }
    related = sum(
        lists[key].wikilinks if wikilinks_only else lists[key].items for key in relation_keys
    )
    related_pages = set().union(*(lists[key].pages for key in relation_keys))
    field_read = bool(readings and readings[0].edges)
    mapped, mapped_held = mapped_readings(maps, field_read, forms)
    held.update(mapped_held)
    if not readings:
        readings = [Reading(Dialect(id_key=id_key), 0, 0)]
    best, *rest = readings
    forms_read = [
        forms.reading(f, "entries") for f in best.dialect.fields if best.edges and forms.special(f)
    ]
    chosen = Reading(
        Dialect(
            best.dialect.fields,
            best.dialect.type_key,
            best.dialect.target_key,
            best.dialect.targets_key,
            relation_keys,
            id_key,
            relation_targets="wikilinks" if wikilinks_only else "any",
            readings=(*(r for r, _, _ in mapped), *forms_read),
        ),
        best.edges + related + sum(links for _, links, _ in mapped),
        len(
            related_pages.union(
                *(entries[key].pages for key in best.dialect.fields),
                *(pages for _, _, pages in mapped),
            )
        ),
        best.edges,
    )
    close = next((r for r in rest if r.edges and r.edges >= CLOSE * best.edges), None)
    note_keys, notes = _note_keys(entries, chosen.dialect)
    text = {key: lists[key].text for key in relation_keys if wikilinks_only and lists[key].text}
    return Survey(chosen, close, untyped, note_keys, held, text, notes)


def _held(candidates: list[str], lists: Mapping[str, _Lists], field_read: bool) -> dict[str, str]:
    """Keys that look like relations but are left unread, each with why.

    A wiki that declares its edges in a relationship field keeps metadata beside it
    (``publisher: "[[HBR]]"``): such a key is read only where every link in it is a page, so
    reading it adds no error. And where some relation keys hold ids, a key that mixes
    wikilinks with text would have its text read as ids: it is left for the user.
    """
    held = {}
    for key in candidates:
        seen = lists[key]
        if field_read and seen.unresolved:
            held[key] = (
                f"{plural(seen.unresolved, 'wikilink')} in it match no page, and the "
                "relationship field already holds the typed edges"
            )
    ids = [key for key in candidates if key not in held and not lists[key].wikilinks]
    for key in candidates:
        if ids and key not in held and lists[key].text:
            held[key] = (
                f"{plural(lists[key].text, 'value')} in it are text, which {ids[0]}'s reading "
                "(ids) would take for targets"
            )
    return held


def _id_key(pages: Mapping[str, Frontmatter]) -> str:
    """The key whose values targets name most: ``id`` unless another (``object_id``) wins.

    A page's own id is its own: a key whose values repeat across pages (``parent_id``) names
    other pages, and is never taken for it.
    """
    candidates: dict[str, set[str]] = defaultdict(set)
    having: Counter[str] = Counter()
    for fm in pages.values():
        for key, (_, value) in fm.keys.items():
            if key == "id" or key.endswith(("_id", "-id", "Id")) or key in ("uid", "slug"):
                text = string_value(value)
                if text and text.strip():
                    candidates[key].add(text.strip())
                    having[key] += 1
    named: Counter[str] = Counter()
    for fm in pages.values():
        for where, (_, value) in fm.keys.items():
            for text in scalar_texts(value, 3):
                for key, values in candidates.items():
                    if key != where and text in values:
                        named[key] += 1
    eligible = [
        key
        for key in sorted(candidates)
        if key != "id" and named[key] and len(candidates[key]) * 10 >= having[key] * 9
    ]
    best = max(eligible, key=lambda key: (named[key], key), default="id")
    return best if named[best] > named["id"] else "id"


def _see_entries(seen: _Entries, value: SequenceNode, file: str, link: object) -> None:
    assert callable(link)
    seen.pages.add(file)
    for entry in value.value:
        if not isinstance(entry, MappingNode):
            continue
        seen.entries += 1
        for key, _, item in mapping_items(entry):
            seen.present[key] += 1
            if link(item, file):
                seen.links[key] += 1
            elif isinstance(item, SequenceNode) and target_text(item) is None:
                items = [i for i in item.value if link(i, file)]
                if items and len(items) * 2 >= len(item.value):
                    seen.link_lists[key] += 1
                    seen.list_items[key] += len(item.value)
            text = plain_text(item) if isinstance(item, ScalarNode) else None
            if text is None:
                continue
            # Type names are short, a word or three ("depends-on", "Depends On"); notes are
            # sentences.
            spaces = text.strip().count(" ")
            if spaces <= 2 and 0 < len(text) <= 60:
                seen.words[key] += 1
                seen.values[key].add(text)
            elif spaces > 2:
                seen.prose[key] += 1
                seen.prose_texts[key].append(text)


def _see_list(seen: _Lists, value: Node, file: str, link: object, resolves: object) -> None:
    assert callable(link) and callable(resolves)
    seen.last = []
    if isinstance(value, ScalarNode) and value.tag.endswith(":null"):
        seen.empty += 1
        return
    if isinstance(value, SequenceNode) and target_text(value) is None:
        items = value.value
        if not items:
            seen.empty += 1
            return
    elif isinstance(value, ScalarNode) and string_value(value):
        items = [value]  # one link, or text: a name, "Wiley (for [[McKinsey]])"
    elif isinstance(value, SequenceNode):
        items = [value]  # `key: [[a]]`, one unquoted link
    else:
        return
    linked = [item for item in items if link(item, file)]
    seen.last = linked
    wikilinks = [item for item in linked if is_wikilink(item)]
    seen.items += len(items)
    seen.bracketed += sum(1 for item in items if is_wikilink(item))
    seen.links += len(linked)
    seen.wikilinks += len(wikilinks)
    seen.unresolved += sum(1 for item in wikilinks if not resolves(item, file))
    if linked:
        seen.pages.add(file)


def _see_elsewhere(
    seen: _Lists, linked: list[Node], file: str, own: str | None, found: object, typed: set[str]
) -> None:
    """Where the key's links on one page go: the page itself, another page, an index page,
    a page the page's typed edges link to already (no example of a link to type)."""
    assert callable(found)
    source = page_id_for(file)
    for item in linked:
        reached = found(item, file)
        if reached.page_id == source:
            seen.self_links += 1
            continue
        if reached.page_id in typed:
            seen.typed_already += 1
            continue
        seen.untyped_pages.add(file)
        text = target_text(item) or ""
        seen.values[text] += 1
        if reached.page_id is not None and _index_page(reached.page_id):
            seen.to_index_pages += 1
        if seen.example is None:
            seen.example = (file, text, own or source)


def _entry_targets(fm: Frontmatter, file: str, found: object) -> set[str]:
    """The pages the page's entries (``- {type: part-of, target: EU}``) name, by any key."""
    assert callable(found)
    pages = set()
    for _, value in fm.keys.values():
        if isinstance(value, SequenceNode):
            for entry in value.value:
                if isinstance(entry, MappingNode):
                    for _, _, item in mapping_items(entry):
                        text = string_value(item) if isinstance(item, ScalarNode) else None
                        if not text or len(text) > 200 or "\n" in text:
                            continue  # no target: a paragraph of evidence, a date
                        reached = found(item, file).page_id
                        if reached is not None:
                            pages.add(reached)
    return pages


def _index_page(page_id: str) -> bool:
    folder, _, stem = page_id.rpartition("/")
    return bool(folder) and fold(stem) in (*INDEX_STEMS, fold(posixpath.basename(folder)))


def _entry_readings(entries: Mapping[str, _Entries], id_key: str) -> list[Reading]:
    """Readings of the entry lists, one per set of entry keys, most links first."""
    by_keys: dict[tuple[str, str, str | None], list[tuple[str, int, int]]] = defaultdict(list)
    for key, seen in entries.items():
        keys = _entry_keys(seen)
        if keys is None:
            continue
        type_key, target_key, targets_key = keys
        count = seen.present[target_key]
        if targets_key:
            count += seen.list_items[targets_key]
        by_keys[keys].append((key, count, len(seen.pages)))
    readings = []
    for (type_key, target_key, targets_key), fields in by_keys.items():
        fields.sort(key=lambda item: (-item[1], item[0]))
        readings.append(
            Reading(
                Dialect(
                    tuple(name for name, _, _ in fields),
                    type_key,
                    target_key,
                    targets_key,
                    id_key=id_key,
                ),
                sum(count for _, count, _ in fields),
                sum(pages for _, _, pages in fields),
                sum(count for _, count, _ in fields),
            )
        )
    readings.sort(key=lambda r: (-r.edges, r.dialect.fields))
    return readings


def _entry_keys(seen: _Entries) -> tuple[str, str, str | None] | None:
    """(type key, target key, targets key) of entries, or None when they are not edges."""
    half = seen.entries / 2

    def preferred(names: tuple[str, ...], key: str) -> int:
        return len(names) - names.index(key) if key in names else 0

    targets = [k for k in seen.links if seen.links[k] >= half / 2 or preferred(TARGET_NAMES, k)]
    target_key = max(
        targets, key=lambda k: (seen.links[k] >= half / 2, preferred(TARGET_NAMES, k), k),
        default=None,
    )  # fmt: skip
    many = [k for k in seen.link_lists if k != target_key]
    targets_key = max(many, key=lambda k: (seen.link_lists[k], k), default=None)
    if target_key is None and targets_key is None:
        return None
    types = [
        k
        for k in seen.words
        if k not in (target_key, targets_key)
        and seen.words[k] >= half
        # Types repeat; ids, titles and dates mostly do not.
        and (len(seen.values[k]) * 2 <= seen.words[k] or preferred(TYPE_NAMES, k))
    ]
    if not types:
        return None
    type_key = max(types, key=lambda k: (preferred(TYPE_NAMES, k), seen.words[k], k))
    if target_key is None:
        # Only lists of targets: the target key stays the default, unused.
        target_key = "target" if type_key != "target" else "to"
    return type_key, target_key, targets_key


def _note_keys(
    entries: Mapping[str, _Entries], dialect: Dialect
) -> tuple[tuple[str, ...] | None, dict[str, tuple[int, str | None]]]:
    """Entry keys holding prose that the default note keys miss (``rationale``), and each such
    key's edges with why it is left off (None: shown)."""
    prose: Counter[str] = Counter()
    texts: dict[str, list[str]] = defaultdict(list)
    for key in dialect.fields:
        seen = entries.get(key)
        if seen is None:
            continue
        for name, count in seen.prose.items():
            if name not in dialect.entry_keys and count * 4 >= seen.entries:
                prose[name] += count
                texts[name] += seen.prose_texts[name]
    extra = [name for name, _ in prose.most_common() if name not in DEFAULT_NOTE_KEYS]
    judged = {name: (prose[name], notes_off(texts[name])) for name in extra}
    shown = [name for name in extra if judged[name][1] is None]
    return ((*shown, *DEFAULT_NOTE_KEYS) if shown else None), judged


def dialect_stated(settings: DialectSettings) -> bool:
    """Whether the settings name any part of a dialect (then init proposes none)."""
    return any(
        getattr(settings, key) is not None
        for key in (*DIALECT_KEYS, "fields", "relation_targets", "readings")
    )


def settings_of(read: Survey) -> DialectSettings:
    """The chosen reading as the settings wiki-config.md would state."""
    d = read.chosen.dialect
    return DialectSettings(
        fields=d.fields,
        type_key=d.type_key,
        target_key=d.target_key,
        targets_key=d.targets_key,
        relation_keys=d.relation_keys,
        id_key=d.id_key,
        relation_targets=d.relation_targets,
        readings=d.readings,
    )


def reading_lines(read: Survey, edges: int) -> list[str]:
    """What init says of the reading it chose: how many links it explains, and a close second."""
    lines = [
        f"read the pages as {read.chosen.describe()}: {plural(read.chosen.edges, 'link')} on "
        f"{plural(read.chosen.pages, 'page')}, {plural(edges, 'edge')} read"
    ]
    for key, count in read.text.items():
        lines.append(
            f"'{key}:' is read as wikilinks: {plural(count, 'value')} in it that "
            f"{'is' if count == 1 else 'are'} not one [[link]] left as text, not targets "
            "(relation_targets: wikilinks)"
        )
    for key, (count, off) in read.notes.items():
        if off is None:
            lines.append(
                f"notes: each edge's '{key}:' is shown under its link in the panel "
                f"({plural(count, 'edge')}; note_keys in wiki-config.md); to turn them off, "
                "delete that line"
            )
        else:
            keys = ", ".join(yaml_str(k) for k in (key, *DEFAULT_NOTE_KEYS))
            lines.append(
                f"notes: '{key}:' ({plural(count, 'edge')}) is not shown as a note: {off}; "
                f"to show it, set note_keys: [{keys}] in wiki-config.md"
            )
    for key, why in read.held.items():
        lines.append(
            f"note: '{key}:' holds links but is left unread: {why}; to read it, add it to "
            "relation_keys"
        )
    if read.close is not None:
        lines.append(
            f"note: the pages also read as {read.close.describe()} "
            f"({plural(read.close.edges, 'link')}), close to the reading chosen; that reading "
            "is written commented out in wiki-config.md: swap them if it is the right one"
        )
    return lines
