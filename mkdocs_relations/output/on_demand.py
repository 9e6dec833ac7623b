"""A page's panel data that is built the first time a template reads it.

With nothing of the plugin's written on a page (``placement: off``, no path finder, trail
or "Mentioned in"), the panel's data is in the page context only for a theme override that
may never read it, such as a sidebar on some pages; building it anyway was about half of
what the plugin costs a page on a lint-only site.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .panel import Panel


class PanelOnDemand:
    """Stands for a :class:`~.panel.Panel` in a template context: any attribute read builds
    the panel (once) and reads it there, so ``relations.groups`` reads as before."""

    __slots__ = ("_build", "_panel")

    def __init__(self, build: Callable[[], Panel | None]) -> None:
        """``build`` makes the panel; it is called at most once, and must make one."""
        self._build = build
        self._panel: Panel | None = None

    @property
    def panel(self) -> Panel:
        """The panel, built now if no template has read it yet."""
        if self._panel is None:
            built = self._build()
            if built is None:  # only pages that have a panel get one of these
                raise RuntimeError("a page's panel data was asked for, and the page has none")
            self._panel = built
        return self._panel

    def __getattr__(self, name: str) -> Any:
        # Called only for names this object lacks. A panel's fields are public; a private or
        # special name (``copy`` asks a new, empty instance for ``__setstate__``) is not
        # the panel's to answer, and asking for it would loop while the slots are empty.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.panel, name)

    def __repr__(self) -> str:
        return f"PanelOnDemand({'built' if self._panel is not None else 'not built'})"
