"""The panel, picture, trail and "Mentioned in" markup: the one writer of what a page shows.

Rendering ``relations/panel.html`` (with ``picture.html``) through the template engine costs
about three times as much (0.23 against 0.08 ms of CPU time a panel, every panel of a
generated 2,000-page wiki), most of it the engine looking up attributes and wrapping every
escaped string. The HTML itself is a few kilobytes of prepared strings, joined once here.
The package's templates are the starting point of a theme's override, which
:class:`~.render.Renderer` renders by Jinja in place of these functions; a change of the
markup here goes into the template too, so that an override starts from what a page shows.

Long because it is the one writer of every piece the templates hold (panel, picture, jump
line, trail, mentions), kept side by side as the templates are.
"""

from __future__ import annotations

from collections.abc import Sequence

from .escaped import KEPT, Escaped, Parts
from .labels import fill
from .panel import Panel
from .picture import Box, Caption, Picture, Wire, line_ys
from .records import PageRef


def panel_html(panel: Panel, placement: str, finder: bool, e: Escaped) -> list[str]:
    """The parts of relations/panel.html for one page, to be joined."""
    labels = panel.labels
    out = [
        f'<aside class="relations relations--{e[placement]}" data-relations-panel '
        'data-search-exclude aria-labelledby="relations-panel">'
        f'<h2 class="relations__title" id="relations-panel">{e[labels["title"]]}</h2>'
    ]
    add = out.append
    if panel.groups:
        add('<dl class="relations__groups simple">')
        for group in panel.groups:
            add(
                f'<dt class="relations__label" id="{e[group.anchor]}">{e[group.label]}</dt>'
                '<dd class="relations__entries">'
            )
            for fold, entries in group.parts:
                if fold:
                    red = " data-relations-redlinks" if fold == "redlinks" else ""
                    count = e[fill(labels[fold], n=len(entries))]
                    add(
                        f'<details class="relations__fold" data-relations-fold{red}>'
                        f'<summary class="relations__summary">{count}</summary>'
                    )
                add("<ul>")
                for entry in entries:
                    kind = (
                        f'data-relation-type="{e[entry.type]}" '
                        f'data-relation-direction="{entry.direction}"'
                    )
                    if entry.url is not None:
                        tip = f' title="{e[entry.title]}"' if entry.tip else ""
                        add(
                            f'<li><a href="{e[entry.url]}" class="relations__link" '
                            f"{kind}{tip}>{e[entry.title]}</a>"
                        )
                    else:
                        reason = e[str(entry.reason)]
                        add(
                            '<li><span class="relations__redlink" role="link" '
                            f'aria-disabled="true" title="{reason}" {kind} '
                            f"data-relation-redlink>{e[entry.title]}</span> "
                            f'<span class="relations__note relations__reason">{reason}</span>'
                        )
                    note = entry.shown_note
                    if note is not None:
                        if note.rest:
                            add(
                                ' <details class="relations__note relations__long-note">'
                                f'<summary>{note.shown}<span class="relations__ellipsis">'
                                '&#8230;</span> <span class="relations__note-more">'
                                f"{e[labels['note_more']]}</span></summary>{note.rest}</details>"
                            )
                        else:
                            add(f' <span class="relations__note">{note.shown}</span>')
                    if entry.suspect:
                        add(
                            ' <span class="relations__note relations__suspect" '
                            f"data-relation-suspect>{e[labels['suspect']]}</span>"
                        )
                    add("</li>")
                add("</ul>")
                if fold:
                    add("</details>")
            add("</dd>")
        add("</dl>")
    for reach in panel.reach:
        reverse = "true" if reach.direction == "in" else "false"
        add(
            f'<details class="relations__reach" data-relation-reach="{e[reach.type]}" '
            f'data-relation-reverse="{reverse}">'
            f'<summary class="relations__summary">{e[reach.label]} '
            f'<span class="relations__count">({e[reach.count]})</span></summary>'
            '<dl class="relations__hops simple">'
        )
        chains: dict[str, str] = {}
        for hop in reach.hops:
            add(f"<dt>{e[hop.label]}</dt><dd><ul>")
            for step in hop.entries:
                add(
                    f'<li data-relation-hops="{step.hops}"><a href="{e[step.url]}" '
                    f'title="{e.chain(step.chain, chains)}">{e[step.title]}</a>'
                )
                if step.via_text:
                    add(f' <span class="relations__via">{e[step.via_text]}</span>')
                add("</li>")
            add("</ul></dd>")
        add("</dl>")
        if reach.more:
            add(f'<p class="relations__more">{e[reach.more]}</p>')
        add("</details>")
    if panel.picture:
        out += picture_html(panel.picture, e)
    if finder:
        add(
            '<p class="relations__find" data-relations-finder-link hidden>'
            f'<a href="#relations-finder">{e[labels["find_from_here"]]}</a></p>'
        )
    add("</aside>")
    return out


