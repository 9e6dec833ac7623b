"""An edge's note as a reader sees it: inline Markdown, escaped, and shortened when long.

Notes are written in the wiki's Markdown (``**bold**``, ``*emphasis*``, ```code```,
``[text](url)``, ``[[target|alias]]``); a panel shows them as such rather than as literal
asterisks and brackets. Only that inline subset is read: there are no blocks in a one-line
note, and everything else is text, escaped (a ``<script>`` in a note is shown, never run).
A ``[[wikilink]]`` is looked up by the edges' resolver, from the page that declares the
edge, and linked relative to the page the panel is on; one that reaches no page is shown as
a red link. A link's address is kept only with a scheme a reader can follow safely (http,
https, mailto) or none (relative, ``#anchor``).

A note longer than :data:`NOTE_SHOWN` characters is cut at a space between two pieces of
markup, not inside one: the panel shows the start and folds the rest in ``<details>``, which
opens without JavaScript.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup

from ..model.targets import TargetError, parse_target

#: A note longer than this (in characters of its text) is shortened to about this length.
NOTE_SHOWN = 200
#: ... unless it is only a little longer: cutting off a few words helps nobody.
_SLACK = 40
#: Notes kept rendered per build (those with no wikilink), for huge sites.
KEPT_NOTES = 100_000
#: Emphasis inside emphasis inside a link's text...: deeper markup is read as text.
_DEPTH = 4

_INLINE = re.compile(
    r"(?P<code>(?P<ticks>`+)(?P<code_text>.+?)(?<!`)(?P=ticks)(?!`))"
    r"|(?P<wiki>\[\[(?P<wiki_text>[^\[\]\n]+?)\]\])"
    r"|(?P<link>\[(?P<link_text>[^\[\]]+)\]\((?P<url>[^()\s]+)\))"
    r"|(?P<both>\*\*\*(?=\S)(?P<both_text>.+?)(?<=\S)\*\*\*)"
    r"|(?P<strong>\*\*(?=\S)(?P<strong_text>.+?)(?<=\S)\*\*"
    r"|(?<!\w)__(?=\S)(?P<strong_under>.+?)(?<=\S)__(?!\w))"
    r"|(?P<em>\*(?=[^\s*])(?P<em_text>.+?)(?<=[^\s*])\*"
    r"|(?<!\w)_(?=[^\s_])(?P<em_under>.+?)(?<=[^\s_])_(?!\w))"
)
_SAFE_SCHEME = re.compile(r"(?:https?:|mailto:)|[^:]*(?:[/?#]|$)", re.IGNORECASE)


_EMPTY = Markup("")


@dataclass(frozen=True)
class Note:
    """A note's HTML: what the panel shows, and the rest when it was shortened ("")."""

    shown: Markup
    rest: Markup = _EMPTY


#: A wikilink's target (as written) to (the link to its page from the panel's page, its
#: title), or None when it reaches no page.
Linker = Callable[[str], "tuple[str, str] | None"]


def note_html(text: str, link: Linker) -> Note:
    """The note ``text`` as HTML (ASCII: anything else as a character reference)."""
    cut = _cut(text)
    if cut is None:
        return Note(_ascii(_inline(text, link, 0)))
    return Note(_ascii(_inline(text[:cut], link, 0)), _ascii(_inline(text[cut:], link, 0)))


def has_links(text: str) -> bool:
    """Whether the note's HTML depends on the page it is shown on (it has a wikilink)."""
    return "[[" in text


def _cut(text: str) -> int | None:
    """Where a long note is cut: the last space before :data:`NOTE_SHOWN` outside markup."""
    if len(text) <= NOTE_SHOWN + _SLACK:
        return None
    spans = [m.span() for m in _INLINE.finditer(text)]
    for at in range(NOTE_SHOWN, NOTE_SHOWN // 2, -1):
        if text[at] == " " and not any(start < at < end for start, end in spans):
            return at
    for at in range(NOTE_SHOWN, len(text)):
        if text[at] == " " and not any(start < at < end for start, end in spans):
            return at
    return None


def _inline(text: str, link: Linker, depth: int) -> str:
    if depth > _DEPTH:
        return _escape(text)
    out: list[str] = []
    at = 0
    for m in _INLINE.finditer(text):
        out.append(_escape(text[at : m.start()]))
        at = m.end()
        if m["code"]:
            out.append(f"<code>{_escape(m['code_text'].strip() or m['code_text'])}</code>")
        elif m["wiki"]:
            out.append(_wikilink(m["wiki_text"], link))
        elif m["link"]:
            inner = _inline(m["link_text"], link, depth + 1)
            url = m["url"]
            if _SAFE_SCHEME.match(url):
                out.append(f'<a href="{_escape(url)}">{inner}</a>')
            else:
                out.append(inner)
        elif m["both"]:
            out.append(f"<strong><em>{_inline(m['both_text'], link, depth + 1)}</em></strong>")
        elif m["strong"]:
            inner_text = m["strong_text"] if m["strong_text"] is not None else m["strong_under"]
            out.append(f"<strong>{_inline(inner_text, link, depth + 1)}</strong>")
        else:
            inner_text = m["em_text"] if m["em_text"] is not None else m["em_under"]
            out.append(f"<em>{_inline(inner_text, link, depth + 1)}</em>")
    out.append(_escape(text[at:]))
    return "".join(out)


def _wikilink(inner: str, link: Linker) -> str:
    try:
        target = parse_target(inner)
    except TargetError:
        return _escape(f"[[{inner}]]")
    found = link(target.path)
    if found is None:
        shown = target.alias or inner.partition("|")[0].strip()
        return f'<span class="relations__redlink">{_escape(shown)}</span>'
    url, title = found
    return f'<a href="{_escape(url)}">{_escape(target.alias or title)}</a>'


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )


def _ascii(html: str) -> Markup:
    if not html.isascii():
        html = html.encode("ascii", "xmlcharrefreplace").decode("ascii")
    return Markup(html)
