"""The path finder in a real headless Chromium: keyboard only, instant navigation, sub-paths,
file://, and hostile titles."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from conftest import Site, output_dir, run, serve
from wikis import PANEL_WIKI as WIKI

from mkdocs_relations.output import export, finder_files, site_files
from mkdocs_relations.output.labels import DEFAULT_LABELS

pytestmark = pytest.mark.browser

MATERIAL = {"name": "material", "features": ["navigation.instant"]}


def _tab_to(page: Any, element_id: str, limit: int = 300) -> None:
    """Reach an element with the Tab key alone, as a keyboard user would."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return
    raise AssertionError(f"#{element_id} cannot be reached with Tab")


def _ask(page: Any, text: str) -> str:
    _tab_to(page, "relations-finder-input")
    page.keyboard.type(text)
    page.wait_for_selector(".relations-finder__option")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    result = page.locator(".relations-finder__result")
    result.locator("p, code").first.wait_for()
    return str(result.inner_text())


def test_keyboard_query_under_a_sub_path_with_instant_navigation(
    site: Site, browser: Any, tmp_path: Path
) -> None:
    site.pages(WIKI)
    site.extra_config = {"theme": MATERIAL, "site_url": "http://127.0.0.1/wiki/"}
    assert site.build(strict=True).ok
    root = tmp_path / "www"
    shutil.copytree(site.site_dir, root / "wiki")
    expected = run("path", "reporting", "platform/checkout", cwd=site.root).stdout.strip()
    with serve(root) as url:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(url + "wiki/reporting/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        assert not any("graph.js" in r for r in requested), "graph loaded before first use"
        _ask(page, "check")
        assert page.locator(".relations-finder__text").text_content() == expected
        assert any(r.endswith("/wiki/assets/mkdocs-relations/graph.js") for r in requested)
        edges = page.locator(".relations-finder__chain [data-relation-type]")
        # The panel's words: "out" walks an edge from the page that declares it.
        directions = [edges.nth(i).get_attribute("data-relation-direction") for i in range(2)]
        assert directions == ["out", "out"]
        # The docs' finder.png comes from test_browser_panels (Material, a result shown).
        shot = output_dir("finder") / "finder-keyboard.png"
        page.locator("[data-relations-pathfinder]").screenshot(path=str(shot))
        # Follow a link of the chain: Material swaps the page in place.
        page.locator(".relations-finder__chain a", has_text="Payment service").click()
        page.wait_for_url(url + "wiki/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        assert page.get_attribute("[data-relations-pathfinder]", "data-relations-page") == "index"
        page.locator(".relations-finder__input").fill("")
        text = _ask(page, "Lonely")
        # Lonely has no relationship at all: not "no path within 4 hops", which reads as if
        # a fifth hop might reach it.
        assert "“Payment service” and “Lonely” are not connected" in text
        assert page.get_attribute(".relations-finder__result", "data-relations-found") == "false"
        assert page.get_attribute(".relations-finder__result", "data-relations-why") == "apart"
        assert errors == []
        page.close()


def test_type_filter_hops_and_direction(site: Site, browser: Any) -> None:
    site.pages(WIKI)
    site.extra_config = {"theme": MATERIAL}
    assert site.build().ok
    with serve(site.site_dir) as url:
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        page.select_option(".relations-finder__type", "relates-to")
        _ask(page, "Ledger")
        assert "No chain of the chosen relationships joins" in (
            page.locator(".relations-finder__result").inner_text()
        )
        page.select_option(".relations-finder__type", "")
        page.fill(".relations-finder__hops", "1")
        page.click(".relations-finder__submit")
        page.wait_for_selector(".relations-finder__text", state="attached")
        assert page.locator(".relations-finder__text").text_content() == (
            "[[index]] —depends-on→ [[ledger]]"
        )
        expected = run("path", "ledger", "index", "--directed", cwd=site.root)
        assert expected.returncode == 1
        page.goto(url + "ledger/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        page.check(".relations-finder__directed")
        text = _ask(page, "Payment")
        assert "No chain of the chosen relationships joins “Ledger” and “Payment service”" in text
        # The page the reader is on is never offered; named anyway, it is said so.
        page.fill(".relations-finder__input", "ledger")
        page.click(".relations-finder__submit")
        result = page.locator(".relations-finder__result")
        result.filter(has_text="That is this page").wait_for()
        assert "No page matches" not in result.inner_text()
        # A symmetric type reads the same both ways: no arrowhead, as in the picture.
        page.goto(url + "platform/checkout/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        page.select_option(".relations-finder__type", "relates-to")
        _ask(page, "Ledger")
        assert page.locator(".relations-finder__edge").all_inner_texts() == ["—relates to—"]
        page.close()


def test_file_url_without_directory_urls(site: Site, browser: Any) -> None:
    site.pages(WIKI)
    site.extra_config = {"theme": {"name": "mkdocs"}, "use_directory_urls": False}
    assert site.build().ok
    page = browser.new_page()
    page.goto((site.site_dir / "platform" / "checkout.html").as_uri())
    page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
    _ask(page, "Reporting")
    expected = run("path", "platform/checkout", "reporting", cwd=site.root).stdout.strip()
    assert page.locator(".relations-finder__text").text_content() == expected
    hrefs = page.eval_on_selector_all(".relations-finder__chain a", "els => els.map(e => e.href)")
    # One link per page of the chain (the text form names each as [[id]]).
    assert len(hrefs) == expected.count("[[") >= 2, (hrefs, expected)
    assert all(h.startswith("file://") and h.endswith(".html") for h in hrefs)
    for href in hrefs:
        assert Path(href.removeprefix("file://")).is_file(), href
    page.close()


def test_every_label_of_the_form_is_one_line_on_a_phone(site: Site, browser: Any) -> None:
    """The mkdocs theme's wider type set "At most hops" on two lines in a 6.5em column at
    390 px, out of line with "Edge type" beside it (a new user's screenshot)."""
    site.pages(WIKI)
    site.extra_config = {"theme": {"name": "mkdocs"}}
    assert site.build().ok
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto((site.site_dir / "platform" / "checkout" / "index.html").as_uri())
    page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
    labels = page.eval_on_selector_all(
        ".relations-finder__field > label, .relations-finder__field > span:first-child",
        """els => els.filter(e => e.offsetParent).map(e => {
            const style = getComputedStyle(e);
            const line = parseFloat(style.lineHeight) || 1.5 * parseFloat(style.fontSize);
            return [e.textContent.trim(), e.getBoundingClientRect().height, line];
        })""",
    )
    assert {"Page", "Edge type", "At most hops"} <= {text for text, _, _ in labels}, labels
    for text, height, line in labels:
        assert height < 1.5 * line, (text, height, line)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_form_is_built_from_the_site_s_one_copy(site: Site, browser: Any, width: int) -> None:
    """A page holds a placeholder; the script puts the site's form in its place (from disk
    too), and the panel's link leads into it."""
    site.pages(WIKI)
    site.extra_config = {"theme": {"name": "material"}, "use_directory_urls": False}
    assert site.build().ok
    html = site.html("platform/checkout.html")
    assert "<form" not in html and "data-relations-pathfinder" in html
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((site.site_dir / "platform" / "checkout.html").as_uri())
    page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
    finder = page.locator("[data-relations-pathfinder]")
    assert finder.count() == 1 and finder.get_attribute("id") == "relations-finder"
    assert finder.get_attribute("data-relations-page") == "platform/checkout"
    assert finder.get_attribute("data-relations-graph") == "../" + site_files.GRAPH_SCRIPT
    assert finder.locator("form").is_visible()
    labels = finder.locator("label").all_inner_texts()
    assert [label.strip() for label in labels] == [
        DEFAULT_LABELS[key]
        for key in ("finder_to", "finder_type", "finder_hops", "finder_directed")
    ]
    # Every field within the page's width, on a phone as on a desktop.
    boxes = finder.locator("input, select, button").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    )
    assert boxes and max(boxes) <= width
    page.locator("[data-relations-finder-link] a").click()
    assert page.evaluate("document.activeElement.id") == "relations-finder-input"
    page.keyboard.type("Reporting")
    page.wait_for_selector(".relations-finder__option")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.locator(".relations-finder__text").wait_for(state="attached")
    expected = run("path", "platform/checkout", "reporting", cwd=site.root).stdout.strip()
    assert page.locator(".relations-finder__text").text_content() == expected
    page.close()


MINIMAL_THEME = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ page.title|e }}</title>
{% for path in config.extra_css %}<link rel="stylesheet" href="{{ path|url }}">{% endfor %}
</head><body><main>{{ page.content }}</main>
{% for script in config.extra_javascript %}{{ script|script_tag }}{% endfor %}
</body></html>
"""

HOSTILE = {
    "index.md": """
        ---
        title: "Home <img src=x onerror=alert(1)>"
        aliases: ["</script><script>alert(2)</script>"]
        relationships:
          - type: depends-on
            target: evil
            note: "<script>alert(3)</script>"
          - type: depends-on
            target: "[[planned]]"
            redlink: "\\" onmouseover=\\"alert(4)"
        ---
        # Home
        """,
    "evil.md": """
        ---
        title: "Evil \\u2028 </script><img src=x onerror=alert(5)> javascript:alert(6)"
        ---
        # Evil
        """,
}


def test_hostile_titles_never_execute(site: Site, browser: Any) -> None:
    site.pages(HOSTILE)
    # The stock themes print page titles unescaped in their navigation (MkDocs' templates do
    # not autoescape), which would run the payloads before the plugin is involved. A minimal
    # theme that escapes what it prints isolates what the plugin writes.
    theme = site.root / "minimal"
    theme.mkdir()
    (theme / "main.html").write_text(MINIMAL_THEME)
    site.extra_config = {"theme": {"name": None, "custom_dir": "minimal"}}
    assert site.build().ok
    with serve(site.site_dir) as url:
        page = browser.new_page()
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(url)
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        page.locator("[data-relations-panel]").hover()
        page.locator("[data-relation-redlink]").hover()
        text = _ask(page, "evil")
        assert "</script><img src=x onerror=alert(5)>" in text
        assert (
            page.locator("[data-relations-panel]").inner_text().count("<script>alert(3)</script>")
            == 1
        )
        page.goto(url + "evil/")
        page.wait_for_selector("[data-relations-panel]")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        page.locator(".relations-finder__input").type("</script")
        page.wait_for_selector(".relations-finder__option")
        # Found by its alias; the page the reader is on is not offered.
        options = page.locator(".relations-finder__options").inner_text()
        assert "Home <img src=x onerror=alert(1)>" in options and "Evil" not in options
        assert page.locator("img[src='x']").count() == 0
        assert dialogs == []
        page.close()


def test_finder_messages_follow_the_labels_option(site: Site, browser: Any) -> None:
    site.pages(WIKI)
    site.plugin_options = {
        "labels": {
            "finder_not_connected": "Kein Pfad zwischen „{from}“ und „{to}“.",
            "finder_hops_found": "{n} Schritte:",
        }
    }
    assert site.build().ok
    with serve(site.site_dir) as url:
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        assert "Kein Pfad zwischen „Payment service“ und „Lonely“." in _ask(page, "Lonely")
        page.locator(".relations-finder__input").fill("")
        assert _ask(page, "Reporting").startswith("1 hop:")
        page.close()


def _result(page: Any, text: str, hops: str | None = None) -> str:
    page.fill(".relations-finder__input", text)
    if hops is not None:
        page.fill(".relations-finder__hops", hops)
    page.click(".relations-finder__submit")
    result = page.locator(".relations-finder__result")
    result.locator("p").first.wait_for()
    return str(result.inner_text())


def test_the_finder_reads_what_the_build_writes(
    site: Site, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The script holds no copy of the graph file's path, format, version or global, nor of
    the hop limit: change them in Python alone and the finder still answers. A graph file
    from another build is refused in the site's own words, and the limit is the graph's."""
    monkeypatch.setattr(export, "SITE_GRAPH_FORMAT", "test-format")
    monkeypatch.setattr(export, "SITE_GRAPH_VERSION", 99)
    monkeypatch.setattr(export, "SITE_GRAPH_VARIABLE", "__testGraph")
    monkeypatch.setattr(site_files, "GRAPH_SCRIPT", "assets/elsewhere/g.js")
    site.pages(WIKI)
    site.plugin_options = {"max_hops": 3, "labels": {"finder_outdated": "Stale graph."}}
    site.extra_config = {"theme": MATERIAL}
    assert site.build().ok
    script = site.site_dir / "assets" / "elsewhere" / "g.js"
    text = script.read_text("utf-8")
    assert text.startswith("window.__testGraph=JSON.parse('{")
    assert '"format":"test-format"' in text and '"version":99' in text
    expected = run("path", "reporting", "platform/checkout", cwd=site.root).stdout.strip()

    def ask(url: str, query: str, hops: str | None = None) -> str:
        page = browser.new_page()  # a new context: nothing cached from the last graph file
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url + "reporting/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        answer = _result(page, query, hops)
        if "hops:" in answer:
            answer += "\n" + str(page.locator(".relations-finder__text").text_content())
        page.close()
        assert errors == []
        return answer

    with serve(site.site_dir) as url:
        assert ask(url, "Checkout").endswith(expected)
        assert "at most 3 hops; searched within 3" in ask(url, "Checkout", "9")
        # The page still says 3 (its field's max); the graph file says 2, and rules.
        script.write_text(text.replace('"max_hops":3', '"max_hops":2'), "utf-8")
        assert "at most 2 hops; searched within 2" in ask(url, "Checkout", "9")
        # A graph file of another version than the page was built for.
        script.write_text(text.replace('"version":99', '"version":98'), "utf-8")
        assert ask(url, "Checkout") == "Stale graph."
        script.unlink()
        assert ask(url, "Checkout") == "The site's graph could not be loaded; reload the page."


def test_ambiguous_enter_shows_the_choices_and_a_miss_is_told_the_near_name(
    site: Site, browser: Any
) -> None:
    """On a phone: Enter on a name several pages match opens the choices under the input
    (in natural order), and a name no page matches carries the command line's suggestion."""
    site.pages(WIKI)
    site.pages({f"runbook-{n}.md": f"# Runbook {n}\n" for n in (10, 2, 1)})
    site.extra_config = {"theme": MATERIAL}
    assert site.build().ok
    cli = run("path", "index", "ledgr", cwd=site.root).stderr
    assert "did you mean 'ledger'?" in cli
    with serve(site.site_dir) as url:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        field = page.locator(".relations-finder__input")
        field.scroll_into_view_if_needed()
        field.fill("runbook")
        page.wait_for_selector(".relations-finder__option")
        field.press("Escape")
        field.press("Enter")
        result = page.locator(".relations-finder__result p")
        result.wait_for()
        assert "Several pages match “runbook”" in result.inner_text()
        options = page.locator(".relations-finder__options")
        assert options.is_visible()
        titles = options.locator(".relations-finder__option-title").all_inner_texts()
        assert titles == ["Runbook 1", "Runbook 2", "Runbook 10"]
        box = options.bounding_box()
        assert box is not None and box["y"] + 20 < 844, "the first choice is on screen"
        field.press("ArrowDown")
        field.press("ArrowDown")
        field.press("Enter")
        page.locator(".relations-finder__summary, .relations-finder__message").first.wait_for()
        assert field.input_value() == "Runbook 2"
        field.fill("ledgr")
        field.press("Escape")
        field.press("Enter")
        page.wait_for_function(
            "document.querySelector('.relations-finder__result').textContent.includes('ledgr')"
        )
        # The page's title, as the reader types names, not its id; and offered to pick.
        assert page.locator(".relations-finder__result").inner_text() == (
            "No page matches “ledgr”; did you mean “Ledger”?"
        )
        assert page.locator(".relations-finder__option-title").all_inner_texts() == ["Ledger"]
        assert errors == []
        page.close()


def test_farther_than_the_bound_is_told_apart_with_the_way_to_the_chain(
    site: Site, browser: Any
) -> None:
    """Reporting -> Payment service -> Ledger is two hops: within one hop the finder says the
    chain is two hops long; past the site's own bound it gives the command that finds it."""
    site.pages(WIKI)
    site.plugin_options = {"max_hops": 1}
    assert site.build().ok
    with serve(site.site_dir) as url:
        page = browser.new_page()
        page.goto(url + "reporting/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        text = _ask(page, "Ledger")
        assert "No path between “Reporting” and “Ledger” within 1 hop." in text
        command = "mkdocs-relations path reporting ledger --max-hops 2"
        assert "The shortest chain is 2 hops, more than this site's 1" in text and command in text
        assert page.get_attribute(".relations-finder__result", "data-relations-why") == "farther"
        page.close()
    found = run(*command.split()[1:], cwd=site.root)
    assert found.returncode == 0 and "[[ledger]]" in found.stdout, found
    site.plugin_options = {}
    assert site.build().ok
    with serve(site.site_dir) as url:
        page = browser.new_page()
        page.goto(url + "reporting/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        page.fill(".relations-finder__hops", "1")
        text = _ask(page, "Ledger")
        assert "No path between “Reporting” and “Ledger” within 1 hop." in text
        assert "The shortest chain is 2 hops: set “At most hops” to 2 to see it." in text
        page.close()


def test_on_a_phone_the_suggestions_and_the_answer_stay_above_the_keyboard(
    site: Site, browser: Any
) -> None:
    """At 390x844 the list ran past the screen's bottom and the answer began 787 px down: the
    field now rises to the top when focused, the list stays in the upper part of the screen
    a keyboard leaves, Enter on the only suggestion puts its title in the field, and the
    answer is scrolled into view."""
    pages = dict(WIKI)
    for n in range(12):
        pages[f"runbooks/r{n}.md"] = (
            f"---\ntitle: Runbook for restoring the payment ledger after an outage {n}\n---\n"
        )
    # A long page, so the finder (below the text) starts far below the first screen.
    pages["reporting.md"] = textwrap.dedent(pages["reporting.md"]) + "A paragraph.\n\n" * 120
    site.pages(pages)
    site.extra_config = {"theme": MATERIAL}
    assert site.build().ok
    keyboard_line = 844 * 0.6  # a phone keyboard takes about the lower 40 %
    with serve(site.site_dir) as url:
        page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
        page.goto(url + "reporting/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        field = page.locator(".relations-finder__input")
        field.focus()
        field.type("runbook")
        page.wait_for_selector(".relations-finder__option")
        box = page.locator(".relations-finder__options").bounding_box()
        assert box is not None and box["y"] > 0, box
        assert box["y"] + box["height"] <= keyboard_line, box
        field.fill("")
        field.type("checko")
        page.wait_for_function(
            "document.querySelectorAll('.relations-finder__option').length === 1"
        )
        field.press("Enter")
        page.locator(".relations-finder__summary").wait_for(state="attached")
        assert field.input_value() == "Checkout"
        answer = page.locator(".relations-finder__result").bounding_box()
        assert answer is not None and answer["y"] >= 0 and answer["y"] + 40 <= keyboard_line
        shot = output_dir("finder") / "finder-phone.png"
        page.screenshot(path=str(shot))
        page.close()


def _shard_requests(requested: list[str]) -> list[str]:
    return sorted({r.rsplit("/", 1)[1] for r in requested if "/graph-" in r} - {NAMES_FILE})


def _graph_requests(requested: list[str]) -> list[str]:
    return sorted({r.rsplit("/", 1)[1] for r in requested if "/graph" in r})


NAMES_FILE = finder_files.NAMES_FILE


def test_a_sharded_graph_loads_its_shards_as_the_search_reaches_them(
    site: Site, browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past a size the finder's first focus loads the manifest alone (what suggestions
    need, the names deflated, in the order suggestions rank); the path search loads the
    shards of the pages it reaches, from disk and under a sub-path, and answers as the
    command line does. A shard that fails to load is said so, and one from another build
    too."""
    monkeypatch.setattr(finder_files, "SHARD_PAGES", 2)
    site.pages(WIKI)
    site.pages({f"runbook-{n}.md": f"# Runbook {n}\n" for n in (10, 2, 1)})
    site.extra_config = {"theme": MATERIAL, "use_directory_urls": False}
    assert site.build().ok
    folder = site.site_dir / "assets" / "mkdocs-relations"
    shards = sorted(folder.glob("graph-*.js"))
    assert len(shards) >= 2
    expected = run("path", "reporting", "platform/checkout", cwd=site.root).stdout.strip()

    page = browser.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto((site.site_dir / "reporting.html").as_uri())
    page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
    page.focus(".relations-finder__input")
    page.wait_for_function("() => window.__mkdocsRelationsGraph !== undefined")
    page.keyboard.type("runbook")
    page.wait_for_selector(".relations-finder__option")
    # Ranked as ever: natural order of titles, from the order the build numbered them.
    titles = page.locator(".relations-finder__option-title").all_inner_texts()
    assert titles == ["Runbook 1", "Runbook 2", "Runbook 10"]
    page.fill(".relations-finder__input", "")
    page.keyboard.type("Check")
    page.wait_for_selector(".relations-finder__option")
    assert _graph_requests(requested) == ["graph.js"], "the first focus loads the manifest alone"
    shape = page.evaluate(
        "() => { const g = window.__mkdocsRelationsGraph;"
        " return [typeof g.names_deflated, 'titles' in g, 'ids' in g, 'names' in g]; }"
    )
    assert shape == ["string", False, False, False], "the names are deflated in the manifest"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.locator(".relations-finder__text").wait_for(state="attached")
    assert page.locator(".relations-finder__text").text_content() == expected
    assert _shard_requests(requested), "the search answered without its shards"
    hrefs = page.eval_on_selector_all(".relations-finder__chain a", "els => els.map(e => e.href)")
    assert len(hrefs) == expected.count("[[")
    assert all(Path(h.removeprefix("file://")).is_file() for h in hrefs), hrefs
    page.close()

    root = tmp_path / "www"
    shutil.copytree(site.site_dir, root / "wiki")
    served = root / "wiki" / "assets" / "mkdocs-relations"
    with serve(root) as url:

        def ask() -> tuple[str, list[str]]:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            requested: list[str] = []
            page.on("request", lambda request: requested.append(request.url))
            page.goto(url + "wiki/reporting.html")
            page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
            answer = _result(page, "Checkout")
            if "hops:" in answer:
                answer = str(page.locator(".relations-finder__text").text_content())
            page.close()
            assert errors == []
            return answer, requested

        answer, requested = ask()
        assert answer == expected
        loaded = _shard_requests(requested)
        assert loaded and all(
            f"/wiki/assets/mkdocs-relations/{n}" in str(requested) for n in loaded
        )
        # A shard the search needs, gone: said so in the site's words.
        kept = {name: (served / name).read_text("utf-8") for name in loaded}
        for name in loaded:
            (served / name).unlink()
        assert ask()[0] == DEFAULT_LABELS["finder_shard_unavailable"]
        # One from another build: the page and the graph do not match.
        for name, text in kept.items():
            build = text.split('"build":"', 1)[1].split('"', 1)[0]
            (served / name).write_text(text.replace(build, "0" * len(build)), "utf-8")
        assert ask()[0] == DEFAULT_LABELS["finder_outdated"]


def test_a_browser_that_cannot_inflate_reads_the_names_as_they_are(
    site: Site, browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without DecompressionStream (browsers before 2023) the finder loads the names' own
    file instead of inflating the manifest's, under a sub-path, and suggests and answers
    the same; a names file of another build is refused."""
    monkeypatch.setattr(finder_files, "SHARD_PAGES", 2)
    site.pages(WIKI)
    site.extra_config = {"theme": MATERIAL}
    assert site.build().ok
    root = tmp_path / "www"
    shutil.copytree(site.site_dir, root / "wiki")
    expected = run("path", "reporting", "platform/checkout", cwd=site.root).stdout.strip()
    names = root / "wiki" / "assets" / "mkdocs-relations" / NAMES_FILE
    with serve(root) as url:

        def ask() -> tuple[str, list[str]]:
            page = browser.new_page()
            page.add_init_script("delete window.DecompressionStream;")
            requested: list[str] = []
            page.on("request", lambda request: requested.append(request.url))
            page.goto(url + "wiki/reporting/")
            page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
            page.locator(".relations-finder__input").type("Checko")
            answer = ""
            if page.locator(".relations-finder__option, .relations-finder__error").first.wait_for():
                pass
            if page.locator(".relations-finder__option").count():
                answer = page.locator(".relations-finder__option-title").all_inner_texts()[0]
                page.keyboard.press("ArrowDown")
                page.keyboard.press("Enter")
                page.locator(".relations-finder__text").wait_for(state="attached")
                answer += "\n" + str(page.locator(".relations-finder__text").text_content())
            else:
                answer = page.locator(".relations-finder__error").inner_text()
            page.close()
            return answer, requested

        answer, requested = ask()
        assert answer == "Checkout\n" + expected
        assert any(r.endswith(f"/wiki/assets/mkdocs-relations/{NAMES_FILE}") for r in requested)
        text = names.read_text("utf-8")
        build = text.split('"build":"', 1)[1].split('"', 1)[0]
        names.write_text(text.replace(build, "0" * len(build)), "utf-8")
        assert ask()[0] == DEFAULT_LABELS["finder_outdated"]


def test_suggestions_of_sentence_long_titles_stay_short_and_keep_their_ids(
    site: Site, browser: Any
) -> None:
    """At 390 px, ten suggestions whose titles are 180-character sentences took six lines
    each (two in the list's view at once), and their page ids were squeezed to one letter:
    a title now keeps to two lines, shown whole once the keyboard picks it, beside its id
    in full."""
    pages = dict(WIKI)
    for n in range(12):
        pages[f"runbooks/restore-{n:02d}.md"] = (
            "---\ntitle: Runbook for restoring the payment ledger after an outage of "
            + "the settlement service across regions when the nightly export arrives late " * 2
            + f"{n}\n---\n"
        )
    site.pages(pages)
    assert site.build().ok
    with serve(site.site_dir) as url:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url + "reporting/")
        page.wait_for_selector("[data-relations-pathfinder][data-relations-ready]")
        field = page.locator(".relations-finder__input")
        field.focus()
        field.type("runbook")
        page.wait_for_function(
            "document.querySelectorAll('.relations-finder__option').length >= 10"
        )
        field.press("ArrowDown")
        options = page.evaluate(
            """() => [...document.querySelectorAll(".relations-finder__option")].map((o) => {
              const title = o.querySelector(".relations-finder__option-title");
              const id = o.querySelector(".relations-finder__option-id");
              return {
                selected: o.getAttribute("aria-selected") === "true",
                lines: title.getBoundingClientRect().height
                  / parseFloat(getComputedStyle(title).lineHeight),
                whole: title.scrollHeight <= title.clientHeight + 1,
                id: id.textContent, idWhole: id.scrollWidth <= id.clientWidth + 1,
                idWidth: id.getBoundingClientRect().width,
              };
            })"""
        )
        page.screenshot(path=str(output_dir("finder") / "finder-long-titles-phone.png"))
        page.close()
    assert sum(o["selected"] for o in options) == 1
    for option in options:
        assert option["id"].startswith("runbooks/restore-"), option
        assert option["idWhole"], option
        if option["selected"]:
            assert option["whole"], option
        else:
            assert option["lines"] < 2.6, option
