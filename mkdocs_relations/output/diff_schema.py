"""The JSON Schema of ``diff --format json`` (diff_report.json_report); json_schemas.py writes
it with the others, tests/test_diff.py holds real output to it."""

from __future__ import annotations

from ..model.diagnostics import CODES, SEVERITIES
from .data_schemas import DRAFT, Schema
from .diff_report import DIFF_FORMAT, DIFF_VERSION


def diff_schema() -> Schema:
    """The shape of ``diff --format json``; tests hold real output to it."""
    edge: Schema = {
        "type": "object",
        "required": ["source", "target", "type", "resolved", "line"],
        "additionalProperties": False,
        "properties": {
            "source": {"type": "string", "description": "The page declaring the edge (head id)."},
            "target": {
                "type": "string",
                "description": "The page it resolves to, or the text as written when resolved "
                "is false.",
            },
            "type": {"type": "string"},
            "resolved": {"type": "boolean"},
            "line": {"type": "integer", "minimum": 0},
            "note": {"type": "string"},
            "redlink": {"const": True},
        },
    }
    diagnostic: Schema = {
        "type": "object",
        "required": ["file", "line", "code", "severity", "message"],
        "additionalProperties": False,
        "properties": {
            "file": {"type": "string"},
            "line": {"type": "integer", "minimum": 0},
            "code": {"enum": list(CODES)},
            "severity": {"enum": [s for s in SEVERITIES if s != "ignore"]},
            "message": {"type": "string"},
        },
    }
    ids: Schema = {"type": "array", "items": {"type": "string"}}
    ends: Schema = {
        "type": "array",
        "items": {
            "type": "object",
            "required": ["source", "type"],
            "additionalProperties": False,
            "properties": {"source": {"type": "string"}, "type": {"type": "string"}},
        },
    }
    properties: Schema = {
        "format": {"const": DIFF_FORMAT},
        "version": {"const": DIFF_VERSION},
        "base": {"type": "string", "description": "The base revision or folder, as given."},
        "head": {"type": "string", "description": "The head revision or folder, as given."},
        "summary": {"type": "string"},
        "pages": _object(
            {
                "added": ids,
                "removed": ids,
                "renamed": {
                    "type": "array",
                    "items": _object({"from": {"type": "string"}, "to": {"type": "string"}}),
                },
            }
        ),
        "edges": _object(
            {
                "added": {"type": "array", "items": {"$ref": "#/$defs/edge"}},
                "removed": {"type": "array", "items": {"$ref": "#/$defs/edge"}},
                "changed": {
                    "type": "array",
                    "items": _object(
                        {"before": {"$ref": "#/$defs/edge"}, "after": {"$ref": "#/$defs/edge"}}
                    ),
                },
            }
        ),
        "diagnostics": _object(
            {
                "introduced": {"type": "array", "items": {"$ref": "#/$defs/diagnostic"}},
                "fixed": {"type": "array", "items": {"$ref": "#/$defs/diagnostic"}},
                "unchanged": {"type": "integer", "minimum": 0},
            }
        ),
        "suspect": {
            "description": "The suspect-edge diagnostics the change introduced.",
            "type": "array",
            "items": {"$ref": "#/$defs/diagnostic"},
        },
        "panels": {
            "description": "Pages whose 'used by' gains or loses an entry.",
            "type": "array",
            "items": _object({"page": {"type": "string"}, "gained": ends, "lost": ends}),
        },
        "reach": {
            "description": "Pages that now reach, or no longer reach, others along an acyclic "
            "or transitive type.",
            "type": "array",
            "items": _object(
                {"page": {"type": "string"}, "type": {"type": "string"}, "gained": ids, "lost": ids}
            ),
        },
    }
    return {
        "$schema": DRAFT,
        "title": "mkdocs-relations diff",
        "description": "What `mkdocs-relations diff --format json` prints: what a change does "
        "to the graph between two revisions or folders.",
        **_object(properties),
        "$defs": {"edge": edge, "diagnostic": diagnostic},
    }


def _object(properties: Schema) -> Schema:
    return {
        "type": "object",
        "required": list(properties),
        "additionalProperties": False,
        "properties": properties,
    }
