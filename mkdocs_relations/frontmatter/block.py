"""Reads the YAML frontmatter block of a Markdown file, and nothing past its closing fence.

The block is composed into PyYAML nodes (with the C parser when it is available) rather than
loaded into plain Python objects, because the nodes keep what the rules need: the line of
every key, the text exactly as written (``NO`` rather than ``False``), and duplicate keys that
a plain load would silently drop.

Long because it reads the block as MkDocs does and tells each way a block breaks (its fences,
encoding, line ends, YAML errors) at its line, with the fix for the common ones.
"""

from __future__ import annotations

import io
import os
import re
import stat
from dataclasses import dataclass, field
from typing import IO, Any, BinaryIO

import yaml
from yaml.nodes import MappingNode, Node, SequenceNode

from ..model.diagnostics import Diagnostic, clip
from .nodes import contains, describe, merged_items, repeated_keys
from .safe_load import loaded
from .safe_loader import Loader
from .unbuildable import problems

#: Frontmatter larger than this is not parsed: a real block is a few kilobytes, and a huge one
#: is either a missing closing fence or an attempt to make the build slow.
MAX_FRONTMATTER_BYTES = 1_000_000
_OPENING = re.compile(rb"---[ \t]*(?:\r\n|\r|\n|$)")
_FENCE = re.compile(rb"^(?:---|\.\.\.)[ \t]*$", re.M)
#: Most frontmatter blocks fit in the first read.
_CHUNK = 8192
_EXTRA_BREAKS = re.compile("[\x85\u2028\u2029]")
_YAML_BREAKS = re.compile("[\n\x85\u2028\u2029]")
#: ``related: [[a]], [[b]]``: links in a row, unquoted, which YAML cannot read.
_LINK = re.compile(r"\[\[[^\[\]]*\]\]")
_LINKS_IN_A_ROW = re.compile(r"[^:\s][^:]*:\s*\[\[[^\[\]]*\]\](\s*,\s*\[\[[^\[\]]*\]\])+")
_BOM = b"\xef\xbb\xbf"


@dataclass
class Frontmatter:
    """The frontmatter of one file: its root mapping node, and problems found reading it."""

    file: str
    #: File line (1-based) of the first line of YAML text, just below the opening fence.
    first_line: int = 2
    #: File line of each YAML line, where they differ: YAML also breaks lines at NEL, U+2028
    #: and U+2029, which editors show inside one line.
    line_map: list[int] | None = None
    root: MappingNode | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: key -> (key node, value node) for the top-level keys as YAML reads them: the last one
    #: wins, and keys merged with ``<<`` count.
    keys: dict[str, tuple[Node, Node]] = field(default_factory=dict)
    #: ids of the nodes YAML's safe loader cannot build (each already reported).
    bad: set[int] = field(default_factory=set)
    #: What the safe loader builds from ``root``, where :func:`.safe_load.loaded` builds it.
    data: dict[str, Any] | None = None

    def line(self, node: Node) -> int:
        """The file line of a node."""
        return self.yaml_line(int(node.start_mark.line))

    def yaml_line(self, index: int) -> int:
        """The file line of a 0-based line of the YAML text."""
        if self.line_map is None:
            return index + self.first_line
        if index < len(self.line_map):
            return self.line_map[index]
        return self.line_map[-1] + 1 if self.line_map else self.first_line

    def get(self, key: str) -> Node | None:
        """The value of a top-level key; None when absent or already reported as unbuildable."""
        pair = self.keys.get(key)
        if pair is None or id(pair[1]) in self.bad:
            return None
        return pair[1]

    def spoiled(self, node: Node) -> bool:
        """Whether a value holds a node already reported as unbuildable (so say nothing more)."""
        return contains(node, self.bad)

    def key_line(self, key: str) -> int:
        pair = self.keys.get(key)
        return self.line(pair[0]) if pair else 1

    def error(self, line: int, code: str, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.file, line, code, message))


