"""The words ``init`` writes for a vault's own relation names: inverse labels a person would
write (nouns as well as verbs), none where it cannot name one, and spellings of one relation
offered for merging with their counts, never merged behind the author's back."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from built_html import parse
from conftest import mkdocs_build, run

#: Twenty-two pages, each linked to the next by one relation name as real vaults write them.
PAGES = (
    "ledger", "payments", "checkout", "catalogue", "search", "accounts", "billing", "invoicing",
    "reporting", "analytics", "identity", "sessions", "notifications", "email", "audit-log",
    "feature-flags", "pricing", "inventory", "shipping", "returns", "support", "onboarding",
)  # fmt: skip

#: Each name, and how its edge reads on the target's panel, as a person would write it:
#: X ``foundation: [[Y]]`` makes Y the foundation of X; X ``prerequisite_for: [[Y]]`` makes
#: X a prerequisite of Y; X ``benefits: [[Y]]``: Y benefits from X.
EXPECTED = {
    "foundation": "foundation of",
    "prerequisite_for": "prerequisite",
    "redirect": "redirected from",
    "example_of": "has example",
    "parent": "child",
    "child": "parent",
    "successor": "predecessor",
    "predecessor": "successor",
    "implements": "implemented by",
    "evolved_to": "evolved from",
    "benefits": "benefits from",
    "builds-on": "built on by",
    "applies-in": "scope of",
    "participates-in": "has participant",
    "proposes-to-supersede": "proposed to be superseded by",
    "owner": "owner of",
    "requirements": "requirement of",
    # "used by" is depends-on's (used below too): the second choice, not "used by (uses)".
    "uses": "in use by",
    "authored-by": "author of",
}
#: No rule or table names it: no inverse written, and the panel says so in plain words.
UNNAMED = "frobnicates"

#: What no panel, picture or finder text may say: placeholders and broken English.
BAD_WORDS = re.compile(r"\(inverse\)|\(incoming\)|\bby by\b|\bto by\b|\bfrom from\b|\bin by\b")


def _write(vault: Path, edges: dict[str, list[tuple[str, str]]]) -> None:
    vault.mkdir(parents=True)
    (vault / "index.md").write_text("# Home\n", encoding="utf-8")
    for page in PAGES:
        lines = ["---", f"title: {page.replace('-', ' ').title()}"]
        if edges.get(page):
            lines.append("relationships:")
            for kind, target in edges[page]:
                lines += [f"  - type: {kind}", f'    target: "[[{target}]]"']
        lines += ["---", f"# {page.replace('-', ' ').title()}", "", "Body.", ""]
        (vault / f"{page}.md").write_text("\n".join(lines), encoding="utf-8")


def _declared(vault: Path) -> list[dict[str, object]]:
    text = (vault / "wiki-config.md").read_text("utf-8")
    return list(yaml.safe_load(text.split("---\n")[1])["relationship_types"])


def _text(html: str) -> str:
    """What a reader reads: the page's text, and the words of its attributes (hover text)."""
    elements = parse(html)
    attributes = [
        v for e in elements for k, v in e.attrs.items() if v and k in ("title", "aria-label")
    ]
    return " ".join([" ".join(e.text.split()) for e in elements[:1]] + attributes)


