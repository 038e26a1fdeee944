"""Selection at report time: a run analyses every rule and caches all of a file's findings, so
another ``--select``, ``--ignore`` or ``--target`` is a warm run that reports what a cold run
with those settings reports, TL001 (unused suppressions) included; and cached results are
shown by the path the run was given, code frames included."""

from __future__ import annotations

import pytest

import torchlint.lint.run as run
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .cli_helpers import run_cli, write

# forward: TL301 on line 7 (suppressed), TL101 + TL103 on line 8; a TL101 directive on line 9
# with nothing to suppress (TL001 when TL101 is selected); a TL4xx-free file otherwise.
MODEL = """\
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        print("x", x.shape)  # noqa: TL301
        if x.sum().item() > 0:
            x = x + 1  # noqa: TL101
        return x
"""

SELECTIONS = [
    Settings(),
    Settings(select=("TL301", "TL001")),  # TL301's directive is used: no TL001
    Settings(select=("TL1", "TL001")),  # TL101's directive suppressed nothing: TL001
    Settings(select=("TL001",)),  # no rule with a directive ran: no TL001 either
    Settings(ignore=("TL101",)),
    Settings(ignore=("TL001",)),
    Settings(per_file_ignores={"*.py": ("TL103",)}),
    Settings(targets=("trace",), targets_explicit=True),
    Settings(targets=("compile", "export"), targets_explicit=True, extend_select=("TL001",)),
]


@pytest.fixture
def linted(monkeypatch):
    """The files each run really lints (cache misses)."""
    calls: list[str] = []
    original = run._lint_planned

    def counting(number):
        calls.append(run._RUN[0][number].path)
        return original(number)

    monkeypatch.setattr(run, "_lint_planned", counting)
    return calls


def _reported(results):
    return [(d.line, d.code, d.targets, d.message) for r in results for d in r.diagnostics]


def test_another_selection_or_target_is_a_warm_run_that_reports_what_a_cold_one_does(
    tmp_path, linted
):
    model = str(write(tmp_path, "model.py", MODEL))
    cache = str(tmp_path / "cache")
    lint_files([model], Settings(), cache_dir=cache)
    reports = []
    for settings in SELECTIONS:
        linted.clear()
        warm = lint_files([model], settings, cache_dir=cache)
        assert linted == [], settings  # nothing analysed again
        cold = lint_files([model], settings)
        assert _reported(warm) == _reported(cold), settings
        reports.append(_reported(warm))
    # The selections do change the report (the test would pass on any one report otherwise).
    assert len({repr(r) for r in reports}) >= 6
    default, only_print, graph_breaks, only_unused = reports[:4]
    assert [c for _, c, _, _ in default] == ["TL101", "TL103", "TL001"]
    assert [c for _, c, _, _ in only_print] == []
    assert [(line, c) for line, c, _, _ in graph_breaks] == [
        (8, "TL101"),
        (8, "TL103"),
        (9, "TL001"),
    ]
    assert only_unused == []


def test_target_narrows_the_messages_of_cached_findings(tmp_path, linted):
    # A finding names only the back-ends of the run, and its message says what those do: the
    # cache holds what the message is made from, not the text one run rendered.
    model = str(write(tmp_path, "model.py", MODEL))
    cache = str(tmp_path / "cache")
    lint_files([model], Settings(targets=("trace",), targets_explicit=True), cache_dir=cache)
    linted.clear()
    warm = lint_files([model], Settings(), cache_dir=cache)
    assert linted == []
    assert _reported(warm) == _reported(lint_files([model], Settings()))


def test_target_script_keeps_entries_of_its_own(tmp_path, linted):
    # --target script changes the analysis (every forward a scripting root): its results are
    # cached apart, so switching back and forth stays warm both ways.
    model = str(write(tmp_path, "model.py", MODEL))
    cache = str(tmp_path / "cache")
    script = Settings(targets=("script",), targets_explicit=True)
    lint_files([model], Settings(), cache_dir=cache)
    linted.clear()
    lint_files([model], script, cache_dir=cache)
    assert linted == [model]
    for settings in (Settings(), script):
        linted.clear()
        warm = lint_files([model], settings, cache_dir=cache)
        assert linted == []
        assert _reported(warm) == _reported(lint_files([model], settings))


def test_a_rule_error_is_reported_only_while_its_rule_is_selected(tmp_path, monkeypatch):
    from torchlint.rules.tl301_print import PrintInGraph

    def broken(self, node):
        raise ValueError("boom")

    monkeypatch.setattr(PrintInGraph, "visit_Call", broken)
    model = str(write(tmp_path, "model.py", MODEL))
    [selected] = lint_files([model], Settings())
    [ignored] = lint_files([model], Settings(ignore=("TL301",)))
    assert ["TL301" in e.message for e in selected.errors] == [True]
    assert ignored.errors == []


@pytest.mark.parametrize(
    "first, second", [("./model.py", "model.py"), ("model.py", "."), (".", "./model.py")]
)
def test_code_frames_survive_a_cached_run_by_another_spelling_of_the_path(
    tmp_path, monkeypatch, first, second
):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "model.py", MODEL)
    frame = "8 |         if x.sum().item() > 0:"
    for paths in ([first], [second]):
        output = run_cli(["check", "--cache-dir", "cache", *paths]).output
        assert "model.py:8:" in output and "./model.py" not in output
        assert frame in output, output