def read_frontmatter(path: str, file: str) -> Frontmatter:
    """Read the frontmatter of the file at ``path``; ``file`` is the name used in diagnostics."""
    return read_frontmatter_text(path, file)[0]


def read_frontmatter_text(path: str, file: str) -> tuple[Frontmatter, str | None]:
    """:func:`read_frontmatter`, and the YAML text it parsed (None where it parsed none): two
    reads of one file with the same text found the same frontmatter."""
    result, text = read_unparsed(path, file)
    if text is not None:
        parse_into(text, result)
    return result, text


def read_unparsed(path: str, file: str) -> tuple[Frontmatter, str | None]:
    """The YAML text of the file's frontmatter, not parsed yet (None where there is none to
    parse), and a Frontmatter holding what reading it found: :func:`parse_into` completes it."""
    result = Frontmatter(file)
    try:
        stream = open_regular(path)
        if stream is None:
            result.error(
                1,
                "invalid-frontmatter",
                "this page is not a regular file (a named pipe or a device, itself or where its "
                "link leads), so it is not read; replace it with a Markdown file",
            )
            return result, None
        with stream:
            return result, _read_block(stream, result)
    except OSError as exc:
        result.error(1, "invalid-frontmatter", f"cannot read the file: {exc.strerror or exc}")
        return result, None


def read_unparsed_bytes(data: bytes, file: str) -> tuple[Frontmatter, str | None]:
    """:func:`read_unparsed` of a file's bytes already in memory (a revision's blob)."""
    result = Frontmatter(file)
    return result, _read_block(io.BytesIO(data), result)


