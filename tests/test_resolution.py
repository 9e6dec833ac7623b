"""Target forms and the resolution order, on real builds and on the resolver itself."""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Site, pages_in_folder, relation_lines
from hypothesis import given, settings
from hypothesis import strategies as st

from mkdocs_relations.model.targets import TargetError, join_relative, parse_target
from mkdocs_relations.wiki import pipeline, resolution
from mkdocs_relations.wiki.lookup import PageKeys, Resolver
from mkdocs_relations.wiki.pipeline import load_wiki


@pytest.mark.parametrize(
    ("text", "path", "alias", "heading"),
    [
        ("[[slug]]", "slug", None, None),
        ("[[folder/slug]]", "folder/slug", None, None),
        ("[[slug|Alias]]", "slug", "Alias", None),
        ("[[slug#Heading]]", "slug", None, "Heading"),
        ("[[folder/slug#Heading|Alias]]", "folder/slug", "Alias", "Heading"),
        ("slug", "slug", None, None),
        ("folder/slug", "folder/slug", None, None),
        ("  [[ slug ]]  ", "slug", None, None),
        ("[[slug.md]]", "slug", None, None),
    ],
)
def test_target_forms(text: str, path: str, alias: str | None, heading: str | None) -> None:
    target = parse_target(text)
    assert (target.path, target.alias, target.heading) == (path, alias, heading)


@pytest.mark.parametrize("text", ["[[]]", "[[ ]]", "[[|x]]", "[[#h]]", "", "[[open", "close]]"])
def test_targets_that_name_nothing(text: str) -> None:
    with pytest.raises(TargetError):
        parse_target(text)


PAGES = [
    PageKeys("platform/checkout"),
    PageKeys("platform/payments", frontmatter_id="svc-payments"),
    PageKeys("Guides/Setup"),
    PageKeys("notes/Page Slug"),
    PageKeys("ledger", aliases=("General Ledger", "GL")),
    PageKeys("teams/index"),
    PageKeys("areas/billing/README"),
    PageKeys("areas/billing/other"),
    PageKeys("areas/tax/tax"),
    PageKeys("a/rule"),
    PageKeys("b/rule"),
    PageKeys("x/ambig/index"),
    PageKeys("y/ambig/_index"),
]


@pytest.mark.parametrize(
    ("target", "page", "step"),
    [
        ("platform/checkout", "platform/checkout", "page id"),
        ("svc-payments", "platform/payments", "frontmatter id"),
        ("guides/setup", "Guides/Setup", "page id ignoring case"),
        ("page-slug", "notes/Page Slug", "file name"),
        ("PAGE_SLUG", "notes/Page Slug", "file name"),
        ("notes/page_slug", "notes/Page Slug", "file name"),
        ("general ledger", "ledger", "alias"),
        ("teams", "teams/index", "folder path"),
        ("areas/billing", "areas/billing/README", "folder path"),
        ("billing", "areas/billing/README", "folder name"),
        ("tax", "areas/tax/tax", "file name"),
        ("/ledger", "ledger", "page id"),
        ("./checkout", "platform/checkout", "page id"),
        ("../ledger", "ledger", "page id"),
    ],
)
def test_resolution_steps(target: str, page: str, step: str) -> None:
    result = Resolver(PAGES).resolve(target, "platform/payments")
    assert (result.page_id, result.step) == (page, step)


def test_first_matching_step_wins() -> None:
    # A page id beats another page's frontmatter id that is spelt the same.
    pages = [PageKeys("ledger"), PageKeys("other", frontmatter_id="ledger")]
    assert Resolver(pages).resolve("ledger").page_id == "ledger"


@pytest.mark.parametrize(
    ("target", "candidates"),
    [("rule", ("a/rule", "b/rule")), ("ambig", ("x/ambig/index", "y/ambig/_index"))],
)
def test_ambiguity_names_every_candidate(target: str, candidates: tuple[str, ...]) -> None:
    result = Resolver(PAGES).resolve(target)
    assert result.page_id is None and result.candidates == candidates


@pytest.mark.parametrize(
    "target", ["../../etc/passwd", "../x", "~/secrets", "~", "C:/Windows/x", ".."]
)
def test_nothing_resolves_outside_docs(target: str) -> None:
    result = Resolver([*PAGES, PageKeys("etc/passwd"), PageKeys("x")]).resolve(target, "ledger")
    assert result.page_id is None and result.outside


def test_resolution_is_independent_of_input_order() -> None:
    forward = Resolver(PAGES)
    backward = Resolver(list(reversed(PAGES)))
    for target in ["rule", "ambig", "billing", "page-slug", "gl"]:
        assert forward.resolve(target) == backward.resolve(target)


