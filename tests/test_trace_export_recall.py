"""Trace and export recall on forms the rules' own examples do not spell out (issue 21):
sizes computed by helpers, int/float methods on sizes, hashed sizes and tensor data,
non-pytree outputs, `type(x)` and `.data`. Each generated form is labelled by running torch
(tests marked torch), so a rule is checked against what torch does, not against a list."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.run import lint_files
from torchlint.lint.settings import Settings

from .conftest import requires_torch


def _findings(text: str, code: str) -> list:
    source = textwrap.dedent(text).lstrip("\n")
    result = lint_text("model.py", source, Settings(select=(code,)))
    assert not result.errors, result.errors
    return [d for d in result.diagnostics if d.code == code]


def _model(forward: str, inputs: str, extra: str = "", init: str = "") -> str:
    """A runnable example: ``Model.forward(self, x)`` with ``forward`` as its body."""
    body = textwrap.indent(textwrap.dedent(forward).strip("\n"), " " * 8)
    init_body = textwrap.indent(textwrap.dedent(init).strip("\n"), " " * 8) if init else ""
    return (
        "import math\nimport torch\nfrom torch import nn\n\n"
        f"{textwrap.dedent(extra).strip()}\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.fc = nn.Linear(4, 4)\n"
        "        self.p = 2\n"
        f"{init_body}\n"
        "    def forward(self, x):\n"
        f"{body}\n\n"
        f"def inputs():\n    return {inputs}\n"
    )


TWO_SIZES = "[(torch.randn(2, 4, 4),), (torch.randn(3, 6, 4),)]"
SAME_SIZES = "[(torch.randn(3, 3, 4),), (torch.randn(3, 3, 4) + 1,)]"

# A state update read back on the next call: a registered buffer given a new tensor is a
# buffer mutation export carries (trace still bakes it in); a plain tensor attribute is not.
STATE_UPDATE = "self.mem = self.mem * 0.5 + x.mean((0, 1))\nreturn x + self.mem"
BUFFER = 'self.register_buffer("mem", torch.zeros(4), False)'

NEXT_ITEM = "a = next(self.it)\nreturn self.fc(x) * a"
GENERATOR = "def ramp():\n    k = 0\n    while True:\n        k += 1\n        yield 0.1 * k"
# (name, helpers, __init__ line, torch's compile fails)
MODULE_ITERATORS = [
    ("list", "", "self.it = iter([0.1 * k for k in range(100)])", True),
    ("cycle", "import itertools", "self.it = itertools.cycle([0.1, 0.2])", True),
    ("generator", GENERATOR, "self.it = ramp()", True),
    ("count", "import itertools", "self.it = itertools.count()", False),
    ("range", "", "self.it = iter(range(100))", False),
]
TAKEWHILE = (
    "kept = list(itertools.takewhile(lambda c: c > 0.0, x.sum((1, 2))))\n"
    "return x[: max(len(kept), 1)]"
)
DICT_KEYS = "groups = {int(v): x[0] for v in x[:, 0, 0].round()}\nreturn x * len(groups)"
NP_PROD = "return x.reshape(x.shape[0], int(np.prod(x.shape[1:])))"
NP_SQRT = "return x[:, : int(np.sqrt(x.shape[1]))]"

# (id, forward body, inputs, helpers, code, back-end, torch fails there[, __init__ lines])
FORMS = [
    ("buffer-state-export", STATE_UPDATE, SAME_SIZES, "", "TL311", "export", False, BUFFER),
    ("buffer-state-trace", STATE_UPDATE, SAME_SIZES, "", "TL311", "trace", True, BUFFER),
    (
        "attribute-state-export",
        STATE_UPDATE,
        SAME_SIZES,
        "",
        "TL311",
        "export",
        True,
        "self.mem = torch.zeros(4)",
    ),
    # int / float methods on sizes: trace raises AttributeError; a converted size does not.
    (
        "method-div",
        "if (x.shape[1] / self.p).is_integer():\n    x = x * 2\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        "trace",
        True,
    ),
    (
        "method-unpacked",
        "b, t, d = x.shape\nif t.bit_length() > 2:\n    x = x * 2\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        "trace",
        True,
    ),
    (
        "method-param-size",
        "if self.fc.weight.shape[0].bit_count() > 1:\n    x = x * 2\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        "trace",
        True,
    ),
    (
        "method-config",
        "if (self.p / 2).is_integer():\n    x = x * 2\nreturn x",
        TWO_SIZES,
        "",
        "TL106",
        "trace",
        False,
    ),
    # Sizes computed by a helper: a decision and a loop bound.
    (
        "helper-decision",
        "if not is_empty(x):\n    x = x * 2\nreturn x",
        "[(torch.randn(2, 4, 4),), (torch.randn(0, 4, 4),)]",
        "def is_empty(t):\n    return t.size(0) == 0",
        "TL106",
        "trace",
        True,
    ),
    (
        "helper-range",
        "out = x[:, :1]\nfor i in range(half(x)):\n    out = out + x[:, i : i + 1]\nreturn out",
        TWO_SIZES,
        "def half(t):\n    return t.shape[1] // 2",
        "TL106",
        "trace",
        True,
    ),
    (
        "helper-config-range",
        "for i in range(half_of(self.p)):\n    x = x * 2\nreturn x",
        TWO_SIZES,
        "def half_of(n: int) -> int:\n    return n // 2",
        "TL106",
        "trace",
        False,
    ),
    # A helper that asks whether it is traced never compares the size under trace (kornia's
    # fast paths: the same result either way).
    (
        "helper-tracing-guard",
        "if big(x):\n    x = torch.cat([x[:1], x[1:]])\nreturn x",
        TWO_SIZES,
        "def big(t):\n    return not torch.jit.is_tracing() and t.numel() >= 40",
        "TL106",
        "trace",
        False,
    ),
    # Hashed sizes (trace) and hashed tensor data (export).
    (
        "set-of-shape-slice",
        "if len(set(x.shape[:2])) == 1:\n    x = x * 2\nreturn x",
        SAME_SIZES,
        "",
        "TL112",
        "trace",
        True,
    ),
    # The tracer's sizes hash by identity: a small modulus would match eager's value by chance.
    ("hash-shape", "return x * (hash(x.shape) % 1000003)", SAME_SIZES, "", "TL112", "trace", True),
    (
        "dict-lookup-size",
        "table = {3: 2.0, 4: 1.0}\nreturn x * table[x.shape[0]]",
        SAME_SIZES,
        "",
        "TL112",
        "trace",
        True,
    ),
    (
        "item-in-set",
        "n = int(x.shape[0])\nk = x.sum().gt(0).long().item()\n"
        "return x * (2.0 if k in {0, n} else 1.0)",
        SAME_SIZES,
        "",
        "TL112",
        "export",
        True,
    ),
    ("set-of-ranks", "return x * len({x.dim(), 3})", SAME_SIZES, "", "TL112", "trace", False),
    # Python needs the value of data read from a tensor (export), or does not.
    (
        "range-of-tolist",
        "n = x.sum(1).gt(0).long().sum(1).tolist()\nfor i in range(n[0]):\n    x = x + 1\nreturn x",
        SAME_SIZES,
        "",
        "TL115",
        "export",
        True,
    ),
    (
        "list-repeat",
        "k = x.gt(0).sum().item()\nreturn x * len([1.0] * k)",
        SAME_SIZES,
        "",
        "TL115",
        "export",
        True,
    ),
    (
        "tensor-index-item",
        "k = x.gt(5).sum().item()\nreturn x[k] + x[: k + 1].sum(0)",
        SAME_SIZES,
        "",
        "TL115",
        "export",
        False,
    ),
    # type() and .data.
    (
        "type-is",
        "if type(x) is torch.Tensor:\n    x = x * 2\nreturn x",
        SAME_SIZES,
        "",
        "TL113",
        "export",
        True,
    ),
    # .item() compared by min / max: an unbacked float export cannot guard on; an int passes.
    (
        "item-float-min",
        "h = self.fc(x)\nreturn h * min(h.mean().item(), 5.0)",
        TWO_SIZES,
        "",
        "TL103",
        "export",
        True,
    ),
    (
        "item-int-conversion",
        "h = self.fc(x)\nn = int((h > 0).sum().item())\nreturn h * n",
        TWO_SIZES,
        "",
        "TL103",
        "export",
        True,
    ),
    (
        "item-int-min",
        "h = self.fc(x)\nreturn h * min((h > 0).sum().item(), 5)",
        TWO_SIZES,
        "",
        "TL103",
        "export",
        False,
    ),
    (
        "data-intermediate",
        "h = self.fc(x)\nreturn h.data * 2 + h",
        SAME_SIZES,
        "",
        "TL114",
        "export",
        True,
    ),
    # `next()` of an iterator kept on the module: Dynamo steps `itertools.count()` and
    # iterators over a range, not a list iterator, a generator or `itertools.cycle`.
    *[
        (f"module-iterator-{name}", NEXT_ITEM, SAME_SIZES, extra, "TL311", "compile", fails, init)
        for name, extra, init, fails in MODULE_ITERATORS
    ],
    # A predicate itertools calls on each item of a tensor; an int() key of a dict comprehension.
    ("takewhile-predicate", TAKEWHILE, TWO_SIZES, "import itertools", "TL101", "compile", True),
    ("dict-comprehension-key", DICT_KEYS, SAME_SIZES, "", "TL102", "export", True),
    # NumPy on sizes, read out as a number: Dynamo makes `np.prod` of sizes a tensor.
    ("numpy-prod-of-sizes", NP_PROD, TWO_SIZES, "import numpy as np", "TL102", "compile", True),
    ("numpy-sqrt-of-size", NP_SQRT, TWO_SIZES, "import numpy as np", "TL102", "compile", False),
]


PARAMS = [pytest.param(*form[1:7], "".join(form[7:]), id=form[0]) for form in FORMS]


@pytest.mark.parametrize(
    ("forward", "inputs", "extra", "code", "backend", "fails", "init"),
    PARAMS,
)
def test_finding_follows_the_form(forward, inputs, extra, code, backend, fails, init):
    found = _findings(_model(forward, inputs, extra, init), code)
    assert any(backend in d.targets for d in found) == fails, [(d.line, d.message) for d in found]


@requires_torch
@pytest.mark.torch
@pytest.mark.parametrize(
    ("forward", "inputs", "extra", "code", "backend", "fails", "init"),
    PARAMS,
)
def test_torch_labels_the_form(forward, inputs, extra, code, backend, fails, init):
    """The label each form carries above is torch's: it fails, diverges or warns where the
    form is marked as failing, and converts and agrees with eager where not."""
    from .oracle import check

    source = _model(forward, inputs, extra, init)
    lines = [d.line for d in _findings(source, code)] or [None]
    verdicts = [check(source, backend, warning_line=line) for line in lines]
    assert any(not v.ok for v in verdicts) == fails, verdicts


@requires_torch
@pytest.mark.torch
def test_number_only_methods_are_int_or_float_methods_tensors_lack():
    import torch

    from torchlint.rules.tl106_size_dependent_python import NUMBER_ONLY_METHODS

    for method in NUMBER_ONLY_METHODS:
        assert hasattr(int, method) or hasattr(float, method), method
        assert not hasattr(torch.Tensor, method), method


REGISTERED = """
    from dataclasses import dataclass

    import torch
    from torch import nn
    from torch.utils._pytree import register_dataclass

    @dataclass
    class Output:
        logits: torch.Tensor

    register_dataclass(Output)

    class Model(nn.Module):
        def forward(self, x):
            return Output(logits=x * 2)
