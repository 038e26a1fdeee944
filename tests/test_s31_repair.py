"""Session-31 compile repairs of helper-282 (issue #23, b72-b74): fixers/repair_session31.py and
TL326's divmod finding. Torch checks that the fixed text passes compile where the original
failed, with eager outputs unchanged, and that no back-end that passed now fails (script
included for the safe rewrites); ``fixed_text`` applies each fix twice (the second changes
nothing). Look-alikes are left alone."""

from __future__ import annotations

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import fixed_text

COMPILE = Settings(targets=("compile",), targets_explicit=True)
EVERY = Settings()


def _assert_repaired(source: str, fixed: str, backends: tuple[str, ...] = ("compile",)) -> None:
    from .oracle import assert_eager_unchanged, check

    assert fixed != source
    assert_eager_unchanged(source, fixed)
    for backend in backends:
        assert not check(source, backend).ok, f"nothing to repair on {backend}"
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    for backend in {"compile", "export", "trace", "script"} - set(backends):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"the fix breaks {backend}:\n{fixed}"


def _codes(source: str, settings: Settings = COMPILE) -> list[str]:
    return [d.code for d in lint_text("example.py", source, settings).diagnostics]


# -- DivmodOfSymbolicSize (TL326): divmod of a size -> (n // k, n % k) ---------------------------
FRAMER = """\
import torch
import torch.nn.functional as F
from torch import nn


class Framer(nn.Module):
    def __init__(self, hop: int = 8):
        super().__init__()
        self.hop = hop
        self.proj = nn.Linear(hop, 2)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        n, rem = divmod(wav.shape[-1], self.hop)
        if rem:
            wav = F.pad(wav, (0, self.hop - rem))
            n += 1
        return self.proj(wav.reshape(wav.shape[0], n, self.hop))


Model = Framer


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(2, 32),), (torch.randn(2, 37),), (torch.randn(2, 43),)]
"""

FRAMED = FRAMER.replace(
    "divmod(wav.shape[-1], self.hop)",
    "(wav.shape[-1] // self.hop, wav.shape[-1] % self.hop)",
)


def test_divmod_of_a_size_is_flagged_for_compile():
    assert "TL326" in _codes(FRAMER)
    assert "TL326" not in _codes(FRAMED)


def test_divmod_of_a_size_becomes_floor_division_and_remainder():
    assert fixed_text(FRAMER, COMPILE, unsafe=False) == FRAMED  # safe
    assert fixed_text(FRAMER, EVERY, unsafe=False) == FRAMED  # with TL106's trace finding too


def test_divmod_with_operands_not_surely_ints_is_left_alone():
    for old, new in [
        # an attribute whose value is not known to be an int (a parameter with no annotation)
        ("    def __init__(self, hop: int = 8):\n", "    def __init__(self, hop):\n"),
        # a call, evaluated twice by the rewrite
        ("divmod(wav.shape[-1], self.hop)", "divmod(wav.shape[-1], self.step())"),
        # an attribute set again outside __init__
        ("        n, rem = divmod", "        self.hop = 8\n        n, rem = divmod"),
    ]:
        assert old in FRAMER, old
        source = FRAMER.replace(old, new)
        assert "divmod" in fixed_text(source, COMPILE), new


@requires_torch
def test_divmod_repair_compiles_and_scripts_with_eager_unchanged():
    import torch

    _assert_repaired(FRAMER, fixed_text(FRAMER, COMPILE))
    # TorchScript takes both spellings and computes the same pair (the safe claim).
    from .oracle import load_example

    for text in (FRAMER, FRAMED):
        module = load_example(text)
        model = module.Model().eval()
        scripted = torch.jit.script(model)
        for args in module.inputs():
            assert torch.allclose(scripted(*args), model(*args))


