"""The finder's path search (``assets/relations-paths.js``) run by node, so tests can hold it
to Python's answers: ``node RUNNER PATHS_JS`` reads JSON cases on stdin and prints, for each
case, every query's steps as ``[from, to, type, direction]`` (or null for no path)."""

from __future__ import annotations

import shutil

from conftest import REPO

NODE = shutil.which("node")
PATHS_JS = REPO / "mkdocs_relations" / "assets" / "relations-paths.js"
RUNNER = """
const paths = require(process.argv[2]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map((c) => {
  const index = paths.buildIndex(c.graph);
  return c.queries.map((q) => {
    const steps = paths.shortestPath(index, q[0], q[1], q[2]);
    return steps === null ? null : steps.map((s) => [s.from, s.to, s.type, s.direction]);
  });
});
process.stdout.write(JSON.stringify(out));
"""
