"""Where the plugin's own time goes in one build: a per-phase profile.

    python benchmarks/phases.py                       # 2,000 pages, theme mkdocs, index-only nav
    python benchmarks/phases.py --pages 500 --theme material
    python benchmarks/phases.py --override    # the panel through a theme's copy of its templates

Two builds of one generated wiki, each in a child process. The first times the plugin's hooks
with ``time.process_time`` and nothing else: that is the plugin's total. The second runs the
same build under cProfile and splits that total by phase, from the cumulative time of the
function each phase is; cProfile's overhead inflates absolute times, so only its shares are
used, scaled to the first build's total. A phase nested in another (reach and the picture are
built inside the panel's data) is subtracted from the outer one, so the rows add up.
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
from run import HOOK_TIMER, _mkdocs_yml  # noqa: E402

from mkdocs_relations.resources import TEMPLATES  # noqa: E402

#: phase -> the functions whose cumulative time it is, as (file suffix, function name).
PHASES: dict[str, list[tuple[str, str]]] = {
    "read frontmatter (YAML)": [
        ("frontmatter/block.py", "read_frontmatter"),
        ("frontmatter/block.py", "read_source"),
    ],
    "declared pages and edges": [("frontmatter/page.py", "read_page")],
    "resolve targets": [("wiki/resolution.py", "resolve_targets")],
    "lint": [("wiki/lint.py", "check")],
    "reach lists": [("output/reach.py", "lists")],
    "picture layout": [("output/picture.py", "picture")],
    "panel data (rest)": [("output/panel.py", "build"), ("output/panel.py", "breadcrumbs")],
    "panel rendering": [
        ("output/render.py", "panel"),
        ("output/render.py", "breadcrumbs"),
        ("output/render.py", "mentions"),
    ],
    "path finder": [("output/render.py", "path_finder")],
    "relations blocks": [("query/page_blocks.py", "collect"), ("query/page_blocks.py", "answer")],
    "graph files": [("output/site_files.py", "write_graph_files")],
}
#: Phases that run inside another, subtracted from it.
NESTED = {"panel data (rest)": ["reach lists", "picture layout"]}

PROFILED = (
    HOOK_TIMER.replace(
        "build(config)\n",
        "import cProfile, pstats\nprofile = cProfile.Profile(time.process_time)\n"
        "profile.enable()\nbuild(config)\nprofile.disable()\n",
    ).replace("print(json.dumps(spent[0]))", "")
    + """
stats = pstats.Stats(profile).stats
print(json.dumps({
    "spent": spent[0],
    "functions": [[file, name, cumulative] for (file, _, name), (_, _, _, cumulative, _)
                  in stats.items()],
}))
"""
)


def _run(script: str, config: Path, site: Path) -> str:
    result = subprocess.run(
        [sys.executable, "-c", script, str(config), str(site)],
        capture_output=True, text=True, check=False, cwd=REPO,
    )  # fmt: skip
    if result.returncode != 0:
        raise SystemExit(f"the build failed:\n{result.stderr[-2000:]}")
    return result.stdout.strip().splitlines()[-1]


def profile(
    pages: int, theme: str, short_nav: bool, work: Path, override: bool = False
) -> dict[str, float]:
    """Seconds of the plugin's own CPU time by phase, plus ``total`` and ``other``.

    ``override``: the theme's custom_dir holds a copy of the package's templates, so the panel
    is rendered as an override is, by the template engine.
    """
    docs = work / "docs"
    generate.write(generate.plan(pages, seed=1), docs, seed=1)
    config = _mkdocs_yml(work, "ours", theme, ["relations"], short_nav)
    if override:
        shutil.copytree(TEMPLATES, work / "overrides")
        settings = yaml.safe_load(config.read_text(encoding="utf-8"))
        settings["theme"]["custom_dir"] = str(work / "overrides")
        config.write_text(yaml.safe_dump(settings), encoding="utf-8")
    _run(HOOK_TIMER, config, work / "site")  # warm the file cache and the imports
    total = float(_run(HOOK_TIMER, config, work / "site"))
    profiled = json.loads(_run(PROFILED, config, work / "site"))
    cumulative: dict[str, float] = {}
    for phase, functions in PHASES.items():
        cumulative[phase] = sum(
            seconds
            for file, name, seconds in profiled["functions"]
            if any(file.endswith(suffix) and name == wanted for suffix, wanted in functions)
        )
    for outer, inner in NESTED.items():
        cumulative[outer] -= sum(cumulative[phase] for phase in inner)
    scale = total / profiled["spent"] if profiled["spent"] else 0.0
    result = {phase: seconds * scale for phase, seconds in cumulative.items()}
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
    parser.add_argument(
        "--override", action="store_true", help="render the panel from a theme's template copy"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        result = profile(args.pages, args.theme, args.nav == "index", Path(folder), args.override)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(
        f"The plugin's own CPU time in one build of {args.pages} pages "
        f"(theme {args.theme}, {args.nav} navigation"
        f"{', the panel templates overridden' if args.override else ''}):\n"
    )
    print(table(result, args.pages))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
