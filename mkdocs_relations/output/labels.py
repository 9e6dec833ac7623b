"""The words a reader sees: interface text and type labels for panel, picture and finder.

``labels:`` in mkdocs.yml overrides any of them. Interface keys (``title``, ``hop``...) and type
names share that one mapping, so a type may be named like an interface key (a wiki may well
have a ``title`` or ``impact`` type): such a type is labelled through ``<type>.label``, never
through its bare name, which always means the interface text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from ..model.direction import IN, OUT, Direction
from ..model.vocabulary import Vocabulary

DEFAULT_LABELS: dict[str, str] = {
    "title": "Relationships",
    "transitive": "{label}, transitively",
    "impact": "Would be affected by a change here",
    "hop": "1 hop",
    "hops": "{n} hops",
    "via": "via {chain}",
    "redlink": "This page does not exist yet",
    "missing": "No page matches this target",
    "ambiguous": "Matches {n} pages",
    "redlinks": "{n} red links",
    "note_more": "more",
    "jump": "Relationships",
    "suspect": "changed since reviewed",
    "picture": "Pages directly related to {title}",
    "more": "and {n} more",
    "more_reach": "more than {n}; the first {n} are listed",
    "show_all": "Show all {n}",
    "find_from_here": "Find a path from here",
    "breadcrumbs": "Part of",
    "mentions": "Mentioned in",
    "inverse_unnamed": "linked as {label} from",
    "finder": "How is this page connected to another?",
    "finder_to": "Page",
    "finder_placeholder": "Type a title, id or alias",
    "finder_type": "Edge type",
    "finder_any_type": "any type",
    "finder_hops": "At most hops",
    "finder_directed": "Declared direction only",
    "finder_submit": "Find path",
    "finder_no_path": "No path between “{from}” and “{to}” within {n} hops.",
    "finder_no_path_one": "No path between “{from}” and “{to}” within 1 hop.",
    "finder_not_connected": "“{from}” and “{to}” are not connected: no chain of "
    "relationships joins them, however long.",
    "finder_not_connected_here": "No chain of the chosen relationships joins “{from}” and "
    "“{to}”, however long.",
    "finder_farther": "The shortest chain is {m} hops: set “At most hops” to {m} to see it.",
    "finder_farther_site": "The shortest chain is {m} hops, more than this site's {n}; the "
    "command line finds it: mkdocs-relations path {source} {target} --max-hops {m}",
    "finder_same_page": "That is this page (0 hops).",
    "finder_hops_found": "{n} hops:",
    "finder_hop_found": "1 hop:",
    "finder_pick": "Several pages match “{text}”; pick one from the list.",
    "finder_none": "No page matches “{text}”; try part of its title, its id or an alias.",
    "finder_none_near": "No page matches “{text}”; did you mean “{near}”?",
    "finder_empty": "Type a page name.",
    "finder_not_in_graph": "This page is not in the graph.",
    "finder_declared_on": "declared on {title}",
    "finder_capped": "This site answers within at most {n} hops; searched within {n}.",
    "finder_copy": "As text",
    "finder_unavailable": "The site's graph could not be loaded; reload the page.",
    "finder_outdated": "This page and the site's graph come from different builds; rebuild "
    "the site.",
    "finder_shard_unavailable": "Part of the site's graph could not be loaded; reload the "
    "page and ask again.",
}

#: What a relations block's answer says beside its rows (query/views.py).
QUERY_LABELS: dict[str, str] = {
    "query_empty": "No page matches this query.",
    "query_picture": "Pages reached from {title}",
    "query_all": "All {n} pages, as a list",
    "query_sideways": "Scroll sideways for the whole picture →",
}

#: The labels the path finder's script shows (the form's own words are in its template);
#: they reach it as JSON in a data attribute. tests/test_finder_contract.py holds this list
#: and the script together.
FINDER_MESSAGES = (
    "finder_no_path",
    "finder_no_path_one",
    "finder_not_connected",
    "finder_not_connected_here",
    "finder_farther",
    "finder_farther_site",
    "finder_same_page",
    "finder_hops_found",
    "finder_hop_found",
    "finder_pick",
    "finder_none",
    "finder_none_near",
    "finder_empty",
    "finder_not_in_graph",
    "finder_declared_on",
    "finder_capped",
    "finder_copy",
    "finder_unavailable",
    "finder_outdated",
    "finder_shard_unavailable",
)


_PLACE = re.compile(r"\{\{|\}\}|\{(\w+)\}")
#: Stands for a value while a label is filled once (a private-use character).
_SLOT = "\ue000"


def fill(text: str, **values: object) -> str:
    """Text with ``{name}`` placeholders filled and ``{{``/``}}`` read as literal braces, in
    one pass (a value is never read again), exactly as the finder's script fills them.

    config.py accepts only the placeholders a label's default uses; anything else in braces
    is shown as written rather than failing the build.
    """

    def one(match: re.Match[str]) -> str:
        token, name = match.group(0), match.group(1)
        if name is None:
            return token[0]
        return str(values[name]) if name in values else token

    return _PLACE.sub(one, text)


#: What a type's inverse reads when nobody named it: the vocabulary's "X (incoming)" for a
#: type declared without one, and init's "X (inverse)", a placeholder it asks the author to
#: reword. Neither is for a reader ("Benefits (inverse)" headed a 122-edge hub).
_UNNAMED = (" (incoming)", " (inverse)")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Labels:
    """Interface text and type labels for one build, with the user's ``labels:`` applied."""

    def __init__(self, vocabulary: Vocabulary, overrides: Mapping[str, str] | None = None) -> None:
        self.vocabulary = vocabulary
        self.overrides = dict(overrides or {})
        self.text: dict[str, str] = {**DEFAULT_LABELS, **self.overrides}
        # Headings are asked for once per edge end on every page: remember them.
        self._cache: dict[tuple[str, Direction], str] = {}
        self._headings: dict[tuple[str, Direction], str] = {}

    def __getitem__(self, key: str) -> str:
        return self.text[key]

    def type_label(self, relation: str, direction: Direction = OUT) -> str:
        """A type read from one end, lower case: "depends on" (out), "used by" (in)."""
        key = (relation, direction)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._type_label(relation, direction)
        return found

    def _type_label(self, relation: str, direction: Direction) -> str:
        kind = self.vocabulary.get_or_unknown(relation)
        # A symmetric type reads the same from both ends: one label, one group.
        if direction == IN and not kind.symmetric:
            named = self.overrides.get(f"{relation}.inverse")
            if named is None and kind.inverse.endswith(_UNNAMED):
                # The type and its direction in words: "linked as foundation from" a page.
                return self.fill("inverse_unnamed", label=self._type_label(relation, OUT))
            return named or kind.inverse
        text = self.overrides.get(f"{relation}.label")
        if text is None and relation not in DEFAULT_LABELS:
            text = self.overrides.get(relation)
        return text or kind.label

    def heading(self, relation: str, direction: Direction) -> str:
        """The same label as a heading: "Depends on", "Used by"."""
        key = (relation, direction)
        found = self._headings.get(key)
        if found is None:
            found = self._headings[key] = _capital(self.type_label(relation, direction))
        return found

    def fill(self, key: str, **values: object) -> str:
        return fill(self.text[key], **values)

    def parts(self, key: str, name: str) -> list[str]:
        """The label's text around each place ``fill(key, name=value)`` puts the value, for a
        script that joins them with it (the picture's accessible name)."""
        return self.fill(key, **{name: _SLOT}).split(_SLOT)

    def filler(self, key: str, name: str) -> Callable[[str], str]:
        """``fill(key, name=value)`` as a function of the value, the label read once: for
        words filled on every page (the picture's label, the "via" of each reach entry)."""
        # Filled once with a stand-in, then split around it: the value goes back in each
        # place, never read as a label (a title may hold braces).
        parts = self.fill(key, **{name: _SLOT}).split(_SLOT)

        def filled(value: str) -> str:
            return value.join(parts)

        return filled

    def hops(self, n: int) -> str:
        return self.text["hop"] if n == 1 else self.fill("hops", n=n)
