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
``inputs`` is a spec string or a list of them. A misspelt marker, argument, back-end or spec
fails that test with one line (``did you mean 'backends'?``), checked before the test body runs.
The user's code runs in a child process, so this plugin never imports torch itself: it is
loaded by every pytest run, torch or not.
"""

from __future__ import annotations

import difflib
import os
import sys
import typing
from collections.abc import Generator, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

import pytest

if TYPE_CHECKING:
    from torchlint.runtime_check.report import Report
    from torchlint.runtime_check.spec import VerifyOptions

MARKER = "torchlint_verify"
# VerifyOptions fields the plugin fills in itself; the others are the user's keyword arguments.
_INTERNAL_FIELDS = frozenset({"target", "cwd", "sys_path"})
_OPTIONS_KEY = pytest.StashKey["VerifyOptions"]()


class UsageError(Exception):
    """A marker or fixture call written wrongly: one line for the user."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(target, backends=..., inputs=..., **options): run torchlint verify on target "
        "after the test and fail it unless every back-end converts and matches eager",
    )


def build_options(
    args: Sequence[Any], kwargs: dict[str, Any], extra: Sequence[str] = ()
) -> VerifyOptions:
    """The options of a marker or fixture call ``(target, backends=None, inputs=None,
    **options)``; raises :class:`UsageError` naming the misspelt argument or spec. ``extra``:
    keyword arguments the caller handles itself (the fixture's ``check``)."""
    from torchlint.runtime_check.spec import (
        DEFAULT_BACKENDS,
        SpecError,
        VerifyOptions,
        parse_backends,
        parse_inputs,
        parse_target,
    )

    hints = typing.get_type_hints(VerifyOptions)
    option_names = [f.name for f in fields(VerifyOptions) if f.name not in _INTERNAL_FIELDS]
    positional = ["target", "backends", "inputs"]
    known = [*positional, *(n for n in option_names if n not in positional), *extra]
    for name, value in kwargs.items():
        if name not in known:
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(known)})"
            raise UsageError(f"unknown argument {name!r}{hint}")
        if name in option_names and name not in positional and not _fits(value, hints[name]):
            raise UsageError(f"{name}={value!r}: expected {_type_names(hints[name])}")
    if len(args) > len(positional):
        raise UsageError(f"takes at most {len(positional)} positional arguments: {positional}")
    call = dict(zip(positional, args))
    for name in call:
        if name in kwargs:
            raise UsageError(f"{name!r} given both by position and by keyword")
    call.update(kwargs)
    target = call.pop("target", None)
    if not isinstance(target, str):
        raise UsageError("needs a target string such as 'pkg.models:make_model' as first argument")
    backends = _strings("backends", call.pop("backends", None))
    inputs = _strings("inputs", call.pop("inputs", None))
    for name in extra:
        call.pop(name, None)
    call.setdefault("repeat", 0)  # pytest-friendly default: no latency timing
    call.setdefault("device", "auto")
    cwd = os.getcwd()
    try:
        return VerifyOptions(
            target=parse_target(target, cwd),
            inputs=[parse_inputs(text, cwd) for text in inputs],
            backends=parse_backends(",".join(backends)) if backends else DEFAULT_BACKENDS,
            cwd=cwd,
            sys_path=[p for p in sys.path if p],
            **call,
        )
    except SpecError as exc:
        raise UsageError(str(exc)) from None


def _strings(name: str, value: Any) -> list[str]:
    """A string or a list/tuple of strings (None: none) as a list."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    raise UsageError(f"{name} must be a string or a list of strings, got {value!r}")


def _allowed(hint: Any) -> tuple[Any, ...]:
    return typing.get_args(hint) if typing.get_origin(hint) is Union else (hint,)


def _type_names(hint: Any) -> str:
    return " or ".join(
        "None" if a is type(None) else getattr(a, "__name__", str(a)) for a in _allowed(hint)
    )


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` suits a VerifyOptions field of plain type (``Optional`` included);
    fields of other types are the runner's to check."""
    allowed = _allowed(hint)
    if not all(isinstance(a, type) for a in allowed):
        return True
    if value is None:
        return type(None) in allowed
    if isinstance(value, bool):  # a bool is an int to isinstance, not to the user
        return bool in allowed
    return any(isinstance(value, a) or (a is float and isinstance(value, int)) for a in allowed)


def run_verification(
    target: str,
    backends: Union[str, list[str], tuple[str, ...], None] = None,
    inputs: Union[str, list[str], tuple[str, ...], None] = None,
    **options: Any,
) -> Report:
    """Verify ``target`` in a child process; pytest-friendly defaults (no latency timing)."""
    from torchlint.runtime_check.runner import verify

    return verify(build_options((target, backends, inputs), options))


def _fail(report: Report) -> None:
    pytest.fail(report.render_text(), pytrace=False)


def _checked(where: str, args: Sequence[Any], kwargs: dict[str, Any], **how: Any) -> VerifyOptions:
    """:func:`build_options`, a usage error failing the test in one line (no traceback)."""
    try:
        return build_options(args, kwargs, **how)
    except UsageError as exc:
        problem = f"{where}: {exc}"
    pytest.fail(problem, pytrace=False)  # outside the except: no chained exception shown


@pytest.fixture
def torchlint_verify() -> Callable[..., Report]:
    """``torchlint_verify(target, backends=..., inputs=..., check=True, **options) -> Report``."""
    from torchlint.runtime_check.runner import verify

    def verify_target(*args: Any, **options: Any) -> Report:
        report = verify(_checked("torchlint_verify()", args, options, extra=("check",)))
        if options.get("check", True) and not report.ok:
            _fail(report)
        return report

    return verify_target


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Check the marker before the test body runs: a typo fails the test in one line."""
    registered = {
        line.split(":")[0].split("(")[0].strip() for line in item.config.getini("markers")
    }
    for mark in item.iter_markers():
        if mark.name != MARKER and mark.name not in registered:
            if difflib.get_close_matches(mark.name, [MARKER], n=1, cutoff=0.8):
                pytest.fail(
                    f"unknown marker {mark.name!r}; did you mean {MARKER!r}?", pytrace=False
                )
    marker = item.get_closest_marker(MARKER)
    if marker is not None:
        item.stash[_OPTIONS_KEY] = _checked(f"@pytest.mark.{MARKER}", marker.args, marker.kwargs)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, Optional[object], Optional[object]]:
    outcome = yield
    options = item.stash.get(_OPTIONS_KEY, None)
    if options is not None:
        from torchlint.runtime_check.runner import verify

        report = verify(options)
        statuses = ", ".join(f"{b['backend']}={b['status']}" for b in report.backends)
        item.user_properties.append(("torchlint_verify", statuses or report.setup.get("error")))
        if not report.ok:
            _fail(report)
    return outcome
