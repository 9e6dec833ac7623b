"""Finding where additions go in pages of themes other than Material's."""

from __future__ import annotations

from mkdocs_relations.inject.html_places import code_blocks, find_places, splice

MAIN_PAGE = """<!doctype html>
<html><head><title>T</title>
<script>var s = "</head>";</script>
</head>
<body><nav><ul><li><a href="x/">X</a></li></ul></nav>
<div role="main" class="content">
<h1 id="t">Title<a class="headerlink" href="#t">¶</a></h1>
<p>Text<br>more</p><img src="a.png">
<div><p>nested</p></div>
</div>
<footer>f</footer>
</body></html>
"""


def test_a_role_main_page_is_found_with_its_title_and_end() -> None:
    places = find_places(MAIN_PAGE)
    assert places.container == "role=main" and places.title == "Title"
    assert MAIN_PAGE[places.content_end :].startswith("</div>\n<footer>")
    assert MAIN_PAGE[: places.content_start].endswith('<div role="main" class="content">')
    # "</head>" inside a script is text, not the end of the head.
    assert MAIN_PAGE[places.head_end :].startswith("</head>\n<body>")
    assert MAIN_PAGE[places.body_end :].startswith("</body>")
    spliced = splice(MAIN_PAGE, [(places.content_end, "[B]"), (places.title_end or 0, "[T]")])
    assert "¶</a></h1>[T]" in spliced and "</div>\n[B]</div>\n<footer>" in spliced


def test_a_page_with_no_content_element() -> None:
    places = find_places("<html><body><p>x</p></body></html>")
    assert places.content_start is None and places.content_end is None


def test_code_listings_with_and_without_a_highlight_wrapper() -> None:
    page = (
        '<p>x</p><div class="highlight"><pre><span></span><code>a: 1\n</code></pre></div>'
        "<pre><code>b &amp; c</code></pre>"
        '<div class="highlight"><span class="filename">f</span><pre><code>d</code></pre>'
        "<pre><code>e</code></pre></div>"
    )
    found = code_blocks(page)
    assert [b.text for b in found] == ["a: 1\n", "b & c", "d", "e"]
    # A wrapper holding one listing is the listing's extent; one holding two is not.
    assert page[found[0].start : found[0].end].startswith('<div class="highlight">')
    assert page[found[0].start : found[0].end].endswith("</pre></div>")
    assert page[found[1].start : found[1].end] == "<pre><code>b &amp; c</code></pre>"
    assert page[found[2].start : found[2].end] == "<pre><code>d</code></pre>"


def test_the_title_ends_after_its_end_tag_however_it_is_written() -> None:
    page = "<html><body><main><h1>T</h1 ><p>x</p></main></body></html>"
    places = find_places(page)
    assert page[: places.title_end].endswith("</h1 >") and places.title == "T"
