"""Instructions a build executes, counted by Valgrind's cachegrind: the same on every run.

    python benchmarks/instructions.py CONFIG [CONFIG ...]   # one count per mkdocs.yml

Build times on a shared machine move by a fifth from one minute to the next, and five
alternating pairs do not pin a ratio to better than about a tenth (docs/benchmarks.md). The
number of instructions a build executes does not move: two builds of the same 2,000-page
wiki under cachegrind differed by 25 instructions in thirty billion, whatever else the
machine was doing (a small build by a hundredth of a per cent at most: MkDocs formats the
time it took), so two runs can be compared across days and machines of one architecture.
It is not time (a cache miss costs more than an addition), but on this kind of code it
follows time closely: a 2,000-page build executes about 3.5 billion instructions a second
here. Counts of builds can run side by side, one per core, as they do not depend on timing.

The hash seed is fixed: Python randomises ``str`` hashes per process, and with them the
order of work in sets and the count.

A build runs in one process, so its count is all the work it does, the plugin's included.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


def available() -> bool:
    return shutil.which("valgrind") is not None


def counts(configs: Mapping[str, Path], work: Path, slots: int = 0) -> dict[str, int]:
    """Instructions executed by ``mkdocs build`` of each config, over every process the
    build starts (Valgrind follows children), ``slots`` builds at a time (0: one per core)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0"}
    pending = list(configs.items())
    running: dict[str, tuple[subprocess.Popen[str], Path]] = {}
    found: dict[str, int] = {}
    slots = slots or max(1, os.cpu_count() or 1)
    started = 0
    while pending or running:
        while pending and len(running) < slots:
            name, config = pending.pop(0)
            # Sites of one name length: the path is in strings the build copies and joins.
            site = work / f"site-{started:04d}"
            started += 1
            command = [
                "valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes",
                "--cachegrind-out-file=/dev/null",
                sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site),
            ]  # fmt: skip
            process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env
            )
            running[name] = (process, site)
        name = next(iter(running))
        process, site = running.pop(name)
        _, stderr = process.communicate()
        shutil.rmtree(site, ignore_errors=True)
        # Every process's own total: a build that started another process (a plugin's, a
        # theme's) is counted whole. A forked child starts from its parent's counters, so
        # where one forks, its count less the parent's at the fork would be its own work;
        # the plugin starts none.
        refs = re.findall(r"==(\d+)==\s+I\s+refs:\s+([\d,]+)", stderr)
        if process.returncode != 0 or not refs:
            raise RuntimeError(f"{name}: the counted build failed:\n{stderr[-2000:]}")
        found[name] = sum(int(count.replace(",", "")) for _, count in refs)
    return found


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    if not available():
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 1
    work = Path(os.environ.get("TMPDIR", "/tmp")) / f"relations-instructions-{os.getpid()}"
    work.mkdir(parents=True, exist_ok=True)
    try:
        found = counts({config: Path(config).resolve() for config in argv}, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    first = found[argv[0]]
    for config in argv:
        print(f"{found[config]:>16,}  {found[config] / first:.4f}  {config}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
