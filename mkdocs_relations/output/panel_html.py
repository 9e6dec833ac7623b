"""The panel, picture, trail and "Mentioned in" markup: the one writer of what a page shows.

Rendering ``relations/panel.html`` (with ``groups.html`` and ``picture.html``) through the
template engine costs about three times as much (0.23 against 0.08 ms of CPU time a panel,
every panel of a generated 2,000-page wiki), most of it the engine looking up attributes and
wrapping every escaped string. The HTML itself is a few kilobytes of prepared strings,
joined once here. The package's templates are the starting point of a theme's override,
which :class:`~.render.Renderer` renders by Jinja in place of these functions; a change of
the markup here goes into the template too, so that an override starts from what a page
shows. The picture is drawn by the reader's browser (``assets/relations-picture.js``) from
the lists written here: a page carries its figure's place, not its drawing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .escaped import Escaped
from .labels import fill
from .panel import Panel, PictureSpot
from .records import Group, PageRef


def panel_html(panel: Panel, placement: str, e: Escaped, anchors: bool = True) -> list[str]:
    """The parts of relations/panel.html for one page, to be joined. (The line linking to
    the path finder is the finder's script's: it points at a widget only that script makes,
    and says the words the finder's form carries.) ``anchors``: whether each group's heading
    carries its id, for what links to it (the jump line, the grouped picture's boxes)."""
    labels = panel.labels
    # The placement's class only where the stylesheet reads it (a panel at the top).
    where = " relations--top" if placement == "top" else ""
    out = [
        f'<aside class="relations{where}" data-relations-panel data-search-exclude '
        'aria-labelledby="relations-panel">'
        f'<h2 id="relations-panel">{e[labels["title"]]}</h2>'
    ]
    add = out.append
    if panel.groups:
        out += groups_html(panel.groups, labels, e, anchors)
    for reach in panel.reach:
        reverse = "true" if reach.direction == "in" else "false"
        add(
            f'<details data-relation-reach="{e[reach.type]}" '
            f'data-relation-reverse="{reverse}">'
            f"<summary>{e[reach.label]} <span>({e[reach.count]})</span></summary>"
            '<dl class="simple">'
        )
        for hop in reach.hops:
            # The distance said once, on the list of the pages at it.
            add(f'<dt>{e[hop.label]}</dt><dd><ul data-relation-hops="{hop.hops}">')
            for step in hop.entries:
                add(f'<li><a href="{e[step.url]}">{e[step.title]}</a>')
                if step.via_text:
                    add(f" <small>{e[step.via_text]}</small>")
                add("</li>")
            add("</ul></dd>")
        add("</dl>")
        if reach.more:
            add(f'<p class="relations__more">{e[reach.more]}</p>')
        add("</details>")
    if panel.picture:
        out += picture_html(panel.picture, labels, e)
    add("</aside>")
    return out


def groups_html(
    groups: Sequence[Group], labels: Mapping[str, str], e: Escaped, anchors: bool = False
) -> list[str]:
    """The parts of relations/groups.html: the direct relationships, group by group (the
    panel's lists, which the picture's script also reads); each heading with its id where
    ``anchors`` says something links to it."""
    out: list[str] = []
    add = out.append
    add('<dl class="relations__groups simple">')
    for group in groups:
        usual = group.usual
        anchor = f' id="{e[group.anchor]}"' if anchors else ""
        add(
            f"<dt{anchor}>{e[group.label]}</dt>"
            f'<dd data-relation-type="{e[usual[0]]}" '
            f'data-relation-direction="{usual[1]}">'
        )
        for fold, entries in group.parts:
            if fold:
                red = " data-relations-redlinks" if fold == "redlinks" else ""
                count = e[fill(labels[fold], n=len(entries))]
                add(
                    f'<details class="relations__fold" data-relations-fold{red}>'
                    f"<summary>{count}</summary>"
                )
            add("<ul>")
            for entry in entries:
                # Said once on the group's list; here only where this entry differs.
                kind = (
                    ""
                    if (entry.type, entry.direction) == usual
                    else f' data-relation-type="{e[entry.type]}" '
                    f'data-relation-direction="{entry.direction}"'
                )
                if entry.url is not None:
                    tip = f' title="{e[entry.title]}"' if entry.tip else ""
                    add(f'<li><a href="{e[entry.url]}"{kind}{tip}>{e[entry.title]}</a>')
                else:
                    reason = e[str(entry.reason)]
                    add(
                        '<li><span class="relations__redlink" role="link" '
                        f'aria-disabled="true" title="{reason}"{kind} '
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
    return out


def picture_html(pic: PictureSpot, labels: Mapping[str, str], e: Escaped) -> list[str]:
    """The parts of relations/picture.html: where the picture's script draws it, from the
    panel's lists or, where the panel does not list them, from the figure's own (shown
    without JavaScript, hidden once the picture is drawn)."""
    grouped = " data-relations-grouped" if pic.grouped else ""
    hidden = "" if pic.groups else " hidden"
    out = [
        f'<figure data-relations-picture{grouped} data-relations-title="{e[pic.title]}"{hidden}>'
    ]
    if pic.groups:
        out += groups_html(pic.groups, labels, e)
    out.append("</figure>")
    return out


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
    out += [
        f'    <li><a href="{e[step.url]}"{tip}>{e[step.title]}</a></li>'
        for step in trail
        for tip in [f' title="{e[step.title]}"' if step.tip else ""]
    ]
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
