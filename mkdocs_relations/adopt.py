"""``mkdocs-relations init``: what an existing vault needs to build, read from the vault itself.

Real wikis write typed links in dialects: ``relations:`` or ``links:`` for the field,
snake_case types such as ``related_to``, ``uses``, ``derived_from``, and a vocabulary kept in
an agent file rather than in wiki-config.md. Adopting one should leave only the wiki's real
problems. So init detects the field from the pages, declares every type in use that the
vocabulary lacks (with an inverse label where the name is a common one, symmetric where it
reads both ways), and writes mkdocs.yml and wiki-config.md only where none exists.

Plain Python: no MkDocs import, so the plan is testable on its own and the CLI writes it.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from yaml.nodes import SequenceNode

from .fields import FIELD_CANDIDATES, edge_list
from .frontmatter import read_frontmatter
from .suggest import TypeSuggester, compact, words
from .vocabulary import CANONICAL, RelationType, Vocabulary, label_of

#: Inverse labels for type names common in typed-link wikis, by their words.
COMMON_INVERSES: dict[str, str] = {
    "uses": "used by",
    "extends": "extended by",
    "implements": "implemented by",
    "derived from": "source of",
    "contains": "contained in",
    "supports": "supported by",
    "authored by": "author of",
    "replaces": "replaced by",
    "replaced by": "replaces",
    "caused": "caused by",
    "causes": "caused by",
    "instance of": "has instance",
    "belongs to": "has member",
    "member of": "has member",
    "parent of": "child of",
    "child of": "parent of",
    "references": "referenced by",
    "cites": "cited by",
    "based on": "basis for",
    "mentions": "mentioned by",
    "defines": "defined by",
    "defined by": "defines",
    "produces": "produced by",
    "owns": "owned by",
    "owned by": "owns",
    "maintained by": "maintains",
    "maintains": "maintained by",
    "governed by": "governs",
    "governs": "governed by",
    "implemented by": "implements",
    "published by": "publishes",
    "created by": "creator of",
    "requires": "required by",
    "enables": "enabled by",
    "blocks": "blocked by",
    "blocked by": "blocks",
    "precedes": "follows",
    "follows": "precedes",
    "refines": "refined by",
    "measures": "measured by",
    "amends": "amended by",
    "influences": "influenced by",
    "traces to": "traced from",
    "example of": "has example",
    "has part": "part of",
    "includes": "included in",
    "documents": "documented by",
    "tests": "tested by",
    "validates": "validated by",
    "explains": "explained by",
    "describes": "described by",
}

PLACEHOLDER = " (inverse)"

#: Names that read the same from both ends.
_SYMMETRIC = re.compile(
    r"^(relate[sd]?( to| with)?|related|see also|similar( to)?|sibling( of)?|peer( of)?|"
    r"contradicts|conflicts( with)?|same as|equivalent( to)?|alternative( to)?|"
    r"(\w+ )?with|compare[sd]?( to| with)?|linked( to)?|connected( to)?|associated( with)?)$"
)

#: Folders that hold page templates, not pages.
_TEMPLATE_FOLDER = re.compile(r"^_?templates?$", re.IGNORECASE)


@dataclass(frozen=True)
class TypePlan:
    """One type to declare, with how many edges use it."""

    name: str
    edges: int
    inverse: str
    symmetric: bool = False
    acyclic: bool = False
    transitive: bool = False
    #: The canonical type this name spells (``depends_on``), when it is one.
    spelling_of: str | None = None

    @property
    def placeholder(self) -> bool:
        """An inverse label init could not name; readers would see "... (inverse)"."""
        return not self.symmetric and self.inverse.endswith(PLACEHOLDER)

    def yaml(self) -> list[str]:
        lines = [f"  - name: {_yaml_str(self.name)}"]
        if self.symmetric:
            lines.append("    symmetric: true")
        else:
            lines.append(f"    inverse: {_yaml_str(self.inverse)}")
        for flag in ("acyclic", "transitive"):
            if getattr(self, flag):
                lines.append(f"    {flag}: true")
        notes = [f"{self.edges} edge{'s' if self.edges != 1 else ''}"] if self.edges else []
        if self.spelling_of:
            notes.append(f"spells the canonical {self.spelling_of}")
        if self.placeholder:
            notes.append("reword the inverse: how it reads on the target page")
        if notes:
            lines[0] += f"  # {'; '.join(notes)}"
        return lines


def plan_type(name: str, edges: int) -> TypePlan:
    """How to declare a type a wiki uses that its vocabulary lacks."""
    canonical = {compact(t.name): t for t in CANONICAL}
    same = canonical.get(compact(name))
    if same is not None:
        # A spelling of a canonical type (depends_on): the same meaning, so the same properties.
        return TypePlan(
            name,
            edges,
            same.inverse,
            same.symmetric,
            same.acyclic,
            same.transitive,
            spelling_of=same.name,
        )
    spoken = " ".join(words(name))
    if _SYMMETRIC.match(spoken):
        return TypePlan(name, edges, label_of(name), symmetric=True)
    inverse = COMMON_INVERSES.get(spoken)
    return TypePlan(name, edges, inverse or f"{spoken}{PLACEHOLDER}")


def _yaml_str(text: str) -> str:
    # JSON strings are YAML; quote only when a plain scalar would read differently.
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9 _.-]*", text) and text.lower() not in _YAML_WORDS:
        return text
    return json.dumps(text, ensure_ascii=False)


_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n", "~"}


@dataclass
class FieldGuess:
    """The frontmatter key a wiki keeps its edges under, with the evidence, and the candidate
    keys that hold plain lists of links instead (with the pages that do it)."""

    name: str
    pages: Counter[str] = field(default_factory=Counter)
    untyped: dict[str, list[str]] = field(default_factory=dict)


def detect_field(sources: Mapping[str, str]) -> FieldGuess:
    """The candidate key whose values most pages write as a list of {type, target} entries.

    One read of each page's frontmatter answers both questions init asks of the keys.
    """
    counts: Counter[str] = Counter()
    untyped: dict[str, list[str]] = {}
    for file in sorted(sources):
        fm = read_frontmatter(sources[file], file)
        for key in FIELD_CANDIDATES:
            node = fm.get(key)
            if edge_list(node):
                counts[key] += 1
            elif isinstance(node, SequenceNode) and node.value:
                untyped.setdefault(key, []).append(file)
    if not counts:
        return FieldGuess("relationships", counts, untyped)
    best = max(FIELD_CANDIDATES, key=lambda key: (counts[key], -FIELD_CANDIDATES.index(key)))
    return FieldGuess(best, counts, untyped)


def excluded_folders(docs_dir: str) -> list[str]:
    """``exclude_docs`` patterns for folders that are clearly not pages.

    ``.obsidian/`` (editor state) always; template folders by name, and the ones Obsidian's
    core Templates plugin and Templater are configured to use.
    """
    patterns = [".obsidian/"]
    configured = set()
    for settings, key in (
        (os.path.join(".obsidian", "templates.json"), "folder"),
        (
            os.path.join(".obsidian", "plugins", "templater-obsidian", "data.json"),
            "templates_folder",
        ),
    ):
        try:
            with open(os.path.join(docs_dir, settings), encoding="utf-8") as stream:
                value = json.load(stream).get(key)
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(value, str) and value.strip("/ "):
            configured.add(value.strip("/ ").replace(os.sep, "/"))
    for folder, dirnames, _ in os.walk(docs_dir):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        relative = os.path.relpath(folder, docs_dir).replace(os.sep, "/")
        for name in list(dirnames):
            path = name if relative == "." else f"{relative}/{name}"
            if _TEMPLATE_FOLDER.match(name) or path in configured:
                patterns.append(f"/{path}/")
                dirnames.remove(name)
    return list(dict.fromkeys(patterns))


def not_pages_to_exclude(not_pages: Mapping[str, str], sources: Iterable[str]) -> list[str]:
    """``exclude_docs`` patterns for files MkDocs would warn about or publish as noise.

    A README.md beside index.md (MkDocs builds index.md and warns, which fails a strict
    build) and Excalidraw drawings kept as ``*.excalidraw.md`` (not pages to read).
    """
    patterns = [f"/{path}" for path, why in sorted(not_pages.items()) if "beside it" in why]
    if any(path.endswith(".excalidraw.md") for path in sources):
        patterns.append("*.excalidraw.md")
    return patterns


def site_name(docs_dir: str) -> str:
    """A readable site name from the vault's folder: ``my_vault`` -> "My vault"."""
    name = os.path.basename(os.path.abspath(docs_dir)).replace("-", " ").replace("_", " ")
    return (name[:1].upper() + name[1:]) or "Wiki"


