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
from ..model.targets import TargetError, parse_target
from .lookup import NEAREST_STEP, STEPS, Resolver

#: The steps before an alias's own: a name found there never reaches an alias.
_BEFORE_ALIAS = frozenset((*STEPS[: STEPS.index("alias")], NEAREST_STEP))


def shadowed_aliases(
    pages: Iterable[Page], resolver: Resolver, sources: Mapping[str, str]
) -> list[Diagnostic]:
    """An ``shadowed-alias`` note for each alias a target would resolve to another page
    (``sources``: docs-relative file -> the path to read, for the alias's line)."""
    found = []
    for page in pages:
        for alias in page.aliases:
            try:  # read as a link to it is read: `ledger.md` and `ledger#costs` name ledger
                target = parse_target(f"[[{alias}]]")
            except TargetError:
                continue  # no link can be written with it
            there = resolver.resolve(target.path, page.id)
            if there.step not in _BEFORE_ALIAS or page.id in there.candidates:
                continue
            if there.page_id is not None:
                who = f"reaches the page {there.page_id!r} by its {there.step}"
            else:
                who = f"matches {len(there.candidates)} pages by their {there.step}"
            name = clip(alias)
            found.append(
                Diagnostic(
                    page.file,
                    _line(page.file, sources.get(page.file), "aliases", alias),
                    "shadowed-alias",
                    f"alias {name!r} never reaches this page: [[{name}]] {who}, and a target "
                    f'is matched that way before any alias; link this page as "[[{page.id}|'
                    f'{name}]]", or drop the alias',
                )
            )
    return found


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
            what = f"a target {link} reaches the page {there.page_id!r} by its {there.step}"
        for page in sharing:
            listed = bounded((other.file for other in sharing if other is not page), 3)
            found.append(
                Diagnostic(
                    page.file,
                    _line(page.file, sources.get(page.file), key, name),
                    "shared-id",
                    f"{key} {clip(name)!r} is also the {key} of {listed}, so {what}; give "
                    f"each page its own {key}",
                )
            )
    return found


def _line(file: str, path: str | None, key: str, value: str) -> int:
    """The line of ``value`` under ``key``, read again: only a page told of it pays."""
    if path is None:
        return 1
    fm = read_frontmatter(path, file)
    node = fm.get(key)
    if node is None:
        return 1
    for item in node.value if isinstance(node, SequenceNode) else [node]:
        text = plain_text(item)
        if text is not None and text.strip() == value:
            return fm.line(item)
    return fm.line(node)
