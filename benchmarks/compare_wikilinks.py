"""Where each wikilink renderer for MkDocs sends the same links: the table in docs/wikilinks.md.

Run in a virtual environment holding mkdocs-relations and the others, as published:

    pip install -e . mkdocs-roamlinks-plugin mkdocs-ezlinks-plugin mkdocs-autolinks-plugin \
        mkdocs-obsidian-bridge mdx-wikilink-plus
    python benchmarks/compare_wikilinks.py

It builds one small vault once per renderer (``use_directory_urls`` on) and prints, for every
case, where the link lands: a page's source file, ``text`` (left as written), ``unresolved``
(shown as not found), or the URL it points at when that is no page of the site.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import textwrap
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import yaml

CASES = [
    ("file name, page in a folder", "[[runbook]]"),
    ("path", "[[ops/runbook]]"),
    ("other case", "[[RUNBOOK]]"),
    ("with .md", "[[ledger.md]]"),
    ("spaces in the name", "[[My Page]]"),
    ("frontmatter alias", "[[rb]]"),
    ("frontmatter id", "[[svc-ledger]]"),
    ("folder index", "[[team]]"),
    ("same name twice", "[[notes]]"),
    ("heading", "[[runbook#Restart the service]]"),
    ("same-page heading", "[[#Home]]"),
    ("shown text", "[[runbook|the runbook]]"),
    ("image", "![[pic.png]]"),
    ("no such page", "[[nowhere]]"),
    ("in a code span", "`[[runbook]]`"),
]
#: Not a list item: the fenced block at the end of the page.
FENCE = ("in a fenced block", "[[runbook]]")

PAGES = {
    "index.md": "# Home\n\n"
    + "\n".join(f"- c{n:02d} {link}" for n, (_, link) in enumerate(CASES))
    + "\n\n```\n[[runbook]]\n```\n",
    "ops/runbook.md": "---\naliases: [rb]\n---\n# Runbook\n\n## Restart the service\n",
    "ops/My Page.md": "# My Page\n",
    "ledger.md": "---\nid: svc-ledger\n---\n# Ledger\n",
    "team/index.md": "# Team\n",
    "a/notes.md": "# Notes A\n",
    "b/notes.md": "# Notes B\n",
}

RENDERERS: dict[str, dict[str, object]] = {
    "mkdocs-relations": {"plugins": [{"relations": {"wikilinks": True}}]},
    "roamlinks": {"plugins": ["roamlinks"]},
    "ezlinks": {"plugins": [{"ezlinks": {"wikilinks": True}}]},
    "autolinks": {"plugins": ["autolinks"]},
    "obsidian-bridge": {"plugins": ["obsidian-bridge"]},
    "markdown.extensions.wikilinks": {"markdown_extensions": ["wikilinks"]},
    "mdx_wikilink_plus": {"markdown_extensions": ["mdx_wikilink_plus"]},
}


class _Items(HTMLParser):
    """Each ``<li>`` of the list: its text and the first link or image in it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[list[str]] = []  # [text, href or src, tag, class]
        self._in = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "li":
            self.items.append(["", "", "", ""])
            self._in = True
        elif self._in and tag in ("a", "img", "span") and not self.items[-1][2]:
            if tag == "span" and "wikilink" not in values.get("class", ""):
                return
            self.items[-1][1:] = [
                values.get("href") or values.get("src", ""),
                tag,
                values.get("class", ""),
            ]

    def handle_endtag(self, tag: str) -> None:
        if tag == "li":
            self._in = False

    def handle_data(self, data: str) -> None:
        if self._in:
            self.items[-1][0] += data


def _landing(item: list[str], urls: dict[str, str]) -> str:
    text, href, tag, _ = item
    if not tag:
        return "text" if "[[" in text else f"text ({text.split(' ', 1)[-1].strip()!r})"
    if tag == "span":
        return "unresolved"
    target = urlsplit(urljoin("http://site/", href))
    page = urls.get(unquote(target.path), unquote(target.path))
    return page + (f"#{target.fragment}" if target.fragment else "")


def build(name: str, config: dict[str, object], root: Path) -> tuple[list[str], str]:
    docs = root / "docs"
    for path, text in PAGES.items():
        (docs / path).parent.mkdir(parents=True, exist_ok=True)
        (docs / path).write_text(textwrap.dedent(text), encoding="utf-8")
    (docs / "pic.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (root / "mkdocs.yml").write_text(
        yaml.safe_dump({"site_name": "compare", **config}), encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=root, capture_output=True, text=True
    )
    log = " ".join(
        line for line in done.stderr.splitlines() if "WARNING" in line or "ERROR" in line
    )
    if done.returncode != 0:
        return [f"build fails: {log[:80]}"] * (len(CASES) + 1), log
    urls = {"/": "index.md"}
    for path in PAGES:
        stem = path[: -len(".md")]
        url = "/" + (stem[: -len("index")] if stem.endswith("index") else stem + "/")
        urls[url] = path
    urls["/pic.png"] = "pic.png"
    html = (root / "site" / "index.html").read_text(encoding="utf-8")
    parser = _Items()
    parser.feed(html)
    items = [i for i in parser.items if re.match(r"\s*c\d\d", i[0])]
    fence = "text" if re.search(r"<code>\[\[runbook\]\]\s*</code>", html) else "rewritten"
    return [*(_landing(item, urls) for item in items), fence], log


def main() -> None:
    results = {}
    for name, config in RENDERERS.items():
        with tempfile.TemporaryDirectory() as folder:
            results[name], log = build(name, config, Path(folder))
            print(f"{name}: {log[:300]}", file=sys.stderr)
    names = list(RENDERERS)
    print("| case | written | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 2) + "|")
    for n, (case, link) in enumerate([*CASES, FENCE]):
        row = [results[name][n] if n < len(results[name]) else "?" for name in names]
        print(f"| {case} | `{link}` | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
