"""`relations` blocks and `query` held to what the frontmatter reader promises (issue 19).

A diagnostic with the file and the line, never a traceback, a hang, an answer where an
example was meant, or a cost that grows with the square of the input.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from conftest import Site, relation_lines, run

HOME = "---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n# Home\n"
WALK = "```relations\nfollow: [depends-on]\ndepth: 2\n```\n"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


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
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--no-livereload", "-a", f"127.0.0.1:{port}"],
        cwd=site.root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        page = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/draft/", timeout=5) as got:
                    page = got.read().decode("utf-8")
                break
            except OSError:
                time.sleep(0.2)
        assert server.poll() is None, server.stdout.read() if server.stdout else ""
        assert 'class="relations-query' in page  # answered: no rows, the draft has no edges
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
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
