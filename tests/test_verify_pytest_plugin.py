"""The pytest plugin: a marker and a fixture, under pytest-xdist, without importing torch."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import requires_torch
from torchlint.runtime_check.pytest_plugin import UsageError, build_options

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


# Each test writes its marker or fixture call wrongly; its body must not run.
TYPOS = """
import pytest

GOOD = "tests.verify_models.good:make_model"


@pytest.mark.torchlint_verify(GOOD, backend="export")
def test_keyword():
    raise AssertionError("body ran")


@pytest.mark.torchlint_verify(GOOD, backends=["exprt"])
def test_backend_name():
    raise AssertionError("body ran")


@pytest.mark.torchlint_verify(backends=["export"])
def test_no_target():
    raise AssertionError("body ran")


@pytest.mark.torchlint_verify(GOOD, backends="export", timeout="10")
def test_option_type():
    raise AssertionError("body ran")


@pytest.mark.torchlint_verfy(GOOD, backends=["export"])
def test_marker_name():
    raise AssertionError("body ran")


def test_fixture_keyword(torchlint_verify):
    torchlint_verify(GOOD, backends="export", vary_bach=True)


def test_fixture_inputs(torchlint_verify):
    torchlint_verify(GOOD, inputs="flaot32[2,3]")
"""
EXPECTED = {
    "test_keyword": "@pytest.mark.torchlint_verify: unknown argument 'backend'; "
    "did you mean 'backends'?",
    "test_backend_name": "@pytest.mark.torchlint_verify: unknown back-end 'exprt'; "
    "did you mean 'export'?",
    "test_no_target": "@pytest.mark.torchlint_verify: needs a target string",
    "test_option_type": "@pytest.mark.torchlint_verify: timeout='10': expected float",
    "test_marker_name": "unknown marker 'torchlint_verfy'; did you mean 'torchlint_verify'?",
    "test_fixture_keyword": "torchlint_verify(): unknown argument 'vary_bach'; "
    "did you mean 'vary_batch'?",
    "test_fixture_inputs": "torchlint_verify(): input spec 'flaot32[2,3]'",
}


def test_usage_errors_fail_their_test_in_one_line(tmp_path: Path) -> None:
    """A misspelt marker, argument, back-end or spec fails that test with one readable line
    (no traceback, no INTERNALERROR), before its body runs; torch is not needed to see it."""
    (tmp_path / "test_typos.py").write_text(TYPOS)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfE",
         "--rootdir", str(tmp_path), str(tmp_path / "test_typos.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert "INTERNALERROR" not in out and "Traceback" not in out and "body ran" not in out, out
    assert "5 errors" in out and "2 failed" in out, out
    for test, message in EXPECTED.items():
        # The section of the test holds its one line and nothing else.
        section = re.search(rf"_+ (?:ERROR at setup of )?{test} _+\n(.*?)\n(?=_|=)", out, re.S)
        assert section is not None, (test, out)
        assert section.group(1).startswith(message), (test, section.group(1))
        assert "\n" not in section.group(1), (test, section.group(1))


def test_build_options_defaults_and_aliases() -> None:
    options = build_options(("tests.verify_models.good:make_model",), {"backends": ["export"]})
    assert options.backends == ("export", "export-strict")
    assert options.repeat == 0 and options.device == "auto"  # no timing by default in tests
    options = build_options(
        ("tests.verify_models.good:scale", "trace", "float32[2,3]; float32[2,3]"),
        {"timeout": 30, "check": False},
        extra=("check",),
    )
    assert options.backends == ("trace",) and options.timeout == 30
    assert [len(i.tensors) for i in options.inputs] == [2]


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("a:b",), {"vary_batch": 1}, "vary_batch=1: expected bool"),
        (("a:b",), {"train": None}, "train=None: expected bool"),
        (("a:b",), {"memory_limit_mb": "1G"}, "memory_limit_mb='1G': expected int or None"),
        (("a:b",), {"backends": 3}, "backends must be a string or a list of strings"),
        (("a:b", "trace"), {"backends": "export"}, "'backends' given both by position"),
        (("a:b", "trace", None, "x"), {}, "takes at most 3 positional arguments"),
        (("a:b",), {"zzz": 1}, "unknown argument 'zzz' (known: target, backends, inputs,"),
    ],
)
def test_build_options_refuses(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(UsageError) as error:
        build_options(args, kwargs)
    assert str(error.value).startswith(message)
