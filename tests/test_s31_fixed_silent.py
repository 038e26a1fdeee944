"""benchmarks/repair.py lints every "still fails" pair's fixed text again for its back-end
(issues #21 and #23: after ``fix``, ``check`` should name what is left) and counts the pairs
where it names nothing, "still fails, check silent". Real torch on two small probes: a print
fixed beside a ``compiler.disable``'d helper (the fixed text keeps TL312's finding), and an
expert loop whose empty-selection skip the TL107 fix drops (torch then skips the frame on the
``nonzero`` inside the loop, which Dynamo's graph-break log names and explain does not)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

from .conftest import requires_torch

ROOT = Path(__file__).resolve().parent.parent


def _load_benchmark():
    spec = importlib.util.spec_from_file_location("repair", ROOT / "benchmarks" / "repair.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


repair = _load_benchmark()

EXPERT_LOOP = """import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, n_experts: int = 3):
        super().__init__()
        self.gate = nn.Linear(4, n_experts)
        self.experts = nn.ModuleList([nn.Linear(4, 4) for _ in range(n_experts)])

    def forward(self, x):
        choice = self.gate(x).argmax(-1)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            idx = (choice == e).nonzero(as_tuple=True)[0]
            if idx.numel() == 0:
                continue
            out[idx] = expert(x[idx])
        return out


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(6, 4),), (torch.randn(5, 4),)]
"""


def _probes(tmp_path: Path) -> Path:
    probes = tmp_path / "probes"
    probes.mkdir()
    shutil.copy(ROOT / "benchmarks" / "repair_probes" / "rp_print_disabled.py", probes)
    (probes / "rp_expert_loop_skip_empty.py").write_text(EXPERT_LOOP)
    verdicts = {
        name: {"compile": {"ok": False}}
        for name in ("rp_print_disabled", "rp_expert_loop_skip_empty")
    }
    (probes / "verdicts.json").write_text(json.dumps(verdicts))
    return probes


@requires_torch
@pytest.mark.torch
def test_still_failing_fixed_text_is_checked_again(tmp_path, capsys):
    probes = _probes(tmp_path)
    assert repair.main(["--probes", str(probes), "--backends", "compile", "-j", "1", "--json"]) == 0
    output = json.loads(capsys.readouterr().out)
    cases = {c["probe"]: c for c in output["cases"]}
    printed = cases["rp_print_disabled"]
    assert printed["status"] == "still fails"
    # The print is fixed; check still names the disabled helper's call.
    assert [f.split()[1] for f in printed["fixed_findings"]] == ["TL312"]
    skipped = cases["rp_expert_loop_skip_empty"]
    assert (skipped["status"], skipped["fixed_findings"]) == ("still fails", [])
    assert [a.split()[1] for a in skipped["applied"]] == ["TL107"]
    assert "graph break" in skipped["detail"]
    assert output["check_silent"] == [
        {"probe": "rp_expert_loop_skip_empty", "backend": "compile", "detail": skipped["detail"]}
    ]
    assert output["table"]["compile"]["check_silent"] == 1


def test_silent_cases_are_counted_and_listed(capsys):
    silent = repair.Case("p_silent", "export", status="still fails", applied=["3 TL107"])
    silent.detail = "GuardOnDataDependentSymNode: Could not guard"
    named = repair.Case("p_named", "export", status="still fails", applied=["3 TL107"])
    named.fixed_findings = ["5 TL103"]
    others = [
        repair.Case("p_no_finding", "export", status="no finding"),
        repair.Case("p_repaired", "export", status=repair.REPAIRED, applied=["3 TL301"]),
    ]
    cases = [silent, named, *others]
    assert [c.check_silent for c in cases] == [True, False, False, False]
    assert repair.silent_cases(cases) == [silent]
    assert repair.summary(cases)["export"]["check_silent"] == 1
    repair._print(cases)
    out = capsys.readouterr().out
    assert "still fails, check silent: 1\n" in out
    assert out.rstrip().endswith(
        "export   p_silent                         fixed TL107 "
        "GuardOnDataDependentSymNode: Could not guard"
    )
    # The table keeps its columns.
    assert out.splitlines()[0] == (
        "| back-end | repaired / failing | " + " | ".join(repair.BLOCKERS) + " | not confirmed |"
    )


def test_check_for_lints_the_text_given_for_the_back_end(tmp_path):
    path = tmp_path / "p.py"
    text = "import torch\n\n\ndef fn(x):\n    print(x)\n    return x\n\n\ndef inputs():\n    return []\n"
    assert repair.check_for(path, (("p.py", text),), "compile") == []  # fn is not graph code
    model = (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def forward(self, x):\n        print(x)\n        return x\n"
    )
    assert [f.split()[1] for f in repair.check_for(path, (("p.py", model),), "compile")] == [
        "TL301"
    ]
    assert repair.check_for(path, (("p.py", model),), "script") == []  # TorchScript prints


# The forms the fixes left failing, by mechanism (torch 2.13 confirms each: flagged cases fail
# the back-end, clean ones pass it; tests/oracle.py).
# - TL102: a tensor computed from data through a chain of methods and names
#   (`present.clamp(min=1).clamp(max=self.k)` of `(p > t).sum(-1).max().long()`) passed as
#   topk's k: plain compile breaks the graph ('Data dependent operator'). The chain was longer
#   than the depth the rule followed (each method receiver took a step).
# - TL217: a class-body annotation of a scripted module's attribute whose dict key TorchScript
#   cannot type (`cache: Dict[Tuple[int, int], Tensor]`): scripting the module types the
#   attribute by it ("Cannot create dict for key type '(int, int)'").
TOPK = """import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, k: int = 3, thr: float = 0.6):
        super().__init__()
        self.cls = nn.Linear(4, 6)
        self.k, self.thr = k, thr

    def forward(self, x: torch.Tensor):
        prob = torch.sigmoid(self.cls(x))
        {count}
        top = prob.topk(k, dim=-1)
        return top.values, top.indices


