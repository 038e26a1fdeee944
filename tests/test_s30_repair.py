"""Session-30 repairs of helper-275 (issue #23, b63-b71): fixers/repair_session30.py. Torch
checks that the fixed text passes the back-ends the original failed with eager outputs
unchanged, and that no back-end that passed now fails (TorchScript aside: the fixes are not
offered where the project scripts the code, and the settings here target compile or export
only); ``fixed_text`` applies each fix twice (the second changes nothing). Look-alikes are left
alone."""

from __future__ import annotations

from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

COMPILE = Settings(targets=("compile",), targets_explicit=True)
EXPORT = Settings(targets=("export",), targets_explicit=True)
WITH_SCRIPT = Settings(targets=("compile", "script"), targets_explicit=True)


def _assert_repaired(source: str, fixed: str, backends: tuple[str, ...]) -> None:
    from .oracle import assert_eager_unchanged, check

    assert fixed != source
    assert_eager_unchanged(source, fixed)
    for backend in backends:
        assert not check(source, backend).ok, f"nothing to repair on {backend}"
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in {"compile", "export", "trace"} - set(backends):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"


def _repaired_without_grad(source: str, fixed: str) -> None:
    """The step-loop fixes keep the Python loop where gradients are recorded and run
    ``while_loop`` under ``torch.no_grad()``: eager outputs equal both ways, and there the
    original fails ``torch.compile(fullgraph=True)`` while the fixed text compiles with no graph
    break and exports, each equal to eager on every input."""
    import torch

    from .oracle import _same, assert_eager_unchanged, load_example

    assert fixed != source
    assert_eager_unchanged(source, fixed)
    with torch.no_grad():
        assert_eager_unchanged(source, fixed)
        for text, repaired in ((source, False), (fixed, True)):
            module = load_example(text)
            torch.manual_seed(0)
            model = module.Model().eval()
            args = module.inputs()
            torch._dynamo.reset()
            compiled = torch.compile(model, fullgraph=True, backend="eager")
            try:
                ok = all(_same(compiled(*a), model(*a)) for a in args)
            except Exception:
                ok = False
            assert ok is repaired, f"compile {'fails' if repaired else 'passes'}:\n{text}"
            if not repaired:
                continue
            torch._dynamo.reset()
            assert torch._dynamo.explain(model)(*args[0]).graph_break_count == 0
            exported = torch.export.export(model, tuple(args[0])).module()
            assert _same(exported(*args[0]), model(*args[0]))


def _same_stream(source: str, fixed: str, calls: int = 6) -> None:
    """One model of each, called ``calls`` times after one seed: the same outputs, so the fix
    draws what the original drew on every call (a later call sees the same generator)."""
    import torch

    from .oracle import load_example

    outputs = []
    for text in (source, fixed):
        module = load_example(text)
        torch.manual_seed(0)
        model = module.Model().eval()
        args = module.inputs()
        torch.manual_seed(7)
        outputs.append([model(*args[i % len(args)]) for i in range(calls)])
    for want, got in zip(*outputs):
        assert torch.equal(want, got), f"{want} != {got}"


# -- StepCountLoopToWhileLoop (TL102): a step count read out of a tensor -------------------------
EULER = """\
import torch
from torch import nn


class Euler(nn.Module):
    def __init__(self, dim: int = 5, max_dt: float = 0.2):
        super().__init__()
        self.field = nn.Sequential(nn.Linear(dim, 16), nn.Tanh(), nn.Linear(16, dim))
        self.max_dt = max_dt

    def forward(self, z: torch.Tensor, horizon: torch.Tensor) -> torch.Tensor:
        n = max(1, int(torch.ceil(horizon / self.max_dt)))
        dt = horizon / n
        for _ in range(n):
            z = z + dt * self.field(z)
        return z


Model = Euler


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(2, 5), torch.tensor(0.5)), (torch.randn(2, 5), torch.tensor(1.3))]
"""

EULER_FIXED = EULER.replace(
    "        n = max(1, int(torch.ceil(horizon / self.max_dt)))\n",
    "        n = torch.ceil(horizon / self.max_dt).long().clamp(min=1)\n",
).replace(
    "        for _ in range(n):\n            z = z + dt * self.field(z)\n",
    "        if torch.is_grad_enabled():\n"
    "            for _ in range(n):\n"
    "                z = z + dt * self.field(z)\n"
    "        else:\n"
    "            def loop_body(step, z):\n"
    "                z = z + dt * self.field(z)\n"
    "                return step + 1, z\n"
    "            _, z = torch._higher_order_ops.while_loop(\n"
    "                lambda step, z: step < n,\n"
    "                loop_body,\n"
    "                (torch.zeros((), dtype=torch.int64), z),\n"
    "            )\n",
)

