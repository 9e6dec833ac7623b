"""Virtual environments from the registry holding this project's built wheel (never ``-e``):
the package as a user installs it, beside the generator that runs it.

An editable install reads templates and assets from the source tree and hides package data
the wheel leaves out; each generator pins its own MkDocs (or none). So the wheel is built
once per test session from the tracked files, and each set of requirements gets one
environment per session, made on first use (``Envs.get``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def run(command: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, **env},
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
    """The session's environments by name, each made once."""

    def __init__(self, base: Path, wheel: Path) -> None:
        self.base = base
        self.wheel = wheel
        self._made: dict[str, Env] = {}

    def get(self, name: str, *steps: list[str]) -> Env:
        """The environment ``name``, made by ``pip`` with each of ``steps`` in turn
        (``{wheel}`` in an argument stands for the built wheel); skipped with the reason
        (failed under CI) when the registry cannot provide a package."""
        if name in self._made:
            return self._made[name]
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
                        "--disable-pip-version-check", *args], cwd=self.base)  # fmt: skip
            if done.returncode != 0:
                reason = f"pip {' '.join(args)} failed here: {done.stderr.strip()[-500:]}"
                if os.environ.get("CI"):
                    pytest.fail(reason)
                pytest.skip(reason)
        self._made[name] = env
        return env
