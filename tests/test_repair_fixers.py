"""Repair fixers (TL308 deepcopy -> clone, TL114 .data -> .detach(), TL113 type-name checks ->
isinstance, ...): before/after text, what is left alone, idempotence, and torch's word that the
back-end the finding named accepts the fixed code with eager outputs unchanged."""

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
    outcome = fix_text("example.py", source, Settings(select=(select,)), unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    assert not outcome.dropped, outcome.dropped
    again = fix_text("example.py", outcome.text, Settings(select=(select,)), unsafe=unsafe)
    assert again.text == outcome.text, f"second fix changed:\n{outcome.text}\n---\n{again.text}"
    return outcome.text


def _unfixed(code: str, select: str) -> int:
    """How many findings of ``select`` the code has, asserting none of them has a fix."""
    found = lint_text("example.py", normalized(code), Settings(select=(select,))).diagnostics
    assert all(d.fix is None for d in found), [d.line for d in found if d.fix is not None]
    return len(found)


def _model(body: str, params: str = "x", head: str = "", tail: str = "", init: str = "") -> str:
    constructor = (
        f"    def __init__(self):\n        super().__init__()\n        {init}\n\n" if init else ""
    )
    return (
        f"import copy\nimport torch\nfrom torch import nn\n{head}\n\nclass Model(nn.Module):\n"
        + constructor
        + f"    def forward(self, {params}):\n"
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + tail
        + "\n\ndef inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 3,)]\n"
    )


# -- TL308 -------------------------------------------------------------------------------------
def test_deepcopy_of_a_tensor_becomes_clone_unsafe_only():
    before = _model(
        """\
        residual = copy.deepcopy(x)
        doubled = copy.deepcopy(x * 2)
        x = x.relu_()
        return x + residual + doubled
        """
    )
    assert _fix(before, "TL308") == before.replace("copy.deepcopy(x)", "x.clone()").replace(
        "copy.deepcopy(x * 2)", "(x * 2).clone()"
    )
    # clone keeps the autograd link deepcopy cuts: never a safe fix.
    assert _fix(before, "TL308", unsafe=False) == normalized(before)


def test_deepcopy_the_fixer_cannot_rewrite_exactly_is_left_alone():
    # A list of tensors, a memo argument, and copy.copy have no `.clone()` spelling.
    before = _model(
        """\
        pair = copy.deepcopy([x, x])
        memo = copy.deepcopy(x, {})
        shallow = copy.copy(x)
        return pair[0] + memo + shallow
        """
    )
    assert _unfixed(before, "TL308") == 3


# -- TL114 -------------------------------------------------------------------------------------
def test_data_read_becomes_detach_unsafe_only():
    before = _model(
        """\
        scale = x.data.abs().amax()
        shifted = (x + 1).data
        parts = torch.cat([x.data, shifted])
        return x / scale + parts.sum()
        """
    )
    after = before.replace("x.data.abs()", "x.detach().abs()")
    after = after.replace("(x + 1).data", "(x + 1).detach()").replace("[x.data,", "[x.detach(),")
    assert _fix(before, "TL114") == after
    # .detach() lets autograd check in-place changes that .data hid: never a safe fix.
    assert _fix(before, "TL114", unsafe=False) == normalized(before)


def test_data_that_is_written_is_left_alone():
    # The code relies on autograd not seeing these writes; .detach() would change that.
    before = _model(
        """\
        x.data.mul_(2)
        x.data[0] = 1
        x.data[1].zero_()
        x.data += 1
        x.data, y = x * 2, x
        return x + y
        """
    )
    assert _unfixed(before, "TL114") == 5


# -- TL113 -------------------------------------------------------------------------------------
def test_class_comparisons_with_tensor_become_isinstance_unsafe_only():
    before = _model(
        """\
        h = x * 2
        if type(x).__name__ == "Tensor":
            h = h + 1
        a = 2.0 if h.__class__ is torch.Tensor else 1.0
        b = 2.0 if "Tensor" != type(h).__qualname__ else 1.0
        c = 1 + (type(h) != torch.Tensor)
        return h * a * b * c
        """
    )
    assert _fix(before, "TL113") == before.replace(
        'type(x).__name__ == "Tensor"', "isinstance(x, torch.Tensor)"
    ).replace("h.__class__ is torch.Tensor", "isinstance(h, torch.Tensor)").replace(
        '"Tensor" != type(h).__qualname__', "not isinstance(h, torch.Tensor)"
    ).replace("(type(h) != torch.Tensor)", "(not isinstance(h, torch.Tensor))")
    # isinstance also accepts Parameters and tensor subclasses: never a safe fix.
    assert _fix(before, "TL113", unsafe=False) == normalized(before)


def test_class_tests_without_an_isinstance_spelling_are_left_alone():
    before = _model(
        """\
        a = type(x).__name__ == "Parameter"
        b = type(x) in (torch.Tensor,)
        c = type(x).__name__ in ("Tensor", "Parameter")
        d = torch.Tensor == type(x) == type(x)
        return x * a * b * c * d
        """
    )
    assert _unfixed(before, "TL113") == 4


# -- TL306 -------------------------------------------------------------------------------------
def test_numpy_round_trip_becomes_the_torch_function_unsafe_only():
    before = _model(
        """\
        a = torch.as_tensor(np.tanh(x.numpy())) * 2
        b = torch.from_numpy(np.clip(x.detach().cpu().numpy(), -1.0, 1.0))
        c = torch.tensor(np.std(x.numpy(), axis=-1, keepdims=True))
        d = torch.as_tensor(np.max(x.numpy(), 0))
        return a + b + c + d
        """,
        head="import numpy as np",
    )
    assert _fix(before, "TL306") == before.replace(
        "torch.as_tensor(np.tanh(x.numpy()))", "torch.tanh(x)"
    ).replace(
        "torch.from_numpy(np.clip(x.detach().cpu().numpy(), -1.0, 1.0))",
        "torch.clamp(x.detach().cpu(), -1.0, 1.0)",
    ).replace(
        "torch.tensor(np.std(x.numpy(), axis=-1, keepdims=True))",
        "torch.std(x, dim=-1, keepdim=True, correction=0)",
    ).replace("torch.as_tensor(np.max(x.numpy(), 0))", "torch.amax(x, 0)")
    # Last bits and integer dtypes can differ: never a safe fix.
    assert _fix(before, "TL306", unsafe=False) == normalized(before)


def test_a_forced_numpy_copy_is_the_detached_cpu_tensor():
    before = _model(
        """\
        squashed = np.tanh(x.numpy(force=True))
        return torch.from_numpy(squashed) + torch.as_tensor(np.exp(x.numpy(True)))
        """,
        head="import numpy as np",
    )
    fixed = _fix(before, "TL306")
    assert "squashed = torch.tanh(x.detach().cpu())" in fixed
    assert "return squashed + " in fixed
    # A positional force flag is not read: that call stays.
    assert "np.exp(x.numpy(True))" in fixed


def test_a_tensor_of_arithmetic_on_tolist_numbers_is_that_arithmetic_on_the_tensor():
    before = _model(
        """\
        weights = torch.tensor([w / 2 + 1 for w in x.sum(1).tolist()])
        scaled = torch.as_tensor([-v * v for v in x.amax(1).tolist()], dtype=torch.float64)
        return x * weights[:, None] + scaled[:, None]
        """
    )
    fixed = _fix(before, "TL104")
    assert "weights = x.sum(1).detach() / 2 + 1" in fixed
    # Read twice: the receiver would be computed twice, so only a name is substituted.
    assert "scaled = torch.as_tensor([-v * v for v in x.amax(1).tolist()]" in fixed
    named = before.replace("x.amax(1).tolist()", "peaks.tolist()").replace(
        "        scaled", "        peaks = x.amax(1)\n        scaled"
    )
    assert "(-peaks.detach() * peaks.detach()).to(torch.float64)" in _fix(named, "TL104")
    # A filter, a call on the element, or two loops: no fix.
    for form in (
        "[w for w in x.sum(1).tolist() if w > 0]",
        "[abs(w) for w in x.sum(1).tolist()]",
        "[w * u for w in x.sum(1).tolist() for u in (1, 2)]",
    ):
        source = _model(f"weights = torch.tensor({form})\nreturn weights")
        assert _fix(source, "TL104") == normalized(source)


def test_numpy_round_trip_through_names_becomes_the_torch_function():
    before = _model(
        """\
        arr = x.detach().cpu().numpy()
        clipped = np.clip(arr, -1.0, 1.0)
        return torch.from_numpy(clipped) * 2
        """,
        head="import numpy as np",
    )
    assert _fix(before, "TL306") == _model(
        """\
        clipped = torch.clamp(x.detach().cpu(), -1.0, 1.0)
        return clipped * 2
        """,
        head="import numpy as np",
    )


def test_array_methods_and_a_dtype_keyword_take_the_same_rewrite():
    before = _model(
        """\
        mean = x.detach().cpu().numpy().mean(axis=0, keepdims=True)
        top = torch.as_tensor(x.numpy().max(1), dtype=torch.float64)
        return x - torch.as_tensor(mean, dtype=x.dtype) + top[:, None]
        """,
        head="import numpy as np",
    )
    assert _fix(before, "TL104") == _model(
        """\
        mean = torch.mean(x.detach().cpu(), dim=0, keepdim=True)
        top = torch.amax(x, 1).to(torch.float64)
        return x - mean.to(x.dtype) + top[:, None]
        """,
        head="import numpy as np",
    )
    # A method with no exact torch spelling, and an array kept as an array: left alone.
    kept = _model(
        "arr = x.numpy().round(2)\nlow = x.numpy().min()\nreturn x * low + torch.as_tensor(arr)\n",
        head="import numpy as np",
    )
    assert _fix(kept, "TL104") == normalized(kept)


def test_nested_numpy_functions_nest_the_torch_calls():
    before = _model(
        """\
        feats = np.log1p(np.abs(x.detach().cpu().numpy()))
        return torch.from_numpy(feats) * 2
        """,
        head="import numpy as np",
    )
    assert _fix(before, "TL306") == _model(
        """\
        feats = torch.log1p(torch.abs(x.detach().cpu()))
        return feats * 2
        """,
        head="import numpy as np",
    )


def test_numpy_round_trip_through_names_used_elsewhere_is_left_alone():
    # The array read as an array besides the call, rebound, the result read as an array: no
    # exact inline, and no chain of names repair_session25's NumpyChainToTorch takes (it takes
    # names read only by NumPy calls and torch.as_tensor: tests/test_repair_session25.py).
    before = _model(
        """\
        arr = x.numpy()
        a = torch.as_tensor(np.exp(arr)) + arr.shape[0]
        far = x.numpy()
        far = far * 2
        b = torch.as_tensor(np.exp(far))
        twice = np.tanh(x.numpy())
        c = torch.as_tensor(twice) + twice.sum()
        return a + b + c
        """,
        head="import numpy as np",
    )
    assert _unfixed(before, "TL306") == 3


def test_numpy_calls_without_an_exact_torch_spelling_are_left_alone():
    before = _model(
        """\
        arr = x.numpy()
        a = torch.as_tensor(np.percentile(x.numpy(), [5, 95], method="lower"))
        b = torch.from_numpy(np.mean(x.numpy(), 0))
        c = np.exp(x.numpy())
        d = torch.as_tensor(np.mean(x.numpy(), dtype=np.float64))
        e = torch.as_tensor(np.clip(x.numpy(), arr, 1.0))
        f = torch.as_tensor(np.exp(arr))
        return a + b + torch.as_tensor(c + 1) + d + e + f
        """,
        head="import numpy as np",
    )
    assert _unfixed(before, "TL306") == 6


@requires_torch
@pytest.mark.torch
def test_numpy_table_matches_numpy_on_float_tensors():
    # Every entry: same dtype and shape, values equal up to float rounding, for the argument
    # forms the fixer rewrites.
    import numpy as np
    import torch

    from fixers.numpy_to_torch import TABLE

    x = torch.rand(3, 4) * 0.9 + 0.05
    # NumPy's arguments after the array and torch's for them: a percentage is a fraction.
    arguments = {"clip": ((0.2, 0.7), (0.2, 0.7)), "quantile": ((0.3,), (0.3,))}
    arguments["percentile"] = ((35,), (0.35,))
    for name, entry in TABLE.items():
        forms = [{}] if entry.positional != 1 else [{}, {"axis": 1}, {"axis": 0}]
        if "keepdims" in entry.keywords:
            forms.append({"axis": 0, "keepdims": True})
        for keywords in forms:
            args, torch_args = arguments.get(name, ((), ()))
            if entry.inserted is not None:
                torch_args = (float(entry.inserted),)
            want = torch.as_tensor(getattr(np, name)(x.numpy(), *args, **keywords))
            torch_keywords = {entry.keywords[k]: v for k, v in keywords.items()}
            if entry.default is not None:
                torch_keywords.setdefault(entry.default[0], int(entry.default[1]))
            got = getattr(torch, entry.name)(x, *torch_args, **torch_keywords)
            assert (want.dtype, want.shape) == (got.dtype, got.shape), (name, keywords)
            assert torch.allclose(want, got, rtol=1e-5, atol=1e-6), (name, keywords)


NUMPY_NUMBERS = _model(
    """\
    h = x * 2
    top = float(np.percentile(h.detach().cpu().numpy(), 90))
    mid = np.median(h.detach().numpy()).item()
    return h.clamp(max=top) - mid
    """,
    head="import numpy as np",
)


def test_numpy_numbers_become_torch_calls_with_the_quantile_as_a_fraction():
    fixed = fix_text(
        "example.py", normalized(NUMPY_NUMBERS), Settings(select=("TL306",)), unsafe=True
    )
    assert "float(torch.quantile(h.detach().cpu(), 0.9))" in fixed.text
    assert "torch.quantile(h.detach(), 0.5).item()" in fixed.text


@requires_torch
@pytest.mark.torch
def test_numpy_numbers_repair_every_backend_with_eager_unchanged():
    # The NumPy fix, then TL102's (the numbers feed only tensor arithmetic), leave each
    # back-end clean: torch records the quantiles instead of host numbers.
    from .oracle import assert_eager_unchanged, check

    source = normalized(NUMPY_NUMBERS)
    assert not any(check(source, b).ok for b in ("compile", "export", "trace"))
    fixed = fix_text("example.py", source, Settings(), unsafe=True).text
    assert "numpy" not in fixed.split("class Model")[1], fixed
    assert_eager_unchanged(source, fixed)
    for backend in ("compile", "export", "trace"):
        verdict = check(fixed, backend)
        assert verdict.ok, f"{backend}: {verdict}\n{fixed}"


# -- TL111 -------------------------------------------------------------------------------------
def _output_model(output_class: str, returned: str) -> str:
    return normalized(
        "from dataclasses import dataclass\nfrom typing import Optional\n\nimport torch\n"
        "from torch import nn\n\n\n"
        + output_class
        + "\n\n\nclass Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Linear(4, 4)\n\n    def forward(self, x):\n        h = self.fc(x)\n"
        f"        out = {returned}\n        return out\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4) * 3,)]\n"
    )


DATACLASS_OUTPUT = _output_model(
    "@dataclass\nclass Output:\n    logits: torch.Tensor\n    aux: Optional[torch.Tensor] = None",
    "Output(h.softmax(-1))",
)
DICT_OUTPUT = _output_model(
    "class Output(dict):\n    def __getattr__(self, name):\n        return self[name]",
    "Output(logits=h.softmax(-1), hidden=h)",
)


def _fix_for_export(source: str, *, unsafe: bool = True) -> str:
    settings = Settings(select=("TL111",), targets=("export",), targets_explicit=True)
    outcome = fix_text("example.py", source, settings, unsafe=unsafe)
    assert compiles(outcome.text, "example.py") is None
    assert fix_text("example.py", outcome.text, settings, unsafe=unsafe).text == outcome.text
    return outcome.text


def test_dataclass_and_dict_subclass_outputs_are_registered_unsafe_only():
    fixed = _fix_for_export(DATACLASS_OUTPUT)
    assert fixed == DATACLASS_OUTPUT.replace(
        "= None\n", "= None\n\n\ntorch.export.register_dataclass(Output)\n"
    )
    fixed = _fix_for_export(DICT_OUTPUT)
    assert "torch.utils._pytree.register_pytree_node(\n    Output,\n" in fixed
    assert "lambda values, keys: Output(zip(keys, values))" in fixed
    # A global registration changes what every pytree user sees: never a safe fix.
    assert _fix_for_export(DICT_OUTPUT, unsafe=False) == DICT_OUTPUT


def test_outputs_without_a_certain_constructor_are_left_alone():
    # A dict subclass with its own __init__, a dataclass(init=False), a plain class.
    own_init = _output_model(
        "class Output(dict):\n    def __init__(self, logits, hidden):\n"
        "        super().__init__(logits=logits, hidden=hidden)",
        "Output(h.softmax(-1), h)",
    )
    no_init = DATACLASS_OUTPUT.replace("@dataclass", "@dataclass(init=False)")
    plain = _output_model(
        "class Output:\n    def __init__(self, logits):\n        self.logits = logits",
        "Output(h)",
    )
    for source in (own_init, no_init, plain):
        settings = Settings(select=("TL111",), targets=("export",), targets_explicit=True)
        found = lint_text("example.py", source, settings).diagnostics
        assert len(found) == 1 and found[0].fix is None, source


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize("source", [DATACLASS_OUTPUT, DICT_OUTPUT], ids=["dataclass", "dict"])
def test_registered_outputs_export_with_eager_unchanged(source):
    from .oracle import assert_eager_unchanged, check

    assert not check(source, "export").ok
    fixed = _fix_for_export(source)
    assert fixed != source
    assert_eager_unchanged(source, fixed)
    verdict = check(fixed, "export")
    assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
    # Trace refuses the class before and after; TL111 still says so.
    assert not check(fixed, "trace").ok
    after = lint_text("example.py", fixed, Settings(select=("TL111",))).diagnostics
    assert [d.targets for d in after] == [("trace",)]


# -- torch: the named back-end passes after the fix, eager outputs unchanged ---------------------
TORCH_CASES = [
    pytest.param(
        "TL308",
        _model("residual = copy.deepcopy(x)\nx = x.relu_()\nreturn x + residual\n"),
        id="TL308",
    ),
    pytest.param(
        "TL114",
        _model("scale = x.data.abs().amax()\nreturn x / scale\n"),
        id="TL114-input",
    ),
    pytest.param(
        "TL114",
        _model(
            "return self.fc(x) @ self.fc.weight.data\n",
            head="",
            init="self.fc = nn.Linear(4, 4)",
        ),
        id="TL114-parameter",
    ),
    pytest.param(
        "TL113",
        _model('if type(x).__name__ == "Tensor":\n    return x * 2\nreturn x\n'),
        id="TL113",
    ),
    pytest.param(
        "TL306",
        _model(
            "return torch.as_tensor(np.tanh(x.numpy())) * 2 + torch.as_tensor(np.mean(x.numpy(), 1, keepdims=True))\n",
            head="import numpy as np",
        ),
        id="TL306",
    ),
    pytest.param(
        "TL306",
        _model(
            "arr = x.detach().cpu().numpy()\nclipped = np.clip(arr, -1.0, 1.0)\n"
            "return torch.from_numpy(clipped) * 2\n",
            head="import numpy as np",
        ),
        id="TL306-names",
    ),
    pytest.param(
        "TL306",
        _model(
            "order = np.argsort(x.detach().numpy(), axis=1)\n"
            "return torch.gather(x, 1, torch.from_numpy(order))\n",
            head="import numpy as np",
        ),
        id="TL306-argsort",
    ),
    pytest.param(
        "TL104",
        _model(
            "weights = torch.tensor([w / 2 + 1 for w in x.sum(1).tolist()])\n"
            "return x * weights[:, None]\n"
        ),
        id="TL104-list-comprehension",
    ),
    pytest.param(
        "TL104",
        _model(
            "mean = x.detach().cpu().numpy().mean(axis=0, keepdims=True)\n"
            "return x - torch.as_tensor(mean, dtype=x.dtype)\n",
            head="import numpy as np",
        ),
        id="TL104-array-method",
    ),
]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(("code", "source"), TORCH_CASES)
def test_fixed_code_passes_the_named_backends_with_eager_unchanged(code, source):
    from .oracle import assert_eager_unchanged, check

    source = normalized(source)
    settings = Settings(select=(code,))
    findings = lint_text("example.py", source, settings).diagnostics
    backends = sorted({t for d in findings if d.fix is not None for t in d.targets})
    assert backends, f"{code}: no fixable finding in the example"
    assert not all(check(source, backend).ok for backend in backends), "nothing to repair"
    fixed = fix_text("example.py", source, settings, unsafe=True).text
    assert_eager_unchanged(source, fixed)
    for backend in backends:
        verdict = check(fixed, backend)
        assert verdict.ok, f"{code} fix still fails on {verdict}:\n{fixed}"


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    "source",
    [
        TORCH_CASES[0].values[1],
        _model(
            "arr = x.detach().cpu().numpy()\nclipped = np.clip(arr, -1.0, 1.0)\n"
            "return torch.from_numpy(clipped) * 2\n",
            head="import numpy as np",
        ),
    ],
    ids=["deepcopy", "numpy"],
)
def test_the_same_rewrites_answer_script_findings(source):
    # Under --target script the call is a TL209 (TorchScript rejects it); the rewrite scripts.
    from .oracle import assert_eager_unchanged, check

    source = normalized(source)
    settings = Settings(select=("TL2",), targets=("script",), targets_explicit=True)
    assert not check(source, "script").ok
    fixed = fix_text("example.py", source, settings, unsafe=True).text
    assert fixed != source
    assert_eager_unchanged(source, fixed)
    verdict = check(fixed, "script")
    assert verdict.ok, f"still fails on {verdict}:\n{fixed}"
