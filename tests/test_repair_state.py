"""Repair fixers for side effects, compiler barriers and data-dependent shapes: clock reads
guarded (TL304), explicit graph breaks removed (TL313), ``torch.compiler.disable`` dropped from
traceable helpers (TL312), masked reductions and losses kept at full shape (TL107). Before/after
text, what is left alone, idempotence, and torch's word that the fixed code compiles with eager
outputs unchanged."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch


def _fix(code: str, select: str, *, unsafe: bool = True) -> str:
    source = normalized(code)
    outcome = fix_text("net.py", source, Settings(select=(select,)), unsafe=unsafe)
    assert compiles(outcome.text, "net.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("net.py", outcome.text, Settings(select=(select,)), unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text


def _unfixed(code: str, select: str) -> int:
    """How many findings of ``select`` the code has, asserting none of them has a fix."""
    found = lint_text("net.py", normalized(code), Settings(select=(select,))).diagnostics
    assert all(d.fix is None for d in found), [d.line for d in found if d.fix is not None]
    return len(found)


def _net(body: str, params: str = "x", head: str = "", init: str = "", extra: str = "") -> str:
    constructor = "    def __init__(self):\n        super().__init__()\n" + textwrap.indent(
        textwrap.dedent(init) or "pass\n", " " * 8
    )
    return (
        f"import time\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n"
        f"{head}\n\nclass Model(nn.Module):\n{constructor}\n"
        f"    def forward(self, {params}):\n"
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + textwrap.indent(textwrap.dedent(extra), "    ")
        + "\n\ndef inputs():\n    return [(torch.randn(3, 5),), (torch.randn(4, 5) * 2,)]\n"
    )


GUARD = "if not torch.compiler.is_compiling():\n"


# -- TL304 -------------------------------------------------------------------------------------
def test_timing_statements_are_guarded_unsafe_only():
    before = _net(
        """\
        t0 = time.time()
        out = self.proj(x).tanh()
        took = time.time() - t0
        self.elapsed_s = took
        self.history.append(took)
        return out
        """,
        init="self.proj = nn.Linear(5, 5)\nself.elapsed_s = 0.0\nself.history = []\n",
    )
    # Neighbouring statements share one guard.
    after = (
        before.replace(
            "        t0 = time.time()\n", f"        {GUARD}            t0 = time.time()\n"
        )
        .replace(
            "        took = time.time() - t0\n        self.elapsed_s = took\n",
            f"        {GUARD}            took = time.time() - t0\n            self.elapsed_s = took\n",
        )
        .replace("        self.history.append(took)\n", "            self.history.append(took)\n")
    )
    assert _fix(before, "TL304") == after
    # The timed attribute keeps its old value under compile and export: never a safe fix.
    assert _fix(before, "TL304", unsafe=False) == normalized(before)


def test_a_time_based_branch_without_else_is_guarded_whole():
    before = _net(
        """\
        stop_at = time.perf_counter() + self.limit_s
        for layer in self.blocks:
            if time.perf_counter() >= stop_at:
                break
            x = layer(x)
        return x
        """,
        init="self.limit_s = 5.0\nself.blocks = nn.ModuleList([nn.Linear(5, 5)])\n",
    )
    assert _fix(before, "TL304") == before.replace(
        "        stop_at = time.perf_counter() + self.limit_s\n",
        f"        {GUARD}            stop_at = time.perf_counter() + self.limit_s\n",
    ).replace(
        "            if time.perf_counter() >= stop_at:\n                break\n",
        f"            {GUARD}                if time.perf_counter() >= stop_at:\n"
        "                    break\n",
    )


def test_clock_values_that_reach_results_are_left_alone():
    # Returned, mixed into a tensor, branched on with an else, read by another graph method.
    returned = _net("now = time.monotonic()\nreturn x, now\n")
    mixed = _net("jitter = time.time() % 1.0\nreturn x * jitter\n")
    with_else = _net(
        "if time.time() > self.deadline:\n    x = x * 0\nelse:\n    x = x + 1\nreturn x\n",
        init="self.deadline = 0.0\n",
    )
    read_back = _net(
        "self.stamp = time.time()\nreturn self.scale(x)\n",
        init="self.stamp = 0.0\n",
        extra="""
        def scale(self, x):
            return x * (self.stamp > 0)
        """,
    )
    for source in (returned, mixed, with_else, read_back):
        assert _unfixed(source, "TL304") == 1, source


# -- TL313 / TL312 -----------------------------------------------------------------------------
def test_numbers_read_only_for_reports_are_guarded_unsafe_only():
    before = _net(
        'y = x.relu()\nself.summary = "peak=%.3f" % y.max()\n'
        "self.mean = y.mean().item()\nreturn y\n",
        init='self.summary = ""\nself.mean = 0.0\n',
    )
    summary = '        self.summary = "peak=%.3f" % y.max()\n'
    mean = "        self.mean = y.mean().item()\n"
    guarded_summary = f"        {GUARD}    {summary}"
    guarded_mean = f"        {GUARD}    {mean}"
    assert _fix(before, "TL102") == normalized(before).replace(summary, guarded_summary)
    assert _fix(before, "TL103") == normalized(before).replace(mean, guarded_mean)
    assert _fix(before, "TL103", unsafe=False) == normalized(before)


def test_numbers_that_reach_results_or_branches_are_not_guarded():
    # A branch on the number decides what the model computes; a returned value is a result.
    branch = _net(
        "peak = x.max().item()\nif peak > 1:\n    self.big = True\nreturn x\n",
        init="self.big = False\n",
    )
    result = _net("self.mean = x.mean().item()\nreturn x * self.mean\n", init="self.mean = 0.0\n")
    assert _unfixed(branch, "TL103") == 1
    assert _unfixed(result, "TL103") == 1


def test_explicit_graph_break_is_removed_unsafe_only():
    before = _net(
        """\
        x = x.relu()
        torch._dynamo.graph_break()
        if x.shape[0] > 2:
            torch._dynamo.graph_break()
        return x * 2
        """
    )
    after = before.replace("        torch._dynamo.graph_break()\n        if", "        if").replace(
        "            torch._dynamo.graph_break()\n", "            pass\n"
    )
    assert _fix(before, "TL313") == after
    assert _fix(before, "TL313", unsafe=False) == normalized(before)


def test_disable_is_dropped_from_a_traceable_helper_only():
    # Helpers that print, sync with the host, select with a mask or branch on data keep it:
    # traced, each would bring its own finding and graph break.
    helpers = """
    # centre the rows
    @torch.compiler.disable
    def centred(t):
        return t - t.mean(-1, keepdim=True)

    @torch._dynamo.disable
    def logged(t):
        print(t.shape)
        return t

    @torch.compiler.disable
    def synced(t):
        return t * t.sum().item()

    @torch.compiler.disable
    def positive_total(t):
        return t[t > 0].sum()

    @torch.compiler.disable
    def flipped(t):
        if t.sum() > 0:
            return t
        return -t
    """
    calls = "centred(x) + logged(x) + synced(x) + positive_total(x) + flipped(x)"
    before = _net(f"return {calls}\n", head=textwrap.dedent(helpers))
    assert _fix(before, "TL312") == before.replace(
        "@torch.compiler.disable\ndef centred", "def centred"
    )
    assert _fix(before, "TL312", unsafe=False) == normalized(before)


# -- TL107 -------------------------------------------------------------------------------------
def test_masked_reductions_keep_the_full_shape():
    before = _net(
        """\
        live = x > 0.1
        a = x[live].sum()
        b = (x[live] * 2 + 1).pow(2).mean()
        c = 1.0 / x[live].exp().amax()
        d = x.masked_select(x < 0).min()
        e = torch.mean(x[live] * 3)
        return a + b + c + d + e
        """
    )
    after = (
        before.replace("x[live].sum()", "torch.where(live, x, 0).sum()")
        .replace(
            "(x[live] * 2 + 1).pow(2).mean()",
            "torch.where(live, (x * 2 + 1).pow(2), 0).sum() / live.sum()",
        )
        .replace("x[live].exp().amax()", 'torch.where(live, x.exp(), float("-inf")).amax()')
        .replace("x.masked_select(x < 0).min()", 'torch.where(x < 0, x, float("inf")).min()')
        .replace("torch.mean(x[live] * 3)", "torch.where(live, x * 3, 0).sum() / live.sum()")
    )
    assert _fix(before, "TL107") == after
    assert _fix(before, "TL107", unsafe=False) == normalized(before)


def test_named_selections_reduced_once_keep_the_full_shape():
    # The selection bound to a name read once, by a reduction; a mask of elementwise math of
    # the tensor (x.abs() > 1) has its shape.
    before = _net(
        """\
        h = x * 2
        positive = torch.masked_select(h, h > 0)
        salient = h[h.abs() > 1.0]
        return h * salient.mean() + (positive * 3).sum()
        """
    )
    after = (
        before.replace("        positive = torch.masked_select(h, h > 0)\n", "")
        .replace("        salient = h[h.abs() > 1.0]\n", "")
        .replace(
            "salient.mean()",
            "(torch.where(h.abs() > 1.0, h, 0).sum() / (h.abs() > 1.0).sum())",
        )
        .replace("(positive * 3).sum()", "torch.where(h > 0, h * 3, 0).sum()")
    )
    assert _fix(before, "TL107") == after
    assert _fix(before, "TL107", unsafe=False) == normalized(before)


def test_named_selections_read_otherwise_are_left_alone():
    # Read twice, or rebinding a name the selection reads, or reduced over a dim.
    before = _net(
        """\
        h = x * 2
        big = h[h > 1]
        small = h[h < -1]
        h = h + 1
        rows = x[x > 0]
        return big.sum() + big.mean() + small.sum() + rows.sum(0) + h.sum()
        """
    )
    found = lint_text("net.py", normalized(before), Settings(select=("TL107",))).diagnostics
    assert len(found) == 3 and all(d.fix is None for d in found)
    # Read in a branch below the binding: the selection would move into it.
    branch = _net("kept = x[x > 0]\nif x.sum() > 0:\n    return kept.sum()\nreturn x\n")
    assert _unfixed(branch, "TL107") == 1


def test_masked_losses_become_full_shape_losses():
    before = _net(
        """\
        logits = self.head(x)
        seen = target >= 0
        ce = F.cross_entropy(logits[seen], target[seen], label_smoothing=0.1)
        known = ref == ref
        mse = F.mse_loss(x[known], ref[known])
        return ce + mse
        """,
        params="x, target, ref",
        init="self.head = nn.Linear(5, 3)\n",
    )
    after = before.replace(
        "F.cross_entropy(logits[seen], target[seen], label_smoothing=0.1)",
        "F.cross_entropy(logits.flatten(0, -2), torch.where(seen, target, -100).flatten(), "
        "label_smoothing=0.1)",
    ).replace(
        "F.mse_loss(x[known], ref[known])",
        'torch.where(known, F.mse_loss(x, ref, reduction="none"), 0).sum() / known.sum()',
    )
    assert _fix(before, "TL107") == after


def test_masks_that_may_select_rows_are_left_alone():
    # The mask comes from another tensor: x[keep] may pick rows, and the full-shape form
    # depends on ranks the code does not show; a per-row reduction is no elementwise step.
    before = _net(
        """\
        keep = weights > 0
        a = x[keep].mean()
        b = x[x > 0].logsumexp(-1)
        c = F.cross_entropy(x[keep], weights[keep].long(), reduction="none")
        return a + b + c.sum()
        """,
        params="x, weights",
    )
    # Four selections without a fix; the logsumexp that guards on the size of x[x > 0] gets
    # only the torch._check that tells export the size (fixers/data_dependent_size_check.py).
    found = lint_text("net.py", normalized(before), Settings(select=("TL107",))).diagnostics
    fixed = [d for d in found if d.fix is not None]
    assert len(found) == 5 and len(fixed) == 1
    assert "logsumexp" in fixed[0].message and "torch._check" in fixed[0].fix.message


def test_row_gather_through_nonzero_becomes_a_masked_row_sum():
    before = _net(
        """\
        h = x * 2
        rows = torch.nonzero(h.sum(-1) > 0).squeeze(-1)
        a = h.index_select(0, rows).sum(0)
        b = (h + 1)[rows].mean(0)
        return a + b
        """
    )
    after = (
        before.replace("torch.nonzero(h.sum(-1) > 0).squeeze(-1)", "h.sum(-1) > 0")
        .replace("h.index_select(0, rows).sum(0)", "torch.where(rows, h.movedim(0, -1), 0).sum(-1)")
        .replace(
            "(h + 1)[rows].mean(0)",
            "torch.where(rows, (h + 1).movedim(0, -1), 0).sum(-1) / rows.sum()",
        )
    )
    assert _fix(before, "TL107") == after


def test_rows_a_boolean_mask_selects_summed_over_the_first_dim_are_masked():
    # Whatever the mask's rank: its dimensions move last and are summed; a bound selection
    # read once goes, its comments kept on the next line.
    before = _net(
        """\
        keep = x > 0
        picked = x.unsqueeze(-1)[keep]  # rows kept
        return picked.mean(0), x[keep.squeeze(-1)].sum(0)
        """
    )
    moved = "tuple(range({m}.dim())), tuple(range(-{m}.dim(), 0))"
    after = before.replace("        picked = x.unsqueeze(-1)[keep]  # rows kept\n", "").replace(
        "        return picked.mean(0)",
        "        # rows kept\n        return torch.where(keep, x.unsqueeze(-1).movedim("
        + moved.format(m="keep")
        + "), 0).flatten(-keep.dim()).sum(-1) / keep.sum()",
    )
    # The second mask is no name: left as it is.
    assert _fix(before, "TL107") == after


def test_masked_augmented_stores_update_the_whole_tensor_in_place():
    before = _net(
        """\
        h = x.clone()
        h[h > 1] -= 1.0
        h[x.abs() > 2] *= self.gain
        return h
        """,
        init="self.gain = nn.Parameter(torch.ones(5))\n",
    )
    where = "torch.where({m}.reshape({m}.shape + (1,) * (h.dim() - {m}.dim())), {v}, {i})"
    after = before.replace(
        "h[h > 1] -= 1.0", "h.sub_(" + where.format(m="(h > 1)", v="1.0", i="0") + ")"
    ).replace(
        "h[x.abs() > 2] *= self.gain",
        "h.mul_(" + where.format(m="(x.abs() > 2)", v="self.gain", i="1") + ")",
    )
    assert _fix(before, "TL107") == after


def test_masked_augmented_stores_of_selected_values_are_left_alone():
    # The value has one row per selected element: no full-shape form without its ranks.
    before = _net(
        """\
        h = x.clone()
        picked = x[x > 0]
        h[x > 0] += x[x > 0]
        h[x > 0] += picked
        return h
        """
    )
    fixed = _fix(before, "TL107")
    assert "h[x > 0] += x[x > 0]" in fixed and "h[x > 0] += picked" in fixed


def test_row_indices_used_otherwise_are_left_alone():
    # Indices returned, reduced over another dim, or taken from a 2-D mask (view(-1)).
    before = _net(
        """\
        h = x * 2
        rows = (h.sum(-1) > 0).nonzero().squeeze(1)
        flat = (h > 0).nonzero().view(-1)
        return h.index_select(0, rows).sum(1), rows, h[flat].sum(0)
        """
    )
    assert _unfixed(before, "TL107") == 2


# -- torch: the fixed code compiles (fullgraph, no break), eager outputs unchanged ---------------
TORCH_CASES = [
    pytest.param(
        "TL107",
        _net(
            "keep = x.sum(-1) > 0\npicked = (x * 2)[keep]\nreturn picked.sum(0) / (keep.sum() + 1)\n"
        ),
        id="TL107-masked-rows",
    ),
    pytest.param(
        "TL107",
        _net(
            "h = self.proj(x)\nh[x.sum(-1) > 0] += self.bias\nreturn h\n",
            init="self.proj = nn.Linear(5, 5)\nself.bias = nn.Parameter(torch.ones(5))\n",
        ),
        id="TL107-masked-augmented-store",
    ),
    pytest.param(
        "TL304",
        _net(
            "begin = time.perf_counter()\ny = self.proj(x)\n"
            "self.ms = (time.perf_counter() - begin) * 1e3\nreturn y\n",
            init="self.proj = nn.Linear(5, 5)\nself.ms = 0.0\n",
        ),
        id="TL304-timing",
    ),
    pytest.param(
        "TL304",
        _net(
            "until = time.monotonic() + 30.0\nfor block in self.blocks:\n"
            "    if time.monotonic() > until:\n        break\n    x = block(x)\nreturn x\n",
            init="self.blocks = nn.ModuleList([nn.Linear(5, 5), nn.Linear(5, 5)])\n",
        ),
        id="TL304-budget",
    ),
    pytest.param(
        "TL102",
        _net(
            'y = x.relu()\nself.summary = "peak=%.3f" % y.max()\nreturn y\n',
            init='self.summary = ""\n',
        ),
        id="TL102-report",
    ),
    pytest.param(
        "TL313",
        _net("x = x.sigmoid()\ntorch._dynamo.graph_break()\nreturn x + 1\n"),
        id="TL313",
    ),
    pytest.param(
        "TL312",
        _net(
            "return x / spread(x)\n",
            head="\n@torch.compiler.disable\ndef spread(t):\n    return t.std(-1, keepdim=True) + 1\n",
        ),
        id="TL312",
    ),
    pytest.param(
        "TL107",
        _net("y = x * 3\nhot = y > 1.0\nreturn (y[hot] - 1).square().mean() + y[hot].max()\n"),
        id="TL107-reductions",
    ),
    pytest.param(
        "TL107",
        _net(
            "h = x.tanh()\nsel = h[h.abs() > 0.5]\nkept = h.masked_select(h > 0)\n"
            "return h * sel.mean() + kept.sum()\n"
        ),
        id="TL107-named-selections",
    ),
    pytest.param(
        "TL107",
        _net(
            "z = self.head(x)\nz = z * 2\nok = tags != -1\n"
            "return F.cross_entropy(z[ok], tags[ok])\n",
            params="x, tags",
            init="self.head = nn.Linear(5, 4)\n",
        ).replace(
            "return [(torch.randn(3, 5),), (torch.randn(4, 5) * 2,)]",
            "return [(torch.randn(3, 5), torch.tensor([1, -1, 3])), "
            "(torch.randn(4, 5), torch.tensor([-1, 0, 2, -1]))]",
        ),
        id="TL107-cross-entropy",
    ),
    pytest.param(
        "TL107",
        _net(
            "g = x.tanh()\npicked = (g[:, 0] > 0).nonzero().squeeze(1)\n"
            "return g.index_select(0, picked).sum(0)\n"
        ),
        id="TL107-row-gather",
    ),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("code", "source"), TORCH_CASES)
def test_fixed_code_compiles_with_eager_unchanged(code, source):
    from .oracle import assert_eager_unchanged, check

    source = normalized(source)
    assert not check(source, "compile").ok, "nothing to repair"
    fixed = fix_text("net.py", source, Settings(select=(code,)), unsafe=True).text
    assert fixed != source
    assert_eager_unchanged(source, fixed)
    for backend in ("compile", "export", "trace"):
        before, after = check(source, backend), check(fixed, backend)
        assert after.ok or not before.ok, f"{code} fix broke {backend}: {after}\n{fixed}"
    verdict = check(fixed, "compile")
    assert verdict.ok, f"{code} fix still fails on {verdict}:\n{fixed}"


# -- TL305 -------------------------------------------------------------------------------------
RANDOM_SCALE = _net(
    "gain = random.random()\nreturn x * gain + rnd.random() * x\n",
    head="import random\nimport random as rnd\n",
)


def test_python_random_scaling_tensors_becomes_uniform():
    assert _fix(RANDOM_SCALE, "TL305") == RANDOM_SCALE.replace(
        "random.random()", "random.uniform(0.0, 1.0)"
    ).replace("rnd.random()", "rnd.uniform(0.0, 1.0)")
    assert _fix(RANDOM_SCALE, "TL305", unsafe=False) == normalized(RANDOM_SCALE)


def test_python_random_that_reaches_a_test_is_left_alone():
    # A draw in a branch test would become a data-dependent branch under torch.compile, and
    # Dynamo rejects Python arithmetic on a replayed draw; `from random import random` has no
    # module to take `uniform` from.
    before = _net(
        "if random.random() < 0.5:\n    x = x.flip(-1)\np = random.random()\n"
        "keep = p > 0.2\nreturn x * keep * draw() * (1 + random.random())\n",
        head="import random\nfrom random import random as draw\n",
    )
    assert _unfixed(before, "TL305") == 4


@requires_torch
@pytest.mark.torch
def test_python_random_uniform_compiles_with_the_same_draws():
    import random

    import torch

    from .oracle import _callable, load_example

    source = normalized(RANDOM_SCALE)
    fixed = fix_text("net.py", source, Settings(select=("TL305",)), unsafe=True).text
    original, repaired = load_example(source), load_example(fixed)
    args = tuple(original.inputs()[0])

    def runs(fn) -> list:
        random.seed(7)
        return [fn(*args) for _ in range(3)]

    want = runs(_callable(original))
    assert all(torch.equal(a, b) for a, b in zip(runs(_callable(repaired)), want))
    for module, ok in ((original, False), (repaired, True)):
        torch._dynamo.reset()
        compiled = torch.compile(_callable(module), fullgraph=True, backend="eager")
        try:
            same = all(torch.equal(a, b) for a, b in zip(runs(compiled), want))
        except Exception:
            same = False
        assert same is ok
    torch._dynamo.reset()
    assert torch._dynamo.explain(_callable(repaired))(*args).graph_break_count == 0
    torch._dynamo.reset()
