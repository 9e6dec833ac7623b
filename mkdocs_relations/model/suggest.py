""" "Did you mean" for edge types and page names: right or silent.

A wrong suggestion is worse than none: it sends the user to edit a correct edge into a wrong
one. 0.1 proposed ``caused-by`` for ``caused`` (the opposite direction), ``supersedes`` for
``supports`` and ``used-by`` for ``published-by``. So a type is only suggested when it is the
written name up to case, separators or a small typo *word by word*, with the small words that
carry direction (``by``, ``of``, ``to``, ...) written exactly; and never a type whose inverse
reads like the written name (``uses`` is ``used-by`` read from the other end).

Candidates come from a deletion-neighbourhood index (every key and every key with one
character removed), so finding every name within two edits costs O(length) per query and
O(total length) to build, whatever the vocabulary or wiki size; a key longer than
``MAX_NEAR`` is matched only as it is, so a name of any length costs time linear in it.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

_SEPARATORS = re.compile(r"[\s_.\-/]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
#: Ratio (difflib's) that a word, or a whole compact name, must reach to count as a typo.
WORD_CUTOFF = 0.75
NAME_CUTOFF = 0.8


def words(text: str) -> tuple[str, ...]:
    """``dependsOn``, ``depends_on``, ``Depends on`` -> ``("depends", "on")``."""
    return tuple(w for w in _SEPARATORS.split(_CAMEL.sub(" ", text).casefold()) if w)


def compact(text: str) -> str:
    """A name without case or separators: ``Depends_On`` -> ``dependson``."""
    return "".join(words(text))


#: Longest key that gets near names: past it only the same key is found. Each key has as many
#: variants as letters, each as long as the key, and the ratio is quadratic: without a bound,
#: a name of 64,000 letters took 17 s and 3.7 GB. Nobody mistypes a name this long.
MAX_NEAR = 200


def _ratio(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


class NearIndex:
    """Names by a key, for lookups of every name whose key is within two edits of a query's."""

    def __init__(self, names: Iterable[str], key: Callable[[str], str] = compact) -> None:
        self._key = key
        self._keys: dict[str, str] = {}
        self._variants: dict[str, list[str]] = defaultdict(list)
        for name in names:
            if name in self._keys:
                continue
            k = self._keys[name] = key(name)
            for variant in _deletions(k) if len(k) <= MAX_NEAR else (k,):
                self._variants[variant].append(name)

    def near(self, text: str, cutoff: float = NAME_CUTOFF) -> list[tuple[float, str]]:
        """(similarity, name) for names near ``text``, best first, ties by name."""
        query = self._key(text)
        if not query:
            return []
        found: dict[str, float] = {}
        for variant in _deletions(query) if len(query) <= MAX_NEAR else (query,):
            for name in self._variants.get(variant, ()):
                if name not in found:
                    k = self._keys[name]
                    # A long key is only found as itself; the ratio would cost its square.
                    found[name] = 1.0 if k == query else _similarity(query, k, cutoff)
        return sorted(
            ((r, n) for n, r in found.items() if r >= cutoff), key=lambda p: (-p[0], p[1])
        )


def _similarity(query: str, key: str, cutoff: float) -> float:
    """difflib's ratio, except that two neighbouring letters swapped always reach the cutoff
    where the letters left in place are at least half the name (four letters or more): the
    ratio counts a swap as two changes, so a short name fell short of it (``auht`` for
    ``auth`` is 0.75) while a longer one passed (``kafak``). The finder's nearNames agrees."""
    ratio = _ratio(query, key)
    if ratio < cutoff and _swapped(query, key):
        return cutoff
    return ratio


def _swapped(a: str, b: str) -> bool:
    if len(a) != len(b) or (len(a) - 2) * 2 < len(a):
        return False
    differ = [i for i in range(len(a)) if a[i] != b[i]]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and a[differ[0]] == b[differ[1]]
        and a[differ[1]] == b[differ[0]]
    )


def _deletions(key: str) -> set[str]:
    # The key and each key with one character removed: O(length) variants, never more.
    variants = {key, *(key[:i] + key[i + 1 :] for i in range(len(key)))}
    # A plural two letters longer ("biases", "policies") is two edits away: its singular is
    # one more variant, on both sides, so either spelling finds the other.
    if key.endswith("ies"):
        variants.add(key[:-3] + "y")
    elif key.endswith("es"):
        variants.add(key[:-2])
    return variants


#: Words that give an edge its direction; a suggestion must keep them exactly.
_DIRECTION_WORDS = {"by", "of", "to", "on", "in", "from", "for", "at", "is", "has", "with"}


def _same_words(written: tuple[str, ...], known: tuple[str, ...]) -> bool:
    """Each word the same or a small typo of it; direction words exactly the same."""
    if len(written) != len(known):
        return False
    for a, b in zip(written, known, strict=True):
        if a == b:
            continue
        if a in _DIRECTION_WORDS or b in _DIRECTION_WORDS or min(len(a), len(b)) <= 3:
            return False
        if _ratio(a, b) < WORD_CUTOFF:
            return False
    return True


@dataclass(frozen=True)
class TypeHint:
    """What to tell a user about an unknown type name."""

    #: A known type the name is a spelling or typo of.
    suggestion: str | None = None
    #: A known type whose inverse label is the written name: the edge reads from the other end.
    inverse_of: str | None = None

    def text(self, written: str) -> str:
        if self.suggestion is not None:
            return f" Did you mean {self.suggestion!r}?"
        if self.inverse_of is not None:
            return (
                f" {written!r} is how {self.inverse_of!r} reads from the other page: declare "
                f"{written!r} as a type of its own, or state the edge on the target page as "
                f"{self.inverse_of!r}."
            )
        return ""


class TypeSuggester:
    """Suggestions for unknown type names against one vocabulary, computed once per name."""

    def __init__(self, inverses: Mapping[str, str], symmetric: Iterable[str] = ()) -> None:
        """``inverses`` maps each known type name to its inverse label."""
        self._inverses = dict(inverses)
        self._symmetric = set(symmetric)
        self._index = NearIndex(self._inverses)
        self._by_compact = {compact(name): name for name in sorted(self._inverses, reverse=True)}
        # Inverse labels, for "this reads like the other end of a known type".
        inverse_index: dict[str, list[str]] = defaultdict(list)
        for name, inverse in self._inverses.items():
            if name not in self._symmetric:
                inverse_index[inverse].append(name)
        self._inverse_labels = NearIndex(inverse_index)
        self._inverse_types = {label: sorted(names)[0] for label, names in inverse_index.items()}
        self._cache: dict[str, TypeHint] = {}

    def hint(self, written: str) -> TypeHint:
        found = self._cache.get(written)
        if found is None:
            found = self._cache[written] = self._hint(written)
        return found

    def _hint(self, written: str) -> TypeHint:
        written_words = words(written)
        inverse_of = None
        for _, label in self._inverse_labels.near(written):
            if _same_words(written_words, words(label)):
                inverse_of = self._inverse_types[label]
                break
        exact = self._by_compact.get(compact(written))
        if exact is not None and exact != inverse_of:
            return TypeHint(suggestion=exact)
        if inverse_of is not None:
            return TypeHint(inverse_of=inverse_of)
        for _, name in self._index.near(written):
            if _same_words(written_words, words(name)):
                return TypeHint(suggestion=name)
        return TypeHint()
