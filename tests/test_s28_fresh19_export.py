"""Session 28 (helper-253): fresh19's compile and export false findings, in other spellings.

- TL311 flags state on self only when the value a later call reads back reaches what a call
  computes or returns (``rules/_state_flow.py``). INR-collection's progressive SIREN steps a
  schedule in forward (``self.iteration += 1``, ``self.state``, a ramp of a parameter forward
  never uses) that is read back only to update more schedule state, to choose which state to
  update, or to print: torch 2.13's export (and trace) bake the branches in and keep ramping,
  but every output stays eager's. The same schedule whose ramp scales the output is still
  flagged, and torch confirms export and trace diverge there.
- TL102 names export no more at a conversion of a tensor whose number export's fake tensor
  keeps: ``torch.tensor(n)`` / ``torch.as_tensor(n)`` of one number (a literal, a size, fixed
  under export's static shapes) and ops of such alone (df0's ``math.ceil(torch.log(
  torch.as_tensor(2 * n - 1)) / torch.log(torch.as_tensor(2)))``): torch 2.13's export passes
  and keeps the value; fullgraph compile still raises. A list of sizes, ``torch.scalar_tensor``
  and a tensor of the input's data still name export, and export fails on each.
- TL311 keeps compile alone where an iterator Dynamo cannot step feeds only state (``self.last
  = next(self.ids)``): fullgraph raises, export and trace agree with eager.
- TL104 names compile too where ``.data_ptr()`` is compared (goat-attention's ``query
  .data_ptr() == key.data_ptr() == value.data_ptr()``): fullgraph raises "Data pointer
  comparison"; export fails as before. A pointer kept in a local and compared later names
  export alone (the comparison is elsewhere).

Each claim about torch is checked through the test oracle (torch 2.13, CPU).
"""

from __future__ import annotations

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

INPUTS = """

def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3),) for _ in range(6)]
"""

# -- TL311: a schedule read back only to update more state -------------------------------------
SCHEDULE = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.ramp = nn.Parameter(torch.zeros(4), requires_grad=False)
        self.groups = [(0, 2), (2, 4)]
        self.group = 0
        self.iteration = 0
        self.state = "buffering"
        self.plot_moment = False

    def switch_state(self):
        if self.group == len(self.groups) - 1:
            self.state = "rest"
        elif self.state == "buffering":
            self.state = "rest"
        else:
            self.group += 1
            self.state = "buffering"
            self.plot_moment = True
        print(f"switched to {self.state}")

    def step(self):
        if self.state == "buffering":
            start, end = self.groups[self.group]
            self.ramp[start:end] = self.ramp[start:end] + 0.25
            print(self.ramp.mean())
        self.iteration += 1
        if not (self.iteration % 2):
            self.switch_state()
        else:
            self.plot_moment = False

    def forward(self, x):
        self.step()
        return {output}
"""
UNUSED_RAMP = SCHEDULE.replace("{output}", "self.fc(x)")
# The ramp scales the output: the schedule's state reaches what forward returns.
USED_RAMP = SCHEDULE.replace("{output}", "self.fc(x) * (1 + self.ramp.sum())")
# The count itself picks the output's scale.
USED_COUNT = SCHEDULE.replace("{output}", "self.fc(x) * (2.0 if self.state == 'rest' else 1.0)")


def _quiet_source(source: str) -> str:
    return source.replace("print(", "(lambda *a: None)(") + INPUTS


def test_schedule_state_read_back_only_into_state_not_flagged():
    for target in ("export", "trace"):
        assert findings(UNUSED_RAMP, "TL311", target) == []


@pytest.mark.parametrize("source", [USED_RAMP, USED_COUNT], ids=["ramp", "state"])
def test_schedule_state_reaching_the_output_flagged(source: str):
    for target in ("export", "trace"):
        found = findings(source, "TL311", target)
        assert found, target
        assert target in found[0].targets


def test_state_read_by_a_nested_function_or_passed_on_still_flagged():
    passed = SCHEDULE.replace("{output}", "scale(self.fc(x), self.iteration)")
    passed = passed.replace("class Model", "def scale(y, n):\n    return y * n\n\n\nclass Model")
    assert findings(passed, "TL311", "export")
    returned = SCHEDULE.replace("{output}", "(self.fc(x), self.group)")
    assert findings(returned, "TL311", "export")


def test_subclass_reading_base_state_keeps_the_finding():
    base = SCHEDULE.replace("{output}", "self.fc(x)")
    sub = (
        base
        + """

class Scaled(Model):
    def forward(self, x):
        self.step()
        return self.fc(x) * self.iteration
"""
    )
    assert findings(sub, "TL311", "export")


@requires_torch
@pytest.mark.torch
def test_torch_exports_and_traces_the_unread_schedule_like_eager():
    from .oracle import check

    source = _quiet_source(UNUSED_RAMP)
    for backend in ("export", "trace"):
        verdict = check(source, backend)
        assert verdict.ok, verdict


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("source", [USED_RAMP, USED_COUNT], ids=["ramp", "state"])
def test_torch_diverges_where_the_schedule_reaches_the_output(source: str):
    from .oracle import check

    for backend in ("export", "trace"):
        verdict = check(_quiet_source(source), backend)
        assert not verdict.ok, backend


# -- TL102: a number export's fake tensor keeps -------------------------------------------------
MATH = """
import math

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        n = {number}
        return torch.fft.rfft(x, 2 * n, dim=-1).abs()