_DEFS = (
    '"><defs>'
    '<marker id="relations-arrow" viewBox="0 0 10 10" refX="10" refY="5" '
    'markerWidth="7" markerHeight="7" orient="auto">'
    '<path d="M 0 0 L 10 5 L 0 10 z" class="relations__arrowhead"/>'
    "</marker></defs>"
)


def picture_html(pic: Picture, e: Escaped) -> list[str]:
    """The parts of relations/picture.html (autoescape off there: only strings are escaped)."""
    label = e[pic.label]
    grouped = " data-relations-grouped" if pic.grouped else ""
    out = [
        f'<figure class="relations__picture" data-relations-picture{grouped}>'
        f'<svg viewBox="0 0 {pic.width} {pic.height}" width="{pic.width}" '
        f'height="{pic.height}" font-size="{pic.font}" role="img" aria-label="{label}{_DEFS}'
    ]
    add = out.append
    wires, floats = e.wires, e.floats
    for wire in pic.wires:
        x1, y1, x2, y2 = wire.x1, wire.y1, wire.x2, wire.y2
        # The layout's numbers are floats; an int would be written "4", not "4.0", so only
        # floats share a key (4 == 4.0).
        if type(x1) is type(y1) is type(x2) is type(y2) is float:
            drawn = (x1, y1, x2, y2, wire.type, wire.direction, wire.arrow)
            html = wires.get(drawn)
            if html is None:
                at = f'x1="{floats[x1]}" y1="{floats[y1]}" x2="{floats[x2]}" y2="{floats[y2]}"'
                html = _wire_html(wire, at, e)
                if len(wires) < KEPT:
                    wires[drawn] = html
        else:
            html = _wire_html(wire, wire.geometry, e)
        add(html)
    captions = e.captions
    for caption in pic.captions:
        if type(caption.x) is type(caption.y) is float:
            written = (caption.x, caption.y, caption.type, *caption.lines)
            html = captions.get(written)
            if html is None:
                html = _caption_html(caption, e)
                if len(captions) < KEPT:
                    captions[written] = html
        else:
            html = _caption_html(caption, e)
        add(html)
    boxes, baselines = e.boxes, e.baselines
    for box in [*pic.boxes, pic.center]:
        url = box.url
        if box.kind == "current":
            # The centre is the page's own title, drawn once.
            parts = _box_parts(box, e)
        else:
            # A page's box is the same in every picture it is drawn in, but for where it
            # stands and its link, which is relative to the page the picture is on: both are
            # put in here, so one box's pieces serve every picture that page is drawn in.
            # 4 and 4.0 are one key but two texts: the numbers' types are in it too.
            key = (
                url is None, box.kind, box.full, tuple(box.lines), box.x, box.w, box.h,
                type(box.x), type(box.w), type(box.h),
            )  # fmt: skip
            known = boxes.get(key)
            if known is None:
                known = _box_parts(box, e)
                if len(boxes) < KEPT:
                    boxes[key] = known
            parts = known
        head, middle, before_y, after_y, end = parts
        y, h, count = box.y, box.h, len(after_y)
        ys = baselines.get((y, h, count))
        if ys is None:
            # The same floats from the same numbers whatever their types (4 and 4.0 alike).
            ys = tuple(map(str, line_ys(y, h, count)))
            if len(baselines) < KEPT:
                baselines[y, h, count] = ys
        # A box has one to three lines (MAX_LINES; the centre four): written out, not joined.
        if count == 1:
            spans = f"{before_y}{ys[0]}{after_y[0]}"
        elif count == 2:
            spans = f"{before_y}{ys[0]}{after_y[0]}{before_y}{ys[1]}{after_y[1]}"
        elif count == 3:
            spans = (
                f"{before_y}{ys[0]}{after_y[0]}{before_y}{ys[1]}{after_y[1]}"
                f"{before_y}{ys[2]}{after_y[2]}"
            )
        else:
            spans = "".join([f"{before_y}{b}{after}" for b, after in zip(ys, after_y, strict=True)])
        at = floats[y] if type(y) is float else str(y)
        if url is None:
            add(f"{head}{at}{middle}{spans}{end}")
        else:
            add(f'<a xlink:href="{e[url]}{head}{at}{middle}{spans}{end}')
    add("</svg></figure>")
    return out


