"""``init``'s reading of how a vault's own tool resolves targets: the resolution settings.

Each setting is turned on only where the wiki relies on it, measured by loading the wiki
with and without it: kind-prefixed targets (``concept/grounding``) where pages carry their
kind in ``type:``; a docs folder that is a folder of the vault (targets written from the
vault root start with its path); Obsidian's rule for a bare name several pages share. A
setting that settles nothing is not written, so a broken target is never hidden by a guess.

Plain Python: no MkDocs import.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..frontmatter.dialect import DialectSettings
from ..model.diagnostics import plural
from ..wiki.pipeline import Options, Wiki, load_wiki

#: How many folders above the docs folder may hold the vault's ``.obsidian`` folder, and
#: how many of the docs folder's own path a target written from the vault root may start with.
DEPTH = 3


@dataclass(frozen=True)
class Choice:
    """One resolution setting init turns on, and what it settles."""

    key: str
    value: str
    settles: int
    #: What the settled targets are, and what happens without the setting.
    why: str

    def config_lines(self) -> list[str]:
        return [f"# init: {self.why}.", f"{self.key}: {self.value}"]

    def said(self, shown: str) -> str:
        return f"{self.key}: {self.value}: {self.why}; remove it from {shown} to undo"


def _count(wiki: Wiki, code: str) -> int:
    # A target a setting takes from missing to ambiguous settles nothing: both count.
    codes = {code, "missing-target", "ambiguous-target"}
    return sum(1 for d in wiki.diagnostics if d.code in codes)


def resolution_choices(
    sources: Mapping[str, str],
    options: Options,
    stated: DialectSettings,
    docs_dir: str,
) -> tuple[list[Choice], Wiki]:
    """The settings the vault relies on (none already stated), and the wiki read with them."""
    wiki = load_wiki(sources, options)
    choices: list[Choice] = []

    def attempt(key: str, value: object, code: str) -> int:
        nonlocal wiki, options
        settings = replace(options.dialect)
        setattr(settings, key, value)
        trial = replace(options, dialect=settings)
        tried = load_wiki(sources, trial)
        settled = _count(wiki, code) - _count(tried, code)
        if settled > 0:
            wiki, options = tried, trial
        return settled

    if stated.kind_prefixes is None and any(
        isinstance(page.meta.get("type"), str) for page in wiki.graph.pages.values()
    ):
        settled = attempt("kind_prefixes", True, "missing-target")
        if settled:
            choices.append(
                Choice(
                    "kind_prefixes",
                    "true",
                    settled,
                    f"{plural(settled, 'target')} name a page by its kind and name "
                    "(concept/grounding for a page with type: concept) and match no path; "
                    "without this they match no page",
                )
            )
    if stated.vault_folder is None:
        missing = [edge.target for edge in wiki.graph.edges() if edge.target_id is None]
        parts = os.path.abspath(docs_dir).replace(os.sep, "/").split("/")[1:]
        for size in range(1, min(DEPTH, len(parts)) + 1):
            folder = "/".join(parts[-size:])
            if not any(target.startswith(f"{folder}/") for target in missing):
                continue
            settled = attempt("vault_folder", folder, "missing-target")
            if settled:
                choices.append(
                    Choice(
                        "vault_folder",
                        folder,
                        settled,
                        f"{plural(settled, 'target')} are written from the vault root "
                        f"({folder}/...), the docs folder being {folder}/ in the vault; "
                        "without this they match no page",
                    )
                )
                break
    if stated.shared_names is None and obsidian_vault(docs_dir):
        settled = attempt("shared_names", "nearest", "ambiguous-target")
        if settled:
            choices.append(
                Choice(
                    "shared_names",
                    "nearest",
                    settled,
                    f"{plural(settled, 'target')} name a page by a name several pages share; "
                    "Obsidian takes the one in the linking page's folder, else the one with "
                    "the shortest path, and so does this; without it each is ambiguous",
                )
            )
    return choices, wiki


def obsidian_vault(docs_dir: str) -> bool:
    """Whether the docs folder is (in) an Obsidian vault: ``.obsidian`` in it or above it."""
    folder = os.path.abspath(docs_dir)
    for _ in range(DEPTH + 1):
        if os.path.isdir(os.path.join(folder, ".obsidian")):
            return True
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return False
