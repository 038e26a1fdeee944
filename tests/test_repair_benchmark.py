"""benchmarks/repair.py classifies each failing (probe, back-end) pair: real torch on three
probes of benchmarks/repair_probes/ (a print the fix guards, a compiler.disable'd helper no
fix may touch, both together), and the verdict logic on hand-made runs."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from .conftest import requires_torch

ROOT = Path(__file__).resolve().parent.parent
PROBES = ROOT / "benchmarks" / "repair_probes"


def _load_benchmark():
    spec = importlib.util.spec_from_file_location("repair", ROOT / "benchmarks" / "repair.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


repair = _load_benchmark()


@requires_torch
@pytest.mark.torch
def test_probes_are_classified_by_running_them():
    pairs = {
        PROBES / "rp_print.py": ["compile", "trace"],
        PROBES / "rp_disabled.py": ["compile"],
        PROBES / "rp_print_disabled.py": ["compile"],
    }
    cases = {(c.probe, c.backend): c for c in repair.measure(pairs, jobs=2, timeout=120)}
    printed = cases["rp_print", "compile"]
    assert printed.status == repair.REPAIRED
    assert [a.split()[1] for a in printed.applied] == ["TL301"]
    assert printed.original_error.startswith("Unsupported")  # torch's fullgraph error
    # A print does not stop trace: the pair is re-verified and left out.
    assert cases["rp_print", "trace"].status == repair.NOT_CONFIRMED
    disabled = cases["rp_disabled", "compile"]
    assert (disabled.status, disabled.applied) == ("finding without fix", [])
    assert [f.split()[1] for f in disabled.findings] == ["TL312"]
    both = cases["rp_print_disabled", "compile"]
    assert both.status == "still fails"
    assert [a.split()[1] for a in both.applied] == ["TL301"]
    assert both.detail  # torch's reason


PACKAGE_MODEL = """import torch
from torch import nn
from .ops import run


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 3)

    def forward(self, x):
        return run(self, x)


def inputs():
    return [(torch.randn(2, 3),)]
"""

PACKAGE_OPS = """def run(self, x):
    y = self.proj(x)
    print("proj", y.shape)
    return y.relu()
"""


@requires_torch
@pytest.mark.torch
def test_a_package_probe_is_fixed_in_all_its_files_and_run_as_a_package(tmp_path):
    # --probes with a package probe (a folder whose model.py imports its other modules) and
    # the verdicts beside the folder, as benchmarks/variants/ lays them out.
    probes = tmp_path / "probes"
    package = probes / "pk_print__module_from"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "model.py").write_text(PACKAGE_MODEL)
    (package / "ops.py").write_text(PACKAGE_OPS)
    (probes / "pk_clean.py").write_text(PACKAGE_MODEL.replace("from .ops import run", ""))
    verdicts = {
        "pk_print__module_from": {"compile": {"ok": False}, "trace": {"ok": True}},
        "pk_clean": {"compile": {"ok": True}},
    }
    (tmp_path / "verdicts.json").write_text(json.dumps(verdicts))
    pairs = repair.failing_pairs("*.py", ("compile", "trace"), probes)
    assert pairs == {package: ["compile"]}
    (case,) = repair.measure(pairs, jobs=1, timeout=120)
    assert (case.probe, case.status) == ("pk_print__module_from", repair.REPAIRED)
    assert case.findings == case.applied == ["ops.py:3 TL301"]
    assert case.original_error  # the original package ran, and failed fullgraph compile
    assert package.joinpath("ops.py").read_text() == PACKAGE_OPS  # fixed in a copy


def _entry(eager, **backends):
    return {"eager": {"ok": True, "outputs": eager}, **backends}


@requires_torch
@pytest.mark.torch
def test_classification_of_hand_made_runs():
    import torch

    a, b, c = torch.ones(2), torch.zeros(2), torch.ones(3)
    failing = _entry([a, c, a], compile={"ok": False, "error": "Unsupported: print"})
    works = {"ok": True, "outputs": [a, c, a], "breaks": []}

    def status(original, fixed, findings=("12 TL301",)):
        case = repair.Case("p", "compile", findings=list(findings))
        repair.classify(case, original, fixed, "x = 1\n")
        return case.status, case.detail

    assert status(failing, _entry([a, c, a], compile=works)) == (repair.REPAIRED, "")
    # Working but with other eager outputs is not a repair.
    assert status(failing, _entry([b, c, a], compile=works))[0] == "eager changed"
    assert status(failing, None) == ("finding without fix", "")
    assert status(failing, None, findings=()) == ("no finding", "")
    assert status(_entry([a, c, a], compile=works), None)[0] == repair.NOT_CONFIRMED
    broken = {"eager": {"ok": False, "error": "NameError: name 'torch' is not defined"}}
    assert status(failing, broken) == ("fixed file fails", broken["eager"]["error"])
    # fullgraph runs, but plain compile still breaks the graph.
    breaking = dict(works, breaks=["Unsupported: Tensor.item"])
    assert status(failing, _entry([a, c, a], compile=breaking)) == (
        "still fails",
        "graph break: Unsupported: Tensor.item",
    )
    wrong = dict(works, outputs=[a, c, b])
    assert status(failing, _entry([a, c, a], compile=wrong)) == (
        "still fails",
        "differs from eager on input 2",
    )


@requires_torch
@pytest.mark.torch
def test_export_may_reject_other_shapes_but_not_the_example_shape():
    import torch

    a, c = torch.ones(2), torch.ones(3)
    shape_guard = {"ok": True, "outputs": [a, "rejected: RuntimeError", a]}
    assert repair.passes(_entry([a, c, a], export=shape_guard), "export") == (True, "")
    # The same rejection fails trace, which must follow eager on every input.
    assert repair.passes(_entry([a, c, a], trace=shape_guard), "trace")[0] is False
    extra_rejected = {"ok": True, "outputs": [a, c, "rejected: RuntimeError"]}
    ok, why = repair.passes(_entry([a, c, a], export=extra_rejected), "export")
    assert not ok and "input 2" in why
    # An input eager rejects must be rejected.
    accepts = {"ok": True, "outputs": [a, c, a]}
    ok, why = repair.passes(_entry([a, "rejected: ValueError", a], export=accepts), "export")
    assert not ok and "eager rejects" in why


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--glob", "no_such_probe_*"], "no probe matching"),
        (["--backends", "compile,jit"], "unknown back-end"),
        (["-j", "0"], "-j must be at least 1"),
        (["--probes", "no/such/folder"], "no such folder"),
        (["--probes", "tests"], "no verdicts file"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        repair.main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
