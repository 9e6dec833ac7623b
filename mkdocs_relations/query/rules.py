"""Rules a wiki sets for itself, under ``rules:`` in wiki-config.md, checked by the build and
``lint``. Conditions are the query language's ``where`` (folder, frontmatter keys, edge
conditions, ``not``), read by the same reader, so a rule and a block mean the same thing.

```yaml
rules:
  - type: part-of             # per type
    from: {folder: services}  # where its source may be
    to: {not: {folder: drafts}}   # where its target may be
    max: 1                    # how many targets of this type a page may have
    redlinks: false           # whether it may point at a deliberate redlink
    severity: warning         # error (default), warning or info
  - pages: {folder: services}     # per page set
    requires: owned-by            # every such page declares an owned-by edge
  - pages: {folder: requirements}
    covered_by: verifies          # every such page has an incoming verifies edge
```

Each kind has its own lint code; a rule that does not parse is ``invalid-rule`` at its line in
wiki-config.md. A rule's ``severity`` applies unless mkdocs.yml's ``severity:`` names the code.
"""

from __future__ import annotations

from dataclasses import dataclass

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..frontmatter.block import Frontmatter
from ..frontmatter.nodes import describe, mapping_items
from ..model.diagnostics import SEVERITIES, Diagnostic
from ..wiki.pipeline import Wiki
from ..wiki.wiki_config import RULES_KEY
from .parser import QueryReader
from .query_parts import Where
from .values import Problem

KEY = RULES_KEY
TYPE_KEYS = ("type", "from", "to", "max", "redlinks", "severity")
PAGE_KEYS = ("pages", "requires", "covered_by", "severity")
INVALID = "invalid-rule"


@dataclass(frozen=True)
class Rule:
    line: int
    severity: str
    #: What the rule says, in words, for messages (``type part-of: max 1``).
    text: str
    type: str | None = None
    source: Where | None = None
    source_text: str = ""
    target: Where | None = None
    target_text: str = ""
    max: int | None = None
    redlinks: bool = True
    pages: Where | None = None
    pages_text: str = ""
    requires: str | None = None
    covered_by: str | None = None

    @property
    def summary(self) -> str:
        """What the rule asks, in words: ``part-of: from {folder: services}, at most 1``."""
        if self.type is not None:
            parts = []
            if self.source is not None:
                parts.append(f"from {self.source_text}")
            if self.target is not None:
                parts.append(f"to {self.target_text}")
            if self.max is not None:
                parts.append(f"at most {self.max} a page")
            if not self.redlinks:
                parts.append("no redlinks")
            return f"{self.type}: {', '.join(parts)}"
        parts = []
        if self.requires is not None:
            parts.append(f"each declares {self.requires}")
        if self.covered_by is not None:
            parts.append(f"each has an incoming {self.covered_by}")
        return f"pages {self.pages_text}: {', '.join(parts)}"


def _flow(node: Node) -> str:
    """A condition as one line of YAML flow style, to quote it in a message."""
    if isinstance(node, MappingNode):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in node.value) + "}"
    if isinstance(node, SequenceNode):
        return "[" + ", ".join(_flow(item) for item in node.value) + "]"
    return " ".join(str(node.value).split())


def read_rules(fm: Frontmatter, wiki: Wiki, max_hops: int) -> tuple[list[Rule], list[Diagnostic]]:
    """The rules under ``rules:``; each problem is an ``invalid-rule`` at its line."""
    node = fm.get(KEY)
    if node is None:
        return [], []
    problems: list[Diagnostic] = []
    reader = QueryReader(wiki.graph.vocabulary, wiki.resolver, max_hops)

    def report(at: Node, message: str) -> None:
        problems.append(Diagnostic(fm.file, fm.line(at), INVALID, message))

    if not isinstance(node, SequenceNode):
        report(
            node, f"rules: is {describe(node)}; write a list of rules (- type: ... or - pages: ...)"
        )
        return [], problems
    rules = []
    for entry in node.value:
        try:
            rules.append(_rule(entry, fm, reader, wiki))
        except Problem as problem:
            report(problem.node or entry, problem.message)
    return rules, problems


