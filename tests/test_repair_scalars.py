"""Numbers read from tensors (TL102 ``int(t)`` / ``float(t)``, TL103 ``t.item()``) kept as 0-d
tensors: before/after text, what is left alone, idempotence, and torch's word that the fixed
code passes the back-ends the finding named with eager outputs unchanged."""

from __future__ import annotations

import textwrap

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.fixes import compiles, fix_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch

CODES = ("TL102", "TL103")


def _fix(code: str, *, unsafe: bool = True) -> str:
    settings = Settings(select=CODES)
    outcome = fix_text("example.py", code, settings, unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, settings, unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text


def _unfixed(code: str) -> int:
    """How many TL102/TL103 findings the code has, asserting none of them has a fix."""
    found = lint_text("example.py", code, Settings(select=CODES)).diagnostics
    assert all(d.fix is None for d in found), [d.line for d in found if d.fix is not None]
    return len(found)


def _model(body: str, params: str = "x, sizes", init: str = "", head: str = "") -> str:
    constructor = (
        f"    def __init__(self):\n        super().__init__()\n        {init}\n\n" if init else ""
    )
    return (
        f"import math\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n{head}"
        "\n\nclass Model(nn.Module):\n"
        + constructor
        + f"    def forward(self, {params}):\n"
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + "\n\ndef inputs():\n"
        "    return [(torch.randn(3, 7, 2), torch.tensor([4, 1, 6])),"
        " (torch.randn(3, 7, 2) * 3, torch.tensor([2, 7, 5]))]\n"
    )


# -- text --------------------------------------------------------------------------------------
def test_int_of_a_reduction_used_as_slice_bound_and_size_drops_the_cast():
    before = _model(
        """\
        widest = int(sizes.amax())
        steps = torch.arange(widest)
        padded = F.pad(x[:, :widest], (0, 0, 0, widest))
        return padded.sum(1) + steps.sum() + x.new_zeros(widest, 2).sum()
        """
    )
    assert _fix(before) == before.replace("int(sizes.amax())", "sizes.amax()")
    # The number becomes a tensor: never a safe fix.
    assert _fix(before, unsafe=False) == before


def test_float_and_item_keep_their_value_detached():
    before = _model(
        """\
        peak = float(x.abs().amax()) * 0.5 + 1.0
        centre = torch.mean(x).item()
        return (x - centre) / peak
        """
    )
    after = before.replace("float(x.abs().amax())", "x.abs().amax().detach().float()").replace(
        "torch.mean(x).item()", "torch.mean(x).detach()"
    )
    assert _fix(before) == after


def test_a_value_not_surely_zero_dim_is_reshaped():
    # `.item()` takes any one-element tensor; a (1,)-shaped one would broadcast differently.
    before = _model(
        "return x * self.gain.sigmoid().item()\n",
        init="self.gain = nn.Parameter(torch.zeros(1))",
    )
    assert _fix(before) == before.replace(
        "self.gain.sigmoid().item()", "self.gain.sigmoid().detach().reshape(())"
    )
    # Elementwise steps after a full reduction keep it 0-d: no reshape.
    before = _model("return x * x.abs().amax().float().clamp(1e-3).item()\n")
    assert _fix(before) == before.replace(".item()", ".detach()")


def test_int_truncates_unless_the_tensor_is_an_integer_count():
    before = _model(
        """\
        half = int(x.mean()) // 2
        hits = int((x > 0).sum())
        top = int(sizes.long().amax())
        return x * half + x * hits + x * top
        """
    )
    after = (
        before.replace("int(x.mean())", "x.mean().long()")
        .replace("int((x > 0).sum())", "(x > 0).sum()")
        .replace("int(sizes.long().amax())", "sizes.long().amax()")
    )
    assert _fix(before) == after


def test_index_becomes_a_one_element_index_squeezed_back():
    before = _model("return x[:, int(x[0, :, 1].argmax())] + x[:, :, int(sizes.argmin())]\n")
    after = before.replace(
        "x[:, int(x[0, :, 1].argmax())]", "x[:, x[0, :, 1].argmax().reshape(1)].squeeze(1)"
    ).replace("x[:, :, int(sizes.argmin())]", "x[:, :, sizes.argmin().reshape(1)].squeeze(2)")
    assert _fix(before) == after


def test_builtin_max_and_math_functions_become_tensor_calls():
    before = _model(
        """\
        count = int((x[0, :, 0] > 0).sum())
        best = x[0, :, 0].topk(max(count, 1)).values
        spread = math.sqrt(float(x.var()))
        return best.mean() + x / min(spread, 10.0)
        """
    )
    after = (
        before.replace("int((x[0, :, 0] > 0).sum())", "(x[0, :, 0] > 0).sum()")
        .replace("max(count, 1)", "count.clamp(min=1)")
        .replace("math.sqrt(float(x.var()))", "torch.sqrt(x.var().detach().float())")
        .replace("min(spread, 10.0)", "spread.clamp(max=10.0)")
    )
    assert _fix(before) == after


def test_complex_and_operator_index_of_tensors_keep_the_tensor():
    before = _model(
        """\
        w = complex(torch.cos(x[0, 0, 0]), torch.sin(x.mean()))
        longest = operator.index(sizes.max())
        z = torch.complex(x[:, :longest], x[:, :longest] * 2) * w
        return torch.view_as_real(z)
        """,
        head="import operator\n",
    )
    after = before.replace(
        "complex(torch.cos(x[0, 0, 0]), torch.sin(x.mean()))",
        "torch.complex(torch.cos(x[0, 0, 0]).detach().reshape(()), "
        "torch.sin(x.mean()).detach().reshape(()))",
    ).replace("operator.index(sizes.max())", "sizes.max()")
    assert _fix(before) == after
    assert _fix(before, unsafe=False) == before


def test_complex_of_a_number_or_kept_as_a_python_value_is_left_alone():
    before = _model(
        """\
        w = complex(x.mean(), 0.5)
        v = complex(x.max(), x.min())
        return x * w, v
        """
    )
    assert _unfixed(before) == 2


def test_sizes_on_the_way_and_comparisons_with_tensors_keep_the_tensor():
    before = _model(
        """\
        longest = int(sizes.max())
        padded = F.pad(x, (0, 0, 0, longest - x.size(1)))
        cut = float(x.median())
        return torch.where(padded > cut, padded, 0.0), min(longest, x.shape[1])
        """
    )
    median = before.replace("float(x.median())", "x.median().detach().float()")
    # `longest` also reaches the return value (through min): it stays a number.
    assert _fix(before) == median
    before = before.replace(", min(longest, x.shape[1])", "")
    median = median.replace(", min(longest, x.shape[1])", "")
    # Only a size, no slice bound: cast, as int() truncated a float tensor.
    assert _fix(before) == median.replace("int(sizes.max())", "sizes.max().long()")


def test_numbers_python_needs_are_left_alone():
    before = _model(
        """\
        steps = int(sizes.max())
        for i in range(steps):  # the step read: no while_loop (repair_session30)
            x = x * 0.5 + i
        level = float(x.std())
        if level > 1.0:
            x = x / 2
        total = x.sum().item()
        pieces = [0.0] * int(sizes.min())
        return x, total, len(pieces)
        """
    )
    assert _unfixed(before) == 4


def test_a_name_rebound_from_itself_keeps_the_tensor():
    before = _model(
        """\
        scale = float(x.abs().max()) / 127
        scale = max(scale, 1e-8)
        return torch.round(x / scale) * scale
        """
    )
    after = before.replace("float(x.abs().max())", "x.abs().max().detach().float()").replace(
        "max(scale, 1e-8)", "scale.clamp(min=1e-8)"
    )
    assert _fix(before) == after


def test_a_name_bound_from_two_values_or_used_for_a_python_list_is_left_alone():
    before = _model(
        """\
        scale = float(x.max())
        if x.size(0) > 2:
            scale = 2.0
        k = int(sizes.argmax())
        names = ["a", "b", "c"]
        return x * scale, names[k]
        """
    )
    assert _unfixed(before) == 2


def test_count_of_a_selection_becomes_count_nonzero():
    before = _model(
        """\
        active = len(torch.nonzero(x.sum(-1) > 0.5))
        return x.sum(0) / max(active, 1)
        """
    )
    settings = Settings(select=("TL107",))
    fixed = fix_text("example.py", before, settings, unsafe=True).text
    assert fixed == before.replace(
        "len(torch.nonzero(x.sum(-1) > 0.5))", "torch.count_nonzero(x.sum(-1) > 0.5)"
    ).replace("max(active, 1)", "active.clamp(min=1)")
    # A branch on the count keeps the number.
    branch = _model(
        """\
        n = (x.sum(-1) > 0.5).nonzero().shape[0]
        if n > 0:
            return x * 2
        return x
        """
    )
    assert fix_text("example.py", branch, settings, unsafe=True).text == branch


# -- torch -------------------------------------------------------------------------------------
ALL = ("compile", "export", "trace")
# (source, the back-ends the fixed code passes). Where the value sizes a tensor, plain compile
# still breaks: only `.item()` gives a size, and plain compile breaks on it whatever the code.
TORCH_CASES = [
    pytest.param(
        _model("longest = int(sizes.max())\nreturn x[:, :longest].mean(1) * longest\n"),
        ALL,
        id="slice-and-arithmetic",
    ),
    pytest.param(
        _model("pick = int(torch.argmax(x[1, :, 0]))\nreturn x[:, pick] * 2\n"), ALL, id="index"
    ),
    pytest.param(
        _model(
            "amax = x.abs().max().item()\nstep = amax / 63.0\n"
            "return torch.round(x / step).clamp(-63, 63) * step\n"
        ),
        ("compile", "trace"),  # export accepts .item() arithmetic: TL103 does not name it
        id="quantise",
    ),
    pytest.param(
        _model(
            "return x / self.log_scale.exp().item()\n",
            init="self.log_scale = nn.Parameter(torch.tensor(0.25))",
        ),
        ("compile",),  # trace is not named: the value is the same for every input
        id="parameter-item",
    ),
    pytest.param(
        _model(
            "n = int(sizes.min())\nreturn torch.full((n, 2), 1.5) + x[0, :n] + x.new_ones(n, 2)\n"
        ),
        ("export", "trace"),
        id="sizes",
    ),
    pytest.param(
        _model(
            "longest = int(sizes.max())\nlow = float(x.mean())\n"
            "padded = F.pad(x, (0, 0, 0, longest - x.size(1)))\n"
            "return torch.where(padded > low, padded, 0.0)\n"
        ),
        ("export", "trace"),
        id="pad-compare",
    ),
    pytest.param(
        _model(
            "kept = int((x[0, :, 0] > 0).sum())\n"
            "return x[0, :, 0].topk(max(kept, 1)).values.sum() + x / math.sqrt(float(x.var()))\n"
        ),
        ("export", "trace"),
        id="max-math",
    ),
    pytest.param(
        _model(
            "scale = float(x.abs().max()) / 127\nscale = max(scale, 1e-8)\n"
            "return torch.round(x / scale) * scale\n"
        ),
        ALL,
        id="rebound-scale",
    ),
]
# complex() of tensors: compile and export fail on the builtin ("Failed to trace builtin
# operator"), torch.complex passes; operator.index as a slice bound, like int() there.
TORCH_CASES += [
    pytest.param(
        _model(
            "w = complex(torch.cos(x.mean()), torch.sin(x.mean()))\n"
            "return torch.view_as_real(torch.complex(x, x * 2) * w)\n"
        ),
        ("compile", "export"),
        id="complex",
    ),
    pytest.param(
        _model(
            "longest = operator.index(sizes.max())\nreturn x[:, :longest].mean(1)\n",
            head="import operator\n",
        ),
        ("export", "trace"),
        id="operator-index",
    ),
]
# The count of a selection kept a tensor (TL107): export and trace pass afterwards.
COUNT_CASE = _model(
    "active = len(torch.nonzero(x.sum(-1) > 0.5))\nreturn x.sum(0) / max(active, 1)\n"
)


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("source", "passes"), TORCH_CASES)
def test_fixed_code_passes_the_named_backends_with_eager_unchanged(source, passes):
    from .oracle import assert_eager_unchanged, check

    settings = Settings(select=CODES)
    findings = lint_text("example.py", source, settings).diagnostics
    named = {t for d in findings if d.fix is not None for t in d.targets}
    assert set(passes) <= named, named
    assert not any(check(source, backend).ok for backend in passes), "nothing to repair"
    fixed = fix_text("example.py", source, settings, unsafe=True).text
    assert_eager_unchanged(source, fixed)
    for backend in passes:
        verdict = check(fixed, backend)
        assert verdict.ok, f"fix still fails on {verdict}:\n{fixed}"


