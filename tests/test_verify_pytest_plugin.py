"""The pytest plugin: a marker and a fixture, under pytest-xdist, without importing torch."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import requires_torch

ROOT = Path(__file__).resolve().parent.parent

SUITE = """
import pytest


@pytest.mark.torchlint_verify("tests.verify_models.good:make_model", backends=["export"])
def test_good_exports():
    pass


@pytest.mark.torchlint_verify("tests/verify_models/branchy.py:make_model", backends="export")
def test_branchy_exports():
    pass


def test_fixture(torchlint_verify):
    report = torchlint_verify(
        "tests.verify_models.good:scale", backends="trace", inputs=["float32[2,3]; float32[2,3]"]
    )
    assert report.backend("trace")["status"] == "ok"
    report = torchlint_verify("tests.verify_models.branchy:make_model", backends="trace", check=False)
    assert report.backend("trace")["status"] == "diverges"
"""


def test_plugin_loads_without_importing_torch() -> None:
    code = (
        "import sys, torchlint.runtime_check.pytest_plugin, torchlint.runtime_check.runner; "
        "sys.exit('torch' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


@requires_torch
def test_marker_and_fixture_under_xdist(tmp_path: Path) -> None:
    (tmp_path / "test_models.py").write_text(SUITE)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:cacheprovider",
         "--rootdir", str(tmp_path), str(tmp_path / "test_models.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=400,
    )  # fmt: skip
    out = result.stdout + result.stderr
    assert "1 failed, 2 passed" in out, out
    assert "FAILED" in out and "test_branchy_exports" in out
    # The failure reads like the CLI report: the back-end, its verdict and the user's line.
    source = (ROOT / "tests" / "verify_models" / "branchy.py").read_text().splitlines()
    line = next(i for i, text in enumerate(source, 1) if "if x.sum() > 0:" in text)
    assert "export" in out and "FAILS" in out and f"branchy.py:{line}" in out
