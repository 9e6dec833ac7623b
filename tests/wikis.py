"""The small wikis more than one test module builds, and what each test counts on in them.

A wiki used by one module stays in that module; one used by two or more lives here, so no
test module imports another. Each is a ``{path: Markdown}`` mapping for ``Site.pages()``
(the text is dedented there). Editing one changes the answers of every test listed under it:
the lists below say which property each test relies on, so a change can be checked against
them. (The typed-link dialects ``init`` adopts are in ``dialects.py``.)
"""

from __future__ import annotations

#: A payment service and its neighbours: one of every kind of edge a panel shows.
#:
#: - ``index`` ("Payment service", a frontmatter title) declares five edges: ``depends-on``
#:   ledger (a wikilink), ``part-of`` platform/checkout with the alias "Checkout",
#:   ``depends-on`` fraud-scoring as a redlink whose reason is "planned page" (its ``target:``
#:   is on line 9), ``supersedes`` legacy with the note "Replaced in 2025" (the third edge of
#:   the site graph, so ``extra["2"]``), and ``used-by`` reports.
#: - ``reporting`` depends on ``index``: the incoming edge, and the two-hop path
#:   reporting → index → platform/checkout.
#: - ``platform/checkout`` (a page in a folder) relates to ``ledger``: a symmetric type.
#: - ``ledger`` has a frontmatter title; ``legacy`` and ``reports`` take theirs from the H1.
#: - ``lonely`` has no edge: no panel, and no path to it.
#: - 7 pages and 7 declared edges, 6 of them in the site graph (the redlink is not).
#:
#: Relied on by: test_panels (every edge on both ends in three themes, the shared "Used by"
#: heading, the redlink's reason, notes, placement, ``hide``, labels, template override,
#: search index, rebuilds, picture arrows); test_cli_paths (the paths above, the export's
#: 7 pages / 7 edges and the redlink's line 9); test_site_graph (6 triples, titles, urls,
#: ``extra``); test_reader_view (the table of contents, ledger's sidebar "Used by Payment
#: service, Relates to Checkout", the finder's five used types); test_reproducible;
#: test_browser_finder and test_browser_panels (the same paths in Chromium, "Lonely" as the
#: page with no path).
PANEL_WIKI = {
    "index.md": """
        ---
        title: Payment service
        relationships:
          - type: depends-on
            target: "[[ledger]]"
          - type: part-of
            target: "[[platform/checkout|Checkout]]"
          - type: depends-on
            target: "[[fraud-scoring]]"
            redlink: planned page
          - type: supersedes
            target: legacy
            note: Replaced in 2025
          - type: used-by
            target: "[[reports]]"
        ---
        # Payments
        """,
    "ledger.md": "---\ntitle: Ledger\n---\n# Ledger\n",
    "legacy.md": "# Legacy payments\n",
    "reports.md": "# Reports\n",
    "platform/checkout.md": """
        ---
        relationships:
          - {type: relates-to, target: ledger}
        ---
        # Checkout
        """,
    "reporting.md": """
        ---
        relationships:
          - {type: depends-on, target: index}
        ---
        # Reporting
        """,
    "lonely.md": "# Lonely\n",
}

#: Transitive reach: a diamond of ``depends-on`` and a cycle of a declared type.
#:
#: - a depends on c and b (declared in that order), both depend on d, d depends on e: two
#:   equal-length routes to d, where the smaller id (b) must win whatever the declaration
#:   order; e is 3 hops from a.
#: - ``wiki-config.md`` declares ``feeds`` (inverse "fed by", transitive, not acyclic), and
#:   x feeds y feeds z feeds x: a cycle that is no lint error, so strict builds pass.
#:
#: Relied on by: test_panels (reach lists, "via B", ``max_hops``, the ``panels`` option);
#: test_cli_paths (a → e needs 3 hops, so ``max_hops: 2`` finds nothing; ``reach``);
#: test_reproducible (under ``diamond/``, beside PANEL_WIKI).
CYCLE_AND_DIAMOND = {
    "wiki-config.md": """
        ---
        relationship_types:
          - name: feeds
            inverse: fed by
            transitive: true
        ---
        # Config
        """,
    "a.md": "---\nrelationships:\n  - {type: depends-on, target: c}\n"
    "  - {type: depends-on, target: b}\n---\n# A\n",
    "b.md": "---\nrelationships:\n  - {type: depends-on, target: d}\n---\n# B\n",
    "c.md": "---\nrelationships:\n  - {type: depends-on, target: d}\n---\n# C\n",
    "d.md": "---\nrelationships:\n  - {type: depends-on, target: e}\n---\n# D\n",
    "e.md": "# E\n",
    "x.md": "---\nrelationships:\n  - {type: feeds, target: y}\n---\n# X\n",
    "y.md": "---\nrelationships:\n  - {type: feeds, target: z}\n---\n# Y\n",
    "z.md": "---\nrelationships:\n  - {type: feeds, target: x}\n---\n# Z\n",
}

#: Pages with the frontmatter ``relations`` blocks filter and show.
#:
#: - ``index`` ("Payments", owner team-a, status active) depends on ledger (note "balances",
#:   the extra key ``since: 2024``), is part of services/checkout, and depends on ``fraud``,
#:   a redlink ("planned").
#: - ``ledger`` (owner team-b, status active, tags core and money) depends on ``storage``
#:   (status retired, no edge of its own): depth 2 from index reaches Ledger then Storage.
#: - ``services/checkout`` supersedes ``services/old``; ``services/lonely`` has no edge.
#: - Only index and ledger are ``status: active``; ``ledgr`` is one typo from ``ledger``.
#:
#: Relied on by: test_query_build (every show form's rows, the overview's types, wanted
#: ``fraud``, orphan services/lonely, hub index, superseded services/old); test_cli_query
#: (the text table, ``where`` on status and folder, the orphans list); test_query_diagnostics
#: (the wiki beside each bad block, and the "did you mean 'ledger'" hint).
QUERY_WIKI = {
    "index.md": """
        ---
        title: Payments
        owner: team-a
        status: active
        relationships:
          - {type: depends-on, target: "[[ledger]]", note: balances, since: 2024}
          - {type: part-of, target: "[[services/checkout]]"}
          - {type: depends-on, target: "[[fraud]]", redlink: planned}
        ---
        # Payments
        """,
    "ledger.md": """
        ---
        title: Ledger
        owner: team-b
        status: active
        tags: [core, money]
        relationships:
          - {type: depends-on, target: "[[storage]]"}
        ---
        # Ledger
        """,
    "storage.md": "---\ntitle: Storage\nstatus: retired\n---\n# Storage\n",
    "services/checkout.md": """
        ---
        title: Checkout
        relationships:
          - {type: supersedes, target: "[[services/old]]"}
        ---
        # Checkout
        """,
    "services/old.md": "---\ntitle: Old checkout\n---\n# Old checkout\n",
    "services/lonely.md": "---\ntitle: Lonely\n---\n# Lonely\n",
}
