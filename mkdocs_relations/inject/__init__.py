"""Built sites: where a page's additions go in its HTML, and ``inject`` itself.

For sites another generator built (Zensical). May import every stage below the commands:
model, frontmatter, wiki, output and query.
"""
