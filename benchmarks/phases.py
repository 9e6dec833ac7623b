"""Where the plugin's own time goes in one build: a per-phase profile.

    python benchmarks/phases.py                       # 2,000 pages, theme mkdocs, index-only nav
    python benchmarks/phases.py --pages 500 --theme material
    python benchmarks/phases.py --override    # the panel through a theme's copy of its templates
    python benchmarks/phases.py --dag --pages 1000  # the graph-shape rows' DAG

One generated wiki, built in child processes: the first build warms the file cache; in each
of the others (three; the one with the least total is kept, as the least disturbed by the
rest of the machine) the plugin's hooks and the functions each phase is are wrapped in
timers. The hooks' time is the plugin's total, a phase's the time inside its functions (an
outermost call only, so a phase calling itself counts once). The timers read
``time.perf_counter`` (60 ns a read here, against 700 ns for the process clock): about 0.3 µs
for each of the dozen timed calls a page. An earlier version split the total by cProfile's
shares, but cProfile's cost per call moves time between phases (declared pages and edges
read 0.070 ms a page there and 0.047 timed). A phase nested in another (reach is built
inside the panel's data) is subtracted from the outer one, so the rows add up. (The picture
is drawn in the reader's browser: no phase of the build.)
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
import yaml  # noqa: E402
from run import HOOK_TIMER, _mkdocs_yml, compiled_package  # noqa: E402

from mkdocs_relations.resources import TEMPLATES  # noqa: E402

#: phase -> the functions whose time it is, as (module under mkdocs_relations, qualified name).
PHASES: dict[str, list[tuple[str, str]]] = {
    "read frontmatter (YAML)": [
        ("frontmatter.block", "read_frontmatter"),
    ],
    "declared pages and edges": [("frontmatter.page", "read_page")],
    "resolve targets": [("wiki.resolution", "resolve_targets")],
    "lint": [("wiki.lint", "check")],
    "reach lists": [("output.reach", "ReachBuilder.lists")],
    "panel data (rest)": [
        ("output.panel", "PanelBuilder.build"),
        ("output.panel", "PanelBuilder.breadcrumbs"),
    ],
    "panel rendering": [
        ("output.render", "Renderer.panel"),
        ("output.render", "Renderer.breadcrumbs"),
        ("output.render", "Renderer.mentions"),
    ],
    "path finder": [("output.render", "Renderer.path_finder")],
    "links and assembly": [
        ("output.page_additions", "PageAdditions.render"),
        ("output.rendered_ahead", "RenderedAhead.get"),
    ],
    "relations blocks": [
        ("query.page_blocks", "BlockAnswers.collect"),
        ("query.page_blocks", "BlockAnswers.answer"),
    ],
    "graph files": [("output.site_files", "write_graph_files")],
}
#: Phases that run inside another, subtracted from it (their whole time, nested ones included).
NESTED = {
    "panel data (rest)": ["reach lists"],
    "links and assembly": ["panel data (rest)", "panel rendering", "path finder"],
}

TIMED = HOOK_TIMER.replace(
    "build(config)\n",
    """
import importlib
phases = json.loads(sys.argv[3])
inside = {phase: 0.0 for phase in phases}
depth = dict.fromkeys(phases, 0)
clock = time.perf_counter
def wrapped(phase, original):
    def timer(*args, **kwargs):
        if depth[phase]:
            return original(*args, **kwargs)
        depth[phase] = 1
        start = clock()
        try:
            return original(*args, **kwargs)
        finally:
            inside[phase] += clock() - start
            depth[phase] = 0
    return timer
ours = [m for name, m in list(sys.modules.items()) if name.startswith("mkdocs_relations")]
for phase, functions in phases.items():
    for module, qualified in functions:
        owner = importlib.import_module("mkdocs_relations." + module)
        *classes, name = qualified.split(".")
        for part in classes:
            owner = getattr(owner, part)
        original = getattr(owner, name)
        timer = wrapped(phase, original)
        setattr(owner, name, timer)
        if not classes:  # a function: also where it was imported by name
            for loaded in ours:
                for key, value in list(vars(loaded).items()):
                    if value is original:
                        setattr(loaded, key, timer)
