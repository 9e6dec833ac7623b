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
#: ``node SHARDED_RUNNER PATHS_JS`` reads JSON cases ({manifest, shards, queries}) on stdin:
#: the manifest read as the finder reads it, shards added only when the search waits for
#: them. Prints, for each case, the ids read, each page's shard by the script's hash, every
#: query's steps, the shards each query loaded, the URLs known at the end, each id's number
#: as the finder finds it, and the suggestions' lower-cased names.
SHARDED_RUNNER = """
const paths = require(process.argv[2]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map((c) => {
  const read = paths.readManifest(c.manifest);
  const shardOf = c.manifest.shards
    ? read.ids.map((_, page) => paths.shardsFor(read.index, read.ids, [page])[0]) : [];
  const loaded = new Set();
  const answers = c.queries.map((q) => {
    const state = paths.startPath(read.index, q[0], q[1], q[2]);
    const before = loaded.size;
    for (;;) {
      const answer = paths.continuePath(read.index, state);
      if (!answer.missing) {
        const steps = answer.steps;
        return [steps === null ? null : steps.map((s) => [s.from, s.to, s.type, s.direction]),
          loaded.size - before];
      }
      const wanted = paths.shardsFor(read.index, read.ids, answer.missing);
      if (!wanted.length) throw new Error("waits for pages it has");
      wanted.forEach((n) => { loaded.add(n); paths.addShard(read.index, read.urls, c.shards[n]); });
    }
  });
  const numbers = read.ids.map((id) => paths.pageNumber(read.ids, id));
  const missing = paths.pageNumber(read.ids, "\\u{10ffff}none");
  const search = paths.searchNames(c.manifest.titles, read.ids, c.manifest.aliases);
  return {ids: read.ids, shardOf, answers, urls: read.urls, numbers, missing, search};
});
process.stdout.write(JSON.stringify(out));
"""
