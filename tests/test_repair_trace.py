"""Trace repairs (TL105, TL106, TL108): sizes kept in tensor ops torch.jit.trace records.

Before/after text, what is left alone, idempotence, and torch's word that the fixed code traces
to eager's results on other sizes while script, compile and export still pass where they did."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.rule import normalized
from torchlint.lint.settings import Settings

from .conftest import requires_torch

TRACE = {"targets": ("trace",), "targets_explicit": True}


def _fix(code: str, select: str) -> str:
    source = normalized(code)
    settings = Settings(select=tuple(select.split(",")), **TRACE)
    outcome = fix_text("example.py", source, settings, unsafe=True)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, settings, unsafe=True)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    # Every one of these rewrites changes what trace does: never a safe fix.
    assert fix_text("example.py", source, settings, unsafe=False).text == source
    return outcome.text


def _unfixed(code: str, select: str, *snippets: str) -> None:
    """Each line holding one of ``snippets`` has a finding of ``select``, and no finding has
    a fix."""
    source = normalized(code)
    codes = tuple(select.split(","))
    found = lint_text("example.py", source, Settings(select=codes, **TRACE)).diagnostics
    assert all(d.fix is None for d in found), [d.line for d in found if d.fix is not None]
    lines = source.splitlines()
    wanted = {next(i for i, line in enumerate(lines, 1) if s in line) for s in snippets}
    assert wanted <= {d.line for d in found}, (sorted(wanted), sorted(d.line for d in found))


def _model(body: str, init: str = "", shapes: str = "(2, 3, 4), (5, 6, 4)") -> str:
    constructor = ""
    if init:
        constructor = (
            "    def __init__(self):\n        super().__init__()\n"
            + textwrap.indent(textwrap.dedent(init), " " * 8)
            + "\n"
        )
    first, second = shapes.split("), (")
    return (
        "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        + constructor
        + "    def forward(self, x):\n"
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + "\n\ndef inputs():\n"
        + f"    return [(torch.randn{first}),), (torch.randn({second},)]\n"
    )


# -- TL108 -------------------------------------------------------------------------------------
def test_tensor_of_a_shape_becomes_a_stack_of_traced_sizes():
    before = _model(
        """\
        dims = torch.tensor(x.shape[1:], dtype=torch.float32)
        return x / dims.prod()
        """
    )
    assert _fix(before, "TL108") == before.replace(
        "torch.tensor(x.shape[1:], dtype=torch.float32)",
        "torch.stack([torch.full((), size, dtype=torch.float32) for size in x.shape[1:]])",
    )


def test_tensor_of_sizes_and_of_len_becomes_full_of_each():
    before = _model(
        """\
        n, steps, _ = x.shape
        info = torch.tensor([steps - 1, n, 3])
        count = torch.tensor(len(x), dtype=x.dtype)
        return x.sum(-1) / count + info.sum()
        """
    )
    assert _fix(before, "TL108,TL110") == before.replace(
        "torch.tensor([steps - 1, n, 3])",
        "torch.stack([torch.full((), steps - 1), torch.full((), n), torch.full((), 3)])",
    ).replace("torch.tensor(len(x), dtype=x.dtype)", "torch.full((), x.shape[0], dtype=x.dtype)")


def test_sizes_unpacked_from_a_tuple_of_sizes_are_traced_sizes():
    before = _model(
        """\
        b, t = x.shape[0], x.shape[1]
        return x.reshape(int(b * t), -1).sum(0)
        """
    )
    assert _fix(before, "TL106") == before.replace("int(b * t)", "b * t")


def test_as_tensor_of_a_size_and_int_of_a_size_keep_the_traced_size():
    before = _model(
        """\
        width = int(x.size(2) * 2 + 1)
        grid = torch.as_tensor(x.size(), dtype=torch.float64)
        return x.sum() / grid.prod() + torch.arange(width).sum() + int(x.shape[0] / 2)
        """
    )
    assert _fix(before, "TL106,TL108") == before.replace(
        "int(x.size(2) * 2 + 1)", "x.size(2) * 2 + 1"
    ).replace(
        "torch.as_tensor(x.size(), dtype=torch.float64)",
        "torch.stack([torch.full((), dim_size, dtype=torch.float64) for dim_size in x.size()])",
    )
    # `int` of a division truncates a float: not the same value without it.
    _unfixed(before.replace("int(x.size(2) * 2 + 1)", "3"), "TL106", "int(x.shape[0] / 2)")


def test_int_of_a_size_times_a_float_keeps_its_truncation():
    source = """
        import torch
        from torch import nn


        class Model(nn.Module):
            def __init__(self, keep_ratio: float = 0.5, groups: int = 2):
                super().__init__()
                self.keep_ratio = keep_ratio
                self.groups = groups

            def forward(self, x):
                keep = int(x.shape[1] * self.keep_ratio)
                width = int(x.shape[1] * self.groups)
                return x[:, :keep].sum() + torch.arange(width).sum()
    """
    fixed = _fix(source, "TL106")
    assert "keep = int(x.shape[1] * self.keep_ratio)" in fixed
    assert "width = x.shape[1] * self.groups" in fixed


def test_tensors_of_values_trace_cannot_record_are_left_alone():
    before = _model(
        """\
        n = len(x)
        a = torch.tensor(n, dtype=torch.float32)
        b = torch.tensor([int(x.size(0)), 1])
        return x * a * b.sum()
        """
    )
    _unfixed(before, "TL108,TL110", "torch.tensor(n,", "int(x.size(0))")


# -- TL106 -------------------------------------------------------------------------------------
def test_padding_under_a_size_test_becomes_a_pad_scaled_by_the_test():
    before = _model(
        """\
        extra = 3 - x.size(1) % 3
        if x.size(1) % 3:  # odd lengths
            x = F.pad(x, [0, 0, 0, extra], value=0.5)
        return x.reshape(x.size(0), -1, 12)
        """
    )
    assert _fix(before, "TL106") == before.replace(
        "if x.size(1) % 3:  # odd lengths\n            x = F.pad(x, [0, 0, 0, extra], value=0.5)",
        "x = F.pad(x, [0, 0, 0, extra * (x.size(1) % 3 != 0)], value=0.5)  # odd lengths",
    )


def test_padding_whose_test_is_false_only_at_zero_amounts_runs_always():
    before = _model(
        """\
        h, w = x.shape[1], x.shape[2]
        pad_h = (4 - h % 4) % 4
        pad_w = (4 - w % 4) % 4
        if pad_h or pad_w:  # to a multiple of 4
            x = F.pad(x, (0, pad_w, 0, pad_h))
        return x
        """
    )
    assert _fix(before, "TL106") == before.replace(
        "if pad_h or pad_w:  # to a multiple of 4\n            x = F.pad(x, (0, pad_w, 0, pad_h))",
        "x = F.pad(x, (0, pad_w, 0, pad_h))  # to a multiple of 4",
    )
    # `pad > 0` of a value that may be negative: a pad by it would crop, so the test stays.
    negative = before.replace("(4 - h % 4) % 4", "4 - h").replace(
        "if pad_h or pad_w:", "if pad_h > 0 or pad_w:"
    )
    assert "if pad_h > 0 or pad_w:" in negative
    _unfixed(negative, "TL106", "if pad_h > 0 or pad_w:")


def test_math_of_a_traced_size_becomes_the_torch_function_of_a_full():
    before = "import math\n" + _model("return x / math.log(x.size(1))\n")
    assert _fix(before, "TL106") == before.replace(
        "math.log(x.size(1))", "torch.log(torch.full((), x.size(1), dtype=torch.float64))"
    )
    # A number Python keeps using (a range) stays `math`.
    _unfixed(
        "import math\n" + _model("n = int(math.log(x.size(1)))\nreturn x[:, :n]\n"),
        "TL106",
        "math.log",
    )


MATH_THROUGH_HELPER = (
    "import math\n\n\ndef grad_scale(x, scale):\n    return (x - x * scale).detach() + x * scale\n\n\n"
    + _model(
        "g = 1.0 / math.sqrt(x.numel() * 3)\ns = grad_scale(self.step, g)\nreturn x * s + g\n",
        init="self.step = nn.Parameter(torch.tensor(0.1))",
    )
)


def test_math_of_a_size_handed_to_a_helper_that_only_computes_with_tensors():
    # LSQ quantisation: the gradient scale goes through `grad_scale`, whose parameter meets
    # tensors only, so the 0-d tensor is as good as the number there.
    assert _fix(MATH_THROUGH_HELPER, "TL106") == MATH_THROUGH_HELPER.replace(
        "math.sqrt(x.numel() * 3)", "torch.sqrt(torch.full((), x.numel() * 3, dtype=torch.float64))"
    )
    # A helper that returns the number itself (`scale * 2`): the caller would get a tensor.
    _unfixed(
        "import math\n\n\ndef double(scale):\n    return scale * 2\n\n\n"
        + _model("n = double(1.0 / math.sqrt(x.numel()))\nreturn x[:, : int(n)]\n"),
        "TL106",
        "math.sqrt",
    )


def test_new_tensor_of_sizes_keeps_the_owner_dtype_and_device():
    before = _model("h, w = x.shape[-2:]\nreturn x * x.new_tensor([w, h, 1]).sum()\n")
    assert _fix(before, "TL108") == before.replace(
        "x.new_tensor([w, h, 1])",
        "torch.stack([torch.full((), w, dtype=x.dtype, device=x.device), "
        "torch.full((), h, dtype=x.dtype, device=x.device), "
        "torch.full((), 1, dtype=x.dtype, device=x.device)])",
    )


def test_ceil_and_floor_of_a_size_quotient_become_integer_floor_division():
    before = "import math\n" + _model(
        "blocks = math.ceil(x.size(1) / 2)\nhalf = math.floor(x.shape[0] / 2) * 2\n"
        "return F.pad(x, (0, 0, 0, blocks * 2 - x.size(1)))[:half]\n"
    )
    assert _fix(before, "TL106") == before.replace(
        "math.ceil(x.size(1) / 2)", "-(-x.size(1) // 2)"
    ).replace("math.floor(x.shape[0] / 2) * 2", "(x.shape[0] // 2) * 2")
    # A float divisor: `//` is not the same number.
    _unfixed(
        "import math\n" + _model("n = math.ceil(x.size(1) / 1.5)\nreturn x[:, :n]\n"),
        "TL106",
        "math.ceil",
    )


def test_one_size_given_to_a_pool_or_roll_becomes_a_tuple():
    before = _model(
        "a = F.max_pool1d(x, x.size(2)).squeeze(2)\n"
        "b = F.avg_pool2d(x.unsqueeze(1), x.size(2)).flatten(1)\n"
        "return a.sum(1) + b.sum(1) + x.roll(x.size(2) // 2, 2).sum((1, 2))\n"
    )
    assert _fix(before, "TL106") == before.replace(
        "F.max_pool1d(x, x.size(2))", "F.max_pool1d(x, (x.size(2),))"
    ).replace("x.size(2)).flatten", "(x.size(2), x.size(2))).flatten").replace(
        "x.roll(x.size(2) // 2, 2)", "x.roll((x.size(2) // 2,), 2)"
    )
    # Where the tracer refuses one int (a 2-d adaptive pool's size, lp_pool2d's window), the
    # same tuple.
    refused = _model("s = x.size(2)\nreturn F.adaptive_max_pool2d(x, s) + F.lp_pool2d(x, 2, s)\n")
    assert _fix(refused, "TL106") == refused.replace(
        "F.adaptive_max_pool2d(x, s)", "F.adaptive_max_pool2d(x, (s, s))"
    ).replace("F.lp_pool2d(x, 2, s)", "F.lp_pool2d(x, 2, (s, s))")
    # lp_pool1d multiplies by its window: a tuple raises in eager.
    _unfixed(_model("return F.lp_pool1d(x, 2, x.size(2))\n"), "TL106", "lp_pool1d")


PAD_TO_MULTIPLE = (
    "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n\n"
    "def pad_to_multiple(x, multiple, dim=1):\n"
    "    remainder = x.shape[dim] % multiple\n"
    "    if remainder == 0:  # nothing to pad\n"
    "        return x\n"
    "    pad = [0, 0] * (x.dim() - dim - 1) + [0, multiple - remainder]\n"
    "    return F.pad(x, pad)\n\n\n"
    "class Model(nn.Module):\n"
    "    def forward(self, x):\n"
    "        x = pad_to_multiple(x, 4)\n"
    "        return x.view(x.shape[0], -1, 4, x.shape[2]).mean(2)\n\n\n"
    "def inputs():\n"
    "    return [(torch.randn(2, 8, 3),), (torch.randn(3, 10, 3),), (torch.randn(1, 12, 3),)]\n"
)


def test_an_early_return_on_a_zero_remainder_pads_by_the_gap_modulo_the_multiple():
    fixed = _fix(PAD_TO_MULTIPLE, "TL106")
    assert fixed == PAD_TO_MULTIPLE.replace(
        "    if remainder == 0:  # nothing to pad\n        return x\n", "    # nothing to pad\n"
    ).replace("[0, multiple - remainder]", "[0, (multiple - remainder) % multiple]")
    # A pad that is not zero where the remainder is (`multiple` itself) keeps its branch.
    _unfixed(
        PAD_TO_MULTIPLE.replace("[0, multiple - remainder]", "[0, multiple]"),
        "TL106",
        "if remainder == 0",
    )


def test_divmod_of_a_size_becomes_floor_division_and_remainder():
    before = _model("q, r = divmod(x.size(1), 2)\nreturn x[:, : q * 2] * r\n")
    assert _fix(before, "TL106") == before.replace(
        "divmod(x.size(1), 2)", "(x.size(1) // 2, x.size(1) % 2)"
    )


def test_max_of_a_tensor_and_a_number_becomes_a_clamp():
    before = _model("return x / max(x.abs().amax(), 1.0) + min(2.5, x.mean() * 3)\n")
    assert _fix(before, "TL101") == before.replace(
        "max(x.abs().amax(), 1.0)", "x.abs().amax().clamp(min=1.0)"
    ).replace("min(2.5, x.mean() * 3)", "(x.mean() * 3).clamp(max=2.5)")
    # Two tensors: which one wins keeps its own shape, so no fix.
    _unfixed(_model("return x / max(x.amax(), x.amin().abs())\n"), "TL101", "max(")


def test_truncation_under_a_length_test_runs_unconditionally():
    before = _model(
        """\
        if x.shape[1] >= self.limit:
            print("long input")
            x = x[:, : self.limit]
        return x.mean(1)
        """,
        init="self.limit = 4",
    )
    assert _fix(before, "TL106") == before.replace(
        '            print("long input")\n            x = x[:, : self.limit]\n',
        '            print("long input")\n        x = x[:, : self.limit]\n',
    )
    named = _model(
        """\
        batch, length, width = x.shape
        if length > 4:
            x = x[:, -4:]
        return x
        """
    )
    assert _fix(named, "TL106") == named.replace(
        "if length > 4:\n            x = x[:, -4:]", "x = x[:, -4:]"
    )
    last_dim = _model(
        """\
        if 6 < x.size(-1):
            x = x[..., :6]
        return x
        """
    )
    assert _fix(last_dim, "TL106") == last_dim.replace(
        "if 6 < x.size(-1):\n            x = x[..., :6]", "x = x[..., :6]"
    )


def test_select_on_a_size_test_becomes_where_of_a_tensor_test():
    before = _model(
        """\
        steps = x.size(1)
        if steps < 4:
            scale = torch.ones(steps) * 2
        else:
            scale = torch.ones(steps)
        return x * scale[:, None]
        """
    )
    assert _fix(before, "TL106") == before.replace(
        """if steps < 4:
            scale = torch.ones(steps) * 2
        else:
            scale = torch.ones(steps)""",
        "scale = torch.where(torch.full((), steps < 4, dtype=torch.bool), torch.ones(steps) * 2, "
        "torch.ones(steps))",
    )


def test_size_branches_without_a_traced_form_are_left_alone():
    before = _model(
        """\
        if x.size(0) > 1 and self.center:
            x = x - x.mean(0, keepdim=True)
        if x.size(1) > 2:
            x = x[:, 1:]
        if x.size(0) > 1:
            x = self.proj(x)
        if max(x.size(1), 2) > 3:
            x = x * 2
        if x.size(1) > 5:
            y = F.pad(x, (0, 1))
        return x
        """,
        init="self.center = True\nself.proj = nn.Linear(4, 4)",
    )
    _unfixed(before, "TL106", "and self.center", "x.size(1) > 2", "x.size(0) > 1:", "max(", "> 5")


def test_select_between_tensors_built_with_other_shapes_is_left_alone():
    # `torch.where` would broadcast a (0,) tensor against the (n,) one: eager would fail.
    before = _model(
        """\
        if x.size(0) == 0:
            return x.new_zeros((0,))
        return x.sum((1, 2))
        """
    )
    _unfixed(before, "TL106", "x.size(0) == 0")


# -- TL105 / TL106 loops ------------------------------------------------------------------------
def test_row_loops_of_row_wise_ops_become_one_batched_expression():
    before = _model(
        """\
        outs = []
        for sample in x:
            outs.append(torch.log_softmax(self.norm(sample) * 2, dim=-1))
        return torch.stack(outs)
        """,
        init="self.norm = nn.LayerNorm(4)",
    )
    assert _fix(before, "TL105") == before.replace(
        """outs = []
        for sample in x:
            outs.append(torch.log_softmax(self.norm(sample) * 2, dim=-1))
        return torch.stack(outs)""",
        """outs = torch.log_softmax(self.norm(x) * 2, dim=-1)
        return outs""",
    )
    indexed = _model(
        """\
        picked = []
        for i in range(x.size(0)):
            picked.append(self.head(x[i]).sum(-1))
        return torch.stack(picked)
        """,
        init="self.head = nn.Linear(4, 2)",
    )
    assert "picked = self.head(x).sum(-1)" in _fix(indexed, "TL106")
    stacked = _model(
        """\
        scores = torch.stack([F.gelu(self.head(x[j])) for j in range(len(x))], dim=0)
        return -torch.stack([token.mean(-1) - 1 for token in x])
        """,
        init="self.head = nn.Linear(4, 2)",
    )
    assert _fix(stacked, "TL105,TL106") == stacked.replace(
        "torch.stack([F.gelu(self.head(x[j])) for j in range(len(x))], dim=0)",
        "F.gelu(self.head(x))",
    ).replace("-torch.stack([token.mean(-1) - 1 for token in x])", "-(x.mean(-1) - 1)")


def test_python_sums_of_rows_become_a_sum_over_the_batch():
    before = _model(
        """\
        penalty = sum(row.norm() for row in x) / len(x)
        return x + penalty + sum([self.head(r).relu() for r in x])
        """,
        init="self.head = nn.Linear(4, 4)",
    )
    fixed = _fix(before, "TL105")
    assert "penalty = x.flatten(1).norm(dim=1).sum() / x.shape[0]" in fixed
    assert "self.head(x).relu().sum(0)" in fixed
    # Another start value, a filter, or a reduction given its own arguments: left alone.
    for kept in (
        "sum((row.norm() for row in x), torch.zeros(()))",
        "sum(row.norm() for row in x if row.sum() > 0)",
        "sum(row.norm(p=1) for row in x)",
    ):
        assert "flatten" not in _fix(_model(f"return x + {kept}\n"), "TL105"), kept


def test_sums_over_row_numbers_use_an_index_tensor_shaped_like_the_rows():
    before = _model(
        """\
        total = x.new_zeros(x.shape[1:])
        for k in range(x.size(0)):
            total += x[k].exp() / (k + 2)
        return total
        """
    )
    assert _fix(before, "TL106") == before.replace(
        """for k in range(x.size(0)):
            total += x[k].exp() / (k + 2)""",
        "total = total + (x.exp() / (torch.arange(x.shape[0]).view([-1] + [1] * (x.dim() - 1)) "
        "+ 2)).sum(0)",
    )


def test_loops_that_are_not_row_wise_are_left_alone():
    before = _model(
        """\
        h = x.new_zeros(x.size(0), 4)
        for t in range(x.size(1)):
            h = self.cell(x[:, t], h)
        rows = []
        for row in x:
            rows.append(row.softmax(0))
        return h + torch.stack(rows).sum(1)
        """,
        init="self.cell = nn.GRUCell(4, 4)",
    )
    _unfixed(before, "TL105,TL106", "for t in", "for row in")


# -- torch: trace repaired, eager unchanged, other back-ends as before ----------------------------
TORCH_CASES = [
    pytest.param("TL106", MATH_THROUGH_HELPER, id="TL106-math-through-helper"),
    pytest.param(
        "TL108,TL110",
        _model(
            "n, steps, _ = x.shape\nmeta = torch.tensor([steps, n * 2], dtype=x.dtype)\n"
            "whole = torch.tensor(x.shape, dtype=torch.float32)\n"
            "return x.sum() / whole.prod() + meta.sum() + torch.tensor(len(x))\n"
        ),
        id="TL108",
    ),
    pytest.param(
        "TL106",
        _model(
            "steps = int(x.shape[1])\nreturn x * torch.arange(steps)[:, None] / int(x.size(0) + 1)\n"
        ),
        id="TL106-int",
    ),
    pytest.param(
        "TL106",
        "import math\n"
        + _model(
            "seq = x.shape[1]\ntarget = math.ceil(seq / 4) * 4\n"
            "x = F.pad(x, (0, 0, 0, target - seq))\n"
            "return x.view(x.size(0), target // 4, 4, x.size(2)).mean(2)\n"
        ),
        id="TL106-ceil",
    ),
    pytest.param(
        "TL106",
        "import math\n"
        "import torch\nimport torch.nn.functional as F\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self, hop: int = 4):\n"
        "        super().__init__()\n"
        "        self.hop = hop\n\n"
        "    def n_frames(self, length):\n"
        "        return math.ceil(length / self.hop)\n\n"
        "    def forward(self, x):\n"
        "        target = self.n_frames(x.shape[-1]) * self.hop\n"
        "        return F.pad(x, (0, target - x.shape[-1])).view(x.shape[0], -1, self.hop).sum(-1)\n\n\n"
        "def inputs():\n"
        "    return [(torch.randn(2, 10),), (torch.randn(3, 13),)]\n",
        id="TL106-ceil-helper-parameter",
    ),
    pytest.param("TL106", PAD_TO_MULTIPLE, id="TL106-pad-to-multiple"),
    pytest.param(
        "TL106",
        _model(
            "q, r = divmod(x.size(1), 2)\nreturn x[:, : q * 2].sum(1) * (r + 1)\n",
            shapes="(2, 4, 3), (3, 7, 3)",
        ),
        id="TL106-divmod",
    ),
    pytest.param(
        "TL106",
        _model(
            "h = torch.relu(x)\nreturn F.max_pool1d(h, h.size(2)).squeeze(2) + h.roll(h.size(2) // 2, 2).mean(2)\n",
            shapes="(2, 3, 8), (3, 3, 12)",
        ),
        id="TL106-pool-window",
    ),
    pytest.param(
        "TL106",
        _model(
            "h = x.unsqueeze(1)\ns = h.size(2) // 2\n"
            "return F.adaptive_avg_pool2d(h, s).flatten(1) + F.lp_pool2d(h, 2, s).mean((2, 3))\n",
            shapes="(2, 4, 4), (3, 6, 6)",
        ),
        id="TL106-refused-pool-size",
    ),
    pytest.param(
        "TL108",
        _model(
            "h, w = x.shape[-2:]\nscale = x.new_tensor([w, h])\nreturn x.sum(-1) * scale.prod()\n"
        ),
        id="TL108-new-tensor",
    ),
    pytest.param(
        "TL106",
        _model(
            "if x.size(1) % 2 == 1:\n    x = F.pad(x, (0, 0, 0, 1))\n"
            "return x.reshape(x.size(0), -1, 8)\n",
            shapes="(2, 4, 4), (3, 5, 4)",
        ),
        id="TL106-pad",
    ),
    pytest.param(
        "TL101",
        _model(
            "denom = max(x.abs().mean() * x.shape[1], 3.0)\nreturn x / denom\n",
            shapes="(2, 3, 4), (2, 6, 4)",
        ),
        id="TL101-max-number",
    ),
    pytest.param(
        "TL106",
        "import math\n"
        + _model(
            "length = x.size(1)\nreturn x / math.log(length) + x * math.sqrt(x.shape[1])\n",
            shapes="(2, 3, 4), (2, 6, 4)",
        ),
        id="TL106-math",
    ),
    pytest.param(
        "TL106",
        _model(
            "h, w = x.shape[1], x.shape[2]\npad_h = (4 - h % 4) % 4\npad_w = (4 - w % 4) % 4\n"
            "if pad_h > 0 or pad_w > 0:\n    x = F.pad(x, (0, pad_w, 0, pad_h))\n"
            "return x.reshape(x.size(0), -1, 4)\n",
            shapes="(2, 4, 4), (3, 5, 6)",
        ),
        id="TL106-pad-always",
    ),
    pytest.param(
        "TL106",
        _model(
            "if x.size(1) > self.limit:\n    x = x[:, : self.limit]\nreturn x.sum(1)\n",
            init="self.limit = 4",
            shapes="(2, 3, 4), (2, 6, 4)",
        ),
        id="TL106-truncate",
    ),
    pytest.param(
        "TL106",
        _model(
            "n = x.size(1)\nif n >= 3:\n    x = x[:, -3:]\nreturn x.amax(1)\n",
            shapes="(3, 2, 4), (2, 5, 4)",
        ),
        id="TL106-keep-last",
    ),
    pytest.param(
        "TL106",
        _model(
            "length = x.shape[1]\nif length >= 4:\n    pos = torch.arange(length) / length\n"
            "else:\n    pos = torch.arange(length) * 1.0\nreturn x + pos[:, None]\n",
            shapes="(2, 3, 4), (2, 6, 4)",
        ),
        id="TL106-where",
    ),
    pytest.param(
        "TL106",
        _model(
            "outs = []\nfor k in range(x.shape[0]):\n    outs.append(self.fc(x[k]).softmax(-1))\n"
            "return torch.stack(outs)\n",
            init="self.fc = nn.Linear(4, 4)",
        ),
        id="TL106-loop",
    ),
    pytest.param(
        "TL105",
        _model(
            "rows = []\nfor r in x:\n    rows.append(F.normalize(r.relu(), dim=-1))\n"
            "return torch.stack(rows)\n"
        ),
        id="TL105-loop",
    ),
    pytest.param(
        "TL105,TL106",
        _model(
            "first = torch.stack([torch.softmax(x[n] * 2, dim=-1) for n in range(x.size(0))])\n"
            "return first + torch.stack([self.fc(v).relu() for v in x], 0)\n",
            init="self.fc = nn.Linear(4, 4)",
        ),
        id="TL105-comprehension",
    ),
    pytest.param(
        "TL105,TL106",
        _model(
            "acc = torch.zeros_like(x[0])\nfor j in range(len(x)):\n    acc = acc + x[j] * (j - 1) ** 2\n"
            "return acc\n"
        ),
        id="TL105-index-sum",
    ),
    pytest.param(
        "TL105",
        _model("return x * sum(row.norm() for row in x) + sum(r.relu() * 2 for r in x)\n"),
        id="TL105-python-sum",
    ),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("code", "source"), TORCH_CASES)
def test_fixed_code_traces_with_eager_unchanged_and_other_backends_kept(code, source):
    from .oracle import assert_eager_unchanged, check

    source = normalized(source)
    settings = Settings(select=tuple(code.split(",")), **TRACE)
    findings = lint_text("example.py", source, settings).diagnostics
    assert findings and all(d.fix is not None for d in findings), code
    assert not check(source, "trace").ok, "nothing to repair"
    fixed = fix_text("example.py", source, settings, unsafe=True).text
    assert fixed != source
    for want, got in assert_eager_unchanged(source, fixed):
        assert got.dtype == want.dtype
    verdict = check(fixed, "trace")
    assert verdict.ok, f"{code} fix still fails on {verdict}:\n{fixed}"
    for backend in ("script", "fullgraph", "export"):
        if check(source, backend).ok:
            assert check(fixed, backend).ok, f"{code} fix breaks {backend}:\n{fixed}"
