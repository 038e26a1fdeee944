"""Session 26 (helper-238): what blind probe batch b70's miss led to, in other spellings.

TL311: a module's parameters or buffers updated in place in graph code, reached through the
module rather than as ``self.X`` (b70's mean teacher: ``for t, s in zip(self.teacher
.parameters(), self.student.parameters()): t.mul_(m).add_(s, alpha=1 - m)``, then
``self.teacher(x)``). torch.jit.trace records the update but runs forward once while tracing:

- with autograd off for the tensor (a buffer, a parameter ``__init__`` gave
  ``requires_grad_(False)``, a ``state_dict()`` value), the traced module starts one update
  ahead of eager's, which shows where the update builds on the old value and graph code runs
  the module. Here: MoCo's key-encoder update in a ``@torch.no_grad()`` helper,
  ``named_parameters()`` pairs with ``lerp_``, ``enumerate(list(...buffers()))`` with ``+=``,
  ``state_dict().values()``, a chain ``self.ema.norm.running_mean.mul_(...)``, an average
  toward the module a teacher was deep-copied from once ``__init__`` changed the copy
  (``nn.init.zeros_``). Not flagged: an average toward the module it was copied from and left
  equal to (every update is a no-op while forward changes neither: the trace matches),
  a copy of another tensor (``t.copy_(s)``), a clamp of running statistics,
  ``requires_grad_(False)``, updates of a module graph code never runs, changes of a local that
  is not the module's tensor, updates under ``if self.training:`` (the oracle traces in eval
  mode);
- a parameter that requires grad makes the traced module raise (the trace does not record
  ``torch.no_grad()``: "a leaf Variable that requires grad is being used in an in-place
  operation"), whatever the update: a copy, a ``lerp_`` through a chain, a module never run.

Each claim about torch is checked by running torch.jit.trace through the test oracle.
"""

from __future__ import annotations

import textwrap

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = "import copy\n\nimport torch\nfrom torch import nn\n\n\n"

INPUTS = """

def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 4),), (torch.randn(3, 4),), (torch.randn(3, 4),)]
"""