@requires_torch
@pytest.mark.torch
def test_count_of_a_selection_passes_compile_export_and_trace_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    settings = Settings(select=("TL107",))
    assert not check(COUNT_CASE, "export").ok, "nothing to repair"
    fixed = fix_text("example.py", COUNT_CASE, settings, unsafe=True).text
    assert fixed != COUNT_CASE
    assert_eager_unchanged(COUNT_CASE, fixed)
    for backend in ("compile", "export", "trace"):
        verdict = check(fixed, backend)
        assert verdict.ok, f"still fails on {verdict}:\n{fixed}"


# -- math of a tensor (TL102), min / max / sum of a flat .tolist() (TL104) -----------------------
MATH_AND_LISTS = ("TL102", "TL104")


def test_math_of_a_tensor_and_reductions_of_flat_lists_keep_the_tensor():
    before = _model(
        "std = math.sqrt(x.var())\nlow = min(x.flatten().tolist())\n"
        "total = sum(x.view(-1).tolist())\nreturn (x - low) / std + total\n"
    )
    settings = Settings(select=MATH_AND_LISTS)
    fixed = fix_text("example.py", before, settings, unsafe=True).text
    assert "std = torch.sqrt(x.var().detach())\n" in fixed
    assert "low = x.flatten().detach().min()\n" in fixed
    assert "total = x.view(-1).detach().sum()\n" in fixed
    lengths = _model("n = sum(sizes.tolist())\nreturn x.sum() / n\n")
    assert (
        "n = sizes.detach().sum()\n" in fix_text("example.py", lengths, settings, unsafe=True).text
    )
    assert fix_text("example.py", fixed, settings, unsafe=True).text == fixed
    assert fix_text("example.py", before, settings, unsafe=False).text == before


