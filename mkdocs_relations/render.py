"""Jinja rendering of the panel, with the theme's folders first so users can override it."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import jinja2

from .panel import Panel

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")
ASSETS = os.path.join(os.path.dirname(__file__), "assets")


class Renderer:
    """Renders ``relations/*.html`` templates; a theme's ``custom_dir`` copy wins."""

    def __init__(self, theme_dirs: Sequence[str] = ()) -> None:
        # Our own environment rather than the theme's: MkDocs' theme environment does not
        # autoescape, and every string here comes from a page that anyone may edit.
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader([*theme_dirs, TEMPLATES]),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )

    def panel(self, panel: Panel, page_id: str, placement: str) -> str:
        template = self.env.get_template("relations/panel.html")
        return template.render(panel=panel, page_id=page_id, placement=placement)

    def path_finder(
        self, page_id: str, types: Sequence[str], max_hops: int, labels: Mapping[str, str]
    ) -> str:
        template = self.env.get_template("relations/pathfinder.html")
        return template.render(page_id=page_id, types=types, max_hops=max_hops, labels=labels)
