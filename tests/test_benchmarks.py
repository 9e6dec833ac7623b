"""The benchmark harness keeps working.

A contributor's run and CI run it on the lint measures alone, at its quick sizes (seconds);
its whole quick mode, end to end with every row, and Valgrind's counts are ``benchmark``
tests: ``RELATIONS_BENCHMARK_TESTS=1 python -m pytest tests/test_benchmarks.py``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from conftest import REPO

PAGE = (
    "# Benchmarks\n\n<!-- results:start -->\n<!-- results:end -->\n\n"
    "<!-- phases:start -->\n<!-- phases:end -->\n\nBetween.\n\n"
    "<!-- shapes:start -->\n<!-- shapes:end -->\n\nAnd.\n\n"
    "<!-- queries:start -->\n<!-- queries:end -->\n\nAfter.\n"
)


def test_the_harness_fills_its_table(tmp_path: Path) -> None:
    """``run.py`` end to end on one part (lint, at the quick sizes): the wikis generated,
    each measure made, the table written between its markers and nothing else changed."""
    out = tmp_path / "benchmarks.md"
    out.write_text(PAGE, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "run.py"), "--quick", "--only", "lint",
         "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    text = out.read_text(encoding="utf-8")
    before, table, after = re.split(r"<!-- results:start -->|<!-- results:end -->", text)
    assert f"{before}<!-- results:start -->\n<!-- results:end -->{after}" == PAGE, text
    assert "\nMeasured " in table and "| measure | result | target | |" in table, table
    rows = [line for line in table.splitlines() if line.startswith("| ")][1:]
    wanted = [
        r"Lint alone, 200 pages, [\d,]+ edges: µs per page; ratio to the bare limit \| "
        r"\d+ µs; [\d.]+×",
        r"Lint alone, 400 pages, [\d,]+ edges: µs per page; ratio to the bare limit \| "
        r"\d+ µs; [\d.]+×",
        r"Peak memory of mkdocs-relations lint, 400 pages \| \d+ MiB",
        r"Lint time per page, largest size against smallest \| [\d.]+×",
    ]
    assert len(rows) == len(wanted), table
    for row, pattern in zip(rows, wanted, strict=True):
        assert re.fullmatch(rf"\| {pattern} \| [^|]+ \| (met|missed) \|", row), row


def test_total_work_fills_its_table(tmp_path: Path) -> None:
    """``total_work.py`` on a small wiki without Valgrind: the four builds timed, their rows
    written between the page's markers and nothing else changed."""
    out = tmp_path / "benchmarks.md"
    out.write_text("# Benchmarks\n\n<!-- total:start -->\n<!-- total:end -->\n\nAfter.\n")
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "total_work.py"), "--pages", "20",
         "--rounds", "1", "--no-count", "--write", "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks\n\n<!-- total:start -->\n\nMeasured ")
    assert text.endswith("<!-- total:end -->\n\nAfter.\n"), text
    rows = [line for line in text.splitlines() if line.startswith("| ")][1:]
    assert [row.split(" | ")[0] for row in rows] == [
        "| MkDocs alone, navigation cut to the home page",
        "| with the plugin, navigation cut to the home page",
        "| MkDocs alone, MkDocs' default navigation",
        "| with the plugin, MkDocs' default navigation",
    ], text
    assert re.search(r"\| ≤ 1\.12× +\| [\d.]+ \| [\d.]+× \|$", rows[1]), rows[1]


