"""Test wikis written in the typed-link dialects found in real vaults, with planted errors.

Each dialect is a small but whole wiki (20+ pages) as its authors write it: the field name,
the type names, the key order, notes under other keys, an agent file describing the
vocabulary in prose, Obsidian's settings folder and a templates folder. The errors planted in
each are the only problems `init` must leave behind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

TOPICS = (
    "ledger", "payments", "checkout", "catalogue", "search", "accounts", "billing",
    "invoicing", "reporting", "analytics", "identity", "sessions", "notifications",
    "email", "audit-log", "feature-flags", "pricing", "inventory", "shipping", "returns",
    "support", "onboarding",
)  # fmt: skip


@dataclass
class Dialect:
    name: str
    field: str
    #: (source, type, target, extra keys) for every edge.
    edges: list[tuple[str, str, str, dict[str, str]]]
    #: (file, text on the reported line, code) for each error planted: all lint may report.
    planted: list[tuple[str, str, str]]
    target_first: bool = False
    folders: dict[str, str] = field(default_factory=dict)

    def expected(self, vault: Path, prefix: str) -> list[str]:
        """``docs/file.md:LINE: [code]`` for each planted error, as lint prints them."""
        found = []
        for file, text, code in self.planted:
            path = vault / f"{self.folders.get(file[:-3], '')}{file}"
            lines = path.read_text("utf-8").splitlines()
            line = next(n for n, content in enumerate(lines, 1) if text in content)
            relative = path.relative_to(vault).as_posix()
            found.append(f"{prefix}/{relative}:{line}: error: [{code}]")
        return sorted(found)

    def fixed(self) -> Dialect:
        """The same wiki with the planted errors' edges removed."""
        planted = {(file[:-3], text) for file, text, _ in self.planted}
        edges = [e for e in self.edges if (e[0], f"[[{e[2]}]]") not in planted]
        return Dialect(self.name, self.field, edges, [], self.target_first, self.folders)

    def write(self, vault: Path) -> None:
        by_page: dict[str, list[tuple[str, str, dict[str, str]]]] = {t: [] for t in TOPICS}
        for source, kind, target, extra in self.edges:
            by_page.setdefault(source, []).append((kind, target, extra))
        for page, edges in by_page.items():
            path = vault / f"{self.folders.get(page, '')}{page}.md"
            path.parent.mkdir(parents=True, exist_ok=True)
            lines = ["---", f"title: {page.replace('-', ' ').title()}", "tags: [system]"]
            if edges:
                lines.append(f"{self.field}:")
                for kind, target, extra in edges:
                    pairs = [("target", f'"[[{target}]]"'), ("type", kind)]
                    if not self.target_first:
                        pairs.reverse()
                    pairs += list(extra.items())
                    lines.append(f"  - {pairs[0][0]}: {pairs[0][1]}")
                    lines += [f"    {key}: {value}" for key, value in pairs[1:]]
            lines += ["---", f"# {page.replace('-', ' ').title()}", "", "Body text.", ""]
            path.write_text("\n".join(lines), encoding="utf-8")
        (vault / ".obsidian").mkdir(exist_ok=True)
        (vault / ".obsidian" / "app.json").write_text("{}", encoding="utf-8")
        # The vault's own setting names the folder, and its page is a template: init leaves
        # it out (a folder named templates alone is not evidence).
        (vault / ".obsidian" / "templates.json").write_text(
            '{"folder": "templates"}', encoding="utf-8"
        )
        (vault / "templates").mkdir(exist_ok=True)
        (vault / "templates" / "concept.md").write_text(
            f"---\ntitle: {{{{title}}}}\n{self.field}:\n  - type: {{{{type}}}}\n"
            '    target: "[[{{target}}]]"\n---\n',
            encoding="utf-8",
        )
        (vault / "AGENTS.md").write_text(
            "# Agent notes\n\nRelationship types used in this wiki: "
            + ", ".join(sorted({kind for _, kind, _, _ in self.edges}))
            + ".\n",
            encoding="utf-8",
        )


def _chain(
    types: list[str], extra_key: str | None = None
) -> list[tuple[str, str, str, dict[str, str]]]:
    """Two edges a topic to later topics (no loops), cycling through the dialect's types."""
    edges = []
    for index, topic in enumerate(TOPICS):
        for step in (1, 3):
            if index + step >= len(TOPICS):
                continue
            target = TOPICS[index + step]
            kind = types[(index + step) % len(types)]
            extra = {extra_key: f'"{topic} and {target} share data"'} if extra_key else {}
            edges.append((topic, kind, target, extra))
    return edges


