"""Which MkDocs-1.x API this process can use: MkDocs 1.x itself, or ProperDocs through its alias.

ProperDocs continues MkDocs 1.x under its own name and, once ``properdocs.replacement`` is
imported, serves every ``mkdocs.*`` import from ``properdocs.*``: the same loader code reads
the configuration under either. MkDocs 2 has neither a plugin API nor ``mkdocs.config``; there
every command that reads a configuration file stops with one line saying what to install.
Imports nothing of MkDocs at module level, so ``--docs-dir`` and the Zensical extension never
depend on it.
"""

from __future__ import annotations

import importlib
import os
import sys
from importlib import metadata

#: Configuration files a command looks for: ProperDocs' order (MkDocs reads the middle two),
#: then Zensical's own.
CONFIG_NAMES = (
    "properdocs.yml", "properdocs.yaml", "mkdocs.yml", "mkdocs.yaml", "zensical.toml",
)  # fmt: skip


class NoGenerator(Exception):
    """No MkDocs 1.x API can be loaded; the message is one line saying what to do."""


def _version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def mkdocs_api() -> str:
    """Make ``mkdocs.config`` and the rest of MkDocs 1.x importable; the host's name.

    ``"mkdocs"`` for MkDocs 1.x; ``"properdocs"`` for ProperDocs (its alias is switched on
    when MkDocs 1.x is absent, as ``properdocs build`` does before it loads a plugin).
    """
    loaded = sys.modules.get("mkdocs")
    if loaded is not None and getattr(loaded, "__name__", "") == "properdocs":
        return "properdocs"  # running inside ProperDocs, or switched on before
    mkdocs = _version("mkdocs")
    if mkdocs is not None and mkdocs.split(".")[0] == "1":
        return "mkdocs"
    if _version("properdocs") is not None:
        importlib.import_module("properdocs.replacement")
        return "properdocs"
    if mkdocs is not None:
        raise NoGenerator(
            f"MkDocs {mkdocs} is installed, which has no plugins and cannot read mkdocs.yml; "
            "install MkDocs 1.x (pip install 'mkdocs<2') or ProperDocs (pip install "
            "properdocs), or build with Zensical and the mkdocs_relations.zensical extension "
            "(--docs-dir DIR reads a folder of pages without any of them)"
        )
    raise NoGenerator(
        "neither MkDocs 1.x nor ProperDocs is installed, so no configuration file can be read; "
        "install one (pip install 'mkdocs<2' or pip install properdocs), or pass --docs-dir DIR "
        "to read a folder of pages"
    )


def default_config_file() -> str | None:
    """The first configuration file of :data:`CONFIG_NAMES` in the working folder."""
    return next((name for name in CONFIG_NAMES if os.path.isfile(name)), None)
