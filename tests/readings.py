"""Test vaults for issue 41: each reads only what its author linked, as its own tool resolves.

Each is a whole wiki of 20+ pages with real errors planted in it and metadata beside its
links that must not be read: names under a relation-like key, a publisher written as text
beside publishers written as links, a broken path that a guess would resolve. The planted
errors are the only ones `init` may leave behind.
"""

from __future__ import annotations

from dataclasses import dataclass

from dialects import TOPICS, Shape


@dataclass
class Reading:
    """A vault, the folder it is written to, and what init must say of it."""

    shape: Shape
    #: The docs folder's name (a folder of the vault, for targets from the vault root).
    folder: str = "vault"
    #: Lines init's output must hold.
    said: tuple[str, ...] = ()
    #: Lines wiki-config.md must hold after init.
    config: tuple[str, ...] = ()
    #: Text no line of wiki-config.md may hold.
    not_config: tuple[str, ...] = ()


def _pairs(types: list[str]) -> list[tuple[str, str, str]]:
    edges = []
    for index, topic in enumerate(TOPICS):
        for step in (1, 3):
            if index + step < len(TOPICS):
                edges.append((topic, types[(index + step) % len(types)], TOPICS[index + step]))
    return edges


def _entries(pages: dict[str, list[str]], edges: list[tuple[str, str, str]]) -> None:
    for source, kind, target in edges:
        lines = pages[source]
        if "relationships:" not in lines:
            lines.append("relationships:")
        lines += [f"  - type: {kind}", f'    target: "[[{target}]]"']


def metadata_beside_field() -> Reading:
    """Typed edges under relationships:, and metadata keys beside them that hold a few links:
    first_author mostly names (a page has one of the names), publisher links and text mixed,
    one of its links to no page. Neither is read; only the planted broken edge is an error."""
    pages: dict[str, list[str]] = {topic: [] for topic in TOPICS}
    pages["people/Wujiang Xu"] = []
    pages["people/Ada Byron"] = []
    pages["publishers/Harvard Business Review"] = []
    pages["publishers/McKinsey & Company"] = []
    names = ["Wujiang Xu", "Grace Hopper", "Ada Byron", "Alan Kay", "Barbara Liskov"]
    for index, topic in enumerate(TOPICS):
        author = names[index % len(names)]
        value = f'"[[{author}]]"' if index in (0, 7) else author
        pages[topic].append(f"first_author: {value}")
    publishers = [
        '"[[Harvard Business Review]]"',
        '"Organization Science (INFORMS)"',
        '"[[Harvard Business Review]]"',
        '"John Wiley & Sons (for [[McKinsey & Company]])"',
        '"[[McKinsey & Company]]"',
        '"[[Nature Publishing]]"',
        '"Organization Science (INFORMS)"',
        '"[[Harvard Business Review]]"',
    ]
    for topic, publisher in zip(TOPICS[::2], publishers, strict=False):
        pages[topic].append(f"publisher: {publisher}")
    edges = [*_pairs(["depends-on", "relates-to"]), ("ledger", "depends-on", "ledgr")]
    _entries(pages, edges)
    planted = [("ledger.md", "[[ledgr]]", "missing-target")]
    shape = Shape("metadata-beside-field", pages, planted, len(edges))
    shape.fixes = [("ledger", 'target: "[[ledgr]]"')]
    shape.entries = True
    return Reading(
        shape,
        said=(
            "note: 'publisher:' holds links but is left unread: 1 wikilink in it match no "
            "page, and the relationship field already holds the typed edges; to read it, add "
            "it to relation_keys",
        ),
        not_config=("relation_keys", "first_author", "publisher"),
    )


