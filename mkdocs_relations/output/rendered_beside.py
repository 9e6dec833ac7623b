"""Pages' additions rendered in a second process, beside MkDocs' own work on the pages.

Once every page has been read (``on_env``), what the plugin adds to each page depends on
nothing MkDocs does later, while MkDocs still has every page's template to render and write:
on a 2,000-page build with the navigation cut to the index, about 2.5 ms a page against the
plugin's 0.25 ms of panels and finder. MkDocs does that work on one core. Where a second one
is free, a process forked there renders the pages' additions in the order MkDocs asks for
them (the same code and data as in this process) and streams them through a pipe, and
MkDocs' process only reads each page's HTML.

The two processes share the pages: each claims a page before rendering it, in a byte per
page of memory both see. Where the child is behind (a dense graph's panels cost more than
MkDocs' pages), MkDocs' process renders the pages the child has not reached, and a page
after the one the child has in hand rather than wait for it; the child passes over whatever
was claimed here. A claim only spares work: two processes that claim one page at the same
moment both render it, and MkDocs' process takes the first copy it holds.

The output is the same bytes either way: the child runs the code this process would, on a
copy of the same objects. Whatever departs from the plan goes back to this process: a page
asked for out of order or at another URL, a page whose rendering fails (rendered again here,
so its error names the page), a child that ends early. Forked only where forking is safe and
pays: Linux (elsewhere a child starts empty, or from a copy Apple's frameworks forbid), a
process running one thread (a lock held by another thread would stay locked in the child),
a second core this process may use, and a site large enough that the fork costs little.

Long because it holds both sides of one exchange (the child's records and claims, and MkDocs'
process reading them and claiming pages), which are only read right against each other.
"""

from __future__ import annotations

import contextlib
import gc
import mmap
import os
import select
import signal
import struct
import sys
import threading
from collections.abc import Callable, Sequence

from .page_additions import PageAdditions, Rendered
from .rendered_ahead import RenderedAhead

#: Fewer pages than this are rendered here: forking a process costs a few milliseconds.
MIN_PAGES = 100

#: Each page's record: its number in the build's order, what it holds, the lengths of the
#: HTML before and after the content (UTF-8) that follow it.
_HEADER = struct.Struct("<IBII")
#: What a record holds: additions without a panel (perhaps none), with a panel, a page
#: whose rendering failed in the child; or, numbered after the last page, the site's files
#: the child made once its pages were done (each: name and data lengths, name, data).
_PLAIN, _PANEL, _FAILED, _FILES = range(4)
_FILE = struct.Struct("<II")
#: A pipe of a megabyte (Linux's default is 64 KB, about ten pages): the child can run well
#: ahead of MkDocs instead of waiting on every page MkDocs takes longer with.
_PIPE_SIZE = 1 << 20
#: A page's claim: nobody's yet, the child's, MkDocs' process's.
_FREE, _CHILD, _HERE = 0, 1, 2

#: A record as read: its kind, and its two parts of HTML (UTF-8).
_Record = tuple[int, bytes, bytes]


def may_fork(pages: int) -> bool:
    """Whether a build of ``pages`` pages renders them in a second process."""
    if pages < MIN_PAGES or not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return False
    if threading.active_count() != 1:  # mkdocs serve: its server runs in another thread
        return False
    try:
        return len(os.sched_getaffinity(0)) >= 2
    except (AttributeError, OSError):
        return False


