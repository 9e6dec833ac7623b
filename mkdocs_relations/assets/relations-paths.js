/* mkdocs-relations: the path search, the same specification as mkdocs_relations/paths.py,
 * and the finder's suggestions.
 *
 * Each page's neighbours come sorted by (neighbour's id in Python's string order, "out"
 * before "in", type name), as the build wrote them, and the search is a FIFO breadth-first
 * search that keeps the first parent it finds: that is the shortest path whose sequence of
 * ids is smallest, with the preferred edge between each pair of pages. It never compares
 * page numbers, so the finder's files can number pages as suggestions rank them (natural
 * order of title, then id), and the suggestions never sort (rankMatches).
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

  /* graph: {ids: [...] sorted as Python sorts them (graph.json's), types: [{name}], edges:
   * [source, target, type, ...]}: every page's steps at once, sorted here. */
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

  var ZERO = "0".charCodeAt(0);
  // A page's kind of id in the names' text (finder_files.names_text); the page's character
  // counts each alias by the number of kinds.
  var AS_WRITTEN = 0, SLUG = 1, TITLE = 2, APART = 3, KINDS = APART + 1;

  /* Titles as finder_files.slug makes a file name of them (ASCII titles only), all in one
   * pass over their text joined by line ends: 100,000 calls cost several times one. */
  function slugs(titles) {
    return titles.join("\n").toLowerCase().replace(/[^a-z0-9\n]+/g, "-")
      .replace(/^-+|-+$/gm, "").split("\n");
  }

  /* Lines of a text from the line end at ``from``: where each begins (the line end before
   * it), and where the last ends. */
  function lineStarts(text, from, lines) {
    var starts = new Int32Array(lines + 1);
    var at = from;
    for (var i = 0; i < lines; i++) {
      starts[i] = at;
      at = text.indexOf("\n", at + 1);
    }
    starts[lines] = at;
    return starts;
  }

  /* A section of lines to search: the text as written, where each line begins there, and
   * its own lower-cased text (a slice of one pass over the whole, so a search ends with
   * the section; line by line where a letter's lower case is longer, as "İ"'s), where
   * each line begins there, and each line's page (null: line i is page i's). */
  function section(raw, low, starts, owners) {
    var first = starts[0], last = starts[starts.length - 1];
    var lowStarts = new Int32Array(starts.length);
    for (var i = 0; i < starts.length; i++) lowStarts[i] = starts[i] - first;
    return {
      raw: raw, low: low.slice(first, last + 1), starts: starts, lowStarts: lowStarts,
      owners: owners
    };
  }

  function lowerLines(part) {
    var lines = new Array(part.starts.length - 1);
    var starts = new Int32Array(part.starts.length);
    var at = 0;
    for (var i = 0; i < lines.length; i++) {
      starts[i] = at;
      lines[i] = lower(part.raw.slice(part.starts[i] + 1, part.starts[i + 1]));
      at += lines[i].length + 1;
    }
    starts[lines.length] = at;
    part.low = "\n" + lines.join("\n") + "\n";
    part.lowStarts = starts;
  }

  /* A section made of these lines, each of the page ``owners`` names. */
  function linesSection(lines, owners) {
    var raw = "\n" + lines.join("\n") + "\n";
    var starts = new Int32Array(lines.length + 1);
    var at = 0;
    for (var i = 0; i < lines.length; i++) {
      starts[i] = at;
      at += lines[i].length + 1;
    }
    starts[lines.length] = at;
    var low = raw.toLowerCase();
    var part = section(raw, low, starts, owners);
    if (low.length !== raw.length) lowerLines(part);
    return part;
  }

  /* The finder's manifest and its names' text (output/finder_files.py): pages numbered as
   * the finder ranks equal matches; types; with every page's URL and steps when the wiki is
   * one file, else the number of shards that hold them. ``names`` holds the pages' titles,
   * ids and aliases as rankMatches searches them (title, pageId, allNames read them), made
   * without a string a page: the text's sections are searched as they are. */
  function readManifest(manifest, text) {
    var count = manifest.pages;
    var kinds = text.slice(0, text.indexOf("\n"));
    var odd = manifest.odd_names || {};
    var titles = lineStarts(text, kinds.length, count);
    var ids = lineStarts(text, titles[count], count);
    var aliasCount = 0, derived = [];
    for (var page = 0; page < count; page++) {
      var code = kinds.charCodeAt(page) - ZERO;
      aliasCount += Math.floor(code / KINDS);
      if (code % KINDS === SLUG || code % KINDS === TITLE) derived.push(page);
    }
    var aliases = lineStarts(text, ids[count], aliasCount);
    var folders = lineStarts(text, aliases[aliasCount], derived.length);
    var owners = new Int32Array(aliasCount);
    for (page = 0, aliasCount = 0; page < count; page++) {
      for (var a = Math.floor((kinds.charCodeAt(page) - ZERO) / KINDS); a > 0; a--) {
        owners[aliasCount++] = page;
      }
    }
    var low = text.toLowerCase();
    var search = {
      count: count,
      kinds: kinds,
      odd: odd,
      apart: Object.keys(odd).map(function (key) { return parseInt(key, 10); }),
      titles: section(text, low, titles, null),
      ids: section(text, low, ids, null),
      aliases: section(text, low, aliases, owners),
      derived: null,
      derivedAt: null,
      lists: null
    };
    if (low.length !== text.length) {
      lowerLines(search.titles);
      lowerLines(search.ids);
      lowerLines(search.aliases);
    }
    if (derived.length) {
      search.derived = linesSection(derivedIds(search, derived, folders), Int32Array.from(derived));
      search.derivedAt = new Int32Array(count).fill(-1);
      derived.forEach(function (p, i) { search.derivedAt[p] = i; });
    }
    var index = emptyIndex(count, manifest.types);
    var urls = new Array(count);
    index.shards = manifest.shards;
    if (index.shards > 0) {
      index.shardOf = new Int32Array(count).fill(-1);
    } else {
      for (page = 0; page < count; page++) {
        index.lists[page] = manifest.steps[page];
        urls[page] = manifest.urls[page];
      }
    }
    return { urls: urls, index: index, names: search };
  }

  /* Line ``i`` of a section as written. */
  function line(part, i) {
    return part.raw.slice(part.starts[i] + 1, part.starts[i + 1]);
  }

  /* The ids written as a folder (lines from ``folders``) completed by the page's title or
   * its slug, for these pages. */
  function derivedIds(search, pages, folders) {
    var ids = new Array(pages.length), slugged = [], at = [];
    pages.forEach(function (page, i) {
      var folder = search.titles.raw.slice(folders[i] + 1, folders[i + 1]);
      if ((search.kinds.charCodeAt(page) - ZERO) % KINDS === TITLE) {
        ids[i] = folder + line(search.titles, page);
      } else {
        ids[i] = folder;
        slugged.push(line(search.titles, page));
        at.push(i);
      }
    });
    slugs(slugged).forEach(function (made, j) { ids[at[j]] += made; });
    return ids;
  }

  function own(search, page) {
    return Object.prototype.hasOwnProperty.call(search.odd, String(page)) ? search.odd[String(page)] : null;
  }

  /* A page's title, id and aliases as written. */
  function title(search, page) {
    var apart = own(search, page);
    return apart ? apart[0] : line(search.titles, page);
  }

  function pageId(search, page) {
    var apart = own(search, page);
    if (apart) return apart[1];
    if (search.derivedAt && search.derivedAt[page] >= 0) {
      return line(search.derived, search.derivedAt[page]);
    }
    return line(search.ids, page);
  }

  /* {ids, titles, aliases} as arrays (aliases by page number, as text), for nearNames:
   * made the first time a name matches nothing. */
  function allNames(search) {
    if (search.lists) return search.lists;
    var ids = [], titles = [], aliases = {};
    for (var page = 0; page < search.count; page++) {
      ids.push(pageId(search, page));
      titles.push(title(search, page));
    }
    var part = search.aliases;
    for (var i = 0; i < part.owners.length; i++) {
      var key = String(part.owners[i]);
      (aliases[key] = aliases[key] || []).push(line(part, i));
    }
    search.apart.forEach(function (page) {
      if (search.odd[String(page)][2].length) aliases[String(page)] = search.odd[String(page)][2];
    });
    return (search.lists = { ids: ids, titles: titles, aliases: aliases });
  }

  /* One shard's pages, URLs and steps into the index and the URLs. */
  function addShard(index, urls, shard) {
    var pages = sums(shard.pages);
    for (var i = 0; i < pages.length; i++) {
      if (index.lists[pages[i]] !== undefined) continue;
      index.lists[pages[i]] = shard.steps[i];
      urls[pages[i]] = shard.urls[i];
    }
  }

  /* The shard that holds a page: FNV-1a (32 bits) of its id's UTF-8, modulo the shards. */
  function shardOf(index, names, page) {
    var known = index.shardOf[page];
    if (known >= 0) return known;
    var bytes = utf8(pageId(names, page));
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
  function shardsFor(index, names, pages) {
    var wanted = new Set();
    pages.forEach(function (page) {
      if (index.lists[page] === undefined) wanted.add(shardOf(index, names, page));
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
  var SEVERAL = -1;

  function nearNames(graph, text, exclude, near, pagesOut) {
    var withFolder = text.indexOf("/") >= 0;
    // Name -> its page * 2 + 1 where a target resolves by it (ids, file names, aliases:
    // suggested as they are), + 0 for a title alone (suggested as its page's id); SEVERAL
    // for a name of more than one page. One number a name, at 100,000 pages.
    var owners = new Map();
    // Each name made compact once (a page's stem is compared with its title and aliases).
    var keys = new Map();
    function key(name) {
      var made = keys.get(name);
      if (made === undefined) keys.set(name, (made = compact(name)));
      return made;
    }
    function own(name, page, target) {
      var known = owners.get(name);
      var mine = page * 2 + (target ? 1 : 0);
      if (known === undefined) owners.set(name, mine);
      else if (known !== SEVERAL && known >> 1 === page) owners.set(name, known | mine);
      else owners.set(name, SEVERAL);
    }
    graph.ids.forEach(function (id, page) {
      own(id, page, true);
      if (withFolder) return;
      var stem = id.slice(id.lastIndexOf("/") + 1);
      own(stem, page, true);
      // The page's own name is the better spelling of a title that says the same.
      (graph.aliases[String(page)] || []).forEach(function (alias) {
        if (key(String(alias)) !== key(stem)) own(String(alias), page, true);
      });
      if (key(String(graph.titles[page])) !== key(stem)) own(String(graph.titles[page]), page, false);
    });
    var query = compact(text);
    if (!query) return [];
    // The names that share a variant with the query (suggest's deletion index, without
    // building it for every name: 16 s at 100,000 pages). A variant is at most two units
    // shorter than its key, so a key more than two units longer or shorter than the
    // query's shares none; the order found does not matter, the sort below decides.
    var wanted = new Set(deletions(query));
    var scores = new Map();
    owners.forEach(function (_, name) {
      var made = key(name);
      if (Math.abs(made.length - query.length) > 2) return;
      if (deletions(made).some(function (variant) { return wanted.has(variant); })) {
        scores.set(name, similarity(query, made, near.cutoff));
      }
    });
    var found = Array.from(scores.entries()).filter(function (entry) {
      return entry[1] >= near.cutoff;
    });
    found.sort(function (a, b) { return b[1] - a[1] || compareText(a[0], b[0]); });
    var names = [], pages = [];
    found.forEach(function (entry) {
      var owner = owners.get(entry[0]);
      if (names.length >= near.limit || owner === SEVERAL) return;
      var page = owner >> 1;
      if (pages.indexOf(page) >= 0 || page === exclude) return;
      pages.push(page);
      names.push(owner & 1 ? entry[0] : graph.ids[page]);
    });
    // The pages themselves, for a caller that names them by title (the finder).
    if (pagesOut) Array.prototype.push.apply(pagesOut, pages);
    return names;
  }

  function lower(text) {
    return String(text).toLowerCase();
  }

  /* The lower-cased names of a page (title, id, then aliases). */
  function pageNames(search, page) {
    var apart = own(search, page);
    if (apart) return [apart[0], apart[1]].concat(apart[2]).map(lower);
    var names = [lowLine(search.titles, page), search.derivedAt && search.derivedAt[page] >= 0
      ? lowLine(search.derived, search.derivedAt[page]) : lowLine(search.ids, page)];
    var part = search.aliases;
    for (var i = 0; i < part.owners.length; i++) {
      if (part.owners[i] === page) names.push(lowLine(part, i));
    }
    return names;
  }

  function lowLine(part, i) {
    return part.low.slice(part.lowStarts[i] + 1, part.lowStarts[i + 1]);
  }

  /* The line whose text holds ``at``, of lines that begin at ``starts``. */
  function lineAt(starts, at) {
    var low = 0, high = starts.length - 2;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /* The number of the page with this id, or undefined. */
  function pageNumber(search, id) {
    var lined = String(id).indexOf("\n") >= 0;
    var parts = search.derived ? [search.ids, search.derived] : [search.ids];
    for (var p = 0; p < parts.length && !lined; p++) {
      var part = parts[p];
      var at = part.raw.indexOf("\n" + id + "\n", part.starts[0]);
      if (at >= 0 && at < part.starts[part.starts.length - 1]) {
        var i = lineAt(part.starts, at);
        return part.owners ? part.owners[i] : i;
      }
    }
    var apart = search.apart.filter(function (page) { return search.odd[String(page)][1] === id; });
    return apart.length ? apart[0] : undefined;
  }

  /* The first ``room`` pages (in number order) with a line of the section that holds the
   * pattern, none of ``taken`` nor ``exclude``. The text is searched natively from page to
   * page, so the search costs what it finds. */
  function firstPages(part, pattern, room, taken, exclude) {
    var found = [];
    var text = part.low, starts = part.lowStarts;
    var at = text.indexOf(pattern);
    while (at >= 0 && found.length < room) {
      var i = lineAt(starts, at);
      var page = part.owners ? part.owners[i] : i;
      if (page !== exclude && taken.indexOf(page) < 0 && found.indexOf(page) < 0) {
        found.push(page);
      }
      at = text.indexOf(pattern, starts[i + 1]);
    }
    return found;
  }

  function ascending(a, b) {
    return a - b;
  }

  /* Page numbers whose names match the text, best first, at most ``limit``: a name equal
   * to the text, then one starting with it, then one holding it (names and text compared
   * lower-cased); ties by title in natural order, then by id, which is the pages' own order
   * (finder_files.py numbers them so). ``search`` is readManifest's ``names``; the page
   * numbered ``exclude`` is left out. Each kind of match is looked for in titles, ids and
   * aliases in page order, and the search stops once it has enough: one common letter
   * matches most of a large wiki, and nothing is ever sorted but the few found. */
  function rankMatches(search, text, exclude, limit) {
    var query = String(text).trim().toLowerCase();
    if (!query || !(limit > 0)) return [];
    // Pages apart (a line end in a name), by score, each list in page order.
    var apart = [[], [], []];
    search.apart.forEach(function (page) {
      if (page === exclude) return;
      var best = -1;
      pageNames(search, page).forEach(function (name) {
        var at = name.indexOf(query);
        if (at < 0) return;
        var score = name === query ? 0 : at === 0 ? 1 : 2;
        if (best < 0 || score < best) best = score;
      });
      if (best >= 0) apart[best].push(page);
    });
    // A line end is never in a name of the sections: it only separates them there.
    var lined = query.indexOf("\n") >= 0;
    var patterns = ["\n" + query + "\n", "\n" + query, query];
    // A section that holds the text nowhere holds none of the patterns: one search says so.
    var parts = [search.titles, search.ids, search.aliases, search.derived].filter(function (part) {
      return part && !lined && part.low.indexOf(query) >= 0;
    });
    var found = [];
    for (var score = 0; score < patterns.length && found.length < limit; score++) {
      var room = limit - found.length;
      var these = apart[score].slice();
      for (var p = 0; p < parts.length; p++) {
        these = these.concat(firstPages(parts[p], patterns[score], room, found.concat(these), exclude));
      }
      found = found.concat(these.sort(ascending).slice(0, room));
    }
    return found;
  }

  var api = {
    buildIndex: buildIndex,
    readManifest: readManifest,
    addShard: addShard,
    shardsFor: shardsFor,
    startPath: startPath,
    continuePath: continuePath,
    shortestPath: shortestPath,
    nearNames: nearNames,
    allNames: allNames,
    pageId: pageId,
    pageNames: pageNames,
    pageNumber: pageNumber,
    rankMatches: rankMatches,
    title: title
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.MkDocsRelationsPaths = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