def links_with_text() -> Reading:
    """Relation names as keys, holding wikilinks; a few values beside them are text (a
    publisher's name, "later", a link inside a sentence): never targets, and init says how
    many it left as text."""
    pages: dict[str, list[str]] = {topic: ["created: 2024-05-01"] for topic in TOPICS}
    pages["publishers/Harvard Business Review"] = []
    edges = [*_pairs(["supports", "part-of"]), ("email", "supports", "emial")]
    grouped: dict[tuple[str, str], list[str]] = {}
    for source, kind, target in edges:
        grouped.setdefault((source, kind), []).append(target)
    for (source, kind), targets in grouped.items():
        pages[source].append(f"{kind}:")
        pages[source] += [f'  - "[[{target}]]"' for target in targets]
    pages["search"] += ['  - "to be decided"']  # after its last key's list: text, not a page
    publishers = 0
    for index, topic in enumerate(TOPICS[::3]):
        if index in (2, 5):
            pages[topic].append('publisher: "John Wiley & Sons (for [[Harvard Business Review]])"')
        else:
            pages[topic].append('publisher: "[[Harvard Business Review]]"')
            publishers += 1
    planted = [("email.md", "[[emial]]", "missing-target")]
    shape = Shape("links-with-text", pages, planted, len(edges) + publishers)
    shape.fixes = [("email", '- "[[emial]]"')]
    return Reading(
        shape,
        said=(
            "'publisher:' is read as wikilinks: 2 values in it that are not one [[link]] "
            "left as text, not targets (relation_targets: wikilinks)",
        ),
        config=("relation_targets: wikilinks",),
    )


def kind_prefix_is_a_path() -> Reading:
    """Pages in concepts/<group>/ with type: concept; a target concepts/<name> is a broken
    path (the concepts folder exists), not a kind and a name: reported, never guessed."""
    groups = ("justice", "ethics", "method")
    pages: dict[str, list[str]] = {}
    paths: dict[str, str] = {}
    for index, topic in enumerate(TOPICS):
        paths[topic] = f"concepts/{groups[index % 3]}/{topic}"
        pages[paths[topic]] = ["type: concept"]
    pages["concepts/justice/distributive-justice"] = ["type: concept"]
    edges = [(paths[s], k, paths[t]) for s, k, t in _pairs(["depends-on", "relates-to"])]
    edges.append((paths["ledger"], "relates-to", "concepts/distributive-justice"))
    _entries(pages, edges)
    planted = [(f"{paths['ledger']}.md", "[[concepts/distributive-justice]]", "missing-target")]
    shape = Shape("kind-prefix-is-a-path", pages, planted, len(edges))
    shape.fixes = [(paths["ledger"], 'target: "[[concepts/distributive-justice]]"')]
    shape.entries = True
    return Reading(shape, not_config=("kind_prefixes",))


def vault_root_targets() -> Reading:
    """The docs folder is knowledge_base/ inside an Obsidian vault; targets are written from
    the vault root: [[knowledge_base/mathematics/x]]."""
    pages: dict[str, list[str]] = {}
    fields = ("mathematics", "physics")
    paths = {topic: f"{fields[i % 2]}/{topic}" for i, topic in enumerate(TOPICS)}
    for path in paths.values():
        pages[path] = ["tags: [note]"]
    edges = [
        (paths[s], k, f"knowledge_base/{paths[t]}")
        for s, k, t in _pairs(["depends-on", "relates-to", "builds-on"])
    ]
    edges.append((paths["search"], "relates-to", "knowledge_base/mathematics/serch"))
    _entries(pages, edges)
    planted = [(f"{paths['search']}.md", "mathematics/serch]]", "missing-target")]
    shape = Shape("vault-root-targets", pages, planted, len(edges))
    shape.fixes = [(paths["search"], 'target: "[[knowledge_base/mathematics/serch]]"')]
    shape.entries = True
    settled = len(edges) - 1
    return Reading(
        shape,
        folder="knowledge_base",
        said=(f"vault_folder: knowledge_base: {settled} targets are written from the vault root",),
        config=("vault_folder: knowledge_base",),
    )


