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

  /* An index over the pages' steps: lists[page] holds its steps, each one number,
   * (neighbour * 2 + direction) * typeCount + type, ascending (neighbour first, out before
   * in, then type name), parallel edges merged; undefined while the page's shard is not
   * loaded. output/finder_files.py writes the same lists. */
  function emptyIndex(count, types) {
    return {
      count: count,
      types: types.map(function (t) { return typeof t === "string" ? t : t.name; }),
      typeCount: Math.max(types.length, 1),
      lists: new Array(count),
      shards: 0,
      shardOf: null
    };
  }

  /* graph: {ids: [...], types: [{name}], edges: [source, target, type, ...]}: every page's
   * steps at once. */
  function buildIndex(graph) {
    var count = graph.ids.length;
    var index = emptyIndex(count, graph.types);
    var width = index.typeCount;
    var edges = graph.edges;
    var found = [];
    var i;
    for (i = 0; i < count; i++) found.push([]);
    for (i = 0; i < edges.length; i += 3) {
      var s = edges[i], t = edges[i + 1], k = edges[i + 2];
      if (s === t) continue;
      found[s].push((t * 2 + 0) * width + k);
      found[t].push((s * 2 + 1) * width + k);
    }
    for (i = 0; i < count; i++) {
      var sorted = Float64Array.from(found[i]).sort();
      var list = [];
      for (var j = 0; j < sorted.length; j++) {
        if (j === 0 || sorted[j] !== sorted[j - 1]) list.push(sorted[j]); // parallel edges: one step
      }
      index.lists[i] = list;
    }
    return index;
  }

  /* Running sums: the file writes each ascending list as differences. */
  function sums(differences) {
    var out = new Array(differences.length);
    var total = 0;
    for (var i = 0; i < differences.length; i++) out[i] = total += differences[i];
    return out;
  }

  /* The finder's manifest (output/finder_files.py): ids (each the length it shares with the
   * one before, and the rest), titles, aliases, types; with every page's URL and steps when
   * the wiki is one file, else the number of shards that hold them. */
  function readManifest(manifest) {
    var coded = manifest.ids;
    var ids = new Array(coded.length / 2);
    var previous = "";
    for (var i = 0; i < coded.length; i += 2) {
      previous = previous.slice(0, coded[i]) + coded[i + 1];
      ids[i / 2] = previous;
    }
    var index = emptyIndex(ids.length, manifest.types);
    var urls = new Array(ids.length);
    index.shards = manifest.shards;
    if (index.shards > 0) {
      index.shardOf = new Int32Array(ids.length).fill(-1);
    } else {
      for (var page = 0; page < ids.length; page++) {
        index.lists[page] = sums(manifest.steps[page]);
        urls[page] = manifest.urls[page];
      }
    }
    return { ids: ids, urls: urls, index: index };
  }

  /* One shard's pages, URLs and steps into the index and the URLs. */
  function addShard(index, urls, shard) {
    var pages = sums(shard.pages);
    for (var i = 0; i < pages.length; i++) {
      if (index.lists[pages[i]] !== undefined) continue;
      index.lists[pages[i]] = sums(shard.steps[i]);
      urls[pages[i]] = shard.urls[i];
    }
  }

  /* The shard that holds a page: FNV-1a (32 bits) of its id's UTF-8, modulo the shards. */
  function shardOf(index, ids, page) {
    var known = index.shardOf[page];
    if (known >= 0) return known;
    var bytes = utf8(ids[page]);
    var hash = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      hash = Math.imul(hash ^ bytes[i], 0x01000193) >>> 0;
    }
    return (index.shardOf[page] = hash % index.shards);
  }

  function utf8(text) {
    if (typeof TextEncoder !== "undefined") return new TextEncoder().encode(text);
    return Buffer.from(text, "utf8");
  }

  /* Shards that hold these pages and are not loaded yet, in ascending order. */
  function shardsFor(index, ids, pages) {
    var wanted = new Set();
    pages.forEach(function (page) {
      if (index.lists[page] === undefined) wanted.add(shardOf(index, ids, page));
    });
    return Array.from(wanted).sort(function (a, b) { return a - b; });
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

  /* A breadth-first search from source, stopped at target, that pauses where a page's steps
   * are not loaded: continuePath says which pages it waits for, and goes on once they are.
   * Each search has its own marks, so two may wait at once. */
  function startPath(index, source, target, options) {
    if (!(options.maxHops >= 0)) throw new Error("shortestPath needs options.maxHops");
    var count = index.count;
    var state = {
      source: source,
      target: target,
      maxHops: options.maxHops,
      allowed: allowedTypes(index, options.types),
      outOnly: !!options.directed,
      seen: new Uint8Array(count),
      parent: new Int32Array(count),
      via: new Float64Array(count),
      hops: new Int32Array(count),
      queue: new Int32Array(count),
      head: 0,
      tail: 0,
      into: null,
      found: source === target
    };
    state.seen[source] = 1;
    state.parent[source] = -1;
    state.queue[state.tail++] = source;
    return state;
  }

  /* {steps} (null: no path within the bound), or {missing: pages whose steps it needs}. */
  function continuePath(index, state) {
    var width = index.typeCount, lists = index.lists;
    var seen = state.seen, parent = state.parent, via = state.via, hops = state.hops;
    var queue = state.queue, allowed = state.allowed, outOnly = state.outOnly;
    var maxHops = state.maxHops, stop = state.target;
    while (!state.found && state.head < state.tail) {
      var node = queue[state.head];
      var depth = hops[node];
      if (depth >= maxHops) { state.head++; continue; }
      var list = lists[node];
      if (list === undefined && depth === maxHops - 1) {
        // The last level: its pages matter only as neighbours of the target, which the
        // target's own steps name (each edge is in the lists of both its ends), so one
        // shard answers for every page of the level that is not loaded.
        var into = lastSteps(index, state);
        if (into === null) return { missing: [stop] };
        state.head++;
        var value = into.get(node);
        if (value !== undefined) {
          seen[stop] = 1;
          parent[stop] = node;
          via[stop] = value;
          hops[stop] = depth + 1;
          state.found = true;
        }
        continue;
      }
      if (list === undefined) return { missing: waiting(state, lists) };
      state.head++;
      for (var e = 0; e < list.length; e++) {
        var value = list[e];
        var kind = value % width;
        var rest = (value - kind) / width;
        var next = rest >> 1;
        if (seen[next]) continue;
        if (outOnly && (rest & 1) !== 0) continue;
        if (allowed && !allowed[kind]) continue;
        seen[next] = 1;
        parent[next] = node;
        via[next] = value;
        hops[next] = depth + 1;
        if (next === stop) { state.found = true; break; }
        queue[state.tail++] = next;
      }
    }
    return { steps: state.found ? chain(index, state) : null };
  }

  /* Page -> the step from it to the target that the search would take (its smallest one
   * the search allows), read from the target's steps; null while those are not loaded. */
  function lastSteps(index, state) {
    if (state.into) return state.into;
    var list = index.lists[state.target];
    if (list === undefined) return null;
    var width = index.typeCount, into = new Map();
    for (var e = 0; e < list.length; e++) {
      var kind = list[e] % width;
      var rest = (list[e] - kind) / width;
      // The same edge from the other end: the other direction.
      var back = 1 - (rest & 1);
      if (state.outOnly && back !== 0) continue;
      if (state.allowed && !state.allowed[kind]) continue;
      var page = rest >> 1;
      var value = (state.target * 2 + back) * width + kind;
      if (!into.has(page) || value < into.get(page)) into.set(page, value);
    }
    return (state.into = into);
  }

  /* The queued pages the search will expand whose steps are not loaded: asked for together,
   * so a level of the search loads its shards at once. */
  function waiting(state, lists) {
    var pages = [];
    for (var i = state.head; i < state.tail; i++) {
      var node = state.queue[i];
      if (state.hops[node] < state.maxHops && lists[node] === undefined) pages.push(node);
    }
    return pages;
  }

  function chain(index, state) {
    var steps = [];
    var width = index.typeCount;
    var node = state.target;
    while (node !== state.source) {
      var value = state.via[node];
      var kind = value % width;
      steps.push({
        from: state.parent[node],
        to: node,
        type: index.types[kind],
        direction: DIRECTIONS[((value - kind) / width) & 1]
      });
      node = state.parent[node];
    }
    return steps.reverse();
  }

  /* The path between two page numbers, or null when none exists within options.maxHops,
   * with every page's steps loaded. The bound has no default here: it is the site's
   * (max_hops), and the caller has it. */
  function shortestPath(index, source, target, options) {
    var answer = continuePath(index, startPath(index, source, target, options));
    if (answer.missing) throw new Error("shortestPath needs every page's steps loaded");
    return answer.steps;
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

  // titles array -> its folded titles (all at once) and natural keys (made when a tie first
  // needs one): ranking compares titles only between matches of equal score, and the same
  // titles on every keystroke.
  var titleKeys = new WeakMap();

  /* Each text through ``change``, in one call on them all joined by a line end where the
   * result splits back into as many (casing has no rule across a line end, and ``change``
   * none either): 100,000 calls cost several times one call on their whole text. */
  function eachAtOnce(texts, change, changeEach) {
    var joined = change(texts.join("\n")).split("\n");
    return joined.length === texts.length ? joined : texts.map(changeEach || change);
  }

  /* Each title's folded text before its first digit. */
  function titleHeads(titles) {
    return eachAtOnce(titles, function (text) {
      return fold(text).replace(/[0-9][^\n]*/g, "");
    }, function (text) {
      return fold(text).split(/[0-9]/, 1)[0];
    });
  }

  function lower(text) {
    return String(text).toLowerCase();
  }

  /* search[i] for rankMatches: page i's names (title, id, then aliases) lower-cased. */
  function searchNames(titles, ids, aliases) {
    var lowTitles = eachAtOnce(titles, lower);
    var lowIds = eachAtOnce(ids, lower);
    var search = new Array(ids.length);
    for (var i = 0; i < ids.length; i++) {
      var more = aliases[String(i)];
      search[i] = more ? [lowTitles[i], lowIds[i]].concat(more.map(lower)) : [lowTitles[i], lowIds[i]];
    }
    return search;
  }

  /* The number of the page with this id (ids in Python's order), or undefined. */
  function pageNumber(ids, id) {
    var low = 0, high = ids.length - 1;
    while (low <= high) {
      var middle = (low + high) >> 1;
      var order = compareText(ids[middle], id);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /* Page numbers whose names match the text, best first, at most ``limit``: a name equal
   * to the text, then one starting with it, then one holding it (names and text compared
   * lower-cased); ties by title in natural order, then by number. ``search[i]`` holds page
   * i's lower-cased names (title, id, aliases); the page numbered ``exclude`` is left out.
   * The best ``limit`` are kept as the pages go by, never every match sorted: one common
   * letter matches most of a large wiki, and sorting them all froze the page. */
  function rankMatches(search, titles, text, exclude, limit) {
    // Made on the first call, even one with nothing typed: the finder calls it so as the
    // graph loads, and the reader's first letter finds them ready.
    var cache = titleKeys.get(titles);
    if (!cache) {
      var made = titleHeads(titles);
      // Heads the engine's own comparison orders as Python does: no surrogate pair, no
      // character past them (UTF-16 and code points disagree only there).
      var plain = new Uint8Array(made.length);
      for (var p = 0; p < made.length; p++) plain[p] = /[\uD800-\uFFFF]/.test(made[p]) ? 0 : 1;
      cache = { keys: new Array(titles.length), heads: made, plain: plain };
      titleKeys.set(titles, cache);
    }
    var query = String(text).trim().toLowerCase();
    if (!query || !(limit > 0)) return [];
    var keys = cache.keys, heads = cache.heads, plain = cache.plain;
    function key(i) {
      if (keys[i] === undefined) keys[i] = naturalKey(titles[i]);
      return keys[i];
    }
    // A title's text before its first number: most titles differ there, and it is the
    // first thing the natural order compares, so the whole key is made only for a tie.
    function head(i) {
      return heads[i];
    }
    // Pages come in number order, so a later page equal on score and title ranks after.
    function before(a, b) {
      return a[0] - b[0] || compareHeads(a[1], b[1]) ||
        compareKeys(key(a[1]), key(b[1])) || a[1] - b[1];
    }
    function compareHeads(i, j) {
      var x = head(i), y = head(j);
      if (!(plain[i] && plain[j])) return compareText(x, y);
      return x === y ? 0 : x < y ? -1 : 1;
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
    readManifest: readManifest,
    addShard: addShard,
    shardsFor: shardsFor,
    startPath: startPath,
    continuePath: continuePath,
    shortestPath: shortestPath,
    naturalCompare: naturalCompare,
    nearNames: nearNames,
    pageNumber: pageNumber,
    rankMatches: rankMatches,
    searchNames: searchNames
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.MkDocsRelationsPaths = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
