/* mkdocs-relations: the path search, the same specification as mkdocs_relations/paths.py.
 *
 * Pages are numbered in sorted id order (Python's string order, computed at build time), so
 * comparing page numbers here compares ids exactly as Python does. Each page's neighbours are
 * sorted by (neighbour, "out" before "in", type name) and the search is a FIFO breadth-first
 * search that keeps the first parent it finds: that is the shortest path whose sequence of
 * ids is smallest, with the preferred edge between each pair of pages.
 *
 * No DOM here: the same file runs under node for the parity tests.
 */
(function (root) {
  "use strict";

  // A step's direction, by its number in the index: mkdocs_relations/direction.py's ORDER
  // (the parity test holds the two together).
  var DIRECTIONS = ["out", "in"];

  /* graph: {ids: [...], types: [{name}], edges: [source, target, type, ...]} */
  function buildIndex(graph) {
    var count = graph.ids.length;
    var typeCount = Math.max(graph.types.length, 1);
    var edges = graph.edges;
    var degree = new Int32Array(count);
    var i;
    for (i = 0; i < edges.length; i += 3) {
      if (edges[i] === edges[i + 1]) continue;
      degree[edges[i]]++;
      degree[edges[i + 1]]++;
    }
    var offsets = new Int32Array(count + 1);
    for (i = 0; i < count; i++) offsets[i + 1] = offsets[i] + degree[i];
    // One sortable number per (neighbour, direction, type): neighbour-major, then out (0)
    // before in (1), then type number (types are sorted by name).
    var packed = new Float64Array(offsets[count]);
    var fill = offsets.slice(0, count);
    for (i = 0; i < edges.length; i += 3) {
      var s = edges[i], t = edges[i + 1], k = edges[i + 2];
      if (s === t) continue;
      packed[fill[s]++] = (t * 2 + 0) * typeCount + k;
      packed[fill[t]++] = (s * 2 + 1) * typeCount + k;
    }
    var neighbour = new Int32Array(packed.length);
    var direction = new Uint8Array(packed.length);
    var kind = new Int32Array(packed.length);
    var end = new Int32Array(count);
    for (i = 0; i < count; i++) {
      var from = offsets[i], to = offsets[i + 1];
      var slice = packed.subarray(from, to).sort();
      var write = from;
      for (var j = 0; j < slice.length; j++) {
        if (j > 0 && slice[j] === slice[j - 1]) continue; // parallel edges: one step
        var value = slice[j];
        var typeNumber = value % typeCount;
        var rest = (value - typeNumber) / typeCount;
        neighbour[write] = rest >> 1;
        direction[write] = rest & 1;
        kind[write] = typeNumber;
        write++;
      }
      end[i] = write;
    }
    return {
      count: count,
      types: graph.types.map(function (t) { return typeof t === "string" ? t : t.name; }),
      offsets: offsets,
      end: end,
      neighbour: neighbour,
      direction: direction,
      kind: kind,
      seen: new Int32Array(count),
      stamp: 0,
      parent: new Int32Array(count),
      via: new Int32Array(count),
      hops: new Int32Array(count),
      queue: new Int32Array(count)
    };
  }

  function allowedTypes(index, types) {
    if (!types || types.length === 0) return null;
    // An unknown type name allows nothing, as in Python.
    var allowed = new Uint8Array(index.types.length);
    for (var i = 0; i < index.types.length; i++) {
      if (types.indexOf(index.types[i]) >= 0) allowed[i] = 1;
    }
    return allowed;
  }

  /* Breadth-first search from start; returns the position of `stop` in the search, or -1. */
  function search(index, start, maxHops, allowed, outOnly, stop) {
    index.stamp++;
    if (index.stamp === 0x7fffffff) { index.seen.fill(0); index.stamp = 1; }
    var stamp = index.stamp;
    var seen = index.seen, parent = index.parent, via = index.via, hops = index.hops;
    var queue = index.queue;
    var head = 0, tail = 0;
    seen[start] = stamp;
    parent[start] = -1;
    hops[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
      var node = queue[head++];
      var depth = hops[node];
      if (depth >= maxHops) continue;
      for (var e = index.offsets[node], last = index.end[node]; e < last; e++) {
        var next = index.neighbour[e];
        if (seen[next] === stamp) continue;
        if (outOnly && index.direction[e] !== 0) continue;
        if (allowed && !allowed[index.kind[e]]) continue;
        seen[next] = stamp;
        parent[next] = node;
        via[next] = e;
        hops[next] = depth + 1;
        if (next === stop) return tail;
        queue[tail++] = next;
      }
    }
    return -1;
  }

  function chain(index, end) {
    var steps = [];
    var node = end;
    while (index.parent[node] !== -1) {
      var e = index.via[node];
      steps.push({
        from: index.parent[node],
        to: node,
        type: index.types[index.kind[e]],
        direction: DIRECTIONS[index.direction[e]]
      });
      node = index.parent[node];
    }
    return steps.reverse();
  }

  /* The path between two page numbers, or null when none exists within options.maxHops.
   * The bound has no default here: it is the site's (max_hops), and the caller has it. */
  function shortestPath(index, source, target, options) {
    if (!(options.maxHops >= 0)) throw new Error("shortestPath needs options.maxHops");
    if (source === target) return [];
    var allowed = allowedTypes(index, options.types);
    var found = search(index, source, options.maxHops, allowed, !!options.directed, target);
    if (found < 0) return null;
    return chain(index, target);
  }

  /* Python's str.casefold() as far as JavaScript has it: upper then lower case folds "ß"
   * to "ss" and "ſ" to "s", as casefold does. */
  function fold(text) {
    return String(text).toUpperCase().toLowerCase();
  }

  /* natural.natural_key as a comparison: runs of text, and numbers by value (digits
   * without leading zeros, shorter first), then the whole folded title. */
  function naturalKey(title) {
    var folded = fold(title);
    var parts = folded.split(/([0-9]+)/);
    var key = [];
    for (var i = 0; i < parts.length; i += 2) {
      var digits = i + 1 < parts.length ? parts[i + 1].replace(/^0+/, "") : null;
      key.push([parts[i], digits === null ? -1 : digits.length, digits || ""]);
    }
    return { key: key, folded: folded };
  }

  function compareText(a, b) {
    // Code point order, as Python compares strings (< on JS strings compares UTF-16 units):
    // at the first unit that differs, the code points there (a whole one at a surrogate
    // pair's first half; at its second half the first halves were equal, so the halves
    // order alike). A prefix comes first, in units as in code points.
    if (a === b) return 0;
    for (var i = 0; i < a.length && i < b.length; i++) {
      if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.codePointAt(i) - b.codePointAt(i);
    }
    return a.length - b.length;
  }

  function naturalCompare(a, b) {
    return compareKeys(naturalKey(a), naturalKey(b));
  }

  function compareKeys(p, q) {
    for (var i = 0; i < p.key.length && i < q.key.length; i++) {
      var c = compareText(p.key[i][0], q.key[i][0]) || p.key[i][1] - q.key[i][1] ||
        compareText(p.key[i][2], q.key[i][2]);
      if (c) return c;
    }
    return p.key.length - q.key.length || compareText(p.folded, q.folded);
  }

  /* suggest.compact: a name without case or separators ("Depends_On" -> "dependson"). */
  function compact(text) {
    return fold(String(text).replace(/([a-z0-9])(?=[A-Z])/g, "$1 ")).split(/[\s_.\-\/]+/).join("");
  }

  /* suggest._deletions: the key and each key with one character removed, and a plural's
   * singular ("policies" -> "policy", "biases" -> "bias"). Code points, as Python counts. */
  function deletions(key) {
    var chars = Array.from(key);
    var variants = [key];
    for (var i = 0; i < chars.length; i++) {
      variants.push(chars.slice(0, i).concat(chars.slice(i + 1)).join(""));
    }
    if (/ies$/.test(key)) variants.push(chars.slice(0, chars.length - 3).join("") + "y");
    else if (/es$/.test(key)) variants.push(chars.slice(0, chars.length - 2).join(""));
    return variants;
  }

  /* difflib.SequenceMatcher(None, a, b, autojunk=False).ratio(): matching blocks found as
   * difflib finds them (the longest, earliest in a, then in b; then each side). */
  function ratio(a, b) {
    var x = Array.from(a), y = Array.from(b);
    if (!x.length && !y.length) return 1;
    var where = new Map();
    y.forEach(function (c, j) {
      if (!where.has(c)) where.set(c, []);
      where.get(c).push(j);
    });
    function matched(alo, ahi, blo, bhi) {
      var besti = alo, bestj = blo, best = 0, lengths = new Map();
      for (var i = alo; i < ahi; i++) {
        var next = new Map();
        var js = where.get(x[i]) || [];
        for (var k = 0; k < js.length; k++) {
          var j = js[k];
          if (j < blo) continue;
          if (j >= bhi) break;
          var length = (lengths.get(j - 1) || 0) + 1;
          next.set(j, length);
          if (length > best) { besti = i - length + 1; bestj = j - length + 1; best = length; }
        }
        lengths = next;
      }
      if (!best) return 0;
      return best + (alo < besti && blo < bestj ? matched(alo, besti, blo, bestj) : 0) +
        (besti + best < ahi && bestj + best < bhi ? matched(besti + best, ahi, bestj + best, bhi) : 0);
    }
    return 2 * matched(0, x.length, 0, y.length) / (x.length + y.length);
  }

  /* suggest._similarity: the ratio, but two neighbouring letters swapped reach the cutoff
   * where the letters left in place are at least half the name ("auht" for "auth"). */
  function similarity(query, key, cutoff) {
    var found = ratio(query, key);
    if (found >= cutoff) return found;
    var x = Array.from(query), y = Array.from(key);
    if (x.length !== y.length || (x.length - 2) * 2 < x.length) return found;
    var differ = [];
    for (var i = 0; i < x.length; i++) if (x[i] !== y[i]) differ.push(i);
    var swapped = differ.length === 2 && differ[1] === differ[0] + 1 &&
      x[differ[0]] === y[differ[1]] && x[differ[1]] === y[differ[0]];
    return swapped ? cutoff : found;
  }

  /* Resolver.suggest for the finder: pages a name that matched nothing probably meant, from
   * the graph file's ids, file names, titles and aliases; each spelt as found, best first,
   * each page once, never ``exclude``. ``near`` holds the cutoff and the limit, from the
   * build. */
  function nearNames(graph, text, exclude, near, pagesOut) {
    var withFolder = text.indexOf("/") >= 0;
    var owners = new Map();
    // Names a target resolves by (ids, file names, aliases) are suggested as they are; a
    // title, which a target never resolves by, as its page's id.
    var targets = new Set();
    function own(name, page, target) {
      if (!owners.has(name)) owners.set(name, []);
      var pages = owners.get(name);
      if (pages.indexOf(page) < 0) pages.push(page);
      if (target) targets.add(name);
    }
    graph.ids.forEach(function (id, page) {
      own(id, page, true);
      if (withFolder) return;
      var stem = id.slice(id.lastIndexOf("/") + 1);
      own(stem, page, true);
      // The page's own name is the better spelling of a title that says the same.
      (graph.aliases[String(page)] || []).forEach(function (alias) {
        if (compact(alias) !== compact(stem)) own(String(alias), page, true);
      });
      if (compact(graph.titles[page]) !== compact(stem)) own(String(graph.titles[page]), page, false);
    });
    var variants = new Map();
    var keys = new Map();
    Array.from(owners.keys()).sort(compareText).forEach(function (name) {
      var key = compact(name);
      keys.set(name, key);
      new Set(deletions(key)).forEach(function (variant) {
        if (!variants.has(variant)) variants.set(variant, []);
        variants.get(variant).push(name);
      });
    });
    var query = compact(text);
    if (!query) return [];
    var scores = new Map();
    new Set(deletions(query)).forEach(function (variant) {
      (variants.get(variant) || []).forEach(function (name) {
        if (!scores.has(name)) scores.set(name, similarity(query, keys.get(name), near.cutoff));
      });
    });
    var found = Array.from(scores.entries()).filter(function (entry) {
      return entry[1] >= near.cutoff;
    });
    found.sort(function (a, b) { return b[1] - a[1] || compareText(a[0], b[0]); });
    var names = [], pages = [];
    found.forEach(function (entry) {
      var owner = owners.get(entry[0]);
      if (names.length >= near.limit || owner.length !== 1) return;
      if (pages.indexOf(owner[0]) >= 0 || owner[0] === exclude) return;
      pages.push(owner[0]);
      names.push(targets.has(entry[0]) ? entry[0] : graph.ids[owner[0]]);
    });
    // The pages themselves, for a caller that names them by title (the finder).
    if (pagesOut) Array.prototype.push.apply(pagesOut, pages);
    return names;
  }

  // titles array -> its natural keys, made when a tie first needs one: ranking compares
  // titles only between matches of equal score, and the same titles on every keystroke.
  var titleKeys = new WeakMap();

  /* Page numbers whose names match the text, best first, at most ``limit``: a name equal
   * to the text, then one starting with it, then one holding it (names and text compared
   * lower-cased); ties by title in natural order, then by number. ``search[i]`` holds page
   * i's lower-cased names (title, id, aliases); the page numbered ``exclude`` is left out.
   * The best ``limit`` are kept as the pages go by, never every match sorted: one common
   * letter matches most of a large wiki, and sorting them all froze the page. */
  function rankMatches(search, titles, text, exclude, limit) {
    var query = String(text).trim().toLowerCase();
    if (!query || !(limit > 0)) return [];
    var cache = titleKeys.get(titles);
    if (!cache) {
      cache = { keys: new Array(titles.length), heads: new Array(titles.length) };
      titleKeys.set(titles, cache);
    }
    var keys = cache.keys, heads = cache.heads;
    function key(i) {
      if (keys[i] === undefined) keys[i] = naturalKey(titles[i]);
      return keys[i];
    }
    // A title's text before its first number: most titles differ there, and it is the
    // first thing the natural order compares, so the whole key is made only for a tie.
    function head(i) {
      if (heads[i] === undefined) heads[i] = fold(titles[i]).split(/[0-9]/, 1)[0];
      return heads[i];
    }
    // Pages come in number order, so a later page equal on score and title ranks after.
    function before(a, b) {
      return a[0] - b[0] || compareText(head(a[1]), head(b[1])) ||
        compareKeys(key(a[1]), key(b[1])) || a[1] - b[1];
    }
    var kept = [];
    for (var i = 0; i < search.length; i++) {
      if (i === exclude) continue; // the page the reader is on is never the answer
      var names = search[i];
      var best = 9;
      for (var j = 0; j < names.length && best > 0; j++) {
        var at = names[j].indexOf(query);
        if (at < 0) continue;
        var score = names[j] === query ? 0 : at === 0 ? 1 : 2;
        if (score < best) best = score;
      }
      if (best === 9) continue;
      var entry = [best, i];
      if (kept.length === limit && before(entry, kept[kept.length - 1]) >= 0) continue;
      var place = kept.length;
      while (place > 0 && before(entry, kept[place - 1]) < 0) place--;
      kept.splice(place, 0, entry);
      if (kept.length > limit) kept.pop();
    }
    return kept.map(function (s) { return s[1]; });
  }

  var api = {
    buildIndex: buildIndex,
    shortestPath: shortestPath,
    naturalCompare: naturalCompare,
    nearNames: nearNames,
    rankMatches: rankMatches
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.MkDocsRelationsPaths = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