def _rule(entry: Node, fm: Frontmatter, reader: QueryReader, wiki: Wiki) -> Rule:
    if not isinstance(entry, MappingNode):
        raise Problem(entry, f"a rule is {describe(entry)}; write - type: ... or - pages: ...")
    values = {key: (k, v) for key, k, v in mapping_items(entry)}
    is_type = "type" in values
    if is_type == ("pages" in values):
        raise Problem(
            entry,
            "a rule has either type: (a rule for one type) or pages: (a rule for a set of pages)",
        )
    known = TYPE_KEYS if is_type else PAGE_KEYS
    for key, (key_node, _) in values.items():
        if key not in known:
            raise Problem(
                key_node,
                f"unknown key {key!r} in a {'type' if is_type else 'pages'} rule; known "
                f"keys: {', '.join(known)}",
            )
    severity = "error"
    if "severity" in values:
        severity = _text(values["severity"][1], "severity")
        if severity not in SEVERITIES[:-1]:
            raise Problem(
                values["severity"][1], f"severity: {severity!r} is not one of error, warning, info"
            )
    line = fm.line(entry)

    def where(key: str) -> tuple[Where | None, str]:
        if key not in values:
            return None, ""
        node = values[key][1]
        try:
            return reader.where(node), _flow(node)
        except Problem as problem:
            raise Problem(
                problem.node, f"{key}: {problem.message.removeprefix('where: ')}"
            ) from None

    if is_type:
        name = _type(values["type"][1], wiki)
        source, source_text = where("from")
        target, target_text = where("to")
        limit = None
        if "max" in values:
            text = _text(values["max"][1], "max")
            # isdigit() is true of '²' and '٣', which int() refuses or reads; and a
            # thousand digits are no bound either.
            if not (text.isascii() and text.isdigit() and len(text) <= 18) or int(text) < 1:
                raise Problem(
                    values["max"][1], f"max: {text!r} is not a whole number of at least 1"
                )
            limit = int(text)
        redlinks = True
        if "redlinks" in values:
            flag = _text(values["redlinks"][1], "redlinks").lower()
            if flag not in ("true", "false"):
                raise Problem(values["redlinks"][1], f"redlinks: {flag!r} is not true or false")
            redlinks = flag == "true"
        if source is None and target is None and limit is None and redlinks:
            raise Problem(
                entry, f"the rule for {name} says nothing; add from:, to:, max: or redlinks: false"
            )
        return Rule(
            line,
            severity,
            f"type {name}",
            type=name,
            source=source,
            source_text=source_text,
            target=target,
            target_text=target_text,
            max=limit,
            redlinks=redlinks,
        )
    pages, pages_text = where("pages")
    requires = _type(values["requires"][1], wiki) if "requires" in values else None
    covered = _type(values["covered_by"][1], wiki) if "covered_by" in values else None
    if requires is None and covered is None:
        raise Problem(
            entry,
            "a pages rule needs requires: (an edge each page declares) or covered_by: (an "
            "edge pointing at each page)",
        )
    return Rule(
        line,
        severity,
        f"pages {pages_text}",
        pages=pages,
        pages_text=pages_text,
        requires=requires,
        covered_by=covered,
    )


def _text(node: Node, key: str) -> str:
    if not isinstance(node, ScalarNode):
        raise Problem(node, f"{key}: is {describe(node)}; write one value")
    return str(node.value)


def _type(node: Node, wiki: Wiki) -> str:
    name = _text(node, "type")
    if name not in wiki.graph.vocabulary:
        near = wiki.graph.vocabulary.suggester().hint(name).suggestion
        hint = f" Did you mean {near!r}?" if near else ""
        raise Problem(
            node, f"unknown relationship type {name!r} in a rule.{hint} Use a declared type"
        )
    return name
