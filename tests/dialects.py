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
