"""`mkdocs serve` as an author uses it: a rebuild after a save, and memory over rebuilds.

    python benchmarks/serve_rebuild.py                    # both parts, at their issue sizes
    python benchmarks/serve_rebuild.py --pages 2000 --rounds 5 --memory-rebuilds 30
    python benchmarks/serve_rebuild.py --quick            # small sizes: checks it works

Real ``mkdocs serve`` processes (port 0: the benchmark never asks them for a page), one with
the plugin and one without, each on its own copy of a generated wiki (``generate.py``),
theme ``mkdocs``, navigation cut to the home page (MkDocs at its fastest, the plugin's cost
most exposed), no search on either side. A round edits one word in the body of one page of
each copy, the two in turn (which first alternates), and reads the serve process's CPU time
(user + system, all its threads, from ``/proc/PID/stat``) before the save and once it says
the rebuild is done: the watcher's polling during the rebuild counts, as it does for an
author. The first rebuild of each server is a warm-up and not counted.

1. CPU: the median over rounds of the per-round ratio, with the plugin against without
   (issue 42: at most 1.05×), on the 2,000-page wiki.
2. Memory: resident memory (``VmRSS``) after rebuilds 1, 10 and the last of a 150-page wiki
   (issue 43, point 14: the last at most 1.10× the first), both sides.

Linux only (``/proc``). Sites go to MkDocs' temporary folder: ``TMPDIR=/dev/shm`` keeps the
disk out of the figures.
"""

from __future__ import annotations

import argparse
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402

#: Targets: CPU of a rebuild with the plugin against without; memory, last against first.
CPU_TARGET = 1.05
MEMORY_TARGET = 1.10
#: How long a server may take to start or to rebuild before the benchmark gives up.
PATIENCE = 600.0
_TICK = os.sysconf("SC_CLK_TCK")
_WORD = re.compile(r"\b(" + "|".join(generate.WORDS) + r")\b")