ROLLOUT = """\
import math

import torch
from torch import nn


class Rollout(nn.Module):
    def __init__(self, minutes_per_step: float = 10.0):
        super().__init__()
        self.cell = nn.Conv2d(2, 1, 3, padding=1)
        self.minutes_per_step = minutes_per_step

    def forward(self, frame: torch.Tensor, lead: torch.Tensor) -> torch.Tensor:
        state = frame
        for _ in range(math.ceil(lead.max() / self.minutes_per_step)):
            state = torch.tanh(self.cell(torch.cat([state, frame], 1)))
        return state


Model = Rollout


def inputs():
    torch.manual_seed(31)
    return [
        (torch.rand(1, 1, 6, 6), torch.tensor([15.0, 30.0])),
        (torch.rand(1, 1, 6, 6), torch.tensor([50.0, 5.0])),
    ]
"""


def test_a_step_count_read_from_a_tensor_runs_as_a_while_loop():
    assert fixed_text(EULER, COMPILE) == EULER_FIXED
    assert fixed_text(EULER, EXPORT) == EULER_FIXED
    assert fixed_text(EULER, COMPILE, unsafe=False) == EULER  # unsafe only


def test_a_count_inside_range_is_counted_once_before_the_loop():
    fixed = fixed_text(ROLLOUT, COMPILE)
    assert (
        "        else:\n"
        "            steps = torch.ceil(lead.max() / self.minutes_per_step).long()\n"
        "            def loop_body(step, state):\n"
    ) in fixed
    assert "lambda step, state: step < steps," in fixed


def test_step_loops_the_while_loop_cannot_take_are_left_alone():
    for old, new in [
        # the step variable is read
        (
            "for _ in range(n):\n            z = z + dt",
            "for i in range(n):\n            z = z + i * dt",
        ),
        # the count is used as a Python int elsewhere
        ("        return z\n", "        return z.repeat(n, 1)\n"),
        # the body changes state outside the loop
        (
            "            z = z + dt * self.field(z)\n",
            "            z = z + dt * self.field(z)\n            self.last = z\n",
        ),
        # the body changes a tensor in place
        ("            z = z + dt * self.field(z)\n", "            z.add_(dt * self.field(z))\n"),
        # a block in the body
        (
            "            z = z + dt * self.field(z)\n",
            "            z = z + dt * self.field(z)\n            if self.max_dt > 1:\n"
            "                z = z * 2\n",
        ),
        # a name the body binds first is read after the loop
        (
            "            z = z + dt * self.field(z)\n        return z\n",
            "            y = z + dt * self.field(z)\n        return y\n",
        ),
        # a list collected step by step: its length is the data's
        (
            "        for _ in range(n):\n            z = z + dt * self.field(z)\n        return z\n",
            "        zs = []\n        for _ in range(n):\n            z = z + dt * self.field(z)\n"
            "            zs.append(z)\n        return torch.stack(zs)\n",
        ),
    ]:
        assert old in EULER, old
        source = EULER.replace(old, new)
        assert "while_loop" not in fixed_text(source, COMPILE), new


def test_code_the_project_scripts_keeps_its_loop():
    assert "while_loop" not in fixed_text(EULER, WITH_SCRIPT)


@requires_torch
def test_the_step_loops_compile_and_export_with_eager_unchanged():
    _repaired_without_grad(EULER, fixed_text(EULER, COMPILE))
    _repaired_without_grad(ROLLOUT, fixed_text(ROLLOUT, COMPILE))


@requires_torch
def test_while_loop_gradients_are_wrong_where_the_carried_value_needs_none():
    """Why the fixes keep the Python loop under grad mode (torch 2.13): a Linear run seven
    times by ``while_loop`` on an input that does not require grad gets other parameter
    gradients than the Python loop (about an eighth of them). Once torch fixes it, this test
    fails and the guard can go."""
    import torch
    from torch import nn

    torch.manual_seed(0)
    linear = nn.Linear(3, 3)
    z0 = torch.randn(2, 3)

    def python_loop(z):
        for _ in range(7):
            z = z + 0.1 * linear(z)
        return z

    def torch_loop(z):
        def body(i, z):
            return i + 1, z + 0.1 * linear(z)

        steps = torch.tensor(7)
        start = torch.zeros((), dtype=torch.int64)
        return torch._higher_order_ops.while_loop(lambda i, z: i < steps, body, (start, z))[1]

    grads = []
    for loop in (python_loop, torch_loop):
        linear.zero_grad()
        out = loop(z0.clone())
        out.square().sum().backward()
        grads.append(linear.weight.grad.clone())
    assert torch.allclose(python_loop(z0), torch_loop(z0))
    assert not torch.allclose(*grads, rtol=1e-3, atol=1e-5)