build(config)
""",
).replace("print(json.dumps(spent[0]))", "print(json.dumps({'total': spent[0], **inside}))")
# The hooks' own timer reads the same clock as the phases', so that the rows add up.
TIMED = TIMED.replace("time.process_time()", "time.perf_counter()")


def _run(script: str, config: Path, site: Path) -> str:
    result = subprocess.run(
        [sys.executable, "-c", script, str(config), str(site), json.dumps(PHASES)],
        capture_output=True, text=True, check=False, cwd=REPO,
    )  # fmt: skip
    if result.returncode != 0:
        raise SystemExit(f"the build failed:\n{result.stderr[-2000:]}")
    return result.stdout.strip().splitlines()[-1]


def profile(
    pages: int,
    theme: str,
    short_nav: bool,
    work: Path,
    override: bool = False,
    rounds: int = 3,
    dag: bool = False,
) -> dict[str, float]:
    """Seconds of the plugin's own time by phase, plus ``total`` and ``other``: the build of
    ``rounds`` with the least total, as the least disturbed by the rest of the machine.

    ``override``: the theme's custom_dir holds a copy of the package's templates, so the panel
    is rendered as an override is, by the template engine. ``dag``: the wiki is the graph-shape
    benchmark's random DAG (five ``depends-on`` a page) rather than the build benchmark's.
    """
    docs = work / "docs"
    if dag:
        generate.write_dag(docs, pages, per_page=5, seed=7)
    else:
        generate.write(generate.plan(pages, seed=1), docs, seed=1)
    config = _mkdocs_yml(work, "ours", theme, ["relations"], short_nav)
    if override:
        shutil.copytree(TEMPLATES, work / "overrides")
        settings = yaml.safe_load(config.read_text(encoding="utf-8"))
        settings["theme"]["custom_dir"] = str(work / "overrides")
        config.write_text(yaml.safe_dump(settings), encoding="utf-8")
    _run(HOOK_TIMER, config, work / "site")  # warm the file cache and the imports
    builds = [json.loads(_run(TIMED, config, work / "site")) for _ in range(rounds)]
    timed = min(builds, key=lambda build: float(build["total"]))
    total = timed.pop("total")
    result = {phase: timed[phase] for phase in PHASES}
    for outer, inner in NESTED.items():
        result[outer] -= sum(timed[phase] for phase in inner)
    result["other (hooks' own work, MkDocs objects)"] = total - sum(result.values())
    result["total"] = total
    return result


def table(result: dict[str, float], pages: int) -> str:
    lines = ["| phase | ms in the build | ms a page | share |", "| --- | ---: | ---: | ---: |"]
    total = result["total"]
    for phase, seconds in result.items():
        share = seconds / total if total else 0.0
        name = f"**{phase}**" if phase == "total" else phase
        lines.append(
            f"| {name} | {seconds * 1000:.0f} | {seconds * 1000 / pages:.3f} | {share:.0%} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--theme", default="mkdocs", choices=("mkdocs", "material"))
    parser.add_argument("--nav", default="index", choices=("index", "default"))
    parser.add_argument("--json", action="store_true", help="seconds by phase, as JSON")
    parser.add_argument("--rounds", type=int, default=3, help="builds timed; the least is kept")
    parser.add_argument(
        "--override", action="store_true", help="render the panel from a theme's template copy"
    )
    parser.add_argument("--dag", action="store_true", help="the DAG of the graph-shape rows")
    args = parser.parse_args(argv)
    compiled_package()
    with tempfile.TemporaryDirectory() as folder:
        short_nav = args.nav == "index"
        result = profile(
            args.pages, args.theme, short_nav, Path(folder), args.override, args.rounds, args.dag
        )
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"The plugin's own time in one build of {args.pages} pages"
        f"{', the DAG of five depends-on a page,' if args.dag else ''} (theme {args.theme}, "
        f"{args.nav} navigation"
        f"{', the panel templates overridden' if args.override else ''}):\n"
    )
    print(table(result, args.pages))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
