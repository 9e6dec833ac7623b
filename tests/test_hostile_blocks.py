"""`relations` blocks and `query` held to what the frontmatter reader promises (issue 19).

A diagnostic with the file and the line, never a traceback, a hang, an answer where an
example was meant, or a cost that grows with the square of the input.
"""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from built_blocks import answers
from conftest import Site, read_until, relation_lines, run

from mkdocs_relations.output.panel import PageRef
from mkdocs_relations.output.render import Renderer
from mkdocs_relations.output.text_fit import Wrapper
from mkdocs_relations.query.fences import find_blocks
from mkdocs_relations.query.page_blocks import BlockAnswers
from mkdocs_relations.wiki.pipeline import load_wiki

HOME = "---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n# Home\n"
WALK = "```relations\nfollow: [depends-on]\ndepth: 2\n```\n"


#: ``mkdocs serve`` on a port the OS picks (port 0), saying which once it listens: MkDocs
#: names the port it was given in its "Serving on" line, so the bound one is printed.
SERVE = """
import sys
from mkdocs import livereload
from mkdocs.__main__ import cli

bind = livereload.LiveReloadServer.server_bind

def server_bind(self):
    bind(self)
    print("listening on port", self.server_address[1], flush=True)

livereload.LiveReloadServer.server_bind = server_bind
cli(["serve", "--no-livereload", "-a", "127.0.0.1:0"])
"""


# 4. `mkdocs serve` renders drafts, which the graph leaves out.


def test_serve_answers_a_walk_block_on_a_draft_page(site: Site) -> None:
    site.pages(
        {
            "index.md": HOME,
            "ledger.md": "# Ledger\n",
            "draft.md": "# Draft\n\n" + WALK,
        }
    )
    site.extra_config = {"draft_docs": "draft.md\n"}
    site.write_config()
    server = subprocess.Popen(
        [sys.executable, "-c", SERVE], cwd=site.root, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    said = ""
    try:
        deadline = time.monotonic() + 60
        said = read_until(server, "listening on port", 60)
        assert "listening on port" in said, said
        port = int(said.split("listening on port")[1].split()[0])
        page = ""
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/draft/", timeout=5) as got:
                    page = got.read().decode("utf-8")
                break
            except OSError:
                time.sleep(0.2)
        assert server.poll() is None, said + server.communicate()[0].decode()
        assert 'class="relations-query' in page  # answered: no rows, the draft has no edges
    finally:
        server.terminate()
        output = said + server.communicate(timeout=30)[0].decode("utf-8", "replace")
    assert "Traceback" not in output and "KeyError" not in output, output


# 8. A bounded walk stops when it runs out of pages, whatever its depth.


def test_a_billion_hops_end_with_the_pages(site: Site) -> None:
    site.plugin_options = {"max_hops": 1_000_000_000}
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n"
            "# Home\n\n```relations\nfollow: [depends-on]\ndepth: 1000000000\n```\n",
            "ledger.md": "# Ledger\n",
        }
    )
    site.write_config()
    started = time.monotonic()
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=site.root, capture_output=True,
        text=True, timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    # Without the stop this is a billion empty rounds: minutes, not seconds.
    assert time.monotonic() - started < 60
    assert 'href="../ledger/"' in site.html().replace('href="ledger/"', 'href="../ledger/"')


# 5. Values that parse but cannot be built: a diagnostic at their line, as in frontmatter.

