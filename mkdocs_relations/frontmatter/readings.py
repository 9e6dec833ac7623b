"""Readings: each says where in the frontmatter typed links sit and what a target there is.

A dialect is a short list of them. The keys a wiki has long written (``relationship_field``
with ``type_key`` and ``target_key``, ``relation_keys``) are readings of the first two
shapes; ``readings:`` in wiki-config.md lists any of the five, each with its target form:

```yaml
readings:
  - {field: relations, shape: type-map}              # relations: {depends_on: [DH-1]}
  - {field: related, shape: kind-map}                # related: {adrs: [DEC-5-01]}
  - {field: ontological_relations, shape: one-key-entries}  # - relates_to: "[[x]]"
  - {field: links, shape: type-map, paths: page}     # links: {parent: ../index.md}
  - {field: relations, shape: entries, prefix: "urn:mif:"}  # target: urn:mif:adr-0003
  - {field: connections, shape: entries, type_key: rel, target_key: to}
```

Beside them, the keys saying how targets resolve as the wiki's own tool resolves them
(``kind_prefixes``, ``vault_folder``, ``shared_names``) are read here too, with the readings:
wiki-config.md is the one place every reader takes them from.
"""

from __future__ import annotations

from dataclasses import dataclass

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..model.diagnostics import clip
from .block import Frontmatter
from .nodes import describe, mapping_items, string_value

#: wiki-config.md keys saying how the wiki's own tool resolves a target and what a target is
#: (wiki-config.md only: every reader takes them from the one page).
RESOLUTION_KEYS = ("relation_targets", "kind_prefixes", "vault_folder", "shared_names", "readings")
#: The words each word-valued resolution key takes, its default first.
CHOICES = {"relation_targets": ("any", "wikilinks"), "shared_names": ("ambiguous", "nearest")}

#: Where in the frontmatter a reading finds typed links: ``entries`` (a list of entries with
#: a type key and a target or targets key), ``relation-key`` (the key names the relation and
#: holds its targets), ``type-map`` (a mapping from type to targets under the field),
#: ``kind-map`` (a mapping from kind to targets under a field named for the type) and
#: ``one-key-entries`` (a list of one-key entries, ``- relates_to: "[[x]]"``).
SHAPES = ("entries", "relation-key", "type-map", "kind-map", "one-key-entries")
#: Where a path target starts: the docs folder (or a name, looked up anywhere), or the folder
#: of the page that links.
PATHS = ("docs", "page")


@dataclass(frozen=True)
class Reading:
    """One place typed links sit, and what a target there is."""

    #: The frontmatter key the reading reads.
    field: str
    #: How the links sit under it (``SHAPES``).
    shape: str = "entries"
    #: What a target is: ``any`` (a wikilink, an id, a path or a name) or ``wikilinks`` (only
    #: a value that is one ``[[link]]``; other text is metadata, not read).
    targets: str = "any"
    #: Text every target starts with that is no part of the page's id (``urn:mif:``).
    prefix: str | None = None
    #: Where a path target starts: ``docs`` (the docs folder, or a name looked up anywhere)
    #: or ``page`` (the linking page's folder: ``result.md`` beside it).
    paths: str = "docs"
    #: For entries: the entry key naming the type, where it is not the dialect's type_key.
    type_key: str | None = None
    #: For entries: the entry key naming the target, where it is not the dialect's target_key.
    target_key: str | None = None
    #: For entries: the entry key holding a list of targets (else the dialect's targets_key).
    targets_key: str | None = None

    def target(self, text: str) -> str:
        """The target as resolution reads it: prefix dropped, a path from the page made so."""
        inner = text.strip()
        if not inner:
            return text  # blank: told as written, so its author sees what is there
        if self.prefix and inner.startswith(self.prefix):
            inner = inner[len(self.prefix) :]
        if self.paths == "page" and not inner.startswith(("[[", "./", "../", "/")):
            inner = f"./{inner}"
        return inner


_READING_EXAMPLE = "{field: relations, shape: type-map}"


