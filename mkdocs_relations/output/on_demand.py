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


class PanelOnDemand(Panel):
    """A :class:`~.panel.Panel` whose fields are filled the first time one is read.

    A real panel, not a stand-in, so templates, hooks and other plugins see what an eagerly
    built one gives them: ``isinstance``, ``dataclasses.asdict``, ``copy``, ``pickle`` and
    setting a field all work as on a :class:`Panel`. A field set before the first read
    keeps the value it was given.
    """

    @classmethod
    def later(cls, build: Callable[..., Panel | None], page: str, *args: Any) -> PanelOnDemand:
        """A panel that ``build(*args)`` fills when first read; ``page`` names it in an error.

        One of these is made for every page of every build, and lives through the page's
        rendering: the arguments are kept in one tuple rather than bound in a closure, and
        set as an attribute, which makes no ``__dict__`` object until one is read."""
        data = cls.__new__(cls)
        object.__setattr__(data, "_build", (build, page, *args))
        return data

    def __getattr__(self, name: str) -> Any:
        # Called only for names the instance lacks: before the first read, every field. A
        # private or special name (``copy`` asks for ``__deepcopy__`` and ``__setstate__``)
        # is not a field, and must not start the build.
        pending = self.__dict__.get("_build")
        if pending is None or name.startswith("_"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        build, page, *args = pending
        try:
            built = build(*args)
        except Exception as exc:
            # Not an AttributeError, which a template would take for a missing field and
            # render as nothing: the build fails on this page, with the cause.
            raise RuntimeError(
                f"relations: the panel data of page {page!r} could not be built: {exc!r}"
            ) from exc
        if built is None:  # only pages that have a panel get one of these
            raise RuntimeError(f"relations: page {page!r} has no panel data to build")
        del self.__dict__["_build"]
        for key, value in vars(built).items():
            self.__dict__.setdefault(key, value)
        return getattr(self, name)

    def __getstate__(self) -> dict[str, Any]:
        """The fields, built first: what ``copy`` and ``pickle`` take (the builder is not)."""
        if "_build" in self.__dict__:
            self.__getattr__("groups")  # the name of any field: all are filled at once
        return dict(self.__dict__)