DIGITS = "9" * 5000
SHOWN = "9" * 40 + "… (5,000 characters)"
UNBUILDABLE = {
    "where: {when: 2025-02-30}": "docs/index.md:9: error: [invalid-query] when: YAML cannot "
    "build 2025-02-30 (not a valid date: day is out of range for month), so this relations "
    'block cannot be read; quote the value if it is text: when: "2025-02-30"',
    "where: {when: !!timestamp soon}": "docs/index.md:9: error: [invalid-query] when: YAML "
    "cannot build !!timestamp soon (not a date), so this relations block cannot be read; "
    'quote the value if it is text: when: "soon"',
    "where: {x: !!binary 'not base64!!'}": "docs/index.md:9: error: [invalid-query] x: YAML "
    "cannot build !!binary not base64!! (failed to decode base64 data: Invalid base64-encoded "
    "string: number of data characters (9) cannot be 1 more than a multiple of 4), so this "
    'relations block cannot be read; quote the value if it is text: x: "not base64!!"',
    f"where: {{x: {DIGITS}}}": f"docs/index.md:9: error: [invalid-query] x: YAML cannot build "
    f"{SHOWN} (a number with more than 4,300 digits), so this relations block cannot be read; "
    "quote the value if it is text",
    f"depth: {DIGITS}": f"docs/index.md:9: error: [invalid-query] depth: YAML cannot build "
    f"{SHOWN} (a number with more than 4,300 digits), so this relations block cannot be read; "
    "quote the value if it is text",
    "limit: !!int abc": "docs/index.md:9: error: [invalid-query] limit: YAML cannot build "
    "!!int abc (invalid literal for int() with base 10: 'abc'), so this relations block "
    'cannot be read; quote the value if it is text: limit: "abc"',
}


@pytest.mark.parametrize("line", list(UNBUILDABLE))
def test_unbuildable_block_values_are_diagnostics(site: Site, line: str) -> None:
    block = f"```relations\nfrom: ledger\n{line}\n```\n"
    site.pages({"index.md": HOME + "\n" + block, "ledger.md": "# Ledger\n"})
    result = site.build()
    assert not result.ok
    assert f"relations: {line.split(':')[0]}" not in (result.error or "")
    assert relation_lines(result) == [UNBUILDABLE[line]]


UNBUILDABLE_FLAGS = {
    "when=2025-02-30": "mkdocs-relations: --where 'when=2025-02-30': YAML cannot build "
    "2025-02-30 (not a valid date: day is out of range for month), so this value cannot be "
    'read; quote the value if it is text: key: "2025-02-30"',
    "x=!!timestamp soon": "mkdocs-relations: --where 'x=!!timestamp soon': YAML cannot build "
    "!!timestamp soon (not a date), so this value cannot be read; quote the value if it is "
    'text: key: "soon"',
    f"x={DIGITS}": "mkdocs-relations: --where 'x=" + "9" * 38 + "… (5,002 characters)': YAML "
    f"cannot build {SHOWN} (a number with more than 4,300 digits), so this value cannot be "
    "read; quote the value if it is text",
}


@pytest.mark.parametrize("flag", list(UNBUILDABLE_FLAGS))
def test_unbuildable_where_flags_are_messages(site: Site, flag: str) -> None:
    site.pages({"index.md": HOME, "ledger.md": "# Ledger\n"})
    site.write_config()
    result = run("query", "--list", "pages", "--where", flag, cwd=site.root)
    assert result.returncode == 2
    assert result.stderr.strip() == UNBUILDABLE_FLAGS[flag]


def test_unbuildable_values_in_a_query_file_keep_their_lines(site: Site) -> None:
    site.pages({"index.md": HOME, "ledger.md": "# Ledger\n"})
    site.write_config()
    (site.root / "q.yml").write_text(
        "list: pages\nlimit: 2\nwhere: {when: 2025-02-30}\n", encoding="utf-8"
    )
    result = run("query", "q.yml", "--limit", "3", cwd=site.root)
    assert result.returncode == 1
    assert result.stderr.startswith("q.yml:3: error: [invalid-query] when: YAML cannot build")


def test_a_key_written_twice_in_a_block_is_reported(site: Site) -> None:
    block = "```relations\nlist: pages\nlimit: 2\nlimit: 3\n```\n"
    site.pages({"index.md": HOME + "\n" + block, "ledger.md": "# Ledger\n"})
    result = site.build()
    assert relation_lines(result) == [
        "docs/index.md:10: error: [invalid-query] 'limit' is written twice in this relations "
        "block (also on the line above); YAML keeps only the last: remove one"
    ]


# 7. Fences by CommonMark's rules in every context: examples stay examples, containers answer.

BAD = '```relations\nfrom: "[[no such page]]"\n```'
GOOD = "```relations\nfrom: ledger\n```"


def _indent(text: str, by: str) -> str:
    return "\n".join(by + line if line else line for line in text.split("\n"))


