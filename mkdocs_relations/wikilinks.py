"""``[[wikilinks]]`` in page text, resolved as edge targets are: a Python-Markdown extension.

A body link and an edge that write the same text reach the same page, because both go through
``resolve.Resolver`` (path, id, case, file name, alias, folder index; an ambiguity is reported,
never guessed). Each link becomes what a Markdown link to the target's *source file* would be
(``[text](../ops/runbook.md#restart)``), so MkDocs and Zensical turn it into the page's URL
under either ``use_directory_urls`` and any ``site_url`` sub-path, and check its anchor as they
check a Markdown link's. A link that resolves to nothing is a ``<span>`` with a class, never a
dead ``<a>``, and a ``broken-wikilink`` diagnostic with its file and line.

It is an inline pattern, registered after Markdown's code-span and escape patterns: code
spans, code blocks (fenced or indented, superfences too) and HTML blocks are stashed before
it runs, and a link inside an inline tag or comment is left for Markdown's HTML pattern, so a
``[[x]]`` written there stays as written. The plugin hands the extension the wiki
it has already read; alone (``markdown_extensions: [mkdocs_relations.wikilinks]``, as Zensical
runs it) it reads the page set from ``docs_dir``. What a link reaches is body_links.py's.

Long because one link's rendering (the pattern, what earlier patterns stashed, anchors,
images, unresolved text) and the page it is rendered in (MkDocs', Zensical's or lint's)
are one conversion's state: split, each half would reach into the other's.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import posixpath
import re
import xml.etree.ElementTree as etree
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any
from urllib.parse import quote

import yaml
from markdown import Extension, Markdown
from markdown.extensions.toc import slugify as toc_slugify
from markdown.inlinepatterns import InlineProcessor
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import HTML_PLACEHOLDER_RE, INLINE_PLACEHOLDER_RE, AtomicString

from .frontmatter.page import page_id_for
from .frontmatter.safe_loader import Loader
from .model.diagnostics import Diagnostic, apply_severity
from .query.fences import code_lines
from .wiki.body_links import BodyLinks, Link, load_links
from .wiki.resolution import label_first

CODE = "broken-wikilink"

#: ``[[...]]`` or ``![[...]]`` on one line, no brackets inside (Obsidian's own limits).
_PATTERN = r"(!?)\[\[([^\[\]\n]+?)\]\]"
#: After code spans (190) and escapes (180), before Markdown's link patterns (reference 170,
#: link 160...): each of those would scan the brackets of every ``[[x]]`` twice, and fail,
#: before this pattern saw it (measured: 10 % of the conversion of a page of links). Inline
#: HTML (90) comes later, so a tag's own text is recognised here (``_in_tag``).
_PRIORITY = 175
#: Just before Markdown's inline patterns (20), after every tree processor that builds text.
_GATE = 20.5
#: Where an inline tag or comment starts: ``<a``, ``</a``, ``<!--``.
_TAG_START = re.compile(r"<[A-Za-z/!]")
#: A pymdownx.snippets include line (``--8<-- "file.md"``).
_SNIPPET = re.compile(r"^[ \t]*-+8<-+[ \t]", re.M)
#: Extensions a site may list that change which of a page's text Markdown reads as text:
#: math and abbreviations' definitions keep it from being links; HTML blocks with
#: ``markdown="1"``, admonitions, details, tabs and footnotes make text of what would be
#: HTML, code or a link definition without them. The lint's reading of page text runs these
#: too where the site lists them and they are installed; nothing else is imported.
READ_AS_THE_SITE = (
    "abbr", "admonition", "footnotes", "md_in_html",
    "pymdownx.arithmatex", "pymdownx.details", "pymdownx.superfences", "pymdownx.tabbed",
)  # fmt: skip


def read_as_the_site(names: Sequence[str]) -> list[str]:
    """Those of ``names`` (a site's extensions, as listed) in :data:`READ_AS_THE_SITE`."""
    return [n for n in names if n.removeprefix("markdown.extensions.") in READ_AS_THE_SITE]


#: An HTML comment, as Markdown keeps it: its links are not links.
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
#: What Python-Markdown's escape pattern leaves for ``\|`` (a pipe inside a table cell).
_ESCAPED = re.compile("\x02(\\d+)\x03")

IMAGES = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".bmp", ".ico")
_SIZE = re.compile(r"(\d+)(?:x(\d+))?")

