"""Property tests: whatever a page contains, reading and linting give diagnostics, never an
exception, and every diagnostic points at a line inside its file.

``HYPOTHESIS_PROFILE=fuzz`` runs the long campaign recorded in docs/bad-input.md.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from mkdocs_relations.frontmatter.block import read_frontmatter
from mkdocs_relations.frontmatter.page import ReadOptions, read_page
from mkdocs_relations.wiki.pipeline import load_wiki

TOKENS = [
    "relationships:", "relations:", "id:", "title:", "aliases:", "superseded_by:", "hide:",
    "relationship_types:", "redlinks:", "relationship_field:", "name:", "inverse:",
    "symmetric:", "acyclic:", "transitive:", "- type:", "  - type:", "    target:",
    "- ", "  - ", "    ", "\t", "type: depends-on", "target: ", "redlink:", "note:",
    "[[", "]]", "[[a]]", "[[b|B]]", "[[#h]]", "[[ ]]", "[[../../etc/passwd]]", "a", "b",
    "wiki-config", "NO", "yes", "null", "~", "2024-01-01", "12", "1e3", "&a [x, x]", "*a",
    "&b", "*b", "{", "}", "[", "]", ":", ",", "'", '"', "#", "|", ">", "!!str", "!!binary",
    "%YAML 1.1", "---", "...", "\x00", "\x85", "\u2028", "\ufeff", "é", "😀", "<script>",
    "depends-on", "part-of", "relates-to", "governed-by", "? ", "<<: *a",
]  # fmt: skip
ENDINGS = ["\n", "\r\n", "\r"]


@st.composite
def documents(draw: st.DrawFn) -> bytes:
    lines = draw(
        st.lists(
            st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)), max_size=5).map(
                " ".join
            ),
            max_size=14,
        )
    )
    ending = draw(st.sampled_from(ENDINGS))
    opening = draw(st.sampled_from(["---", "---", "--- ", "", "\ufeff---"]))
    closing = draw(st.sampled_from(["---", "...", "", "--- x"]))
    text = ending.join([opening, *lines, closing, "# Body", "relationships: [x]"])
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        position = draw(st.integers(0, len(data)))
        data = data[:position] + draw(st.binary(max_size=4)) + data[position:]
    return data


def line_count(data: bytes) -> int:
    return len(re.split(rb"\r\n|\r|\n", data))


@given(documents())
def test_reader_gives_diagnostics_inside_the_file(data: bytes) -> None:
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"relations-prop-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    path = folder / "page.md"
    path.write_bytes(data)
    fm = read_frontmatter(str(path), "page.md")
    read_page("page.md", fm, ReadOptions())
    for diagnostic in fm.diagnostics:
        assert 1 <= diagnostic.line <= line_count(data), (diagnostic, data)


@given(st.lists(documents(), min_size=1, max_size=3), documents())
def test_whole_wiki_gives_diagnostics_inside_files(pages: list[bytes], config: bytes) -> None:
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"relations-wiki-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    contents = {f"{name}.md": data for name, data in zip("abc", pages, strict=False)}
    contents["wiki-config.md"] = config
    for name, data in contents.items():
        (folder / name).write_bytes(data)
    wiki = load_wiki({name: str(folder / name) for name in contents})
    for diagnostic in wiki.diagnostics:
        assert diagnostic.file in contents
        assert 1 <= diagnostic.line <= line_count(contents[diagnostic.file]), diagnostic
