"""Session-22 repairs (issue #23; fixers/repair_session22.py), in spellings other than the
blind probes' (b63, b64, b65, heldout32): ``functools.cache`` imported by name under a comment,
``torch.utils.checkpoint`` as ``cp`` with an argument for the function, a state-dict entry of a
submodule's ``ModuleList`` and a buffer, a list comprehension summed over a ``ModuleList``, a
nested function with a default called twice, ``reduce`` of a lambda and of ``operator.add``,
``contextlib.nullcontext()`` in the true branch of a parenthesised ternary, ``n * [size]``
with a dtype, ``(~t.isfinite()).any()`` before ``t.nan_to_num(...)``. Torch checks that the
fixed text passes the back-ends the original failed, with eager outputs unchanged, and that no
back-end that passed now fails; ``fixed_text`` applies each fix twice (the second changes
nothing). Each fixer has a look-alike it leaves alone."""

from __future__ import annotations

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .fix_helpers import assert_rewritten, fixed_text

SCRIPT = Settings(targets=("script",), targets_explicit=True)
TRACE = Settings(targets=("trace",), targets_explicit=True)
GRAPH = Settings(targets=("compile", "export", "trace"), targets_explicit=True)


def _assert_repaired(source: str, fixed: str, backends: tuple[str, ...]) -> None:
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


def _codes(text: str, settings: Settings) -> set[str]:
    return {d.code for d in lint_text("example.py", text, settings).diagnostics}


# -- TL242: a cached method --------------------------------------------------------------------
CACHED = """\
from functools import cache

import torch
from torch import nn


class Relative(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 0.125
        self.proj = nn.Linear(4, 4)

    # one table per length
    @cache  # keyed on (self, n)
    def table(self, n: int) -> torch.Tensor:
        idx = torch.arange(n)
        return (idx[:, None] - idx[None, :]).float() * self.scale

    def forward(self, x):
        return self.proj(x).sum(-1, keepdim=True) + self.table(x.size(1))


Model = Relative


def inputs():
    return [(torch.randn(2, 5, 4),), (torch.randn(1, 3, 4),)]
"""


def test_cache_decorator_is_dropped_keeping_its_comments():
    assert_rewritten(
        CACHED,
        [("    @cache  # keyed on (self, n)\n", "    # keyed on (self, n)\n")],
        unsafe=True,
        settings=SCRIPT,
    )


def test_cached_function_outside_the_class_is_left_alone():
    source = CACHED.replace("self.table(x.size(1))", "table(x.size(1))").replace(
        "    # one table per length\n    @cache  # keyed on (self, n)\n    def table(self, n: int)",
        "    def unused(self, n: int)",
    ) + ("\n\n@cache\ndef table(n: int) -> torch.Tensor:\n    return torch.ones(n, n)\n")
    assert "TL242" not in _codes(source, SCRIPT)
    assert "@cache\ndef table" in fixed_text(source, SCRIPT)


def test_cached_method_whose_cache_is_cleared_is_left_alone():
    source = CACHED.replace(
        "        return self.proj(x)",
        "        self.table.cache_clear()\n        return self.proj(x)",
    )
    assert "TL242" in _codes(source, SCRIPT)
    assert "@cache  # keyed" in fixed_text(source, SCRIPT)


@requires_torch
def test_uncached_method_scripts_with_eager_unchanged():
    _assert_repaired(CACHED, fixed_text(CACHED, SCRIPT), ("script",))


# -- TL209: checkpoint -------------------------------------------------------------------------
CHECKPOINT = """\
import torch
import torch.utils.checkpoint as cp
from torch import nn


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def block(self, h, scale: float = 1.0):
        return torch.tanh(self.fc(h)) * scale

    def forward(self, x):
        y = cp.checkpoint(self.block, x, scale=0.5, use_reentrant=False, preserve_rng_state=False)
        return y + x


Model = Stack


def inputs():
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
"""


