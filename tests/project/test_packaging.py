"""The wheel holds every package and every file the code reads: a user's install works.

Built from this checkout with pip (no build isolation: nothing is fetched), then read
as a zip. CI also installs it into a clean venv and runs the main job from it."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "parsers", "pipeline", "dashboard")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """The wheel built from the tracked files alone (as a fresh clone holds them: no
    stale build/ folder, no untracked file slips in)."""
    clone, out = tmp_path_factory.mktemp("clone"), tmp_path_factory.mktemp("wheel")
    for name in _tracked(*PACKAGES, "pyproject.toml", "README.md"):
        (clone / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, clone / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                           "-q", "-w", str(out), str(clone)], capture_output=True, text=True)
    if done.returncode:
        pytest.fail(f"pip wheel failed:\n{done.stderr[-2000:]}")
    (path,) = out.glob("handlens-*.whl")
    return zipfile.ZipFile(path)


def _tracked(*paths: str) -> list[str]:
    listed = subprocess.run(["git", "ls-files", *paths], cwd=ROOT, capture_output=True,
                            text=True)
    if listed.returncode:
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    return listed.stdout.splitlines()


def test_every_tracked_file_of_the_packages_is_in_the_wheel(wheel):
    """Every module, grammar, SQL file and shipped table of the four packages."""
    held = set(wheel.namelist())
    missing = [f for f in _tracked(*PACKAGES) if f not in held]
    assert not missing, f"not in the wheel: {missing}"


def test_the_wheel_has_the_command_and_a_version(wheel):
    entry = next(n for n in wheel.namelist() if n.endswith("entry_points.txt"))
    assert "handlens = pipeline.cli.main:program" in wheel.read(entry).decode()
    assert any(n.endswith(".lark") for n in wheel.namelist())