"""


def test_a_registered_dataclass_is_flagged_for_trace_alone():
    # Export flattens a registered pytree; torch.jit.trace still cannot return it.
    assert [d.targets for d in _findings(REGISTERED, "TL111")] == [("trace",)]
    unregistered = _findings(REGISTERED.replace("register_dataclass(Output)\n", ""), "TL111")
    assert [d.targets for d in unregistered] == [("export", "trace")]


def test_output_class_from_another_file_and_submodule_outputs(tmp_path: Path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "outputs.py").write_text(
        "from dataclasses import dataclass\n\nimport torch\n\n\n@dataclass\nclass Output:\n"
        "    hidden: torch.Tensor\n"
    )
    (tmp_path / "pkg" / "model.py").write_text(
        textwrap.dedent(
            """
            import torch
            from torch import nn

            from pkg.outputs import Output

            class Block(nn.Module):
                def forward(self, x):
                    return Output(hidden=x * 2)

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.block = Block()

                def forward(self, x):
                    return Output(hidden=self.block(x).hidden + 1)
            """
        ).lstrip("\n")
    )
    results = lint_files([str(tmp_path / "pkg" / "model.py")], Settings(select=("TL111",)))
    lines = [d.line for r in results for d in r.diagnostics if d.code == "TL111"]
    assert lines == [16]  # Net's return; Block is held by Net, which takes its output apart


def test_parameter_data_names_export_only():
    text = _model("return x @ self.fc.weight.data.t() + x.data", SAME_SIZES)
    found = sorted((d.column, d.targets) for d in _findings(text, "TL114"))
    assert [targets for _, targets in found] == [("export",), ("export", "trace")]


def test_an_accumulator_nothing_reads_back_is_not_global_state():
    source = """
        import time
        from collections import defaultdict

        import torch
        from torch import nn

        PROFILE = defaultdict(float)
        CACHE = {}

        class Model(nn.Module):
            def forward(self, x):
                start = time.perf_counter()
                y = x * 2
                PROFILE["forward"] += time.perf_counter() - start
                previous = CACHE.get("last", y)
                CACHE["last"] = y
                return y + previous
    """
    lines = {d.line for d in _findings(source, "TL310")}
    # The cache that a later call reads back, not the accumulator (a tensor stored and read
    # back later in the same call is no state: torch 2.13 passes all three back-ends).
    assert lines == {16}, lines


@requires_torch
def test_rows_of_a_mask_made_with_a_bool_dtype_and_updated_in_place_are_masks():
    """A mask built as `ones_like(..., dtype=torch.bool)` and narrowed with `&=` stays
    boolean, and so do its rows: indexing with one gives a data-dependent size, whose
    `.tolist()` torch.export refuses (GuardOnDataDependentSymNode)."""
    from .oracle import check

    source = textwrap.dedent(
        """
        import torch
        from torch import nn

        def collapse(best, blank=0):
            keep = torch.ones_like(best, dtype=torch.bool)
            keep[:, 1:] = best[:, 1:] != best[:, :-1]
            keep &= best != blank
            return [row[m].tolist() for row, m in zip(best, keep)]

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 5)

            def forward(self, x):
                logits = self.fc(x)
                return logits, collapse(logits.argmax(-1))

        def inputs():
            torch.manual_seed(0)
            return [(torch.randn(2, 6, 4),), (torch.randn(3, 6, 4),)]
        """
    ).lstrip("\n")
    lines = {d.line for d in _findings(source, "TL107") if "export" in d.targets}
    assert lines == {8}, lines
    assert not check(source, "export").ok
