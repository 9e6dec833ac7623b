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
#: ``node SHARDED_RUNNER PATHS_JS`` reads JSON cases ({manifest, text, shards, queries}) on
#: stdin: the manifest and its names' text read as the finder reads them, shards added only
#: when the search waits for them. Prints, for each case, the ids and titles read, each
#: page's shard by the script's hash, every query's steps, the shards each query loaded, the
#: URLs known at the end, each id's number as the finder finds it, and each page's
#: lower-cased names as suggestions compare them.
SHARDED_RUNNER = """
const paths = require(process.argv[2]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map((c) => {
  const read = paths.readManifest(c.manifest, c.text);
  const count = c.manifest.pages;
  const pages = Array.from({length: count}, (_, page) => page);
  const ids = pages.map((page) => paths.pageId(read.names, page));
  const titles = pages.map((page) => paths.title(read.names, page));
  const shardOf = c.manifest.shards
    ? pages.map((page) => paths.shardsFor(read.index, read.names, [page])[0]) : [];
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
      const wanted = paths.shardsFor(read.index, read.names, answer.missing);
      if (!wanted.length) throw new Error("waits for pages it has");
      wanted.forEach((n) => { loaded.add(n); paths.addShard(read.index, read.urls, c.shards[n]); });
    }
  });
  const numbers = ids.map((id) => paths.pageNumber(read.names, id));
  const missing = paths.pageNumber(read.names, "\\u{10ffff}none");
  const search = pages.map((page) => paths.pageNames(read.names, page));
  const all = paths.allNames(read.names);
  return {ids, titles, shardOf, answers, urls: read.urls, numbers, missing, search, all};
});
process.stdout.write(JSON.stringify(out));
"""
#: ``node RANK_RUNNER PATHS_JS`` reads JSON cases ({manifest, text, queries: [[text, exclude,
#: limit]]}) on stdin and prints, for each, every query's ranked page numbers, and each
#: page's title, id, and number found again from its id.
RANK_RUNNER = """
const paths = require(process.argv[2]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((c) => {
  const read = paths.readManifest(c.manifest, c.text);
  const pages = Array.from({length: c.manifest.pages}, (_, page) => page);
  const ids = pages.map((page) => paths.pageId(read.names, page));
  return {
    ranked: c.queries.map((q) => paths.rankMatches(read.names, q[0], q[1], q[2])),
    titles: pages.map((page) => paths.title(read.names, page)),
    ids: ids,
    numbers: ids.map((id) => paths.pageNumber(read.names, id))
  };
})));
"""
