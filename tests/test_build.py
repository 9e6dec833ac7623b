"""Whole-build behaviour: sites without edges, repeated builds in one process, file order."""

from __future__ import annotations

import builtins
import io
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import Site, relation_lines

from mkdocs_relations.wiki.pipeline import load_wiki


def test_site_without_relationships_builds(site: Site) -> None:
    site.pages({"index.md": "# Home\n", "about.md": "---\ntitle: About\n---\n# About\n"})
    result = site.build(strict=True)
    assert result.ok and relation_lines(result) == []
    assert (site.site_dir / "about" / "index.html").exists()


def test_disabled_plugin_does_nothing(site: Site) -> None:
    site.page("index.md", "---\nrelationships: 12\n---\n")
    site.plugin_options = {"enabled": False}
    assert site.build(strict=True).ok


def test_two_builds_in_one_process_agree(site: Site) -> None:
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: gone}\n---\n",
            "b.md": "---\nrelationships:\n  - {type: relates-to, target: b}\n---\n",
        }
    )
    config = site.load()
    first = site.build(config=config)
    second = site.build(config=config)
    assert relation_lines(first) == relation_lines(second)
    assert len(relation_lines(first)) == 2


def test_rebuild_sees_changed_frontmatter(site: Site) -> None:
    """As under `mkdocs serve`: the same plugin instance, a file edited between builds."""
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n",
            "ledger.md": "# Ledger\n",
        }
    )
    config = site.load()
    assert site.build(config=config).ok
    plugin = config.plugins["relations"]
    assert [e.target_id for e in plugin.wiki.graph.edges()] == ["ledger"]  # type: ignore[attr-defined]
    site.page("index.md", "---\nrelationships:\n  - {type: depends-on, target: ledgr}\n---\n")
    broken = site.build(config=config)
    assert not broken.ok
    assert [m.split(": error")[0] for m in relation_lines(broken)] == ["docs/index.md:3"]
    site.page("index.md", "---\nrelationships:\n  - {type: depends-on, target: ledger}\n---\n")
    assert site.build(config=config).ok
    assert plugin.wiki.graph.edge_count == 1  # type: ignore[attr-defined]