# -- AppendBranchToWhere (TL101): a tensor branch appending to a list ----------------------------
GATED = """\
import torch
from torch import nn


class Gated(nn.Module):
    def __init__(self, d: int = 6, tasks: int = 3):
        super().__init__()
        self.shared = nn.Linear(8, d)
        self.heads = nn.ModuleList(nn.Linear(d, 1) for _ in range(tasks))
        self.gates = nn.ModuleList(nn.Linear(d, 1) for _ in range(tasks))
        self.prior = -2.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.shared(x))
        outs = []
        for head, gate in zip(self.heads, self.gates):
            g = torch.sigmoid(gate(h))
            if g.mean() < 0.5:  # the task is off for this batch
                outs.append(torch.full_like(g, self.prior))
            else:
                outs.append(head(h) * g)
        return torch.cat(outs, dim=-1)


Model = Gated


def inputs():
    torch.manual_seed(32)
    return [(torch.randn(5, 8),), (torch.randn(5, 8) * 6 + 3,), (torch.randn(5, 8) * 6 - 3,)]
"""

GATED_FIXED = GATED.replace(
    "            if g.mean() < 0.5:  # the task is off for this batch\n"
    "                outs.append(torch.full_like(g, self.prior))\n"
    "            else:\n"
    "                outs.append(head(h) * g)\n",
    "            outs.append(torch.where(g.mean() < 0.5, torch.full_like(g, self.prior), head(h) * g))"
    "  # the task is off for this batch\n",
)


def test_a_branch_appending_either_value_appends_a_where():
    assert fixed_text(GATED, COMPILE) == GATED_FIXED
    assert fixed_text(GATED, COMPILE, unsafe=False) == GATED  # unsafe only


def test_an_elif_chain_appends_nested_wheres():
    source = GATED.replace(
        "            else:\n                outs.append(head(h) * g)\n",
        "            elif g.mean() > 0.8:\n"
        "                outs.append(head(h))\n"
        "            else:\n"
        "                outs.append(head(h) * g)\n",
    )
    fixed = fixed_text(source, COMPILE)
    assert (
        "outs.append(torch.where(g.mean() < 0.5, torch.full_like(g, self.prior), "
        "torch.where(g.mean() > 0.8, head(h), head(h) * g)))"
    ) in fixed


def test_appending_branches_where_cannot_take_are_left_alone():
    for old, new in [
        # no else: nothing is appended when the test is false
        ("            else:\n                outs.append(head(h) * g)\n", ""),
        # two lists
        (
            "                outs.append(head(h) * g)\n",
            "                other.append(head(h) * g)\n",
        ),
        # a second statement in a branch
        (
            "                outs.append(head(h) * g)\n",
            "                outs.append(head(h) * g)\n                h = h + 1\n",
        ),
        # a branch that draws random numbers
        ("torch.full_like(g, self.prior)", "torch.randn_like(g)"),
        # an in-place change in a branch
        ("outs.append(head(h) * g)", "outs.append(h.mul_(g))"),
        # a branch that changes a Python list (torch.where would pop on both paths)
        ("outs.append(head(h) * g)", "outs.append(outs.pop() * g)"),
    ]:
        assert old in GATED, old
        source = GATED.replace(old, new)
        assert "torch.where" not in fixed_text(source, COMPILE), new


@requires_torch
def test_the_appended_where_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(GATED, fixed_text(GATED, COMPILE), ("compile", "export"))


# -- PickListToTensors (TL102): greedy picks kept as tensors -------------------------------------
MMR = """\
import torch
import torch.nn.functional as F
from torch import nn


class Rerank(nn.Module):
    def __init__(self, k: int = 3, lam: float = 0.7):
        super().__init__()
        self.enc = nn.Linear(6, 6)
        self.k = k
        self.lam = lam

    def forward(self, query: torch.Tensor, docs: torch.Tensor) -> torch.Tensor:
        d = F.normalize(self.enc(docs), dim=-1)
        rel = d @ F.normalize(self.enc(query), dim=-1)
        sim = d @ d.T
        picked = [int(rel.argmax())]
        for _ in range(self.k - 1):
            redundancy = sim[:, picked].max(dim=1).values
            score = self.lam * rel - (1 - self.lam) * redundancy
            score[picked] = -1e9
            picked.append(int(torch.argmax(score)))
        return torch.tensor(picked)


Model = Rerank


def inputs():
    torch.manual_seed(33)
    return [(torch.randn(6), torch.randn(7, 6)), (torch.randn(6), torch.randn(7, 6))]
"""

MMR_FIXED = (
    MMR.replace("picked = [int(rel.argmax())]", "picked = [rel.argmax()]")
    .replace("sim[:, picked]", "sim[:, torch.stack(picked)]")
    .replace("score[picked] = -1e9", "score[torch.stack(picked)] = -1e9")
    .replace("picked.append(int(torch.argmax(score)))", "picked.append(torch.argmax(score))")
    .replace("return torch.tensor(picked)", "return torch.stack(picked)")
)