@requires_torch
def test_the_step_loop_keeps_its_gradient():
    import torch

    from .oracle import load_example

    grads = []
    for text in (EULER, EULER_FIXED):
        module = load_example(text)
        torch.manual_seed(0)
        model = module.Model()
        z, horizon = module.inputs()[1]
        model(z, horizon).square().sum().backward()
        grads.append(model.field[0].weight.grad)
    assert torch.allclose(*grads, rtol=1e-4, atol=1e-6)


# -- TensorTestWhileToWhileLoop (TL101): a while loop on a tensor test ----------------------------
HALVING = """\
import torch
from torch import nn


class Shrink(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.proj(x)
        done = torch.zeros(y.shape[0], dtype=torch.bool)
        rounds = torch.zeros(y.shape[0])
        while not done.all():
            y = torch.where(done[:, None], y, y * 0.5)
            marks = y.clone()
            marks[:, 0] = 0.0
            rounds = rounds + (~done).float()
            done = marks.norm(dim=-1) < 1.0
        return y + rounds[:, None]


Model = Shrink


def inputs():
    torch.manual_seed(32)
    return [(torch.randn(3, 4) * 10,), (torch.randn(3, 4),), (torch.randn(3, 4) * 100,)]
"""

_HALVING_BODY = (
    "y = torch.where(done[:, None], y, y * 0.5)\n"
    "marks = y.clone()\n"
    "marks[:, 0] = 0.0\n"
    "rounds = rounds + (~done).float()\n"
    "done = marks.norm(dim=-1) < 1.0\n"
)


def _indented(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line + "\n" for line in text.splitlines())


HALVED = HALVING.replace(
    "        while not done.all():\n" + _indented(_HALVING_BODY, 12),
    "        if torch.is_grad_enabled():\n"
    "            while not done.all():\n" + _indented(_HALVING_BODY, 16) + "        else:\n"
    "            def loop_body(y, rounds, done):\n"
    + _indented(_HALVING_BODY + "return y, rounds, done\n", 16)
    + "            y, rounds, done = torch._higher_order_ops.while_loop(\n"
    "                lambda y, rounds, done: torch.logical_not(done.all()),\n"
    "                loop_body,\n"
    "                (y, rounds, done),\n"
    "            )\n",
)


def test_a_while_loop_on_a_tensor_test_runs_as_a_while_loop():
    assert fixed_text(HALVING, COMPILE) == HALVED
    assert fixed_text(HALVING, COMPILE, unsafe=False) == HALVING


def test_a_single_carried_value_and_a_plain_test():
    source = """\
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        while x.abs().max() > 1.0:
            x = x / 2
        return x


def inputs():
    return [(torch.tensor([3.0, -9.0]),), (torch.tensor([0.5, 0.25]),)]
"""
    fixed = fixed_text(source, COMPILE)
    assert (
        "            def loop_body(x):\n                x = x / 2\n                return x,\n"
        in fixed
    )
    assert "            (x,) = torch._higher_order_ops.while_loop(\n" in fixed
    assert "lambda x: x.abs().max() > 1.0," in fixed


def test_while_loops_the_while_loop_cannot_take_are_left_alone():
    for old, new in [
        # a store into a tensor the loop carries in
        (
            "            marks = y.clone()\n            marks[:, 0] = 0.0\n",
            "            marks = y\n            marks[:, 0] = 0.0\n",
        ),
        # a store into a view
        ("            marks = y.clone()\n", "            marks = y.view(y.shape)\n"),
        # a print
        (
            "            marks = y.clone()\n",
            "            marks = y.clone()\n            print(marks)\n",
        ),
        # an else
        (
            "        return y + rounds[:, None]\n",
            "        else:\n            y = y + 1\n        return y + rounds[:, None]\n",
        ),
        # a value the body binds first read after it
        ("        return y + rounds[:, None]\n", "        return y + marks\n"),
        # a Python boolean operation of tensors in the test
        (
            "        while not done.all():\n",
            "        while not done.all() and rounds.max() < 50:\n",
        ),
    ]:
        assert old in HALVING, old
        source = HALVING.replace(old, new)
        assert "while_loop" not in fixed_text(source, COMPILE), new


