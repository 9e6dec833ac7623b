"""Rules of wiki-config.md (read by rules.py) checked against the graph: which pages break
which rule, as diagnostics at the line to fix, and the overview's section listing them."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..frontmatter.block import read_frontmatter
from ..model.diagnostics import Diagnostic, apply_severity
from ..model.graph import Page
from ..output.labels import DEFAULT_LABELS as PANEL_LABELS
from ..output.labels import fill
from ..wiki.parsed_files import FreshFiles
from ..wiki.pipeline import Options, Wiki, load_wiki
from ..wiki.wiki_config import RULES_KEY
from .overview import DEFAULT_LABELS as OVERVIEW_LABELS
from .overview import SOURCE, overview_markdown, overview_page

if TYPE_CHECKING:  # the query language loads for a wiki-config.md, where rules may be
    from .engine import QueryEngine
    from .query_parts import Where
    from .rules import Rule


@dataclass
class RuleReport:
    """The rules read, which pages break which, and every diagnostic (bad rules included)."""

    file: str = ""
    rules: list[Rule] = field(default_factory=list)
    #: (rule, page id, diagnostic), by rule then page.
    findings: list[tuple[Rule, str, Diagnostic]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def breaking(self, rule: Rule) -> list[str]:
        """The pages that break a rule, sorted, each once."""
        return sorted({page for r, page, _ in self.findings if r is rule})


def rule_report(wiki: Wiki, config_path: str | None, config_file: str, max_hops: int) -> RuleReport:
    """Every rule checked against the wiki."""
    report = RuleReport(config_file)
    if config_path is None:
        return report
    fm = wiki.config_frontmatter
    if fm is None or fm.file != config_file:
        fm = read_frontmatter(config_path, config_file)
    if RULES_KEY not in fm.keys:
        return report  # and the query language is not loaded
    from .engine import QueryEngine
    from .rules import read_rules

    report.rules, report.diagnostics = read_rules(fm, wiki, max_hops)
    if not report.rules:
        return report
    engine = QueryEngine(wiki.graph)
    for rule in report.rules:
        name = f"the rule at {config_file}:{rule.line} ({rule.text})"
        for page_id, diagnostic in _check(rule, engine, name):
            report.findings.append((rule, page_id, diagnostic))
            report.diagnostics.append(diagnostic)
    return report


def read_with_rules(
    sources: Mapping[str, str],
    options: Options,
    max_hops: int,
    read: FreshFiles | None = None,
) -> tuple[Wiki, RuleReport]:
    """The wiki a build reads (see :func:`.load_wiki`), and its rules checked, their findings
    among its diagnostics at the severity ``options`` gives."""
    wiki = load_wiki(sources, options, read=read)
    config_path = sources.get(options.config_page)
    rules = rule_report(wiki, config_path, options.config_page, max_hops)
    if rules.diagnostics:
        wiki.diagnostics = apply_severity(wiki.diagnostics + rules.diagnostics, options.severity)
    return wiki, rules


def check_rules(
    wiki: Wiki, config_path: str | None, config_file: str, max_hops: int
) -> list[Diagnostic]:
    """Every rule's findings, each at the line to fix, at the rule's severity."""
    return rule_report(wiki, config_path, config_file, max_hops).diagnostics


def _check(rule: Rule, engine: QueryEngine, name: str) -> list[tuple[str, Diagnostic]]:
    graph = engine.graph
    found: list[tuple[str, Diagnostic]] = []

    # Once per page and condition: a hub is the target of many edges, and checking it again
    # for each would make the rules cost the sum of squared in-degrees, not pages plus edges.
    seen: dict[tuple[str, int], bool] = {}

    def matches(page_id: str, where: Where | None) -> bool:
        if where is None:
            return True
        key = (page_id, id(where))
        if key not in seen:
            seen[key] = engine.matches(page_id, where)
        return seen[key]

    def add(page: Page, line: int, code: str, message: str) -> None:
        level: Any = rule.severity
        found.append((page.id, Diagnostic(page.file, line, code, message, level)))

    if rule.type is not None:
        for page in graph.pages.values():
            count = 0
            for edge in page.edges:
                if edge.type != rule.type:
                    continue
                count += 1
                if rule.source is not None and not matches(page.id, rule.source):
                    add(
                        page,
                        edge.line,
                        "rule-endpoint",
                        f"this {rule.type} edge breaks {name}: its page must match from: "
                        f"{rule.source_text}; use another type here, or change the rule",
                    )
                target = edge.target_id
                if (
                    rule.target is not None
                    and target is not None
                    and not matches(target, rule.target)
                ):
                    add(
                        page,
                        edge.line,
                        "rule-endpoint",
                        f"this {rule.type} edge breaks {name}: its target {target!r} must match "
                        f"to: {rule.target_text}; point it at a page that does, or use another "
                        "type",
                    )
                if rule.max is not None and count == rule.max + 1:
                    add(
                        page,
                        edge.line,
                        "rule-max",
                        f"this page has more than {rule.max} {rule.type} "
                        f"edge{'s' if rule.max > 1 else ''}, which breaks {name}; keep at most "
                        f"{rule.max}",
                    )
                if not rule.redlinks and edge.redlink:
                    add(
                        page,
                        edge.line,
                        "rule-redlink",
                        f"this {rule.type} edge points at a redlink, which breaks {name} "
                        f"(redlinks: false); write the page {edge.target!r} first, or use another "
                        "type",
                    )
        return found
    for page in graph.pages.values():
        if not matches(page.id, rule.pages):
            continue
        if rule.requires is not None and rule.requires not in engine.edge_types(page, "out"):
            add(
                page,
                1,
                "rule-required",
                f"this page matches {name} but declares no {rule.requires} edge; add one under its "
                f"relationships (- type: {rule.requires})",
            )
        if rule.covered_by is not None and rule.covered_by not in engine.edge_types(page, "in"):
            add(
                page,
                1,
                "rule-coverage",
                f"no page points at this one with {rule.covered_by}, which {name} requires; add "
                f"a {rule.covered_by} edge to it from the page that covers it",
            )
    return found


#: Pages a rule's row names before "and N more": the table's cell, a line or two.
RULE_PAGES = 10


def rules_markdown(report: RuleReport, labels: Mapping[str, str], heading_level: int = 2) -> str:
    """The overview's section: each rule, and the pages that break it (or that none does)."""
    if not report.rules:
        return ""
    lines = [
        f"{'#' * heading_level} {labels['overview_rules']}",
        "",
        labels["overview_rules_intro"],
        "",
        f"| {labels['overview_rules_rule']} | {labels['overview_rules_pages']} |",
        "| --- | --- |",
    ]
    for rule in report.rules:
        pages = report.breaking(rule)
        listed = ", ".join(f"`{page}`" for page in pages[:RULE_PAGES])
        if len(pages) > RULE_PAGES:
            listed += f", {fill(labels['more'], n=len(pages) - RULE_PAGES)}"
        shown = listed if pages else labels["overview_rules_none"]
        where = f"`{report.file}:{rule.line}` {_cell(rule.summary)}"
        lines.append(f"| {where} | {shown} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return html.escape(text).replace("|", "\\|")


def with_rules(overview: str, report: RuleReport | None, labels: Mapping[str, str]) -> str:
    """The overview's Markdown with the rules' section, when the wiki has rules, after the
    other sections and before the queries folded at the end: the plugin's overview and
    inject's answer to the overview marker are this one text."""
    words = {**OVERVIEW_LABELS, "more": PANEL_LABELS["more"], **labels}
    rules = rules_markdown(report, words) if report is not None else ""
    if not rules:
        return overview
    sections, fold, queries = overview.rpartition(SOURCE)
    if not fold:
        return f"{overview}\n{rules}"
    return f"{sections}{rules}\n{fold}{queries}"


def overview_with_rules(labels: Mapping[str, str], report: RuleReport | None, *, page: bool) -> str:
    """The overview as a whole page (the ``overview`` option), or as what replaces the
    marker in an author's page, with the rules' results."""
    return with_rules(overview_page(labels) if page else overview_markdown(labels), report, labels)
