"""The words a reader meets outside the panel's markup: a type whose inverse nobody named,
read in plain words on the panel, in the picture and in the finder's graph file."""

from __future__ import annotations

import json

from built_blocks import answers
from conftest import Site, relation_lines, run

from mkdocs_relations.model.direction import IN
from mkdocs_relations.model.type_declarations import parse_types
from mkdocs_relations.model.vocabulary import Vocabulary
from mkdocs_relations.output.labels import Labels

#: A type declared without an inverse (the vocabulary says "foundation (incoming)") and one
#: init wrote with its placeholder ("benefits (inverse)", for the author to reword).
WIKI = {
    "wiki-config.md": """
        ---
        relationship_types:
          - name: foundation
          - name: benefits
            inverse: benefits (inverse)
          - name: cites
            inverse: cited by
        ---
        """,
    "a.md": """
        ---
        title: Alpha
        relationships:
          - {type: foundation, target: b}
          - {type: benefits, target: b}
          - {type: cites, target: b}
        ---
        # Alpha
        """,
    "b.md": "---\ntitle: Beta\n---\n# Beta\n",
}


def test_an_unnamed_inverse_reads_as_the_type_and_its_direction(site: Site) -> None:
    site.pages(WIKI)
    site.plugin_options = {"overview": "relations.md"}
    assert site.build(strict=True).ok
    overview = site.html("relations/index.html")
    assert "(incoming)" not in overview and "(inverse)" not in overview
    assert "linked as foundation from" in overview
    beta = site.html("b/index.html")
    assert "(incoming)" not in beta and "(inverse)" not in beta
    assert "Linked as foundation from" in beta and "Linked as benefits from" in beta
    assert "Cited by" in beta  # a named inverse is the author's word, as before
    graph = (site.site_dir / "assets" / "mkdocs-relations" / "graph.json").read_text("utf-8")
    document = json.loads(graph)
    inverses = {t["name"]: t["inverse"] for t in document["types"]}
    assert inverses["foundation"] == "linked as foundation from"
    assert inverses["benefits"] == "linked as benefits from"
    assert inverses["cites"] == "cited by"


def test_the_plain_words_are_a_label_and_an_override_still_wins() -> None:
    types, problems = parse_types([{"name": "foundation"}], "wiki-config.md", lambda *a: 1)
    assert problems == []
    vocabulary = Vocabulary(types)
    assert Labels(vocabulary).type_label("foundation", IN) == "linked as foundation from"
    german = Labels(vocabulary, {"inverse_unnamed": "als {label} verlinkt von"})
    assert german.type_label("foundation", IN) == "als foundation verlinkt von"
    named = Labels(vocabulary, {"foundation.inverse": "built on by"})
    assert named.type_label("foundation", IN) == "built on by"


def test_a_short_names_swapped_letters_get_a_did_you_mean(site: Site) -> None:
    """``[[kafak]]`` was told ``kafka`` while ``[[auht]]`` got nothing though ``auth`` exists."""
    site.pages(
        {
            "auth.md": "# Auth\n",
            "kafka.md": "# Kafka\n",
            "api.md": "---\nrelationships:\n  - {type: depends-on, target: '[[auht]]'}\n"
            "  - {type: depends-on, target: '[[kafak]]'}\n---\n# API\n",
        }
    )
    lines = relation_lines(site.build())
    assert any("'auht' matches no page" in m and "'auth'" in m for m in lines), lines
    assert any("'kafak' matches no page" in m and "'kafka'" in m for m in lines), lines


TITLED = {
    "services/shipping.md": "---\ntitle: Shipping service\nrelationships:\n"
    "  - {type: depends-on, target: ledger}\n---\n# Shipping\n",
    "ledger.md": "---\ntitle: Ledger\n---\n# Ledger\n",
    "runbooks/r1.md": "---\ntitle: Runbook 1\n---\n",
    "runbooks/r2.md": "---\ntitle: Runbook 2\n---\n",
    "runbooks/r10.md": "---\ntitle: Runbook 10\n---\n",
    "map.md": "# Map\n\n<!-- relations/overview -->\n",
    "index.md": "# Home\n",
}


def test_the_command_line_takes_titles_as_the_finder_does(site: Site) -> None:
    """``path`` refused "Shipping service", which the finder takes; a name several pages
    match is the finder's choice list, as an error."""
    site.pages(TITLED)
    site.write_config()
    found = run("path", "Shipping service", "ledger", cwd=site.root)
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == "[[services/shipping]] —depends-on→ [[ledger]]"
    reach = run("reach", "shipping SERVICE", cwd=site.root)
    assert reach.returncode == 0 and "ledger" in reach.stdout, reach.stderr
    page = run("query", "--page", "Shipping service", "--follow", "depends-on", cwd=site.root)
    assert page.returncode == 0 and "Ledger" in page.stdout, page.stderr
    several = run("path", "runbook", "ledger", cwd=site.root)
    assert several.returncode == 2
    assert (
        "'runbook' matches 3 pages by title, id or alias: Runbook 1 (runbooks/r1), "
        "Runbook 2 (runbooks/r2), Runbook 10 (runbooks/r10); name one by its id"
    ) in several.stderr


def test_list_pages_leaves_out_overview_pages_on_the_command_line_too(site: Site) -> None:
    site.pages(TITLED)
    site.plugin_options = {"overview": "relations.md"}
    assert site.build().ok
    built = {r.key for r in answers(site.html("relations/index.html"))[2].rows}  # orphans
    listed = run("query", "--list", "pages", "--format", "json", cwd=site.root)
    assert listed.returncode == 0, listed.stderr
    keys = {row["key"] for row in json.loads(listed.stdout)["rows"]}
    assert "map" not in keys and "map" not in built
    orphans = run(
        "query", "--list", "pages", "--where", "not={edges: any}", "--format", "json", cwd=site.root
    )
    assert {row["key"] for row in json.loads(orphans.stdout)["rows"]} == built, orphans.stderr
