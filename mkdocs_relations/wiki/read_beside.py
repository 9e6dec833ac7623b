"""The wiki read in a process forked beside MkDocs, while MkDocs reads and converts the pages.

Reading every page's frontmatter, resolving and linting is most of what the plugin costs
MkDocs' own process on a site whose pages build fast (0.28 to 0.36 s of a 3.6 s build of
2,000 pages). Nothing MkDocs does until ``on_env`` needs the graph, unless a page holds a
relations block, so a child forked in ``on_files`` reads it on the second core and leaves
the result, pickled, in an unnamed temporary file; MkDocs' process loads it (in 0.05 to
0.1 s) as soon as the child is done, so that the pages MkDocs reads after that are handed
their text, or when it first needs it. Where the child failed, or was killed, MkDocs'
process reads the wiki itself and meets the same error, so what the build reports never
depends on the child.
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import tempfile
from collections.abc import Callable
from typing import IO, Generic, TypeVar

T = TypeVar("T")


class ReadBeside(Generic[T]):
    """``read()`` run in a forked child; its result, once there, in this process."""

    def __init__(self, read: Callable[[], T]) -> None:
        self.read = read
        self._child: int | None = None
        self._file: IO[bytes] | None = None
        #: The child's exit status, once it has ended.
        self._status: int | None = None

    def start(self) -> bool:
        """Fork the child; False (and nothing started) where that fails."""
        try:
            file = tempfile.TemporaryFile()  # noqa: SIM115  (kept open until result)
        except OSError:
            return False
        try:
            pid = os.fork()
        except OSError:
            file.close()
            return False
        if pid == 0:  # pragma: no cover  (the child: measured by the result it leaves)
            code = 1
            try:
                gc.disable()  # a process that lives for one read: nothing to collect
                pickle.dump(self.read(), file, protocol=pickle.HIGHEST_PROTOCOL)
                file.flush()
                code = 0
            finally:
                # Never back into MkDocs: the child's work ends here, whatever happened.
                os._exit(code)
        self._child, self._file = pid, file
        return True

    def done(self) -> bool:
        """Whether the child has ended (so :meth:`result` does not wait); never waits."""
        if self._status is None and self._child is not None:
            try:
                pid, status = os.waitpid(self._child, os.WNOHANG)
            except ChildProcessError:
                pid, status = self._child, -1
            if pid != 0:
                self._status = status
        return self._status is not None

    def result(self) -> T | None:
        """What the child read (waiting for it to end); None where it failed or was stopped:
        then the caller reads in this process."""
        pid, file, status = self._child, self._file, self._status
        self._child = self._file = None
        if pid is None or file is None:
            return None
        if status is None:
            try:
                _, status = os.waitpid(pid, 0)
            except ChildProcessError:
                status = -1
        try:
            if status != 0:
                return None
            file.seek(0)
            try:
                found: T = pickle.load(file)
            except Exception:  # a file cut short (no space left): read here instead
                return None
            return found
        finally:
            file.close()

    def close(self) -> None:
        """Stop the child if it still runs (a build that failed, or the next one)."""
        pid, file = self._child, self._file
        self._child = self._file = None
        if file is not None:
            file.close()
        if pid is not None and self._status is None:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
