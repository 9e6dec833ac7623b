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

from conftest import Site

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