def test_lists_not_surely_flat_and_numbers_python_keeps_are_left_alone():
    # A 2-D list (min compares rows), a start value, and a number that is returned. (`sum`
    # of any tensor's list is taken: eager adds numbers only.)
    before = _model(
        "low = min(x.tolist())\ntotal = sum(x.flatten().tolist(), 1.0)\n"
        "top = max(x.flatten().tolist())\nreturn x * total, low, top\n"
    )
    settings = Settings(select=MATH_AND_LISTS)
    assert fix_text("example.py", before, settings, unsafe=True).text == before


@requires_torch
@pytest.mark.torch
def test_sum_of_a_lengths_list_passes_compile_and_trace_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    source = _model("h = x.sum(1) * 2\nn = sum(sizes.tolist())\nreturn h / n\n")
    backends = ("compile", "trace")
    assert not any(check(source, backend).ok for backend in backends)
    fixed = fix_text("example.py", source, Settings(select=MATH_AND_LISTS), unsafe=True).text
    assert "n = sizes.detach().sum()" in fixed
    assert_eager_unchanged(source, fixed)
    for backend in (*backends, "export"):
        verdict = check(fixed, backend)
        assert verdict.ok, f"fix still fails on {verdict}:\n{fixed}"


@requires_torch
@pytest.mark.torch
def test_math_and_list_reductions_pass_every_backend_with_eager_unchanged():
    from .oracle import assert_eager_unchanged, check

    source = _model(
        "std = math.sqrt(x.var() + 1e-5)\nlow = min(x.flatten().tolist())\nreturn (x - low) / std\n"
    )
    assert not any(check(source, backend).ok for backend in ALL)
    fixed = fix_text("example.py", source, Settings(select=MATH_AND_LISTS), unsafe=True).text
    assert_eager_unchanged(source, fixed)
    for backend in ALL:
        verdict = check(fixed, backend)
        assert verdict.ok, f"fix still fails on {verdict}:\n{fixed}"
