"""Reads a ``relations`` block's YAML into a :class:`Query`, with a diagnostic per bad key.

The grammar is specified in :mod:`mkdocs_relations.query.engine`; this module checks it against the
wiki (types, pages, the hop bound) and says, with the file line, how to fix what does not fit.

Long because it is one reader for the whole grammar: a method per key, and the checks between
keys beside them, so every message a block can get is read in one place.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..frontmatter.edges import target_text
from ..frontmatter.nodes import describe, mapping_items, repeated_keys
from ..frontmatter.unbuildable import BLOCK, problems
from ..model.diagnostics import Diagnostic
from ..model.targets import TargetError, parse_target
from ..model.vocabulary import Vocabulary
from ..wiki.lookup import Resolver
from .query_parts import (
    DIRECTIONS,
    EDGE_CONDITIONS,
    KEYS,
    LISTS,
    SHOWS,
    WALK_COLUMNS,
    WALK_SHOWS,
    Follow,
    Query,
    Where,
    build_query,
    columns_for,
)
from .values import Problem, choice, integer, meta_values, one_text, texts

CODE = "invalid-query"

try:  # the C parser, as for frontmatter
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


@dataclass
class QueryReader:
    """What a block is checked against: the wiki's types and pages, and the hop bound."""

    vocabulary: Vocabulary
    resolver: Resolver
    max_hops: int
    _composed: dict[str, tuple[Node | None, tuple[int, str] | None]] = field(
        default_factory=dict, repr=False
    )

    def read(
        self, source: str, file: str, first_line: int, page_id: str | None
    ) -> tuple[Query | None, list[Diagnostic]]:
        """Parse ``source``; ``first_line`` is the file line (1-based) of its first line.

        ``page_id`` is the page holding the block (the default start); None on the command
        line, where a walk needs ``from``.
        """
        diagnostics: list[Diagnostic] = []

        def report(node: Node | None, message: str) -> None:
            line = first_line + (_text_line(source, node.start_mark) if node is not None else 0)
            diagnostics.append(Diagnostic(file, line, CODE, message))

        root, error = self._compose(source)
        if error is not None:
            return None, [Diagnostic(file, first_line + error[0], CODE, error[1])]
        if root is None or (isinstance(root, ScalarNode) and root.tag.endswith(":null")):
            root = MappingNode("tag:yaml.org,2002:map", [])
        if not isinstance(root, MappingNode):
            report(
                root, f"a relations block holds keys such as from: and show:, not {describe(root)}"
            )
            return None, diagnostics
        # What YAML cannot build (2025-02-30, !!binary that is not base64, 5,000 digits,
        # !!int abc) is found node by node, as in frontmatter, before any key is read.
        for problem in problems(root, consequence=BLOCK):
            report(problem.node, problem.message)
        for mapping in _mappings(root):
            for key, first, again in repeated_keys(mapping):
                above = int(again.start_mark.line) - int(first.start_mark.line)
                where = (
                    f"{above} lines above"
                    if above > 1
                    else "on the line above"
                    if above == 1
                    else "on the same line"
                )
                report(
                    again,
                    f"{key!r} is written twice in this relations block (also {where}); YAML "
                    "keeps only the last: remove one",
                )
        if diagnostics:
            return None, sorted(diagnostics, key=lambda d: (d.line, d.message))
        values: dict[str, tuple[Node, Node]] = {}
        for key, key_node, value_node in mapping_items(root):
            if key not in KEYS:
                near = difflib.get_close_matches(key, KEYS, n=1)
                hint = f"; did you mean {near[0]}?" if near else ""
                report(
                    key_node,
                    f"unknown key {key!r} in a relations block{hint} "
                    f"(known keys: {', '.join(KEYS)})",
                )
                continue
            values[key] = (key_node, value_node)
        query: dict[str, Any] = {}
        for key in KEYS:
            if key not in values:
                continue
            key_node, value_node = values[key]
            try:
                query[key] = getattr(self, f"_{key}")(value_node, page_id)
            except Problem as problem:
                report(problem.node or key_node, problem.message)
        self._combine(query, values, page_id, report)
        if diagnostics:
            return None, sorted(diagnostics, key=lambda d: (d.line, d.message))
        return build_query(query, page_id), diagnostics

    def _compose(self, source: str) -> tuple[Node | None, tuple[int, str] | None]:
        """The YAML's node tree, or (line offset, message); the same text is composed once,
        since a wiki often repeats one block on many pages. Nodes are only read."""
        found = self._composed.get(source)
        if found is not None:
            return found
        loader = _Loader(source)
        try:
            found = (loader.get_single_node(), None)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = exc.problem or exc.context or "syntax error"
            message = f"this relations block is not valid YAML: {problem}; fix the YAML"
            # At the end of the text the parser points past its last line: name the last.
            line = min(_text_line(source, mark) if mark else 0, source.count("\n"))
            found = (None, (line, message))
        except yaml.YAMLError as exc:
            found = (None, (0, f"this relations block is not valid YAML: {exc}; fix the YAML"))
        finally:
            loader.dispose()
        self._composed[source] = found
        return found

    def _combine(
        self,
        query: dict[str, Any],
        values: dict[str, tuple[Node, Node]],
        page_id: str | None,
        report: Callable[[Node | None, str], None],
    ) -> None:
        """Checks between keys: what a list query cannot have, and columns per form."""
        kind = query.get("list")
        if "list" in values:
            for key in ("from", "follow", "direction", "depth"):
                if key in values:
                    report(
                        values[key][0],
                        f"{key}: walks from a page, so it cannot go with list:; remove one of them",
                    )
            # One condition reads on types: ``edges: any``, the types some edge uses.
            used = query.get("where") == Where(edges=(("edges", None),))
            if "where" in values and (kind == "wanted" or (kind == "types" and not used)):
                allowed = " (list: types takes only where: {edges: any})" * (kind == "types")
                report(
                    values["where"][0],
                    f"where: filters pages; list: {kind} has no pages to filter{allowed}",
                )
            show = query.get("show")
            if show in WALK_SHOWS:
                report(
                    values["show"][1],
                    f"show: {show} draws a walk from a page; use list or table with list:, "
                    "or replace list: with from:",
                )
        elif page_id is None and "from" not in values:
            report(
                None,
                "this query walks from a page: add from: (a block in a page starts at that page)",
            )
        allowed = columns_for(kind)
        for key in ("columns", "sort"):
            if key not in values:
                continue
            names = query.get(key)
            if names is None:
                continue
            for name in (names,) if isinstance(names, str) else names:
                name = name.removeprefix("-") if key == "sort" else name
                if allowed is not None and name not in allowed:
                    report(
                        values[key][1],
                        f"{key}: {name!r} is not a column of list: {kind}; "
                        f"use one of {', '.join(allowed)}",
                    )
                elif kind == "pages" and (name in WALK_COLUMNS or name.startswith("edge.")):
                    report(
                        values[key][1],
                        f"{key}: {name!r} describes the step of a walk; list: pages has none "
                        "(use from: to walk)",
                    )

    def _from(self, node: Node, page_id: str | None) -> str:
        text = target_text(node)
        if text is None:
            raise Problem(node, f'from: is {describe(node)}; write a page, e.g. from: "[[ledger]]"')
        try:
            target = parse_target(text)
        except TargetError as exc:
            raise Problem(node, f"from: {exc}") from None
        resolution = self.resolver.resolve(target.path, page_id or "")
        if resolution.page_id is not None:
            return resolution.page_id
        problem = resolution.problem(target.path)
        if problem is not None:
            raise Problem(node, f"from: {problem[1]}")
        near = self.resolver.suggest(target.path)
        hint = f" Did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        raise Problem(
            node,
            f"from: {text!r} matches no page.{hint} "
            "Write an existing page's id, file name or alias",
        )

    def _list(self, node: Node, page_id: str | None) -> str:
        return choice(node, "list", LISTS)

    def _follow(self, node: Node, page_id: str | None) -> tuple[Follow, ...]:
        follows = []
        for item, text in texts(node, "follow", "a type name or an inverse label"):
            word = self.vocabulary.word(text)
            if word is None:
                raise Problem(
                    item,
                    f"follow: unknown type {text!r}.{self._near(text)} Use a type name "
                    f"({', '.join(self.vocabulary)}) or an inverse label such as 'used by'",
                )
            follows.append(Follow(word.name, word.reverse))
        return tuple(dict.fromkeys(follows))

    def _direction(self, node: Node, page_id: str | None) -> str:
        return choice(node, "direction", DIRECTIONS)

    def _depth(self, node: Node, page_id: str | None) -> int:
        depth = integer(node, "depth")
        if depth > self.max_hops:
            raise Problem(
                node,
                f"depth: {depth} is over the bound of {self.max_hops} hops (max_hops); "
                "lower it, or raise max_hops in mkdocs.yml",
            )
        return depth

    def where(self, node: Node) -> Where:
        """A ``where`` mapping read alone (wiki-config.md's rules use it); Problem when bad."""
        return self._where(node, None)

    def _where(self, node: Node, page_id: str | None) -> Where:
        if not isinstance(node, MappingNode):
            raise Problem(
                node,
                f"where: is {describe(node)}; write conditions such as "
                "where: {folder: services/, status: active}",
            )
        folders: list[str] = []
        edges: list[tuple[str, frozenset[str] | None]] = []
        meta: list[tuple[str, tuple[str | None, ...]]] = []
        negated: list[Where] = []
        for key, _, value in mapping_items(node):
            if key == "folder":
                folders += [
                    text.strip("/")
                    for _, text in texts(value, "where: folder", "a folder such as services/")
                ]
            elif key in EDGE_CONDITIONS:
                edges.append(self._types(value, key))
            elif key == "not":
                negated.append(self._where(value, page_id))
            else:
                meta.append((key, meta_values(value, key)))
        return Where(tuple(folders), tuple(edges), tuple(meta), tuple(negated))

    def _types(self, node: Node, key: str) -> tuple[str, frozenset[str] | None]:
        """The condition's side and types; inverse labels read the other side ("out: used
        by" is "in: depends-on"), so one condition takes names or inverse labels, not both."""
        names = [(item, text) for item, text in texts(node, f"where: {key}", "a type name or any")]
        if any(text == "any" for _, text in names):
            return key, None
        words = []
        for item, text in names:
            word = self.vocabulary.word(text)
            if word is None:
                raise Problem(
                    item,
                    f"where: {key}: unknown type {text!r}.{self._near(text)} "
                    "Use a type name, an inverse label or any",
                )
            words.append((item, word))
        reverse = {word.reverse for _, word in words}
        if len(reverse) > 1 and key != "edges":
            item = next(item for item, word in words if word.reverse)
            raise Problem(
                item,
                f"where: {key}: mixes type names and inverse labels; an inverse label reads "
                f"the other side, so write it as a name in its own condition",
            )
        if reverse == {True} and key != "edges":
            key = "in" if key == "out" else "out"
        return key, frozenset(word.name for _, word in words)

    def _near(self, text: str) -> str:
        """ " Did you mean 'depends-on'?" for a typo of a known type or label, else nothing."""
        near = self.vocabulary.near_word(text)
        return f" Did you mean {near!r}?" if near else ""

    def _show(self, node: Node, page_id: str | None) -> str:
        return choice(node, "show", SHOWS)

    def _columns(self, node: Node, page_id: str | None) -> tuple[str, ...]:
        return tuple(dict.fromkeys(text for _, text in texts(node, "columns", "a column name")))

    def _sort(self, node: Node, page_id: str | None) -> str:
        text = one_text(node, "sort", "a column name, with - before it for descending")
        return text

    def _limit(self, node: Node, page_id: str | None) -> int:
        return integer(node, "limit")

    def _empty(self, node: Node, page_id: str | None) -> str:
        return one_text(node, "empty", "the sentence shown when no row matches")


def _mappings(root: Node) -> list[MappingNode]:
    """The mappings of a block (a block is small; aliases are visited once)."""
    found: list[MappingNode] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            found.append(node)
            stack += [value for _, value in node.value]
        elif isinstance(node, SequenceNode):
            stack += node.value
    return found


#: Line breaks to YAML besides ``\n``; the page's lines are counted by ``\n`` alone.
_YAML_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
_OTHER_BREAKS = re.compile("[\r\x85\u2028\u2029]")


def _text_line(source: str, mark: Any) -> int:
    """The ``\\n``-counted line of a YAML mark (YAML also breaks lines at NEL and U+2028,
    which put every later line one off)."""
    line = int(mark.line)
    if _OTHER_BREAKS.search(source) is None:
        return line
    starts = [0] + [found.end() for found in _YAML_BREAK.finditer(source)]
    offset = starts[min(line, len(starts) - 1)] + int(mark.column)
    return source.count("\n", 0, offset)
