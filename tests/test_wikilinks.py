"""``[[wikilinks]]`` in page text (``wikilinks: true``): built sites read through their links."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from conftest import CORPORA, Site, copy_corpus, relation_lines, run, serve
from hypothesis import given
from hypothesis import strategies as st

from mkdocs_relations.frontmatter.page import page_id_for
from mkdocs_relations.inject.built_site import built_page
from mkdocs_relations.wiki.page_set import folder_page_set
from mkdocs_relations.wiki.pipeline import Options, load_wiki


class _Links(HTMLParser):
    """The body-link elements of a page, in order: (tag, attributes, text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, dict[str, str], str]] = []
        self._open: list[int] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "relations-wikilink" in values.get("class", "") or tag == "img":
            self.found.append((tag, values, ""))
            if tag != "img":
                self._open.append(len(self.found) - 1)

    def handle_data(self, data: str) -> None:
        if self._open:
            tag, values, text = self.found[self._open[-1]]
            self.found[self._open[-1]] = (tag, values, text + data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and tag in ("a", "span") and self.found[self._open[-1]][0] == tag:
            self._open.pop()


def links(html: str) -> list[tuple[str, dict[str, str], str]]:
    parser = _Links()
    parser.feed(html)
    return parser.found


def content(html: str) -> str:
    """The page's text between its first heading and the relationships panel."""
    start = html.index("<h1")
    end = html.find('<aside class="relations', start)
    return html[start : end if end > 0 else len(html)]


VAULT = {
    "index.md": """
        ---
        relationships:
          - type: depends-on
            target: "[[runbook]]"
        ---
        # Home

        By name [[runbook]], shown [[ops/runbook|the runbook]],
        heading [[runbook#Restart the service]]. Same page [[#Home]], alias [[rb]],
        case [[RUNBOOK]], id [[svc-ledger]], folder [[team]].
        Spaces [[my page]], file name with extension [[ledger.md]], pdf [[manual.pdf]].
        Image ![[pic.png|200]], embed ![[ledger]], broken [[ledgr]], ambiguous [[notes]].
        Escaped [[ledger|<script>alert(1)</script> & co]] and `[[in code]]` and \\[[not a link]].

        ```
        [[in fence]]
        ```

            [[indented code]]

        <div title="[[attribute]]">[[in html block]]</div>

        | link | note |
        |------|------|
        | [[runbook\\|in a table]] | x |

        Inline <span title="[[in span attribute]]">tag</span>. Wanted [[future page]].
        """,
    "ops/runbook.md": """
        ---
        aliases: [rb]
        ---
        # Runbook

        ## Restart the service

        Up [[../index|home]] and [[ledger]].
        """,
    "ops/My Page.md": "# My Page\n\nBack to [[index#Home]].\n",
    "ledger.md": "---\nid: svc-ledger\n---\n# Ledger\n",
    "team/index.md": "# Team\n",
    "a/notes.md": "# Notes A\n",
    "b/notes.md": "# Notes B\n",
    "wiki-config.md": "---\nredlinks:\n  - target: future page\n    reason: planned\n---\n",
}

#: The body links of index.md in order: the page (or file) each reaches, and its anchor.
EXPECTED = [
    ("ops/runbook.md", ""),
    ("ops/runbook.md", ""),
    ("ops/runbook.md", "restart-the-service"),
    ("index.md", "home"),
    ("ops/runbook.md", ""),
    ("ops/runbook.md", ""),
    ("ledger.md", ""),
    ("team/index.md", ""),
    ("ops/My Page.md", ""),
    ("ledger.md", ""),
    ("files/manual.pdf", ""),
    ("img/pic.png", ""),
    ("ledger.md", ""),
    (None, "ledgr"),
    (None, "notes"),
    ("ledger.md", ""),
    ("ops/runbook.md", ""),
    (None, "future page"),
]


def vault(site: Site, **options: Any) -> Site:
    site.pages(VAULT)
    (site.docs / "img").mkdir(exist_ok=True)
    (site.docs / "img" / "pic.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (site.docs / "files").mkdir(exist_ok=True)
    (site.docs / "files" / "manual.pdf").write_bytes(b"%PDF-1.4\n")
    site.plugin_options = {"wikilinks": True, **options}
    return site


def url_of(src: str, directory_urls: bool) -> str:
    if src.endswith(".md"):
        return built_page(src, directory_urls)[1]
    return src


def reached(html_links: list[tuple[str, dict[str, str], str]], page: str, directory_urls: bool):
    """Where each link of ``page`` lands, as (source file or None, anchor or shown text)."""
    base = "http://example.org/sub/path/"
    here = urljoin(base, url_of(page, directory_urls))
    by_url = {unquote(urljoin(base, url_of(src, directory_urls))): src for src in _sources()}
    out = []
    for tag, values, text in html_links:
        if tag == "span":
            out.append((None, text))
            continue
        target = urljoin(here, values["href" if tag == "a" else "src"])
        parts = urlsplit(target)
        bare = unquote(parts._replace(fragment="").geturl())
        out.append((by_url.get(bare, bare), parts.fragment))
    return out


def _sources() -> list[str]:
    return [*[p for p in VAULT if p != "wiki-config.md"], "img/pic.png", "files/manual.pdf"]


@pytest.mark.parametrize(
    ("directory_urls", "site_url"),
    [(True, None), (False, None), (True, "https://example.org/sub/path/")],
    ids=["directory-urls", "file-urls", "sub-path"],
)
def test_every_form_lands_where_the_edge_resolver_points(
    site: Site, directory_urls: bool, site_url: str | None
) -> None:
    vault(site)
    site.extra_config = {"use_directory_urls": directory_urls}
    if site_url:
        site.extra_config["site_url"] = site_url
    result = site.build()
    assert result.ok, result.error
    page = url_of("index.md", directory_urls)
    html = site.html(page + "index.html" if page.endswith("/") else page)
    found = links(content(html))
    assert reached(found, "index.md", directory_urls) == EXPECTED
    # What the edge resolver picks for the same texts.
    wiki = load_wiki(folder_page_set(str(site.docs)).sources, Options(docs_dir=str(site.docs)))
    for text, expected in [
        ("runbook", "ops/runbook"),
        ("rb", "ops/runbook"),
        ("RUNBOOK", "ops/runbook"),
        ("svc-ledger", "ledger"),
        ("team", "team/index"),
        ("my page", "ops/My Page"),
    ]:
        assert wiki.resolver.resolve(text).page_id == expected
    # The shown text: as written, the alias, or Obsidian's "page > heading".
    shown = [text for tag, _, text in found if tag != "img"]
    assert shown[:4] == ["runbook", "the runbook", "runbook > Restart the service", "Home"]
    img = next(values for tag, values, _ in found if tag == "img")
    assert (img["width"], img["alt"]) == ("200", "pic.png")


@pytest.mark.parametrize("fences", ["markdown", "superfences"])
def test_code_html_and_escapes_are_left_alone(site: Site, fences: str) -> None:
    vault(site)
    if fences == "superfences":
        site.extra_config = {"markdown_extensions": ["pymdownx.superfences", "tables"]}
    assert site.build().ok
    html = content(site.html())
    for written in ("in code", "in fence", "indented code", "attribute", "in html block"):
        assert f"[[{written}]]" in html, written
    assert 'title="[[in span attribute]]"' in html
    assert "[[not a link]]" in html
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in html
    assert ">in a table</a>" in html  # the escaped pipe of a table cell splits the alias


def test_broken_links_are_reported_and_shown_unresolved(site: Site) -> None:
    result = vault(site).build()
    assert result.ok, result.error
    lines = [line for line in relation_lines(result) if "broken-wikilink" in line]
    assert lines == [
        "docs/index.md:12: warning: [broken-wikilink] link 'ledgr' matches no page or file. "
        "Did you mean 'ledger'? Fix the link, create the page, or list it under redlinks in "
        "wiki-config.md",
        "docs/index.md:12: warning: [broken-wikilink] target 'notes' matches 2 pages by file "
        'name: a/notes, b/notes; qualify it with the page id, e.g. "[[a/notes]]"',
    ]
    html = content(site.html())
    assert '<span class="relations-wikilink relations-wikilink-broken"' in html
    # The hover text is for a reader; the instruction is the author's, in the build's warning.
    assert 'title="No page matches this link">ledgr</span>' in html
    assert 'title="This link matches 2 pages">notes</span>' in html
    assert "Fix the link" not in html and "qualify it" not in html
    assert '<span class="relations-wikilink relations-redlink" title="planned">future page' in html
    assert not re.search(r"<a [^>]*>(ledgr|notes|future page)</a>", html)
    assert not site.build(strict=True).ok
    # The command line's lint reads the text as the build does.
    lint = run("lint", cwd=site.root)
    assert [line for line in lint.stdout.splitlines() if "broken-wikilink" in line] == lines
    assert lint.returncode == 0 and run("lint", "--strict", cwd=site.root).returncode == 1


@pytest.mark.parametrize("how", ["option", "extension"])
def test_a_build_stopped_by_an_edge_lists_the_broken_links_too(site: Site, how: str) -> None:
    """The build stops before any page is converted; its broken body links are told anyway,
    as lint tells them, so one run lists every problem: with ``wikilinks: true``, or with
    the extension listed on its own."""
    vault(site)
    if how == "extension":
        site.plugin_options = {}
        site.extra_config = {"markdown_extensions": ["mkdocs_relations.wikilinks"]}
    site.page(
        "broken.md",
        '---\nrelationships:\n  - type: depends-on\n    target: "[[nowhere]]"\n---\n# B\n',
    )
    result = site.build()
    assert not result.ok
    lines = [m.split(": ")[0] for m in relation_lines(result) if "broken-wikilink" in m]
    assert lines == ["docs/index.md:12", "docs/index.md:12"], relation_lines(result)
    assert any("docs/broken.md:4" in line for line in relation_lines(result))
    # The closing count covers every line listed above it, as lint's count does.
    stop = result.logged("ERROR")[-1]
    assert stop.startswith("relations: 1 error and 2 warnings in 2 files;"), stop


def test_lines_count_in_the_page_as_written(site: Site) -> None:
    """A relations block above a link is one line by the time Markdown converts the page."""
    vault(site)
    site.page(
        "ops/runbook.md",
        "---\naliases: [rb]\n---\n# Runbook\n\n```relations\nfrom: runbook\nfollow: [depends-on]\n"
        "depth: 1\n```\n\nSee [[ledgr]].\n",
    )
    lines = [m for m in relation_lines(site.build()) if "'ledgr'" in m]
    assert [line.split(": ")[0] for line in lines] == ["docs/index.md:12", "docs/ops/runbook.md:12"]


def test_promoted_to_error_the_build_stops(site: Site) -> None:
    result = vault(site, severity={"broken-wikilink": "error"}).build()
    assert not result.ok
    assert any(
        "in [[wikilinks]] of page text; the build stops" in m for m in result.logged("ERROR")
    )


def test_off_by_default(site: Site) -> None:
    site.pages(VAULT)
    assert site.build().ok
    html = content(site.html())
    assert "[[runbook]]" in html and "relations-wikilink" not in html


def test_mentions_list_pages_whose_text_links_here(site: Site) -> None:
    vault(site).build()
    assert "relations-mentions" not in site.html("ops/runbook/index.html")
    alone = vault(site, wikilinks=False, mentions=True).build()
    assert any("set wikilinks: true as well" in m for m in alone.logged("WARNING"))
    vault(site, mentions=True).build()
    runbook = site.html("ops/runbook/index.html")
    assert re.search(
        r'<h2 id="relations-mentions">Mentioned in</h2>\s*<ul>\s*<li><a href="../../">', runbook
    )
    ledger = site.html("ledger/index.html")
    assert "Runbook</a>" in ledger[ledger.index("relations-mentions") :]
    # Mentions are not edges: the ledger's panel (if any) does not name the runbook.
    start = ledger.find('<aside class="relations ')
    panel = ledger[start : ledger.find("</aside>", start)] if start >= 0 else ""
    assert "runbook" not in panel.lower()


def test_another_wikilink_extension_is_named(site: Site) -> None:
    vault(site)
    site.extra_config = {"markdown_extensions": ["wikilinks"]}
    result = site.build()
    assert any(
        "wikilinks: true and the wikilinks Markdown extension both render [[wikilinks]]" in m
        for m in result.logged("WARNING")
    ), result.messages


def test_alone_as_a_markdown_extension(site: Site) -> None:
    """Without the plugin (as Zensical runs it): the page set comes from docs_dir."""
    vault(site)
    site.plugin_options = {"enabled": False}
    site.extra_config = {"markdown_extensions": ["mkdocs_relations.wikilinks"]}
    result = site.build()
    assert result.ok, result.error
    assert reached(links(content(site.html())), "index.md", True) == EXPECTED
    assert any("docs/index.md:12" in m or "index.md:12" in m for m in result.logged("WARNING"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(p.name for p in CORPORA.iterdir() if p.is_dir()))
def test_corpus_body_links_go_where_edges_go(tmp_path: Path, name: str) -> None:
    """Every body link of a real wiki reaches the page the edge resolver picks for its text."""
    site = Site(tmp_path)
    docs = copy_corpus(name, site.root)
    site.plugin_options = {"wikilinks": True, "severity": {"broken-wikilink": "info"}}
    # One page in the navigation: Material's lists every page on every page (quadratic in
    # pages), and links in the text do not depend on it.
    site.extra_config = {"theme": {"name": "material"}, "nav": ["wiki-config.md"]}
    result = site.build()
    assert result.ok, result.error
    sources = folder_page_set(str(docs)).sources
    wiki = load_wiki(sources, Options(docs_dir=str(docs)))
    urls = {built_page(src, True)[1]: page_id_for(src) for src in sources}
    resolved = broken = 0
    for src in sources:
        page = built_page(src, True)
        path = site.site_dir / page[0]
        if not path.exists():
            continue
        here = "http://x/" + page[1]
        for tag, values, text in links(content(path.read_text(encoding="utf-8"))):
            if tag == "img":
                continue
            if tag == "span":
                broken += 1
                assert wiki.resolver.resolve(text, page_id_for(src)).page_id is None, (src, text)
                continue
            resolved += 1
            target = urlsplit(urljoin(here, values["href"]))
            landed = urls[unquote(target.path)[len("/") :]]
            written = text.split(" > ")[0]
            expected = wiki.resolver.resolve(written, page_id_for(src)).page_id
            assert landed == expected or expected is None, (src, text, landed)  # None: aliased
    counted = sum(1 for m in relation_lines(result) if "[broken-wikilink]" in m)
    print(f"{name}: {resolved} body links resolved, {broken} broken ({counted} reported)")
    # data-atlas writes thousands in its text; scm-concepts none (a matrix ``[[0.2, 0.5], ...]``
    # is not a link).
    assert (resolved > 1000) if name == "data-atlas" else (resolved, broken) == (0, 0)


@pytest.mark.browser
def test_a_click_on_a_body_link_lands_on_the_page(site: Site, browser: Any, tmp_path: Path) -> None:
    vault(site)
    site.extra_config = {"site_url": "https://example.org/sub/path/"}
    assert site.build().ok
    served = tmp_path / "served"
    shutil.copytree(site.site_dir, served / "sub" / "path")
    with serve(served) as root:
        page = browser.new_page()
        page.goto(root + "sub/path/")
        page.click("a.relations-wikilink:has-text('the runbook')")
        page.wait_for_url(root + "sub/path/ops/runbook/")
        assert page.locator("h1").first.inner_text() == "Runbook"
        page.click("a.relations-wikilink:has-text('home')")
        page.wait_for_url(root + "sub/path/")
        page.click("a.relations-wikilink:has-text('runbook > Restart the service')")
        page.wait_for_url(root + "sub/path/ops/runbook/#restart-the-service")
        page.close()


def test_init_switches_wikilinks_on_when_the_text_uses_them(tmp_path: Path) -> None:
    for name, text in {
        "with": "# A\n\nSee [[b]].\n",
        "without": "# A\n\nOnly `[[code]]` here.\n\n```\n[[fenced]]\n```\n",
    }.items():
        vault = tmp_path / name / "vault"
        vault.mkdir(parents=True)
        (vault / "a.md").write_text("---\ntitle: A\n---\n" + text, encoding="utf-8")
        (vault / "b.md").write_text("# B\n", encoding="utf-8")
        result = run("init", "--docs-dir", "vault", cwd=tmp_path / name)
        assert result.returncode == 0, result.stdout + result.stderr
        written = (tmp_path / name / "mkdocs.yml").read_text(encoding="utf-8")
        on = "  - relations:\n      wikilinks: true\n" in written
        assert on == (name == "with"), written
        assert ("wikilinks: true ([[wikilinks]] in the text of 1 page)" in result.stdout) == on
        built = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q"], cwd=tmp_path / name, check=False
        )
        assert built.returncode == 0


def test_init_on_an_existing_site_says_where_wikilinks_are_left_as_written(
    tmp_path: Path,
) -> None:
    """mkdocs.yml is the user's: init leaves it, and says how to make the text's links links
    (not where they already are, by the plugin or another renderer)."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\nSee [[b]].\n", encoding="utf-8")
    (tmp_path / "docs" / "b.md").write_text("# B\n", encoding="utf-8")
    said = "[[wikilinks]] in the text of 1 page show as written: add 'wikilinks: true'"
    for plugins, told in (
        ("  - relations\n", True),
        ("  - relations:\n      wikilinks: true\n", False),
        ("  - relations\nmarkdown_extensions:\n  - wikilinks\n", False),
    ):
        (tmp_path / "mkdocs.yml").write_text(f"site_name: S\nplugins:\n{plugins}", "utf-8")
        result = run("init", cwd=tmp_path)
        assert "mkdocs.yml exists: left as it is" in result.stdout, result.stdout + result.stderr
        assert (said in result.stdout) == told, (plugins, result.stdout)


def converter_over(docs: Path, extensions: list[str]) -> Any:
    """Markdown with the extension, as the lint reads page text, over the wiki in ``docs``."""
    from markdown import Markdown

    from mkdocs_relations.wiki.body_links import load_links
    from mkdocs_relations.wikilinks import WikilinksExtension

    extension = WikilinksExtension()
    extension.links = load_links(str(docs))
    extension.reports = False
    extension.page_file = "index.md"
    return Markdown(extensions=[*extensions, extension])


@pytest.fixture(scope="module")
def converter(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Over a small wiki of names that need care."""
    docs = tmp_path_factory.mktemp("escapes")
    for name, title in (("index", "Home"), ("ledger", "Ledger"), ("C# notes", "C sharp"),
                        ("Café", "Café")):  # fmt: skip
        (docs / f"{name}.md").write_text(f"# {title}\n", encoding="utf-8")
    return converter_over(docs, ["fenced_code", "tables"])


@given(
    st.text(
        st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="[]|\\`*_!<>&#"),
        min_size=1,
    ).filter(lambda s: s.strip())
)
def test_shown_text_is_always_escaped_text(converter: Any, shown: str) -> None:
    html = converter.reset().convert(f"See [[ledger|{shown}]] and [[nowhere|{shown}<b>]].")
    found = links(html)
    assert [tag for tag, _, _ in found] == ["a", "span"], html
    assert found[0][2] == shown.strip()
    assert found[1][2] == (shown + "<b>").strip()
    assert "<b>" not in html


def test_names_with_hash_spaces_and_accents(converter: Any) -> None:
    html = converter.reset().convert("[[C# notes]], [[café#Top]], [[ledger.md|books]].")
    assert [(values["href"], text) for _, values, text in links(html)] == [
        ("C%23%20notes.md", "C# notes"),  # the file's name holds a '#': no heading
        ("Caf%C3%A9.md#top", "café > Top"),
        ("ledger.md", "books"),
    ]


def test_inline_tags_and_comments_keep_their_text(converter: Any) -> None:
    html = converter.reset().convert(
        'a <!-- [[ledger]] --> b <abbr title="[[ledger]]">L</abbr> 1 < 2 [[ledger]] 3 > 2'
    )
    assert "<!-- [[ledger]] -->" in html and 'title="[[ledger]]"' in html
    assert [text for _, _, text in links(html)] == ["ledger"]


def test_a_rebuild_keeps_one_extension(site: Site) -> None:
    """``mkdocs serve`` runs on_config again for every rebuild: one extension, the new one."""
    from mkdocs_relations.wikilinks import WikilinksExtension

    config = vault(site).load()
    plugin = config.plugins["relations"]
    for _ in range(3):
        plugin.on_config(config)
    found = [e for e in config.markdown_extensions if isinstance(e, WikilinksExtension)]
    assert found == [plugin.wikilinks]


def test_the_pattern_runs_only_where_the_text_holds_a_link(
    converter: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Most pages have no wikilink: Markdown does not search their text for one (the search
    cost them 3 %), and does for the next text that has one, on one reused instance."""
    pattern = converter.inlinePatterns["relations-wikilink"]
    searched: list[int] = []
    compiled = pattern.getCompiledRegExp()
    monkeypatch.setattr(pattern, "getCompiledRegExp", lambda: searched.append(1) or compiled)
    assert links(converter.reset().convert("No link here, *nor* here.")) == []
    assert searched == []
    html = converter.reset().convert("See [[ledger]].")
    assert [text for _, _, text in links(html)] == ["ledger"] and searched
    assert links(converter.reset().convert("Only `[[ledger]]` in code.")) == []


def test_a_reused_instance_converts_a_page_alike_whatever_came_before(tmp_path: Path) -> None:
    """The pattern keeps its place among patterns of its priority (footnotes' is the same):
    a page converts alike after a page with no link."""
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "alpha.md").write_text("# Alpha\n", encoding="utf-8")
    md = converter_over(tmp_path, [])
    md.registerExtensions(["footnotes"], {})
    page = "See [[^1]] and [[alpha]].\n\n[^1]: A note.\n"
    first = md.reset().convert(page)
    md.reset().convert("Nothing to link.")
    assert md.reset().convert(page) == first


def test_a_link_inside_markdown_in_html_still_counts(tmp_path: Path) -> None:
    """Text that reaches the tree by another way than the page's lines (an HTML block with
    ``markdown="1"`` is stashed before the tree is built) still has its links."""
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "ledger.md").write_text("# Ledger\n", encoding="utf-8")
    md = converter_over(tmp_path, ["md_in_html"])
    html = md.convert('<div markdown="1">\nSee [[ledger]].\n</div>\n')
    assert [(values["href"], text) for _, values, text in links(html)] == [("ledger.md", "ledger")]