def test_greedy_picks_stay_tensors():
    assert fixed_text(MMR, COMPILE) == MMR_FIXED
    assert fixed_text(MMR, COMPILE, unsafe=False) == MMR  # unsafe only
    assert fixed_text(MMR, EVERY) == MMR_FIXED  # the trace finding on the append too


def test_picks_used_otherwise_are_left_alone():
    for old, new in [
        # the list iterated in Python
        ("        return torch.tensor(picked)\n", "        return sum(p for p in picked)\n"),
        # a pick that is no argmax (int() truncates a float)
        ("picked = [int(rel.argmax())]", "picked = [int(rel.sum())]"),
        # keepdim: a one-element vector, not a 0-d tensor
        ("picked = [int(rel.argmax())]", "picked = [int(rel.argmax(0, keepdim=True))]"),
        # an element read as a number
        ("            score[picked] = -1e9\n", "            score[picked[0]] = -1e9\n"),
        # the list bound twice
        (
            "        return torch.tensor(picked)\n",
            "        picked = [0]\n        return torch.tensor(picked)\n",
        ),
    ]:
        assert old in MMR, old
        source = MMR.replace(old, new)
        assert "torch.stack" not in fixed_text(source, COMPILE), new


@requires_torch
def test_the_picks_compile_and_export_with_eager_unchanged():
    _assert_repaired(MMR, fixed_text(MMR, COMPILE), ("compile", "export"))


# -- StrOfSizeToFString (TL112): str() of a size -> an f-string ----------------------------------
SCALES = """\
import torch
from torch import nn


class Tails(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.body = nn.Conv2d(3, ch, 3, padding=1)
        self.tails = nn.ModuleDict({str(s): nn.Conv2d(ch, s, 1) for s in (2, 3, 4)})

    def forward(self, lr: torch.Tensor, hr_like: torch.Tensor) -> torch.Tensor:
        scale = hr_like.shape[-1] // lr.shape[-1]
        return self.tails[str(scale)](torch.relu(self.body(lr)))


Model = Tails


def inputs():
    torch.manual_seed(34)
    lr = torch.rand(1, 3, 5, 5)
    return [(lr, torch.zeros(1, 1, 10, 10)), (lr, torch.zeros(1, 1, 15, 15)), (lr, torch.zeros(1, 1, 10, 10))]
"""

SCALES_FIXED = SCALES.replace("self.tails[str(scale)]", 'self.tails[f"{scale}"]')


def test_str_of_a_size_becomes_an_f_string():
    assert fixed_text(SCALES, COMPILE, unsafe=False) == SCALES_FIXED  # safe
    assert "TL112" not in _codes(SCALES_FIXED)


def test_str_of_other_values_is_left_alone():
    # a value read from tensor data (TL112 for compile and export): not a size
    source = SCALES.replace(
        "scale = hr_like.shape[-1] // lr.shape[-1]", "scale = int(hr_like.sum()) // 100 + 2"
    )
    assert "str(scale)" in fixed_text(source, COMPILE)


@requires_torch
def test_the_f_string_compiles_with_eager_unchanged():
    _assert_repaired(SCALES, fixed_text(SCALES, COMPILE))