def test_output_does_not_depend_on_file_order(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    rng = random.Random(7)
    names = [f"p{i:02d}" for i in range(40)]
    for name in names:
        edges = "".join(
            f"  - {{type: {rng.choice(['depends-on', 'relates-to', 'nope'])}, "
            f"target: {rng.choice([*names, 'missing'])}}}\n"
            for _ in range(rng.randint(0, 4))
        )
        (docs / f"{name}.md").write_text(f"---\nrelationships:\n{edges}---\n" if edges else "# x\n")
    sources = {f"{n}.md": str(docs / f"{n}.md") for n in names}
    reference = load_wiki(sources)
    for seed in range(5):
        items = list(sources.items())
        random.Random(seed).shuffle(items)
        shuffled = load_wiki(dict(items))
        assert shuffled.diagnostics == reference.diagnostics
        assert [(e.source, e.type, e.target_id) for e in shuffled.graph.edges()] == [
            (e.source, e.type, e.target_id) for e in reference.graph.edges()
        ]


class _Opens:
    """Counts the files under a folder opened while it is installed, by docs-relative path."""

    def __init__(self, folder: Path) -> None:
        self.folder = os.path.realpath(folder)
        self.counts: Counter[str] = Counter()

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original = builtins.open

        def counting(file: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, (str, os.PathLike)):
                path = os.path.realpath(os.fspath(file))
                if path.startswith(self.folder + os.sep):
                    self.counts[os.path.relpath(path, self.folder).replace(os.sep, "/")] += 1
            return original(file, *args, **kwargs)

        monkeypatch.setattr(builtins, "open", counting)
        monkeypatch.setattr(io, "open", counting)


def _read_counts(site: Site, monkeypatch: pytest.MonkeyPatch, strict: bool = True) -> Any:
    opens = _Opens(site.docs)
    with monkeypatch.context() as patch:
        opens.install(patch)
        result = site.build(strict=strict)
    return result, opens.counts


_PAGES = {
    "index.md": "---\ntitle: Home\nrelationships:\n  - {type: depends-on, target: a}\n---\n"
    "# Home\n",
    "a.md": "---\ntitle: A\n---\nSome text about [b](b.md).\n",
    "b.md": "# B\n\nNo frontmatter.\n",
    "wiki-config.md": "---\nrelationship_types: []\n---\n# Settings\n",
}


def test_each_page_is_read_once_per_build(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plugin reads every page for its frontmatter; MkDocs is handed that text rather than
    reading the file again (issue 26)."""
    site.pages(_PAGES)
    result, counts = _read_counts(site, monkeypatch)
    assert result.ok, result.error
    assert dict(counts) == {name: 1 for name in _PAGES}
    assert "Some text about" in site.html("a/index.html")


#: Line breaks and byte-order marks as editors write them, in frontmatter and in text.
_ENCODED = {
    "crlf.md": b"---\r\ntitle: Windows page\r\nrelationships:\r\n  - {type: relates-to, "
    b"target: cr}\r\n---\r\n# Heading\r\n\r\nText  \r\nwith a hard break.\r\n\r\n"
    b"```\r\ncode\r\n```\r\n",
    "cr.md": b"---\rtitle: Old Mac page\r---\rLine one\rLine two\r\r- item\r",
    "bom.md": b"\xef\xbb\xbf---\ntitle: With BOM\n---\n\xef\xbb\xbf# Not stripped again\n",
    "bom-crlf.md": b"\xef\xbb\xbf# BOM and CRLF\r\n\r\nMixed\rbreaks\n\r\nend",
    "index.md": b"# Home\n",
}


def test_crlf_and_bom_pages_build_as_mkdocs_reads_them(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The text handed to MkDocs is what it reads itself: the HTML equals a build where another
    plugin's source reader stands in (so MkDocs reads every file), byte for byte."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # the build date in every page's footer
    for name, data in _ENCODED.items():
        (site.docs / name).write_bytes(data)
    result, counts = _read_counts(site, monkeypatch)
    assert result.ok, result.error
    assert dict(counts) == {name: 1 for name in _ENCODED}  # the plugin's text was used
    handed = {name: _html(site, name) for name in _ENCODED}
    (site.root / "hook.py").write_text(
        "def on_page_read_source(page, config):\n    return None\n", encoding="utf-8"
    )
    site.extra_config = {"hooks": ["hook.py"]}
    result, counts = _read_counts(site, monkeypatch)
    assert result.ok, result.error
    assert dict(counts) == {name: 2 for name in _ENCODED}  # MkDocs read them itself
    assert {name: _html(site, name) for name in _ENCODED} == handed
    assert "Windows page" in handed["crlf.md"] and "<br" in handed["crlf.md"]
    assert "Old Mac page" in handed["cr.md"]


#: Frontmatter as wikis write it, and blocks MkDocs takes as page text rather than metadata.
_BLOCKS = {
    "index.md": "---\ntitle: Home\nrelationships:\n  - {type: depends-on, target: kinds}\n"
    "---\n# Home\n",
    "kinds.md": "---\ntitle: Café ☃\nbase: &b {x: 1, y: [a, b]}\nother: *b\n1: one\nnull: none\n"
    "day: 2024-01-02\nat: 2024-01-02 10:00:00\nhex: 0x1F\nsexagesimal: 1:30\nbig: 1e3\n"
    "nothing: ~\nflag: NO\ntext: |\n  ---\n  not a fence\n---\nBody\n",
    "dots.md": "---\ntitle: Closed with dots\n...\nBody after dots\n",
    "merge.md": "---\ntitle: Merged\ndefaults: &d {a: 1}\nhere:\n  <<: *d\n  b: 2\n---\nText\n",
    "set.md": "---\ntitle: A set\ntags: !!set {a, b}\n---\nText\n",
    "spaces.md": "---  \ntitle: Spaces after fences\n---\t\n\n\nKey: not metadata\n",
    "empty.md": "---\n---\nAn empty block\n",
    "comment.md": "---\n# only a comment\n---\nText\n",
    "list.md": "---\n- a\n- b\n---\nA list is page text to MkDocs\n",
    "multimarkdown.md": "Title: MultiMarkdown\nAuthor: Someone\n\nBody\n",
    "crlf.md": "---\r\ntitle: Windows\r\n---\r\nText\r\n",
}

_RECORD = """
import json, os
from mkdocs.plugins import event_priority
from mkdocs.utils import meta
seen = {}
@event_priority(100)
def on_page_markdown(markdown, page, config, files):
    aliased = page.meta.get("other") is page.meta.get("base") is not None
    seen[page.file.src_uri] = [repr(list(page.meta.items())), markdown, aliased]
def on_post_build(config):
    with open(os.path.join(os.path.dirname(config.config_file_path), "seen.json"), "w") as f:
        json.dump(seen, f)
"""


def test_each_block_is_parsed_once_and_mkdocs_gets_the_same_metadata(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MkDocs is handed the metadata the plugin loaded rather than loading the YAML again: the
    first hook after MkDocs read a page sees the metadata and the Markdown it sees when MkDocs
    reads and loads every page itself, for every kind of block (issue 26)."""
    import json

    from mkdocs.utils import meta

    for name, text in _BLOCKS.items():
        (site.docs / name).write_bytes(text.encode("utf-8"))
    (site.root / "record.py").write_text(_RECORD, encoding="utf-8")
    loaded: list[str] = []
    original = meta.get_data

    def counting(doc: str) -> Any:
        if meta.YAML_RE.match(doc):
            loaded.append(doc.split("\n")[1])
        return original(doc)

    monkeypatch.setattr(meta, "get_data", counting)
    seen: list[dict[str, Any]] = []
    for hooks in (["record.py"], ["record.py", "reads.py"]):
        # reads.py: another source reader, so the plugin stands back and MkDocs loads each page.
        (site.root / "reads.py").write_text(
            "def on_page_read_source(page, config):\n    return None\n", encoding="utf-8"
        )
        site.extra_config = {"hooks": hooks}
        loaded.clear()
        result = site.build()
        assert result.ok, result.error
        seen.append(json.loads((site.root / "seen.json").read_text(encoding="utf-8")))
        if len(hooks) == 1:
            # Loaded by the plugin alone: every block MkDocs keeps as metadata, but for merge
            # keys and tagged collections. MkDocs still loads those, and what it shows as text.
            assert sorted(loaded) == ["# only a comment", "- a", "title: A set", "title: Merged"]
    handed, own = seen
    assert handed.keys() == own.keys() == set(_BLOCKS)
    for name in _BLOCKS:
        assert handed[name] == own[name], name
    assert handed["kinds.md"][2], "an alias is the same object, as YAML builds it"
    assert "datetime.date(2024, 1, 2)" in handed["kinds.md"][0]
    assert "(1, 'one')" in handed["kinds.md"][0] and "(None, 'none')" in handed["kinds.md"][0]
    assert handed["spaces.md"][1] == "Key: not metadata\n"
    assert "A list is page text" in handed["list.md"][1] and handed["list.md"][0] == "[]"
    assert "Café ☃" in site.html("kinds/index.html")


def _html(site: Site, page: str) -> str:
    stem = page.removesuffix(".md")
    return site.html("index.html" if stem == "index" else f"{stem}/index.html")


def test_another_plugins_page_source_wins(site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the last on_page_read_source handler's answer counts and MkDocs warns when two
    plugins declare one (failing --strict), so the plugin stands back for another reader."""
    site.pages(_PAGES)
    (site.root / "hook.py").write_text(
        "def on_page_read_source(page, config):\n"
        "    if page.file.src_uri == 'a.md':\n"
        "        return '---\\ntitle: Replaced\\n---\\nText from the hook.\\n'\n",
        encoding="utf-8",
    )
    site.extra_config = {"hooks": ["hook.py"]}
    result, counts = _read_counts(site, monkeypatch)
    assert result.ok, result.error  # strict: no warning about two handlers
    assert "Text from the hook." in site.html("a/index.html")
    assert "Some text about" not in site.html("a/index.html")
    assert counts["b.md"] == 2  # read by the plugin, then by MkDocs: nothing was handed over


def test_content_set_by_another_plugin_is_read_by_mkdocs(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page whose content another plugin set (or whose source file it changed) is MkDocs'
    to read; every other page is still handed over."""
    site.pages(_PAGES)
    (site.root / "hook.py").write_text(
        "import os\n"
        "def on_files(files, config):\n"
        "    files.get_file_from_path('a.md').content_string = 'Set by a plugin.\\n'\n"
        "    other = files.get_file_from_path('b.md')\n"
        "    other.abs_src_path = os.path.join(os.path.dirname(config.config_file_path), "
        "'elsewhere.md')\n",
        encoding="utf-8",
    )
    (site.root / "elsewhere.md").write_text("From elsewhere.\n", encoding="utf-8")
    site.extra_config = {"hooks": ["hook.py"]}
    result, counts = _read_counts(site, monkeypatch)
    assert result.ok, result.error
    assert "Set by a plugin." in site.html("a/index.html")
    assert "From elsewhere." in site.html("b/index.html")
    assert counts["index.md"] == 1


def test_page_that_is_not_utf8_fails_as_mkdocs_fails(
    site: Site, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    site.pages({"index.md": "# Home\n"})
    (site.docs / "z.md").write_bytes(b"---\ntitle: Latin-1\n---\nCaf\xe9\n")
    opens = _Opens(site.docs)
    with monkeypatch.context() as patch:
        opens.install(patch)
        with pytest.raises(UnicodeDecodeError, match="can't decode byte 0xe9 in position 26"):
            site.build()
    assert "Encoding error reading file: z.md" in caplog.messages
    assert opens.counts["z.md"] == 2  # the plugin's read, then MkDocs' own, which fails
    assert opens.counts["index.md"] == 1


def test_what_a_build_keeps_from_the_collector_is_returned(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build takes its graph and pages out of the cyclic collector's walks while it
    runs (collector.keep_out), and returns them when it ends, failed or not: nothing stays
    frozen past a build, so `mkdocs serve` keeps no garbage from one build to the next."""
    import gc

    frozen: list[int] = []
    original = gc.freeze

    def freeze() -> None:
        original()
        frozen.append(gc.get_freeze_count())

    monkeypatch.setattr(gc, "freeze", freeze)
    site.pages(
        {
            "index.md": "---\nrelationships:\n  - {type: depends-on, target: b}\n---\n",
            "b.md": "# B\n",
        }
    )
    assert site.build().ok
    assert frozen and min(frozen) > 0, "the build keeps its objects out of collections"
    assert gc.get_freeze_count() == 0
    # A build that fails after the pages are read (a relations block with an error).
    site.page("b.md", "# B\n\n```relations\nfollow: [no-such-type]\nwhere: {: }\n```\n")
    frozen.clear()
    result = site.build()
    assert not result.ok and frozen
    assert gc.get_freeze_count() == 0