EXAMPLES = {
    "indented code block": "Shown as code:\n\n" + _indent(BAD, "    "),
    "indented code after a heading": "## Syntax\n" + _indent(BAD, "    "),
    "HTML comment": "<!--\n" + BAD + "\n-->",
    "HTML comment on one line each": "<!-- an example\n\n" + BAD + "\n\nend -->",
    "paragraph continuation": "A paragraph that goes on\n" + _indent(BAD, "    "),
    "list item's indented code": "- item\n\n" + _indent(BAD, "        "),
    "admonition's indented code": "!!! note\n\n" + _indent(BAD, "        "),
}
ANSWERED = {
    "blockquote": ("> Quoted:\n>\n" + _indent(GOOD, "> "), "blockquote"),
    "list item": ("- item\n\n" + _indent(GOOD, "    "), "li"),
    "list item's first line": ("- " + GOOD.replace("\n", "\n  "), "li"),
    "admonition": ("!!! note\n\n" + _indent(GOOD, "    "), "div"),
}
EXTENSIONS = ["admonition", "pymdownx.superfences"]


@pytest.mark.parametrize("case", list(EXAMPLES))
def test_examples_are_not_answered(site: Site, case: str) -> None:
    site.pages({"index.md": HOME + "\n" + EXAMPLES[case] + "\n", "ledger.md": "# Ledger\n"})
    site.extra_config = {"markdown_extensions": EXTENSIONS}
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    html = site.html()
    assert answers(html) == [] and "relationsqueryblock" not in html
    assert "no such page" in html  # shown as written


@pytest.mark.parametrize("case", list(ANSWERED))
def test_blocks_in_containers_are_answered(site: Site, case: str) -> None:
    markdown, container = ANSWERED[case]
    site.pages({"index.md": HOME + "\n" + markdown + "\n", "ledger.md": "# Ledger\n"})
    site.extra_config = {"markdown_extensions": EXTENSIONS}
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    [answer] = answers(site.html())
    assert answer.rows == [] and "relationsqueryblock" not in site.html()
    body = site.html().split('<h1 id="home">', 1)[1]
    opened = body.index(f"<{container}")
    answer = body.index("data-relations-query")
    assert opened < answer < body.index(f"</{container}>", opened)
    assert "<pre" not in body[:answer].split(f"<{container}")[-1]


def test_overview_marker_in_indented_code_is_an_example(site: Site) -> None:
    marker = "<!-- relations/overview -->"
    site.pages(
        {"index.md": HOME + f"\nWrite this line:\n\n    {marker}\n", "ledger.md": "# Ledger\n"}
    )
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    html = site.html()
    assert answers(html) == [] and "&lt;!-- relations/overview --&gt;" in html


# 9. Costs linear in the input: each shape at two sizes, ten times apart. A quadratic cost
# grows a hundredfold; the bound (thirty) leaves room for a loaded machine.


def _seconds(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return max(best, 0.001)  # below a millisecond, the clock is noise


def _grows_linearly(work: Callable[[int], object], small: int) -> None:
    work(small)  # templates compiled, caches filled: what is left grows with the input
    ratio = _seconds(lambda: work(small * 10)) / _seconds(lambda: work(small))
    assert ratio < 30, f"ten times the input took {ratio:.0f} times as long"


def test_a_fence_line_full_of_spaces_costs_its_length() -> None:
    _grows_linearly(lambda n: find_blocks("```" + " " * n + "`\nrelations\n"), 3_000)


def test_a_title_without_spaces_costs_its_length() -> None:
    # A new Wrapper each time: a remembered title would cost nothing the second time.
    _grows_linearly(lambda n: Wrapper()("x" * n, 120.0, 2), 1_024)


def test_many_blocks_on_one_page_cost_their_number(tmp_path: Path) -> None:
    page = tmp_path / "index.md"
    page.write_text("# Home\n", encoding="utf-8")
    wiki = load_wiki({"index.md": str(page)})
    renderer = Renderer()

    def collect_and_answer(count: int) -> None:
        blocks = BlockAnswers(wiki, 4, {})
        block = "```relations\nlist: pages\nlimit: 1\n```\n\n"
        markdown = blocks.collect("# Home\n\n" + block * count, "index.md", "index", 0)
        html = "\n".join(f"<p>{line}</p>" for line in markdown.split("\n") if line)
        answered, lost = blocks.answer("index.md", html, lambda p: PageRef(p, "./"), renderer)
        assert not lost and answered.count("data-relations-query") == count

    _grows_linearly(collect_and_answer, 500)


# 13. Small ones.


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{nope}", "label 'query_picture' ('{nope}') can use {title}"),
        ("{title!r:>99999999}", "label 'query_picture' ('{title!r:>99999999}') can use {title}"),
    ],
)
def test_block_labels_are_checked_like_the_panels(site: Site, text: str, message: str) -> None:
    site.plugin_options = {"labels": {"query_picture": text}}
    site.pages({"index.md": HOME + "\n```relations\nshow: graph\n```\n", "ledger.md": "# L\n"})
    site.write_config()
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=site.root, capture_output=True,
        text=True, timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 1 and "Traceback" not in built.stderr, built.stderr
    assert message + "; write literal braces as {{ and }}" in built.stderr
    assert not (site.site_dir / "index.html").exists()


