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