def shared_names() -> Reading:
    """An Obsidian vault linking by bare names several files share: the one in the same
    folder, else the shortest path, as Obsidian resolves them; a tie stays ambiguous."""
    pages: dict[str, list[str]] = {}
    teams = ("alpha", "beta", "gamma")
    for team in teams:
        pages[f"projects/{team}/overview"] = []
        pages[f"projects/{team}/plan"] = []
    pages["team/status"] = []
    pages["team/archive/status"] = []
    pages["a/notes"] = []
    pages["b/notes"] = []
    for topic in TOPICS[:16]:
        pages[topic] = []
    edges: list[tuple[str, str, str]] = []
    for team in teams:  # the same folder's overview (three pages share the name)
        edges.append((f"projects/{team}/plan", "part-of", "overview"))
    for topic in TOPICS[:16]:  # the shortest path of two status pages
        edges.append((topic, "relates-to", "status"))
    for index, topic in enumerate(TOPICS[:15]):
        edges.append((topic, "depends-on", TOPICS[index + 1]))
    edges.append(("ledger", "relates-to", "notes"))  # a tie: a real ambiguity
    edges.append(("payments", "depends-on", "overveiw"))
    _entries(pages, edges)
    planted = [
        ("ledger.md", '"[[notes]]"', "ambiguous-target"),
        ("payments.md", "[[overveiw]]", "missing-target"),
    ]
    shape = Shape("shared-names", pages, planted, len(edges))
    shape.fixes = [("ledger", 'target: "[[notes]]"'), ("payments", 'target: "[[overveiw]]"')]
    shape.entries = True
    return Reading(
        shape,
        said=("shared_names: nearest: 19 targets name a page by a name several pages share",),
        config=("shared_names: nearest",),
    )


def type_map(metadata: bool = True) -> Reading:
    """1. A mapping from type to targets under relations:, ids as targets, a list or one value;
    beside it a metadata mapping (source: {url, title}) that must not be read."""
    ids = {topic: f"DH-{index:04d}" for index, topic in enumerate(TOPICS)}
    pages: dict[str, list[str]] = {
        f"items/{topic}": [f"id: {ids[topic]}", "source:", f"  title: Notes on {topic}",
                           "  url: https://example.org/x"]
        for topic in TOPICS
    }  # fmt: skip
    edges = [*_pairs(["depends_on", "relates_to"]), ("ledger", "depends_on", "DH-0999")]
    grouped: dict[tuple[str, str], list[str]] = {}
    for source, kind, target in edges:
        grouped.setdefault((source, kind), []).append(ids.get(target, target))
    for (source, kind), targets in grouped.items():
        lines = pages[f"items/{source}"]
        if "relations:" not in lines:
            lines.append("relations:")
        value = targets[0] if len(targets) == 1 else f"[{', '.join(targets)}]"
        lines.append(f"  {kind}: {value}")
    for topic in TOPICS[::4] if metadata else ():  # ids under nouns, not relations: metadata
        pages[f"items/{topic}"] += ["team:", "  owner: DH-0001", "  area: DH-0002"]
    planted = [("items/ledger.md", "DH-0999", "missing-target")]
    shape = Shape("type-map", pages, planted, len(edges))
    shape.fixes = [("items/ledger", "depends_on: DH-0999")]
    return Reading(
        shape, config=("  - {field: relations, shape: type-map}",), not_config=("team", "source")
    )


def kind_map() -> Reading:
    """2. Targets grouped by kind under one relation (related: {adrs: [...], stories: [...]}),
    beside supersedes: holding an id."""
    pages: dict[str, list[str]] = {}
    for index in range(12):
        pages[f"adrs/DEC-5-{index:02d}"] = [f"id: DEC-5-{index:02d}", "status: accepted"]
    for index in range(10):
        pages[f"stories/US-{index}"] = [f"id: US-{index}"]
    typed = 0
    for index in range(12):
        lines = pages[f"adrs/DEC-5-{index:02d}"]
        adrs = [f"DEC-5-{(index + step) % 12:02d}" for step in (1, 2)]
        stories = [f"US-{index % 10}"] + (["US-99"] if index == 3 else [])
        lines += ["related:", f"  adrs: [{', '.join(adrs)}]", f"  stories: [{', '.join(stories)}]"]
        typed += len(adrs) + len(stories)
    for index in range(10):
        pages[f"stories/US-{index}"] += ["related:", f"  adrs: [DEC-5-{index:02d}]"]
        typed += 1
    pages["adrs/DEC-5-11"].append("supersedes: DEC-5-10")
    typed += 1
    planted = [("adrs/DEC-5-03.md", "US-99", "missing-target")]
    shape = Shape("kind-map", pages, planted, typed)
    shape.fixes = [("adrs/DEC-5-03", "stories: [US-3, US-99]")]
    return Reading(shape, config=("  - {field: related, shape: kind-map}",))


