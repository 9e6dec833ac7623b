"""Pages' additions rendered in a second process, beside MkDocs' own work on the pages.

Once every page has been read (``on_env``), what the plugin adds to each page depends on
nothing MkDocs does later, while MkDocs still has every page's template to render and write:
on a 2,000-page build with the navigation cut to the index, about 2.5 ms a page against the
plugin's 0.25 ms of panels and finder. MkDocs does that work on one core. Where a second one
is free, a process forked there renders every page's additions in the order MkDocs asks for
them (:class:`~.rendered_ahead.RenderedAhead`, the same code and data as in this process)
and streams them through a pipe, and MkDocs' process only reads each page's HTML.

The output is the same bytes either way: the child runs the code this process would, on a
copy of the same objects. Whatever departs from the plan goes back to this process: a page
asked for out of order or at another URL, a page whose rendering fails (rendered again here,
so its error names the page), a child that ends early. Forked only where forking is safe and
pays: Linux (elsewhere a child starts empty, or from a copy Apple's frameworks forbid), a
process running one thread (a lock held by another thread would stay locked in the child),
a second core this process may use, and a site large enough that the fork costs little.
"""

from __future__ import annotations

import gc
import os
import signal
import struct
import sys
import threading
from typing import BinaryIO

from .page_additions import PageAdditions, Rendered
from .rendered_ahead import RenderedAhead

#: Fewer pages than this are rendered here: forking a process costs a few milliseconds.
MIN_PAGES = 100

#: Each page's record: its number in the build's order, what it holds, the lengths of the
#: HTML before and after the content (UTF-8) that follow it.
_HEADER = struct.Struct("<IBII")
#: What a record holds: additions without a panel (perhaps none), with a panel, or a page
#: whose rendering failed in the child.
_PLAIN, _PANEL, _FAILED = range(3)
#: A pipe of a megabyte (Linux's default is 64 KB, about ten pages): the child can run well
#: ahead of MkDocs instead of waiting on every page MkDocs takes longer with.
_PIPE_SIZE = 1 << 20


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
    """Hands out each page's :class:`Rendered`, read from the child that renders them; from
    :class:`RenderedAhead` in this process for whatever the child does not answer."""

    def __init__(self, here: RenderedAhead) -> None:
        """``here``: the pages' additions rendered in this process, in the build's order;
        the child renders them with a copy of it."""
        self.here = here
        self.additions: PageAdditions = here.additions
        self.order = here.order
        self.mentioned_by = here.mentioned_by
        self._index = {page_id: number for number, (page_id, _) in enumerate(self.order)}
        self._next = 0
        self._child: int | None = None
        self._stream: BinaryIO | None = None

    def start(self) -> bool:
        """Fork the child; False (and nothing started) where that fails."""
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
            return False
        if pid == 0:  # pragma: no cover  (the child: measured by the output it sends)
            code = 1
            try:
                os.close(read)
                self._render_all(write)
                code = 0
            finally:
                # Never back into MkDocs: the child's work ends here, whatever happened.
                os._exit(code)
        os.close(write)
        self._child = pid
        self._stream = os.fdopen(read, "rb")
        return True

    def _render_all(self, fd: int) -> None:
        """In the child: every page's record, in the build's order, until the pipe closes."""
        gc.disable()  # a process that lives for one pass over the pages: nothing to collect
        with os.fdopen(fd, "wb", buffering=1 << 16) as out:
            for number, (page_id, url) in enumerate(self.order):
                try:
                    shown = self.here.get(page_id, url)
                except Exception:
                    out.write(_HEADER.pack(number, _FAILED, 0, 0))
                    continue
                top, bottom = shown.top.encode(), shown.bottom.encode()
                kind = _PLAIN if shown.panel is None else _PANEL
                out.write(_HEADER.pack(number, kind, len(top), len(bottom)))
                out.write(top)
                out.write(bottom)
                out.flush()  # MkDocs may be waiting for this very page

    def get(self, page_id: str, page_url: str) -> Rendered:
        """What ``page_id`` gets: the child's record of it, or rendered here."""
        if self._stream is not None:
            number = self._index.get(page_id)
            record = None
            # Pages the build skips (nothing of ours on them, a dirty build) are passed over;
            # a page asked for again, or before its turn, is not in the stream.
            while number is not None and self._next <= number:
                record = self._read()
                if record is None:
                    break
                self._next += 1
            if record is None:
                self.close()  # out of order, or the child ended early
                return self.here.get(page_id, page_url)
            if self._next >= len(self.order):
                self._stream.close()  # every page read: the child ends by itself
                self._stream = None
            return self._answer(page_id, page_url, *record)
        return self.here.get(page_id, page_url)

    def _answer(self, page_id: str, page_url: str, kind: int, top: str, bottom: str) -> Rendered:
        if kind == _FAILED or self.order[self._next - 1][1] != page_url:
            # Rendered here, so that an error names its page (or at the URL now asked for).
            return self.additions.render(page_id, page_url, self.mentioned_by(page_id))
        # The child found the page has a panel: not worked out again on MkDocs' core.
        panel = self.additions.on_demand(page_id, page_url, known=True) if kind == _PANEL else None
        return Rendered(top, bottom, panel)

    def _read(self) -> tuple[int, str, str] | None:
        """The next record, or None when the child sent no (whole) record for that page."""
        assert self._stream is not None
        head = self._stream.read(_HEADER.size)
        if len(head) != _HEADER.size:
            return None
        number, kind, top_size, bottom_size = _HEADER.unpack(head)
        if number != self._next or kind > _FAILED:
            return None
        body = self._stream.read(top_size + bottom_size) if top_size + bottom_size else b""
        if len(body) != top_size + bottom_size:
            return None
        try:
            return kind, body[:top_size].decode(), body[top_size:].decode()
        except UnicodeDecodeError:
            return None

    def close(self) -> None:
        """Stop the child (if it still runs) and collect it; later pages are rendered here.
        Called at the build's end: a child that has sent every page has ended by then, and
        MkDocs' process does not wait while the system takes the child's memory back."""
        stream, self._stream = self._stream, None
        if stream is not None:
            stream.close()
        pid, self._child = self._child, None
        if pid is not None:
            try:
                if self._next < len(self.order):
                    os.kill(pid, signal.SIGKILL)  # its work is of no more use
                # else it has sent its last page and ends by itself (a profiler's count too)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