def _wire_html(wire: Wire, geometry: str, e: Escaped) -> str:
    arrow = ' marker-end="url(#relations-arrow)"' if wire.arrow else ""
    return (
        f"<line {geometry} data-relations-wire="
        f'"{e[wire.type]}" data-relations-wire-direction="{wire.direction}"{arrow}/>'
    )


def _caption_html(caption: Caption, e: Escaped) -> str:
    x = str(caption.x)
    spans = "".join([f'<tspan x="{x}" y="{y}">{e[line]}</tspan>' for y, line in caption.baselines])
    return (
        f'<text class="relations__edge-label" x="{x}" '
        f'data-relations-caption="{e[caption.type]}">{spans}</text>'
    )


def _box_parts(box: Box, e: Escaped) -> Parts:
    """A box's HTML in the pieces around its link and y-coordinates: after the link (or from
    the start, for a box with none) up to the rect's y, after it up to the lines, before each
    line's y, after each line's y, and the end."""
    # Always a float (the half of a width is), so the build's texts of floats serve.
    x = e.floats[box.text_x]
    kind = box.kind
    if box.url is not None:
        start = '" class="relations__node'
        end = "</text></a>"
    else:
        start, end = '<g class="relations__node', "</text></g>"
    # A page's box is the plain one: only the others are named (current, redlink, group).
    modifier = "" if kind == "page" else f" relations__node--{kind}"
    full = e[box.full]
    tip = f"<title>{full}</title>" if box.shortened else ""
    corner = 6 if kind == "current" else 4
    if full == box.full:
        # Nothing in the title to escape: its lines are its words, with at most a hyphen and
        # an ellipsis added (text_fit), so only a line that is not ASCII needs escaping. Most
        # lines are pieces of a title found nowhere else: not kept.
        lines = [
            f'">{line}</tspan>' if line.isascii() else f'">{e[line]}</tspan>' for line in box.lines
        ]
    else:
        lines = [f'">{e[line]}</tspan>' for line in box.lines]
    return (
        f'{start}{modifier}">{tip}<rect x="{box.x}" y="',
        f'" width="{box.w}" height="{box.h}" rx="{corner}"/><text x="{x}">',
        f'<tspan x="{x}" y="',
        tuple(lines),
        end,
    )


def jump_html(panel: Panel, e: Escaped) -> list[str]:
    """The parts of relations/jump.html: the panel's headings and counts, linked."""
    label = e[panel.labels["jump"]]
    out = [
        f'<nav class="relations-jump" data-relations-jump data-search-exclude aria-label="{label}">'
        f'<a href="#relations-panel" class="relations-jump__title">{label}</a>'
    ]
    out += [
        f' <a href="#{e[group.anchor]}">{e[group.label]} '
        f'<span class="relations-jump__count">{len(group.entries)}</span></a>'
        for group in panel.groups
    ]
    out.append("</nav>")
    return out


def breadcrumbs_html(trail: Sequence[PageRef], title: str, label: str, e: Escaped) -> list[str]:
    """The parts of relations/breadcrumbs.html."""
    out = [
        '<nav class="relations-trail" data-relations-breadcrumbs data-search-exclude '
        f'aria-label="{e[label]}">\n  <ol>'
    ]
    out += [f'    <li><a href="{e[step.url]}">{e[step.title]}</a></li>' for step in trail]
    out.append(f'    <li aria-current="page">{e[title]}</li>\n  </ol>\n</nav>')
    return out


def mentions_html(pages: Sequence[PageRef], label: str, e: Escaped) -> list[str]:
    """The parts of relations/mentions.html."""
    out = [
        '<aside class="relations-mentions" data-relations-mentions data-search-exclude>\n'
        f'  <h2 id="relations-mentions">{e[label]}</h2>\n  <ul>'
    ]
    out += [f'    <li><a href="{e[page.url]}">{e[page.title]}</a></li>' for page in pages]
    out.append("  </ul>\n</aside>")
    return out
