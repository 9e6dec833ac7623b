"""``init``: what an existing vault gets (mkdocs.yml, wiki-config.md) and which types it declares.

May import model, frontmatter and wiki; never the commands.
"""