def read_readings(node: Node, fm: Frontmatter) -> tuple[Reading, ...]:
    """``readings:``: a list of readings, each a mapping; a bad one is left out, told at its
    line with what it may hold."""
    if not isinstance(node, SequenceNode):
        fm.error(
            fm.line(node),
            "invalid-vocabulary",
            f"readings must be a list of readings such as {_READING_EXAMPLE}, not {describe(node)}",
        )
        return ()
    found = []
    for item in node.value:
        if fm.spoiled(item):
            continue
        reading = _reading(item, fm)
        if reading is not None:
            found.append(reading)
    return tuple(found)


#: Each key of a reading and the words it takes (None: a key name or text).
READING_KEYS: dict[str, tuple[str, ...] | None] = {
    "field": None,
    "shape": SHAPES,
    "targets": ("any", "wikilinks"),
    "prefix": None,
    "paths": PATHS,
    "type_key": None,
    "target_key": None,
    "targets_key": None,
}


def _reading(item: Node, fm: Frontmatter) -> Reading | None:
    if not isinstance(item, MappingNode):
        fm.error(
            fm.line(item),
            "invalid-vocabulary",
            f"each reading is a mapping such as {_READING_EXAMPLE}, not {describe(item)}",
        )
        return None
    values: dict[str, str] = {}
    good = True
    for name, key_node, value in mapping_items(item):
        words = READING_KEYS.get(name, ())
        text = string_value(value)
        if words == ():
            fm.error(
                fm.line(key_node),
                "invalid-vocabulary",
                f"a reading has {', '.join(READING_KEYS)}, not {clip(name)!r}; remove it or "
                "correct its name",
            )
            good = False
        elif text is None or not text.strip() or (words and text.strip() not in words):
            shown = clip(repr(text)) if text else describe(value)
            wanted = f"one of {', '.join(words)}" if words else "text"
            fm.error(fm.line(value), "invalid-vocabulary", f"{name} is {wanted}, not {shown}")
            good = False
        else:
            values[name] = text if name == "prefix" else text.strip()
    if "field" not in values:
        if good:
            fm.error(
                fm.line(item),
                "invalid-vocabulary",
                f"a reading names its field, the key it reads: e.g. {_READING_EXAMPLE}",
            )
        return None
    return Reading(**values) if good else None


def read_resolution(fm: Frontmatter) -> tuple[dict[str, object], dict[str, int]]:
    """wiki-config.md's readings and resolution keys: (key -> value, key -> line), each
    problem a diagnostic at its line."""
    values: dict[str, object] = {}
    lines: dict[str, int] = {}
    for key, words in CHOICES.items():
        node = fm.get(key)
        if node is None or fm.spoiled(node):
            continue
        text = string_value(node)
        if text is None or text.strip() not in words:
            shown = clip(repr(text.strip())) if text and text.strip() else describe(node)
            fm.error(
                fm.line(node), "invalid-vocabulary", f"{key} is {' or '.join(words)}, not {shown}"
            )
            continue
        values[key] = text.strip()
        lines[key] = fm.line(node)
    node = fm.get("kind_prefixes")
    if node is not None and not fm.spoiled(node):
        if isinstance(node, ScalarNode) and node.tag.endswith(":bool"):
            values["kind_prefixes"] = node.value.lower() in ("true", "yes", "on")
            lines["kind_prefixes"] = fm.line(node)
        else:
            fm.error(
                fm.line(node),
                "invalid-vocabulary",
                f"kind_prefixes is true or false, not {describe(node)}",
            )
    node = fm.get("readings")
    if node is not None and not fm.spoiled(node):
        values["readings"] = read_readings(node, fm)
        lines["readings"] = fm.line(node)
    node = fm.get("vault_folder")
    if node is not None and not fm.spoiled(node):
        text = string_value(node)
        folder = (text or "").strip().strip("/")
        if not folder or folder.startswith(".") or "\\" in folder or "//" in folder:
            fm.error(
                fm.line(node),
                "invalid-vocabulary",
                "vault_folder must be the docs folder's path from the vault root, such as "
                f"knowledge_base, not {clip(repr(text)) if text else describe(node)}",
            )
        else:
            values["vault_folder"] = folder
            lines["vault_folder"] = fm.line(node)
    return values, lines