def test_every_form_resolves_in_a_real_build(site: Site) -> None:
    site.pages(
        {
            "index.md": """
                ---
                relationships:
                  - {type: relates-to, target: "[[ledger]]"}
                  - {type: relates-to, target: "[[platform/checkout]]"}
                  - {type: depends-on, target: "[[Page Slug|The page]]"}
                  - {type: depends-on, target: "[[gl#Totals]]"}
                  - {type: part-of, target: platform}
                  - {type: relates-to, target: svc-payments}
                  - type: used-by
                    target: [[notes/page-slug]]
                ---
                """,
            "ledger.md": "---\naliases: [GL]\n---\n# Ledger\n",
            "platform/index.md": "# Platform\n",
            "platform/checkout.md": "# Checkout\n",
            "platform/payments.md": "---\nid: svc-payments\n---\n",
            "notes/Page Slug.md": "# Page slug\n",
        }
    )
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    wiki = load_wiki({p.relative_to(site.docs).as_posix(): str(p) for p in site.docs.rglob("*.md")})
    assert [e.target_id for e in wiki.graph.pages["index"].edges] == [
        "ledger",
        "platform/checkout",
        "notes/Page Slug",
        "ledger",
        "platform/index",
        "platform/payments",
        "notes/Page Slug",
    ]


def test_excluded_and_draft_pages_are_not_targets(site: Site) -> None:
    site.pages(
        {
            "index.md": """
                ---
                relationships:
                  - {type: depends-on, target: hidden}
                  - {type: depends-on, target: draft}
                ---
                """,
            "hidden.md": "# Hidden\n",
            "draft.md": "# Draft\n",
        }
    )
    site.extra_config = {"exclude_docs": "hidden.md\n", "draft_docs": "draft.md\n"}
    result = site.build()
    codes = [line for line in relation_lines(result) if "[missing-target]" in line]
    assert len(codes) == 2, relation_lines(result)


def test_case_is_ignored_as_the_wikis_tools_ignore_it(site: Site) -> None:
    """Obsidian, Foam and Logseq compare names lower-cased, which keeps "ß": casefold made
    [[STRASSE]] an edge to straße.md, a link the author's own tool shows as unresolved."""
    site.pages(
        {
            "index.md": """
                ---
                relationships:
                  - {type: depends-on, target: "[[STRASSE]]"}
                  - {type: depends-on, target: "[[STRAßE]]"}
                  - {type: depends-on, target: "[[Ärger]]"}
                ---
                """,
            "straße.md": "# Straße\n",
            "notes/ärger.md": "# Ärger\n",
        }
    )
    result = site.build()
    [line] = relation_lines(result)
    assert line.startswith("docs/index.md:3: error: [missing-target] target 'STRASSE' matches"), (
        line
    )


def test_outside_target_in_a_build(site: Site) -> None:
    site.page(
        "index.md",
        '---\nrelationships:\n  - type: depends-on\n    target: "[[../../etc/passwd]]"\n---\n',
    )
    result = site.build()
    [line] = relation_lines(result)
    assert line.startswith("docs/index.md:4: error: [missing-target]")
    assert "outside the docs folder" in line


def test_superseded_by_is_resolved_like_a_target(site: Site) -> None:
    site.pages(
        {
            "old.md": '---\nsuperseded_by: "[[rule]]"\n---\n',
            "older.md": '---\nsuperseded_by: "[[../../etc/passwd]]"\n---\n',
            "a/rule.md": "# A rule\n",
            "b/rule.md": "# B rule\n",
        }
    )
    lines = relation_lines(site.build())
    assert [line.split(" target")[0] for line in lines] == [
        "docs/old.md:2: error: [ambiguous-target]",
        "docs/older.md:2: error: [missing-target]",
    ], lines
    assert "a/rule, b/rule" in lines[0] and "outside the docs folder" in lines[1]


def test_superseded_by_gets_the_retry_and_the_hints_edges_get(site: Site) -> None:
    site.pages(
        {
            # A file name with '#': resolved whole, as an edge target is.
            "old.md": '---\nsuperseded_by: "[[C# notes]]"\n---\n',
            "C# notes.md": "---\nrelationships:\n  - {type: supersedes, target: old}\n---\n",
            "older.md": '---\nsuperseded_by: "[[ledgr]]"\n---\n',
            "ledger.md": "# Ledger\n",
        }
    )
    lines = relation_lines(site.build())
    assert lines == [
        "docs/older.md:2: error: [missing-target] superseded_by 'ledgr' matches no page. "
        "Did you mean 'ledger'? Fix it, or remove superseded_by"
    ]


def test_a_kind_and_a_name_find_the_page_of_that_kind() -> None:
    """``concept/grounding``: the target names the page's kind, not its folder (step 7)."""
    resolver = Resolver(
        [
            PageKeys("base/concepts/grounding"),
            PageKeys("base/policies/retention"),
            PageKeys("notes/weaving", kind="Pattern"),
            PageKeys("notes/grounding"),
            PageKeys("a/tasks/x"),
            PageKeys("b/task/x"),
        ],
        kind_prefixes=True,
    )
    assert resolver.resolve("concept/grounding").page_id == "base/concepts/grounding"
    assert resolver.resolve("policy/retention").page_id == "base/policies/retention"
    assert resolver.resolve("pattern/weaving").page_id == "notes/weaving"
    assert resolver.resolve("concept/grounding").step == "kind and name"
    assert resolver.resolve("person/grounding").page_id is None
    # Two pages of one kind and name: ambiguous, as at every other step.
    assert resolver.resolve("task/x").candidates == ("a/tasks/x", "b/task/x")