SNAKE_TYPES = ["related_to", "uses", "extends", "derived_from", "implements", "replaces"]
SNAKE_TYPES += ["contradicts"]
KEBAB_TYPES = ["supports", "caused", "authored-by", "instance-of", "contains", "belongs_to"]
KEBAB_TYPES += ["depends-on", "relates-to"]

SNAKE = Dialect(
    "snake_case",
    "relationships",
    [
        *_chain(SNAKE_TYPES, extra_key="via"),
        ("ledger", "uses", "ledgr", {}),
    ],
    planted=[("ledger.md", "[[ledgr]]", "missing-target")],
    target_first=True,
)

KEBAB = Dialect(
    "relations-kebab",
    "relations",
    [
        *_chain(KEBAB_TYPES),
        ("payments", "supports", "paymnts-api", {}),
    ],
    planted=[("payments.md", "[[paymnts-api]]", "missing-target")],
    folders={"ledger": "finance/", "billing": "finance/"},
)

LINKS = Dialect(
    "links-canonical-spellings",
    "links",
    [
        *_chain(["depends_on", "relates_to", "used_by"], extra_key="note"),
        # part_of spells part-of, which must not loop: init declares it acyclic like part-of.
        ("shipping", "part_of", "returns", {}),
        ("returns", "part_of", "shipping", {}),
    ],
    planted=[("returns.md", "[[shipping]]", "cycle")],
)

DIALECTS = (SNAKE, KEBAB, LINKS)


# The six shapes of issue 21: each a vault of 20+ pages written as real wikis write them, with
# the errors planted in it the only ones `init` may leave behind.

#: (source page, type, target as written, extra lines under the entry)
ShapeEdge = tuple[str, str, str, dict[str, str]]


@dataclass
class Shape:
    name: str
    #: page path (without .md) -> frontmatter lines besides the title
    pages: dict[str, list[str]]
    #: (file, text on the reported line, code) for each planted error
    planted: list[tuple[str, str, str]]
    #: typed targets in the vault, counted as they are generated
    typed_targets: int
    #: (page, text) of each planted error's line, removed to fix the vault
    fixes: list[tuple[str, str]] = field(default_factory=list)
    #: Fixing removes the whole list entry the line is in.
    entries: bool = False

    def write(self, vault: Path, fixed: bool = False) -> None:
        drop: set[tuple[str, int]] = set()
        for path, text in self.fixes if fixed else ():
            lines = self.pages[path]
            start = next(i for i, line in enumerate(lines) if line.strip() == text)
            end = start + 1
            if self.entries and lines[start].startswith("  "):
                # A whole entry goes: from its "- " line to the next one.
                while not lines[start].lstrip().startswith("- "):
                    start -= 1
                end = start + 1
                while end < len(lines) and lines[end].startswith("    "):
                    end += 1
            drop |= {(path, i) for i in range(start, end)}
        for path, lines in self.pages.items():
            file = vault / f"{path}.md"
            file.parent.mkdir(parents=True, exist_ok=True)
            title = path.rpartition("/")[2].replace("-", " ").title()
            kept = [line for i, line in enumerate(lines) if (path, i) not in drop]
            text = "\n".join(["---", f"title: {title}", *kept, "---", f"# {title}", "", "Body."])
            file.write_text(text + "\n", encoding="utf-8")
        (vault / ".obsidian").mkdir(exist_ok=True)
        (vault / ".obsidian" / "app.json").write_text("{}", encoding="utf-8")

    def expected(self, vault: Path, prefix: str) -> list[str]:
        found = []
        for file, text, code in self.planted:
            path = vault / file
            lines = path.read_text("utf-8").splitlines()
            line = next(n for n, content in enumerate(lines, 1) if text in content)
            found.append(f"{prefix}/{file}:{line}: error: [{code}]")
        return sorted(found)


def _pairs(types: list[str]) -> list[tuple[str, str, str]]:
    """(source, type, target): two edges a topic to later topics, cycling through types."""
    edges = []
    for index, topic in enumerate(TOPICS):
        for step in (1, 3):
            if index + step < len(TOPICS):
                edges.append((topic, types[(index + step) % len(types)], TOPICS[index + step]))
    return edges


