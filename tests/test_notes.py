"""Edge notes as a reader sees them (output/notes.py): inline Markdown, escaped, shortened.

Held to what a panel promises: the markup a note may write is the five inline tags and
nothing else, whatever the note holds; a link's address never runs a script; the text a
reader sees is the note's text without its markup; a long note is cut outside markup, and
its two halves read as the whole."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from hypothesis import given
from hypothesis import strategies as st

from mkdocs_relations.output.notes import NOTE_SHOWN, Note, note_html

ALLOWED = {"strong", "em", "code", "a", "span"}


class _Read(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _read(markup: str) -> _Read:
    reader = _Read()
    reader.feed(markup)
    reader.close()
    return reader


def _link(target: str) -> tuple[str, str] | None:
    return ("../" + target + "/", f"Title of {target}") if target.startswith("p") else None


def _whole(note: Note) -> str:
    return str(note.shown) + str(note.rest)


PIECES = [
    "**", "*", "_", "__", "`", "``", "[[", "]]", "[", "]", "(", ")", "|", "#", " ", "word",
    "<script>", "</a>", "&", '"', "'", "é", "→", "javascript:alert(1)", "https://x.org/?a=1&b",
    "p1", "gone", "\n",
]  # fmt: skip


@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_a_note_writes_only_inline_tags_and_safe_links(pieces: list[str]) -> None:
    text = "".join(pieces)
    note = note_html(text, _link)
    markup = _whole(note)
    assert markup.isascii()
    reader = _read(markup)
    for tag, attrs in reader.tags:
        assert tag in ALLOWED, (text, markup)
        href = attrs.get("href")
        if href is not None:
            assert (
                not re.sub(r"[\x00-\x20]", "", href)
                .lower()
                .startswith(("javascript:", "vbscript:", "data:"))
            ), (text, markup)
        assert set(attrs) <= {"href", "class"}, (text, markup)
    # What a reader sees is the note's words: markup characters may go, nothing is added
    # (a wikilink shows its alias or the page's title instead of its target).
    if "[[" not in text:
        seen = "".join(reader.text)
        assert len(seen) <= len(text)


def test_markdown_in_a_note_is_shown_as_such() -> None:
    note = note_html(
        "**Blocking**: needs *new* `schema<v2>`, see [[p1|the plan]], [[gone]] and "
        "[docs](https://example.org/a?b=1&c=2); ***both*** and _under_ but snake_case_name, "
        "2 ** 3 and [bad](javascript:alert(1))",
        _link,
    )
    assert note.rest == ""
    assert str(note.shown) == (
        "<strong>Blocking</strong>: needs <em>new</em> <code>schema&lt;v2&gt;</code>, see "
        '<a href="../p1/">the plan</a>, <span class="relations__redlink">gone</span> and '
        '<a href="https://example.org/a?b=1&amp;c=2">docs</a>; <strong><em>both</em></strong> '
        "and <em>under</em> but snake_case_name, 2 ** 3 and [bad](javascript:alert(1))"
    )
    assert str(note_html("[[p2]]", _link).shown) == '<a href="../p2/">Title of p2</a>'


def test_a_long_note_is_cut_outside_markup_and_reads_whole_when_opened() -> None:
    text = "Start " + "**bold words here** and [[p1|a link with words]] " * 12 + "end."
    note = note_html(text, _link)
    assert note.rest != ""
    shown_text = html.unescape(re.sub(r"<[^>]+>", "", str(note.shown)))
    assert NOTE_SHOWN // 2 <= len(shown_text) <= NOTE_SHOWN
    # Each half is whole markup: every tag it opens, it closes.
    for half in (str(note.shown), str(note.rest)):
        opened = re.findall(r"<(strong|em|code|a|span)\b", half)
        closed = re.findall(r"</(strong|em|code|a|span)>", half)
        assert sorted(opened) == sorted(closed), half
    whole = _whole(note)
    assert whole.count("<strong>") == 12 and whole.count('<a href="../p1/">') == 12
    # A note only a little past the limit is shown whole.
    assert note_html("x " * (NOTE_SHOWN // 2 + 10), _link).rest == ""
