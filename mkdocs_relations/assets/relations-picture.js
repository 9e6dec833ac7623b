/* mkdocs-relations: the neighbourhood picture, drawn in the reader's browser from the
 * panel's lists.
 *
 * The picture says what the panel's lists say (each neighbour, its type and direction), so
 * a page carries the lists once and an empty figure; this script reads the lists and draws
 * the picture by the layout of mkdocs_relations/output/picture.py and text_fit.py, ported
 * here line for line (tests/test_picture_js.py holds the two together under node). Without
 * JavaScript the lists are the whole panel. The build writes this file into the site with
 * what every page shares in front of it (window.__mkdocsRelationsPicture: each type's words
 * and whether it is symmetric, and the picture's accessible name around the title), so a
 * page says none of it. All text goes in with textContent: titles come from pages anyone
 * can edit. The layout (layout()) has no DOM: the same file runs under node.
 */
(function (root) {
  "use strict";

  var WIDTH = 480, LINE = 19, MARGIN = 2, GAP = 40, CENTER_WIDTH = 104, CENTER_MAX = 164;
  var PAD_X = 8, PAD_Y = 5, MAX_LINES = 3, FONT = 15;
  var HAIR = 1e-6;
  var SVG = "http://www.w3.org/2000/svg";
  var XLINK = "http://www.w3.org/1999/xlink";

  /* text_fit._char_width: a generous guess of a glyph's advance in ems. East Asian wide and
   * fullwidth characters (Python's unicodedata) by their blocks. */
  var WIDE = /[\u1100-\u115F\u231A\u231B\u2329\u232A\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE10-\uFE19\uFE30-\uFE6F\uFF00-\uFF60\uFFE0-\uFFE6\u{16FE0}-\u{18AFF}\u{1B000}-\u{1B2FF}\u{1F004}\u{1F0CF}\u{1F18E}\u{1F191}-\u{1F19A}\u{1F200}-\u{1F64F}\u{1F680}-\u{1F6FF}\u{1F7E0}-\u{1F7EB}\u{1F90C}-\u{1F9FF}\u{1FA70}-\u{1FAFF}\u{20000}-\u{3FFFD}]/u;
  function charWidth(c) {
    if ("iljI.,:;|!'` ".indexOf(c) >= 0) return 0.32;
    if ("frt()[]{}-/\\\"".indexOf(c) >= 0) return 0.42;
    if ("mwMW@%".indexOf(c) >= 0) return 0.95;
    if (c.codePointAt(0) < 128) return c !== c.toLowerCase() ? 0.7 : 0.6;
    return WIDE.test(c) ? 1.05 : 0.7;
  }
  function chars(text) { return Array.from(text); }
  function textWidth(text, bold) {
    var ems = 0;
    for (var c of text) ems += charWidth(c);
    return ems * FONT * (bold ? 1.08 : 1.0);
  }
  function hundredths(text) {
    var total = 0;
    for (var c of text) total += Math.round(charWidth(c) * 100);
    return total;
  }
  var SPACE = hundredths(" "), ELLIPSIS = hundredths("\u2026");
  function words(text) { return text.split(/\s+/).filter(function (w) { return w; }); }
  function widestWord(text, bold) {
    return words(text).reduce(function (m, w) { return Math.max(m, textWidth(w, bold)); }, 0);
  }
  function fit(word, width, bold) {
    var room = width / (FONT * (bold ? 1.08 : 1.0)) - 0.42, total = 0, n = 0;
    for (var c of word) {
      total += charWidth(c);
      if (total > room) return Math.max(1, n);
      n += 1;
    }
    return n;
  }

  /* text_fit._wrap: lines that fit a width, the last one ending in "…" when text is left
   * over; and whether a word wider than a line was split. */
  function wrap(text, width, maxLines, bold) {
    var room = width / (FONT * (bold ? 1.08 : 1.0)) * 100;
    var below = room - HAIR, above = room + HAIR;
    var list = words(text), sizes = list.map(hundredths);
    var lines = [], current = "", size = 0, at = 0, split = false;
    while (at < list.length) {
      var word = list[at];
      var wider = current ? size + SPACE + sizes[at] : sizes[at];
      if (wider < below || (wider <= above &&
          textWidth(current ? current + " " + word : word, bold) <= width)) {
        current = current ? current + " " + word : word;
        size = wider;
        at += 1;
        continue;
      }
      if (!current) {
        var cs = chars(word), cut = Math.max(1, fit(word, width, bold));
        current = cs.slice(0, cut).join("") + (cut > 1 ? "-" : "");
        list[at] = cs.slice(cut).join("");
        sizes[at] = hundredths(list[at]);
        split = true;
      }
      lines.push(current);
      current = "";
      size = 0;
      if (lines.length === maxLines) break;
    }
    if (current && lines.length < maxLines) {
      lines.push(current);
      current = "";
    }
    if (at < list.length || current) {
      var last = chars(lines[lines.length - 1]);
      size = hundredths(last.join("")) + ELLIPSIS;
      while (last.length && (size > above ||
          (size >= below && textWidth(last.join("") + "\u2026", bold) > width))) {
        size -= hundredths(last[last.length - 1]);
        last.pop();
      }
      lines[lines.length - 1] = last.join("").replace(/\s+$/, "") + "\u2026";
    }
    return { lines: lines.length ? lines : [""], split: split };
  }

  /* Python's round(x, 1): toFixed rounds the exact binary value, as Python does, but a tie
   * up, where Python rounds it to the even tenth. A double is exactly halfway between two
   * tenths only when its fraction is .25 or .75 (x * 4 whole, x * 2 not). */
  function round1(x) {
    if (Number.isInteger(x * 4) && !Number.isInteger(x * 2)) {
      var f = Math.floor(x * 10);
      return (f % 2 === 0 ? f : f + 1) / 10;
    }
    return Number(x.toFixed(1));
  }

  function lineYs(y, h, count) {
    var top = y + (h - count * LINE) / 2 + LINE * 0.78, out = [];
    for (var i = 0; i < count; i++) out.push(round1(top + i * LINE));
    return out;
  }

  function columns(sides, centerWidth, hasLeft) {
    var column = (WIDTH - 2 * MARGIN - centerWidth - sides * GAP) / Math.max(sides, 1);
    var x = MARGIN, leftX = x;
    if (hasLeft) x += column + GAP;
    var centerX = x, rightX = centerX + centerWidth + GAP, inner = column - 2 * PAD_X;
    function one(at) {
      return { x: round1(at), w: round1(column), captionX: round1(at + column / 2),
        width: column, inner: inner };
    }
    return { left: one(leftX), centerX: centerX, right: one(rightX) };
  }

  function column(blocks, col) {
    var boxes = [], captions = [], y = MARGIN;
    blocks.forEach(function (block, number) {
      if (number) y += 10;
      if (block.caption) {
        var lines = wrap(block.caption, col.width, 2, false).lines;
        captions.push({ x: col.captionX, y: y, lines: lines, type: block.type });
        y += lines.length * LINE + 2;
      }
      block.items.forEach(function (item) {
        var fitted = wrap(item.title, col.inner, MAX_LINES, false).lines;
        var h = fitted.length * LINE + 2 * PAD_Y;
        boxes.push({ x: col.x, y: y, w: col.w, h: h, lines: fitted, full: item.title,
          url: item.url, kind: item.kind });
        y += h + 6;
      });
    });
    return { boxes: boxes, captions: captions, height: boxes.length ? y - 6 : 0 };
  }

  /* Pictures.picture and _layout: groups are [{label, anchor, entries: [{title, url, type,
   * direction}]}] in the panel's order; types maps a type to [its words, symmetric]. */
  function layout(title, groups, types, limit, linkGroups) {
    // A type the site's words do not name is unknown: its name in words, as
    // vocabulary.label_of writes it, and not symmetric.
    function typeWords(type) { return types[type] || [type.replace(/[-_]/g, " "), false]; }
    var left = new Map(), right = new Map(), count = 0;
    groups.forEach(function (group) {
      group.entries.forEach(function (entry) {
        var w = typeWords(entry.type), symmetric = w[1], block;
        if (entry.direction === "in" && !symmetric) {
          block = left.get(entry.type);
          if (!block) left.set(entry.type, block = { caption: w[0] + " \u2192", type: entry.type,
            arrow: true, items: [] });
        } else {
          block = right.get(entry.type);
          if (!block) right.set(entry.type, block = { caption: symmetric ? w[0] : "\u2192 " + w[0],
            type: entry.type, arrow: !symmetric, items: [] });
        }
        block.items.push({ title: entry.title, url: entry.url,
          kind: entry.url !== null ? "page" : "redlink" });
        count += 1;
      });
    });
    var grouped = count > limit;
    if (grouped) {
      left = new Map();
      right = new Map();
      groups.forEach(function (group) {
        var ends = new Set(group.entries.map(function (e) {
          return e.direction + " " + typeWords(e.type)[1];
        }));
        var only = ends.size === 1 ? ends.values().next().value : "";
        var side, arrow;
        if (only === "in false") { side = left; arrow = true; }
        else { side = right; arrow = only === "out false"; }
        var block = side.get(group.label);
        if (!block) side.set(group.label, block = { caption: null, type: group.entries[0].type,
          arrow: arrow, items: [] });
        block.items.push({ title: group.label + " (" + group.entries.length + ")",
          url: linkGroups && group.anchor ? "#" + group.anchor : null, kind: "group" });
      });
    }
    var lefts = Array.from(left.values()), rights = Array.from(right.values());
    var sides = (lefts.length ? 1 : 0) + (rights.length ? 1 : 0);
    var centerWidth = CENTER_WIDTH;
    var center = wrap(title, CENTER_WIDTH - 2 * PAD_X, 4, true), centerLines = center.lines;
    if (center.split) {
      var longest = widestWord(title, true);
      centerWidth = round1(Math.min(CENTER_MAX, Math.max(CENTER_WIDTH, longest + 2 * PAD_X + 1)));
      centerLines = wrap(title, centerWidth - 2 * PAD_X, 4, true).lines;
    }
    var cols = columns(sides, centerWidth, lefts.length > 0);
    var l = column(lefts, cols.left), r = column(rights, cols.right);
    var textH = centerLines.length * LINE + 2 * PAD_Y;
    var centerH = Math.max(textH, 10 * Math.max(l.boxes.length, r.boxes.length));
    centerH = Math.min(centerH, Math.max(l.height, r.height, textH));
    var height = Math.max(l.height, r.height, centerH) + 2 * MARGIN;
    var centerY = round1((height - centerH) / 2);
    var centerX = cols.centerX, centerRight = centerX + centerWidth;
    var wires = [];
    [[l, lefts, true], [r, rights, false]].forEach(function (side) {
      var col = side[0], onLeft = side[2];
      var shift = round1((height - 2 * MARGIN - col.height) / 2);
      if (shift) col.captions.forEach(function (c) { c.y += shift; });
      var spaces = col.boxes.length + 1, n = 0;
      side[1].forEach(function (block) {
        block.items.forEach(function () {
          var box = col.boxes[n];
          n += 1;
          if (shift) box.y += shift;
          var ey = round1(centerY + centerH * n / spaces), my = box.y + box.h / 2;
          wires.push(onLeft
            ? { x1: box.x + box.w, y1: my, x2: centerX, y2: ey, arrow: block.arrow,
                type: block.type, direction: "in" }
            : { x1: centerRight, y1: ey, x2: box.x, y2: my, arrow: block.arrow,
                type: block.type, direction: "out" });
        });
      });
    });
    return {
      width: WIDTH, height: Math.floor(height + 0.999), grouped: grouped,
      center: { x: centerX, y: centerY, w: centerWidth, h: centerH, lines: centerLines,
        full: title, url: null, kind: "current" },
      boxes: l.boxes.concat(r.boxes), captions: l.captions.concat(r.captions), wires: wires
    };
  }

  /* The panel's groups as the picture reads them: each entry's type and direction from its
   * own attributes, else from its list's. */
  function readGroups(list) {
    var groups = [];
    list.querySelectorAll(":scope > dt").forEach(function (dt) {
      var dd = dt.nextElementSibling;
      if (!dd) return;
      var entries = [];
      // An entry is the link right inside its li (a note's links are inside the note).
      dd.querySelectorAll("li > a, .relations__redlink").forEach(function (el) {
        var ul = el.closest("[data-relation-type]");
        var own = el.hasAttribute("data-relation-type") ? el : ul;
        if (!own) return;
        entries.push({
          title: el.textContent,
          url: el.classList.contains("relations__redlink") ? null : el.getAttribute("href"),
          type: own.getAttribute("data-relation-type"),
          direction: own.getAttribute("data-relation-direction")
        });
      });
      if (entries.length) groups.push({ label: dt.textContent, anchor: dt.id, entries: entries });
    });
    return groups;
  }

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(node);
    return node;
  }

  function drawBox(svg, box) {
    var g;
    var cls = "relations__node" + (box.kind === "page" ? "" : " relations__node--" + box.kind);
    if (box.url !== null) {
      g = el("a", { "class": cls }, svg);
      // xlink:href, not href: Material's instant navigation rewrites every a[href] and
      // fails on SVG links, whose href is read-only.
      g.setAttributeNS(XLINK, "xlink:href", box.url);
    } else {
      g = el("g", { "class": cls }, svg);
    }
    if (/\u2026$/.test(box.lines[box.lines.length - 1])) el("title", {}, g).textContent = box.full;
    el("rect", { x: box.x, y: box.y, width: box.w, height: box.h,
      rx: box.kind === "current" ? 6 : 4 }, g);
    var x = round1(box.x + box.w / 2), text = el("text", { x: x }, g);
    lineYs(box.y, box.h, box.lines.length).forEach(function (y, i) {
      el("tspan", { x: x, y: y }, text).textContent = box.lines[i];
    });
  }

  function draw(figure, shared) {
    if (figure.querySelector("svg")) return;
    var panel = figure.closest("[data-relations-panel]") || document;
    // The panel's lists, or (where the panel shows the picture alone) the figure's own,
    // which stand in for it without JavaScript.
    var own = figure.querySelector(".relations__groups");
    var list = panel.querySelector(".relations__groups");
    if (!list) return;
    var title = figure.getAttribute("data-relations-title") || "";
    var pic = layout(title, readGroups(list), shared.types || {},
      figure.hasAttribute("data-relations-grouped") ? -1 : Infinity, !own);
    var svg = el("svg", { viewBox: "0 0 " + pic.width + " " + pic.height, width: pic.width,
      height: pic.height, "font-size": FONT, role: "img",
      "aria-label": (shared.label || ["", ""]).join(title) });
    var marker = el("marker", { id: "relations-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto" }, el("defs", {}, svg));
    el("path", { d: "M 0 0 L 10 5 L 0 10 z", "class": "relations__arrowhead" }, marker);
    pic.wires.forEach(function (w) {
      var line = el("line", { x1: w.x1, y1: w.y1, x2: w.x2, y2: w.y2,
        "data-relations-wire": w.type, "data-relations-wire-direction": w.direction }, svg);
      if (w.arrow) line.setAttribute("marker-end", "url(#relations-arrow)");
    });
    pic.captions.forEach(function (c) {
      var text = el("text", { "class": "relations__edge-label", x: c.x,
        "data-relations-caption": c.type }, svg);
      c.lines.forEach(function (line, i) {
        el("tspan", { x: c.x, y: round1(c.y + LINE * 0.78 + i * LINE) }, text).textContent = line;
      });
    });
    pic.boxes.concat([pic.center]).forEach(function (box) { drawBox(svg, box); });
    if (own) own.hidden = true;
    figure.appendChild(svg);
    figure.hidden = false;
  }

  function drawAll() {
    var shared = root.__mkdocsRelationsPicture || {};
    document.querySelectorAll("[data-relations-picture]").forEach(function (figure) {
      draw(figure, shared);
    });
  }

  var api = { layout: layout, wrap: wrap, textWidth: textWidth };
  if (typeof module !== "undefined" && module.exports) {
    module.exports = api;
    return;
  }
  root.MkDocsRelationsPicture = api;
  // As the finder does: Material's instant navigation announces each page on document$,
  // which never emits from disk (file://); drawing is idempotent.
  if (root.document$ && typeof root.document$.subscribe === "function") {
    root.document$.subscribe(drawAll);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawAll);
  else drawAll();
})(typeof globalThis !== "undefined" ? globalThis : this);
