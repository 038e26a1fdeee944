"""pytest plugin (entry point ``pytest11``): assert in one line that a model converts and matches.

    @pytest.mark.torchlint_verify("pkg.models:make_model", backends=["export"], vary_batch=True)
    def test_model_exports():
        pass

    def test_scripts(torchlint_verify):
        report = torchlint_verify("pkg/models.py:make_model", backends="script,trace")
        assert report.backend("script")["latency"] is None  # repeat=0 by default here

The marker runs the verification after the test body; the fixture returns a function that runs
it when called. Both fail the test with the CLI's text report when a back-end fails or diverges
(``check=False`` on the fixture returns the report instead). Keyword arguments are the
``VerifyOptions`` fields (``inputs``, ``vary_batch``, ``device``, ``timeout``, ``rtol``, ...);
``inputs`` is a spec string or a list of them. The user's code runs in a child process, so
this plugin never imports torch itself: it is loaded by every pytest run, torch or not.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

import pytest

if TYPE_CHECKING:
    from torchlint.runtime_check.report import Report

MARKER = "torchlint_verify"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(target, backends=..., inputs=..., **options): run torchlint verify on target "
        "after the test and fail it unless every back-end converts and matches eager",
    )


def run_verification(
    target: str,
    backends: Union[str, list[str], tuple[str, ...], None] = None,
    inputs: Union[str, list[str], tuple[str, ...], None] = None,
    **options: Any,
) -> Report:
    """Verify ``target`` in a child process; pytest-friendly defaults (no latency timing)."""
    from torchlint.runtime_check.runner import verify
    from torchlint.runtime_check.spec import (
        DEFAULT_BACKENDS,
        VerifyOptions,
        parse_backends,
        parse_inputs,
        parse_target,
    )

    cwd = os.getcwd()
    if isinstance(backends, (list, tuple)):
        backends = ",".join(backends)
    if isinstance(inputs, str):
        inputs = [inputs]
    options.setdefault("repeat", 0)
    options.setdefault("device", "auto")
    return verify(
        VerifyOptions(
            target=parse_target(target, cwd),
            inputs=[parse_inputs(text, cwd) for text in inputs or ()],
            backends=parse_backends(backends) if backends else DEFAULT_BACKENDS,
            cwd=cwd,
            sys_path=[p for p in sys.path if p],
            **options,
        )
    )


def _fail(report: Report) -> None:
    pytest.fail(report.render_text(), pytrace=False)


@pytest.fixture
def torchlint_verify() -> Callable[..., Report]:
    """``torchlint_verify(target, backends=..., inputs=..., check=True, **options) -> Report``."""

    def verify_target(target: str, *args: Any, check: bool = True, **options: Any) -> Report:
        report = run_verification(target, *args, **options)
        if check and not report.ok:
            _fail(report)
        return report

    return verify_target


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Optional[object], Optional[object]]:
    outcome = yield
    marker = item.get_closest_marker(MARKER)
    if marker is not None:
        report = run_verification(*marker.args, **marker.kwargs)
        statuses = ", ".join(f"{b['backend']}={b['status']}" for b in report.backends)
        item.user_properties.append(("torchlint_verify", statuses or report.setup.get("error")))
        if not report.ok:
            _fail(report)
    return outcome
