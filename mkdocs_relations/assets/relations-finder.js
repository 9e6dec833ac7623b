/* mkdocs-relations: the path finder widget.
 *
 * The page carries a placeholder (its page id and the site root as a link from it); the
 * widget's markup, the same on every page, is rendered once a build and handed to this
 * script by the site's script, which holds both (MkDocsRelationsFinder.start), and put in
 * the placeholder's place here. The
 * widget carries, in its data attributes, everything this script shares with the build: where
 * the site root and the graph file are (as links from the page), the graph's format and
 * version, and every word it shows. Nothing of that is repeated here, so the two cannot drift apart;
 * the hop limit is the graph file's max_hops. The graph is not loaded until the reader first
 * uses a finder; it arrives as a script file rather than JSON so that it also loads from disk
 * (file://), where browsers refuse fetch(). All text is inserted with textContent: titles
 * come from pages anyone can edit.
 */
(function () {
  "use strict";

  var MAX_OPTIONS = 10;
  // The widget's markup, as the site's script hands it to start().
  var formHtml = null;
  // Absolute graph URL -> promise of the prepared graph: loaded once, whatever the page
  // Material's instant navigation shows next.
  var graphs = new Map();

  function failure(key) {
    var error = new Error(key);
    error.messageKey = key;
    return error;
  }

  /* A script element's global, once the script at url has run: graph files are scripts
   * rather than JSON so that they also load from disk (file://), where browsers refuse
   * fetch(). */
  function loadScript(url, read, key) {
    return new Promise(function (resolve, reject) {
      var ready = read();
      if (ready) return resolve(ready);
      var script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = function () {
        script.remove();
        var value = read();
        if (value) resolve(value);
        else reject(failure(key));
      };
      script.onerror = function () {
        script.remove();
        reject(failure(key));
      };
      document.head.appendChild(script);
    });
  }

  /* The graph's manifest the widget's attributes name (what suggestions need), checked
   * against the format and version the page was built for: a page and a graph file from
   * different builds say so. Pages' steps and URLs come with it for a small wiki, else from
   * shards, loaded as the path search reaches their pages. */
  function loadGraph(source) {
    var loading = graphs.get(source.url);
    if (loading) return loading;
    loading = loadScript(source.url, function () { return window[source.variable]; },
      "finder_unavailable").then(function (graph) {
      if (graph.format !== source.format || String(graph.version) !== source.version) {
        throw failure("finder_outdated");
      }
      return namesText(graph, source.url).then(function (text) {
        var paths = window.MkDocsRelationsPaths;
        var read = paths.readManifest(graph, text);
        var typeNumbers = new Map();
        graph.types.forEach(function (kind, i) { typeNumbers.set(kind.name, i); });
        return {
          graph: graph,
          url: source.url,
          title: function (page) { return paths.title(read.names, page); },
          id: function (page) { return paths.pageId(read.names, page); },
          urls: read.urls,
          typeNumbers: typeNumbers,
          search: read.names,
          index: read.index,
          shards: new Map()
        };
      });
    });
    graphs.set(source.url, loading);
    loading.catch(function () { graphs.delete(source.url); }); // let a later use try again
    return loading;
  }

  /* The pages' names as text: a small wiki's manifest holds them as they are; past a size
   * they are deflated, and the browser inflates them (natively, a few milliseconds), or,
   * where it cannot, loads them as they are from their own file. */
  function namesText(graph, url) {
    if (typeof graph.names === "string") return Promise.resolve(graph.names);
    var variable = graph.shard_variable;
    if (typeof DecompressionStream !== "function") {
      return loadScript(new URL(graph.names_file, url).href, function () {
        return window[variable] && window[variable].names;
      }, "finder_unavailable").then(function (names) {
        delete window[variable].names;
        if (names.build !== graph.build) throw failure("finder_outdated");
        return names.text;
      });
    }
    var binary = atob(graph.names_deflated);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(inflated).text();
  }

  /* One shard of the graph into its index, loaded once; one of another build than the
   * manifest is refused, and one that fails to load is said so (and tried again next time). */
  function loadShard(data, number) {
    var loading = data.shards.get(number);
    if (loading) return loading;
    var url = new URL(data.graph.shard_file.replace("{}", String(number)), data.url).href;
    var variable = data.graph.shard_variable;
    loading = loadScript(url, function () {
      return window[variable] && window[variable][number];
    }, "finder_shard_unavailable").then(function (shard) {
      delete window[variable][number]; // the index keeps what it needs
      if (shard.build !== data.graph.build) throw failure("finder_outdated");
      window.MkDocsRelationsPaths.addShard(data.index, data.urls, shard);
    });
    data.shards.set(number, loading);
    loading.catch(function () { data.shards.delete(number); });
    return loading;
  }

  /* Every page's steps and URL loaded (the shards that hold them, together). */
  function loadPages(data, pages) {
    var wanted = window.MkDocsRelationsPaths.shardsFor(data.index, data.search, pages);
    return Promise.all(wanted.map(function (number) { return loadShard(data, number); }));
  }

  /* The path search of relations-paths.js, loading shards where it waits for them: the
   * same search, so the same answer as with the whole graph in hand. */
  function pathBetween(data, source, target, options) {
    var paths = window.MkDocsRelationsPaths;
    var state = paths.startPath(data.index, source, target, options);
    function go() {
      var answer = paths.continuePath(data.index, state);
      return answer.missing ? loadPages(data, answer.missing).then(go) : answer.steps;
    }
    return Promise.resolve().then(go);
  }

  /* Up to MAX_OPTIONS page numbers matching the text (the ranking is the pure script's). */
  function matches(data, text, exclude) {
    return window.MkDocsRelationsPaths.rankMatches(data.search, text, exclude, MAX_OPTIONS);
  }

  /* An id as a shell reads it: quoted when it holds anything but letters, digits and / . - _. */
  function shellWord(text) {
    return /^[\w\/.\-]+$/.test(text) ? text : "'" + text.replace(/'/g, "'\\''") + "'";
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function pageLink(data, root, number) {
    var link = element("a", "relations-finder__page", data.title(number));
    link.href = root + data.urls[number];
    link.title = data.id(number);
    return link;
  }

  /* The chain as the command line prints it: [[a]] —depends-on→ [[b]] ←part-of— [[c]]. */
  function chainText(data, source, steps) {
    var parts = ["[[" + data.id(source) + "]]"];
    steps.forEach(function (step) {
      parts.push(step.direction === "out" ? "—" + step.type + "→" : "←" + step.type + "—");
      parts.push("[[" + data.id(step.to) + "]]");
    });
    return parts.join(" ");
  }

  function mount(root) {
    if (root.getAttribute("data-relations-ready")) return;
    root.setAttribute("data-relations-ready", "true");
    root.hidden = false;
    var form = root.querySelector("form");
    var input = root.querySelector(".relations-finder__input");
    var list = root.querySelector(".relations-finder__options");
    var typeSelect = root.querySelector(".relations-finder__type");
    var hopsInput = root.querySelector(".relations-finder__hops");
    var directed = root.querySelector(".relations-finder__directed");
    var result = root.querySelector(".relations-finder__result");
    var pageId = root.getAttribute("data-relations-page");
    // Links from this page, made absolute now: the graph is shared by every page the reader
    // goes on to, and instant navigation changes the page under a loaded graph.
    var siteRoot = new URL(root.getAttribute("data-relations-root"), document.baseURI).href;
    var graphFile = {
      url: new URL(root.getAttribute("data-relations-graph"), document.baseURI).href,
      format: root.getAttribute("data-relations-graph-format"),
      version: root.getAttribute("data-relations-graph-version"),
      variable: root.getAttribute("data-relations-graph-variable")
    };
    // Every message comes from the build (labels: applied); none is repeated here.
    var nearness = {
      cutoff: parseFloat(root.getAttribute("data-relations-near-cutoff")),
      limit: parseInt(root.getAttribute("data-relations-near-limit"), 10)
    };
    var messages = {};
    try { messages = JSON.parse(root.getAttribute("data-relations-messages") || "{}"); } catch (e) {}
    // The same rule as labels.fill in Python: {name} filled, {{ and }} literal braces,
    // one pass, so a filled-in title is never read again.
    function message(key, values) {
      values = values || {};
      return (messages[key] || key).replace(/\{\{|\}\}|\{(\w+)\}/g, function (token, name) {
        if (name === undefined) return token.charAt(0);
        return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : token;
      });
    }
    var options = [];
    var active = -1;
    var asked = 0;

    /* This page's number in the graph (undefined when it is not a page of the graph). */
    function thisPage(data) {
      return window.MkDocsRelationsPaths.pageNumber(data.search, pageId);
    }
    var chosen = null;

    function say(text, className) {
      result.textContent = "";
      result.appendChild(element("p", className || "relations-finder__message", text));
    }

    function showFailure(error) {
      // Not a failure the site words (a broken graph file): the console has the details.
      if (!error.messageKey && window.console) window.console.error(error);
      say(message(error.messageKey || "finder_unavailable"), "relations-finder__error");
    }

    function close() {
      list.hidden = true;
      list.textContent = "";
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      options = [];
      active = -1;
    }

    function highlight(position) {
      active = position;
      Array.prototype.forEach.call(list.children, function (item, i) {
        item.setAttribute("aria-selected", i === position ? "true" : "false");
      });
      if (position >= 0) input.setAttribute("aria-activedescendant", list.children[position].id);
      else input.removeAttribute("aria-activedescendant");
    }

    function choose(data, number) {
      chosen = number;
      input.value = data.title(number);
      close();
    }

    function suggest() {
      chosen = null;
      loadGraph(graphFile).then(function (data) {
        showOptions(data, matches(data, input.value, thisPage(data)));
      }, showFailure);
    }

    /* The list under the input, with these page numbers as its options. */
    /* A phone's keyboard covers the lower half of the screen: the field goes to the top of
     * what is visible, so its suggestions and the answer open above the keyboard. The finder
     * often ends the page, so its stylesheet leaves room below it while it is in use. */
    function keepAboveKeyboard() {
      var visible = window.visualViewport ? window.visualViewport.height : window.innerHeight;
      var box = input.getBoundingClientRect();
      if (box.top < 0 || box.bottom > visible / 2) {
        root.scrollIntoView({ block: "start" });
      }
    }

    function showOptions(data, numbers) {
      options = numbers;
      list.textContent = "";
      options.forEach(function (number, i) {
        var item = element("li", "relations-finder__option");
        item.id = list.id + "-" + i;
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", "false");
        item.appendChild(element("span", "relations-finder__option-title", data.title(number)));
        item.appendChild(element("span", "relations-finder__option-id", data.id(number)));
        item.addEventListener("mousedown", function (event) {
          event.preventDefault(); // keep focus in the input
          choose(data, number);
          find();
        });
        list.appendChild(item);
      });
      list.hidden = options.length === 0;
      input.setAttribute("aria-expanded", options.length ? "true" : "false");
      active = -1;
    }

    function find() {
      // Shards may arrive after the reader asked again: only the latest question answers.
      var question = ++asked;
      loadGraph(graphFile).then(function (data) {
        var source = thisPage(data);
        if (source === undefined) return say(message("finder_not_in_graph"));
        var target = chosen;
        var text = input.value.trim();
        if (target === null) {
          if (!text) return say(message("finder_empty"));
          var found = matches(data, text, source);
          var exact = found.filter(function (n) {
            return window.MkDocsRelationsPaths.pageNames(data.search, n)
              .indexOf(text.toLowerCase()) >= 0;
          });
          if (exact.length === 1) target = exact[0];
          else if (exact.length === 0 && found.length === 1) target = found[0];
          if (target !== null) {
            // The field names the page answered for, not the few letters typed.
            chosen = target;
            input.value = data.title(target);
          } else if (found.length === 0) {
            // The page the reader is on is never offered; named anyway, it is said so.
            var here = matches(data, text, -1).indexOf(source) >= 0;
            if (here) return say(message("finder_same_page"));
            // The command line's "did you mean", from the graph file's names.
            var pages = [];
            var paths = window.MkDocsRelationsPaths;
            paths.nearNames(paths.allNames(data.search), text, source, nearness, pages);
            if (!pages.length) return say(message("finder_none", { text: text }));
            // Named by title, as the reader typed it, and offered in the list to pick.
            showOptions(data, pages);
            return answered(message("finder_none_near", {
              text: text, near: data.title(pages[0])
            }));
          }
          else {
            // The choices open under the input, where the reader is typing.
            showOptions(data, found);
            return answered(message("finder_pick", { text: text }));
          }
        }
        // The site's bound is the graph's: the field's max only guides the browser's input.
        var limit = data.graph.max_hops;
        var maxHops = parseInt(hopsInput.value, 10);
        var capped = maxHops > limit;
        if (!(maxHops >= 1) || capped) maxHops = limit;
        var types = typeSelect.value ? [typeSelect.value] : null;
        var bounds = { maxHops: maxHops, types: types, directed: directed.checked };
        if (capped) hopsInput.value = String(limit);
        return pathBetween(data, source, target, bounds).then(function (steps) {
          if (steps !== null) {
            // Every page of the chain with its URL (the last one's shard may not be loaded).
            var pages = [source].concat(steps.map(function (step) { return step.to; }));
            return loadPages(data, pages).then(function () {
              if (question === asked) showChain(data, source, steps, capped, limit);
            });
          }
          // Searched again without the bound: "not connected" and "farther than n" are
          // different news, and the second says how to see the chain.
          return pathBetween(data, source, target, {
            maxHops: data.index.count, types: types, directed: directed.checked
          }).then(function (whole) {
            if (question !== asked) return;
            showApart(data, source, target, whole, bounds, capped, limit);
          });
        });
      }).catch(function (error) {
        if (question === asked) showFailure(error);
      });
    }

    /* The note that the hop limit is the site's, when the reader asked for more. */
    function startAnswer(capped, limit) {
      result.textContent = "";
      if (capped) {
        result.appendChild(element("p", "relations-finder__note", message("finder_capped", { n: limit })));
      }
    }

    function showApart(data, source, target, whole, bounds, capped, limit) {
      var maxHops = bounds.maxHops;
      startAnswer(capped, limit);
      result.setAttribute("data-relations-found", "false");
      var words = {
        from: data.title(source), to: data.title(target), n: maxHops,
        m: whole ? whole.length : 0,
        source: shellWord(data.id(source)), target: shellWord(data.id(target))
      };
      result.setAttribute("data-relations-why", whole === null ? "apart" : "farther");
      if (whole === null) {
        result.appendChild(element("p", "relations-finder__message", message(
          bounds.types || bounds.directed ? "finder_not_connected_here" : "finder_not_connected",
          words)));
      } else {
        result.appendChild(element("p", "relations-finder__message",
          message(maxHops === 1 ? "finder_no_path_one" : "finder_no_path", words)));
        result.appendChild(element("p", "relations-finder__note", message(
          whole.length <= limit ? "finder_farther" : "finder_farther_site", words)));
      }
      reveal();
    }

    function showChain(data, source, steps, capped, limit) {
      startAnswer(capped, limit);
      result.removeAttribute("data-relations-why");
      result.setAttribute("data-relations-found", "true");
      if (steps.length === 0) {
        result.appendChild(element("p", "relations-finder__message", message("finder_same_page")));
        return;
      }
      var chain = element("ol", "relations-finder__chain");
      var first = element("li");
      first.appendChild(pageLink(data, siteRoot, source));
      chain.appendChild(first);
      steps.forEach(function (step) {
        // Read left to right in the site's words: a step against an edge's declared
        // direction shows the type's inverse label ("Ledger —used by→ Payments").
        var kind = data.graph.types[data.typeNumbers.get(step.type)] || { label: step.type, inverse: step.type };
        var words = step.direction === "out" ? kind.label : kind.inverse;
        // A symmetric type reads the same both ways: no arrowhead, as in the picture.
        var edge = element("li", "relations-finder__edge", "—" + words + (kind.symmetric ? "—" : "→"));
        edge.setAttribute("data-relation-type", step.type);
        edge.setAttribute("data-relation-direction", step.direction);
        edge.title = message("finder_declared_on", {
          title: data.title(step.direction === "out" ? step.from : step.to)
        });
        chain.appendChild(edge);
        var page = element("li");
        page.appendChild(pageLink(data, siteRoot, step.to));
        chain.appendChild(page);
      });
      result.appendChild(element("p", "relations-finder__summary", steps.length === 1
        ? message("finder_hop_found")
        : message("finder_hops_found", { n: steps.length })));
      result.appendChild(chain);
      // The command line's form, for copying into a page or an issue.
      var copy = element("details", "relations-finder__copy");
      copy.appendChild(element("summary", null, message("finder_copy")));
      copy.appendChild(element("code", "relations-finder__text", chainText(data, source, steps)));
      result.appendChild(copy);
      reveal();
    }

    /* A message while the list stays open under the field. */
    function answered(text) {
      say(text);
      reveal();
    }

    /* On a phone the answer starts below the fold: bring it up, without a jump when it is
     * already in view. */
    function reveal() {
      if (typeof result.scrollIntoView === "function") result.scrollIntoView({ block: "nearest" });
    }

    input.addEventListener("focus", function () {
      loadGraph(graphFile).catch(function () {});
      root.classList.add("relations-finder--typing");
      keepAboveKeyboard();
    });
    // The room below the finder (its stylesheet's, on a phone) lasts while the reader is in it.
    root.addEventListener("focusout", function (event) {
      if (!event.relatedTarget || !root.contains(event.relatedTarget)) {
        root.classList.remove("relations-finder--typing");
      }
    });
    input.addEventListener("input", suggest);
    input.addEventListener("blur", function () { setTimeout(close, 0); });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown" && options.length) {
        event.preventDefault();
        highlight(Math.min(active + 1, options.length - 1));
      } else if (event.key === "ArrowUp" && options.length) {
        event.preventDefault();
        highlight(Math.max(active - 1, 0));
      } else if (event.key === "Enter" && !list.hidden && active >= 0) {
        event.preventDefault();
        var number = options[active];
        loadGraph(graphFile).then(function (data) { choose(data, number); find(); });
      } else if (event.key === "Escape" && !list.hidden) {
        event.preventDefault();
        close();
      }
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      close();
      find();
    });
  }

  /* The widget in a placeholder's place: the site's form (as start() was handed it), with
   * the page id and the links from this page put in. A page without a placeholder (a build
   * that wrote the whole widget into it) keeps its own. */
  function build(holder) {
    var html = formHtml;
    // A widget (built already, or written whole) carries the graph's place; a placeholder
    // does not.
    if (typeof html !== "string" || holder.hasAttribute("data-relations-graph")) return holder;
    var made = document.createElement("template");
    made.innerHTML = html;
    var widget = made.content.firstElementChild;
    var root = holder.getAttribute("data-relations-root");
    widget.setAttribute("data-relations-page", holder.getAttribute("data-relations-page"));
    widget.setAttribute("data-relations-root", root);
    widget.setAttribute("data-relations-graph", root + widget.getAttribute("data-relations-graph"));
    holder.parentNode.replaceChild(widget, holder);
    return widget;
  }

  function mountAll() {
    var finders = Array.prototype.map.call(
      document.querySelectorAll("[data-relations-pathfinder]"), build);
    finders.forEach(mount);
    if (!finders.length) return;
    // The panel's "Find a path from here" line points at a widget that only exists once
    // this script runs: made here (a panel carries none, unless a theme's copy of its
    // template does), in the words the form carries.
    var words = finders[0].getAttribute("data-relations-link");
    Array.prototype.forEach.call(document.querySelectorAll("[data-relations-panel]"),
      function (panel) {
        if (!words || panel.querySelector("[data-relations-finder-link]")) return;
        var line = document.createElement("p");
        line.className = "relations__find";
        line.setAttribute("data-relations-finder-link", "");
        var link = document.createElement("a");
        link.href = "#relations-finder";
        link.textContent = words;
        line.appendChild(link);
        panel.appendChild(line);
      });
    Array.prototype.forEach.call(document.querySelectorAll("[data-relations-finder-link]"),
      function (holder) {
        holder.hidden = false;
        var link = holder.querySelector("a");
        if (!link || link.getAttribute("data-relations-ready")) return;
        link.setAttribute("data-relations-ready", "true");
        // Go to the finder and put the cursor in it. Handled here rather than as a plain
        // #fragment link: Material's instant navigation would fetch the page again and
        // swap it in, wiping what the reader starts typing.
        link.addEventListener("click", function (event) {
          var input = finders[0].querySelector(".relations-finder__input");
          if (!input) return;
          event.preventDefault();
          event.stopPropagation();
          finders[0].scrollIntoView({ block: "start" });
          input.focus({ preventScroll: true });
        });
      });
  }

  /* Called once by the site's script, right after this file, with the widget's markup:
   * said once a site rather than on every page's placeholder. */
  function start(form) {
    if (formHtml !== null) return;
    formHtml = form;
    // Both, always: Material's instant navigation swaps pages without reloading scripts and
    // announces each one on document$, but document$ never emits where instant navigation
    // cannot run (a site opened from disk). Mounting is idempotent, so a page announced
    // twice is mounted once.
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(mountAll);
    }
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", mountAll);
    } else {
      mountAll();
    }
  }

  window.MkDocsRelationsFinder = { start: start };
})();