class RenderedBeside:
    """Hands out each page's :class:`Rendered`: read from the child that renders them, or
    rendered here where the child has not reached the page or does not answer."""

    def __init__(
        self, here: RenderedAhead, files: Callable[[], dict[str, bytes]] | None = None
    ) -> None:
        """``here``: the pages' additions rendered in this process, in the build's order,
        for pages asked for out of order; the child renders with a copy of its additions.
        ``files``: what makes the site's files (the graph files), made by the child once
        its pages are done, or here where it has not begun them (:meth:`files`)."""
        self.here = here
        self._files = files
        self.additions: PageAdditions = here.additions
        self.order: Sequence[tuple[str, str]] = here.order
        self.mentioned_by = here.mentioned_by
        self._index = {page_id: number for number, (page_id, _) in enumerate(self.order)}
        self._next = 0
        self._child: int | None = None
        self._fd: int | None = None
        self._claims: mmap.mmap | None = None
        #: Records received and not yet asked for, by page number; the start of the next one.
        self._records: dict[int, _Record] = {}
        self._partial = b""
        #: Pages rendered here ahead of their turn, while the child had the one asked for.
        self._mine: dict[int, Rendered] = {}
        self._ahead = 0
        #: Pages of the build's order rendered here (the rest came from the child).
        self.rendered_here = 0

    def start(self) -> bool:
        """Fork the child; False (and nothing started) where that fails."""
        # Shared, and zeroed (all _FREE): a byte a page, and one for the files after them.
        claims = mmap.mmap(-1, len(self.order) + 1)
        read, write = os.pipe()
        try:
            import fcntl

            fcntl.fcntl(write, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)
        except (ImportError, AttributeError, OSError):
            pass  # a smaller pipe only keeps the child closer behind MkDocs
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            claims.close()
            return False
        if pid == 0:  # pragma: no cover  (the child: measured by the output it sends)
            code = 1
            try:
                os.close(read)
                self._render_all(write, claims)
                code = 0
            finally:
                # Never back into MkDocs: the child's work ends here, whatever happened.
                os._exit(code)
        os.close(write)
        os.set_blocking(read, False)
        self._child, self._fd, self._claims = pid, read, claims
        return True

    def _render_all(self, fd: int, claims: mmap.mmap) -> None:
        """In the child: the record of every page not claimed here, in the build's order."""
        gc.disable()  # a process that lives for one pass over the pages: nothing to collect
        render, mentioned_by = self.additions.render, self.mentioned_by
        # One page at a time: runs (RenderedAhead) keep the caches warm between MkDocs'
        # pages, and the child renders nothing else (measured: 0.35 against 0.40 ms a page).
        with os.fdopen(fd, "wb", buffering=1 << 16) as out:
            for number, (page_id, url) in enumerate(self.order):
                if claims[number] == _HERE:
                    continue
                claims[number] = _CHILD
                try:
                    shown = render(page_id, url, mentioned_by(page_id))
                except Exception:
                    out.write(_HEADER.pack(number, _FAILED, 0, 0))
                    continue
                top, bottom = shown.top.encode(), shown.bottom.encode()
                kind = _PLAIN if shown.panel is None else _PANEL
                out.write(_HEADER.pack(number, kind, len(top), len(bottom)))
                out.write(top)
                out.write(bottom)
                out.flush()  # MkDocs may be waiting for this very page
            last = len(self.order)
            if self._files is not None and claims[last] == _FREE:
                claims[last] = _CHILD
                try:
                    made = self._files()
                except Exception:
                    out.write(_HEADER.pack(last, _FAILED, 0, 0))  # made again, and failing, here
                    return
                packed = b"".join(
                    _FILE.pack(len(name.encode()), len(data)) + name.encode() + data
                    for name, data in made.items()
                )
                out.write(_HEADER.pack(last, _FILES, len(packed), 0))
                out.write(packed)

    def get(self, page_id: str, page_url: str) -> Rendered:
        """What ``page_id`` gets: the child's record of it, or rendered here."""
        number = self._index.get(page_id)
        if number is None or number < self._next:
            # Asked for again, or before its turn: the plan is off, so is the child.
            self.close()
            return self.here.get(page_id, page_url)
        self._next = number + 1
        found = self._mine.pop(number, None) if self._mine else None
        if found is None:
            found = self._take(number, page_id)
        if self.order[number][1] != page_url:
            # Rendered at the URL now asked for (a plugin moved the page).
            return self.additions.render(page_id, page_url, self.mentioned_by(page_id))
        return found

    def _take(self, number: int, page_id: str) -> Rendered:
        """The page's record, once it comes; rendered here where the child has not claimed
        the page (or cannot send it)."""
        while True:
            record = self._received(number)
            if record is not None:
                answered = self._answer(page_id, number, *record)
                if answered is not None:
                    return answered
                return self._render_here(number)
            claims = self._claims
            if self._fd is None or claims is None or claims[number] != _CHILD:
                if claims is not None:
                    claims[number] = _HERE
                return self._render_here(number)
            # The child has this page in hand: render one after it meanwhile.
            ahead = self._free_after(number)
            if ahead is None:
                self._receive(number, wait=True)
            else:
                claims[ahead] = _HERE
                # One that fails is rendered again in its turn, so its error names it.
                with contextlib.suppress(Exception):
                    self._mine[ahead] = self._render_here(ahead)

    def files(self) -> dict[str, bytes] | None:
        """The site's files as the child made them, once it has (waiting while it makes
        them); None where they are to be made here: the child had not begun them (it is
        still rendering pages, or has ended), or failed to make them."""
        last = len(self.order)
        while self._fd is not None and self._claims is not None:
            record = self._received(last)
            if record is not None:
                kind, packed, _ = record
                return _unpack_files(packed) if kind == _FILES else None
            claims = self._claims
            if claims is None:  # the child has ended
                return None
            if claims[last] != _CHILD:
                claims[last] = _HERE
                return None
            self._receive(last, wait=True)
        return None

    def _received(self, number: int) -> _Record | None:
        """Record ``number`` if the child has sent it (read without waiting)."""
        record = self._records.pop(number, None)
        if record is None and self._fd is not None:
            self._receive(number, wait=False)
            record = self._records.pop(number, None)
        return record

    def _render_here(self, number: int) -> Rendered:
        self.rendered_here += 1
        page_id, url = self.order[number]
        return self.additions.render(page_id, url, self.mentioned_by(page_id))

    def _free_after(self, number: int) -> int | None:
        """The first page after ``number`` nobody has claimed, if any."""
        claims = self._claims
        assert claims is not None
        found = claims.find(b"\0", max(self._ahead, number + 1), len(self.order))
        if found < 0:
            return None
        self._ahead = found + 1
        return found

    def _answer(
        self, page_id: str, number: int, kind: int, top: bytes, bottom: bytes
    ) -> Rendered | None:
        if kind == _FAILED:
            return None  # rendered here, so that the error names its page
        try:
            top_text, bottom_text = top.decode(), bottom.decode()
        except UnicodeDecodeError:
            return None
        # The child found the page has a panel: not worked out again on MkDocs' core.
        url = self.order[number][1]
        panel = self.additions.on_demand(page_id, url, known=True) if kind == _PANEL else None
        return Rendered(top_text, bottom_text, panel)

    def _receive(self, number: int, *, wait: bool) -> None:
        """Read what the child has sent (waiting for something, with ``wait``), keeping the
        records of page ``number`` and after; the child's end closes the stream."""
        fd = self._fd
        assert fd is not None
        if wait:
            select.select([fd], [], [])
        try:
            chunk = os.read(fd, _PIPE_SIZE)
        except BlockingIOError:
            return
        if not chunk:
            self.close()  # the child has ended: whatever it did not send is rendered here
            return
        data = self._partial + chunk if self._partial else chunk
        size, end, pos = _HEADER.size, len(data), 0
        records = self._records
        while end - pos >= size:
            page, kind, top, bottom = _HEADER.unpack_from(data, pos)
            start = pos + size
            stop = start + top + bottom
            if stop > end:
                break
            if kind > _FILES:
                self.close()  # not a record of ours: trust nothing more from the stream
                return
            if page >= number:
                records[page] = (kind, data[start : start + top], data[start + top : stop])
            pos = stop
        self._partial = data[pos:]

    def close(self) -> None:
        """Stop the child (if it still runs) and collect it; later pages are rendered here.
        Called at the build's end too: the child has then sent its last page, or renders
        one that was rendered here as well."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)
        self._records.clear()
        self._partial = b""
        if self._claims is not None:
            self._claims.close()
            self._claims = None
        pid, self._child = self._child, None
        if pid is not None:
            try:
                if os.waitpid(pid, os.WNOHANG) == (0, 0):
                    os.kill(pid, signal.SIGKILL)  # its work is of no more use
                    os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass


def _unpack_files(packed: bytes) -> dict[str, bytes]:
    files = {}
    pos = 0
    while pos < len(packed):
        name_size, data_size = _FILE.unpack_from(packed, pos)
        pos += _FILE.size
        name = packed[pos : pos + name_size].decode()
        pos += name_size
        files[name] = packed[pos : pos + data_size]
        pos += data_size
    return files