def test_checkpoint_runs_the_function_itself_under_script():
    assert_rewritten(
        CHECKPOINT,
        [
            (
                "y = cp.checkpoint(",
                "y = self.block(x, scale=0.5) if torch.jit.is_scripting() else cp.checkpoint(",
            )
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_reentrant_checkpoint_with_keywords_for_the_function_is_left_alone():
    source = CHECKPOINT.replace("use_reentrant=False", "use_reentrant=True")
    assert "TL209" in _codes(source, SCRIPT)
    assert fixed_text(source, SCRIPT) == source


@requires_torch
def test_checkpoint_outside_script_scripts_with_eager_unchanged():
    _assert_repaired(CHECKPOINT, fixed_text(CHECKPOINT, SCRIPT), ("script",))


# -- TL209: state_dict()[key] ------------------------------------------------------------------
STATE = """\
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])
        self.norm = nn.BatchNorm1d(4)


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()

    def forward(self, x):
        bias = self.encoder.state_dict()["layers.1.bias"]
        mean = self.encoder.state_dict(keep_vars=True)["norm.running_mean"]
        return x + bias - mean


Model = Tied


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_state_dict_entry_becomes_its_attribute_path():
    assert_rewritten(
        STATE,
        [
            ('self.encoder.state_dict()["layers.1.bias"]', "self.encoder.layers[1].bias.detach()"),
            (
                'self.encoder.state_dict(keep_vars=True)["norm.running_mean"]',
                "self.encoder.norm.running_mean",
            ),
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_state_dict_entry_of_a_computed_key_is_left_alone():
    source = STATE.replace('["layers.1.bias"]', '["layers." + "1.bias"]')
    assert 'state_dict()["layers." + "1.bias"]' in fixed_text(source, SCRIPT)


@requires_torch
def test_state_dict_entry_scripts_with_eager_unchanged():
    _assert_repaired(STATE, fixed_text(STATE, SCRIPT), ("script",))


# -- TL209: sum over a module container --------------------------------------------------------
SUMMED = """\
import torch
from torch import nn


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(5, 2) for _ in range(3)])

    def forward(self, h):
        # average of the heads
        out = torch.tanh(sum([head(h) * 0.5 for head in self.heads]))
        return out


Model = Heads


def inputs():
    return [(torch.randn(4, 5),), (torch.randn(2, 5),)]
"""


def test_sum_over_modules_becomes_a_loop():
    assert_rewritten(
        SUMMED,
        [
            (
                "        out = torch.tanh(sum([head(h) * 0.5 for head in self.heads]))\n",
                "        total = 0\n"
                "        for head in self.heads:\n"
                "            total = total + head(h) * 0.5\n"
                "        out = torch.tanh(total)\n",
            )
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_sum_over_modules_whose_loop_name_is_a_variable_is_left_alone():
    source = SUMMED.replace("        return out", "        head = out\n        return head")
    assert "sum([head(h)" in fixed_text(source, SCRIPT)


OVER_TENSORS = """\
import torch
from torch import nn


class Parts(nn.Module):
    def forward(self, x):
        total = 0
        for _ in range(2):
            total = total + (x * x).mean()
        return x * total


Model = Parts


def inputs():
    return [(torch.randn(3, 2),), (torch.randn(2, 2),)]
"""


def test_number_rebound_in_a_module_loop_is_no_script_finding_but_over_tensors_it_is():
    assert "TL223" not in _codes(fixed_text(SUMMED, SCRIPT), SCRIPT)
    assert "TL223" in _codes(OVER_TENSORS, SCRIPT)


@requires_torch
def test_sum_loop_over_modules_scripts_with_eager_unchanged():
    from .oracle import check

    _assert_repaired(SUMMED, fixed_text(SUMMED, SCRIPT), ("script",))
    assert not check(OVER_TENSORS, "script").ok  # TL223's finding there is torch's word


# -- TL204: a nested def reading self ----------------------------------------------------------
NESTED = """\
import torch
from torch import nn


class Gated(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.full((3,), 0.3))
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        # gate helper
        def gate(a, b, k: float = 2.0):
            return a * torch.sigmoid(self.w * b) * k

        y = gate(x, self.fc(x))
        return gate(y, x, 1.0)

    def extra_repr(self):
        return "gated"


Model = Gated


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""

NESTED_FIXED = """\
    def forward(self, x):
        y = self._gate(x, self.fc(x))
        return self._gate(y, x, 1.0)

    # gate helper
    def _gate(self, a, b, k: float = 2.0):
        return a * torch.sigmoid(self.w * b) * k

    def extra_repr(self):
"""


def test_nested_def_reading_self_becomes_a_method():
    fixed = fixed_text(NESTED, SCRIPT)
    assert NESTED_FIXED in fixed
    assert fixed_text(NESTED, SCRIPT, unsafe=False) == NESTED