@requires_torch
def test_torchscript_writes_a_size_the_same_both_ways():
    import torch

    @torch.jit.script
    def spelled(x: torch.Tensor) -> tuple[str, str]:
        return str(x.shape[-1] // 2), f"{x.shape[-1] // 2}"

    for n in (4, 7, 20):
        a, b = spelled(torch.zeros(2, n))
        assert a == b == str(n // 2)


# -- PropertyStepCountToWhileLoop (TL103): a stored step count read in a property ----------------
REFINE = """\
import torch
from torch import nn


class Refine(nn.Module):
    def __init__(self, bins: int = 6, sources: int = 2):
        super().__init__()
        self.mask = nn.Linear(bins, bins * sources)
        self.sources = sources
        self.register_buffer("iters", torch.tensor(3))

    @property
    def n_iter(self) -> int:
        return int(self.iters.item())

    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        b, t, f = spec.shape
        est = torch.sigmoid(self.mask(spec)).view(b, t, self.sources, f) * spec.unsqueeze(2)
        for _ in range(self.n_iter):
            power = est.pow(2) + 1e-8
            est = spec.unsqueeze(2) * power / power.sum(2, keepdim=True)
        return est


Model = Refine


def inputs():
    torch.manual_seed(35)
    return [(torch.rand(2, 5, 6),), (torch.rand(2, 5, 6) * 3,)]
"""

REFINED = REFINE.replace(
    "        for _ in range(self.n_iter):\n"
    "            power = est.pow(2) + 1e-8\n"
    "            est = spec.unsqueeze(2) * power / power.sum(2, keepdim=True)\n",
    "        if torch.is_grad_enabled():\n"
    "            for _ in range(self.n_iter):\n"
    "                power = est.pow(2) + 1e-8\n"
    "                est = spec.unsqueeze(2) * power / power.sum(2, keepdim=True)\n"
    "        else:\n"
    "            steps = self.iters.long()\n"
    "            def loop_body(step, est):\n"
    "                power = est.pow(2) + 1e-8\n"
    "                est = spec.unsqueeze(2) * power / power.sum(2, keepdim=True)\n"
    "                return step + 1, est\n"
    "            _, est = torch._higher_order_ops.while_loop(\n"
    "                lambda step, est: step < steps,\n"
    "                loop_body,\n"
    "                (torch.zeros((), dtype=torch.int64), est),\n"
    "            )\n",
)


def test_a_stored_count_read_in_a_property_runs_as_a_while_loop():
    assert fixed_text(REFINE, COMPILE) == REFINED
    assert fixed_text(REFINE, COMPILE, unsafe=False) == REFINE  # unsafe only
    assert fixed_text(REFINE.replace("int(self.iters.item())", "int(self.iters)"), COMPILE) == (
        REFINED.replace("int(self.iters.item())", "int(self.iters)")
    )


def test_where_trace_is_a_target_the_property_loop_fix_is_dropped():
    from torchlint.lint.fixes import fix_text

    outcome = fix_text("example.py", REFINE, EVERY, unsafe=True)
    assert "while_loop" not in outcome.text
    assert [d.code for d in outcome.dropped] == ["TL103"]
    assert "TL320" in outcome.dropped[0].reason


def test_property_counts_the_while_loop_cannot_take_are_left_alone():
    for old, new in [
        # the property read twice
        ("        return est\n", "        return est * self.n_iter\n"),
        # more than the conversion in the property
        (
            "        return int(self.iters.item())\n",
            "        n = int(self.iters.item())\n        return n\n",
        ),
        # the loop reads its step variable
        (
            "            est = spec.unsqueeze(2) * power / power.sum(2, keepdim=True)\n",
            "            est = spec.unsqueeze(2) * power / power.sum(2, keepdim=True) + i\n",
        ),
        # the body prints
        (
            "            power = est.pow(2) + 1e-8\n",
            "            power = est.pow(2) + 1e-8\n            print(power)\n",
        ),
    ]:
        assert old in REFINE, old
        source = REFINE.replace(old, new)
        if new.endswith("+ i\n"):
            source = source.replace("for _ in range", "for i in range")
        assert "while_loop" not in fixed_text(source, COMPILE), new


@requires_torch
def test_the_property_count_loop_compiles_and_exports_with_eager_unchanged():
    """Under ``torch.no_grad()`` (the loop runs as ``while_loop`` there): eager unchanged,
    and the original fails torch's compile check (fullgraph takes the buffer's ``.item()``,
    plain compile breaks the graph there) where the fixed text passes it and exports."""
    import torch

    from .oracle import _same, assert_eager_unchanged, check, load_example

    fixed = fixed_text(REFINE, COMPILE)
    assert_eager_unchanged(REFINE, fixed)  # gradients recorded: the Python loop
    with torch.no_grad():
        assert_eager_unchanged(REFINE, fixed)
        assert not check(REFINE, "compile").ok
        verdict = check(fixed, "compile")
        assert verdict.ok, verdict
        module = load_example(fixed)
        model = module.Model().eval()
        for args in module.inputs():
            exported = torch.export.export(model, tuple(args)).module()
            assert _same(exported(*args), model(*args))