@pytest.mark.parametrize("separator", ["\x85", "\u2028", "\u2029"])
def test_block_lines_count_only_line_feeds(site: Site, separator: str) -> None:
    block = f"```relations\nlist: pages{separator}\nlimit: 2\nshow: nope\n```\n"
    site.pages({"index.md": HOME + "\n" + block, "ledger.md": "# L\n"})
    result = site.build()
    [line] = relation_lines(result)
    assert line.startswith("docs/index.md:10: error: [invalid-query] show: "), line


def test_a_query_file_with_flags_keeps_its_lines(site: Site) -> None:
    site.pages({"index.md": HOME, "ledger.md": "# Ledger\n"})
    site.write_config()
    (site.root / "q.yml").write_text(
        "# pages by title\nlist: pages\nlimit: 2\n\nfollow: [nope]\n", encoding="utf-8"
    )
    result = run("query", "q.yml", "--limit", "3", cwd=site.root)
    assert result.returncode == 1
    assert result.stderr.startswith("q.yml:5: error: [invalid-query] follow: "), result.stderr


def test_a_descending_sort_flag_needs_no_equals_sign(site: Site) -> None:
    site.pages({"index.md": HOME, "ledger.md": "# Ledger\n"})
    site.write_config()
    result = run("query", "--list", "pages", "--sort", "-title", cwd=site.root)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "title\nLedger\nHome\n"


def test_a_paragraph_like_a_placeholder_stays(site: Site) -> None:
    text = "relationsqueryblock1x\n\nrelationsqueryblock1x relationsqueryblock2x\n\n"
    site.pages({"index.md": HOME + "\n" + text + GOOD + "\n", "ledger.md": "# Ledger\n"})
    result = site.build(strict=True)
    assert result.ok, relation_lines(result)
    html = site.html()
    assert "<p>relationsqueryblock1x</p>" in html
    assert "relationsqueryblock1x relationsqueryblock2x" in html
    assert len(answers(html)) == 1


def test_a_file_name_with_a_line_break_stays_on_its_line(site: Site) -> None:
    name = "a\n::error file=x.md::forged.md"
    site.pages({name: "---\nrelationships:\n  - {type: depends-on, target: nowhere}\n---\n"})
    site.write_config()
    for form in ("text", "github"):
        result = run("lint", "--docs-dir", "docs", "--format", form, cwd=site.root)
        assert result.returncode == 1
        lines = result.stdout.splitlines()
        assert len(lines) == 1 and "forged" in lines[0], lines
        assert not any(line.startswith("::error file=x.md") for line in lines)


def test_placement_off_unquoted_is_off(site: Site) -> None:
    site.pages({"index.md": HOME, "ledger.md": "# Ledger\n"})
    site.root.joinpath("mkdocs.yml").write_text(
        "site_name: t\nplugins:\n  - relations:\n      placement: off\n      path_finder: off\n",
        encoding="utf-8",
    )
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=site.root,
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    html = site.html()
    assert "data-relations-panel" not in html and "data-relations-pathfinder" not in html