def test_nested_def_method_name_avoids_a_name_of_the_class():
    source = NESTED.replace('return "gated"', "return self._gate_name()").replace(
        "    def extra_repr(self):",
        '    def _gate_name(self):\n        return "g"\n\n    def _gate(self):\n'
        "        return 0\n\n    def extra_repr(self):",
    )
    fixed = fixed_text(source, SCRIPT)
    assert "def _gate_1(self, a, b, k: float = 2.0):" in fixed
    assert "y = self._gate_1(x, self.fc(x))" in fixed


def test_nested_def_closing_over_a_local_is_left_alone():
    source = NESTED.replace("        # gate helper\n", "        k0 = 2.0\n").replace(
        "* k\n", "* k * k0\n"
    )
    assert "def gate(a, b" in fixed_text(source, SCRIPT)


@requires_torch
def test_method_for_closure_scripts_with_eager_unchanged():
    _assert_repaired(NESTED, fixed_text(NESTED, SCRIPT), ("script",))


# -- TL209: functools.reduce -------------------------------------------------------------------
REDUCED = """\
import operator
from functools import reduce

import torch
from torch import nn


class Flat(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(12, 2)

    def forward(self, x):
        n = reduce(lambda a, b: a * b, x.shape[1:], 1)
        return self.fc(x.reshape(-1, n)) + reduce(operator.add, [x.size(1), x.size(2)], 0)


Model = Flat


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 4, 3),)]
"""