# Each model's finding is on the line marked `# update`.
AHEAD = {
    "moco_key_encoder_in_no_grad_helper": """
class Model(nn.Module):
    def __init__(self, m: float = 0.9):
        super().__init__()
        self.m = m
        self.encoder_q = nn.Linear(4, 4)
        self.encoder_k = nn.Linear(4, 4)
        for p in self.encoder_k.parameters():
            p.requires_grad = False
            p.zero_()

    @torch.no_grad()
    def _momentum_update_key_encoder(self):
        for param_q, param_k in zip(self.encoder_q.parameters(), self.encoder_k.parameters()):
            param_k.mul_(self.m).add_(param_q, alpha=1.0 - self.m)  # update

    def forward(self, x):
        self._momentum_update_key_encoder()
        return self.encoder_q(x) @ self.encoder_k(x).t()
""",
    "named_parameters_lerp": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.online = nn.Linear(4, 2)
        self.target = nn.Linear(4, 2)
        self.target.requires_grad_(False)

    def forward(self, x):
        online = dict(self.online.named_parameters())
        with torch.no_grad():
            for name, p in self.target.named_parameters():
                p.lerp_(online[name], 0.25)  # update
        return self.online(x) - self.target(x)
""",
    "enumerate_list_buffers_augassign": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.BatchNorm1d(4)

    def forward(self, x):
        for i, buf in enumerate(list(self.norm.buffers())):
            if i == 0:
                buf += 0.5  # update
        return self.norm(x)
""",
    "state_dict_values_mul": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.decayed = nn.Linear(4, 3)

    def forward(self, x):
        with torch.no_grad():
            for v in self.decayed.state_dict().values():
                v.mul_(0.5)  # update
        return self.decayed(x)
""",
    "attribute_chain_to_buffer": """
class Ema(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.BatchNorm1d(4)

    def forward(self, x):
        return self.norm(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ema = Ema()

    def forward(self, x):
        self.ema.norm.running_mean.mul_(0.5).add_(x.mean(0), alpha=0.5)  # update
        return self.ema(x)
""",
}

AHEAD["ema_of_a_copy_changed_at_init"] = """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(4, 3)
        self.teacher = copy.deepcopy(self.student).requires_grad_(False)
        nn.init.zeros_(self.teacher.bias)

    def forward(self, x):
        for t, s in zip(self.teacher.parameters(), self.student.parameters()):
            t.lerp_(s.detach(), 0.1)  # update
        return self.teacher(x) + self.student(x)
"""

RAISES = {
    "copy_into_parameters_that_require_grad": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(4, 3)
        self.teacher = nn.Linear(4, 3)

    def forward(self, x):
        with torch.no_grad():
            for t, s in zip(self.teacher.parameters(), self.student.parameters()):
                t.copy_(s)  # update
        return self.teacher(x) - self.student(x).detach()
""",
    "attribute_chain_lerp_weight": """
class Ema(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        return self.fc(x)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = Ema()
        self.ema = Ema()

    def forward(self, x):
        with torch.no_grad():
            self.ema.fc.weight.lerp_(self.net.fc.weight, 0.5)  # update
        return self.net(x) + self.ema(x)
""",
    "module_never_run": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 3)
        self.shadow = nn.Linear(4, 3)

    def forward(self, x):
        with torch.no_grad():
            for s, p in zip(self.shadow.parameters(), self.net.parameters()):
                s.mul_(0.9).add_(p, alpha=0.1)  # update
        return self.net(x)
""",
}

CLEAN = {
    "ema_of_the_weights_it_was_copied_from": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(4, 3)
        self.teacher = copy.deepcopy(self.student).requires_grad_(False)

    def forward(self, x):
        for t, s in zip(self.teacher.parameters(), self.student.parameters()):
            t.lerp_(s.detach(), 0.1)
        return self.teacher(x) + self.student(x)
""",
    "copy_with_grad_off": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(4, 3)
        self.teacher = nn.Linear(4, 3)
        for p in self.teacher.parameters():
            p.requires_grad_(False)

    def forward(self, x):
        for t, s in zip(self.teacher.parameters(), self.student.parameters()):
            t.copy_(s.detach())
        return self.teacher(x) - self.student(x).detach()
""",
    "clamp_running_var": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.BatchNorm1d(4)

    def forward(self, x):
        for name, buf in self.norm.named_buffers():
            if name == "running_var":
                buf.clamp_(min=0.5)
        return self.norm(x)
""",
    "requires_grad_toggle": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.frozen = nn.Linear(4, 3)

    def forward(self, x):
        for p in self.frozen.parameters():
            p.requires_grad_(False)
        return self.frozen(x)
""",
    "shadow_never_run_grad_off": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 3)
        self.shadow = nn.Linear(4, 3).requires_grad_(False)

    def forward(self, x):
        for s, p in zip(self.shadow.parameters(), self.net.parameters()):
            s.mul_(0.9).add_(p.detach(), alpha=0.1)
        return self.net(x)
""",
    "update_only_while_training": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(4, 3)
        self.teacher = nn.Linear(4, 3)

    def forward(self, x):
        if self.training:
            with torch.no_grad():
                for t, s in zip(self.teacher.parameters(), self.student.parameters()):
                    t.mul_(0.9).add_(s, alpha=0.1)
        self.teacher.weight.requires_grad_(False)
        return self.teacher(x) - self.student(x)
""",
    "local_copy_changed": """
class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 3)

    def forward(self, x):
        total = x.new_zeros(())
        for p in self.net.parameters():
            g = p.detach().clone()
            g.mul_(2.0)
            total = total + g.sum()
        return self.net(x) + total
""",
}

FLAGGED = {**AHEAD, **RAISES}


def _source(body: str) -> str:
    return HEADER + textwrap.dedent(body).strip("\n") + "\n" + INPUTS


def _marked(source: str) -> list[int]:
    return [n for n, text in enumerate(source.splitlines(), 1) if text.endswith("# update")]


@pytest.mark.parametrize("case", sorted(AHEAD))
def test_update_of_state_without_grad_flagged(case: str) -> None:
    source = _source(AHEAD[case])
    found = findings(source, "TL311", "trace")
    assert [d.line for d in found] == _marked(source)
    assert "one update ahead" in found[0].message


@pytest.mark.parametrize("case", sorted(RAISES))
def test_update_of_parameter_that_requires_grad_flagged(case: str) -> None:
    source = _source(RAISES[case])
    found = findings(source, "TL311", "trace")
    assert [d.line for d in found] == _marked(source)
    assert "does not record `torch.no_grad()`" in found[0].message


@pytest.mark.parametrize("case", sorted(CLEAN))
def test_module_state_update_clean(case: str) -> None:
    assert findings(_source(CLEAN[case]), "TL311", "trace") == []


@pytest.mark.parametrize("case", sorted(FLAGGED))
def test_module_state_update_names_trace_alone(case: str) -> None:
    for backend in ("compile", "export"):
        assert findings(_source(FLAGGED[case]), "TL311", backend) == []


@requires_torch
@pytest.mark.parametrize("case", sorted(AHEAD))
def test_state_without_grad_diverges_under_trace(case: str) -> None:
    from .oracle import check

    verdict = check(_source(AHEAD[case]), "trace")
    assert not verdict.ok and "diverges" in verdict.detail, verdict


@requires_torch
@pytest.mark.parametrize("case", sorted(AHEAD))
def test_trace_matches_once_state_is_put_back(case: str) -> None:
    """The divergence is the state tracing moved on, not a wrong graph: with the state put back
    after tracing (the message's advice), the trace matches eager call for call."""
    import torch

    from .oracle import load_example

    module = load_example(_source(AHEAD[case]))
    torch.manual_seed(0)
    eager = module.Model().eval()
    torch.manual_seed(0)
    traced_from = module.Model().eval()
    saved = {k: v.clone() for k, v in traced_from.state_dict().items()}
    args = module.inputs()
    traced = torch.jit.trace(traced_from, args[0], check_trace=False)
    moved = traced_from.state_dict()
    assert any(not torch.equal(moved[k], saved[k]) for k in saved)
    traced.load_state_dict(saved)
    for a in args:
        assert torch.allclose(eager(*a), traced(*a))


@requires_torch
@pytest.mark.parametrize("case", sorted(RAISES))
def test_parameter_that_requires_grad_raises_under_trace(case: str) -> None:
    import torch

    from .oracle import check, load_example

    assert not check(_source(RAISES[case]), "trace").ok
    module = load_example(_source(RAISES[case]))
    args = module.inputs()
    model = module.Model().eval()
    model(*args[0])  # eager runs it
    traced = torch.jit.trace(model, args[0], check_trace=False)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        traced(*args[1])


@requires_torch
@pytest.mark.parametrize("case", sorted(FLAGGED))
def test_flagged_cases_export_and_compile_agree(case: str) -> None:
    from .oracle import check

    for backend in ("export", "compile"):
        assert check(_source(FLAGGED[case]), backend).ok, backend


@requires_torch
@pytest.mark.parametrize("case", sorted(CLEAN))
def test_clean_cases_trace(case: str) -> None:
    from .oracle import check

    assert check(_source(CLEAN[case]), "trace").ok
