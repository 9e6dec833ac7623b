"""What resolution says about a target, at any length."""

from __future__ import annotations

from pathlib import Path

from conftest import pages_in_folder

from mkdocs_relations.wiki.pipeline import load_wiki


def test_long_targets_are_clipped(tmp_path: Path) -> None:
    long = "very-long-name-" * 40
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(
        f"---\nsuperseded_by: '[[{long}]]'\nrelationships:\n"
        f"  - {{type: depends-on, target: '[[{long}]]'}}\n"
        f"  - {{type: depends-on, target: '[[../{long}]]'}}\n---\n"
    )
    messages = [(d.line, d.message) for d in load_wiki(pages_in_folder(str(docs))).diagnostics]
    assert [line for line, _ in messages] == [2, 4, 5]
    for _, message in messages:
        assert len(message) < 250 and long not in message, message
        assert "characters)" in message, message