log = logging.getLogger("mkdocs.plugins.mkdocs_relations.wikilinks")


@dataclass
class PageLinks:
    """What one page's text linked to: for the lint and for "Mentioned in"."""

    #: One diagnostic per distinct broken target, at the line of its first use.
    broken: list[Diagnostic] = field(default_factory=list)
    #: Pages the text links to (never the page itself).
    mentions: set[str] = field(default_factory=set)


class _Conversion:
    """One page's conversion: its links resolved once per distinct target."""

    def __init__(self, file: str, lines: list[str], text: str | None = None) -> None:
        self.file = file
        self._text = text
        self.folder = posixpath.dirname(file)
        self.page_id = page_id_for(file)
        self.lines = list(lines)  # a later preprocessor may change the list it is given
        #: Written target -> what it reaches and the link from this page to it.
        self.links: dict[str, tuple[Link, str]] = {}
        self.result = PageLinks()
        self.reported: set[str] = set()

    @cached_property
    def text(self) -> str:
        """The page's Markdown as written (as converted, unless the caller kept it), to place
        a broken link's line; joined only for a page with a broken link."""
        return self._text if self._text is not None else "\n".join(self.lines)

    def line_of(self, written: str) -> int:
        """The line of the first ``[[written`` a reader sees: not in code (a fence, an
        indented block, a code span) nor in an HTML comment, where the link was left as
        written; spaces inside the brackets allowed (``[[ ghost ]]``)."""
        text = self.text
        found = [m.start() for m in re.finditer(r"\[\[[ \t]*" + re.escape(written), text)]
        if not found:
            # Not in the page as written: text another extension put in, such as a
            # pymdownx.snippets include, is told at the line that includes it.
            include = _SNIPPET.search(text)
            return text.count("\n", 0, include.start()) + 1 if include else 1
        code = code_lines(text)
        comments = [(m.start(), m.end()) for m in _COMMENT.finditer(text)]
        for at in found:
            line = text.count("\n", 0, at)
            start = text.rfind("\n", 0, at) + 1
            if line in code or text.count("`", start, at) % 2:
                continue
            if any(begin < at < end for begin, end in comments):
                continue
            return line + 1
        return text.count("\n", 0, found[0]) + 1


