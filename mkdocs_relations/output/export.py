"""The graph as files: the compact graph the site ships, and JSON, DOT and Mermaid exports."""

from __future__ import annotations

import base64
import datetime
import io
import json
import math
from collections.abc import Callable, Mapping
from typing import Any

from ..frontmatter.edges import note_text
from ..model.direction import IN, OUT
from ..model.graph import Edge, Graph
from .labels import Labels

#: Bumped whenever the site graph's shape changes. The path finder checks it against the
#: value its widget carries (site_files.GraphScript), so a page and a graph file from
#: different builds are told apart.
SITE_GRAPH_VERSION = 3
SITE_GRAPH_FORMAT = "mkdocs-relations-graph"
#: The global graph.js assigns (a script, not JSON, so that sites opened from disk load it).
SITE_GRAPH_VARIABLE = "__mkdocsRelationsGraph"


def site_graph(
    graph: Graph,
    pages: Mapping[str, tuple[str, str]],
    max_hops: int,
    labels: Labels | None = None,
) -> dict[str, Any]:
    """The compact graph for the browser.

    Pages are numbered in sorted id order (the path search depends on it), each id, title and
    URL appears once, and edges are a flat list of (source, target, type) numbers. URLs are
    relative to the site root; there are no file paths and no page bodies. Type labels are
    the ones the panels show (``labels:`` applied); an edge's keys beyond type, target and
    redlink are kept under ``extra``, by edge number.
    """
    labels = labels or Labels(graph.vocabulary)
    ids = sorted(graph.pages)
    number = {page_id: i for i, page_id in enumerate(ids)}
    types = sorted(graph.vocabulary)
    type_number = {name: i for i, name in enumerate(types)}
    edges: list[int] = []
    extra: dict[str, dict[str, Any]] = {}
    for edge in graph.walkable_edges():
        assert edge.target_id is not None
        if edge.extra:
            extra[str(len(edges) // 3)] = extra_json(edge)
        edges += [number[edge.source], number[edge.target_id], type_number[edge.type]]
    aliases = {
        str(number[page.id]): list(page.aliases) for page in graph.pages.values() if page.aliases
    }
    titles = []
    urls = []
    for page_id in ids:
        title, url = pages.get(page_id, (graph.title(page_id), ""))
        titles.append(title)
        urls.append(url)
    vocabulary = graph.vocabulary
    return {
        "format": SITE_GRAPH_FORMAT,
        "version": SITE_GRAPH_VERSION,
        "max_hops": max_hops,
        "types": [
            {
                "name": name,
                "label": labels.type_label(name, OUT),
                "inverse": labels.type_label(name, IN),
                **({"symmetric": True} if vocabulary[name].symmetric else {}),
            }
            for name in types
        ],
        "ids": ids,
        "titles": titles,
        "urls": urls,
        "aliases": aliases,
        "edges": edges,
        **({"extra": extra} if extra else {}),
    }


def extra_json(edge: Edge) -> dict[str, Any]:
    """An edge's extra keys as JSON values: dates as ISO text, sets as sorted lists."""
    return {str(key): _json_value(value) for key, value in edge.extra.items()}


def _note_and_extra(edge: Edge) -> dict[str, Any]:
    """``note``, and the extra keys but the one the note was read from (said once, with its
    key under ``note_key`` when that is not ``note``)."""
    found: dict[str, Any] = {}
    extra = extra_json(edge)
    if edge.note:
        found["note"] = edge.note
        key = next((k for k, v in edge.extra.items() if note_text(v) == edge.note), None)
        if key is not None:
            del extra[str(key)]
            if key != "note":
                found["note_key"] = key
    if extra:
        found["extra"] = extra
    return found


def _json_value(value: Any) -> Any:
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((_json_value(v) for v in value), key=str)
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # NaN and infinities are not JSON
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def to_json(data: Any) -> str:
    """Compact, key-sorted JSON: the same graph gives the same bytes."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


#: Items of a long list written at a time by :func:`json_file`.
_CHUNK = 65_536


def json_file(data: Mapping[str, Any]) -> bytes:
    """``to_json(data)`` and a line end, as UTF-8, written a key at a time and a long list
    a chunk at a time: the whole text at once, its copy with the line end and its bytes
    were 45 MB together at 100,000 pages, the build's peak memory (issue 45). Compact
    JSON joins an object's sorted keys and a list's items with ``,``, so the pieces make
    the same bytes."""
    out = io.BytesIO()
    out.write(b"{")
    for number, key in enumerate(sorted(data)):
        if number:
            out.write(b",")
        out.write(to_json(key).encode("utf-8") + b":")
        value = data[key]
        if isinstance(value, list) and len(value) > _CHUNK:
            out.write(b"[")
            for start in range(0, len(value), _CHUNK):
                if start:
                    out.write(b",")
                out.write(to_json(value[start : start + _CHUNK])[1:-1].encode("utf-8"))
            out.write(b"]")
        else:
            out.write(to_json(value).encode("utf-8"))
    out.write(b"}\n")
    return out.getvalue()


def to_script(data: Any) -> str:
    """The graph as a script that assigns a global, for sites opened from disk (file://),
    where browsers refuse to fetch JSON (see :func:`script_value`)."""
    return f"window.{SITE_GRAPH_VARIABLE}={script_value(data)};\n"


def script_value(data: Any) -> str:
    """``data`` as a script expression: ``JSON.parse('…')`` of its compact JSON, which
    browsers read several times faster than the same data as an object literal (measured
    at 100,000 pages: 120 against 600 ms). In single quotes only ``\\`` and ``'`` are
    escaped, so the file is hardly larger than the JSON; ``<`` is escaped too, so the text
    can never close a script element, and U+2028 and U+2029 for older engines."""
    return script_text(to_json(data))


def script_text(text: str) -> str:
    """:func:`script_value` of data already written as compact JSON."""
    for raw, escaped in _IN_QUOTES:
        text = text.replace(raw, escaped)
    return f"JSON.parse('{text}')"


#: What a single-quoted script string escapes of JSON text (the backslash first).
_IN_QUOTES = (
    ("\\", "\\\\"),
    ("'", "\\'"),
    ("<", "\\u003c"),
    ("\u2028", "\\u2028"),
    ("\u2029", "\\u2029"),
)


def export_json(graph: Graph, title: Callable[[str], str] | None = None) -> dict[str, Any]:
    """The whole typed graph, readable: for scripts and other tools. ``title`` gives a page's
    title as the site shows it (default: the frontmatter title, else the file name)."""
    title = title or graph.title
    return {
        "format": "mkdocs-relations-export",
        "version": 1,
        "types": [
            {
                "name": t.name,
                "inverse": t.inverse,
                "description": t.description,
                "symmetric": t.symmetric,
                "acyclic": t.acyclic,
                "transitive": t.transitive,
            }
            for t in graph.vocabulary.values()
        ],
        "pages": [
            {
                "id": page.id,
                "file": page.file,
                "title": title(page.id),
                **({"frontmatter_id": page.frontmatter_id} if page.frontmatter_id else {}),
                **({"aliases": list(page.aliases)} if page.aliases else {}),
            }
            for page in graph.pages.values()
        ],
        "edges": [
            {
                "source": edge.source,
                "target": edge.target_id,
                "type": edge.type,
                "line": edge.line,
                **({"written": edge.target} if edge.target != edge.target_id else {}),
                **({"redlink": True} if edge.redlink else {}),
                **({"reason": edge.redlink_reason} if edge.redlink_reason else {}),
                **_note_and_extra(edge),
            }
            for edge in graph.edges()
        ],
    }


def export_dot(graph: Graph, title: Callable[[str], str] | None = None) -> str:
    """Graphviz DOT: pages as nodes labelled with titles, edges labelled with types."""
    title = title or graph.title
    lines = ["digraph relations {", "  rankdir=LR;", "  node [shape=box];"]
    for page in graph.pages.values():
        lines.append(f"  {_dot(page.id)} [label={_dot(title(page.id))}];")
    redlinks = sorted({e.target for e in graph.edges() if e.target_id is None})
    for target in redlinks:
        lines.append(f"  {_dot('?' + target)} [label={_dot(target)}, style=dashed, color=red];")
    for edge in graph.edges():
        target = edge.target_id if edge.target_id is not None else "?" + edge.target
        lines.append(f"  {_dot(edge.source)} -> {_dot(target)} [label={_dot(edge.type)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def export_mermaid(graph: Graph, title: Callable[[str], str] | None = None) -> str:
    """A Mermaid flowchart; node names are numbers because Mermaid ids cannot hold paths."""
    title = title or graph.title
    number = {page_id: f"p{i}" for i, page_id in enumerate(graph.pages)}
    lines = ["flowchart LR"]
    for page in graph.pages.values():
        lines.append(f'  {number[page.id]}["{mermaid_text(title(page.id))}"]')
    redlinks: dict[str, str] = {}
    for edge in graph.edges():
        if edge.target_id is None and edge.target not in redlinks:
            redlinks[edge.target] = f"r{len(redlinks)}"
            lines.append(f'  {redlinks[edge.target]}["{mermaid_text(edge.target)}"]:::redlink')
    for edge in graph.edges():
        target = number[edge.target_id] if edge.target_id is not None else redlinks[edge.target]
        lines.append(f"  {number[edge.source]} -->|{mermaid_text(edge.type)}| {target}")
    if redlinks:
        lines.append("  classDef redlink stroke:#c62828,stroke-dasharray:4 2")
    return "\n".join(lines) + "\n"


def mermaid_text(text: str) -> str:
    # Mermaid reads #...; as an entity code, and quotes or brackets end a label.
    out = []
    for char in text:
        if char in '"#<>[]{}()|`' or ord(char) < 32:
            out.append(f"#{ord(char)};")
        else:
            out.append(char)
    return "".join(out)