def open_regular(path: str, follow: bool = True) -> BinaryIO | None:
    """The file at ``path`` open for reading if it is a regular file; None if it is anything
    else (a named pipe, whose opening would wait for a writer; a device such as /dev/zero,
    which never ends), or, without ``follow``, a link. OSError when it cannot be opened."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(path, flags)
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        return None
    return open(descriptor, "rb")


def _read_block(stream: IO[bytes], result: Frontmatter) -> str | None:
    """The YAML text between the fences, or None when the file has no usable frontmatter.

    Reads in chunks and searches the fence with one regular expression: a Python loop over
    lines cost a third of the time of reading a wiki.
    """
    data = stream.read(_CHUNK)
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    opening = _OPENING.match(data)
    if opening is None:
        return None
    cap = MAX_FRONTMATTER_BYTES + _CHUNK
    while True:
        # Old Mac files break lines with CR alone: count every line ending as one LF.
        normal = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data
        start = normal.index(b"\n") + 1 if b"\n" in normal else len(normal)
        fence = _FENCE.search(normal, start) if start < len(normal) else None
        if fence is not None and fence.end() == len(normal):
            # A fence at the end of what was read: the line may go on in the next chunk.
            more = stream.read(_CHUNK)
            if more:
                data += more
                continue
            result.error(
                normal.count(b"\n", 0, fence.start()) + 1,
                "invalid-frontmatter",
                "this closing fence is the file's last line and has no line break after it, so "
                "MkDocs does not read the block as frontmatter (it shows it as page text); end "
                "the file with a line break",
            )
            return None
        if fence is not None or len(data) >= cap:
            break
        more = stream.read(len(data))
        if not more:
            break
        data += more
    if fence is None or fence.start() - start > MAX_FRONTMATTER_BYTES:
        if len(data) >= cap or (fence is not None):
            result.error(
                1,
                "invalid-frontmatter",
                f"frontmatter is larger than {MAX_FRONTMATTER_BYTES // 1_000_000} MB and was not "
                "read; check that its closing '---' fence is in place",
            )
        else:
            result.error(
                1,
                "invalid-frontmatter",
                "the frontmatter opened on line 1 is never closed; add a line with '---' after "
                "the last frontmatter key",
            )
        return None
    block = normal[start : fence.start()]
    try:
        text = block.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = block.rfind(b"\n", 0, exc.start) + 1
        result.error(
            block.count(b"\n", 0, exc.start) + 2,
            "invalid-frontmatter",
            f"byte 0x{block[exc.start]:02x} at column {exc.start - line_start + 1} is not valid "
            "UTF-8; save the file as UTF-8",
        )
        return None
    if _EXTRA_BREAKS.search(text):
        result.line_map = [
            number
            for number, content in enumerate(text.split("\n")[:-1], start=2)
            for _ in range(1 + len(_EXTRA_BREAKS.findall(content)))
        ]
    return text


def parse_into(text: str, result: Frontmatter) -> None:
    """Parse the YAML text :func:`read_unparsed` found into ``result``."""
    if not text.strip():
        return
    loader = Loader(text)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = result.yaml_line(int(mark.line)) if mark else 1
        problem = exc.problem or exc.context or "syntax error"
        hint = "fix the YAML syntax"
        lines = _YAML_BREAKS.split(text) if mark is not None else []
        written = lines[mark.line] if mark is not None and 0 <= mark.line < len(lines) else ""
        if mark is not None and "\t" in written[: int(mark.column) + 1]:
            hint = "YAML does not allow tabs for indentation; indent with spaces"
        elif "mapping values are not allowed" in problem and ": " in written.strip():
            # `title: ADR 1: Use Postgres`: the second ': ' starts a mapping inside a value.
            key, _, value = written.strip().partition(": ")
            quoted = value.replace("\\", "\\\\").replace('"', '\\"')
            hint = f'a value with ": " in it must be quoted: {key}: "{quoted}"'
        elif _LINKS_IN_A_ROW.fullmatch(written.strip()):
            key, _, value = written.strip().partition(":")
            links = ", ".join(f'"{link}"' for link in _LINK.findall(value))
            hint = f"several links in one value are a list of quoted links: {key}: [{links}]"
        column = f" (column {mark.column + 1})" if mark else ""
        result.error(
            line, "invalid-frontmatter", f"frontmatter is not valid YAML: {problem}{column}; {hint}"
        )
        return
    except yaml.YAMLError as exc:
        # ReaderError (control characters such as NUL) carries a character offset, not a mark.
        position = getattr(exc, "position", 0) or 0
        line = result.yaml_line(len(_YAML_BREAKS.findall(text, 0, position)))
        reason = getattr(exc, "reason", None) or str(exc).splitlines()[0]
        result.error(
            line,
            "invalid-frontmatter",
            f"frontmatter is not valid YAML: {reason}; remove the character",
        )
        return
    except RecursionError:
        # Only PyYAML's pure-Python parser recurses per nesting level; libyaml stops at 1,000.
        result.error(
            1,
            "invalid-frontmatter",
            "frontmatter nests lists or mappings too deep to parse; flatten it",
        )
        return
    finally:
        loader.dispose()
    if root is None:
        return
    if not isinstance(root, MappingNode):
        # MkDocs only takes a mapping as metadata; anything else between two '---' lines is
        # page text to it (`---` / `Some intro` / `---` renders as text between rules). A list
        # of mappings is data nobody writes as prose, so that one is reported.
        if isinstance(root, SequenceNode) and any(
            isinstance(item, MappingNode) for item in root.value
        ):
            result.error(
                result.line(root),
                "invalid-frontmatter",
                f"frontmatter must be a mapping of keys to values, not {describe(root)}; MkDocs "
                "shows this block as page text",
            )
        return
    result.root = root
    result.data = loaded(root)
    if result.data is None:  # the safe loader refuses something, or builds it differently
        for found in problems(root):
            result.bad.add(id(found.node))
            result.error(result.line(found.node), "invalid-frontmatter", found.message)
    for key, before, again in repeated_keys(root):
        line = result.line(again)
        result.error(
            line,
            "invalid-frontmatter",
            f"key {clip(key)!r} appears twice (lines {result.line(before)} and {line}); YAML "
            "keeps only the last one, so merge them into one",
        )
    result.keys = merged_items(root)