def _entry_shape() -> Shape:
    """1. Entries under another field, with other key names and a note key we do not know."""
    pages: dict[str, list[str]] = {topic: ["status: active"] for topic in TOPICS}
    edges = _pairs(["depends-on", "fulfils", "delivers", "related_to"])
    edges += [("ledger", "depends-on", "ledgr"), ("payments", "depnds-on", "ledger")]
    for source, kind, target in edges:
        lines = pages[source]
        if "connections:" not in lines:
            lines.append("connections:")
        lines += [
            f"  - rel: {kind}",
            f'    to: "[[{target}]]"',
            f'    rationale: "{source} and {target} work together"',
        ]
    planted = [
        ("ledger.md", "[[ledgr]]", "missing-target"),
        ("payments.md", "rel: depnds-on", "unknown-type"),
    ]
    fixes = [("ledger", 'to: "[[ledgr]]"'), ("payments", "- rel: depnds-on")]
    shape = Shape("entries-rel-to", pages, planted, len(edges), fixes)
    return _without_entries(shape)


def _without_entries(shape: Shape) -> Shape:
    """Fixing an entry drops all of its lines, not only the one reported."""
    shape.entries = True
    return shape


def _targets_list_shape() -> Shape:
    """2. One entry per type holding a list of targets, some of them unquoted."""
    pages: dict[str, list[str]] = {topic: ["tags: [system]"] for topic in TOPICS}
    grouped: dict[tuple[str, str], list[str]] = {}
    edges = [*_pairs(["implements", "builds-on", "teaches"]), ("search", "implements", "serch")]
    for source, kind, target in edges:
        grouped.setdefault((source, kind), []).append(target)
    for (source, kind), targets in grouped.items():
        lines = pages[source]
        if "semantic_relations:" not in lines:
            lines.append("semantic_relations:")
        lines.append(f"  - type: {kind}")
        if kind == "builds-on":  # the unquoted flow form: a list of lists of lists
            lines.append(f"    links: [{', '.join(f'[[{t}]]' for t in targets)}]")
        else:
            lines.append("    links:")
            lines += [f'      - "[[{t}]]"' for t in targets]
    planted = [("search.md", "[[serch]]", "missing-target")]
    return Shape("targets-list", pages, planted, len(edges), [("search", '- "[[serch]]"')])


def _relation_keys_shape() -> Shape:
    """3. The relation's name as the key, beside ordinary frontmatter; empty lists common."""
    folders = {topic: ("concepts/" if index % 3 == 0 else "") for index, topic in enumerate(TOPICS)}
    pages: dict[str, list[str]] = {}
    for topic in TOPICS:
        pages[folders[topic] + topic] = [
            "tags: [system]",
            "created: 2024-05-01",
            "part-of: []",
        ]
    edges = _pairs(["relates-to", "supports", "part-of", "teaches"])
    edges += [("email", "supports", "emial"), ("returns", "part-of", "shipping")]
    edges += [("shipping", "part-of", "returns")]
    by_key: dict[tuple[str, str], list[str]] = {}
    for source, kind, target in edges:
        by_key.setdefault((source, kind), []).append(folders.get(target, "") + target)
    for (source, kind), targets in by_key.items():
        lines = pages[folders[source] + source]
        if kind == "part-of":
            lines.remove("part-of: []")
        if len(targets) == 1:
            lines.append(f'{kind}: ["[[{targets[0]}]]"]')
        else:
            lines.append(f"{kind}:")
            lines += [f'  - "[[{t}]]"' for t in targets]
    # A property holding one wikilink under a noun (Obsidian's typed links): read too.
    owners = [(topic, "accounts") for topic in TOPICS[::5] if topic != "accounts"]
    for source, target in owners:
        pages[folders[source] + source].append(f'owner: "[[{folders[target]}{target}]]"')
    edges += [(source, "owner", target) for source, target in owners]
    planted = [
        ("email.md", "[[emial]]", "missing-target"),
        ("concepts/shipping.md", 'part-of: ["[[returns]]"]', "cycle"),
    ]
    fixes = [("email", 'supports: ["[[emial]]"]')]
    fixes.append(("concepts/shipping", 'part-of: ["[[returns]]"]'))
    return Shape("relation-keys", pages, planted, len(edges), fixes)