def test_a_kind_and_a_name_only_where_the_wiki_declares_it() -> None:
    """Off by default; and a kind that names a folder of pages is a path, never a kind."""
    pages = [
        PageKeys("concepts/justice/distributive-justice", kind="concept"),
        PageKeys("base/concepts/grounding", kind="concept"),
    ]
    assert Resolver(pages).resolve("concept/grounding").page_id is None
    declared = Resolver(pages, kind_prefixes=True)
    assert declared.resolve("concept/grounding").page_id == "base/concepts/grounding"
    # concepts/ is a folder here: concepts/distributive-justice is a broken path.
    assert declared.resolve("concepts/distributive-justice").page_id is None


def test_a_shared_name_resolves_as_obsidian_does_where_the_wiki_says_so() -> None:
    pages = [
        PageKeys("alpha/overview"),
        PageKeys("beta/overview"),
        PageKeys("team/status"),
        PageKeys("team/archive/status"),
        PageKeys("a/notes"),
        PageKeys("b/notes"),
    ]
    plain = Resolver(pages)
    assert plain.resolve("overview", "alpha/plan").ambiguous
    nearest = Resolver(pages, nearest_names=True)
    assert nearest.resolve("overview", "beta/plan").page_id == "beta/overview"
    assert nearest.resolve("status", "ledger").page_id == "team/status"
    tie = nearest.resolve("notes", "ledger")
    assert tie.page_id is None and tie.ambiguous
    # A path is a path: the rule is for bare names only.
    assert nearest.resolve("alpha/overview", "beta/plan").page_id == "alpha/overview"


def test_targets_from_the_vault_root_where_the_docs_folder_is_inside_it() -> None:
    pages = [PageKeys("mathematics/algebra"), PageKeys("knowledge_base/notes")]
    assert Resolver(pages).resolve("knowledge_base/mathematics/algebra").page_id is None
    inside = Resolver(pages, vault_folder="knowledge_base")
    assert inside.resolve("knowledge_base/mathematics/algebra").page_id == "mathematics/algebra"
    # A page whose own path starts so is still itself.
    assert inside.resolve("knowledge_base/notes").page_id == "knowledge_base/notes"


def _joined_by_normpath(path: str, source_id: str) -> str | None:
    """join_relative's rule written plainly, every path through normpath: the oracle."""
    if path.startswith("~"):
        return None
    if path.startswith("/"):
        joined = path.lstrip("/")
    elif path.startswith(("./", "../")) or path in (".", ".."):
        joined = posixpath.join(posixpath.dirname(source_id), path)
    else:
        joined = path
    normal = posixpath.normpath(joined) if joined else joined
    if normal in ("", ".", "..") or normal.startswith(("../", "/")):
        return None
    head = normal.split("/", 1)[0]
    return None if ":" in head and len(head) == 2 else normal


@settings(max_examples=3000)
@given(
    st.lists(st.sampled_from(["a", "b", "/", ".", "..", ":", "C:", "~", " ", "x.md", "é"])),
    st.sampled_from(["", "a/b", "x", "a/b/c"]),
)
def test_join_relative_is_normpath_where_it_skips_it(parts: list[str], source_id: str) -> None:
    """Paths with no ".", no "//" and no trailing "/" skip normpath (nearly every target)."""
    path = "".join(parts)
    assert join_relative(path, source_id) == _joined_by_normpath(path, source_id)


def test_each_declared_page_is_let_go_as_it_is_resolved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resolution takes the declared pages one at a time, resolving each before it takes the
    next, so the wiki never holds both halves of every page at once (issue 45); a target
    written as another page's address is still told that page, whichever comes first."""
    events: list[tuple[str, str]] = []
    released, resolve_edge = pipeline._released, resolution._resolve_edge

    def taking(pages: dict[str, Any]) -> Iterator[Any]:
        for page in released(pages):
            events.append(("take", page.id))
            yield page

    def resolving(page: Any, *args: Any) -> Any:
        events.append(("resolve", page.id))
        return resolve_edge(page, *args)

    monkeypatch.setattr(pipeline, "_released", taking)
    monkeypatch.setattr(resolution, "_resolve_edge", resolving)
    for name in "abc":
        (tmp_path / f"{name}.md").write_text(
            f"---\npermalink: /{name}-page/\nrelationships:\n"
            f"  - {{type: relates-to, target: /{'cab'['abc'.index(name)]}-page/}}\n---\n"
        )
    wiki = load_wiki(pages_in_folder(str(tmp_path)))
    assert events == [(kind, n) for n in "abc" for kind in ("take", "resolve")], events
    told = sorted(d.message for d in wiki.diagnostics if d.code == "missing-target")
    assert told == [
        f"target '/{t}-page/' matches no page, but it is the permalink of {t}.md: a target "
        f'names a page by its path, not its address; write "[[{t}]]"'
        for t in "abc"
    ], told