def test_init_writes_inverse_labels_a_person_would_write(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    names = [*EXPECTED, UNNAMED, "depends-on"]
    edges: dict[str, list[tuple[str, str]]] = {}
    for index, name in enumerate(names):
        source, target = PAGES[index % len(PAGES)], PAGES[(index + 1) % len(PAGES)]
        edges.setdefault(source, []).append((name, target))
    _write(vault, edges)

    first = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert "Traceback" not in first.stderr, first.stderr
    assert first.returncode == 0, first.stdout + first.stderr
    declared = {entry["name"]: entry for entry in _declared(vault)}
    assert {name: declared[name].get("inverse") for name in EXPECTED} == EXPECTED
    assert "inverse" not in declared[UNNAMED] and not declared[UNNAMED].get("symmetric")
    config = (vault / "wiki-config.md").read_text("utf-8")
    assert not BAD_WORDS.search(config), config
    # The one name init could not read is said in one line, with how to name it.
    said = [line for line in first.stdout.splitlines() if UNNAMED in line and "inverse" in line]
    assert said == [
        f"note: no inverse label for {UNNAMED}: the target's panel reads 'linked as {UNNAMED} "
        "from'; to name it, add `inverse: <how it reads on the target page>` to it in "
        "vault/wiki-config.md"
    ]

    second = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (vault / "wiki-config.md").read_text("utf-8") == config
    assert "declares every type in use: left as it is" in second.stdout

    build = mkdocs_build(tmp_path)
    assert build.returncode == 0, build.stderr
    site = tmp_path / "site"
    read = {page: _text((site / page / "index.html").read_text("utf-8")) for page in PAGES}
    for page, text in read.items():
        assert not BAD_WORDS.search(text), (page, BAD_WORDS.search(text))
    # Each target's panel carries the label under its heading (capitalised).
    for index, name in enumerate(names[: len(EXPECTED)]):
        target = PAGES[(index + 1) % len(PAGES)]
        heading = EXPECTED[name][0].upper() + EXPECTED[name][1:]
        assert heading in read[target], (name, target)
    unnamed_target = PAGES[(len(EXPECTED) + 1) % len(PAGES)]
    assert f"Linked as {UNNAMED} from" in read[unnamed_target]
    for graph in site.rglob("graph*.js*"):
        assert not BAD_WORDS.search(graph.read_text("utf-8")), graph


#: (name, edges): four spellings of relates-to, one of them in two ways of writing.
SPELLINGS = [
    ("related", 12),
    ("relates_to", 3),
    ("related_to", 2),
    ("relatedTo", 1),
    ("relates", 2),
]
#: Names that share a verb but not a relation: a place and a party, a user and a use.
APART = [("applies-in", 2), ("applies-to", 2), ("uses", 1), ("used_in", 1), ("depended-on-by", 1)]


def test_init_offers_spellings_of_one_relation_and_merges_none(tmp_path: Path) -> None:
    vault = tmp_path / "vault"
    edges: dict[str, list[tuple[str, str]]] = {}
    index = 0
    for name, count in [*SPELLINGS, *APART, ("depends", 2), ("depends-on", 1)]:
        for _ in range(count):
            source, target = PAGES[index % len(PAGES)], PAGES[(index + 3) % len(PAGES)]
            edges.setdefault(source, []).append((name, target))
            index += 1
    _write(vault, edges)

    first = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    merge = "spellings: [relates_to, related, related_to, relatedTo, relates]"
    offer = (
        "note: 4 spellings of relates-to: relates-to (3 edges, also written relates_to), "
        "related (12 edges), related_to (3 edges, also written relatedTo), relates (2 edges); "
        f"declared apart, not merged: to read them as one type, give relates-to `{merge}` in "
        "vault/wiki-config.md (its entry there, or a new one: `- {name: relates-to, symmetric: "
        f"true, {merge}}}`) and drop their entries"
    )
    assert offer in first.stdout.splitlines(), first.stdout
    # "depends" says "depends on" without its preposition; the others are other relations.
    offers = [line for line in first.stdout.splitlines() if "spelling" in line]
    assert any(
        line.startswith("note: 2 spellings of depends-on: depends-on (1 edge), depends (2 edges)")
        for line in offers
    ), offers
    assert len(offers) == 2, offers
    # Nothing merged: each different word stays a type of its own, and reads as written.
    declared = {entry["name"]: entry for entry in _declared(vault)}
    assert {"related", "related_to", "relates"} <= set(declared)
    assert "related" not in str(declared.get("relates-to", {}).get("spellings", []))
    config = (vault / "wiki-config.md").read_text("utf-8")

    second = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert (vault / "wiki-config.md").read_text("utf-8") == config
    assert offer in second.stdout.splitlines(), second.stdout

    # Taken as offered, the spellings are one type: lint agrees, and init offers nothing.
    entry = yaml.safe_load(offer.split("or a new one: `")[1].split("`")[0])[0]
    head, body = config.split("---\n")[1], config.split("---\n", 2)[2]
    kept = [
        e for e in yaml.safe_load(head)["relationship_types"] if e["name"] not in entry["spellings"]
    ]
    kept = [e for e in kept if e["name"] != "relates-to"] + [entry]
    merged = "---\n" + yaml.safe_dump({"relationship_types": kept}) + "---\n" + body
    (vault / "wiki-config.md").write_text(merged, encoding="utf-8")
    assert run("lint", "--strict", cwd=tmp_path).returncode == 0
    third = run("init", "--docs-dir", "vault", cwd=tmp_path)
    assert "spellings of relates-to" not in third.stdout, third.stdout
