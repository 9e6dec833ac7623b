"""The sites the tests of the second processes build (panels rendered, and the wiki read,
beside MkDocs): a wiki large enough to fork for, built as a user builds it, and its files.
Used by more than one test module, so none imports another (as ``wikis.py``)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

forks = pytest.mark.skipif(
    not sys.platform.startswith("linux") or len(os.sched_getaffinity(0)) < 2,
    reason="the second process is forked on Linux with a second core only",
)


def write_wiki(docs: Path, pages: int, seed: int) -> dict[str, str]:
    """``pages`` pages in nested folders, each with typed edges to earlier pages and a
    wikilink to another page in its text; every tenth page names a page that does not exist
    as a deliberate redlink. Returns docs-relative path -> absolute path."""
    rng = random.Random(seed)
    ids = [f"team-{i % 4}/area-{i % 3}/page-{i:03d}" for i in range(pages)]
    written = {}
    for number, page in enumerate(ids):
        earlier = ids[:number] or [ids[0]]
        edges = [
            {"type": rng.choice(["depends-on", "part-of", "relates-to", "used-by"]),
             "target": f"[[{rng.choice(earlier).rsplit('/', 1)[1]}]]"}
            for _ in range(rng.randint(0, 5))
        ]  # fmt: skip
        if number % 10 == 9:
            edges.append({"type": "relates-to", "target": "[[planned-work]]", "redlink": True})
        meta = {"title": f"Page {number} <&> “{number % 7}”", "relationships": edges}
        body = f"# Page {number}\n\nSee [[{rng.choice(ids).rsplit('/', 1)[1]}]].\n"
        path = docs / f"{page}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"---\n{yaml.safe_dump(meta, allow_unicode=True)}---\n{body}", "utf-8")
        written[f"{page}.md"] = str(path)
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    return written


def build_site(
    root: Path, options: dict[str, object], site: str
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build -v`` in a process of its own, as a user runs it (one thread)."""
    config = {
        "site_name": "Beside",
        "theme": {"name": "mkdocs", "custom_dir": "overrides"},
        "plugins": [{"relations": options}],
    }
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-v", "-d", site],
        cwd=root, capture_output=True, text=True, env=env, timeout=300, check=False,
    )  # fmt: skip


def site_files(site: Path) -> dict[str, bytes]:
    found = {}
    for path in sorted(site.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            # The mkdocs theme writes the build's time into the home page.
            lines = [line for line in data.split(b"\n") if b"Build Date UTC" not in line]
            found[path.relative_to(site).as_posix()] = b"\n".join(lines)
    return found
