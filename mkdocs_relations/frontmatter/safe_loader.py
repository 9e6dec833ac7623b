"""PyYAML's safe loader (its C parser where libyaml is there) for composing frontmatter, with
the resolver's work done once per value a build rather than once per node.

The C parser calls back into Python for every node: ``resolve`` to find a plain value's tag
(``NO`` is a bool, ``1:30`` an int) and ``descend_resolver``/``ascend_resolver`` to track the
path for path resolvers. That Python half was a fifth of composing a typical block. A plain
value's tag depends only on the value and the loader's implicit resolvers, so it is worked
out once and remembered; the path calls do nothing where no path resolver is registered,
which is always the case for the safe loader (PyYAML registers none, and registering one
is an experimental API nobody uses with safe loading), so they are C no-ops here.
"""

from __future__ import annotations

from typing import Any

from yaml.nodes import ScalarNode
from yaml.resolver import BaseResolver

try:  # the C parser is several times faster; fall back where libyaml is missing
    from yaml import CSafeLoader as _Base
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Base  # type: ignore[assignment]

_resolve = BaseResolver.resolve
#: A plain value -> its tag, for the implicit resolvers below.
_TAGS: dict[str, str] = {}
#: The implicit resolvers the remembered tags were found with: another set (a plugin adding
#: its own to the safe loader) is resolved as PyYAML would, value by value.
_RESOLVERS = _Base.yaml_implicit_resolvers
#: Values are remembered up to this many: a build's keys and short values recur.
_KEPT = 100_000


class Loader(_Base):
    """The safe loader, resolving each plain value once."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is ScalarNode and implicit[0] and self.yaml_implicit_resolvers is _RESOLVERS:
            found = _TAGS.get(value)
            if found is None:
                found = _resolve(self, kind, value, implicit)  # type: ignore[no-untyped-call]
                if len(_TAGS) < _KEPT and not self.yaml_path_resolvers:
                    _TAGS[value] = found
            return found
        return _resolve(self, kind, value, implicit)  # type: ignore[no-untyped-call]

    if not _Base.yaml_path_resolvers:
        # No path resolver: both calls return at once in PyYAML; C callables that take the
        # same arguments and do nothing cost a fraction of a Python call.
        descend_resolver = staticmethod({}.get)  # type: ignore[assignment,var-annotated]
        ascend_resolver = staticmethod(().__len__)  # type: ignore[assignment]