def _unquoted_shape() -> Shape:
    """4. Unquoted wikilinks, which YAML reads as lists in lists, in entries and in lists."""
    pages: dict[str, list[str]] = {topic: [] for topic in TOPICS}
    edges = [*_pairs(["depends-on", "relates-to"]), ("billing", "depends-on", "invoicng")]
    for source, kind, target in edges:
        lines = pages[source]
        if "relationships:" not in lines:
            lines.append("relationships:")
        lines += [f"  - type: {kind}", f"    target: [[{target}]]"]
    # And under a relation key, in block style: `- [[x]]` is a list in a list in a list.
    related = [(TOPICS[i], TOPICS[i + 2]) for i in range(0, len(TOPICS) - 2, 4)]
    for source, target in related:
        pages[source] = ["related:", f"  - [[{target}]]", *pages[source]]
    planted = [("billing.md", "[[invoicng]]", "missing-target")]
    typed = len(edges) + len(related)
    shape = Shape("unquoted", pages, planted, typed, [("billing", "target: [[invoicng]]")])
    return _without_entries(shape)


def _ids_shape() -> Shape:
    """5. Targets that are ids: file names in any folder, another id key, kind prefixes."""
    pages: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    paths: dict[str, str] = {}
    for index, topic in enumerate(TOPICS):
        if index % 3 == 0:
            path, name = f"epics/EPIC-{index:02d}ab34cd", f"EPIC-{index:02d}ab34cd"
            pages[path] = ["kind: epic"]
        elif index % 3 == 1:
            path, name = f"patterns/{topic}", f"PAT_{topic.replace('-', '_')}"
            pages[path] = [f"object_id: {name}"]
        else:
            path, name = f"base/concepts/{topic}", f"concept/{topic}"
            pages[path] = ["type: concept"]
        names[topic], paths[topic] = name, path
    edges = _pairs(["related_to", "delivers", "builds-on"])
    edges = [(s, k, names[t]) for s, k, t in edges] + [(TOPICS[1], "delivers", "PAT_nope")]
    for source, kind, target in edges:
        lines = pages[paths[source]]
        if "links:" not in lines:
            lines.append("links:")
        lines += [f"  - rel: {kind}", f"    target_object_id: {target}"]
    path = paths[TOPICS[1]]
    planted = [(f"{path}.md", "PAT_nope", "missing-target")]
    shape = Shape("ids", pages, planted, len(edges), [(path, "target_object_id: PAT_nope")])
    return _without_entries(shape)


def _titles_shape() -> Shape:
    """6. Title targets with spaces and punctuation, edges stored in both directions, and the
    same name in two folders (a real ambiguity)."""
    titles = {topic: f"{topic.replace('-', ' ').title()} — Context" for topic in TOPICS}
    pages: dict[str, list[str]] = {titles[topic]: [] for topic in TOPICS}
    pages["team-a/notes"] = []
    pages["team-b/notes"] = []
    edges = []
    for source, kind, target in _pairs(["depends-on", "relates-to"]):
        edges.append((titles[source], kind, titles[target]))
        if kind == "depends-on":  # stored from both ends
            edges.append((titles[target], "depended-on-by", titles[source]))
    edges.append((titles["ledger"], "relates-to", "notes"))
    for source, kind, target in edges:
        lines = pages[source]
        if "relationships:" not in lines:
            lines.append("relationships:")
        lines += [f"  - type: {kind}", f'    target: "[[{target}]]"']
    planted = [(f"{titles['ledger']}.md", '"[[notes]]"', "ambiguous-target")]
    fixes = [(titles["ledger"], 'target: "[[notes]]"')]
    shape = Shape("titles-mirrors", pages, planted, len(edges), fixes)
    return _without_entries(shape)


SHAPES = (
    _entry_shape(),
    _targets_list_shape(),
    _relation_keys_shape(),
    _unquoted_shape(),
    _ids_shape(),
    _titles_shape(),
)

#: A Dendron vault: every note's file name is its dotted hierarchy, and links name it.
DENDRON = {
    "root": ("Root", ""),
    "proj": ("Project", "author: Jane Doe\nreviewers: [Jane Doe]\nsee-also: the ledger notes\n"),
    "proj.api": ("API", 'part-of: "[[proj]]"\ndepends-on: ["[[proj.db]]"]\n'),
    "proj.api.auth": ("Auth", 'part-of: "[[proj.api]]"\ndepends-on: ["[[proj.api.tokens]]"]\n'),
    "proj.api.tokens": ("Tokens", 'part-of: "[[proj.api]]"\ndepends-on: "[[proj.db]]"\n'),
    "proj.db": ("Database", 'part-of: "[[proj]]"\nreplicas: 3\n'),
    "proj.ui": ("UI", 'part-of: "[[proj]]"\ndepends-on: ["[[proj.api.auth]]"]\n'),
}
