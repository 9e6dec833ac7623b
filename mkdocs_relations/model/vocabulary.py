"""Edge types: the six canonical ones, and the types a wiki declares, merged into one vocabulary."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from .diagnostics import Diagnostic
from .suggest import TypeSuggester

#: ``\Z``, not ``$``: ``$`` also matches before a final line break, and ``"x\n"`` is no name.
TYPE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\Z")
TYPE_KEYS = ("name", "inverse", "description", "symmetric", "acyclic", "transitive", "spellings")
FLAGS = ("symmetric", "acyclic", "transitive")


def label_of(name: str) -> str:
    """How a type name reads in a sentence: ``depends-on`` -> "depends on"."""
    return name.replace("-", " ").replace("_", " ")


@dataclass(frozen=True)
class RelationType:
    """One edge type. ``inverse`` is the label an edge carries when read from its target."""

    # The ``#:`` comments are the descriptions the JSON Schemas give each key (data_schemas).
    #: The type as pages write it, e.g. governed-by.
    name: str
    #: The label read from the target's side, e.g. governs.
    inverse: str
    #: What an edge of the type means, in a sentence; the overview page lists it.
    description: str = ""
    #: The edge reads the same from both ends.
    symmetric: bool = False
    #: Edges of this type must never form a loop.
    acyclic: bool = False
    #: Following the type twice still means it; panels show its reach.
    transitive: bool = False
    #: Other names pages write for this type (depends_on, "Depends On"), read as it.
    spellings: tuple[str, ...] = ()
    #: Where the type was defined, for diagnostics: "canonical", "wiki-config.md:12", ...
    origin: str = "canonical"

    @property
    def label(self) -> str:
        """The forward label: ``depends-on`` reads "depends on"."""
        return label_of(self.name)

    def properties(self) -> tuple[str, bool, bool, bool]:
        """What must agree when a type is defined twice (the description may differ)."""
        return (self.inverse, self.symmetric, self.acyclic, self.transitive)


CANONICAL: tuple[RelationType, ...] = (
    RelationType(
        "depends-on",
        "used by",
        "The source needs the target to work or to make sense.",
        acyclic=True,
        transitive=True,
    ),
    RelationType(
        "part-of",
        "has part",
        "The source is a component or member of the target.",
        acyclic=True,
        transitive=True,
    ),
    RelationType(
        "relates-to",
        "relates to",
        "A stated connection with no direction.",
        symmetric=True,
    ),
    RelationType(
        "supersedes",
        "superseded by",
        "The source replaces the target.",
        acyclic=True,
        transitive=True,
    ),
    RelationType("caused-by", "causes", "The target brought the source about."),
    RelationType("used-by", "uses", "The target uses the source."),
)


@dataclass(frozen=True)
class TypeWord:
    """A type as a person names it: by name or label (read from the source), or by its inverse
    label (``reverse``: read from the target). A symmetric type reads the same both ways."""

    name: str
    reverse: bool = False


class Vocabulary(Mapping[str, RelationType]):
    """The known edge types, canonical ones first, then declared ones in declaration order."""

    def __init__(self, types: Iterable[RelationType] = CANONICAL) -> None:
        self._types: dict[str, RelationType] = {}
        for relation_type in types:
            self._types[relation_type.name] = relation_type
        self._suggester: TypeSuggester | None = None
        #: Each spelling a type declares, to the type's name (a name itself is never one).
        self.spelled: dict[str, str] = {
            spelling: t.name
            for t in self._types.values()
            for spelling in t.spellings
            if spelling not in self._types
        }
        self._converses: dict[str, str] | None = None
        self._words: dict[str, TypeWord] | None = None

    def converse(self, name: str) -> str | None:
        """The type ``name`` states from the other end, when its inverse is that type's label
        (``depended-on-by``, inverse "depends on": ``depends-on`` read backwards). Only a
        later type is read as an earlier one, so a mirrored pair maps one way."""
        if self._converses is None:
            converses: dict[str, str] = {}
            by_label: dict[str, str] = {}
            for t in self._types.values():
                if t.symmetric:
                    continue
                earlier = by_label.get(t.inverse.casefold())
                if earlier is not None and earlier != t.name:
                    converses[t.name] = earlier
                by_label.setdefault(t.label.casefold(), t.name)
            self._converses = converses
        return self._converses.get(name)

    def __getitem__(self, name: str) -> RelationType:
        return self._types[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._types)

    def __len__(self) -> int:
        return len(self._types)

    def suggester(self) -> TypeSuggester:
        """ "Did you mean" for names this vocabulary lacks; built on the first unknown name,
        once, for every rule and command that asks."""
        if self._suggester is None:
            self._suggester = TypeSuggester(
                {t.name: t.inverse for t in self._types.values()},
                [t.name for t in self._types.values() if t.symmetric],
            )
        return self._suggester

    def word(self, text: str) -> TypeWord | None:
        """The one reading of a type word, for every place that takes a type: a name as
        written; else, ignoring case, an inverse label ("used by": ``depends-on`` read
        backwards; a symmetric type's reads forwards) or a type's label ("depends on"). An
        inverse label wins over a label ("used by" is depends-on backwards, not ``used-by``,
        as blocks have always read it); the first type in vocabulary order wins a tie."""
        if text in self._types:
            return TypeWord(text)
        if self._words is None:
            words: dict[str, TypeWord] = {}
            for kind in self._types.values():
                words.setdefault(kind.inverse.casefold(), TypeWord(kind.name, not kind.symmetric))
            for kind in self._types.values():
                words.setdefault(kind.label.casefold(), TypeWord(kind.name))
            self._words = words
        return self._words.get(" ".join(text.split()).casefold())

    def near_word(self, text: str) -> str | None:
        """What to suggest for an unknown type word: a type name it misspells, or the inverse
        label it misspells (which :meth:`word` reads), else nothing."""
        hint = self.suggester().hint(text)
        if hint.suggestion is not None:
            return hint.suggestion
        if hint.inverse_of is not None:
            return self._types[hint.inverse_of].inverse
        return None

    def get_or_unknown(self, name: str) -> RelationType:
        """The type, or a neutral stand-in for an unknown one (already reported by lint)."""
        return self._types.get(name) or RelationType(name, f"{name} (incoming)", origin="unknown")


def merge(
    declared: Iterable[tuple[RelationType, str, int]],
) -> tuple[Vocabulary, list[Diagnostic]]:
    """Canonical types plus declared ones; ``declared`` holds (type, file, line).

    Declaring a canonical type again is allowed when its properties agree (a wiki may document
    it); a type declared twice with different properties is an error and the first one stays.
    """
    merged: dict[str, RelationType] = {t.name: t for t in CANONICAL}
    diagnostics = []
    for relation_type, file, line in declared:
        existing = merged.get(relation_type.name)
        if existing is None:
            merged[relation_type.name] = relation_type
            continue
        if existing.properties() != relation_type.properties():
            # A canonical type cannot be removed or changed, only declared again as it is.
            fix = (
                "Declare it as it is, or give your type a name of its own"
                if existing.origin == "canonical"
                else "Make them agree or remove one"
            )
            diagnostics.append(
                Diagnostic(
                    file,
                    line,
                    "invalid-vocabulary",
                    f"type {relation_type.name!r} is already defined ({existing.origin}) as "
                    f"{_describe(existing)}; this definition says {_describe(relation_type)}. "
                    f"{fix}",
                )
            )
        else:
            if relation_type.description and not existing.description:
                existing = replace(existing, description=relation_type.description)
            if relation_type.spellings:
                spellings = tuple(dict.fromkeys((*existing.spellings, *relation_type.spellings)))
                existing = replace(existing, spellings=spellings)
            merged[relation_type.name] = existing
    return Vocabulary(merged.values()), diagnostics


def _describe(relation_type: RelationType) -> str:
    flags = [flag for flag in FLAGS if getattr(relation_type, flag)]
    return f"inverse {relation_type.inverse!r}" + (f", {', '.join(flags)}" if flags else "")
