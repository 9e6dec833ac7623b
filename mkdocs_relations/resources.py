"""Where the package's data lives: templates, assets and the generated JSON Schemas.

Every path into package data is built here, from this file's folder, so moving a module
between stages cannot silently point it at a folder that does not exist.
"""

from __future__ import annotations

import os

PACKAGE = os.path.dirname(__file__)
#: The theme folder holding ``relations/*.html``; added after a theme's own folders.
TEMPLATES = os.path.join(PACKAGE, "templates")
#: The stylesheets and scripts copied into every site.
ASSETS = os.path.join(PACKAGE, "assets")
#: The generated ``*.schema.json`` files (``python -m mkdocs_relations.json_schemas``).
SCHEMAS = os.path.join(PACKAGE, "schemas")
