"""Names a target cannot settle on one page, told before any target uses them.

- An alias another page answers first. A target is resolved by its page id, frontmatter id
  and file name before any alias (lookup.py), as Obsidian links ``[[payments]]`` to the
  file named ``payments`` whatever notes list the alias. An author who gives
  ``billing.md`` the alias ``payments`` beside a ``payments.md`` expects ``[[payments]]``
  to reach billing, and every such link goes to the other page without a word.
- One frontmatter ``id:`` on two pages, as a copied file keeps its id. A target naming it
  is ambiguous, and until one does, nothing says so.

Each is told at its line as an info: nothing is broken yet, and a wiki may mean it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from yaml.nodes import SequenceNode

from ..frontmatter.block import read_frontmatter
from ..frontmatter.nodes import plain_text
from ..model.diagnostics import Diagnostic, bounded, clip
from ..model.graph import Page
from ..model.targets import Target, TargetError, loose, parse_target
from .lookup import NEAREST_STEP, STEPS, Resolution, Resolver
from .resolution import resolve_written

#: The steps before an alias's own: a name found there never reaches an alias.
_BEFORE_ALIAS = frozenset((*STEPS[: STEPS.index("alias")], NEAREST_STEP))


def shadowed_aliases(
    pages: Iterable[Page], resolver: Resolver, sources: Mapping[str, str]
) -> list[Diagnostic]:
    """A ``shadowed-alias`` note for each alias a target would resolve to another page
    (``sources``: docs-relative file -> the path to read, for the alias's line)."""
    found = []
    for page in pages:
        told = []
        for alias in dict.fromkeys(page.aliases):
            target = _as_link(alias)
            if target is None or _own_name(target.path, page.id):
                continue  # no link names it, or it changes nothing: the name reaches no more
            there = _reached(target, resolver, page.id)
            if there.step not in _BEFORE_ALIAS or page.id in there.candidates:
                continue
            if there.page_id is not None:
                who = f"reaches the page {clip(there.page_id)!r} by its {there.step}"
            else:
                who = f"matches {len(there.candidates)} pages by their {there.step}"
            told.append((alias, who))
        if not told:
            continue
        lines = _lines(page.file, sources.get(page.file), "aliases")
        for alias, who in told:
            name = clip(alias)
            found.append(
                Diagnostic(
                    page.file,
                    lines.get(alias, lines.get("", 1)),
                    "shadowed-alias",
                    f"alias {name!r} never reaches this page: [[{name}]] {who}, and a target "
                    f"is matched that way before any alias; {_fix(page, alias, resolver)}",
                )
            )
    return found


def _own_name(path: str, page_id: str) -> bool:
    """Whether an alias naming ``path`` is the page's own file name, as Obsidian users list
    it (`runbook` for ops/runbook.md, in any case, `.md` or `#heading`): not this code's."""
    return "/" not in path and loose(path) == loose(page_id.rpartition("/")[2])


def _as_link(text: str) -> Target | None:
    """``[[text]]`` read as an edge's target is (`ledger.md` and `ledger#costs` name
    ledger); None when no link can be written with it."""
    try:
        return parse_target(f"[[{text}]]")
    except TargetError:
        return None


def _reached(target: Target, resolver: Resolver, source_id: str) -> Resolution:
    """Where a link to ``target`` goes, with the whole-name retry an edge gets: `F# notes`
    reaches the file of that name where no page is called `F`."""
    whole = target.whole if target.whole != target.path else None
    return resolve_written(resolver, target.path, whole, source_id)[0]


def _fix(page: Page, alias: str, resolver: Resolver) -> str:
    """A link that does reach the page, checked as a link is read: a '#' or '|' in a page id
    ends the name a link reads (`[[C#|c]]` goes to c.md). By the id, else the frontmatter
    id, else another alias; a long alias is not offered clipped, as a link it would differ."""
    text = f"|{alias}" if clip(alias) == alias else ""
    for name in (page.id, page.frontmatter_id, *page.aliases):
        if name is None or name == alias:
            continue
        link = _as_link(f"{name}{text}")
        if link is not None and _reached(link, resolver, page.id).page_id == page.id:
            return f'link this page as "[[{name}{text}]]", or drop the alias'
    return (
        "no link reaches this page by its id either (a '#', '|' or bracket in a file name "
        "cuts the name a link reads): give it a frontmatter id, or drop the alias"
    )


def shared_ids(
    pages: Iterable[Page], key: str, resolver: Resolver, sources: Mapping[str, str]
) -> list[Diagnostic]:
    """A ``shared-id`` note on each page whose frontmatter id (under ``key``) another page
    has too."""
    by_id: dict[str, list[Page]] = defaultdict(list)
    for page in pages:
        if page.frontmatter_id is not None:
            by_id[page.frontmatter_id].append(page)
    found = []
    for name, sharing in by_id.items():
        if len(sharing) < 2:
            continue
        there = resolver.resolve(name)
        link = f"[[{clip(name)}]]"
        if there.page_id is None:
            what = f"a target {link} matches {len(sharing)} pages and cannot be resolved"
        else:  # a page id answers the name first: no target reaches any of them by it
            what = f"a target {link} reaches the page {clip(there.page_id)!r} by its {there.step}"
        for page in sharing:
            listed = bounded((other.file for other in sharing if other is not page), 3)
            lines = _lines(page.file, sources.get(page.file), key)
            found.append(
                Diagnostic(
                    page.file,
                    lines.get(name.strip(), lines.get("", 1)),
                    "shared-id",
                    f"{key} {clip(name)!r} is also the {key} of {listed}, so {what}; give "
                    f"each page its own {key}",
                )
            )
    return found


def _lines(file: str, path: str | None, key: str) -> dict[str, int]:
    """The line of each text under ``key``, and ``""``'s the key's own: the page is read
    again, once, and only a page told of one pays for it (once, not once a name: a page
    listing 2,000 other pages' names took 6 s to read 2,000 times)."""
    if path is None:
        return {}
    fm = read_frontmatter(path, file)
    node = fm.get(key)
    if node is None:
        return {}
    lines = {"": fm.line(node)}
    for item in node.value if isinstance(node, SequenceNode) else [node]:
        text = plain_text(item)
        if text is not None:
            lines.setdefault(text.strip(), fm.line(item))
    return lines