@dataclass
class Server:
    """One ``mkdocs serve`` process and the lines it logs, read by a thread."""

    name: str
    config: Path
    edited: Path
    process: subprocess.Popen[str] | None = None
    lines: queue.Queue[str] = field(default_factory=queue.Queue)
    said: list[str] = field(default_factory=list)
    original: str = ""
    saves: int = 0

    def start(self) -> None:
        self.original = self.edited.read_text(encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "-f", str(self.config),
             "-a", "127.0.0.1:0"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            start_new_session=True,
        )  # fmt: skip
        threading.Thread(target=self._read, daemon=True).start()
        self._until("Serving on")

    def _read(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.put(line)
        self.lines.put("")  # the process ended

    def _until(self, wanted: str) -> None:
        deadline = time.monotonic() + PATIENCE
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise SystemExit(f"{self.name}: no {wanted!r} within {PATIENCE:.0f} s") from None
            self.said.append(line)
            if wanted in line:
                return
            if line == "" or "An error happened during the rebuild" in line:
                raise SystemExit(f"{self.name} failed:\n" + "".join(self.said[-40:]))

    def save(self) -> float:
        """Edits one word of the page, waits for the rebuild; the CPU seconds it took."""
        while not self.lines.empty():  # whatever the last rebuild said after it was done
            self.said.append(self.lines.get())
        self.saves += 1
        text = self.original
        if self.saves % 2:
            found = _WORD.search(text, text.index("\n# "))
            assert found is not None, self.edited
            text = text[: found.start()] + "edited" + text[found.end() :]
        before = self.cpu()
        self.edited.write_text(text, encoding="utf-8")
        self._until("Reloading browsers")
        return self.cpu() - before

    def cpu(self) -> float:
        assert self.process is not None
        stat = Path(f"/proc/{self.process.pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()
        return (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime

    def rss_mib(self) -> float:
        assert self.process is not None
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise SystemExit(f"{self.name}: no VmRSS")

    def stop(self) -> None:
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, 15)
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, 9)
            self.process.wait()
        except ProcessLookupError:
            pass


def servers(work: Path, pages: int) -> tuple[Server, Server]:
    """A server with the plugin and one without, each on its own copy of one wiki."""
    wiki = generate.plan(pages, seed=1)
    work.mkdir(parents=True, exist_ok=True)
    made = []
    edited = wiki.pages[len(wiki.pages) // 2].path
    for name, plugins in (("with", "\n  - relations"), ("without", " []")):
        docs = work / f"docs-{name}"
        generate.write(wiki, docs, seed=1)
        config = work / f"mkdocs-{name}.yml"
        config.write_text(
            f"site_name: Serve {name}\ndocs_dir: {docs}\ntheme: mkdocs\nnav:\n  - index.md\n"
            f"plugins:{plugins}\n",
            encoding="utf-8",
        )
        made.append(Server(name, config, docs / edited))
    return made[0], made[1]


def _verdict(value: float, target: float) -> str:
    return "met" if value <= target else "missed"


def cpu_part(work: Path, pages: int, rounds: int) -> None:
    withit, bare = servers(work, pages)
    try:
        withit.start()
        bare.start()
        withit.save()  # warm-up: the first rebuild of a session
        bare.save()
        ratios = []
        for number in range(rounds):
            if number % 2:
                ours, alone = withit.save(), bare.save()
            else:
                alone, ours = bare.save(), withit.save()
            ratios.append(ours / alone)
            print(
                f"  round {number + 1}: {alone:.2f} s alone, {ours:.2f} s with the plugin "
                f"= {ours / alone:.3f}x",
                file=sys.stderr, flush=True,
            )  # fmt: skip
    finally:
        withit.stop()
        bare.stop()
    ratio = statistics.median(ratios)
    print(
        f"CPU of a rebuild after a one-word edit, {pages} pages, median of {rounds} rounds: "
        f"{ratio:.3f}x MkDocs alone (target <= {CPU_TARGET:.2f}x) {_verdict(ratio, CPU_TARGET)}",
        flush=True,
    )


def memory_part(work: Path, pages: int, rebuilds: int) -> None:
    withit, bare = servers(work, pages)
    marks = sorted({1, min(10, rebuilds), rebuilds})
    rss: dict[str, dict[int, float]] = {"with": {}, "without": {}}
    try:
        withit.start()
        bare.start()
        for number in range(1, rebuilds + 1):
            for server in (withit, bare) if number % 2 else (bare, withit):
                server.save()
                if number in marks:
                    rss[server.name][number] = server.rss_mib()
    finally:
        withit.stop()
        bare.stop()
    for name, label in (("with", "with the plugin"), ("without", "MkDocs alone")):
        seen = rss[name]
        growth = seen[rebuilds] / seen[1]
        after = ", ".join(f"{number}: {seen[number]:.1f} MiB" for number in marks)
        verdict = _verdict(growth, MEMORY_TARGET) if name == "with" else "reported"
        print(
            f"Resident memory of mkdocs serve, {pages} pages, {label}, after rebuild {after}; "
            f"last/first {growth:.3f}x (target <= {MEMORY_TARGET:.2f}x) {verdict}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=2000, help="the CPU part's wiki")
    parser.add_argument("--rounds", type=int, default=5, help="counted rebuilds a side")
    parser.add_argument("--memory-pages", type=int, default=150)
    parser.add_argument("--memory-rebuilds", type=int, default=30)
    parser.add_argument("--only", choices=("cpu", "memory"), help="one part")
    parser.add_argument("--quick", action="store_true", help="60 pages, 2 rounds, 10 rebuilds")
    parser.add_argument("--work", type=Path, help="a folder to keep (default: a temporary one)")
    args = parser.parse_args(argv)
    if args.quick:
        args.pages, args.rounds, args.memory_pages, args.memory_rebuilds = 60, 2, 60, 10
    work = args.work or Path(tempfile.mkdtemp(prefix="relations-serve-"))
    try:
        if args.only in (None, "cpu"):
            cpu_part(work / "cpu", args.pages, args.rounds)
        if args.only in (None, "memory"):
            memory_part(work / "memory", args.memory_pages, args.memory_rebuilds)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
