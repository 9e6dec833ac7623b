"""Options are validated where they are declared (config.py), so the build and every CLI
command reject the same bad values with the same message."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import Site, run


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_hops": 0}, "Plugin 'relations' option 'max_hops': must be 1 or more, not 0"),
        ({"max_hops": True}, "option 'max_hops': expected a whole number, not True"),
        ({"picture_limit": -3}, "option 'picture_limit': must be 0 or more, not -3"),
    ],
)
def test_bad_values_stop_the_build_and_every_command_alike(
    site: Site, options: dict[str, object], message: str
) -> None:
    site.page("index.md", "---\nrelationships:\n  - {type: depends-on, target: b}\n---\n")
    site.page("b.md", "# B\n")
    site.plugin_options = options
    site.write_config()
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build"], cwd=site.root, capture_output=True, text=True
    )
    assert build.returncode == 1 and message in build.stderr, build.stderr
    for command in (("lint",), ("path", "index", "b"), ("reach", "index"), ("export",)):
        cli = run(*command, cwd=site.root)
        assert cli.returncode == 2, (command, cli.stdout, cli.stderr)
        assert message in cli.stderr and "Traceback" not in cli.stderr, cli.stderr


def test_lint_strict_fails_on_an_unknown_option_as_the_build_does(site: Site) -> None:
    site.page("index.md", "# Home\n")
    site.plugin_options = {"breadcrumb": True}  # misspelt: breadcrumbs
    site.write_config()
    relaxed = run("lint", cwd=site.root)
    assert relaxed.returncode == 0, relaxed.stderr
    assert "option 'breadcrumb': Unrecognised configuration name" in relaxed.stderr
    strict = run("lint", "--strict", cwd=site.root)
    assert strict.returncode == 1
    assert (
        "1 configuration warning (above): --strict fails on it, as mkdocs build --strict does"
        in strict.stderr
    )
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=site.root,
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert build.returncode != 0
