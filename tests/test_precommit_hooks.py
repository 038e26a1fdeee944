"""The pre-commit hooks, for real: ``pre-commit try-repo`` against this repository in a
temporary git repository (pre-commit builds the hook's environment from PyPI: libcst, click)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PRE_COMMIT = shutil.which("pre-commit") or str(Path(sys.executable).parent / "pre-commit")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path(PRE_COMMIT).exists(), reason="pre-commit is not installed"),
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
]

BAD = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print("x", x.shape)
        return torch.relu(x)
"""
CLEAN = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        return torch.relu(x)
"""


def git(folder: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True)


def try_repo(folder: Path, hook: str, *files: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PRE_COMMIT_COLOR": "never"}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        [PRE_COMMIT, "try-repo", str(REPO), hook, "--verbose", "--files", *files],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=900,
        env=env,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    git(tmp_path, "init", "-q")
    git(tmp_path, "config", "user.email", "test@example.com")
    git(tmp_path, "config", "user.name", "test")
    (tmp_path / "bad.py").write_text(BAD)
    (tmp_path / "clean.py").write_text(CLEAN)
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "files")
    return tmp_path


def test_check_hook_catches_a_bad_file_and_passes_a_clean_one(project: Path) -> None:
    bad = try_repo(project, "torchlint", "bad.py")
    assert bad.returncode != 0, bad.stdout + bad.stderr
    assert "TL301" in bad.stdout
    clean = try_repo(project, "torchlint", "clean.py")
    assert clean.returncode == 0, clean.stdout + clean.stderr


def test_fix_hook_rewrites_the_file(project: Path) -> None:
    fixed = try_repo(project, "torchlint-fix", "bad.py")
    assert fixed.returncode != 0  # pre-commit fails a hook that changed files
    assert "if not torch.compiler.is_compiling():" in (project / "bad.py").read_text()


def test_hook_environment_gets_no_torch() -> None:
    """pre-commit installs the package without extras: its core dependencies must not pull
    torch (linting never imports it)."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    names = [
        d.split(";")[0].split("[")[0].split("<")[0].split(">")[0].split("=")[0].strip()
        for d in project["dependencies"]
    ]
    assert "torch" not in names and "libcst" in names


def test_check_hook_lints_a_changed_helper_in_its_project(tmp_path: Path) -> None:
    """pre-commit passes only the changed file: a helper that a forward in an unchanged file
    calls is graph code all the same (the project is indexed), and only the helper is reported."""
    git(tmp_path, "init", "-q")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "model.py").write_text(
        "from torch import nn\n"
        "from pkg.helpers import normalize\n\n\n"
        "class Net(nn.Module):\n"
        "    def forward(self, x):\n"
        "        return normalize(x)\n"
    )
    (tmp_path / "pkg" / "helpers.py").write_text(
        'def normalize(x):\n    print("x", x.shape)\n    return x / 2\n'
    )
    changed = try_repo(tmp_path, "torchlint", "pkg/helpers.py")
    assert changed.returncode != 0, changed.stdout + changed.stderr
    assert "pkg/helpers.py:2:5: TL301" in changed.stdout
    assert "model.py" not in changed.stdout
