"""Python's cyclic garbage collector during a build: paused while the wiki is read, and kept
off what every build holds to its end.

The plugin allocates the graph, and MkDocs every page, at the start of a build; both live
until it ends and hold no reference cycles worth collecting. Each full collection walks them
again: on a 2,000-page build the collector's time doubled with the plugin, with no more
garbage to find. Freezing what exists once the pages are read (``gc.freeze``) takes it out
of later collections; the build's end (or its failure, or the next build of ``mkdocs serve``)
puts it back, so nothing is kept from the collector longer than one build.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No collection inside: for work that allocates many long-lived objects at once."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def keep_out() -> None:
    """Leave every object that exists now out of later collections, until :func:`release`."""
    gc.freeze()


def release() -> None:
    """Return what :func:`keep_out` left out to the collector (harmless when nothing was)."""
    gc.unfreeze()