def one_key_entries() -> Reading:
    """3. A list of one-key entries, each a type holding a wikilink; a summary beside them
    mentions a link in prose, which is no edge."""
    pages: dict[str, list[str]] = {topic: [f'summary: "About {topic}, see [[ledger]]"']
                                   for topic in TOPICS}  # fmt: skip
    edges = [*_pairs(["relates_to", "affects", "enables"]), ("search", "affects", "serch")]
    for source, kind, target in edges:
        lines = pages[source]
        if "ontological_relations:" not in lines:
            lines.append("ontological_relations:")
        lines.append(f'  - {kind}: "[[{target}]]"')
    planted = [("search.md", "[[serch]]", "missing-target")]
    shape = Shape("one-key-entries", pages, planted, len(edges))
    shape.fixes = [("search", '- affects: "[[serch]]"')]
    return Reading(
        shape,
        config=("  - {field: ontological_relations, shape: one-key-entries, targets: wikilinks}",),
        not_config=("summary",),
    )


def page_paths() -> Reading:
    """4. File paths as targets: a mapping of paths relative to the page (../index.md), and
    entries whose target is a file beside the page (result.md, which 21 folders have)."""
    pages: dict[str, list[str]] = {"index": []}
    for topic in TOPICS:
        pages[f"runs/{topic}/index"] = []
        pages[f"runs/{topic}/result"] = []
    edges = 0
    for index, topic in enumerate(TOPICS):
        lines = pages[f"runs/{topic}/index"]
        siblings = [f"../{TOPICS[(index + 1) % len(TOPICS)]}/index.md"]
        if topic == "search":
            siblings.append("../serch/index.md")
        lines += ["links:", "  parent: ../../index.md", f"  siblings: [{', '.join(siblings)}]"]
        lines += ["relations:", "  - type: references", "    target: result.md"]
        edges += 2 + len(siblings)
    planted = [("runs/search/index.md", "../serch/index.md", "missing-target")]
    shape = Shape("page-paths", pages, planted, edges)
    shape.fixes = [("runs/search/index", "siblings: [../accounts/index.md, ../serch/index.md]")]
    return Reading(
        shape,
        config=(
            "  - {field: links, shape: type-map}",
            "  - {field: relations, shape: entries, paths: page}",
        ),
    )


def prefixed_ids() -> Reading:
    """5. Scheme-prefixed ids: target: urn:mif:adr-0003 where the page says id: adr-0003."""
    ids = {topic: f"adr-{index:04d}" for index, topic in enumerate(TOPICS)}
    pages = {f"decisions/{topic}": [f"id: {ids[topic]}"] for topic in TOPICS}
    edges = [*_pairs(["implements", "refines"]), ("ledger", "implements", "adr-0999")]
    for source, kind, target in edges:
        lines = pages[f"decisions/{source}"]
        if "relations:" not in lines:
            lines.append("relations:")
        lines += [f"  - type: {kind}", f"    target: urn:mif:{ids.get(target, target)}"]
    planted = [("decisions/ledger.md", "urn:mif:adr-0999", "missing-target")]
    shape = Shape("prefixed-ids", pages, planted, len(edges))
    shape.fixes = [("decisions/ledger", "target: urn:mif:adr-0999")]
    shape.entries = True
    return Reading(shape, config=('  - {field: relations, shape: entries, prefix: "urn:mif:"}',))


READINGS = (
    metadata_beside_field(),
    links_with_text(),
    kind_prefix_is_a_path(),
    vault_root_targets(),
    shared_names(),
    type_map(),
    kind_map(),
    one_key_entries(),
    page_paths(),
    prefixed_ids(),
)