def test_reduce_becomes_a_loop():
    assert_rewritten(
        REDUCED,
        [
            (
                "        n = reduce(lambda a, b: a * b, x.shape[1:], 1)\n"
                "        return self.fc(x.reshape(-1, n)) + reduce("
                "operator.add, [x.size(1), x.size(2)], 0)\n",
                "        a = 1\n"
                "        for b in x.shape[1:]:\n"
                "            a = a * b\n"
                "        n = a\n"
                "        acc = 0\n"
                "        for item in [x.size(1), x.size(2)]:\n"
                "            acc = acc + item\n"
                "        return self.fc(x.reshape(-1, n)) + acc\n",
            )
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_reduce_without_a_start_is_left_alone():
    source = REDUCED.replace(", x.shape[1:], 1)", ", x.shape[1:])")
    assert "reduce(lambda a, b: a * b, x.shape[1:])" in fixed_text(source, SCRIPT)


@requires_torch
def test_reduce_loop_scripts_with_eager_unchanged():
    _assert_repaired(REDUCED, fixed_text(REDUCED, SCRIPT), ("script",))


# -- TL206: contextlib.nullcontext() in a ternary ----------------------------------------------
NULLCTX = """\
import contextlib

import torch
from torch import nn


class Adapter(nn.Module):
    def __init__(self, tune: bool = False):
        super().__init__()
        self.tune = tune
        self.body = nn.Linear(4, 4)
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        with (contextlib.nullcontext() if self.tune else torch.no_grad()):
            h = self.body(x)  # frozen unless tuned
        return self.out(h)


Model = Adapter


def inputs():
    return [(torch.randn(3, 4),), (torch.randn(1, 4),)]
"""


def test_nullcontext_ternary_becomes_two_branches_as_a_safe_fix():
    assert_rewritten(
        NULLCTX,
        [
            (
                "        with (contextlib.nullcontext() if self.tune else torch.no_grad()):\n"
                "            h = self.body(x)  # frozen unless tuned\n",
                "        if self.tune:\n"
                "            h = self.body(x)  # frozen unless tuned\n"
                "        else:\n"
                "            with torch.no_grad():\n"
                "                h = self.body(x)  # frozen unless tuned\n",
            )
        ],
        unsafe=False,
        settings=SCRIPT,
    )


def test_nullcontext_bound_to_a_name_becomes_two_branches():
    source = NULLCTX.replace(
        "        with (contextlib.nullcontext() if self.tune else torch.no_grad()):\n",
        "        # frozen body\n"
        "        grad_ctx = torch.no_grad() if not self.tune else contextlib.nullcontext()\n"
        "        with grad_ctx:\n",
    )
    fixed = fixed_text(source, SCRIPT, unsafe=False)
    assert (
        "        # frozen body\n"
        "        if not self.tune:\n"
        "            with torch.no_grad():\n"
        "                h = self.body(x)  # frozen unless tuned\n"
        "        else:\n"
        "            h = self.body(x)  # frozen unless tuned\n"
    ) in fixed
    assert "grad_ctx" not in fixed


def test_context_bound_and_used_twice_is_left_alone():
    source = NULLCTX.replace(
        "        with (contextlib.nullcontext() if self.tune else torch.no_grad()):\n"
        "            h = self.body(x)  # frozen unless tuned\n",
        "        ctx = contextlib.nullcontext() if self.tune else torch.no_grad()\n"
        "        with ctx:\n"
        "            h = self.body(x)\n"
        "        with ctx:\n"
        "            h = self.body(h)\n",
    )
    assert fixed_text(source, SCRIPT) == source


@requires_torch
def test_nullcontext_branches_script_with_eager_unchanged():
    _assert_repaired(NULLCTX, fixed_text(NULLCTX, SCRIPT), ("script",))


# -- TL108: torch.tensor([size] * n) -----------------------------------------------------------
REPEATED = """\
import torch
from torch import nn


class Lengths(nn.Module):
    def forward(self, x):
        n = x.size(0)
        lengths = torch.tensor(n * [x.size(-1)], dtype=torch.float32)
        return x.sum(-1) / lengths[:, None]


Model = Lengths


def inputs():
    return [(torch.randn(2, 3, 5),), (torch.randn(4, 3, 7),)]
"""


def test_repeated_size_list_becomes_full():
    assert_rewritten(
        REPEATED,
        [
            (
                "torch.tensor(n * [x.size(-1)], dtype=torch.float32)",
                "torch.full((n,), x.size(-1), dtype=torch.float32)",
            )
        ],
        unsafe=True,
        settings=TRACE,
    )


def test_repeated_list_of_two_sizes_is_left_alone():
    source = REPEATED.replace("n * [x.size(-1)]", "n * [x.size(-1), x.size(1)]").replace(
        "lengths[:, None]", "lengths[: x.size(0), None]"
    )
    assert "torch.full" not in fixed_text(source, TRACE)


@requires_torch
def test_full_traces_with_eager_unchanged():
    _assert_repaired(REPEATED, fixed_text(REPEATED, TRACE), ("trace",))


# -- TL101: nan_to_num under a non-finite test -------------------------------------------------
NONFINITE = """\
import torch
from torch import nn


class SafeLog(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        y = torch.log(x) + self.fc(x)
        if (~y.isfinite()).any():  # silent frames
            y = y.nan_to_num(0.0, 100.0, -100.0)
        return y


Model = SafeLog


def inputs():
    silent = torch.rand(3, 4) + 0.1
    silent[1, 2] = 0.0
    return [(torch.rand(2, 4) + 0.1,), (silent,)]
"""


def test_nan_to_num_under_a_nonfinite_test_is_made_unconditional():
    assert_rewritten(
        NONFINITE,
        [
            (
                "        if (~y.isfinite()).any():  # silent frames\n"
                "            y = y.nan_to_num(0.0, 100.0, -100.0)\n",
                "        # silent frames\n        y = y.nan_to_num(0.0, 100.0, -100.0)\n",
            )
        ],
        unsafe=True,
        settings=GRAPH,
    )


def test_nan_to_num_under_a_nan_test_is_left_alone():
    # nan_to_num also replaces infinities, which an isnan test let through
    source = NONFINITE.replace("(~y.isfinite()).any()", "torch.isnan(y).any()")
    assert "torch.isnan(y).any()" in fixed_text(source, GRAPH)  # (TL101's torch.where fix)


@requires_torch
def test_unconditional_nan_to_num_compiles_exports_traces_with_eager_unchanged():
    _assert_repaired(NONFINITE, fixed_text(NONFINITE, GRAPH), ("compile", "export", "trace"))


# -- TL209: super().method(...) of a parent in the file ----------------------------------------
SUPER = """\
import torch
from torch import nn


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def project(self, h, shift: float = 0.0):
        return self.fc(h) + shift


class Middle(Base):
    pass


class Top(Middle):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(4, 2)

    def forward(self, x):
        return self.out(torch.relu(super().project(x, shift=0.5)))


Model = Top


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
"""


def test_super_call_becomes_a_call_of_a_copy_of_the_parents_method():
    fixed = fixed_text(SUPER, SCRIPT)
    assert "return self.out(torch.relu(self._base_project(x, shift=0.5)))" in fixed
    assert (
        "    # Base.project, for TorchScript\n"
        "    def _base_project(self, h, shift: float = 0.0):\n"
        "        return self.fc(h) + shift\n"
    ) in fixed
    assert fixed_text(SUPER, SCRIPT, unsafe=False) == SUPER


def test_super_call_resolved_outside_the_file_or_to_a_private_name_is_left_alone():
    mixin = SUPER.replace("class Middle(Base):\n    pass", "class Middle:\n    pass")
    assert "super().project(" in fixed_text(mixin, SCRIPT)
    private = SUPER.replace("self.fc = nn.Linear(4, 4)", "self.__fc = nn.Linear(4, 4)")
    private = private.replace("return self.fc(h) + shift", "return self.__fc(h) + shift")
    assert "super().project(" in fixed_text(private, SCRIPT)
    # a default read in the parent's class body: no name there in the child's
    scoped = SUPER.replace(
        "class Base(nn.Module):\n", "class Base(nn.Module):\n    SHIFT = 0.0\n\n"
    ).replace("shift: float = 0.0", "shift: float = SHIFT")
    assert "TL209" in _codes(scoped, SCRIPT)
    assert "super().project(" in fixed_text(scoped, SCRIPT)


@requires_torch
def test_parent_method_copy_scripts_with_eager_unchanged():
    _assert_repaired(SUPER, fixed_text(SUPER, SCRIPT), ("script",))


# -- TL102: a slice one wide between tensor bounds ---------------------------------------------
PICKED = """\
import torch
from torch import nn


class Pick(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x):
        h = self.fc(x)
        best = h.mean(0).argmax()
        column = h[:, best : best + 1]  # the strongest feature
        return h * column


Model = Pick


def inputs():
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
"""


def test_width_one_slice_between_tensor_bounds_becomes_index_select():
    assert_rewritten(
        PICKED,
        [("h[:, best : best + 1]", "h.index_select(1, best.reshape(1))")],
        unsafe=True,
        settings=GRAPH,
    )


def test_wider_slice_between_tensor_bounds_is_left_alone():
    source = PICKED.replace("h[:, best : best + 1]", "h[:, best : best + 2]")
    assert "index_select" not in fixed_text(source, GRAPH)


@requires_torch
def test_index_select_compiles_and_exports_with_eager_unchanged():
    _assert_repaired(PICKED, fixed_text(PICKED, GRAPH), ("compile", "export"))


# -- TL209: round(...) / str.format(...) of settings -------------------------------------------
SETTINGS = """\
from typing import Dict

import torch
from torch import nn


class Scaled(nn.Module):
    def __init__(self, scale: float = 0.755, prefix: str = "w", width=7):
        super().__init__()
        self.scale = scale
        self.prefix = prefix
        self.width = width
        self.bias: Dict[str, float] = {"w-007": 0.5, "w-008": -1.0}
        self.fc = nn.Linear(3, 3)

    def factor(self) -> float:
        return round(-self.scale / 3, 2)

    def forward(self, x):
        key = "{}-{:03d}".format(self.prefix, self.width)
        return self.fc(x) * self.factor() + self.bias[key]


Model = Scaled


def inputs():
    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
"""


def test_round_and_format_of_settings_are_computed_in_init():
    assert_rewritten(
        SETTINGS,
        [
            (
                "        self.width = width\n",
                "        self.width = width\n"
                '        self.prefix_format = "{}-{:03d}".format(self.prefix, self.width)\n',
            ),
            (
                "        self.scale = scale\n",
                "        self.scale = scale\n        self.scale_round = round(-self.scale / 3, 2)\n",
            ),
            ("        return round(-self.scale / 3, 2)", "        return self.scale_round"),
            ('key = "{}-{:03d}".format(self.prefix, self.width)', "key = self.prefix_format"),
        ],
        unsafe=True,
        settings=SCRIPT,
    )


def test_round_of_a_parameter_or_of_a_changed_setting_is_left_alone():
    tensor = SETTINGS.replace(
        "self.scale = scale", "self.scale = nn.Parameter(torch.tensor(scale))"
    )
    assert "return round(-self.scale / 3, 2)" in fixed_text(tensor, SCRIPT)
    changed = SETTINGS.replace(
        "    def factor(self) -> float:",
        "    def set_scale(self, s: float):\n        self.scale = s\n\n    def factor(self) -> float:",
    )
    assert "TL209" in _codes(changed, SCRIPT)
    assert "return round(-self.scale / 3, 2)" in fixed_text(changed, SCRIPT)


@requires_torch
def test_settings_at_init_script_with_eager_unchanged():
    _assert_repaired(SETTINGS, fixed_text(SETTINGS, SCRIPT), ("script",))
