"""What a build tells its author about the wiki: every diagnostic as a line at its level, and
the one message that stops the build when any is an error.

Plain, so the adaptor only logs the lines (through MkDocs' plugin logger, which ``--strict``
counts) and raises the message. Under ``mkdocs serve`` nothing stops: the errors are kept for
a banner on every page, and told at the info level, since ``strict`` would otherwise stop the
rebuild on them and leave the preview on the last good build.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..model.diagnostics import Diagnostic, apply_severity, display_path, summary
from .pipeline import Wiki

#: Told after the summary of what stops the build, by where the problems are.
WIKI = "; the build stops so broken edges do not reach the site"
WIKILINKS = " in [[wikilinks]] of page text; the build stops"
BLOCKS = " in relations blocks; the build stops"
_LISTED = " (each one is listed above with its file and line)"

#: Logs one line: (level, text), the level one of "error", "warning", "info".
Say = Callable[[str, str], None]


class Report:
    """The diagnostics of one build, told as they are found."""

    def __init__(
        self,
        prefix: str,
        say: Say,
        *,
        severity: dict[str, str] | None = None,
        fail: bool = True,
        serving: bool = False,
    ) -> None:
        """``prefix``: the docs folder as the author sees it, before each file."""
        self.prefix = prefix
        self.say = say
        self.severity = severity or {}
        self.fail = fail
        self.serving = serving
        #: Under ``serve``: each error that would have stopped the build, as told.
        self.problems: list[str] = []

    def wiki(self, wiki: Wiki) -> str | None:
        """Tell the wiki's diagnostics; the message that stops the build, if it stops."""
        for level, line in wiki.grouped():
            if self.serving and level == "error":
                level = "info"
            self.say(level if level in ("error", "warning") else "info", line)
        return self._told(wiki.diagnostics, WIKI)

    def found(self, diagnostics: Iterable[Diagnostic], where: str) -> str | None:
        """Tell diagnostics found while pages were read (``where``: :data:`BLOCKS` or
        :data:`WIKILINKS`), at the severity the options give."""
        return self._told(apply_severity(list(diagnostics), self.severity), where)

    def text_too(self, wiki: Wiki, diagnostics: Iterable[Diagnostic]) -> str | None:
        """Tell the page text's diagnostics when the wiki already stops the build; the
        message that stops it counts both, as the lines above it and lint's count do."""
        text = apply_severity(list(diagnostics), self.severity)
        return self._told(text, WIKI, counted=wiki.diagnostics)

    def _told(
        self, diagnostics: list[Diagnostic], where: str, counted: list[Diagnostic] | None = None
    ) -> str | None:
        """Tell ``diagnostics``; the stop message counts ``counted`` (told before) with them."""
        every = [*(counted or []), *diagnostics]
        stops = self.fail and any(d.severity == "error" for d in every)
        for diagnostic in diagnostics:
            shown = diagnostic.format(display_path(self.prefix, diagnostic.file))
            level = diagnostic.severity
            if stops and self.serving and level == "error":
                self.problems.append(shown)
                level = "info"
            self.say(level if level in ("error", "warning") else "info", shown)
        if not stops or self.serving:
            return None
        return f"relations: {summary(every)}{where}{_LISTED}"