def inputs():
    return [(torch.randn(2, 4) * 0.01,), (torch.randn(3, 4) * 5,)]
"""
CACHE = """from typing import Dict, Tuple

import torch
from torch import Tensor, nn


class Model(nn.Module):
    cache: Dict[{key}, Tensor]

    def __init__(self, heads: int = 2, max_size: int = 8):
        super().__init__()
        self.table = nn.Parameter(torch.randn(2 * max_size - 1, heads))
        self.max_size = max_size
        self.cache = {{}}

    def forward(self, x: Tensor) -> Tensor:
        h, w = x.shape[-2], x.shape[-1]
        key = {key_value}
        if key not in self.cache:
            coords = torch.arange(h * w) % w
            self.cache[key] = coords[:, None] - coords[None, :] + self.max_size - 1
        return self.table[self.cache[key]].permute(2, 0, 1)


def inputs():
    return [(torch.randn(1, 2, 3, 4),), (torch.randn(1, 2, 2, 2),)]
"""
TRANSPOSED = """from typing import Dict

import torch
from torch import Tensor, nn


class Model(nn.Module):
    cache: Dict[int, Tensor]

    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(6, 4))
        self.cache = {{}}

    def forward(self, x: Tensor) -> Tensor:
        key = {key_value}
        if key not in self.cache:
            self.cache[key] = self.weight.detach().t().contiguous()
        return x @ self.cache[key]


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""
MECHANISMS = {
    # - TL215: `id()` of a tensor in scripted code (a cache keyed by a parameter's identity):
    #   TorchScript's only `id` is prim::id(AnyClassType? x), no Tensor.
    "id_of_parameter_cache_key": (
        TRANSPOSED.format(key_value="id(self.weight)"),
        "TL215",
        "script",
        True,
    ),
    "shape_cache_key_ok": (
        TRANSPOSED.format(key_value="x.shape[-1]"),
        "TL215",
        "script",
        False,
    ),
    "topk_k_method_chain_of_data": (
        TOPK.format(
            count="present = (prob > self.thr).sum(-1).max().long()\n"
            "        k = present.clamp(min=1).clamp(max=self.k)"
        ),
        "TL102",
        "compile",
        True,
    ),
    "topk_k_setting_bounded_by_size_ok": (
        TOPK.format(count="k = min(self.k, x.shape[-1])"),
        "TL102",
        "compile",
        False,
    ),
    "class_annotation_tuple_key_dict": (
        CACHE.format(key="Tuple[int, int]", key_value="(h, w)"),
        "TL217",
        "script",
        True,
    ),
    "class_annotation_int_key_dict_ok": (
        CACHE.format(key="int", key_value="h * 1000 + w"),
        "TL217",
        "script",
        False,
    ),
}


@pytest.mark.parametrize("case", sorted(MECHANISMS))
def test_lint(case: str) -> None:
    from torchlint.lint.engine import lint_text
    from torchlint.lint.settings import Settings

    source, code, backend, flagged = MECHANISMS[case]
    settings = Settings(targets=(backend,), targets_explicit=True)
    found = [d for d in lint_text("model.py", source, settings).diagnostics if backend in d.targets]
    assert bool([d for d in found if d.code == code]) == flagged, [d.message for d in found]
    if not flagged:
        assert not found, [d.message for d in found]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("case", sorted(MECHANISMS))
def test_torch_agrees(case: str) -> None:
    from .oracle import check

    source, _, backend, flagged = MECHANISMS[case]
    verdict = check(source, backend)
    assert verdict.ok == (not flagged), verdict.detail