@pytest.mark.benchmark
def test_quick_benchmark_run(tmp_path: Path) -> None:
    out = tmp_path / "benchmarks.md"
    out.write_text(
        "# Benchmarks\n\n<!-- results:start -->\n<!-- results:end -->\n\n"
        "<!-- phases:start -->\n<!-- phases:end -->\n\nBetween.\n\n"
        "<!-- shapes:start -->\n<!-- shapes:end -->\n\nAnd.\n\n"
        "<!-- queries:start -->\n<!-- queries:end -->\n\nAfter.\n"
    )
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "run.py"), "--quick", "--out", str(out)],
        capture_output=True, text=True, timeout=900, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks") and text.rstrip().endswith("After.")
    results, rest = text.split("Between.")
    shapes, queries = rest.split("And.")
    assert "Relations block on every page" in queries and "DAG" not in queries
    assert "Lint alone" in results and "DAG" not in results
    assert "DAG" in shapes and "Lint alone" not in shapes
    # The per-phase profile: its own table, between its markers, with the rendering row.
    table = results.split("<!-- phases:start -->")[1].split("<!-- phases:end -->")[0]
    assert "| panel rendering |" in table and "| **total** |" in table
    for row in (
        "Build overhead, theme mkdocs, default navigation",
        "Build overhead, theme mkdocs, navigation with the index only",
        "Build overhead, theme mkdocs, navigation with the index only, the panels in MkDocs' "
        "process (parallel: false)",
        "Graph file",
        "Lint alone, 200 pages",
        "Lint time per page",
        "Peak memory of mkdocs-relations lint",
        "Path finder",
        "DAG, 100 pages",
        "DAG: plugin cost per page",
        "Lint, 50 declared types and 100 unknown-type edges",
        "Lint, 500 pages with 50 misspelt targets",
        "unused acyclic and transitive types against none",
        "Relations block on every page",
        "Panel rendering, ms a page in the per-phase profile",
    ):
        assert row in text, row
    # The peers are measured in every theme where they are installed (the bench extra).
    try:
        metadata.distribution("mkdocs-backlinks-section-plugin")
    except metadata.PackageNotFoundError:
        assert "Peers not installed in this run" in text
    else:
        peer = "Peer mkdocs-backlinks-section-plugin, theme mkdocs, navigation with the index only"
        assert peer in text
    # Instructions are counted wherever Valgrind is installed (CI installs it).
    if shutil.which("valgrind"):
        assert "Instructions executed, theme mkdocs, navigation with the index only" in text
        # And MkDocs' process alone, the panels rendered beside it: less than the whole work.
        whole = re.search(r"index only, the plugin's whole work[^|]*\| ([\d.]+)×", text)
        beside = re.search(r"in MkDocs' process, theme mkdocs, [^|]*\| ([\d.]+)×", text)
        assert whole and beside, text
        assert 1 < float(beside.group(1)) < float(whole.group(1)), text
        # Where the plugin's instructions go: every part, adding up to the whole.
        part = r"Instructions a page, theme mkdocs, index only: [^|]*\| [-\d.]+ M \((-?\d+)%"
        shares = re.findall(part, text)
        assert len(shares) == 5, shares
        assert abs(sum(map(int, shares)) - 100) <= 3, shares
        # Default navigation counted too, on a smaller wiki, beside its index-only builds.
        assert "Instructions executed, theme mkdocs, default navigation, 30 pages" in text
        grows = r"theme mkdocs, 30 pages: default navigation against the index only \| ([\d.]+)×"
        assert re.search(grows, text), text
        # The DAG too, in the graph shapes' table.
        assert "Instructions executed, DAG, 100 pages" in shapes
        assert "Instructions executed in MkDocs' process, DAG, 100 pages" in shapes
        assert re.search(r"DAG, 100 pages: the transitive lists \| [\d.]+ M \(\d+%", shapes)
        # And whether its instructions a page stay flat from the smallest DAG to the largest.
        flat = r"a page, DAG, 200 pages against 100 \(its whole work[^|]*\| ([\d.]+)× \(\+[\d.]+ M"
        found = re.search(flat, shapes)
        assert found and float(found.group(1)) > 0, shapes
    else:
        assert "Instruction counts skipped: valgrind is not installed" in text
    assert "Measured " in text


def test_phase_profile_names_every_phase() -> None:
    """Every phase of the profile is a function the build calls: a renamed or moved function
    would leave its row at zero and the profile silently wrong."""
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "phases.py"), "--pages", "60", "--rounds", "1",
         "--json"],
        capture_output=True, text=True, timeout=600, check=False, cwd=REPO,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    seconds = json.loads(result.stdout)
    assert len(seconds) >= 12
    assert [phase for phase, spent in seconds.items() if spent <= 0] == [], seconds