@requires_torch
def test_the_while_loop_compiles_and_exports_with_eager_unchanged():
    _repaired_without_grad(HALVING, fixed_text(HALVING, COMPILE))


# -- RandomBranchToCond (TL101): a branch that draws random numbers -------------------------------
EXPLORE = """\
import torch
from torch import nn


class Explore(nn.Module):
    def __init__(self, obs: int = 5, actions: int = 3, eps: float = 0.4):
        super().__init__()
        self.q = nn.Linear(obs, actions)
        self.actions = actions
        self.eps = eps

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        values = self.q(obs)
        if torch.rand(()) < self.eps:
            return torch.randint(0, self.actions, (obs.shape[0],))
        return values.argmax(-1)


Model = Explore


def inputs():
    torch.manual_seed(33)
    return [(torch.randn(4, 5),), (torch.randn(4, 5),), (torch.randn(4, 5),)]
"""

EXPLORED = EXPLORE.replace(
    "        if torch.rand(()) < self.eps:\n"
    "            return torch.randint(0, self.actions, (obs.shape[0],))\n"
    "        return values.argmax(-1)\n",
    "        return torch.cond(\n"
    "            torch.rand(()) < self.eps,\n"
    "            lambda: torch.randint(0, self.actions, (obs.shape[0],)),\n"
    "            lambda: values.argmax(-1),\n"
    "        )\n",
)


def test_a_branch_that_draws_becomes_torch_cond():
    assert fixed_text(EXPLORE, COMPILE) == EXPLORED
    assert fixed_text(EXPLORE, COMPILE, unsafe=False) == EXPLORE


def test_an_else_branch_and_a_tensor_method_draw():
    source = EXPLORE.replace(
        "            return torch.randint(0, self.actions, (obs.shape[0],))\n"
        "        return values.argmax(-1)\n",
        "            return values.argmax(-1)\n"
        "        else:\n"
        "            return values.softmax(-1).multinomial(1).squeeze(-1)\n",
    )
    fixed = fixed_text(source, COMPILE)
    assert "lambda: values.softmax(-1).multinomial(1).squeeze(-1)," in fixed
    assert "else:" not in fixed


def test_branches_torch_cond_is_not_for_are_left_alone():
    for old, new in [
        # neither side draws: torch.where's business (another fixer)
        (
            "            return torch.randint(0, self.actions, (obs.shape[0],))\n",
            "            return values.argmin(-1)\n",
        ),
        # an elif
        (
            "            return torch.randint(0, self.actions, (obs.shape[0],))\n",
            "            return torch.randint(0, self.actions, (obs.shape[0],))\n"
            "        elif self.eps > 1:\n            return values.argmin(-1)\n",
        ),
        # two statements in the branch
        (
            "            return torch.randint(0, self.actions, (obs.shape[0],))\n",
            "            values = values + 1\n            return torch.randint(0, self.actions, (obs.shape[0],))\n",
        ),
        # a tuple returned
        ("        return values.argmax(-1)\n", "        return values.argmax(-1), values\n"),
        # a Python number decides
        ("        if torch.rand(()) < self.eps:\n", "        if self.eps > 0.5:\n"),
    ]:
        assert old in EXPLORE, old
        source = EXPLORE.replace(old, new)
        assert "torch.cond" not in fixed_text(source, COMPILE), new


def test_code_the_project_scripts_keeps_its_branch():
    assert "torch.cond" not in fixed_text(EXPLORE, WITH_SCRIPT)


@requires_torch
def test_torch_cond_compiles_and_exports_drawing_what_eager_drew():
    fixed = fixed_text(EXPLORE, COMPILE)
    _assert_repaired(EXPLORE, fixed, ("compile", "export"))
    _same_stream(EXPLORE, fixed)


def test_where_trace_is_a_target_the_fixes_are_dropped():
    """torch.cond / while_loop in traced code is TL320's finding: with trace among the targets
    (every back-end, by default) ``torchlint fix`` drops these fixes as bringing a new finding."""
    from torchlint.lint.fixes import fix_text

    traced = Settings(targets=("compile", "trace"), targets_explicit=True)
    for source in (EXPLORE, EULER, HALVING):
        for settings in (traced, Settings()):
            outcome = fix_text("example.py", source, settings, unsafe=True)
            assert "torch.cond" not in outcome.text and "while_loop" not in outcome.text
            assert any("TL320" in d.reason for d in outcome.dropped), outcome.dropped