def mkdocs_yml(site_name: str, docs_dir: str, exclude: Iterable[str], theme: str) -> str:
    """The text of a new mkdocs.yml for the vault."""
    lines = [
        "# Written by mkdocs-relations init. Edit freely; init never overwrites it.",
        f"site_name: {_yaml_str(site_name)}",
        f"docs_dir: {_yaml_str(docs_dir)}",
        "theme:",
        f"  name: {theme}",
        "plugins:",
        "  - search",
        "  - relations",
        "# Folders in the vault that are not pages (editor settings, note templates).",
        "exclude_docs: |",
        *(f"  {pattern}" for pattern in exclude),
    ]
    return "\n".join(lines) + "\n"


def wiki_config_md(field_name: str, types: list[TypePlan]) -> str:
    """The text of a new wiki-config.md declaring the field and the types."""
    lines = ["---", "# Written by mkdocs-relations init from the types this wiki uses."]
    if field_name != "relationships":
        lines.append(f"relationship_field: {_yaml_str(field_name)}")
    if types:
        lines.append("relationship_types:")
        for plan in types:
            lines.extend(plan.yaml())
    lines += [
        "---",
        "",
        "# Wiki configuration",
        "",
        "This page declares the relationship types this wiki uses besides the six canonical ones",
        "(depends-on, part-of, relates-to, supersedes, caused-by, used-by). Each `inverse` is how",
        "an edge reads from its target page; edit the labels to read well in your wiki.",
        "",
    ]
    return "\n".join(lines)


def types_to_declare(
    used: Mapping[str, int], vocabulary: Vocabulary
) -> tuple[list[TypePlan], list[tuple[str, str, int]]]:
    """A plan for every used type the vocabulary lacks, most used first; and the used names
    that are typos of a known type, (name, meant, edges), left for the user to correct:
    declaring ``depnds-on`` would turn the typo into a type and silence the lint."""
    suggester = TypeSuggester(
        {t.name: t.inverse for t in vocabulary.values()},
        [t.name for t in vocabulary.values() if t.symmetric],
    )
    plans, typos = [], []
    for name, count in sorted(used.items(), key=lambda item: (-item[1], item[0])):
        if name in vocabulary:
            continue
        plan = plan_type(name, count)
        # A name init knows (a spelling, a related_to, a common verb) is a dialect's word;
        # one it knows nothing of that reads like a known type is a typo of it.
        meant = suggester.hint(name).suggestion if plan.placeholder else None
        if meant is not None and compact(meant) != compact(name):
            typos.append((name, meant, count))
        else:
            plans.append(plan)
    return plans, typos


def declared(types: Iterable[RelationType]) -> list[str]:
    return [t.name for t in types]