@pytest.mark.benchmark
def test_instruction_counts_are_exact(tmp_path: Path) -> None:
    """Two counts of one build agree to a hundredth of a per cent (the hash seed fixed), and a
    plugin that does work per page is counted as more: a ratio of counts can be trusted where
    a ratio of times cannot."""
    if not shutil.which("valgrind"):
        pytest.skip("valgrind is not installed (CI installs it)")
    sys.path.insert(0, str(REPO / "benchmarks"))
    import instructions

    docs = tmp_path / "docs"
    docs.mkdir()
    for number in range(20):
        (docs / f"p{number}.md").write_text(
            f"---\nrelationships:\n  - type: depends-on\n    target: p{max(number - 1, 0)}\n"
            f"---\n# Page {number}\n",
            encoding="utf-8",
        )
    configs = {}
    for name, plugins in (("base", "[]"), ("same", "[]"), ("ours", "[relations]")):
        configs[name] = tmp_path / f"{name}.yml"
        configs[name].write_text(
            f"site_name: Count\ndocs_dir: docs\nplugins: {plugins}\n", encoding="utf-8"
        )
    found = instructions.counts(configs, tmp_path / "work")
    assert abs(found["same"] - found["base"]) < 1e-4 * found["base"], found
    assert found["ours"] > found["base"] * 1.01, found


@pytest.mark.benchmark
def test_serve_rebuild_benchmark_runs() -> None:
    """``serve_rebuild.py`` end to end at tiny sizes: two real ``mkdocs serve`` processes,
    each rebuilt after a save, and both of its lines printed against their targets."""
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "serve_rebuild.py"), "--pages", "30",
         "--rounds", "1", "--memory-pages", "30", "--memory-rebuilds", "3"],
        capture_output=True, text=True, timeout=600, check=False, cwd=REPO,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert re.fullmatch(
        r"CPU of a rebuild after a one-word edit, 30 pages, median of 1 rounds: [\d.]+x MkDocs "
        r"alone \(target <= 1\.05x\) (met|missed)",
        lines[0],
    ), lines
    assert "with the plugin, after rebuild 1: " in lines[1] and "3: " in lines[1], lines
    assert "MkDocs alone, after rebuild 1: " in lines[2], lines


@pytest.mark.benchmark
def test_serve_phases_runs() -> None:
    """``serve_phases.py`` at a tiny size: both sides rebuilt, every hook and phase named."""
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "serve_phases.py"), "--pages", "30",
         "--rounds", "1"],
        capture_output=True, text=True, timeout=600, check=False, cwd=REPO,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    named = {line.split()[0] for line in result.stdout.splitlines()[1:-1]}
    assert {"rebuild", "on_page_context", "template", "gc"} <= named, result.stdout
    last = result.stdout.splitlines()[-1]
    assert re.fullmatch(r"rebuild with the plugin / without: [\d.]+x", last), last


def test_total_work_keeps_the_rows_it_did_not_build(tmp_path: Path) -> None:
    """``--nav short --write`` rewrites the cut navigation's rows and keeps the page's
    default-navigation rows (counted once, in hours), saying which run they come from."""
    old = [
        "| MkDocs alone, navigation cut to the home page | 1.00 G | | | 9.99 | |",
        "| with the plugin, navigation cut to the home page | 2.00 G | 2.000× | ≤ 1.12× missed "
        "| 9.99 | 2.000× |",
        "| MkDocs alone, MkDocs' default navigation | 376.99 G | | | 35.88 | |",
        "| with the plugin, MkDocs' default navigation | 381.02 G | 1.011× | ≤ 1.03× met "
        "| 37.29 | 1.039× |",
    ]
    out = tmp_path / "benchmarks.md"
    out.write_text(
        "<!-- total:start -->\n\nMeasured 2026-01-02 on a machine.\n\n"
        "| build | instructions | ratio | target | CPU s (median) | CPU ratio |\n"
        "|---|---:|---:|---:|---:|---:|\n" + "\n".join(old) + "\n\n<!-- total:end -->\n"
    )
    result = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "total_work.py"), "--pages", "20",
         "--rounds", "1", "--no-count", "--nav", "short", "--write", "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    text = out.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ")][1:]
    assert rows[2:] == old[2:], text
    assert rows[0].startswith("| MkDocs alone, navigation cut to the home page | — |"), text
    assert rows[:2] != old[:2], text
    assert "The rows with MkDocs' default navigation are kept from the run of 2026-01-02." in text