"""
KEPT = {
    "log_ratio": (
        "2 ** math.ceil(torch.log(torch.as_tensor(2 * x.shape[-1] - 1))"
        " / torch.log(torch.as_tensor(2)))"
    ),
    "tensor_method": "math.ceil(torch.tensor(x.shape[-1]).float().sqrt())",
    "dtype_keyword": "math.floor(torch.tensor(x.shape[0], dtype=torch.float32) * 2.5)",
    "bound_local": "math.ceil(torch.log2(torch.as_tensor(float(x.size(1)))))",
}
NOT_KEPT = {
    "list_of_sizes": "math.ceil(torch.tensor([x.shape[0], x.shape[1]]).float().prod())",
    "scalar_tensor": "math.ceil(torch.scalar_tensor(x.size(1)))",
    "input_data": "math.ceil(torch.as_tensor(x.shape[-1]) * x.abs().max())",
}


def _math(number: str) -> str:
    return MATH.replace("{number}", number) + INPUTS


@pytest.mark.parametrize("name", sorted(KEPT))
def test_math_of_a_kept_number_names_compile_and_trace_not_export(name: str):
    source = _math(KEPT[name])
    for target in ("compile", "trace"):
        found = findings(source, "TL102", target)
        assert [d.line for d in found] == [9], target
        assert "torch.export" not in found[0].message
    assert findings(source, "TL102", "export") == []


@pytest.mark.parametrize("name", sorted(NOT_KEPT))
def test_math_of_data_or_a_list_still_names_export(name: str):
    found = findings(_math(NOT_KEPT[name]), "TL102", "export")
    assert [d.line for d in found] == [9]
    assert "torch.export fails" in found[0].message


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(KEPT))
def test_torch_exports_a_kept_number_and_fullgraph_raises(name: str):
    from .oracle import check

    source = _math(KEPT[name])
    assert check(source, "export").ok
    assert not check(source, "compile").ok


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(NOT_KEPT))
def test_torch_export_fails_on_data_or_a_list(name: str):
    from .oracle import check

    assert not check(_math(NOT_KEPT[name]), "export").ok


# -- TL104: data pointers compared ------------------------------------------------------------
POINTERS = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(4, 4)

    def forward(self, query, key):
        {line}
        if same:
            return self.q(query) * 2
        return self.q(query) + key


def inputs():
    torch.manual_seed(0)
    x = torch.randn(2, 4)
    return [(x, x), (torch.randn(2, 4), torch.randn(2, 4))]
"""
COMPARED = {
    "equal": "same = query.data_ptr() == key.data_ptr()",
    "chain": "same = (query is key) or (query.data_ptr() == key.data_ptr() == query.data_ptr())",
    "not_zero": "same = query.data_ptr() != 0",
}


@pytest.mark.parametrize("name", sorted(COMPARED))
def test_compared_data_pointer_names_compile_and_export(name: str):
    source = POINTERS.replace("{line}", COMPARED[name])
    for target in ("compile", "export"):
        found = findings(source, "TL104", target)
        assert found and {d.line for d in found} == {11}, target
    assert "Data pointer comparison" in findings(source, "TL104", "compile")[0].message


def test_data_pointer_not_compared_names_export_alone():
    source = POINTERS.replace("{line}", "p = query.data_ptr()\n        same = p == 0")
    assert findings(source, "TL104", "compile") == []
    assert findings(source, "TL104", "export")


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("name", sorted(COMPARED))
def test_torch_fullgraph_and_export_fail_on_a_compared_data_pointer(name: str):
    from .oracle import check, compile_modes

    source = POINTERS.replace("{line}", COMPARED[name])
    fullgraph, _ = compile_modes(source)
    assert not fullgraph.ok and "Data pointer comparison" in fullgraph.detail
    assert not check(source, "export").ok


# -- TL311: an iterator Dynamo cannot step, its items only kept -------------------------------
STEPPED = """
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.ids = iter(list(range(100)))
        self.last = 0

    def forward(self, x):
        self.last = next(self.ids)
        return self.fc(x)
"""


def test_unsteppable_iterator_feeding_only_state_names_compile_alone():
    assert [d.line for d in findings(STEPPED, "TL311", "compile")] == [13]
    assert findings(STEPPED, "TL311", "export") == []
    assert findings(STEPPED, "TL311", "trace") == []


@requires_torch
@pytest.mark.torch
def test_torch_fullgraph_fails_on_the_iterator_while_export_and_trace_agree():
    from .oracle import check, compile_modes

    source = STEPPED + INPUTS
    fullgraph, _ = compile_modes(source)
    assert not fullgraph.ok
    assert check(source, "export").ok
    assert check(source, "trace").ok