class WikilinksExtension(Extension):
    """``[[target]]``, ``[[target|text]]``, ``[[target#heading]]``, ``[[#heading]]``,
    ``![[image.png]]``; see docs/wikilinks.md."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "docs_dir": ["", "The docs folder (alone only; default: Zensical's, else 'docs')"],
        }
        super().__init__(**kwargs)
        #: Given by the plugin; read from ``docs_dir`` when alone.
        self.links: BodyLinks | None = None
        #: What each page's text linked to, by docs-relative file, for the plugin to collect.
        self.pages: dict[str, PageLinks] = {}
        #: The plugin reports the diagnostics itself (with the frontmatter's lines added).
        self.reports = True
        #: The page being converted, when the caller says so (the command line's lint).
        self.page_file: str | None = None
        #: Each page's Markdown before other hooks changed it (a ``relations`` block becomes one
        #: line), by file: broken links' lines are counted in it. Taken when the page converts.
        self.texts: dict[str, str] = {}
        #: By Markdown instance: another extension may convert text inside a page's conversion.
        self._conversions: dict[int, _Conversion] = {}
        self._told = False
        self._docs_dir = ""

    def broken(self, shift: Callable[[str], int]) -> list[Diagnostic]:
        """Every page's broken links, by file; ``shift`` gives a file's lines before the
        text its conversion counted in (the frontmatter MkDocs took off)."""
        found = []
        for file, links in sorted(self.pages.items()):
            if links.broken:
                lines = shift(file)
                found += [replace(d, line=d.line + lines) for d in links.broken]
        return found

    def mentioned_by(self) -> dict[str, list[str]]:
        """page id -> ids of the pages whose text links to it, each list by file."""
        found: dict[str, list[str]] = {}
        for file, links in sorted(self.pages.items()):
            for target in sorted(links.mentions):
                found.setdefault(target, []).append(page_id_for(file))
        return found

    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_Start(md, self), "relations-wikilinks-start", 1000)
        pattern = _Wikilink(md, self)
        md.inlinePatterns.register(pattern, "relations-wikilink", _PRIORITY)
        md.treeprocessors.register(_Gate(md, pattern), "relations-wikilinks-gate", _GATE)
        md.postprocessors.register(_End(md, self), "relations-wikilinks-end", 0)

    def begin(self, md: Markdown, lines: list[str]) -> None:
        file, docs_dir = (self.page_file, None) if self.page_file else _current_page(md)
        if self.links is None:
            self._docs_dir = self.getConfig("docs_dir") or docs_dir or "docs"
            self.links = load_links(self._docs_dir)
        if file is not None:
            self._conversions[id(md)] = _Conversion(file, lines, self.texts.pop(file, None))
        elif not self._told:
            self._told = True
            log.info(
                "relations wikilinks: text converted outside a page of the site (no MkDocs or "
                "Zensical page is being rendered) keeps its [[links]] as written"
            )

    def end(self, md: Markdown) -> None:
        conversion = self._conversions.pop(id(md), None)
        if conversion is None:
            return
        self.pages[conversion.file] = conversion.result
        if self.reports and conversion.result.broken:
            path = os.path.join(self._docs_dir, *conversion.file.split("/"))
            shift = _stripped_lines(path, conversion.text)
            shown = os.path.relpath(path).replace(os.sep, "/")
            for diagnostic in apply_severity(conversion.result.broken):
                line = diagnostic.line + shift
                {"error": log.error, "warning": log.warning}.get(diagnostic.severity, log.info)(
                    replace(diagnostic, line=line).format(shown)
                )

    def element(self, embed: bool, inner: str, md: Markdown) -> etree.Element | None:
        conversion = self._conversions.get(id(md))
        if conversion is None or self.links is None:
            return None
        text, _, alias_text = inner.partition("|")
        alias = alias_text.strip() or None
        path, _, heading = text.partition("#")
        anchor = _anchor(heading, md)
        if not path.strip():
            if not heading.strip():
                return self._broken(conversion, inner, "link names no page; write [[page]]")
            return _anchor_link(f"#{anchor}", alias or _last(heading))
        key = text.strip()
        found = conversion.links.get(key)
        if found is None:
            link = self.links.find(key, conversion.page_id)
            href = quote(_relative(link.file, conversion.folder)) if link.file else ""
            found = conversion.links[key] = (link, href)
        link, href = found
        if link.whole:
            path, heading, anchor = text, "", ""
        if link.file is None:
            if link.redlink is not None:
                return _unresolved(alias or text.strip(), "relations-redlink", link.redlink)
            problem = link.problem or ""
            if alias and not link.matches:  # [[label|note]], Dendron's order
                resolver = self.links.wiki.resolver
                problem = label_first("link", key, alias, resolver, conversion.page_id) or problem
            return self._broken(conversion, key, problem, alias, link.matches)
        shown = alias or _shown(path, heading)
        if link.page_id is None:
            return _file_element(embed, href, link.file, alias, shown)
        if link.page_id != conversion.page_id:
            conversion.result.mentions.add(link.page_id)
        element = _anchor_link(href + (f"#{anchor}" if anchor else ""), shown)
        if embed:
            element.set("class", "relations-wikilink relations-embed")
        return element

    def _broken(
        self,
        conversion: _Conversion,
        written: str,
        problem: str,
        alias: str | None = None,
        matches: int = 0,
    ) -> etree.Element:
        if written not in conversion.reported:
            conversion.reported.add(written)
            line = conversion.line_of(written)
            conversion.result.broken.append(Diagnostic(conversion.file, line, CODE, problem))
        # The diagnostic tells the author what to fix; the page tells a reader what is there.
        shown = BROKEN_MANY.format(n=matches) if matches > 1 else BROKEN
        return _unresolved(alias or written, "relations-wikilink-broken", shown)


class _Start(Preprocessor):
    def __init__(self, md: Markdown, extension: WikilinksExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        self.extension.begin(self.md, lines)
        return lines


class _End(Postprocessor):
    def __init__(self, md: Markdown, extension: WikilinksExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, text: str) -> str:
        self.extension.end(self.md)
        return text


class _Gate(Treeprocessor):
    """The pattern only for a conversion whose text holds ``[[``.

    Markdown tries every inline pattern on every piece of text; most pages have no wikilink,
    and the pattern's search cost them 3 % of their conversion (measured on the benchmark
    wiki). Run just before the inline patterns, on the tree they will read, so text that
    another extension added or stashed in HTML blocks (``markdown="1"``) counts; decided
    again for every conversion, so an instance Markdown reuses stays right. The pattern
    stays registered, in its place among patterns of the same priority (``footnotes``):
    without a link it is excluded under the document's root element, which every text has
    as an ancestor, so Markdown passes it by without a search.
    """

    def __init__(self, md: Markdown, pattern: _Wikilink) -> None:
        super().__init__(md)
        self.pattern = pattern

    def run(self, root: etree.Element) -> None:
        wanted = any(
            "[[" in (element.text or "") or "[[" in (element.tail or "") for element in root.iter()
        )
        # Markdown reads it from the pattern object: this instance's own, for this conversion.
        self.pattern.ANCESTOR_EXCLUDES = () if wanted else (root.tag,)  # type: ignore[misc]


class _Wikilink(InlineProcessor):
    def __init__(self, md: Markdown, extension: WikilinksExtension) -> None:
        super().__init__(_PATTERN, md)
        self.extension = extension

    def handleMatch(  # type: ignore[override]
        self, m: re.Match[str], data: str
    ) -> tuple[etree.Element | None, int | None, int | None]:
        if _in_tag(data, m.start(0), m.end(0)):
            return None, None, None
        inner = _as_written(m.group(2), self.md)
        element = self.extension.element(m.group(1) == "!", inner, self.md)
        if element is None:
            return None, None, None
        return element, m.start(0), m.end(0)


def _in_tag(data: str, start: int, end: int) -> bool:
    """Whether ``data[start:end]`` lies inside an HTML tag or comment (``<a title="[[x]]">``,
    ``<!-- see [[x]] -->``), which Markdown keeps as written.

    Read as a browser reads them, from the first tag that starts in the ``_TAG_WINDOW``
    characters before: a ``>`` inside a quoted attribute value does not close its tag
    (``<abbr title="x > y, see [[x]]">``), nor does one inside a comment end it; a tag
    that never closes is no tag.
    """
    first = _TAG_START.search(data, max(0, start - _TAG_WINDOW), start)
    if first is None:
        return False
    state, quote = _IN_TEXT, ""
    at, stop = first.start(), min(len(data), end + _TAG_WINDOW)
    while at < stop:
        if at >= start and state == _IN_TEXT:
            return False  # outside any tag at the link, or its tag closed after it
        char = data[at]
        if state == _IN_TEXT:
            if char == "<" and _TAG_START.match(data, at):
                if data.startswith("<!--", at):
                    state, at = _IN_COMMENT, at + 4
                    continue
                state = _IN_TAG
        elif state == _IN_COMMENT:
            if data.startswith("-->", at):
                if at >= end:
                    return True
                state, at = _IN_TEXT, at + 3
                continue
        elif quote:
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == ">":
            if at >= end:
                return True
            state = _IN_TEXT
        at += 1
    # A tag never closed is text to Markdown too: it writes the "<" as "&lt;".
    return False


_IN_TEXT, _IN_TAG, _IN_COMMENT = 0, 1, 2
#: How far back a tag around a link is looked for: the cost per link stays bounded.
_TAG_WINDOW = 4096


def _relative(file: str, folder: str) -> str:
    """``file`` (docs-relative) as a path from ``folder``; no file system call."""
    if not folder:
        return file
    base = folder.split("/")
    target = file.split("/")
    shared = 0
    while shared < min(len(base), len(target) - 1) and base[shared] == target[shared]:
        shared += 1
    return "/".join([".."] * (len(base) - shared) + target[shared:])


def _as_written(text: str, md: Markdown) -> str:
    """The link's text as the page wrote it: what earlier patterns stashed put back.

    Escapes (``\\|`` in a table cell) and inline HTML (``[[a|<b>x</b>]]``) have been replaced
    by placeholders before this pattern runs; the shown text is escaped again on output.
    """
    if "\x02" not in text:
        return text
    inline = _registered(md.treeprocessors, "inline")
    stashed = getattr(inline, "stashed_nodes", {})

    def node(match: re.Match[str]) -> str:
        value = stashed.get(match.group(1))
        if isinstance(value, str):
            return value
        return "".join(value.itertext()) if value is not None else ""

    raw = md.htmlStash.rawHtmlBlocks

    def html(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return str(raw[index]) if index < len(raw) else ""

    text = INLINE_PLACEHOLDER_RE.sub(node, text)
    text = HTML_PLACEHOLDER_RE.sub(html, text)
    return _ESCAPED.sub(lambda e: chr(int(e.group(1))), text)


#: A broken link's hover text, for a reader: "Fix the link, create the page, or list it under
#: redlinks..." is the author's instruction, and the build's warning already gives it.
BROKEN = "No page matches this link"
BROKEN_MANY = "This link matches {n} pages"


def _anchor_link(href: str, shown: str) -> etree.Element:
    element = etree.Element("a", {"href": href, "class": "relations-wikilink"})
    element.text = AtomicString(shown)  # as written: escaped, never read as Markdown again
    return element


def _unresolved(shown: str, kind: str, why: str) -> etree.Element:
    element = etree.Element("span", {"class": f"relations-wikilink {kind}"})
    if why:
        element.set("title", why)
    element.text = AtomicString(shown)
    return element


def _file_element(
    embed: bool, href: str, file: str, alias: str | None, shown: str
) -> etree.Element:
    if embed and file.lower().endswith(IMAGES):
        image = etree.Element("img", {"src": href, "class": "relations-embed"})
        size = _SIZE.fullmatch(alias or "")
        if size is not None:
            image.set("width", size.group(1))
            if size.group(2):
                image.set("height", size.group(2))
            alias = None
        image.set("alt", alias or posixpath.basename(file))
        return image
    element = _anchor_link(href, shown)
    if embed:
        element.set("class", "relations-wikilink relations-embed")
    return element


def _last(heading: str) -> str:
    """``[[page#A#B]]`` links to B, as Obsidian reads nested headings."""
    return heading.rsplit("#", 1)[-1].strip()


def _shown(path: str, heading: str) -> str:
    """Obsidian's text for a link without one: ``page > Heading``."""
    return f"{path.strip()} > {_last(heading)}" if heading.strip() else path.strip()


def _anchor(heading: str, md: Markdown) -> str:
    """The id the table of contents gives ``heading``; none for a block (``^id``)."""
    last = _last(heading)
    if not last or last.startswith("^"):
        return ""
    toc = _registered(md.treeprocessors, "toc")
    slugify: Callable[[str, str], str] = getattr(toc, "slugify", toc_slugify)
    return slugify(last, getattr(toc, "sep", "-"))


def _stripped_lines(path: str, markdown: str) -> int:
    """Lines before the Markdown the generator converts (the frontmatter it took off)."""
    try:
        with open(path, encoding="utf-8-sig") as stream:
            source = stream.read()
    except (OSError, UnicodeDecodeError):
        return 0
    if not source.endswith(markdown):
        return 0
    return source.count("\n", 0, len(source) - len(markdown))


def _registered(registry: Any, name: str) -> Any:
    """A processor Markdown registered by name, or None (its Registry has no ``get``)."""
    return registry[name] if name in registry else None  # noqa: SIM401


def _current_page(md: Markdown) -> tuple[str | None, str | None]:
    """(docs-relative file of the page being rendered, docs folder when known).

    MkDocs' ``relpath`` treeprocessor holds the page's file; Zensical's rendering context holds
    the page and its configuration. Both are read by duck typing: neither is imported.
    """
    if "relpath" in md.treeprocessors:
        file = getattr(md.treeprocessors["relpath"], "file", None)
        src = getattr(file, "src_uri", None)
        config = getattr(md.treeprocessors["relpath"], "config", None)
        docs_dir = config.get("docs_dir") if isinstance(config, Mapping) else None
        if isinstance(src, str):
            return src, docs_dir if isinstance(docs_dir, str) else None
    if "rendering_context" in md.preprocessors:
        context = md.preprocessors["rendering_context"]
        path = getattr(getattr(context, "page", None), "path", None)
        config = getattr(context, "config", None)
        docs_dir = config.get("docs_dir") if isinstance(config, Mapping) else None
        if isinstance(path, str):
            return path.replace(os.sep, "/"), str(docs_dir) if docs_dir else None
    return None, None


def makeExtension(**kwargs: Any) -> WikilinksExtension:
    return WikilinksExtension(**kwargs)


def check_texts(
    links: BodyLinks,
    sources: Mapping[str, str],
    extensions: Sequence[object] = (),
    configs: Mapping[str, Any] | None = None,
) -> list[Diagnostic]:
    """The broken body links of every page, read as a build reads them (for ``lint``).

    Markdown's own fenced code and tables stand for the site's extensions: what they protect
    (code) is what matters to links; of the site's ``extensions``, those in
    :data:`READ_AS_THE_SITE` run too, where they are installed.
    """
    extension = WikilinksExtension()
    extension.links = links
    extension.reports = False
    extra = [
        name
        for name in read_as_the_site([str(e) for e in extensions])
        if "." not in name  # one of Markdown's own
        or importlib.util.find_spec(name.split(".")[0]) is not None
    ]
    settings = {name: dict((configs or {}).get(name) or {}) for name in extra}
    try:
        md = Markdown(
            extensions=["fenced_code", "tables", *extra, extension], extension_configs=settings
        )
    except Exception:
        # A setting the installed extension refuses (each raises its own kind): the build
        # says so; the lint reads the text without it.
        md = Markdown(extensions=["fenced_code", "tables", extension])
    found: list[Diagnostic] = []
    for file in sorted(sources):
        try:
            with open(sources[file], encoding="utf-8-sig") as stream:
                text = stream.read()
        except (OSError, UnicodeDecodeError):
            continue  # the frontmatter's reader has reported it
        body, shift = _body(text)
        if "[[" not in body:
            continue
        extension.page_file = file
        md.reset().convert(body)
        broken = extension.pages.pop(file, PageLinks()).broken
        found += [replace(d, line=d.line + shift) for d in broken]
    return found


#: What MkDocs takes off a page before converting it (its ``utils.meta``): a YAML block
#: between ``---`` lines, followed by a line break, that loads as a mapping (any other block
#: stays text, links and all); without such a block, leading ``key: value`` lines
#: (MultiMarkdown metadata, with their indented continuations) up to a blank line.
_YAML_BLOCK = re.compile(r"-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
_META_LINE = re.compile(r"[ ]{0,3}[A-Za-z0-9_-]+:")
_META_MORE = re.compile(r"[ ]{4}|\t")
#: A block whose first line is a plain key at the margin is a mapping, or YAML that fails,
#: which the frontmatter's reader reports: only another block is loaded to know.
_KEY_FIRST = re.compile(r"(?:[ \t]*(?:#[^\n]*)?\n)*[^\s\-?:,\[\]{}#&*!|>'\"%@`][^\n]*?:[ \t\n]")


def _body(text: str) -> tuple[str, int]:
    """The text MkDocs converts (its metadata taken off), and the lines taken off."""
    text = text.replace("\r\n", "\n")
    match = _YAML_BLOCK.match(text)
    if match is not None:
        if not (_KEY_FIRST.match(match.group(1)) or _a_mapping(match.group(1))):
            return text, 0
        body = text[match.end() :].lstrip("\n")
        return body, text.count("\n", 0, len(text) - len(body))
    lines = text.split("\n")
    taken, keyed = 0, False
    for line in lines:
        taken += 1
        if not line.strip():
            break
        if _META_LINE.match(line):
            keyed = True
        elif not (keyed and _META_MORE.match(line)):
            taken -= 1
            break
    return "\n".join(lines[taken:]), taken


def _a_mapping(block: str) -> bool:
    try:
        return isinstance(yaml.load(block, Loader=Loader), dict)
    except Exception:  # whatever YAML refuses, MkDocs keeps as text
        return False
