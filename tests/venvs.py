"""Virtual environments from the registry holding this project's built wheel (never ``-e``):
the package as a user installs it, beside the generator that runs it.

An editable install reads templates and assets from the source tree and hides package data
the wheel leaves out; each generator pins its own MkDocs (or none). So the wheel is built
once per test session from the tracked files, and each set of requirements gets one
environment per session. The environments the session's tests name (``@pytest.mark.venv``)
are made in the background from the session's start, two at a time (``pip`` is a process of
its own, and the suite's tests run one at a time: the second core would otherwise wait), and
``Envs.get`` waits for the one it asks for.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def run(
    command: list[str], cwd: Path, environ: Mapping[str, str] | None = None, **env: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**(os.environ if environ is None else environ), **env},
    )


def clean_checkout(destination: Path) -> Path:
    """The tracked files only, as a fresh clone has them.

    A working tree keeps ``*.egg-info/SOURCES.txt`` from an editable install, and setuptools
    adds what it lists to the wheel: built from here, a wheel can look complete when one
    built from a clone is not.
    """
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file() and not name.startswith("tests/"):
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return destination


def build_wheel(checkout: Path, out: Path) -> Path:
    # Built as a user's pip builds it: in an isolated environment from pyproject.toml.
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out),
                 str(checkout)], cwd=out)  # fmt: skip
    assert built.returncode == 0, built.stderr
    (found,) = out.glob("mkdocs_relations-*.whl")
    return found


@dataclass
class Env:
    root: Path

    @property
    def bin(self) -> Path:
        return self.root / ("Scripts" if os.name == "nt" else "bin")

    def run(self, program: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
        return run([str(self.bin / program), *args], cwd=cwd)

    def version(self, distribution: str) -> str | None:
        """The installed version of ``distribution`` in this environment, or None."""
        found = self.run(
            "python", "-c",
            "import sys\nfrom importlib import metadata\ntry:\n"
            "    print(metadata.version(sys.argv[1]))\n"
            "except metadata.PackageNotFoundError:\n    print('-')",
            distribution, cwd=self.root,
        )  # fmt: skip
        text = found.stdout.strip()
        return None if text in ("", "-") else text


class Envs:
    """The session's environments by name, each made once, in the background (``start``)."""

    def __init__(self, base: Path, wheel: Path) -> None:
        self.base = base
        self.wheel = wheel
        self._made: dict[str, Future[Env | str]] = {}
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="venv")
        # Taken now: tests change os.environ (monkeypatch) while an environment installs.
        self._environ = dict(os.environ)

    def start(self, name: str, *steps: list[str]) -> None:
        """Begin making the environment ``name`` (see :meth:`get`), unless it is begun."""
        if name not in self._made:
            self._made[name] = self._pool.submit(self._make, name, steps)

    def get(self, name: str, *steps: list[str]) -> Env:
        """The environment ``name``, made by ``pip`` with each of ``steps`` in turn
        (``{wheel}`` in an argument stands for the built wheel); skipped with the reason
        (failed under CI) when the registry cannot provide a package."""
        self.start(name, *steps)
        made = self._made[name].result()
        if isinstance(made, str):
            if os.environ.get("CI"):
                pytest.fail(made)
            pytest.skip(made)
        return made

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def _make(self, name: str, steps: tuple[list[str], ...]) -> Env | str:
        """The environment, or why ``pip`` could not make it."""
        env = Env(self.base / name)
        # No pip of its own (installing one takes seconds an environment): this session's pip
        # installs into it (``pip --python``), from the same registry. Nothing is compiled
        # ahead: a test imports a fraction of what it installs (Pygments' hundreds of lexers).
        venv.EnvBuilder(with_pip=False).create(env.root)
        for step in steps:
            args = [arg.replace("{wheel}", str(self.wheel)) for arg in step]
            if args[0] == "install":
                args.insert(1, "--no-compile")
            done = run([sys.executable, "-m", "pip", "--python", str(env.bin / "python"), "-q",
                        "--disable-pip-version-check", *args], cwd=self.base,
                       environ=self._environ)  # fmt: skip
            if done.returncode != 0:
                return f"pip {' '.join(args)} failed here: {done.stderr.strip()[-500:]}"
        return env
